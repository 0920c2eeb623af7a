//! A model's shape and its parameter counts, layer by layer, from `config.json` facts.

mod mixer;
mod templates;

use super::FitError;
use crate::catalog::Model;

/// MLA (multi-head latent attention, DeepSeek-V2/V3) dimensions.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Mla {
    pub kv_lora_rank: u32,
    pub q_lora_rank: u32,
    pub qk_rope: u32,
    pub qk_nope: u32,
    pub v_head: u32,
}

/// DeepSeek-V4's hybrid attention, summed over the layers (`Model::compress_ratios`): every
/// layer caches one shared key-value entry of `head_dim` per token, for the last `window`
/// tokens in full and for every r-th token compressed (r = 4 or 128); the ratio-4 layers also
/// cache the indexer's key (`index_head_dim`) per compressed entry. Which layer has what is
/// read from DeepSeek's reference inference code (`Attention.__init__`: a `Compressor` and an
/// `Indexer` when the ratio is 4, a `Compressor` alone when it is larger).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Compressed {
    /// Cached elements per token of context, all layers together.
    pub per_token: f64,
    /// Elements per token of the sliding window, all layers together.
    pub window_per_token: f64,
    /// Sliding-window length, tokens.
    pub window: u32,
    /// Attention matrices of one layer: low-rank query, the one key-value projection, the
    /// grouped low-rank output.
    pub attn_params: f64,
}

/// Layers whose attention sees only the last `window` tokens (gpt-oss: 18 of 36 layers at 128
/// tokens, config.json `layer_types`): most engines keep their KV cache for about the window
/// alone (`swa::sliding_tokens` says how much, per engine).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Sliding {
    pub layers: u32,
    pub window: u32,
    /// The other (full-attention) layers' KV heads and head width: the model's own where they
    /// are their own (Gemma-4: 2 x 512 against the sliding layers' 8 x 256), else the shape's.
    pub full_kv_heads: u32,
    pub full_head_dim: u32,
}

/// Parameter counts derived from the config.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct ParamCounts {
    /// Token embedding, V x h.
    pub embed: f64,
    /// Output head, V x h when untied, else 0.
    pub lm_head: f64,
    /// Every matmul weight inside the decoder layers (attention, FFN, experts, routers).
    pub linear: f64,
    /// Norms, and whatever the published total holds beyond the text decoder (a vision
    /// tower, a multi-token-prediction head): kept 16-bit by quantizers.
    pub other: f64,
    pub total: f64,
    /// Parameters read per generated token (MoE: routed top-k + shared experts only).
    pub active: f64,
}

/// The architecture facts the estimator needs.
#[derive(Debug, Clone, PartialEq)]
pub struct Shape {
    pub layers: u32,
    pub hidden: u32,
    pub heads: u32,
    pub kv_heads: u32,
    pub head_dim: u32,
    pub intermediate: u32,
    pub vocab: u32,
    pub tied: bool,
    pub experts: u32,
    pub experts_per_token: u32,
    pub moe_intermediate: u32,
    pub shared_experts: u32,
    pub dense_layers: u32,
    pub mla: Option<Mla>,
    pub compressed: Option<Compressed>,
    /// Layers attending over a sliding window only, and the window (`Model::sliding_layers`).
    pub sliding: Option<Sliding>,
    /// A hybrid model's layers with a fixed state per sequence, not a KV cache
    /// (`Model::recurrent`, `vram::recurrent`).
    pub recurrent: Option<crate::catalog::RecurrentLayers>,
    /// The checkpoint's multi-token-prediction layers (`Model::mtp_layers`, `vram::spec_decode`).
    pub mtp_layers: u32,
    pub params: ParamCounts,
    /// Bytes per vocabulary entry per prompt token that the model's own code holds at the
    /// prefill peak when run in Transformers: 0 where Transformers keeps the last position's
    /// logits only; see [`prompt_logit_bytes`].
    pub prompt_logit_bytes: f64,
    /// Decoder-matrix parameters the publisher's FP8 checkpoint keeps in 16-bit
    /// (`Model::fp8_scope`); 0 = every matrix is FP8.
    pub fp8_kept_16bit: f64,
    /// Decoder-matrix parameters the model's NVFP4 checkpoint keeps in 16-bit
    /// (`Model::nvfp4_scope`); 0 = every matrix is NVFP4.
    pub nvfp4_kept_16bit: f64,
    /// The checkpoint's 4-bit GPTQ / AWQ group size where it is not 128
    /// (`Model::int4_group_size`); 0 = 128.
    pub int4_group: u32,
    /// Whether the published checkpoint stores the decoder matrices beside its MXFP4 experts in
    /// FP8, not 16-bit (`Model::checkpoint_declared` fp8: DeepSeek-V4).
    pub experts_rest_fp8: bool,
    /// Whether each attention layer normalizes its queries and keys per head (`qk_norm`).
    pub qk_norm: bool,
}

