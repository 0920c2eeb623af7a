//! Unsloth's own loss head (`FitRequest::unsloth` without `liger`): the full-vocabulary logits
//! in chunks as large as the free memory allows, not Cut Cross Entropy.
//!
//! Since August 2025 Unsloth's causal-LM forward (`unsloth/models/llama.py`,
//! `CausalLM_fast_forward`; the compiled Gemma/gpt-oss forwards in `unsloth_zoo/compiler.py`)
//! calls `unsloth_zoo.fused_losses.unsloth_fused_ce_loss` with `target_gb=None`: the hidden
//! states are cut into chunks whose fp32 logits take at most half of the card's free memory
//! (`_get_chunk_multiplier`: `free_gb * 0.5`), capped at 4 GiB since unsloth-zoo #857
//! (2026-07-06), and each chunk computes `lm_head` in 16 bit and the cross-entropy on its fp32
//! copy (`logits.float()`), forward and backward, before the next. On a card with room that is
//! one chunk: every token's logits. Cut Cross Entropy, which holds none, is disabled in that
//! path ("DISABLED since T4 breaks"); before December 2024 Unsloth held the whole 16-bit logits
//! for its Triton cross-entropy, the same order of size. Found on held-out 6: seven Unsloth
//! notebooks, small models worst (Llama-3.2-3B at 2 x 2048 tokens, 128k vocabulary: -55 %
//! when sized without logits).

use super::GIB;
use super::request::{FitRequest, LossHead, ModelRef};

/// Catalog families whose causal-LM forward Unsloth writes itself and whose loss is this one
/// (unslothai/unsloth `unsloth/models/`: `CausalLM_fast_forward` patched onto Llama, Qwen2,
/// Qwen3, Qwen3-MoE, Gemma, Gemma-2, Cohere, Granite and Falcon-H1, and `mistral.py`'s own;
/// Phi-3/Phi-4, Yi and the R1 distills load as Llama/Qwen2). Every other model goes through
/// `unsloth_zoo/compiler.py`, whose rewritten forward calls Cut Cross Entropy
/// (`fused_linear_cross_entropy`, on unless `UNSLOTH_ENABLE_CCE=0`): no logits.
/// `FastLanguageModel.from_pretrained` picks the class by `config.json`'s `model_type`, not the
/// name (`unsloth/models/loader.py` @ 015bdef0: `llama` → `FastLlamaModel`, `qwen2` →
/// `FastQwen2Model`, since 9b4ed21a, May 2024), so a family whose checkpoints are
/// `Qwen2ForCausalLM` (Qwen1.5) or `LlamaForCausalLM` (CodeLlama, TinyLlama, SmolLM2; the
/// catalog's `source_note` quotes each config) takes the same loss (mem_dr).
const OWN_FORWARD_FAMILIES: &[&str] = &[
    "llama1",
    "llama2",
    "llama3",
    "codellama",
    "tinyllama",
    "smollm2",
    "mistral",
    "qwen1.5",
    "qwen2",
    "qwen2.5",
    "qwen2.5-coder",
    "qwq",
    "qwen3",
    "qwen3-coder",
    "phi3",
    "phi4",
    "gemma2",
    "yi1.5",
    "deepseek-r1-distill",
];

/// Catalog models whose checkpoints load as a vision-language `…ForConditionalGeneration`
/// class (config.json `architectures`; the catalog's notes say "Multimodal") and whose forward
/// Unsloth's compiler rewrites with this chunked loss and no Cut Cross Entropy branch:
/// unsloth-zoo 2025.9.2's compiled `Gemma3ForConditionalGeneration_forward` (Transformers
/// 4.56, where the class computes its own logits) calls `unsloth_fused_ce_loss(target_gb =
/// None)` whenever labels are given, while the compiled `Gemma3ForCausalLM_forward` (Gemma-3-1B,
/// text only) takes `fused_linear_cross_entropy` when `UNSLOTH_ENABLE_CCE` (the default). Unsloth's
/// `FastModel` loads the `-it`/`-pt` checkpoints as that class, vision tower included.
const CHUNKED_COMPILED_MODELS: &[&str] = &["gemma-3-4b", "gemma-3-12b", "gemma-3-27b"];

