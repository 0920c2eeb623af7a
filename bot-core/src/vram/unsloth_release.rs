//! Which Unsloth release a training ran on (`unsloth=2024.5`; CLI `--unsloth-release`), for
//! the two things its own source changed between releases that the card feels. Without the
//! word the estimate sizes today's Unsloth (`vram::unsloth_loss`).
//!
//! - **RoPE caches, one per layer, before 2025.1.** Unsloth's `LlamaRotaryEmbedding` (and
//!   Gemma's `GemmaFixedRotaryEmbedding`) build `cos_cached` and `sin_cached`, positions x
//!   head_dim each, when constructed, and Transformers before 4.48 constructs one in every
//!   attention layer. Up to 2024.7 (`unsloth/models/llama.py` at 2024-05-24) they span
//!   `max(max_seq_length, max_position_embeddings)` positions; from 2024.8 (tag August-2024)
//!   `current_rope_size = min(4 * 8192, max_position_embeddings)`, grown in steps of 8192 when
//!   a longer sequence comes. `post_patch` downcasts them to the compute dtype, except Gemma's,
//!   which stay fp32 ("RoPE must be done in float32 for Gemma", `gemma2.py`). From 2025.1
//!   (`FastLlamaModel.from_pretrained`, "For transformers > 4.47.1, we need to add rotary_emb
//!   to all attention layers") every layer shares the model's one: nothing per layer.
//! - **Gemma-3's compiled loss before 2025.8.** unsloth-zoo's compiler rewrote
//!   `Gemma3ForConditionalGeneration.forward` (`cross_entropy_replacement_3`, 2025.3) into a
//!   loss over the whole 16-bit logits the language model returned, in four row chunks each
//!   cast to fp32 for `cross_entropy`; `unsloth_fused_ce_loss`, which never holds every
//!   token's logits, replaced it in August 2025. Sized as the 16-bit logits (2) and their
//!   16-bit gradient (2) plus one chunk's fp32 copy and fp32 gradient (8 / 4 = 2): 6 bytes per
//!   entry over every token, no 4 GiB cap.
//! - **No 4 GiB cap on the loss's chunks before 2026.7.** `unsloth_fused_ce_loss` (from
//!   2025.8) sized its chunks to half the free memory (`_get_chunk_multiplier`: `free_gb *
//!   0.5`); unsloth-zoo #857 (2026-07-06) capped that at 4 GiB "so chunking stays active on
//!   large GPUs". Before it a card with room holds every token's logits in one chunk: with no
//!   card named, one chunk.
//!
//! - **The own-forward families' loss before 2024.11.** `CausalLM_fast_forward` ran `lm_head`
//!   over every token and handed the 16-bit logits to `fast_cross_entropy_loss`
//!   (`unsloth/models/llama.py` and `unsloth/kernels/cross_entropy_loss.py` at 0a433c33, whose
//!   `__version__` is 2024.4): a Triton kernel that keeps the logits for backward
//!   (`ctx.save_for_backward(logits, …)`) and writes their gradient in place (`return logits`),
//!   so 2 bytes per vocabulary entry over every token, whatever the card. The forward also
//!   returned those logits, and the Trainer's Accelerate wraps `forward` in
//!   `convert_outputs_to_fp32` under mixed precision: a whole fp32 copy beside them, 4 more
//!   bytes (`ACCELERATE_FP32_LOGITS_BYTES`; mem_by: Llama-3-8B at 102400 tokens on an A100
//!   80GB ran out of memory, held-out 13, where 2 bytes a logit fit). Cut Cross Entropy
//!   replaced it in those forwards from 2024.11 (fa8e59eb, 2024-11-17, `__version__`
//!   2024.11.7). 6 bytes per entry whole, never chunked: as much as today's one chunk on a
//!   short sequence, more on a long one.
//!
//! - **No Cut Cross Entropy below compute capability 7.5, 2024.11 to 2025.7.** unsloth-zoo
//!   a90bf5aa ("Fix V100", 2024-11-28, `unsloth_zoo/loss_utils.py`) sets `HAS_CUT_CROSS_ENTROPY`
//!   only when `not ((major <= 7) and (minor < 5))` (with torch >= 2.4 and Triton >= 3.0); without
//!   it `CausalLM_fast_forward` (`unsloth/models/llama.py` at the tag 2025-03; mistral.py's own
//!   forward alike) runs `lm_head` over every token, calls `fast_cross_entropy_loss` and returns
//!   `logits = logits`: the pre-2024.11 path above, on a V100, P100 or P40. From 806bee24
//!   (2025-08-13) the forward calls `unsloth_fused_ce_loss` on every card (today's chunks).
//!   Only a named card is judged; with none the chunks stay the figure (mem_ez).
//!
//! Not sized from the word: Cut Cross Entropy from November 2024 to August 2025 on a card that
//! loads it (T4 and newer); it holds less than today's chunked loss, which stays the figure
//! (safe side). Its fallback for a step of at most 1024 tokens (from 2025.1: `if bsz*q_len <=
//! 1024: RETURN_LOGITS = True`) holds every token's logits, as much as today's one chunk unless
//! the card has almost nothing free.

