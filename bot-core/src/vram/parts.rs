//! What the engines' estimates share, below all of them: the sourced constants, the weights
//! by where they sit, KV per token and its split over cards, and `Parts`, the memory of one
//! configuration. `estimate` dispatches to `infer` and `train`; both read only this module,
//! so nothing here calls back up.

use super::lora_targets::LoraTargets;
use super::{Engine, KvDtype, ModelLayout, Parallelism, Quant, Shape};
use crate::catalog::Gpu;

/// CUDA context + cuBLAS/cuDNN workspaces per card, GiB. gpu_poor (RahulSChand/gpu_poor
/// README): "Cuda etc. overhead = Around 500-1GB ... I assume 650 MB overhead". An assumption
/// from that source, not our measurement.
pub const CUDA_CONTEXT_GIB: f64 = 0.65;

/// NCCL's own buffers on each card of a training run over several cards (one process per
/// card: DDP, DeepSpeed ZeRO, FSDP), GiB: NCCL allocates them itself, outside PyTorch's
/// caching allocator, so nvidia-smi shows them and `max_memory_reserved` does not.
/// NVIDIA/nccl#964 (4 x A100 with NVLink, PyTorch, one 4 MB all-reduce per group): 544 MiB
/// for a group of two, 688 MiB for a larger one. A measured setup, not every topology's.
pub fn nccl_buffers_gib(training: bool, cards: u32) -> f64 {
    match cards {
        _ if !training => 0.0,
        0 | 1 => 0.0,
        2 => 544.0 / 1024.0,
        _ => 688.0 / 1024.0,
    }
}

/// What a card holds outside PyTorch's allocator for this job, GiB: the CUDA context and,
/// training on several cards, NCCL's buffers (what separates nvidia-smi from
/// `max_memory_reserved`).
pub fn outside_allocator_gib(training: bool, cards: u32) -> f64 {
    CUDA_CONTEXT_GIB + nccl_buffers_gib(training, cards)
}

/// vLLM's default `gpu_memory_utilization` (vLLM engine args docs): the share of VRAM it
/// preallocates; the rest is left unused.
pub const VLLM_GPU_MEMORY_UTILIZATION: f64 = 0.90;

/// A `--gpu-memory-utilization` value vLLM accepts: a share in (0, 1] (`0.95`), or a
/// percentage (`95%`, or a bare `95` from 10 up to 100), as users write it. `None` for anything
/// else (`0`, `1.5`, `120`, words).
pub fn vllm_utilization(word: &str) -> Option<f64> {
    let w = word.trim();
    let (num, pct) = match w.strip_suffix('%') {
        Some(n) => (n.trim(), true),
        None => (w, false),
    };
    let x: f64 = num.parse().ok()?;
    let share = if pct || (10.0..=100.0).contains(&x) {
        x / 100.0
    } else {
        x
    };
    (share.is_finite() && share > 0.0 && share <= 1.0).then_some(share)
}

/// vLLM's scheduler defaults for `vllm serve` (V1 engine, chunked prefill on), which its start-up
/// profile run is sized by: `max_num_batched_tokens` tokens in one forward pass, then the sampler
/// over `max_num_seqs` rows of logits. vllm-project/vllm `vllm/engine/arg_utils.py`
/// (`get_batch_defaults`): on a card of at least 70 GiB whose name does not contain "a100"
/// (H100, H200, B200, MI300X) the OpenAI server takes 8192 tokens and 1024 sequences; on any
/// other card 2048 and 256.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct VllmDefaults {
    pub batched_tokens: u32,
    pub max_seqs: u32,
}

/// Whether a vLLM word names its V0 engine: `v0`, or a release before 0.8 (`0.6.4`; V1 became
/// the default in 0.8.0); `v1` or a later release: no. `None` for anything else.
pub fn vllm_release_is_v0(word: &str) -> Option<bool> {
    let w = word.trim().to_ascii_lowercase();
    match w.as_str() {
        "v0" => return Some(true),
        "v1" => return Some(false),
        _ => {}
    }
    let mut parts = w.trim_start_matches('v').split('.');
    let major: u32 = parts.next()?.parse().ok()?;
    let minor: u32 = parts.next()?.parse().ok()?;
    Some(major == 0 && minor < 8)
}

