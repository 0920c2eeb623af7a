//! The sixteenth held-out set (tests/data/measured_memory_heldout16.tsv, session 18, mem_x): preference training
//! (DPO, SimPO, ORPO), GRPO and DoRA runs, written down and committed before the estimator's code was read for it
//! and scored untuned. Printed with `-- --nocapture`.

use super::mixed::{print_breakdowns, scored};
use bot_core::Catalog;

const TABLE: &str = include_str!("../../data/measured_memory_heldout16.tsv");

#[test]
fn public_measurements_sixteenth_held_out_set() {
    let catalog = Catalog::embedded().unwrap();
    let held = scored(
        &catalog,
        TABLE,
        "measured_memory_heldout16.tsv (held out, session 18)",
    );
    assert!(held.numeric >= 4 && held.verdicts >= 7);
    // Untuned (scored on mem_x's branch from main d53c2b08, 2026-12-04, the method flags dropped: every row sized as
    // the SFT of its sequences, as the bot answered): 3 of 4 numeric rows within 15 % (SimPO full 3B ZeRO-2 -13.5 %,
    // DoRA 7B -8.0 %, GRPO LoRA 3B -3.5 %); under by more than 15 %: the DPO LoRA 7B at 2048 -15.5 %. Verdicts 6 of 7:
    // wrong is DPO of Qwen2.5-0.5B loaded in fp32 on an A100 80GB ("fits" at 35 GiB; it ran out). The floor and
    // ceiling may only tighten.
    // After mem_x's pass (`vram::method`: chosen and rejected in one forward, the reference model as TRL loads
    // it, GRPO's completion-only logits and rollout, DoRA's magnitudes, saved outputs and weight norm): 4 of 4
    // within 15 % (DPO LoRA 7B -15.5 -> +5.8 %, SimPO -13.5 -> -12.2 %, DoRA -8.0 -> -4.5 %, GRPO LoRA 3B -3.5 ->
    // -8.4 %), none under; verdicts 6 of 7, the fp32 DPO still answered "fits" (62.9 GiB on 80: its fp32 residual
    // stream under autocast is not modelled, docs/misses/heldout16_misses.md).
    let floor_within = 4;
    let ceiling_under = 0;
    let floor_verdicts = 6;
    assert!(
        held.within15 >= floor_within,
        "held out 16: {} of {} within 15% (floor {floor_within})",
        held.within15,
        held.numeric
    );
    assert!(
        held.under15 <= ceiling_under,
        "held out 16 under by >15%: {:?}",
        held.under
    );
    assert!(
        held.verdicts_right >= floor_verdicts,
        "held out 16 verdicts: {} of {} (floor {floor_verdicts})",
        held.verdicts_right,
        held.verdicts
    );
}

/// Each language-model row's breakdown on the busiest card, printed with `-- --nocapture`.
#[test]
fn sixteenth_held_out_set_breakdowns() {
    print_breakdowns(&Catalog::embedded().unwrap(), TABLE);
}