use super::request::{FitRequest, ModelRef};
use super::unsloth_loss::{chunked_bytes, compiled_chunked, loss_bytes, own_family};
use super::{GIB, Shape, UnslothRelease};

/// Shared RoPE caches from here on (`FastLlamaModel`, 2025-01-07, #1516).
pub const SHARED_ROPE_FROM: UnslothRelease = UnslothRelease {
    year: 2025,
    month: 1,
};
/// `current_rope_size` capped at 32768 positions from here on (tag August-2024).
pub const CAPPED_ROPE_FROM: UnslothRelease = UnslothRelease {
    year: 2024,
    month: 8,
};
/// Cut Cross Entropy in the own-forward families from here on (fa8e59eb, 2024-11-17).
pub const CUT_CE_FROM: UnslothRelease = UnslothRelease {
    year: 2024,
    month: 11,
};
/// `unsloth_fused_ce_loss` in the compiled forwards from here on (unsloth-zoo, August 2025).
pub const CHUNKED_LOSS_FROM: UnslothRelease = UnslothRelease {
    year: 2025,
    month: 8,
};

/// The 4 GiB cap on the loss's chunks from here on (unsloth-zoo #857, 2026-07-06).
pub const CAPPED_CHUNKS_FROM: UnslothRelease = UnslothRelease {
    year: 2026,
    month: 7,
};

/// Every Unsloth notebook from here on runs Transformers 5.x (unslothai/notebooks at bdda2efc:
/// the banners of 2026.2.1 to 2026.5.10 print 5.1.0 to 5.10.0.dev0; 2025.11.6 to 2026.1.4 print
/// 4.56-4.57 or 5.0-5.1 dev builds, so those releases are not taken to be v5).
pub const TRANSFORMERS_V5_FROM: UnslothRelease = UnslothRelease {
    year: 2026,
    month: 2,
};

/// unsloth-zoo's `moe_utils_bnb4bit.py` quantizes an MoE's fused experts from here on
/// (unslothai/unsloth#4032, closed 2026-06-18; `vram::bnb_experts`).
pub const QUANTIZED_EXPERTS_FROM: UnslothRelease = UnslothRelease {
    year: 2026,
    month: 6,
};

/// Positions a pre-2024.8 cache grows to, at most (`current_rope_size` from 2024.8).
const CAPPED_ROPE_POSITIONS: u32 = 4 * 8192;

/// The release a request names, when it trains through Unsloth.
fn release(req: &FitRequest) -> Option<UnslothRelease> {
    req.unsloth_release
        .filter(|_| req.unsloth && req.task.is_training())
}

/// Whether a named Unsloth release leaves an MoE's fused routed experts in 16-bit on a
/// bitsandbytes base: the releases from [`TRANSFORMERS_V5_FROM`] to before
/// [`QUANTIZED_EXPERTS_FROM`]. Transformers v5 holds the experts as 3-D `nn.Parameter`s that
/// bitsandbytes' `replace_with_bnb_linear` skips; Transformers 4.x has one `nn.Linear` per
/// expert, quantized with the rest, so a release that may still run 4.x keeps the default
/// (its 2026.4.4 Gemma-4-26B-A4B notebooks: 46.4-46.6 GB reserved after a 4-bit load, the
/// experts' 32.6 GB in bf16). Without a release word: today's Unsloth, which quantizes them.
pub fn keeps_experts_16bit(req: &FitRequest) -> bool {
    release(req).is_some_and(|r| (TRANSFORMERS_V5_FROM..QUANTIZED_EXPERTS_FROM).contains(&r))
}

/// Whether a named Unsloth release puts LoRA adapters on every routed expert of an MoE: the
/// releases before [`TRANSFORMERS_V5_FROM`], which may run Transformers 4.x. There each routed
/// expert is its own module with `nn.Linear` gate / up / down projections (Transformers 4.56's
/// `Ernie4_5_MoeSparseMoeBlock`: `self.experts = nn.ModuleList([Ernie4_5_MoeMLP(...)])`;
/// Qwen3-MoE's and Mixtral's the same), and PEFT wraps every module whose name ends in a
/// `target_modules` entry (`tuners_utils.check_target_module_exists`:
/// `key.endswith(f".{target_key}")`), so Unsloth's usual `target_modules` (q, k, v, o, gate, up,
/// down) adapt all of them. Under v5 the experts are 3-D parameters that list cannot wrap.
/// Taking a release that may run either to adapt them sizes the larger of the two.
pub fn adapts_routed_experts(req: &FitRequest) -> bool {
    release(req).is_some_and(|r| r < TRANSFORMERS_V5_FROM)
}

