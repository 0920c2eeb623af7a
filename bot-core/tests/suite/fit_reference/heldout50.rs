//! The fiftieth held-out set (tests/data/measured_memory_heldout50.tsv, session 30, mem_cs):
//! 4-bit and 8-bit inference at batch >= 4 and at long context - AutoAWQ's benchmark.py at batch
//! 5 on an A10G (Mistral-7B-Instruct-v0.2 in 16-bit from 64 to 1024 tokens, its AWQ form out of
//! memory at 4096 + 4096), the same benchmark of the AWQ GEMM kernel on an A100 80GB from 64 to
//! 8192 tokens, 4-bit GPTQ / AWQ under TGI 1.1 on 2 x A10 read from nvidia-smi, and LMDeploy's
//! TurboMind serving DeepSeek-R1-Distill-Llama-70B at its own 131072 tokens on 4 x H100 and one
//! H100 - written down and committed before the fit engine's code was read for it and scored
//! untuned. A row the CLI cannot state counts as a miss, not as a skipped row. Printed with
//! `-- --nocapture`.

use super::each_row::{floors, scored_rows};
use bot_core::Catalog;

const TABLE: &str = include_str!("../../data/measured_memory_heldout50.tsv");

#[test]
fn public_measurements_fiftieth_held_out_set() {
    let catalog = Catalog::embedded().unwrap();
    let (held, _unstated) = scored_rows(
        &catalog,
        TABLE,
        "measured_memory_heldout50.tsv (held out 50, session 30)",
    );
    assert!(held.numeric >= 17 && held.verdicts >= 3);
    // Untuned (scored on mem_cs's branch from main 7f57663a, 2026-12-05): 15 of 17 numeric rows
    // within 15 %, 1 under by more than 15 % (LMDeploy TurboMind, R1-Distill-Llama-70B at --tp 4
    // on 4 x H100, nvidia-smi total 292 GiB, estimated 195.1: -33.2 %), 1 over (AutoAWQ GEMM at
    // 4096 + 4096 tokens on an A100, +16.9 %), none not stated; verdicts 2 of 3 (TGI 1.1's
    // Llama-2-70B AWQ at 4096 tokens on 2 x A10 answered "tight", it did not load).
    // docs/misses/heldout50_misses.md. The floors may only tighten.
    // Session 30, mem_cw: 16 of 17 within, none under. The LMDeploy row was scored against the
    // job's total, which leaves out each card's KV pool fill; the `smi-sum` basis now sums what
    // each card shows (-33.2 % -> -3.6 %, 281.42 GiB). TGI 1.x's AWQ warm-up holds llm-awq's
    // split-K partials (`vram::tgi_pool::awq_split_k_bytes`): the 70B AWQ needs 20.88 GiB a card
    // (was 19.13), still "tight" on an A10's 21.99 - the verdict stays wrong (see the misses file).
    // Then the AutoAWQ rows corrected by benchmark.py's own code (the TSV header says why): its
    // fused cache holds the decoded tokens only (`max_new_tokens=n_generate`, WindowedCache), so
    // --autoawq-fused=D: every A100 row -3.2 % to -1.1 % (8192 tokens +16.9 -> -1.1 %, 4096
    // +15.0 -> -1.3 %), the A10G OOM row still no (34.64 GiB). 17 of 17 within.
    let floor_within = 17;
    let ceiling_under = 0;
    let floor_verdicts = 2;
    floors(
        &held,
        "held out 50",
        floor_within,
        ceiling_under,
        floor_verdicts,
    );
}