/// The larger defaults: a card of at least this many GiB (and not an A100) gets them.
const VLLM_LARGE_CARD_GIB: f64 = 70.0;

impl VllmDefaults {
    pub const LARGE: VllmDefaults = VllmDefaults {
        batched_tokens: 8192,
        max_seqs: 1024,
    };
    pub const SMALL: VllmDefaults = VllmDefaults {
        batched_tokens: 2048,
        max_seqs: 256,
    };

    /// vLLM's V0 engine (`FitRequest::vllm_v0`; the default before 0.8.0, `VLLM_USE_V1=0` until
    /// its removal): `SchedulerConfig` takes `max(max_model_len, 2048)` batched tokens unless
    /// chunked prefill is on, which V0 turns on by itself only past 32K tokens
    /// (`EngineArgs`: `use_long_context = max_model_len > 32K`), and then 2048; a multimodal
    /// model at least 5120 (`_MULTIMODAL_MODEL_MAX_NUM_BATCHED_TOKENS`); `max_num_seqs` 256 on
    /// every card. So below 32K its start-up profile runs the whole context in one pass.
    pub fn v0(max_model_len: u32, multimodal: bool) -> VllmDefaults {
        let mut batched = if max_model_len > 32_768 {
            2048
        } else {
            max_model_len.max(2048)
        };
        if multimodal {
            batched = batched.max(5120);
        }
        VllmDefaults {
            batched_tokens: batched,
            max_seqs: 256,
        }
    }

    /// The defaults `vllm serve` picks on `gpu`. With no card named, the smaller ones, which
    /// most cards take: the card list sizes every card by its own class, and the answer says
    /// what the larger class adds (`fit-warn-vllm-large-cards`).
    pub fn for_card(gpu: Option<&Gpu>) -> VllmDefaults {
        match gpu {
            None => Self::SMALL,
            Some(g) if g.vram_gib() < VLLM_LARGE_CARD_GIB => Self::SMALL,
            Some(g) if g.id.contains("a100") || g.name.to_lowercase().contains("a100") => {
                Self::SMALL
            }
            Some(_) => Self::LARGE,
        }
    }
}

/// Bytes per logit element at the peak of vLLM V1's sampler over `max_num_seqs` rows of the
/// whole vocabulary (the logits cast to fp32, the top-k/top-p sort's values and int64 indices,
/// the softmax and cumulative sum of the sorted row, the mask, the scattered-back copy, the
/// probabilities and the exponential noise of random sampling). The profile run's activation
/// peak on H100 (1024 rows) in llm-d-benchmark's vLLM logs
/// (`config_explorer/empirical-vllm-memory-results.md` @4f4d4494, held out in
/// `tests/data/measured_memory_heldout2.tsv`) is 38.4-39.6 bytes per element for six models
/// from Qwen3-0.6B to Llama-3.3-70B, whatever their width, so the sampler, not the forward
/// pass, sets it. vLLM 0.11.0's profile of Mistral-Small-3.2 shows less (2.12 GiB, the forward
/// pass's); its model runner notes that the profile "may skip top_k, top_p, and logprobs,
/// using less GPU memory than what is possible during actual execution", so the sampling a
/// full batch of requests does at run time is what is counted.
pub const VLLM_SAMPLER_BYTES_PER_LOGIT: f64 = 39.0;

/// vLLM CUDA-graph capture memory per card, GiB; vLLM logs report "Graph capturing finished
/// ... took 0.3-1 GiB" depending on model and batch sizes. Assumed, not measured by us.
pub const VLLM_CUDA_GRAPHS_GIB: f64 = 0.5;

/// The CUDA graphs vLLM itself captures outside its share, GiB: [`VLLM_CUDA_GRAPHS_GIB`], or
/// none when it runs eagerly (`FitRequest::vllm_eager`: `--enforce-eager` skips
/// `capture_model`). Not for the servers sized in vLLM's class, which have their own words.
pub fn vllm_graphs_gib(req: &super::FitRequest) -> f64 {
    if req.vllm_eager {
        0.0
    } else {
        VLLM_CUDA_GRAPHS_GIB
    }
}

