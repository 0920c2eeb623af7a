//! vLLM's Model Runner V2 at the releases that made it the default for a dense, unquantized
//! Llama, Mistral or Qwen3: its start-up profile samples without top-k / top-p, so the sort the
//! V1 runner's profile holds (`parts::VLLM_SAMPLER_BYTES_PER_LOGIT`) goes to the KV pool, and a
//! served batch that samples with top-k / top-p needs it again outside the share (mem_fm,
//! held-out 49's djl-serving rows: the same Llama-3-8B server gets 0.78 GiB more KV cache under
//! 0.23.0 than under 0.22.0 and runs out of memory at 256 requests, not at 128).
//!
//! Read in the vLLM wheels (PyPI, `vllm/config/vllm.py` and `vllm/v1/worker/gpu/`):
//! - **Which runner.** `VllmConfig.use_v2_model_runner`: `VLLM_USE_V2_MODEL_RUNNER` when set,
//!   else V2 for a generate-type model whose `architectures` meet
//!   `DEFAULT_V2_MODEL_RUNNER_ARCHITECTURES` and which `not model_config.is_moe and not
//!   model_config.is_quantized` (no `quantization_config` in its config), unless a feature it
//!   lacks is on (ngram speculation, prefill context parallelism, dual batch overlap...). The set:
//!   0.22.0 `{"Qwen3ForCausalLM"}`; 0.23.0 adds `LlamaForCausalLM` and `MistralForCausalLM`;
//!   0.24.0 keeps the three (and adds three MoE classes, not sized here); 0.25.0 and 0.26.0 list
//!   none of the three.
//! - **The profile's sampler.** V2's `_dummy_sampler_run` (0.23.0 `model_runner.py`) samples
//!   `InputBatch.make_dummy` with no request's parameters: `SamplingStates` keeps `top_k =
//!   vocab` and no `top_p`, `get_top_k_top_p` gives none, and `Sampler.sample` runs only
//!   `apply_sampling_params` (`torch.empty_like(logits, dtype=torch.float32).copy_(logits)`)
//!   and `gumbel_sample` (per-1024-column maxima): the 16-bit logits and their fp32 copy. Its own
//!   note: "the sampler may skip top_k, top_p, and logprobs, using less GPU memory than what is
//!   possible during actual execution". 0.34.0 adds a second "warmup-param pass" to pay for it.
//! - **The catalog's families** whose checkpoints are those classes: Llama 1-3.3, CodeLlama, TinyLlama, SmolLM2, Yi-1.5 and DeepSeek-LLM are
//!   `LlamaForCausalLM`; the `mistral` family's Mistral-7B, Nemo, Small-2409 and Ministral are
//!   `MistralForCausalLM`; the `qwen3` family's dense models `Qwen3ForCausalLM`. A family mixing
//!   classes (the R1 distills) or another class (Mistral-3's vision models) keeps V1. (The classes
//!   as the models' Hugging Face configs name them, not re-read this pass.)

use super::parts::{CUDA_CONTEXT_GIB, vllm_graphs_gib};
use super::request::{FitOptions, ModelRef};
use super::{Engine, FitReport, FitRequest, GIB, Quant, VllmRelease, round2};
use crate::catalog::{Gpu, Model};
use crate::reply::Msg;

/// Bytes per logit the V2 profile's sampler holds: the model's 16-bit logits and the fp32 copy
/// `apply_sampling_params` makes (Gumbel's per-block maxima are a 1/1024 of it).
pub const PROFILE_BYTES_PER_LOGIT: f64 = 2.0 + 4.0;

/// The first release with V2 the default for `Qwen3ForCausalLM`.
const QWEN3_FROM: VllmRelease = VllmRelease::new(0, 22, 0);
/// The first release with V2 the default for `LlamaForCausalLM` and `MistralForCausalLM`.
const LLAMA_MISTRAL_FROM: VllmRelease = VllmRelease::new(0, 23, 0);
/// The first release whose default set lists none of the three.
const DROPPED_FROM: VllmRelease = VllmRelease::new(0, 25, 0);