/// Families whose Transformers attention normalizes queries and keys per head before RoPE
/// (`q_norm` / `k_norm`, an RMSNorm over `head_dim`): Qwen3 and its MoE, Next, VL and Coder
/// kin (`models/qwen3/modeling_qwen3.py` `Qwen3Attention`), Gemma 3
/// (`models/gemma3/modeling_gemma3.py` `Gemma3Attention`).
pub fn qk_norm(family: &str) -> bool {
    family.starts_with("qwen3") || family.starts_with("gemma3")
}

/// Families whose own modelling code (`trust_remote_code`) runs the output layer over every
/// prompt position at prefill and keeps those 16-bit logits until the step ends: GLM-4's
/// ChatGLM-style code. Measured: THUDM/GLM-4 basic_demo/README @c0a6d1e (GLM-4-9B-Chat, BF16,
/// nvidia-smi) grows by 300 KB per prompt token beyond its 40 KB of KV cache from 8k to 128k
/// input = one bf16 row of its 151552-entry vocabulary (303 KB) per token, and the same in
/// bitsandbytes 4-bit; Transformers' own models (`logits_to_keep`) do not.
///
/// Transformers' own Qwen2-VL does too: `Qwen2VLForConditionalGeneration.forward` takes no
/// `logits_to_keep` in any release from 4.45.0 to 4.57.1 (nor on main at 00b676f8), so the
/// prefill runs `lm_head` over every position and returns those 16-bit logits
/// (`models/qwen2_vl/modeling_qwen2_vl.py`), held until generate drops the step's outputs.
/// 4.45.0 also upcast them (`logits = logits.float()`, line 1720), which the request's
/// `prompt_logits` sizes; from 4.46.0 the upcast is under `if labels is not None`.
/// Qwen2.5-VL took `logits_to_keep` between 4.53 and 4.55, so not today.
pub fn prompt_logit_bytes(family: &str) -> f64 {
    match family {
        "glm4" | "qwen2-vl" => 2.0,
        _ => 0.0,
    }
}

/// The hybrid attention of a model with `compress_ratios` (see [`Compressed`]).
fn compressed(m: &Model, head_dim: u32) -> Option<Compressed> {
    if m.compress_ratios.is_empty() {
        return None;
    }
    let d = head_dim as f64;
    let per_token = m
        .compress_ratios
        .iter()
        .take(m.layers as usize)
        .map(|&r| match r {
            0 | 1 => 0.0,
            4 => (d + m.index_head_dim as f64) / 4.0,
            r => d / r as f64,
        })
        .sum();
    let h = m.hidden as f64;
    let q_out = m.heads as f64 * d;
    let q = h * m.q_lora_rank as f64 + m.q_lora_rank as f64 * q_out;
    let o = q_out * m.o_lora_rank as f64 + m.o_groups as f64 * m.o_lora_rank as f64 * h;
    Some(Compressed {
        per_token,
        window_per_token: m.layers as f64 * d,
        window: m.sliding_window,
        attn_params: q + h * d + o,
    })
}