/// What V0's CUDA-graph capture took in vLLM's own logs ("Graph capturing finished in N secs,
/// took X GiB"), lowest and highest seen: 1.43 GiB on A30s and 6.56 GiB on RTX 4090s for the same
/// tensor-parallel command (vllm-project/vllm#11452, vLLM 0.6.x, Dec 2024). V0 captures 35 batch sizes up
/// to 256 after the KV cache has filled `gpu_memory_utilization` of the card, so the graphs must
/// fit in the rest (vllm#11251, youkaichao: capture memory is not inside the budget). The
/// spread is too wide to size one figure: the V0 answer states the range (`fit-warn-vllm-v0`).
pub const VLLM_V0_GRAPHS_SEEN_GIB: [f64; 2] = [1.43, 6.56];

/// llama.cpp evaluates prompts in micro-batches of `n_ubatch` = 512 tokens (llama.cpp
/// `common/common.h` default), so its compute buffer does not grow with the prompt.
pub const LLAMACPP_UBATCH: u32 = 512;

/// Bytes of live activation per prompt token at the prefill peak of one decoder layer in
/// Hugging Face Transformers (bf16, FlashAttention/SDPA, no s^2 score matrix):
/// `6*I + 8*h` = three bf16 tensors of FFN width (gate, up, product) + four of hidden width
/// (residual, normed input, MLP input, output). Calibrated against Qwen's published
/// transformers memory table (QwenLM/Qwen2.5 docs/source/benchmark/speed_benchmark.rst
/// @010c37c3): (measured - weights - KV) / input tokens = 3.5-4.3 x (2*I) for 0.5B-32B.
pub fn hf_activation_bytes_per_token(s: &Shape) -> f64 {
    6.0 * s.ffn_width_active_per_token() + 8.0 * s.hidden as f64
}

/// Bytes per token of the loss head during training with Hugging Face Transformers' own loss
/// (`LossHead::Fp32`, the default), times the vocabulary; see `LossHead::bytes_per_vocab` for
/// the tensors and the measurement it was checked against.
pub const LOSS_BYTES_PER_VOCAB: f64 = 14.0;

/// Training keeps more memory reserved than allocated: PyTorch's caching allocator holds freed
/// blocks, and DeepSpeed/PEFT keep bucket and dequantization buffers. Added as this share of
/// what is freed and allocated again (`train::allocator_reserve`: not a frozen base allocated
/// once, not activations that only grow to a peak without checkpointing). Calibrated on
/// QwenLM/Qwen README "Profiling of Memory and Speed" (Qwen-7B/14B LoRA, Q-LoRA and full
/// fine-tuning on A100-80G), where the table exceeds the tensor count by 10-25 % at short
/// sequences.
pub const TRAINING_RESERVE: f64 = 0.15;

/// The same reserve when the frozen base is quantized (Q-LoRA on bitsandbytes or GPTQ
/// weights): dequantized weight tiles are allocated and freed in every layer, forward and
/// backward, and the caching allocator keeps more of them. Measured in
/// foundation-model-stack/fms-acceleration `scripts/benchmarks/refs/a100_80gb.csv`
/// (Mistral-7B, 1 x A100-80G, 4096 x 4 tokens): nvidia-smi memory minus the CUDA context over
/// the peak allocated is 1.135-1.152 for the bf16 LoRA runs, 1.24 for GPTQ-LoRA and 1.29 for
/// bitsandbytes-4-bit LoRA. For a bitsandbytes base the share applies to everything but the
/// frozen 4-bit weights (allocated once, never freed; `train::compute_train`): at Mistral-7B's
/// 4 x 4096 tokens those are a fifth of the peak, so this leaves about 0.2 of the total.
pub const TRAINING_RESERVE_QUANTIZED: f64 = 0.25;

