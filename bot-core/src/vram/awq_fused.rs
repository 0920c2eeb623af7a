//! AutoAWQ's fused inference path as a request states it (release-keyed), apart from the
//! request itself (`vram::request`).

/// AutoAWQ's fused inference path (`awq/modules/fused/attn.py`, `QuantAttentionFused`): what
/// it allocates differs from Transformers' in three ways, each sized by `vram::infer`.
/// - A static `WindowedCache` of `cache_tokens` per sequence (`max_seq_len`; AutoAWQ's
///   benchmark passes the decode length, `from_quantized` defaults to the model's
///   `max_position_embeddings`), allocated at load; the prompt must fit in it.
/// - Prefill attention as the release runs it ([`AwqPrefill`]): before 0.2.7 materialized in
///   16-bit with an fp32 softmax (`F.softmax(scores.float()).type_as(xq)`), with GQA keys and
///   values repeated to every head.
/// - Before 0.2.0 (`keeps_unfused_qkv`), `fuse_qkv` concatenates each layer's q, k and v into
///   a new matrix while the old ones stay referenced until the whole model is swapped, so the
///   load peaks with every layer's q, k and v held twice (0.2.0 frees them as it goes).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AwqFused {
    pub cache_tokens: u32,
    pub keeps_unfused_qkv: bool,
    pub prefill: AwqPrefill,
}

/// How AutoAWQ's `QuantAttentionFused.forward` attends over a prompt (`seqlen > 1`), by release.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum AwqPrefill {
    /// Before 0.2.7: the scores materialized, softmax in fp32 (`AWQ_FUSED_SCORE_BYTES`).
    #[default]
    Materialized,
    /// 0.2.7: `LlamaLikeBlock` passes `use_sdpa=True` (casper-hansen/AutoAWQ eab1a4a, #549,
    /// `awq/modules/fused/block.py`), so Llama, Mistral, Qwen2, Gemma, Yi and the other
    /// Llama-like models run `scaled_dot_product_attention`; Mixtral's, Gemma-2's and Phi-3's
    /// own blocks still materialize.
    SdpaLlamaLike,
    /// 0.2.8 on: `flash_attn_func` for every block (dfe396a, #656, `awq/modules/fused/attn.py`).
    Flash,
}

impl AwqPrefill {
    /// The prefill of an AutoAWQ release written `0.2.7` (or `v0.2.7.post2`); `None` if not a
    /// release number.
    pub fn from_release(s: &str) -> Option<Self> {
        let mut it = s.trim_start_matches('v').split('.');
        let nums: Vec<u32> = it.by_ref().take(3).map_while(|p| p.parse().ok()).collect();
        match nums[..] {
            [0, 2, p] if p >= 8 => Some(Self::Flash),
            [0, 2, 7] => Some(Self::SdpaLlamaLike),
            [0, 0 | 1, _] | [0, 2, 0..=6] => Some(Self::Materialized),
            [0, m, _] if m > 2 => Some(Self::Flash),
            _ => None,
        }
    }
}