impl Shape {
    /// From a catalog model. The published `params_b` is kept as the total when it exceeds the
    /// count from the config (a vision tower, an MTP module); the difference is `other`.
    pub fn from_model(m: &Model) -> Result<Shape, FitError> {
        if m.layers == 0 || m.hidden == 0 || m.heads == 0 {
            return Err(FitError::IncompleteModel(m.id.clone()));
        }
        let mla = (m.kv_lora_rank > 0).then_some(Mla {
            kv_lora_rank: m.kv_lora_rank,
            q_lora_rank: m.q_lora_rank,
            qk_rope: m.qk_rope_head_dim,
            qk_nope: m.qk_nope_head_dim,
            v_head: m.v_head_dim,
        });
        let head_dim = if m.head_dim > 0 {
            m.head_dim
        } else {
            m.hidden / m.heads
        };
        let mut s = Shape {
            layers: m.layers,
            hidden: m.hidden,
            heads: m.heads,
            kv_heads: m.kv_heads.max(1),
            head_dim,
            intermediate: m.intermediate,
            vocab: m.vocab,
            tied: m.tied_embeddings,
            experts: m.experts,
            experts_per_token: m.experts_per_token,
            moe_intermediate: m.moe_intermediate,
            shared_experts: m.shared_experts,
            dense_layers: if m.experts > 0 { m.dense_layers } else { 0 },
            mla,
            compressed: compressed(m, head_dim),
            sliding: (m.sliding_layers > 0 && m.compress_ratios.is_empty()).then_some(Sliding {
                layers: m.sliding_layers.min(m.layers),
                window: m.sliding_window,
                full_kv_heads: if m.global_kv_heads > 0 {
                    m.global_kv_heads
                } else {
                    m.kv_heads.max(1)
                },
                full_head_dim: if m.global_head_dim > 0 {
                    m.global_head_dim
                } else {
                    head_dim
                },
            }),
            recurrent: m.recurrent,
            mtp_layers: m.mtp_layers,
            params: ParamCounts::default(),
            prompt_logit_bytes: prompt_logit_bytes(&m.family),
            fp8_kept_16bit: 0.0,
            nvfp4_kept_16bit: 0.0,
            int4_group: 0,
            experts_rest_fp8: m.checkpoint_declared.as_deref() == Some("fp8"),
            qk_norm: qk_norm(&m.family),
        };
        s.params = s.count(Some(m.params_b * 1e9), Some(m.active_params_b * 1e9));
        s.int4_group = m.int4_group_size.unwrap_or(0);
        if m.fp8_scope.as_deref() == Some("ffn-inner") && !s.is_moe() {
            // Attention of every layer and the whole first and last layers stay 16-bit.
            let layers = s.layers as f64;
            s.fp8_kept_16bit = layers * s.attn_params() + 2.0 * s.ffn(s.intermediate);
        }
        if m.nvfp4_scope.as_deref() == Some("mlp") {
            // Every layer's attention projections stay 16-bit.
            s.nvfp4_kept_16bit = s.layers as f64 * s.attn_params();
        }
        Ok(s)
    }