/// Bytes a Transformers eager attention layer holds per score element (one query token
/// against one cached token, one head) at its peak, in a bf16 model: the masked scores in bf16
/// (2), then `softmax(…, dtype=torch.float32)`, which in ATen
/// (`aten/src/ATen/native/SoftMax.cpp` `softmax(input, dim, dtype)`) first converts a bf16
/// input to a whole fp32 copy (4) and writes the fp32 output beside it (4): 2 + 4 + 4 = 10.
/// Only a CUDA *Half* input takes the fused `half_to_float` kernel without the copy
/// ([`EAGER_SCORE_BYTES_FP16`]). Measured with `tools/fit-measure` (H200, Transformers 5.17,
/// torch 2.11, Qwen2.5 and Qwen3 0.5B–8B in bf16, 4k–16k tokens): 10.3–10.6 bytes per element
/// and head at the peak with the mask, where 8 (the figure before) left every 16k row 15–18 %
/// under. The 4D additive mask adds 2 bytes per element once, for all heads.
pub const EAGER_SCORE_BYTES: f64 = 10.0;

/// The same for an fp16 model: ATen's fused `half_to_float` softmax reads the fp16 scores
/// (2) and writes fp32 (4), then `.to(fp16)` adds 2 while both are referenced: 8.
pub const EAGER_SCORE_BYTES_FP16: f64 = 8.0;

/// Bytes per score element and head of eager attention for a model run in `quant`: fp16
/// activations for fp16 weights and for AWQ/GPTQ checkpoints (Transformers loads both in
/// fp16 unless told otherwise); fp32 scores (4) and their softmax (4, no conversion) for
/// fp32; bf16 for everything else.
pub fn eager_bytes_per_score(quant: Quant) -> f64 {
    match quant {
        Quant::Fp16 | Quant::Awq | Quant::GptqInt4 | Quant::GptqInt3 | Quant::GptqInt8 => {
            EAGER_SCORE_BYTES_FP16
        }
        Quant::Fp32 => 8.0,
        _ => EAGER_SCORE_BYTES,
    }
}

/// Bytes per score element and head at the peak of AutoAWQ's fused prefill attention
/// (`awq/modules/fused/attn.py`, 0.1.x and 0.2.x): the 16-bit masked scores (2), their fp32
/// copy (4) and the fp32 softmax (4) are live together in `F.softmax(scores.float(), dim=-1)`.
pub const AWQ_FUSED_SCORE_BYTES: f64 = 10.0;

/// llama.cpp without flash attention: the KQ matrix and its softmax, both f32, per micro-batch
/// token, cached token and head (`llm_graph_context::build_attn_mha`: `kq = ggml_mul_mat`,
/// `kq = ggml_soft_max_ext(kq, ...)`): 4 + 4 bytes.
pub const LLAMACPP_KQ_BYTES: f64 = 8.0;

/// Memory for one configuration, in bytes (internal): summed over the cards, and the busiest
/// card's share.
#[derive(Debug, Clone, Copy)]
pub(super) struct Parts {
    pub(super) weights: f64,
    pub(super) kv: f64,
    pub(super) act: f64,
    pub(super) optim: f64,
    pub(super) overhead: f64,
    /// The busiest card, part by part.
    pub(super) card: [f64; 5],
    /// The busiest card in all.
    pub(super) per_card: f64,
    /// Of `per_card`, what the caching allocator holds without a live tensor in it (freed
    /// blocks it keeps for reuse): nvidia-smi shows it, but PyTorch empties its cache and
    /// retries before it raises out-of-memory, so it does not decide a fit.
    pub(super) releasable: f64,
    pub(super) parallelism: Parallelism,
    /// The busiest card at the peak of an on-the-fly quantizing load (`vram::online_quant`).
    pub(super) load_stage: f64,
    /// vLLM only: the smallest card whose `gpu_memory_utilization` share holds the weights,
    /// the start-up profile's peak and the job's KV cache (`vram::vllm_share`), bytes; 0
    /// elsewhere. A card limit, not memory the job takes: the need stays `need()`.
    pub(super) share_floor: f64,
    /// vLLM's Model Runner V2 only: what a served batch's sampler needs beyond the start-up
    /// profile's, outside the share (`vram::vllm_mrv2`), bytes per card; 0 elsewhere.
    pub(super) served_sampler: f64,
}

