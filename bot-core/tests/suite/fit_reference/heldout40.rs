//! The fortieth held-out set (tests/data/measured_memory_heldout40.tsv, session 27, mem_bp): the five weak
//! categories measured afresh - long context in Transformers code that keeps every prompt position's logits
//! (Qwen1.5-7B / 72B at 16k and 32k, 16-bit, GPTQ and AWQ), QLoRA of a 70B model at 7k-89k tokens, LoRA of 21B-30B
//! MoE and 27B models at batch 4 (Unsloth's executed notebooks) and LoRA without gradient checkpointing at batch 4
//! (BLOOM-7b1 under DeepSpeed-Chat) - written down and committed before the fit engine's code was read for it and
//! scored untuned. A row the CLI cannot state counts as a miss, not as a skipped row. Printed with `-- --nocapture`.

use super::each_row::{floors, scored_rows};
use bot_core::Catalog;

const TABLE: &str = include_str!("../../data/measured_memory_heldout40.tsv");

#[test]
fn public_measurements_fortieth_held_out_set() {
    let catalog = Catalog::embedded().unwrap();
    let (held, _unstated) = scored_rows(
        &catalog,
        TABLE,
        "measured_memory_heldout40.tsv (held out 40, session 27)",
    );
    assert!(held.numeric >= 14 && held.verdicts >= 5);
    // Untuned (scored on mem_bp's branch from main 6114e379, 2026-12-05): 9 of 14 numeric rows within 15 %, all ten
    // Qwen1.5 rows scored and every one but the 72B bf16 at 32k under (the 7B by 6.6-12.3 %: a prefill transient of
    // the pre-4.45 generate loop beyond the full-prompt logits; GPTQ / AWQ 0.8 GiB further), one under by more than
    // 15 % (Qwen1.5-72B GPTQ-Int4 at 16k summed over 3 cards, -21.3 %), four not stated (ERNIE-4.5-21B-A3B,
    // GLM-4.7-Flash, Nemotron-3-Nano-30B-A3B, Qwen3.5-27B: no catalog entry); verdicts 3 of 5 (the three
    // Llama-3.3-70B QLoRA maxima on an A100 80GB right, two of them "tight"; both BLOOM-7b1 rows not stated) -
    // docs/misses/heldout40_misses.md. The floors may only tighten.
    // mem_br (session 27): 12 of 14 within, none under, verdicts 5 of 5, 2 rows not stated.
    // ERNIE-4.5-21B-A3B, GLM-4.7-Flash and BLOOM-7b1 in the catalog; a named Unsloth
    // release before 2026.2 (Transformers 4.x: one nn.Linear per expert) puts adapters on every
    // routed expert: ERNIE -14.6 %, GLM-4.7-Flash -9.5 %; BLOOM-7b1 batch 4
    // OOM / batch 1 FITS both right. The first decode step of a pre-4.45 generate holds the
    // prefill's fp32 logits and the prompt's cache twice (`infer::first_decode_step_bytes`):
    // the six Qwen1.5-7B rows -12.3..-6.6 % -> -1.1..+1.6 %, the 72B GPTQ at 16k on 3 cards
    // -21.3 % -> -5.4 %, the other 72B rows +3.9 %..+10.4 %. Nemotron-3-Nano-30B-A3B (hybrid
    // Mamba-2) and Qwen3.5-27B (its entry moves the reader's `qwen` ask) stay unstated:
    // docs/misses/heldout40_misses.md.
    // pick_s (session 27): Qwen3.5-27B in the catalog, the reader's `qwen` ask on a card made
    // one size class each (`understand::family_sizes`): its 16-bit LoRA row within (13 of 14).
    let floor_within = 13;
    let ceiling_under = 0;
    let floor_verdicts = 5;
    floors(
        &held,
        "held out 40",
        floor_within,
        ceiling_under,
        floor_verdicts,
    );
}