/// Whether a family's forward is one of Unsloth's own (`OWN_FORWARD_FAMILIES`; `llama3.1`
/// and the like by their leading name), or a compiled forward with the same loss
/// (`CHUNKED_COMPILED_MODELS`). A size-only guess is shaped like a Llama or Qwen: yes.
fn own_forward(req: &FitRequest) -> bool {
    match req.model {
        ModelRef::Known(m) => compiled_chunked(m) || whole_logits_family(m) || own_family(m),
        ModelRef::BySize { .. } => true,
    }
}

/// Whether Unsloth writes this catalog model's forward (and attention) itself
/// (`OWN_FORWARD_FAMILIES`; `llama3.1` and the like by their leading name).
pub(crate) fn own_family(m: &crate::catalog::Model) -> bool {
    // No class FastLanguageModel dispatches is a mixture of experts: `qwen3_moe` is left out of
    // its `qwen3` branch since Unsloth's Qwen3 release (`elif model_type == "qwen3":# or
    // model_type == "qwen3_moe":`, `unsloth/models/loader.py` @ 9a930bb0, 2025-04-30, unchanged
    // @ 015bdef0) and `qwen2_moe` never had one, so Qwen3-30B-A3B and Qwen3-Coder go through
    // FastModel's compiled forward and its Cut Cross Entropy (mem_dr).
    if m.is_moe() {
        return false;
    }
    // Gemma (1), matched whole so that Gemma-3's compiled forward keeps its own rule:
    // `unsloth/models/gemma.py` (`FastGemmaModel`, since Unsloth 2024.2) patches
    // `CausalLM_fast_forward` onto `GemmaForCausalLM` as `gemma2.py` does for Gemma-2.
    // A listed family or a later version of it (`llama3.1`, `phi3.5`): the rest is a version
    // number only. A family that goes on with a word is another class (`qwen2.5-vl` is
    // `qwen2_5_vl`, `llama3.2-vision` is `mllama`), which FastModel compiles (mem_dr).
    m.family == "gemma"
        || OWN_FORWARD_FAMILIES.iter().any(|f| {
            m.family == *f
                || m.family.strip_prefix(f).is_some_and(|rest| {
                    rest.starts_with(|c: char| c == '.' || c.is_ascii_digit())
                        && rest.chars().all(|c| c == '.' || c.is_ascii_digit())
                })
        })
}

/// Catalog families Unsloth loads through `FastModel` (their `model_type` is none of its own
/// classes') and whose forward its compiler leaves as Transformers wrote it: `lm_head` over
/// every token, then `self.loss_function(logits=...)`. Qwen3.5 (`qwen3_5`,
/// `Qwen3_5ForConditionalGeneration`) lands on `LOSS_MAPPING["ForConditionalGeneration"]`, the
/// stock `ForCausalLMLoss`, which "materialises (seq_len x vocab_size) fp32 logits"
/// (`logits.float()`) beside the 16-bit ones - unsloth-zoo #656 (b6d292bb, 2026-05-16), after
/// which the alias points at `UnslothForCausalLMLoss`, Unsloth's Triton loss over the same
/// whole 16-bit logits that the forward also returns. Neither path chunks: every token's logits,
/// whatever the card. Measured: Qwen3.5-27B bf16 LoRA on Unsloth 2026.2 (held-out 40, A100 80GB,
/// 2048 x 4) peaks 65.0 GiB reserved, 9 GiB above the guide's 2048 x 2 figure (held-out 51).
const WHOLE_LOGITS_FAMILIES: &[&str] = &["qwen3.5"];

/// Whether this catalog model's Unsloth loss holds every token's logits, never chunked
/// (`WHOLE_LOGITS_FAMILIES`).
pub(crate) fn whole_logits_family(m: &crate::catalog::Model) -> bool {
    WHOLE_LOGITS_FAMILIES.contains(&m.family.as_str())
}