impl Default for Parts {
    fn default() -> Self {
        Parts {
            weights: 0.0,
            kv: 0.0,
            act: 0.0,
            optim: 0.0,
            overhead: 0.0,
            card: [0.0; 5],
            per_card: 0.0,
            releasable: 0.0,
            parallelism: Parallelism::None,
            load_stage: 0.0,
            share_floor: 0.0,
            served_sampler: 0.0,
        }
    }
}

impl Parts {
    /// What must be allocated on the busiest card (CUDA context included): the figure a fit
    /// is decided on.
    pub(super) fn need(&self) -> f64 {
        self.per_card - self.releasable
    }

    /// The smallest card that holds the job: its need, or under vLLM the card whose share
    /// holds what the share must (`vram::vllm_share`), whichever is larger. The verdicts and
    /// the options are decided on it.
    pub(super) fn card_floor(&self) -> f64 {
        self.need().max(self.share_floor)
    }

    /// Sets the busiest card's parts and the totals (`copies` = how many cards hold each
    /// per-card part; weights and KV totals are given whole, never multiplied).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn set(
        &mut self,
        n: f64,
        w_total: f64,
        kv_total: f64,
        card: [f64; 5],
        act_total: f64,
        optim_total: f64,
    ) {
        self.card = card;
        self.per_card = card.iter().sum();
        self.weights = w_total;
        self.kv = kv_total;
        self.act = act_total;
        self.optim = optim_total;
        self.overhead = card[4] * n;
    }
}

/// The weights of a model in one format, by where they sit: token embedding, output head,
/// other 16-bit tensors (norms, vision tower, MTP head) and the decoder layers' matrices.
#[derive(Debug, Clone, Copy)]
pub(super) struct WeightSplit {
    pub embed: f64,
    pub head: f64,
    pub other: f64,
    pub layers: f64,
}

impl WeightSplit {
    pub fn total(&self) -> f64 {
        self.embed + self.head + self.other + self.layers
    }
}

/// Where the bytes of `weight_bytes` sit, as an engine loads them. One engine-specific copy:
/// Transformers loading a tied-embedding model in FP8 keeps the output head as its own 16-bit
/// tensor (measured: Qwen3-0.6B/1.7B/4B-FP8 in the Qwen3 transformers table use an
/// embedding-sized amount more than the bf16 figure minus the 8-bit saving, at every input
/// length; the untied Qwen3-8B/14B/32B-FP8 do not).
pub(super) fn weight_split(shape: &Shape, quant: Quant, engine: Engine) -> WeightSplit {
    let p = &shape.params;
    // EXL2 (`vram::exl2_format`): the decoder layers' matrices at the stated bits, the head
    // at ~6.3 (a tied model's head is quantized from the embedding), embedding and norms FP16.
    if let Some(bpw) = quant.exl2_bpw() {
        let head = if shape.tied { p.embed } else { p.lm_head };
        return WeightSplit {
            embed: p.embed * 2.0,
            head: head * super::exl2_format::HEAD_BITS / 8.0,
            other: p.other * 2.0,
            layers: p.linear * bpw.bits() / 8.0,
        };
    }
    if let Some(bpw) = quant.gguf_bpw() {
        let b = bpw / 8.0;
        return WeightSplit {
            embed: p.embed * b,
            head: p.lm_head * b,
            other: p.other * b,
            layers: p.linear * b,
        };
    }
    let unq = quant.unquantized_bytes();
    let untied_copy = quant == Quant::Fp8 && shape.tied && engine == Engine::Transformers;
    let layers = linear_bytes(shape, quant);
    WeightSplit {
        embed: p.embed * unq,
        head: if untied_copy {
            p.embed * unq
        } else {
            p.lm_head * unq
        },
        other: p.other * unq,
        layers,
    }
}

