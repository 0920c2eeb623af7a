//! The memory estimate: weights, KV cache, activations, optimizer states and engine overhead
//! per card, and the cards (of 1, 2, 4, 8) that hold a job. Every constant says where it
//! comes from.

use super::request::{
    CARD_COUNTS, CardParts, FitError, FitOption, FitOptions, FitReport, FitRequest, LoraTargets,
    ModelRef, validate,
};
use super::{Engine, GIB, KvDtype, ModelLayout, Parallelism, Quant, Shape, Task, Zero};
use crate::catalog::Catalog;
use crate::reply::Msg;
use rust_decimal::Decimal;

/// CUDA context + cuBLAS/cuDNN workspaces per card, GiB. gpu_poor (RahulSChand/gpu_poor
/// README): "Cuda etc. overhead = Around 500-1GB ... I assume 650 MB overhead". An assumption
/// from that source, not our measurement.
pub const CUDA_CONTEXT_GIB: f64 = 0.65;

/// vLLM's default `gpu_memory_utilization` (vLLM engine args docs): the share of VRAM it
/// preallocates; the rest is left unused.
pub const VLLM_GPU_MEMORY_UTILIZATION: f64 = 0.90;

/// vLLM default `max_num_batched_tokens` for chunked prefill on the OpenAI server (vLLM V1
/// engine args docs): its profile run sizes the activation peak at this many tokens.
pub const VLLM_MAX_BATCHED_TOKENS: u32 = 8192;

/// vLLM CUDA-graph capture memory per card, GiB; vLLM logs report "Graph capturing finished
/// ... took 0.3-1 GiB" depending on model and batch sizes. Assumed, not measured by us.
pub const VLLM_CUDA_GRAPHS_GIB: f64 = 0.5;

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
/// weights + optimizer + activations. Calibrated on QwenLM/Qwen README "Profiling of Memory and
/// Speed" (Qwen-7B/14B LoRA, Q-LoRA and full fine-tuning on A100-80G), where the table exceeds
/// the tensor count by 10-25 % at short sequences.
pub const TRAINING_RESERVE: f64 = 0.15;

/// The same reserve when the frozen base is quantized (Q-LoRA on bitsandbytes or GPTQ
/// weights): dequantized weight tiles are allocated and freed in every layer, forward and
/// backward, and the caching allocator keeps more of them. Measured in
/// foundation-model-stack/fms-acceleration `scripts/benchmarks/refs/a100_80gb.csv`
/// (Mistral-7B, 1 x A100-80G, 4096 x 4 tokens): nvidia-smi memory minus the CUDA context over
/// the peak allocated is 1.135-1.152 for the bf16 LoRA runs, 1.24 for GPTQ-LoRA and 1.29 for
/// bitsandbytes-4-bit LoRA.
pub const TRAINING_RESERVE_QUANTIZED: f64 = 0.25;

/// Bytes a Transformers eager attention layer holds per score element (one query token
/// against one cached token, one head) at its peak: the scaled QK^T and the masked copy in
/// bf16 (2 + 2, the first freed after the add), the fp32 softmax (4) and its bf16 cast (2)
/// while the masked copy is still referenced: 2 + 4 + 2 = 8 (transformers
/// `eager_attention_forward`, Llama/Qwen2 modeling). The 4D additive mask adds 2 bytes per
/// element once, for all heads.
pub const EAGER_SCORE_BYTES: f64 = 8.0;

/// llama.cpp without flash attention: the KQ matrix and its softmax, both f32, per micro-batch
/// token, cached token and head (`llm_graph_context::build_attn_mha`: `kq = ggml_mul_mat`,
/// `kq = ggml_soft_max_ext(kq, ...)`): 4 + 4 bytes.
pub const LLAMACPP_KQ_BYTES: f64 = 8.0;

/// Memory for one configuration, in bytes (internal): summed over the cards, and the busiest
/// card's share.
#[derive(Debug, Clone, Copy)]
pub(super) struct Parts {
    weights: f64,
    kv: f64,
    act: f64,
    optim: f64,
    overhead: f64,
    /// The busiest card, part by part.
    card: [f64; 5],
    /// The busiest card in all.
    per_card: f64,
    parallelism: Parallelism,
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
            parallelism: Parallelism::None,
        }
    }
}

