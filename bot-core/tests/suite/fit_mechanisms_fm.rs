//! mem_fm (session 45, issue 24 §3, the serving start-ups): cases of our own, on models and cards
//! of no held-out row.
//!
//! vLLM's Model Runner V2 (`VLLM_USE_V2_MODEL_RUNNER` unset) is the default for an unquantized
//! model whose architecture is in `DEFAULT_V2_MODEL_RUNNER_ARCHITECTURES` (`vllm/config/vllm.py`:
//! 0.22.0 `Qwen3ForCausalLM`; 0.23.0 and 0.24.0 also `LlamaForCausalLM`, `MistralForCausalLM`;
//! 0.25.0 none of the three). Its start-up profile (`vllm/v1/worker/gpu/model_runner.py`,
//! `_dummy_sampler_run`) samples with no top-k / top-p ("the sampler may skip top_k, top_p, and
//! logprobs, using less GPU memory than what is possible during actual execution"): only the fp32
//! copy of the logits and Gumbel sampling, so the KV pool takes what the sort held in the V1
//! runner's profile, and a served batch with top-k / top-p needs it again outside the share.

use bot_core::Catalog;
use bot_core::vram::{
    Engine, FitOptions, FitReport, FitRequest, ModelRef, Quant, Task, VllmRelease,
};

use super::fit_mechanisms_ff::{ask, runs};

const GIB: f64 = 1024.0 * 1024.0 * 1024.0;

fn served(id: &str, quant: Quant, gpu: &str, ctx: u32, release: &str) -> FitReport {
    let c = Catalog::embedded().unwrap();
    let mut r = FitRequest::new(ModelRef::Known(c.model(id).unwrap()), quant, Task::Infer);
    r.engine = Engine::Vllm;
    r.vllm_release = VllmRelease::parse(release);
    r.context = ctx;
    r.gpu = Some(c.gpu(gpu).unwrap());
    bot_core::vram::estimate_with(&c, &r, &FitOptions::default()).unwrap()
}

fn pool(r: &FitReport) -> f64 {
    r.vllm_kv_pool.as_ref().map_or(0.0, |p| p.gib)
}

/// Qwen3-8B in bf16 on an RTX 4090 (256 requests in the profile, 151,936 logits each): under
/// 0.22's Model Runner V2 the pool grows by the sort's 39 bytes a logit less the 6 the profile
/// still holds (the 2048-token forward pass, 0.20 GiB, is below both), and the job's need is
/// what it was: the full sampler of a served batch runs outside the share.
#[test]
fn model_runner_v2_leaves_the_sort_out_of_the_profile_and_the_pool_takes_it() {
    let v1 = served("qwen3-8b", Quant::Bf16, "rtx-4090", 8192, "0.21.0");
    let v2 = served("qwen3-8b", Quant::Bf16, "rtx-4090", 8192, "0.22.0");
    let logits = 256.0 * 151_936.0;
    let want = (39.0 * logits - 6.0 * logits) / GIB;
    // Before mem_fm: the two pools were the same (about 4.5 GiB each).
    let grown = pool(&v2) - pool(&v1);
    assert!(
        (grown - want).abs() < 0.03,
        "grown {grown:.3}, want {want:.3}"
    );
    assert!(
        (v2.per_gpu_required_gib - v1.per_gpu_required_gib).abs() < 0.02,
        "{} vs {}",
        v2.per_gpu_required_gib,
        v1.per_gpu_required_gib
    );
}

/// The architectures by release: Llama and Mistral from 0.23 only, none of the three from 0.25;
/// a quantized checkpoint and an MoE keep the V1 runner's profile (Mistral-7B's 32,768 logits a row:
/// 0.26 GiB).
#[test]
fn the_default_runner_follows_the_release_and_the_architecture() {
    let grows = |id: &str, quant: Quant, release: &str| {
        let before = served(id, quant, "rtx-4090", 4096, "0.21.0");
        let at = served(id, quant, "rtx-4090", 4096, release);
        pool(&at) - pool(&before) > 0.05
    };
    assert!(!grows("llama-3.2-3b", Quant::Bf16, "0.22.0"));
    assert!(grows("llama-3.2-3b", Quant::Bf16, "0.23.0"));
    assert!(grows("mistral-7b", Quant::Bf16, "0.24.0"));
    assert!(!grows("mistral-7b", Quant::Bf16, "0.25.0"));
    assert!(!grows("qwen3-8b", Quant::Bf16, "0.25.0"));
    assert!(!grows("llama-3.2-3b", Quant::Awq, "0.23.0"));
    assert!(!grows("qwen3-30b-a3b", Quant::Bf16, "0.23.0"));
}

/// Llama-3.1-8B at 45k tokens on an RTX 4090: with the sort in the profile the share cannot
/// hold one request (vLLM refuses the length); 0.23's smaller profile leaves the pool a request
/// of that length, and the answer says what a full batch needs beyond the share.
#[test]
fn the_smaller_profile_lets_a_longer_request_start_and_the_answer_says_why() {
    let base = "/fit llama-3.1-8b bf16 ctx=45k 4090 engine=vllm";
    let v1 = ask("en-US", &format!("{base} vllm=0.22.0"));
    let v2 = ask("en-US", &format!("{base} vllm=0.23.0"));
    // Before mem_fm: 0.23.0 answered as 0.22.0, that vLLM does not start at this length.
    assert!(!runs(&v1), "{v1}");
    assert!(runs(&v2), "{v2}");
    assert!(
        v2.contains("Model Runner V2") && v2.contains("top-k"),
        "{v2}"
    );
    assert!(!v1.contains("Model Runner V2"), "{v1}");
    let zh = ask("zh-CN", &format!("{base} vllm=0.23.0"));
    assert!(
        zh.contains("Model Runner V2") && zh.contains("top-k"),
        "{zh}"
    );
    assert!(!zh.contains("full batch"), "{zh}");
}

/// Under load the share is full of KV cache, so the rest of the card holds the CUDA context, the
/// graphs and the batch's sampler beyond V2's profile: Qwen3-8B at gmu 0.93 on an RTX 4090 leaves
/// 1.65 GiB, which 256 requests' sort (1.19 GiB) overflows under 0.22 and 64 requests' do not.
#[test]
fn a_full_batch_beyond_the_share_runs_out_under_load() {
    let base = "/fit qwen3-8b bf16 ctx=8k 4090 engine=vllm gmu=0.93";
    let v1 = ask("en-US", &format!("{base} vllm=0.21.0"));
    let v2 = ask("en-US", &format!("{base} vllm=0.22.0"));
    let fewer = ask("en-US", &format!("{base} vllm=0.22.0 seqs=64"));
    // Before mem_fm: 0.22.0 answered as 0.21.0 (it fits).
    assert!(runs(&v1), "{v1}");
    assert!(!runs(&v2), "{v2}");
    assert!(v2.contains("under load"), "{v2}");
    assert!(runs(&fewer), "{fewer}");
    let zh = ask("zh-CN", &format!("{base} vllm=0.22.0"));
    assert!(zh.contains("负载下"), "{zh}");
}
