//! The thirtieth held-out set (tests/data/measured_memory_heldout30.tsv, session 23, mem_as): mainstream
//! jobs on 8-16 GB cards - AWQ 7B models under vLLM on an RTX 3060 12G and an RTX 2080 Ti, AutoAWQ's own
//! benchmark on a Tesla T4, FLUX.1-dev fp8 under ComfyUI on 12 GB cards - written down and committed before
//! the fit engine's code was read for it and scored untuned. A row the CLI cannot state counts as a miss,
//! not as a skipped row. Printed with `-- --nocapture`.

use super::each_row::{floors, scored_rows};
use bot_core::Catalog;

const TABLE: &str = include_str!("../../data/measured_memory_heldout30.tsv");

#[test]
fn public_measurements_thirtieth_held_out_set() {
    let catalog = Catalog::embedded().unwrap();
    let (held, _unstated) = scored_rows(
        &catalog,
        TABLE,
        "measured_memory_heldout30.tsv (held out 30, session 23)",
    );
    assert!(held.numeric >= 6 && held.verdicts >= 7);
    // Untuned: not scored yet. The floors may only tighten.
    let floor_within = 0;
    let ceiling_under = usize::MAX;
    let floor_verdicts = 0;
    floors(
        &held,
        "held out 30",
        floor_within,
        ceiling_under,
        floor_verdicts,
    );
}
