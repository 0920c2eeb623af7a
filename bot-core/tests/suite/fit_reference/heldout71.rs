//! The seventy-first held-out set (tests/data/measured_memory_heldout71.tsv, heldout71 helper):
//! huggingface/optimum-benchmark's own committed run reports - Transformers 4.35 greedy generate
//! on one A100-SXM4-80GB at batch 1 to 64: Llama-2-7B / 13B in fp16 and LLaMA-7B / 13B / 65B in
//! GPTQ 4-bit (`max_memory_allocated`), and Mistral-7B in fp16, bitsandbytes FP4, GPTQ and AWQ at
//! batch 1 to 16 (nvml's device total), with the largest batch of each series as a FITS verdict.
//! Written down and committed before the fit engine's code was read for it and scored untuned. A
//! row the CLI cannot state counts as a miss, not as a skipped row. Printed with `-- --nocapture`.

use super::each_row::{floors, scored_rows};
use bot_core::Catalog;

const TABLE: &str = include_str!("../../data/measured_memory_heldout71.tsv");

#[test]
fn public_measurements_seventy_first_held_out_set() {
    let catalog = Catalog::embedded().unwrap();
    let (held, _unstated) = scored_rows(
        &catalog,
        TABLE,
        "measured_memory_heldout71.tsv (held out 71)",
    );
    assert!(held.numeric >= 50);
    assert!(held.verdicts >= 9);
    // Untuned (scored on the heldout71 branch from main 33e7acc4, 2026-12-07; the table committed
    // in 01c2159d before it was scored): 50 numeric rows, 18 within 15 %, 16 under by more than
    // 15 % (every LLaMA GPTQ row, 7B fp16 at batch 64, 13B fp16 at 32, Mistral GPTQ at batch 1),
    // 12 over (Mistral at batch 4-16 in every format, to +121 %), 4 rows the CLI cannot state
    // (LLaMA-65B GPTQ: no catalog entry); verdicts 8 of 9 right (the 65B's not stated). The misses
    // are in docs/misses/heldout71_misses.md. The floors may only tighten.
    // mem_fd, LLaMA-65B from its config (catalog only, before any engine change): the four
    // not-stated 65B rows stated, three within and batch 8 under (-16.5 %, its missing second
    // cache); 21 within, 17 under, verdicts 9 of 9. The under ceiling is the figure the lead's
    // brief set at this commit (the row was a miss before, uncounted as under).
    // mem_fd, then the engine (`vram::generate_steps`): before 4.42 every decode step holds the
    // cache twice, and the prefill is the prompt's, not the context's: 34 within, 16 under (the
    // seven LLaMA GPTQ rows' exllama v2 scratch aside, every Mistral 4-bit row as nvml reads
    // it), verdicts 9 of 9.
    // With `vram::gptq_scratch` (the rows' `--exllama-v2`): 35 within, 15 under (every Mistral
    // 4-bit row as nvml reads it, 1.7-2.3 GiB above the estimate; not found).
    // The allocator's outgrown cache blocks kept in what nvml shows on 4.35 too: 44 within, 6
    // under (Mistral bnb / GPTQ / AWQ at batch 1-2, 1.3-1.9 GiB above the estimate, not found).
    let floor_within = 44;
    let ceiling_under = 6;
    let floor_verdicts = 9;
    floors(
        &held,
        "held out 71",
        floor_within,
        ceiling_under,
        floor_verdicts,
    );
}