/// Bytes of the decoder layers' matrices in `quant` (an experts-only format keeps the rest of
/// them in 16-bit, or in FP8 where the published checkpoint does: DeepSeek-V4 stores attention
/// and the shared expert as FP8 blocks of 128 x 128 beside its FP4 routed experts, vllm PR
/// 53847 "routed MoE experts as MXFP4 but the always-on shared expert as FP8 (E4M3 + 128x128
/// block scale)", ByteDance-Seed/VeOmni PR 1089's table: wq_a / wq_b / wkv / wo_a / wo_b FP8).
fn linear_bytes(shape: &Shape, quant: Quant) -> f64 {
    let p = &shape.params;
    let kept = match quant {
        Quant::Fp8 => shape.fp8_kept_16bit,
        Quant::Nvfp4 => shape.nvfp4_kept_16bit,
        _ => 0.0,
    };
    if kept > 0.0 {
        // The published FP8 / NVFP4 checkpoint, as it ships (`Model::fp8_scope`, `nvfp4_scope`).
        let kept = kept.min(p.linear);
        (p.linear - kept) * quant.linear_bits() / 8.0 + kept * quant.unquantized_bytes()
    } else if quant.experts_only() {
        let experts = if quant.routed_experts_only() {
            shape.routed_expert_params()
        } else {
            shape.expert_params()
        }
        .min(p.linear);
        let rest = if shape.experts_rest_fp8 && quant == Quant::Mxfp4 {
            Quant::Fp8.linear_bits() / 8.0
        } else {
            quant.unquantized_bytes()
        };
        experts * quant.linear_bits() / 8.0 + (p.linear - experts) * rest
    } else {
        p.linear * int4_bits(shape, quant) / 8.0 + aqlm_codebook_bytes(shape, quant)
    }
}

/// AQLM 1x16's codebooks: one per decoder matrix (Transformers replaces each `nn.Linear` with
/// aqlm's `QuantizedLinear`; vLLM keeps one per output partition of a fused layer, the same
/// count), 2^16 codes x 8 weights x 2 bytes = 1 MiB each, whatever the matrix's size
/// (vllm-project/vllm@0531c2226a6a25cd96ccc856f3bda3f0bb4efb5f
/// `vllm/model_executor/layers/quantization/aqlm.py`: `codebooks` of
/// `[num_codebooks * len(output_partition_sizes), 2**nbits_per_codebook, out_group_size,
/// in_group_size]` in half). Matrices per layer: q, k, v, o and three per FFN (gate, up,
/// down), an MoE layer's per expert. 0 for any other format.
pub(super) fn aqlm_codebook_bytes(shape: &Shape, quant: Quant) -> f64 {
    if quant != Quant::Aqlm {
        return 0.0;
    }
    const CODEBOOK_BYTES: f64 = 65_536.0 * 8.0 * 2.0;
    let layers = shape.layers as f64;
    let ffns = if shape.is_moe() {
        let moe = shape.moe_layers() as f64;
        moe * (shape.experts + shape.shared_experts) as f64 + (layers - moe)
    } else {
        layers
    };
    (4.0 * layers + 3.0 * ffns) * CODEBOOK_BYTES
}

/// Bits per decoder-matrix weight of `quant` in this checkpoint: a 4-bit GPTQ / AWQ checkpoint
/// stores one 16-bit scale and one packed 4-bit zero per group of `group_size` weights
/// (AutoAWQ `WQLinear_GEMM`: `scales` and `qzeros` of `in_features / group_size` rows; GPTQ the
/// same), so a group of 32 holds 4 + 16/32 + 4/32 = 4.625 bits where the default 128 holds
/// 4.156. Gemma-3's QAT checkpoints are quantized in groups of 32 (Q4_0 blocks), and their AWQ
/// conversion keeps them (github.com/gau-nernst/gemma3-int4 `convert_flax.py`
/// @ 7c1b16b5c390055122eb9a04d9b26ca598e7b074: `find_scales` over groups of 32, `qzeros` of
/// `K // 32` rows). Every other format as `Quant::linear_bits`.
pub(super) fn int4_bits(shape: &Shape, quant: Quant) -> f64 {
    let g = shape.int4_group;
    if g > 0 && matches!(quant, Quant::Awq | Quant::GptqInt4 | Quant::Int4) {
        4.0 + 16.0 / g as f64 + 4.0 / g as f64
    } else {
        quant.linear_bits()
    }
}

