//! The seventy-fourth held-out set (tests/data/measured_memory_heldout74.tsv, heldout74 helper):
//! out-of-memory reports in training repositories' issue threads - stanford_alpaca, alpaca-lora,
//! FastChat, Qwen (v1), Firefly, Baichuan2 and LLaVA - each with the user's command or the script's
//! defaults and the card named: 16 runs stated as CUDA out of memory, 9 runs beside them that
//! trained, and 3 figures the same threads print. Full fine-tunes under FSDP and ZeRO, 8-bit LoRA,
//! bnb QLoRA without gradient checkpointing, LoRA on GPTQ-Int4 up to Qwen-72B. Written down and
//! committed before the fit engine's code was read for it, and scored untuned. A row the CLI
//! cannot state counts as a miss, not as a skipped row. Printed with `-- --nocapture`.

use super::each_row::{floors, scored_rows};
use bot_core::Catalog;

const TABLE: &str = include_str!("../../data/measured_memory_heldout74.tsv");

#[test]
fn public_measurements_seventy_fourth_held_out_set() {
    let catalog = Catalog::embedded().unwrap();
    let (held, _unstated) = scored_rows(
        &catalog,
        TABLE,
        "measured_memory_heldout74.tsv (held out 74)",
    );
    assert!(held.numeric >= 3);
    assert!(held.verdicts >= 25);
    // Untuned (scored on the heldout74 branch from main 5d34d7c4, 2026-12-07; the table committed
    // in 63674742 before it was scored): 3 numeric rows, 2 within 15 %, 1 under by more than 15 %
    // (alpaca-lora 7B "about 18GB" answered 9.9), none over; verdicts 15 of 25 right - every
    // FITS row right, 6 of 16 OOM rows right: 7 answered "fits" for runs that ran out of memory,
    // 2 "tight", 1 the harness cannot state (--reduce-bucket-size has no row word; the CLI says
    // it does not fit). The answers are in docs/misses/heldout74_misses.md. The floors may only
    // tighten. 16: the harness reads --reduce-bucket-size as the CLI does (the lead, session 43),
    // and that row's answer is "does not fit", as the CLI said by hand.
    let floor_within = 2;
    let ceiling_under = 1;
    let floor_verdicts = 16;
    floors(
        &held,
        "held out 74",
        floor_within,
        ceiling_under,
        floor_verdicts,
    );
}