/// Catalog families of `LlamaForCausalLM` checkpoints (their `source` configs).
const LLAMA_FAMILIES: &[&str] = &[
    "llama1",
    "llama2",
    "llama3",
    "llama3.1",
    "llama3.2",
    "llama3.3",
    "codellama",
    "tinyllama",
    "smollm2",
    "yi1.5",
    "deepseek-llm",
];

/// The release from which V2 is the default for this catalog model's class, if any.
fn from_release(m: &Model) -> Option<VllmRelease> {
    if m.is_moe() || m.vision.is_some() {
        return None;
    }
    let f = m.family.as_str();
    if f == "qwen3" {
        Some(QWEN3_FROM)
    } else if f == "mistral" || LLAMA_FAMILIES.contains(&f) {
        Some(LLAMA_MISTRAL_FROM)
    } else {
        None
    }
}

/// Whether the request runs vLLM itself (no other server, not V0) at a release whose default is
/// Model Runner V2 for this model in 16 bits (an online-quantized load keeps the V1 reading: its
/// config has no `quantization_config`, but that path was not read).
pub(super) fn applies(req: &FitRequest, server: bool) -> bool {
    let ModelRef::Known(m) = req.model else {
        return false;
    };
    req.engine == Engine::Vllm
        && !server
        && !req.vllm_v0
        && !req.online_quant
        && matches!(req.quant, Quant::Bf16 | Quant::Fp16)
        && match (from_release(m), req.vllm_release) {
            (Some(from), Some(r)) => r >= from && r < DROPPED_FROM,
            _ => false,
        }
}

/// The V2 profile's sampler over `rows` requests of `vocab` logits, bytes (every rank samples
/// the whole vocabulary).
pub(super) fn profile_sampler_bytes(rows: f64, vocab: f64) -> f64 {
    rows * vocab * PROFILE_BYTES_PER_LOGIT
}

/// On a named card: the answer's line where V2's profile applies, and the verdict "no" where a
/// full batch under load overflows the rest of the card (`load_short`, its shortfall the margin).
pub(super) fn judge(
    req: &FitRequest,
    opts: &FitOptions,
    g: &Gpu,
    served: f64,
    (report, warnings): (&mut FitReport, &mut Vec<Msg>),
) {
    warnings.extend(warning(req, served));
    if matches!(report.verdict.as_deref(), Some("fits" | "tight" | "starts"))
        && let Some((m, short)) = load_short(req, opts, g, served)
    {
        report.fits = Some(false);
        report.margin_gib = Some(round2(-short));
        report.verdict = Some("no".into());
        warnings.push(m);
    }
}

/// The answer's line: the release, what the pool gains over the V1 runner's profile and what a
/// served batch with top-k / top-p needs beyond the share (the same bytes), per card.
fn warning(req: &FitRequest, extra_bytes: f64) -> Option<Msg> {
    let release = req.vllm_release?;
    (extra_bytes > 0.0).then(|| {
        Msg::new("fit-warn-vllm-mrv2-sampler")
            .arg("release", release.label())
            .arg("gib", round2(extra_bytes / GIB))
    })
}

/// Under load on `g`: vLLM has filled its share with KV cache, so the CUDA context, its CUDA
/// graphs (both outside the share in the releases V2 ships with, `vram::vllm_room`) and the
/// served batch's sampler beyond the profile's (`served`, bytes) must fit in the rest of the card.
/// The answer's line where they do not (the server starts and a full batch runs out of memory),
/// with the GiB the rest of the card is short by.
fn load_short(req: &FitRequest, opts: &FitOptions, g: &Gpu, served: f64) -> Option<(Msg, f64)> {
    if served <= 0.0 {
        return None;
    }
    let usable = g.usable_gib();
    let room = (1.0 - opts.vllm_share()) * usable;
    let needs = CUDA_CONTEXT_GIB + vllm_graphs_gib(req) + served / GIB;
    (room < needs).then(|| {
        // The largest share (in hundredths, rounded down) that leaves them outside.
        let share = ((1.0 - needs / usable) * 100.0).floor() / 100.0;
        let m = Msg::new("fit-warn-vllm-mrv2-load")
            .arg("util", opts.vllm_share())
            .arg("room", round2(room))
            .arg("needs", round2(needs))
            .arg("gib", round2(served / GIB))
            .arg("share", share);
        (m, needs - room)
    })
}