/// Layers on the busiest card of a layer split over `cards`: ceil(layers / cards).
/// Parameters held in fp32 and run under 16-bit autocast (`amp`: LitGPT's default
/// `bf16-mixed`, `torch.autocast` over a model loaded in fp32): every matmul multiplies a 16-bit
/// cast of its weight. Autocast caches the cast of each leaf parameter that requires grad
/// (`nn.Parameter`'s default, frozen or not at inference) until its region ends, and a training
/// step saves the frozen base's casts for the backward pass: a 16-bit copy of every linear
/// weight (head included) is live. LitGPT's Llama-2-7B in `bf16-mixed`: 40.21 GB allocated
/// at inference against 25.1 GiB of fp32 weights (+12.3 GiB of copies: 37.7 against 37.45).
pub(super) fn autocast_weight_copies(shape: &Shape, quant: Quant, mixed_precision: bool) -> f64 {
    if mixed_precision && quant == Quant::Fp32 {
        (shape.params.linear + shape.params.lm_head) * 2.0
    } else {
        0.0
    }
}

/// Bytes of the score matrices eager attention holds at once on one card: `q` query tokens
/// against `kv` cached tokens for `heads` heads at `per_score` bytes each
/// ([`eager_bytes_per_score`]), plus the 16-bit mask once, per sequence, times `batch`.
pub fn eager_score_bytes(batch: f64, q: f64, kv: f64, heads: f64, per_score: f64) -> f64 {
    batch * q * kv * (per_score * heads + 2.0)
}

/// What PyTorch's caching allocator keeps reserved beyond the live eager scores, bytes: blocks
/// of one layer's attention that a later request cannot reuse. One layer asks for the scores
/// (2 bytes per element and head), the scaled and the masked copies (2 each, reusing the freed
/// block), the fp32 copy and the fp32 softmax (4 each; the copy only for a bf16 input,
/// `EAGER_SCORE_BYTES`) and the cast back (2, reusing a block): segments of 2 + 2 + 4 + 4.
/// Between layers the MLP's and projections' tensors are cut from a free score segment
/// (best fit takes the smallest free block, and every free block is a score block), and a
/// split segment can no longer be released; the next layer's second 2-byte request lands in
/// a 4-byte segment, and its fp32 request then gets a fresh 4-byte segment: one more fp32
/// block and the conversion's 2 beyond the live peak (6 bytes per element and head for bf16,
/// 4 without the copy). Not allocated (so the `allocated` basis leaves it out) and not
/// releasable (PyTorch frees only whole free segments before it raises out-of-memory), so it
/// decides a fit. Measured with `tools/fit-measure` (H200, 139.8 GiB, Transformers 5.17,
/// bf16, 16 384 tokens, 32 heads of 16 384² scores): Qwen3-4B peaked at 90.9 GiB allocated
/// and ran, Qwen3-8B (the same scores, 7.8 GiB more weights) ran out of memory asking for a
/// 32 GiB fp32 block with 129.5 GiB already held; 16 bytes per element and head reserved
/// (10 live + 6) puts 4B at 136 and 8B at 143 GiB, 10 alone would put both under.
pub fn eager_fragment_bytes(batch: f64, q: f64, kv: f64, heads: f64, per_score: f64) -> f64 {
    let conversion_copy = (per_score - EAGER_SCORE_BYTES_FP16).max(0.0);
    batch * q * kv * heads * (4.0 + conversion_copy)
}

/// Bytes of the weights for the whole model in `quant`.
pub fn weight_bytes(shape: &Shape, quant: Quant) -> f64 {
    let p = &shape.params;
    if let Some(bpw) = quant.gguf_bpw() {
        // Measured whole-file figure: applies to every tensor.
        return p.total * bpw / 8.0;
    }
    let unq = quant.unquantized_bytes();
    let kept = p.embed + p.lm_head + p.other;
    linear_bytes(shape, quant) + kept * unq
}

