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
    // Floors 0 until the untuned score is read (the table is committed before it is scored).
    let floor_within = 0;
    let ceiling_under = usize::MAX;
    let floor_verdicts = 0;
    floors(
        &held,
        "held out 70",
        floor_within,
        ceiling_under,
        floor_verdicts,
    );
}