impl Parts {
    /// Sets the busiest card's parts and the totals (`copies` = how many cards hold each
    /// per-card part; weights and KV totals are given whole, never multiplied).
    #[allow(clippy::too_many_arguments)]
    fn set(
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
    WeightSplit {
        embed: p.embed * unq,
        head: if untied_copy {
            p.embed * unq
        } else {
            p.lm_head * unq
        },
        other: p.other * unq,
        layers: p.linear * quant.linear_bits() / 8.0,
    }
}

/// Layers on the busiest card of a layer split over `cards`: ceil(layers / cards).
pub(super) fn layers_per_card(shape: &Shape, cards: u32) -> f64 {
    let l = shape.layers.max(1);
    l.div_ceil(cards.max(1).min(l)) as f64
}

/// Weights on the busiest card of a layer split: its share of the decoder layers plus the
/// larger end (the embedding and the other 16-bit tensors on the first card, the output head
/// on the last); everything on one card.
pub(super) fn layer_split_weights(shape: &Shape, w: &WeightSplit, cards: u32) -> f64 {
    if cards <= 1 {
        return w.total();
    }
    let share = layers_per_card(shape, cards) / shape.layers.max(1) as f64;
    w.layers * share + (w.embed + w.other).max(w.head)
}

/// Bytes of the score matrices eager attention holds at once on one card: `q` query tokens
/// against `kv` cached tokens for `heads` heads, per sequence, times `batch`.
pub fn eager_score_bytes(batch: f64, q: f64, kv: f64, heads: f64) -> f64 {
    batch * q * kv * (EAGER_SCORE_BYTES * heads + 2.0)
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
    p.linear * quant.linear_bits() / 8.0 + kept * unq
}

/// KV-cache bytes per token for one sequence, all layers, for an engine.
/// Standard attention: 2 (K and V) x layers x KV heads x head_dim x bytes.
/// MLA (DeepSeek-V2/V3): vLLM, SGLang and llama.cpp cache the compressed latent,
/// layers x (kv_lora_rank + qk_rope_head_dim) x bytes; Hugging Face Transformers caches the
/// decompressed per-head K (qk_nope + qk_rope) and V (v_head_dim).
pub fn kv_bytes_per_token(shape: &Shape, engine: Engine, kv: KvDtype) -> f64 {
    let l = shape.layers as f64;
    let b = kv.bytes();
    match &shape.mla {
        Some(m) if engine != Engine::Transformers => l * (m.kv_lora_rank + m.qk_rope) as f64 * b,
        Some(m) => l * shape.heads as f64 * ((m.qk_nope + m.qk_rope) as f64 + m.v_head as f64) * b,
        None => 2.0 * l * shape.kv_heads as f64 * shape.head_dim as f64 * b,
    }
}

/// Share of the KV cache each card holds under tensor parallelism over `cards`: heads are
/// split, and replicated when cards > KV heads (vLLM `num_kv_heads` per rank =
/// max(1, kv_heads / tp)); an MLA latent has one "head" and is replicated on every card.
pub fn kv_share_per_card(shape: &Shape, cards: u32) -> f64 {
    let n = cards.max(1) as f64;
    if shape.mla.is_some() {
        return 1.0;
    }
    let k = shape.kv_heads.max(1) as f64;
    (k.max(n) / k) / n
}

pub(super) fn compute(shape: &Shape, req: &FitRequest, opts: &FitOptions) -> Parts {
    let cards = req.cards.max(1);
    let n = cards as f64;
    let tokens = req.context as f64;
    let batch = req.batch as f64;
    let split = weight_split(shape, req.quant, req.engine);
    let w_total = split.total();
    let kv_tok = kv_bytes_per_token(shape, req.engine, opts.kv_cache);
    let ctx = CUDA_CONTEXT_GIB * GIB;
    let heads = shape.heads as f64;
    let eager = req.attention().materializes_scores();
    let mut p = Parts::default();

    if !req.task.is_training() {
        let kv_total = kv_tok * tokens * batch;
        match req.engine {
            Engine::Vllm => {
                // Tensor parallel: every matrix and the vocabulary (VocabParallelEmbedding,
                // ParallelLMHead) split over the ranks; norms and extra towers replicated.
                let w = (w_total - split.other) / n + split.other;
                let kv = kv_total * kv_share_per_card(shape, cards);
                let prof_tokens = (tokens * batch).min(VLLM_MAX_BATCHED_TOKENS as f64);
                // Activations of one rank at the profile run: FFN width and heads are split by
                // TP, the hidden width (residual stream) is not.
                let mut a = prof_tokens
                    * (6.0 * shape.ffn_width_active_per_token() / n + 8.0 * shape.hidden as f64);
                if eager {
                    a += eager_score_bytes(1.0, prof_tokens, tokens, (heads / n).ceil());
                }
                let graphs = VLLM_CUDA_GRAPHS_GIB * GIB;
                let need = w + kv + a + graphs;
                // vLLM only uses `gpu_memory_utilization` of the card: the rest is headroom.
                let headroom = need / VLLM_GPU_MEMORY_UTILIZATION - need;
                let over = ctx + graphs + headroom;
                p.set(n, w_total, kv * n, [w, kv, a, 0.0, over], a * n, 0.0);
                p.parallelism = if cards > 1 {
                    Parallelism::Tensor
                } else {
                    Parallelism::None
                };
            }
            Engine::Transformers => {
                // device_map="auto" splits whole layers: the busiest card holds its layers'
                // weights and KV cache, and peaks with the activations of one of its layers
                // over the whole prompt (every card needs that workspace).
                let w = layer_split_weights(shape, &split, cards);
                let share = layers_per_card(shape, cards) / shape.layers.max(1) as f64;
                let kv = kv_total * share;
                let mut a = tokens * batch * hf_activation_bytes_per_token(shape)
                    + batch * shape.vocab as f64 * 4.0;
                if eager {
                    a += eager_score_bytes(batch, tokens, tokens, heads);
                }
                // Older Transformers: the LM head over the whole prompt in 16-bit and its fp32
                // copy, after the layers have freed their workspace, so the larger of the two
                // peaks (Qwen2 table, Transformers 4.38.2: 968 KB per prompt token on
                // Qwen2-7B = 57 KB of KV + 152064 x 6 B).
                if let Some(prompt) = req.prompt_logits {
                    a = a.max(prompt.min(req.context) as f64 * batch * shape.vocab as f64 * 6.0);
                }
                // AWQ (AutoAWQ) on a tied-embedding model: loading holds a second 16-bit copy
                // of the embedding for a moment (Qwen2.5-0.5B/1.5B/3B-AWQ at input length 1 sit
                // 0.2-0.34 GiB above GPTQ-Int4; the gap is gone at 6k tokens, where the prefill
                // peak is higher): the peak is the larger of the two.
                if (req.quant == Quant::Awq || req.tied_embedding_copy) && shape.tied {
                    a = a.max(split.embed - kv);
                }
                p.set(n, w_total, kv_total, [w, kv, a, 0.0, ctx], a * n, 0.0);
                p.parallelism = if cards > 1 {
                    Parallelism::Layer
                } else {
                    Parallelism::None
                };
            }
            Engine::Llamacpp => {
                // Layer split; compute buffer for one micro-batch in fp32 (12*I + 16*h per
                // token = the 6*I + 8*h tensors above at 4 bytes) + logits for the micro-batch;
                // without flash attention, the f32 KQ matrix and its softmax for the micro-batch
                // against the whole cache.
                let ub = (tokens * batch).min(LLAMACPP_UBATCH as f64);
                let mut a = ub
                    * (12.0 * shape.ffn_width_active_per_token()
                        + 16.0 * shape.hidden as f64
                        + 4.0 * shape.vocab as f64);
                if eager {
                    a += ub * tokens * heads * LLAMACPP_KQ_BYTES;
                }
                let w = layer_split_weights(shape, &split, cards);
                let share = layers_per_card(shape, cards) / shape.layers.max(1) as f64;
                let kv = kv_total * share;
                p.set(n, w_total, kv_total, [w, kv, a, 0.0, ctx], a * n, 0.0);
                p.parallelism = if cards > 1 {
                    Parallelism::Layer
                } else {
                    Parallelism::None
                };
            }
        }
        return p;
    }

    // ---- training ----
    let pc = &shape.params;
    let trainable = match req.task {
        Task::Full => pc.total,
        _ => shape.lora_params_on(opts.lora_rank, req.lora_targets),
    };
    // Full fine-tune keeps bf16 weights; LoRA keeps the frozen base in its format.
    let mut base = if req.task == Task::Full {
        weight_bytes(shape, Quant::Bf16)
    } else {
        w_total
    };
    // A trainer that holds the head as its own linear layer (`ModelLayout::LitGpt`):
    // a tied model gains a second copy, a 4-bit base stores the head in 4 bits instead of 16,
    // and the 16-bit dequantized head is live at the loss peak (see `head_dequant` below).
    // Measured: LitGPT config hub, Llama-3.2-1B/3B (tied, 128k vocabulary) Q-LoRA were 20-22 %
    // under without it, LoRA 14 %; the untied 7-8B rows move by 1-6 %. With the LoRA dropout
    // copies below, TinyLlama's all-linear LoRA and Q-LoRA at 8 x 512 tokens (21 % and 25 %
    // under without them) are within 7 %.
    let head_params = shape.vocab as f64 * shape.hidden as f64;
    let own_head = req.layout == ModelLayout::LitGpt && req.task != Task::Full;
    if own_head {
        let head_bytes = if req.quant.gguf_bpw().is_some() {
            0.0
        } else {
            req.quant.linear_bits() / 8.0
        };
        let held = pc.lm_head * req.quant.unquantized_bytes();
        base += head_params * head_bytes - held;
    }
    let head_dequant = if own_head && req.quant.is_low_bit() {
        head_params * 2.0
    } else {
        0.0
    };
    // Trainable parameters: bf16 copy (LoRA adapters; for full FT it is the base itself) +
    // bf16 gradient (2) + optimizer K (ZeRO paper: 2 + 2 + K, K = 12 for mixed-precision Adam).
    let k = opts.optimizer.state_bytes();
    let adapter_weights = if req.task == Task::Full {
        0.0
    } else {
        trainable * 2.0
    };
    let grads = trainable * 2.0;
    let optim = trainable * k;
    let zero = if cards > 1 {
        opts.zero.unwrap_or(Zero::Three)
    } else {
        Zero::Off
    };
    // ZeRO-3 gathers the layer being computed and prefetches the next: two layers of the base
    // live in full on every card (DeepSpeed `stage3_prefetch_bucket_size`,
    // `stage3_max_live_parameters`; FSDP gathers one unit and prefetches one).
    let live = 2.0 * base / shape.layers.max(1) as f64;
    let (base_c, grads_c, optim_c) = match zero {
        Zero::Off => (base, grads, optim),
        Zero::One => (base, grads, optim / n),
        Zero::Two => (base, grads / n, optim / n),
        Zero::Three => ((base / n + live).min(base), grads / n, optim / n),
    };
    // Activations per token (bf16, FlashAttention, SwiGLU), after Korthikanti et al. 2022
    // (arXiv:2205.05198, eq. 1: s*b*h*(34 + 5*a*s/h) per layer for GPT), with the MLP term
    // rewritten for a gated FFN and the s^2 term removed by FlashAttention/SDPA:
    // 16*h + 8*I bytes per layer. Plus the loss head (`LossHead::bytes_per_vocab` * V).
    // Without checkpointing every layer's activations are alive when the loss backward starts:
    // they add. Gradient checkpointing keeps each layer's input (2*h) and recomputes one
    // layer at a time, and the recompute of the last layer only starts once the loss head's
    // backward has freed its buffers: the peak is the checkpoints plus the larger of the two,
    // not their sum (fms-acceleration Mistral-7B LoRA at 4096 x 4 and 4096 x 8 tokens: the
    // measured 735 KB per token is the checkpoints + the loss head alone).
    // Eager attention keeps the s^2 scores of every layer for the backward pass (fp32 softmax
    // output 4 + bf16 probabilities 2 = 6 bytes per element and head), or, with checkpointing,
    // those of the one layer being recomputed plus their gradient (EAGER_SCORE_BYTES).
    // Q-LoRA on bitsandbytes weights goes through PEFT `prepare_model_for_kbit_training`, which
    // casts every remaining 16-bit parameter to fp32 (GPTQ models are exempt). The RMSNorm
    // weights become fp32, so each norm's output, and from the first residual add on the whole
    // hidden-width stream, is fp32: 4 bytes per hidden element instead of 2 (the norms are too
    // small to show in the weights). Measured: fms-acceleration Mistral-7B at 4096 x 4 and x 8
    // tokens, bitsandbytes Q-LoRA with PEFT's preparation holds 999 KB of peak per token, its
    // accelerated plugin (no fp32 cast) and bf16 LoRA 735 KB: the 264 KB difference is the
    // 32 layers x 4096 checkpointed inputs at 2 more bytes. Applied to every bitsandbytes
    // 4-bit training: LitGPT's own 4-bit path (no PEFT) holds even more per token than this.
    // Off (`FitRequest::kbit_upcast`) for a trainer that skips the cast: fms-acceleration's
    // accelerated plugin, Llama-2-70B at 4096 x 4 tokens, 34 % over with the fp32 stream, 3 %
    // without.
    // A GPTQ base trained on several cards (FSDP) gains nothing per card from the sharding:
    // in the fms-acceleration table at 04702cc5, GPTQ-LoRA at 4 x 4096 tokens holds 14.80 GiB
    // on one A100 and 15.15 GiB on each of two, while bitsandbytes Q-LoRA and bf16 LoRA fall
    // from 21.26 to 15.45 and from 24.32 to 19.96. Which tensor eats the saving is not known
    // (the GPTQ plugin re-registers its integer weights as `torch_dtype` parameters for FSDP);
    // each card is sized as one card alone (at the end).
    let sharded_gptq = cards > 1
        && req.task == Task::Qlora
        && matches!(req.quant, Quant::GptqInt4 | Quant::Int4 | Quant::Awq);
    let stream = if req.quant == Quant::Nf4 && req.task != Task::Full && req.kbit_upcast {
        4.0
    } else {
        2.0
    };
    // bitsandbytes casts each fp32 input to the compute dtype and its output back to fp32, so
    // all eight hidden-width tensors a layer keeps are fp32 (LitGPT's no-checkpointing 4-bit
    // rows hold even more per token).
    // LoRA dropout: every adapter with its own dropout keeps the dropped-out copy of its input
    // (2 bytes) and the mask (1 byte) per input element for the backward pass, on top of the
    // layer's own tensors: `ModelLayout::lora_dropout_inputs` wide per token.
    let dropout = if req.task.is_training() && req.task != Task::Full && req.lora_dropout {
        3.0 * lora_dropout_inputs(shape, req.lora_targets, req.layout)
    } else {
        0.0
    };
    let per_layer =
        8.0 * stream * shape.hidden as f64 + 8.0 * shape.ffn_width_active_per_token() + dropout;
    let layers = shape.layers as f64;
    let loss_tok = req.loss.bytes_per_vocab() * shape.vocab as f64;
    let act_tok = if req.grad_checkpointing {
        layers * stream * shape.hidden as f64 + per_layer.max(loss_tok)
    } else {
        layers * per_layer + loss_tok
    };
    let mut a = act_tok * tokens * batch + head_dequant;
    if eager {
        let per_elem = if req.grad_checkpointing {
            EAGER_SCORE_BYTES + 6.0
        } else {
            6.0 * layers
        };
        a += batch * tokens * tokens * (per_elem * heads + 2.0);
    }
    let reserve_share = if req.quant.is_low_bit() {
        TRAINING_RESERVE_QUANTIZED
    } else {
        TRAINING_RESERVE
    };
    let reserve = reserve_share * (base_c + adapter_weights + grads_c + optim_c + a);
    p.set(
        n,
        base_c * n + adapter_weights * n,
        0.0,
        [
            base_c + adapter_weights,
            0.0,
            a,
            grads_c + optim_c,
            ctx + reserve,
        ],
        a * n,
        (grads_c + optim_c) * n,
    );
    p.parallelism = match zero {
        _ if cards == 1 => Parallelism::None,
        Zero::Off => Parallelism::Data,
        Zero::One => Parallelism::Zero1,
        Zero::Two => Parallelism::Zero2,
        Zero::Three => Parallelism::Zero3,
    };
    if sharded_gptq {
        let mut one = req.clone();
        one.cards = 1;
        let single = compute(shape, &one, opts);
        let c = single.card;
        p.set(n, c[0] * n, 0.0, c, c[2] * n, c[3] * n);
    }
    p
}

/// Elements per token of the inputs that carry their own LoRA dropout in one decoder layer:
/// one per adapted matrix (PEFT wraps q, k, v, o, gate, up and down separately; LitGPT's fused
/// `qkv` has one adapter), each as wide as the matrix's input: the hidden size, or the FFN
/// width for the down projection.
pub(super) fn lora_dropout_inputs(shape: &Shape, targets: LoraTargets, layout: ModelLayout) -> f64 {
    let h = shape.hidden as f64;
    let i = shape.ffn_width_active_per_token();
    let qkv = match layout {
        ModelLayout::Transformers => 3.0,
        ModelLayout::LitGpt => 1.0,
    };
    match (targets, layout) {
        (LoraTargets::QueryValue, ModelLayout::Transformers) => 2.0 * h,
        (LoraTargets::QueryValue, ModelLayout::LitGpt) => h,
        (LoraTargets::Attention, _) => (qkv + 1.0) * h,
        (LoraTargets::AllLinear, _) => (qkv + 3.0) * h + i,
    }
}

/// The stated uncertainty of an estimate, in percent, by kind of configuration, and whether
/// public measurements back it. A measured margin is the worst error of the public rows of that
/// kind in `bot-core/tests/data/fit_reference.toml`, rounded up to the next 5 %, and
/// `bot-core/tests/suite/fit_reference.rs` asserts that it covers every one of them. Where no measured row
/// covers a kind, the margin is a stated guess (`false`), wider than any measured one.
pub fn margin_pct(req: &FitRequest) -> (f64, bool) {
    let eager_long = req.attention().materializes_scores() && req.context > 16_384;
    match (req.task, req.engine) {
        // No measured row with a materialized score matrix beyond 16k tokens.
        _ if eager_long => (30.0, false),
        // Qwen2 (A100, Transformers 4.38), Qwen2.5 (A100) and Qwen3 (H20) transformers tables,
        // OctoCoder docs: worst 13.8 %; all measured at batch 1.
        (Task::Infer, Engine::Transformers) if req.batch == 1 => (15.0, true),
        // No measured inference row at batch > 1, none for vLLM's memory, none for llama.cpp's
        // runtime buffers (only its file sizes, within 6 %).
        (Task::Infer, _) => (25.0, false),
        // Qwen v1 README full fine-tuning (ZeRO-3, 2 x A100): worst 16.6 % of the estimate.
        (Task::Full, _) => (20.0, true),
        // Q-LoRA: worst is Mixtral-8x7B on bitsandbytes 4-bit at 8 x 4096 tokens, 14.2 % of
        // the estimate above it (Qwen v1 README, fms-acceleration and LitGPT tables).
        (Task::Qlora, _) => (15.0, true),
        // LoRA: worst is Qwen-7B (v1) at 4096 tokens, 12.5 % of the estimate above it.
        _ => (15.0, true),
    }
}

/// The estimate for one request (default options).
pub fn estimate(catalog: &Catalog, req: &FitRequest) -> Result<FitReport, FitError> {
    estimate_with(catalog, req, &FitOptions::default())
}

/// The estimate for one request with explicit options.
pub fn estimate_with(
    catalog: &Catalog,
    req: &FitRequest,
    opts: &FitOptions,
) -> Result<FitReport, FitError> {
    validate(req)?;
    let shape = match req.model {
        ModelRef::Known(m) => Shape::from_model(m)?,
        ModelRef::BySize { params_b, .. } => Shape::llama_like(params_b),
    };
    let parts = compute(&shape, req, opts);
    let mut warnings = Vec::new();
    let name = match req.model {
        ModelRef::Known(m) => m.id.clone(),
        ModelRef::BySize { params_b, active_b } => match active_b {
            Some(a) => format!("{}b-a{}b", trim_num(params_b), trim_num(a)),
            None => format!("{}b", trim_num(params_b)),
        },
    };
    if let ModelRef::BySize { .. } = req.model {
        warnings.push(
            Msg::new("fit-warn-size-only")
                .arg("layers", shape.layers)
                .arg("hidden", shape.hidden)
                .arg("kv_heads", shape.kv_heads),
        );
    }
    if let ModelRef::Known(m) = req.model {
        if m.max_context > 0 && req.context > m.max_context {
            warnings.push(
                Msg::new("fit-warn-context")
                    .arg("context", req.context)
                    .arg("max", m.max_context),
            );
        }
        if m.is_moe() {
            warnings.push(
                Msg::new("fit-warn-moe")
                    .arg("total", round2(shape.params.total / 1e9))
                    .arg("active", round2(shape.params.active / 1e9)),
            );
        }
        if m.uses_mla() && req.engine == Engine::Transformers && !req.task.is_training() {
            warnings.push(Msg::new("fit-warn-mla-transformers"));
        }
    }
    if !req.task.is_training() && req.engine == Engine::Vllm && req.cards > shape.kv_heads {
        warnings.push(
            Msg::new("fit-warn-kv-replicated")
                .arg("cards", req.cards)
                .arg("kv_heads", shape.kv_heads),
        );
    }
    if req.quant.is_gguf() && req.engine != Engine::Llamacpp {
        warnings.push(Msg::new("fit-warn-gguf-engine").arg("quant", req.quant.key()));
    }
    if !req.task.is_training() && req.engine == Engine::Vllm {
        warnings.push(
            Msg::new("fit-warn-vllm-prealloc")
                .arg("util", VLLM_GPU_MEMORY_UTILIZATION * 100.0)
                .arg("tokens", VLLM_MAX_BATCHED_TOKENS),
        );
    }
    if req.task.is_training() && req.cards > 1 {
        let z = opts.zero.unwrap_or(Zero::Three);
        warnings.push(Msg::new("fit-warn-zero").arg("stage", zero_key(z)));
    }

    let to_gib = |b: f64| round2(b / GIB);
    let total = parts.weights + parts.kv + parts.act + parts.optim + parts.overhead;
    let trainable = match req.task {
        Task::Infer => 0.0,
        Task::Full => shape.params.total,
        _ => shape.lora_params_on(opts.lora_rank, req.lora_targets),
    };
    let (margin_pct, margin_measured) = margin_pct(req);
    let mut report = FitReport {
        model: name,
        quant: req.quant.key().to_string(),
        task: req.task.key().to_string(),
        engine: req.engine.key().to_string(),
        context: req.context,
        batch: req.batch,
        cards: req.cards,
        total_gib: to_gib(total),
        per_gpu_gib: to_gib(parts.per_card),
        per_gpu: CardParts {
            weights_gib: to_gib(parts.card[0]),
            kv_cache_gib: to_gib(parts.card[1]),
            activations_gib: to_gib(parts.card[2]),
            optimizer_gib: to_gib(parts.card[3]),
            overhead_gib: to_gib(parts.card[4]),
        },
        parallelism: parts.parallelism.key().to_string(),
        attention: req.attention().key().to_string(),
        weights_gib: to_gib(parts.weights),
        kv_cache_gib: to_gib(parts.kv),
        activations_gib: to_gib(parts.act),
        optimizer_gib: to_gib(parts.optim),
        overhead_gib: to_gib(parts.overhead),
        params_b: round2(shape.params.total / 1e9),
        active_params_b: round2(shape.params.active / 1e9),
        trainable_params_b: (trainable / 1e9 * 1e4).round() / 1e4,
        kv_bytes_per_token: kv_bytes_per_token(&shape, req.engine, opts.kv_cache),
        gpu: None,
        fits: None,
        margin_gib: None,
        options: Vec::new(),
        size_only: matches!(req.model, ModelRef::BySize { .. }),
        warnings: Vec::new(),
        warning_ids: Vec::new(),
        margin_pct,
        margin_measured,
    };

    match req.gpu {
        Some(g) => {
            let vram = g.vram_gib();
            report.gpu = Some(g.id.clone());
            report.fits = Some(parts.per_card <= vram * GIB);
            report.margin_gib = Some(round2(vram - parts.per_card / GIB));
            if req.cards > 1 {
                warnings.push(
                    Msg::new("fit-warn-multi-card")
                        .arg("cards", req.cards)
                        .arg("interconnect", g.interconnect.as_str())
                        // The engine knows no language: both texts travel, each locale picks.
                        .arg("interconnect_zh", g.interconnect_text(true)),
                );
            }
        }
        None => {
            report.options = options(catalog, &shape, req, opts);
        }
    }
    report.warning_ids = warnings.iter().map(|m| m.id.clone()).collect();
    report.warnings = warnings;
    Ok(report)
}

pub(super) fn zero_key(z: Zero) -> &'static str {
    match z {
        Zero::Off => "0",
        Zero::One => "1",
        Zero::Two => "2",
        Zero::Three => "3",
    }
}