/// Whether this catalog model loads as a vision-language class whose compiled forward takes
/// this loss (`CHUNKED_COMPILED_MODELS`).
pub(crate) fn compiled_chunked(m: &crate::catalog::Model) -> bool {
    CHUNKED_COMPILED_MODELS.contains(&m.id.as_str())
}

/// Whether the request's logits go through this loss: Unsloth, no Cut Cross Entropy word, and
/// a model whose forward Unsloth writes itself.
pub fn applies(req: &FitRequest) -> bool {
    req.unsloth && req.loss != LossHead::Fused && own_forward(req)
}

/// Bytes per logit element a chunk holds at its peak: its 16-bit logits (2) and their fp32
/// copy for `cross_entropy` (4) (`unsloth_zoo/fused_losses/cross_entropy_loss.py`,
/// `compute_fused_ce_loss`).
pub const UNSLOTH_LOSS_BYTES_PER_LOGIT: f64 = 6.0;

/// The most a chunk's fp32 logits may take: `min(free / 2, 4 GiB)` (unsloth-zoo
/// `_get_chunk_multiplier`, cap from #857).
pub const UNSLOTH_CHUNK_TARGET_GIB: f64 = 4.0;

/// Bytes the loss holds at its peak for `tokens` tokens (the micro-batch) over `vocab`
/// entries, with `free` bytes left on the card after the weights and optimizer state (`None`:
/// no card named, the 4 GiB cap alone). The chunk count is rounded up to a multiple of four,
/// as `get_chunk_size` does.
pub fn loss_bytes(tokens: f64, vocab: f64, free: Option<f64>) -> f64 {
    chunked_bytes(tokens, vocab, free, Some(UNSLOTH_CHUNK_TARGET_GIB * GIB))
}

/// [`loss_bytes`] with the cap a release had: `None` before unsloth-zoo #857 (July 2026),
/// when a chunk could take half the free memory, so one chunk of every token's logits with
/// no card named.
pub(crate) fn chunked_bytes(tokens: f64, vocab: f64, free: Option<f64>, cap: Option<f64>) -> f64 {
    let fp32 = tokens * vocab * 4.0;
    let mut target = cap.unwrap_or(f64::INFINITY);
    if let Some(f) = free {
        // A card with (almost) nothing left: Unsloth raises; the fit fails on the rest anyway.
        target = target.min((f / 2.0).max(GIB / 1024.0));
    }
    let chunks = if fp32 <= target {
        1.0
    } else {
        (fp32 / target / 4.0).ceil() * 4.0
    };
    fp32 / chunks * UNSLOTH_LOSS_BYTES_PER_LOGIT / 4.0
}

/// Bytes the request's card has left beside `used` (weights, optimizer state, the context);
/// `None` with no card named.
pub(crate) fn free_bytes(req: &FitRequest, used: f64) -> Option<f64> {
    req.gpu.map(|g| g.usable_gib() * GIB - used)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_chunk_when_it_fits_the_target() {
        // 4096 tokens x 128,256 entries: 1.96 GiB of fp32 logits, one chunk of 2.93 GiB.
        let b = loss_bytes(4096.0, 128_256.0, None) / GIB;
        assert!((b - 2.936).abs() < 0.01, "{b}");
    }

    #[test]
    fn the_cap_and_a_small_card_cut_the_chunk() {
        // 16 x 4096 tokens x 201,088: 49 GiB of fp32 logits, chunks of at most 4 GiB (x 1.5).
        let big = loss_bytes(65_536.0, 201_088.0, None) / GIB;
        assert!(big <= 6.0 && big > 4.0, "{big}");
        // With 2 GiB free, chunks of at most 1 GiB of fp32 logits.
        let small = loss_bytes(4096.0, 151_936.0, Some(2.0 * GIB)) / GIB;
        assert!(small <= 1.5 && small > 0.5, "{small}");
        // Never more than one chunk of everything.
        let all = loss_bytes(512.0, 32_000.0, Some(40.0 * GIB));
        assert!((all - 512.0 * 32_000.0 * 6.0).abs() < 1.0);
    }
}
