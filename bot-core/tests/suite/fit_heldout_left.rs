//! Mechanisms found on the held-out tables' misses left after session 10 (session 11, mem-g),
//! each checked on models, lengths and cards of no table:
//! - Unsloth's compiled forward of a vision-language `…ForConditionalGeneration` class
//!   (Gemma-3 4B/12B/27B) calls its chunked loss (`unsloth_fused_ce_loss`) and has no Cut
//!   Cross Entropy branch; the text-only `Gemma3ForCausalLM` (Gemma-3-1B) takes Cut Cross
//!   Entropy (unsloth-zoo 2025.9.2's compiled `unsloth_compiled_module_gemma3.py`).

use super::chat::{say, world};
use super::fit_heldout6_mechanisms::{act, qlora as unsloth};
use bot_core::Catalog;
use bot_core::vram::GIB;
use bot_core::vram::unsloth_loss::{UNSLOTH_LOSS_BYTES_PER_LOGIT, loss_bytes};

/// Gemma-3-4B and 12B (multimodal classes) hold their logits chunk by chunk at 6 bytes each;
/// with Cut Cross Entropy (`liger`) they hold none. Lengths of no table.
#[test]
fn gemma_3_multimodal_classes_hold_unsloths_chunked_logits() {
    let c = Catalog::embedded().unwrap();
    for (id, ctx, batch) in [("gemma-3-4b", 1536, 1), ("gemma-3-12b", 1000, 3)] {
        let v = c.model(id).unwrap().vocab as f64;
        let tokens = f64::from(ctx) * f64::from(batch);
        let want = loss_bytes(tokens, v, None) / GIB;
        // One chunk at these lengths: every token's 16-bit logits and their fp32 copy.
        assert!((want - tokens * v * UNSLOTH_LOSS_BYTES_PER_LOGIT / GIB).abs() < 1e-9);
        let own = act(&c, &unsloth(&c, id, ctx, batch, false));
        let cce = act(&c, &unsloth(&c, id, ctx, batch, true));
        assert!(
            own >= want,
            "{id}: {own:.2} GiB holds {want:.2} GiB of logits"
        );
        assert!(
            own - cce > 0.5 * want,
            "{id}: Cut Cross Entropy holds no logits ({own:.2} vs {cce:.2})"
        );
    }
}

/// Gemma-3-1B is text-only (`Gemma3ForCausalLM`): its compiled forward takes Cut Cross Entropy,
/// so `unsloth` and `unsloth liger` size the same.
#[test]
fn gemma_3_1b_text_only_keeps_cut_cross_entropy() {
    let c = Catalog::embedded().unwrap();
    let own = act(&c, &unsloth(&c, "gemma-3-1b", 3000, 2, false));
    let cce = act(&c, &unsloth(&c, "gemma-3-1b", 3000, 2, true));
    assert!((own - cce).abs() < 1e-9, "{own} vs {cce}");
}

/// The answer says which loss it sized, in both languages, with its size.
#[test]
fn the_answer_names_the_chunked_loss_for_gemma_3_12b() {
    let w = world();
    let en = say(&w, "en", "/fit gemma-3-12b qlora ctx=3k unsloth l40s");
    assert!(
        en.contains("its own loss over the full-vocabulary logits in chunks"),
        "{en}"
    );
    let zh = say(&w, "zh", "/fit gemma-3-12b qlora ctx=3k unsloth l40s");
    assert!(
        zh.contains("它自己的损失函数按块计算整个词表的 logits"),
        "{zh}"
    );
    let small = say(&w, "en", "/fit gemma-3-1b qlora ctx=3k unsloth l40s");
    assert!(
        small.contains("Cut Cross Entropy (no full-vocabulary logits"),
        "{small}"
    );
}