/// Whether LoRA adapters sit on every routed expert: asked for (`FitRequest::lora_experts`),
/// or implied by a named Unsloth release that runs Transformers 4.x ([`adapts_routed_experts`]).
pub fn adapts_experts(req: &FitRequest) -> bool {
    req.lora_experts || adapts_routed_experts(req)
}

/// Bytes of RoPE caches held beside the weights: one cos and one sin table per attention
/// layer before 2025.1, for the model families whose attention Unsloth writes itself
/// (`unsloth_loss::own_forward`); 0 without a release word, from 2025.1, or for others.
pub fn rope_cache_bytes(shape: &Shape, req: &FitRequest) -> f64 {
    let Some(r) = release(req) else {
        return 0.0;
    };
    let ModelRef::Known(m) = req.model else {
        return 0.0;
    };
    if r >= SHARED_ROPE_FROM || !own_family(m) {
        return 0.0;
    }
    let positions = if r >= CAPPED_ROPE_FROM {
        let start = m.max_context.clamp(1, CAPPED_ROPE_POSITIONS);
        // Grown in steps of 8192 when a longer sequence comes (`extend_rope_embedding`).
        start.max(req.context.div_ceil(8192) * 8192)
    } else {
        m.max_context.max(req.context)
    };
    let bytes = if m.family.starts_with("gemma") {
        4.0
    } else {
        2.0
    };
    f64::from(shape.layers) * 2.0 * f64::from(positions) * f64::from(shape.head_dim) * bytes
}

/// GiB of those caches, for the answer.
pub fn rope_cache_gib(req: &FitRequest) -> f64 {
    match req.model {
        ModelRef::Known(m) => Shape::from_model(m).map_or(0.0, |s| rope_cache_bytes(&s, req) / GIB),
        ModelRef::BySize { .. } => 0.0,
    }
}

/// Whether a compiled Gemma-3 forward holds every token's logits (a release before 2025.8).
pub fn whole_logits(req: &FitRequest) -> bool {
    release(req).is_some_and(|r| r < CHUNKED_LOSS_FROM)
        && matches!(req.model, ModelRef::Known(m) if compiled_chunked(m))
}

/// The lowest compute capability unsloth-zoo loads Cut Cross Entropy on (a90bf5aa).
pub const CUT_CE_MIN_CC: (u32, u32) = (7, 5);

/// Whether an own-forward family's loss holds every token's 16-bit logits: a release before
/// 2024.11, or one from 2024.11 to 2025.7 on a named card Cut Cross Entropy does not load on
/// ([`no_cut_ce_on_card`]); see the module's notes.
pub fn whole_16bit_logits(req: &FitRequest) -> bool {
    (release(req).is_some_and(|r| r < CUT_CE_FROM) || no_cut_ce_on_card(req))
        && matches!(req.model, ModelRef::Known(m) if own_family(m))
}

/// Whether a release that ran Cut Cross Entropy where it could (2024.11 to 2025.7) trains on a
/// named card below [`CUT_CE_MIN_CC`] (V100, P100, P40), where it fell back to the Triton loss
/// over every token's 16-bit logits.
pub fn no_cut_ce_on_card(req: &FitRequest) -> bool {
    release(req).is_some_and(|r| (CUT_CE_FROM..CHUNKED_LOSS_FROM).contains(&r))
        && req
            .gpu
            .and_then(super::mxfp4_card::compute_capability)
            .is_some_and(|cc| cc < CUT_CE_MIN_CC)
        && matches!(req.model, ModelRef::Known(m) if own_family(m))
}

/// Bytes per logit entry the pre-2024.11 Triton loss holds: the 16-bit logits, their gradient
/// written over them.
pub const TRITON_LOSS_BYTES_PER_ENTRY: f64 = 2.0;

