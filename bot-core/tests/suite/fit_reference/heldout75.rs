//! The seventy-fifth held-out set (tests/data/measured_memory_heldout75.tsv, heldout75 helper):
//! out-of-memory and refuse-to-start reports in issue threads of serving engines, model
//! repositories, image pipelines and trainers held-out 74 did not use - vLLM (0.2.5 to V1) and TGI
//! serving Qwen-72B / Qwen1.5-72B / Llama-2-70B / Qwen3-30B-A3B / Gemma-7B, plain Transformers
//! loading of 72B models, diffusers pipelines and training scripts (SDXL, FLUX.1, Qwen-Image),
//! ComfyUI's FLUX.2, TRL's SFT example, LLaMA2-Accessory and torchtune: 20 runs stated as OOM and 3
//! runs beside them that ran, each with the user's command or the tool's defaults and the card
//! named. Written down and committed before the fit engine's code was read for it, and scored
//! untuned. A row the CLI cannot state counts as a miss, not as a skipped row. Printed with
//! `-- --nocapture`.

use super::each_row::{floors, scored_rows};
use bot_core::Catalog;

const TABLE: &str = include_str!("../../data/measured_memory_heldout75.tsv");

#[test]
fn public_measurements_seventy_fifth_held_out_set() {
    let catalog = Catalog::embedded().unwrap();
    let (held, _unstated) = scored_rows(
        &catalog,
        TABLE,
        "measured_memory_heldout75.tsv (held out 75)",
    );
    assert_eq!(held.numeric, 0);
    assert!(held.verdicts >= 23);
    // Untuned (scored on the heldout75 branch from main 7f96b317, 2026-12-07; the table committed
    // in 3408c5da before it was scored): no numeric row; verdicts 15 of 23 right - 13 of 20 OOM
    // rows right: 5 answered "fits" for runs that ran out of memory (TGI's warm-up of a GPTQ 70B
    // on 4 x T4 and 4 x A10G, Qwen-72B device_map loading on 8 x 3090, an SDXL full fine-tune on
    // a V100, a FLUX.1 LoRA without checkpointing on an A100 40G), 1 "tight" (vLLM 0.2.5 with AWQ
    // 70B on 4 x A10G), 1 the harness cannot state (no EMA word for image training); 2 of 3 FITS
    // rows right (Qwen-72B at gpu_memory_utilization 0.6 on 4 x A100 80G answered 9.2 GiB short).
    // The answers are in docs/misses/heldout75_misses.md. The floors may only tighten.
    // mem_fk (session 44): 16 - diffusers#7146's `--use_ema` SDXL full fine-tune on a V100 is
    // stated (`ema`) and sized with EMAModel's fp32 copy, 4-byte gradients and autocast's 16-bit
    // copies (40.1 GiB on 32: OOM, right).
    let floor_within = 0;
    let ceiling_under = 0;
    let floor_verdicts = 16;
    floors(
        &held,
        "held out 75",
        floor_within,
        ceiling_under,
        floor_verdicts,
    );
}