mod kv;
pub use kv::{
    kv_bytes_per_sequence_kv, kv_bytes_per_token, kv_bytes_per_token_kv, kv_share_per_card,
};

/// What every part of the estimate reads from the request.
#[derive(Debug, Clone, Copy)]
pub(super) struct Common {
    pub cards: u32,
    pub n: f64,
    pub tokens: f64,
    pub batch: f64,
    pub split: WeightSplit,
    pub w_total: f64,
    pub kv_tok: f64,
    /// KV bytes per sequence that do not grow with the context (`kv_bytes_per_sequence`).
    pub kv_seq: f64,
    /// CUDA context per card, bytes.
    pub ctx: f64,
    pub heads: f64,
    pub eager: bool,
    /// Bytes per eager score element and head (`eager_bytes_per_score` of the request's quant).
    pub eager_bytes: f64,
    /// vLLM's scheduler defaults on the card the job is sized for.
    pub vllm: VllmDefaults,
    /// vLLM's `gpu_memory_utilization` (`FitOptions::vllm_utilization`).
    pub vllm_util: f64,
    /// A vLLM-class server with its own pool rule and the fraction it runs with
    /// (`vram::server`); `None`: vLLM's.
    pub server: Option<(super::Server, f64)>,
    /// Bytes per prompt token and sequence an older Transformers' cache keeps referenced on the
    /// busiest card through the prefill beside its own keys and values (`vram::fused_qkv`); 0
    /// mostly.
    pub prefill_held: f64,
}

impl Common {
    /// KV cache of the whole job (every card together), before any split.
    pub fn kv_total(&self) -> f64 {
        (self.kv_tok * self.tokens + self.kv_seq) * self.batch
    }
}

/// Elements per token of the inputs that carry their own LoRA dropout in one decoder layer:
/// one per adapted matrix (PEFT wraps q, k, v, o, gate, up and down separately; LitGPT's fused
/// `qkv` has one adapter), each as wide as the matrix's input: the hidden size, the attention
/// output's width for the o projection, or the FFN width for the down projection. In an MoE layer each adapted expert reads only the tokens
/// routed to it: per token, the shared experts and (with `experts`) its top-k routed ones.
pub(super) fn lora_dropout_inputs(
    shape: &Shape,
    targets: LoraTargets,
    layout: ModelLayout,
    experts: bool,
) -> f64 {
    let h = shape.hidden as f64;
    let qkv = match layout {
        ModelLayout::Transformers => 3.0,
        ModelLayout::LitGpt => 1.0,
    };
    // Per token, an MoE layer's adapted experts (shared, and routed with `experts`).
    let (per_token, inter) = if shape.is_moe() {
        let routed = if experts { shape.experts_per_token } else { 0 };
        (
            (shape.shared_experts + routed) as f64,
            shape.moe_intermediate,
        )
    } else {
        (1.0, shape.intermediate)
    };
    let ffn = per_token * (2.0 * h + inter as f64);
    // The o projection reads the attention output, heads × head_dim wide (wider than the
    // hidden size in Qwen3-4B, Gemma): a plain layer's; MLA and the rest keep the hidden size.
    let o = if shape.mla.is_none() && shape.heads > 0 && shape.head_dim > 0 {
        (shape.heads * shape.head_dim) as f64
    } else {
        h
    };
    match (targets, layout) {
        (LoraTargets::QueryValue, ModelLayout::Transformers) => 2.0 * h,
        (LoraTargets::QueryValue, ModelLayout::LitGpt) => h,
        (LoraTargets::Attention, _) => qkv * h + o,
        (LoraTargets::AllLinear, _) => qkv * h + o + ffn,
        (LoraTargets::Mlp, _) => ffn,
        // A list of its own: each named module's input, as above; LitGPT's fused qkv once.
        // A list of its own: each named module's input, as above.
        (LoraTargets::Modules(_), _) => targets.inputs_per_token(
            [h, o, inter as f64],
            per_token,
            layout == ModelLayout::LitGpt,
        ),
    }
}
