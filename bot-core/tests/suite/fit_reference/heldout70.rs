//! The seventieth held-out set (tests/data/measured_memory_heldout70.tsv, heldout70 helper):
//! DeepSeek LLM's published "GPU Memory Usage" matrices - the 7B on one A100-PCIE-40GB and the
//! 67B on eight, 16-bit inference at batch 1 to 16 x sequence length 256 to 4,096 ("peak memory
//! usage", read as GiB of `max_memory_allocated`), with the cells printed OOM and, per batch
//! size, the longest sequence that ran as verdicts. Written down and committed before the fit
//! engine's code was read for it and scored untuned. A row the CLI cannot state counts as a
//! miss, not as a skipped row. Printed with `-- --nocapture`.

use super::each_row::{floors, scored_rows};
use bot_core::Catalog;

const TABLE: &str = include_str!("../../data/measured_memory_heldout70.tsv");

#[test]
fn public_measurements_seventieth_held_out_set() {
    let catalog = Catalog::embedded().unwrap();
    let (held, _unstated) = scored_rows(
        &catalog,
        TABLE,
        "measured_memory_heldout70.tsv (held out 70)",
    );
    assert!(held.numeric >= 40);
    assert!(held.verdicts >= 20);
    // Untuned (scored on the heldout70 branch from main c4b151ee, 2026-12-07; the table committed
    // in d3d9e05e before it was scored): 40 numeric rows, 0 within 15 %, 0 under by more than
    // 15 %, 0 over, 60 rows the CLI cannot state (neither DeepSeek LLM 7B nor 67B has a catalog
    // entry); verdicts 0 of 20 right. What the CLI answers from the size alone is in
    // docs/misses/heldout70_misses.md. The floors may only tighten.
    // First real measure (mem_fa, session 41, docs/fit-reference.md pass 137): with DeepSeek LLM
    // 7B and 67B in the catalog from their config.json, before any engine change: 39 of 40
    // within 15 %, 1 under by more than 15 % (67B batch 1 x 4096: 33.23 measured, 28.02
    // estimated), 0 over, 0 rows not stated; verdicts 19 of 20 (7B batch 8 x 2048 ran and was
    // answered short). Floors at that figure.
    let floor_within = 39;
    let ceiling_under = 1;
    let floor_verdicts = 19;
    floors(
        &held,
        "held out 70",
        floor_within,
        ceiling_under,
        floor_verdicts,
    );
}