/// Bytes per logit entry of the fp32 copy Accelerate makes of the logits that forward returns
/// (mem_by, held-out 43): the Trainer's `accelerator.prepare` under fp16/bf16 mixed precision
/// wraps `model.forward` in `convert_outputs_to_fp32` (`Accelerator.prepare_model`, `if
/// self.native_amp: ... model.forward = convert_outputs_to_fp32(...)`), which casts every 16-bit
/// tensor of the output, the `[batch, tokens, vocab]` logits included, to a new fp32 tensor
/// while the Triton loss still holds the 16-bit ones. Before 2024.11 Unsloth's
/// `CausalLM_fast_forward` returned them (`CausalLMOutputWithPast(loss=loss, logits=logits, …)`,
/// `unsloth/models/llama.py` at 1cb2412d, 2024-07-28); later forwards return no training logits.
pub const ACCELERATE_FP32_LOGITS_BYTES: f64 = 4.0;

/// Whether the request's release sized the loss's chunks without the 4 GiB cap (2025.8 to
/// 2026.6).
pub fn uncapped_chunks(req: &FitRequest) -> bool {
    release(req).is_some_and(|r| r >= CHUNKED_LOSS_FROM && r < CAPPED_CHUNKS_FROM)
}

/// Whether the model's forward is Transformers' own under Unsloth and its loss holds every
/// token's logits whatever the release (`unsloth_loss::whole_logits_family`: Qwen3.5).
pub fn stock_forward_logits(req: &FitRequest) -> bool {
    matches!(req.model, ModelRef::Known(m) if super::unsloth_loss::whole_logits_family(m))
}

/// Bytes per logit entry that a stock forward's loss holds: the 16-bit logits (2) and one fp32
/// copy (4) - `logits.float()` in the stock `ForCausalLMLoss` before unsloth-zoo #656, the copy
/// of the returned logits Accelerate makes under mixed precision
/// (`ACCELERATE_FP32_LOGITS_BYTES`) after it. Qwen3.5-27B's 2048 x 2 -> 2048 x 4 step (56 ->
/// 65 GiB, held-out 51 and 40) is 4096 more tokens x 248320 entries x about 6 bytes with their
/// checkpointed hidden states.
pub const STOCK_LOSS_BYTES_PER_ENTRY: f64 = 6.0;

/// Bytes per logit entry the pre-2025.8 compiled loss holds (see the module's notes).
pub const WHOLE_LOGITS_BYTES_PER_ENTRY: f64 = 6.0;

/// Bytes the request's Unsloth loss holds for `tokens` tokens over `vocab` entries with `free`
/// bytes left on the card: today's chunks (`unsloth_loss::loss_bytes`), every token's logits
/// for a compiled Gemma-3 forward before August 2025 (`whole_logits`), every token's 16-bit
/// logits and Accelerate's fp32 copy of them for an own-forward family before 2024.11
/// (`whole_16bit_logits`), or chunks of up to half the free memory with no 4 GiB cap from
/// August 2025 to June 2026 (`uncapped_chunks`).
pub fn request_loss_bytes(req: &FitRequest, tokens: f64, vocab: f64, free: Option<f64>) -> f64 {
    if stock_forward_logits(req) {
        tokens * vocab * STOCK_LOSS_BYTES_PER_ENTRY
    } else if whole_logits(req) {
        tokens * vocab * WHOLE_LOGITS_BYTES_PER_ENTRY
    } else if whole_16bit_logits(req) {
        tokens * vocab * (TRITON_LOSS_BYTES_PER_ENTRY + ACCELERATE_FP32_LOGITS_BYTES)
    } else if uncapped_chunks(req) {
        chunked_bytes(tokens, vocab, free, None)
    } else {
        loss_bytes(tokens, vocab, free)
    }
}

/// GiB Unsloth's own loss holds for the request's micro-batch with no card named, for the
/// answer to state; 0 for a size-only guess or with Cut Cross Entropy (`liger`).
pub fn loss_gib(req: &FitRequest) -> f64 {
    let ModelRef::Known(m) = req.model else {
        return 0.0;
    };
    let Ok(s) = Shape::from_model(m) else {
        return 0.0;
    };
    if !super::unsloth_loss::applies(req) {
        return 0.0;
    }
    let tokens = f64::from(req.context) * f64::from(req.batch);
    request_loss_bytes(req, tokens, s.vocab as f64, None) / GIB
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn releases_parse_and_order() {
        let a = UnslothRelease::parse("2024.5").unwrap();
        let b = UnslothRelease::parse("2025.3.19").unwrap();
        assert!(a < CAPPED_ROPE_FROM && b >= SHARED_ROPE_FROM && b < CHUNKED_LOSS_FROM);
        assert_eq!(UnslothRelease::parse("2024.05"), Some(a));
        assert_eq!(b.label(), "2025.3");
        for bad in [
            "",
            "2024",
            "2024.13",
            "2024.0",
            "1999.5",
            "x.5",
            "2024.5.x",
            "2024.5.1.2",
        ] {
            assert_eq!(UnslothRelease::parse(bad), None, "{bad}");
        }
    }
}
