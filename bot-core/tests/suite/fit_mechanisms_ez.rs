//! mem_ez (session 41): Unsloth 2024.11 to 2025.7 on a card Cut Cross Entropy does not load on.
//!
//! unsloth-zoo a90bf5aa ("Fix V100", 2024-11-28, `unsloth_zoo/loss_utils.py`) sets
//! `HAS_CUT_CROSS_ENTROPY` only from compute capability 7.5 (with torch >= 2.4 and Triton >= 3.0);
//! without it, Unsloth's `CausalLM_fast_forward` (unsloth/models/llama.py at the tag 2025-03, and
//! mistral.py's own forward) runs `lm_head` over every token, hands the 16-bit logits to
//! `fast_cross_entropy_loss` and returns them: the pre-2024.11 path. So on a V100 (7.0) those
//! releases hold every token's 16-bit logits and Accelerate's fp32 copy, while a T4 (7.5) or an
//! A100 runs Cut Cross Entropy. From 806bee24 (2025-08-13) the forward calls
//! `unsloth_fused_ce_loss` on every card (today's chunks).

use bot_core::Catalog;
use bot_core::vram::unsloth_loss::loss_bytes;
use bot_core::vram::unsloth_release::loss_gib;
use bot_core::vram::{FitRequest, ModelRef, Quant, Shape, Task, UnslothRelease, estimate};

const GIB: f64 = 1_073_741_824.0;

fn qlora<'a>(c: &'a Catalog, tokens: u32, release: &str, card: Option<&str>) -> FitRequest<'a> {
    let m = c.model("qwen2.5-7b").unwrap();
    let mut r = FitRequest::new(ModelRef::Known(m), Quant::Nf4, Task::Qlora);
    r.context = tokens;
    r.unsloth = true;
    r.unsloth_release = UnslothRelease::parse(release);
    r.gpu = card.map(|g| c.gpu(g).unwrap());
    r
}

fn vocab(c: &Catalog) -> f64 {
    Shape::from_model(c.model("qwen2.5-7b").unwrap())
        .unwrap()
        .vocab as f64
}

/// At 16,384 tokens on a V100 (compute capability 7.0) Unsloth 2025.3 holds every token's
/// 16-bit logits and their fp32 copy (6 bytes an entry, 13.9 GiB for Qwen2.5-7B's 152,064
/// entries); on a T4 (7.5) and an A100 it ran Cut Cross Entropy, and the figure stays today's
/// chunks (4 GiB of fp32 logits at most), as it does with no card named.
#[test]
fn unsloth_2025_3_on_a_v100_holds_every_tokens_16bit_logits() {
    let c = Catalog::embedded().unwrap();
    let v = vocab(&c);
    let whole = 16_384.0 * v * (2.0 + 4.0) / GIB;
    let chunked = loss_bytes(16_384.0, v, None) / GIB;
    assert!(whole > chunked * 3.0, "{whole} vs {chunked}");
    for release in ["2024.12", "2025.3", "2025.7"] {
        let on_v100 = loss_gib(&qlora(&c, 16_384, release, Some("v100-32g")));
        assert!(
            (on_v100 - whole).abs() < 1e-6,
            "{release}: {on_v100} vs {whole}"
        );
        for card in [Some("t4"), Some("a100-40g-sxm"), None] {
            let other = loss_gib(&qlora(&c, 16_384, release, card));
            assert!(
                (other - chunked).abs() < 1e-6,
                "{release} {card:?}: {other}"
            );
        }
    }
}

/// The rule is the release's: from 2025.8 (`unsloth_fused_ce_loss` on every card) a V100 takes
/// today's chunks, and before 2024.11 every card held the whole logits already.
#[test]
fn the_v100_rule_ends_with_the_fused_chunked_loss() {
    let c = Catalog::embedded().unwrap();
    let v = vocab(&c);
    let chunked = loss_bytes(16_384.0, v, None) / GIB;
    let whole = 16_384.0 * v * 6.0 / GIB;
    let today = loss_gib(&qlora(&c, 16_384, "2026.8", Some("v100-32g")));
    assert!((today - chunked).abs() < 1e-6, "{today} vs {chunked}");
    let old = loss_gib(&qlora(&c, 16_384, "2024.9", Some("a100-40g-sxm")));
    assert!((old - whole).abs() < 1e-6, "{old} vs {whole}");
}

/// The step's activations carry it: the V100 job's activations exceed the A100 40GB job's of
/// the same release by at least half the difference between the whole logits and one chunk.
#[test]
fn the_v100_steps_activations_carry_the_whole_logits() {
    let c = Catalog::embedded().unwrap();
    let v = vocab(&c);
    let gap = 16_384.0 * v * 6.0 / GIB - loss_bytes(16_384.0, v, None) / GIB;
    let act = |card: &str| {
        estimate(&c, &qlora(&c, 16_384, "2025.3", Some(card)))
            .unwrap()
            .per_gpu
            .activations_gib
    };
    let (v100, a100) = (act("v100-32g"), act("a100-40g-sxm"));
    assert!(v100 > a100 + gap * 0.5, "{v100} vs {a100} + {gap}");
}

/// The answer says why, in both languages: the card has no Cut Cross Entropy in that release.
#[test]
fn the_answer_names_the_missing_cut_cross_entropy() {
    let w = crate::chat::world();
    let q = "/fit qwen2.5-7b qlora unsloth unsloth=2025.3 ctx=16384 v100-32gb";
    let en = crate::chat::say(&w, "en", q);
    assert!(en.contains("compute capability below 7.5"), "{en}");
    let zh = crate::chat::say(&w, "zh", q);
    assert!(zh.contains("计算能力低于 7.5"), "{zh}");
    let t4 = crate::chat::say(
        &w,
        "en",
        "/fit qwen2.5-7b qlora unsloth unsloth=2025.3 ctx=16384 t4",
    );
    assert!(!t4.contains("compute capability below 7.5"), "{t4}");
}