/// Every catalog card type with the fewest cards (1, 2, 4, 8) that hold the job, cheapest
/// known hourly price first (cards without a catalog price after, by class and VRAM).
pub(super) fn options(
    catalog: &Catalog,
    shape: &Shape,
    req: &FitRequest,
    opts: &FitOptions,
) -> Vec<FitOption> {
    // The memory a job needs per card depends on the card count, not on the card (no card is
    // named here): computed once per count, not once per catalog GPU.
    let per_card: Vec<(u32, f64)> = CARD_COUNTS
        .into_iter()
        .map(|cards| {
            let mut r = req.clone();
            r.cards = cards;
            (cards, compute(shape, &r, opts).per_card)
        })
        .collect();
    // Each option with its card's tier (the sort's tie-break), so sorting looks nothing up.
    let mut out: Vec<(FitOption, u8)> = Vec::new();
    for g in &catalog.gpus {
        let vram = g.vram_gib() * GIB;
        if let Some(&(cards, need)) = per_card.iter().find(|(_, need)| *need <= vram) {
            let price = crate::billing::cheapest_hourly_usd(catalog, &g.id);
            out.push((
                FitOption {
                    gpu: g.id.clone(),
                    cards,
                    per_gpu_gib: round2(need / GIB),
                    fits: true,
                    vram_gb: g.vram_gb,
                    interconnect: g.interconnect.clone(),
                    // Kept unrounded: answers convert it back to the user's currency, and a
                    // rounded USD cent would turn ¥1.66 into ¥1.65.
                    usd_per_hour: price.as_ref().map(|(p, _)| p * Decimal::from(cards)),
                    price_as_of: price.map(|(_, d)| d),
                    // Decode over the average context of a generation (half the sequence).
                    decode_tok_s: (!req.task.is_training())
                        .then(|| {
                            super::throughput::decode_with_shape(
                                shape,
                                req.quant,
                                g,
                                cards,
                                req.engine,
                                req.batch,
                                req.context / 2,
                            )
                            .ok()
                        })
                        .flatten(),
                },
                g.tier,
            ));
        }
    }
    // Positions are sorted, not the options (each a few hundred bytes, moved at every step of
    // the sort otherwise); stable either way, so the order is the same.
    let mut order: Vec<usize> = (0..out.len()).collect();
    order.sort_by(|&i, &j| {
        let ((a, ta), (b, tb)) = (&out[i], &out[j]);
        match (a.usd_per_hour, b.usd_per_hour) {
            (Some(x), Some(y)) => x.cmp(&y),
            (Some(_), None) => std::cmp::Ordering::Less,
            (None, Some(_)) => std::cmp::Ordering::Greater,
            (None, None) => (a.cards * u32::from(*ta))
                .cmp(&(b.cards * u32::from(*tb)))
                .then(a.vram_gb.total_cmp(&b.vram_gb)),
        }
        .then(a.cards.cmp(&b.cards))
        .then(a.gpu.cmp(&b.gpu))
    });
    let mut slots: Vec<Option<FitOption>> = out.into_iter().map(|(o, _)| Some(o)).collect();
    order.into_iter().filter_map(|i| slots[i].take()).collect()
}

/// Rounds to 2 decimals (what answers and JSON show).
pub fn round2(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

pub(super) fn trim_num(x: f64) -> String {
    let s = format!("{x:.2}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}