    /// A formula shape for a size (the fallback of [`Shape::size_only`] when the catalog has
    /// no dense model): head_dim 128, gated FFN of width
    /// 2.6875 x hidden (Llama-2: 11008 / 4096), vocabulary 32000, untied head; grouped-query
    /// attention with 8 KV heads at every size (Llama-3 8B/70B/405B, Mistral-7B/Small-24B,
    /// Qwen2.5-14B/32B/72B all have 8; full multi-head attention is a 2023 shape). Hidden size by size class as in Llama-2/3; the layer
    /// count is solved so the parameters add up.
    pub fn llama_like(params_b: f64) -> Shape {
        let p = params_b * 1e9;
        let hidden: u32 = match params_b {
            x if x < 1.5 => 2048,
            x if x < 5.0 => 3072,
            x if x < 10.0 => 4096,
            x if x < 20.0 => 5120,
            x if x < 45.0 => 6656,
            x if x < 150.0 => 8192,
            _ => 16384,
        };
        let h = hidden as f64;
        let heads = hidden / 128;
        let kv_heads = heads.min(8);
        let inter = ((2.6875 * h) / 256.0).round() as u32 * 256;
        let vocab = 32000u32;
        let per_layer = 2.0 * h * h + 2.0 * h * (kv_heads as f64 * 128.0) + 3.0 * h * inter as f64;
        let layers = ((p - 2.0 * vocab as f64 * h) / per_layer).round().max(1.0) as u32;
        let mut s = Shape {
            layers,
            hidden,
            heads,
            kv_heads,
            head_dim: 128,
            intermediate: inter,
            vocab,
            tied: false,
            experts: 0,
            experts_per_token: 0,
            moe_intermediate: 0,
            shared_experts: 0,
            dense_layers: 0,
            mla: None,
            compressed: None,
            sliding: None,
            recurrent: None,
            mtp_layers: 0,
            params: ParamCounts::default(),
            prompt_logit_bytes: 0.0,
            qk_norm: false,
            fp8_kept_16bit: 0.0,
            nvfp4_kept_16bit: 0.0,
            int4_group: 0,
            experts_rest_fp8: false,
        };
        s.params = s.count(Some(p), Some(p));
        s
    }

    /// The catalog's plain dense models a size-only guess may be shaped like: current (not
    /// superseded), no experts, no latent or compressed attention, grouped-query attention, a
    /// shape of their own.
    fn template_models() -> impl Iterator<Item = &'static Model> {
        crate::catalog::embedded_base_models().iter().filter(|m| {
            m.superseded_by.is_none()
                && m.experts == 0
                && m.kv_lora_rank == 0
                && m.compress_ratios.is_empty()
                && Shape::grouped_query(m.heads, m.kv_heads)
                && m.params_b > 0.0
                && Shape::from_model(m).is_ok()
        })
    }

    /// Grouped-query attention as Ainslie et al. define it (arXiv:2305.13245): G groups of
    /// query heads share a KV head, 1 < G < H. G = H is multi-head attention (Llama-2-7B,
    /// OLMo-2, Command-R v01: 64 KV heads), G = 1 multi-query (Falcon-7B); a guess shaped like
    /// either end sizes the KV cache 4-64x away from a current model of that size, whose
    /// cache the guess stands for.
    fn grouped_query(heads: u32, kv_heads: u32) -> bool {
        kv_heads > 1 && kv_heads < heads
    }

    /// A dense model known only by its size, shaped like [`Shape::size_template`]: the
    /// template's layers, KV heads, head dim, vocabulary and width ratios (query width and
    /// FFN width over hidden size), with the hidden size scaled (in steps of 64) so the
    /// parameters add up to the size. Depth and the KV cache per token stay those of a real
    /// model; only the width follows the size. The template's family quirks (GLM-4's prompt
    /// logits, Meta's FP8 scope) are not carried over. Falls back to [`Shape::llama_like`]
    /// when the catalog has no dense model.
    pub fn size_only(params_b: f64) -> Shape {
        match Shape::size_template(params_b) {
            Some(t) => Shape::size_only_from(t, params_b),
            None => Shape::llama_like(params_b),
        }
    }

    /// [`Shape::size_only`] shaped like the template `t`.
    pub fn size_only_from(t: &Model, params_b: f64) -> Shape {
        let Ok(mut base) = Shape::from_model(t) else {
            return Shape::llama_like(params_b);
        };
        base.prompt_logit_bytes = 0.0;
        base.fp8_kept_16bit = 0.0;
        base.nvfp4_kept_16bit = 0.0;
        base.experts_rest_fp8 = false;
        // A hybrid template's recurrent layers are its own, not a size's.
        base.recurrent = None;
        let p = params_b * 1e9;
        let scaled = |hidden: u32| -> Shape {
            let r = hidden as f64 / base.hidden as f64;
            let mut s = base.clone();
            s.hidden = hidden;
            let groups = (base.heads as f64 * r / base.kv_heads as f64)
                .round()
                .max(1.0) as u32;
            s.heads = groups * base.kv_heads;
            s.intermediate = ((base.intermediate as f64 * r / 64.0).round().max(1.0) as u32) * 64;
            s
        };
        // Within 1% of the template's own size: the template as it is.
        let mut best = if (t.params_b / params_b - 1.0).abs() <= 0.01 {
            base.clone()
        } else {
            let total = |s: &Shape| s.count(None, None).total;
            let mut best = scaled(64);
            for hidden in (128..=65_536).step_by(64) {
                let s = scaled(hidden);
                if (total(&s) - p).abs() < (total(&best) - p).abs() {
                    best = s;
                }
            }
            best
        };
        best.params = best.count(Some(p), Some(p));
        best
    }

    /// A model known only by its size: dense, [`Shape::size_only`], for `12b`; for a raw MoE size
    /// (`671b-a37b`) a skeleton of the active size ([`Shape::size_only`]) whose FFN is split into experts
    /// of 1/8 its width, 8 routed per token, with as many experts as make up the total: memory
    /// holds the total, KV cache and activations follow the active skeleton (a 671B dense
    /// shape would have 2-3x the layers and width of DeepSeek-V3's and a KV cache to match).
    pub fn by_size(params_b: f64, active_b: Option<f64>) -> Shape {
        let sized = active_b.filter(|a| *a < params_b).unwrap_or(params_b);
        match Shape::size_template(sized) {
            Some(t) => Shape::by_size_from(t, params_b, active_b),
            None => Shape::by_size_with(Shape::llama_like(sized), params_b, active_b),
        }
    }

    /// [`Shape::by_size`] shaped like the template `t` (at the active size for a MoE).
    pub fn by_size_from(t: &Model, params_b: f64, active_b: Option<f64>) -> Shape {
        let sized = active_b.filter(|a| *a < params_b).unwrap_or(params_b);
        Shape::by_size_with(Shape::size_only_from(t, sized), params_b, active_b)
    }

    /// A dense skeleton `s` of the active size split into experts for a raw MoE size.
    fn by_size_with(mut s: Shape, params_b: f64, active_b: Option<f64>) -> Shape {
        let Some(active_b) = active_b.filter(|a| *a < params_b) else {
            return s;
        };
        let k = 8u32;
        let inter = s.intermediate;
        let per_expert = s.ffn(inter) / k as f64;
        let other_active = active_b * 1e9 - s.ffn(inter) * s.layers as f64;
        let experts_total = (params_b * 1e9 - other_active) / (per_expert * s.layers as f64);
        s.experts = (experts_total.round() as u32).max(k);
        s.experts_per_token = k;
        s.moe_intermediate = inter / k;
        s.params = s.count(Some(params_b * 1e9), Some(active_b * 1e9));
        s
    }

    pub fn is_moe(&self) -> bool {
        self.experts > 0
    }

    /// The routed and shared experts' FFN matrices, all layers (what MXFP4 checkpoints
    /// quantize); every decoder matrix for a dense model.
    pub fn expert_params(&self) -> f64 {
        if self.is_moe() {
            self.moe_layers() as f64
                * (self.experts + self.shared_experts) as f64
                * self.ffn(self.moe_intermediate)
        } else {
            self.params.linear
        }
    }

    /// The routed experts' FFN matrices alone, all layers (a shared expert left out); every
    /// decoder matrix for a dense model, as [`Shape::expert_params`].
    pub fn routed_expert_params(&self) -> f64 {
        if self.is_moe() {
            self.moe_layers() as f64 * self.experts as f64 * self.ffn(self.moe_intermediate)
        } else {
            self.params.linear
        }
    }

    /// Attention matmul parameters of one layer.
    pub fn attn_params(&self) -> f64 {
        if let Some(c) = &self.compressed {
            return c.attn_params;
        }
        let h = self.hidden as f64;
        match &self.mla {
            Some(m) => {
                let heads = self.heads as f64;
                let q = if m.q_lora_rank > 0 {
                    h * m.q_lora_rank as f64
                        + m.q_lora_rank as f64 * heads * (m.qk_nope + m.qk_rope) as f64
                } else {
                    h * heads * (m.qk_nope + m.qk_rope) as f64
                };
                let kv_a = h * (m.kv_lora_rank + m.qk_rope) as f64;
                let kv_b = m.kv_lora_rank as f64 * heads * (m.qk_nope + m.v_head) as f64;
                let o = heads * m.v_head as f64 * h;
                q + kv_a + kv_b + o
            }
            None => {
                let q = (self.heads * self.head_dim) as f64;
                let kv = (self.kv_heads * self.head_dim) as f64;
                2.0 * h * q + 2.0 * h * kv
            }
        }
    }

    /// Gated FFN (gate, up, down) of width `i`.
    fn ffn(&self, i: u32) -> f64 {
        3.0 * self.hidden as f64 * i as f64
    }

    pub(super) fn moe_layers(&self) -> u32 {
        if self.is_moe() {
            self.layers.saturating_sub(self.dense_layers)
        } else {
            0
        }
    }

    /// Counts every weight. `published`/`published_active`: the catalog's totals, used only
    /// when they exceed the count (then the excess is `other`).
    pub fn count(&self, published: Option<f64>, published_active: Option<f64>) -> ParamCounts {
        let h = self.hidden as f64;
        let v = self.vocab as f64;
        let l = self.layers as f64;
        let moe_l = self.moe_layers() as f64;
        let dense_l = l - moe_l;
        let attn = self.mixer_params();
        let dense_ffn = self.ffn(self.intermediate) * dense_l;
        let (moe_all, moe_active) = if self.is_moe() {
            let one = self.ffn(self.moe_intermediate);
            let router = h * self.experts as f64;
            (
                moe_l * ((self.experts + self.shared_experts) as f64 * one + router),
                moe_l * ((self.experts_per_token + self.shared_experts) as f64 * one + router),
            )
        } else {
            (0.0, 0.0)
        };
        let embed = v * h;
        let lm_head = if self.tied { 0.0 } else { v * h };
        let norms = 2.0 * h * l + h;
        let linear = attn + dense_ffn + moe_all;
        let counted = embed + lm_head + linear + norms;
        let extra = published.map_or(0.0, |p| (p - counted).max(0.0));
        let total = counted + extra;
        // The active count keeps attention on every layer, as before `mixer_params`: it is held
        // to the cards' figures (tests/data/model_cards.tsv), and Qwen3-Next's card gives only a
        // rounded "3B activated" where the mixers counted from the code give 3.25B without
        // embedding and head (mem_el, pass 122: left, not moved with the weights).
        let attn_active = self.attn_params() * l;
        let active_counted = embed + lm_head + attn_active + dense_ffn + moe_active + norms;
        // The published active count is used when it is larger (it includes what the config
        // does not show); never more than the total.
        let active = if self.is_moe() {
            published_active
                .map_or(active_counted, |a| a.max(active_counted))
                .min(total)
        } else {
            total
        };
        ParamCounts {
            embed,
            lm_head,
            linear,
            other: norms + extra,
            total,
            active,
        }
    }

    /// FFN width a token passes through (dense: `intermediate`; MoE: top-k + shared experts).
    pub fn ffn_width_active_per_token(&self) -> f64 {
        if self.is_moe() {
            ((self.experts_per_token + self.shared_experts) * self.moe_intermediate) as f64
        } else {
            self.intermediate as f64
        }
    }

    /// Experts per MoE layer whose matrices carry adapters under `all-linear`: the shared
    /// experts, plus every routed one when `routed` is set.
    pub fn adapted_experts(&self, routed: bool) -> f64 {
        let routed = if routed { self.experts } else { 0 };
        (routed + self.shared_experts) as f64
    }

    /// LoRA adapter parameters at rank `r` on every linear layer of every decoder layer, the
    /// routed experts of an MoE included: r x (d_in + d_out) per adapted matrix (Hu et al.
    /// 2021, LoRA, arXiv:2106.09685).
    pub fn lora_params(&self, r: u32) -> f64 {
        self.lora_params_on(r, super::LoraTargets::AllLinear, true)
    }

    /// LoRA adapter parameters at rank `r` on `targets`: every linear layer, the attention
    /// projections (q, k, v, o), q and v only, or the FFN's gate, up and down only. `experts`: whether every linear layer of an
    /// MoE includes its routed experts (`FitRequest::lora_experts`); shared experts and dense
    /// FFN layers are ordinary linear layers either way.
    pub fn lora_params_on(&self, r: u32, targets: super::LoraTargets, experts: bool) -> f64 {
        let r = r as f64;
        let h = self.hidden as f64;
        let attn = match &self.mla {
            Some(m) => {
                let heads = self.heads as f64;
                let q = if m.q_lora_rank > 0 {
                    (h + m.q_lora_rank as f64)
                        + (m.q_lora_rank as f64 + heads * (m.qk_nope + m.qk_rope) as f64)
                } else {
                    h + heads * (m.qk_nope + m.qk_rope) as f64
                };
                q + (h + (m.kv_lora_rank + m.qk_rope) as f64)
                    + (m.kv_lora_rank as f64 + heads * (m.qk_nope + m.v_head) as f64)
                    + (heads * m.v_head as f64 + h)
            }
            None => {
                let q = (self.heads * self.head_dim) as f64;
                let kv = (self.kv_heads * self.head_dim) as f64;
                2.0 * (h + q) + 2.0 * (h + kv)
            }
        };
        let attn = match (targets, &self.mla) {
            (super::LoraTargets::QueryValue, None) => {
                let q = (self.heads * self.head_dim) as f64;
                let kv = (self.kv_heads * self.head_dim) as f64;
                (h + q) + (h + kv)
            }
            // A list of its own: each named projection's r x (d_in + d_out). MLA has no q/k/v/o
            // of these shapes: any attention name counts its whole attention, as `qv` does there.
            (super::LoraTargets::Modules(_), None) => targets.attention_width(
                h,
                (self.heads * self.head_dim) as f64,
                (self.kv_heads * self.head_dim) as f64,
            ),
            (super::LoraTargets::Modules(_), Some(_)) if !targets.adapts_attention() => 0.0,
            _ => attn,
        };
        let attn_all = attn * self.layers as f64;
        if matches!(
            targets,
            super::LoraTargets::Attention | super::LoraTargets::QueryValue
        ) {
            return r * attn_all;
        }
        // gate, up and down are each r x (hidden + intermediate): those the targets name.
        let ffn_n = targets.picked()[4..].iter().filter(|on| **on).count() as f64;
        let ffn = |i: u32| ffn_n * (h + i as f64);
        let moe_l = self.moe_layers() as f64;
        let dense_l = self.layers as f64 - moe_l;
        let ffn_all = ffn(self.intermediate) * dense_l
            + moe_l * self.adapted_experts(experts) * ffn(self.moe_intermediate);
        // The FFN only (`LoraTargets::Mlp`): gate, up and down, no attention adapter.
        if targets == super::LoraTargets::Mlp {
            return r * ffn_all;
        }
        r * (attn_all + ffn_all)
    }
}
