//! The sixty-first held-out set (tests/data/measured_memory_heldout61.tsv, heldout61 helper):
//! serving and generation people rent cards for - Ollama's own `ollama ps` figures (qwen2.5vl:7b
//! on two releases, qwen3:32b on three cards), diffusers FLUX.1-dev with model offload on an A100
//! 40GB, and verdicts: FLUX.1-schnell on a T4, FLUX.2-dev on an RTX A6000, Wan2.2 TI2V-5B and
//! Wan2.1 T2V-14B by generate.py on an RTX 4090 / L40S, LMDeploy with Qwen2-72B-AWQ on 2 x RTX
//! 4090 and TGI with Llama-3.1-405B-FP8 on 8 x H100. Written down and committed before the fit
//! engine's code was read for it and scored untuned. A row the CLI cannot state counts as a
//! miss, not as a skipped row. Printed with `-- --nocapture`.

use super::each_row::{floors, scored_rows};
use bot_core::Catalog;

const TABLE: &str = include_str!("../../data/measured_memory_heldout61.tsv");

#[test]
fn public_measurements_sixty_first_held_out_set() {
    let catalog = Catalog::embedded().unwrap();
    let (held, _unstated) = scored_rows(
        &catalog,
        TABLE,
        "measured_memory_heldout61.tsv (held out 61)",
    );
    assert!(held.numeric >= 6);
    // Untuned (scored on the heldout61 branch from main 54a5a3a3, 2026-12-06; the first 13 rows
    // committed first in ce02b467 and scored, the second batch of 3 committed in fc7b2db6 and
    // cf58c550 before it was scored): 6 numeric rows, 3 within 15 %, 1 under by more than 15 %, 2
    // the CLI cannot state; verdicts 4 of 10 right (0 contradicting the run). Within: diffusers
    // FLUX.1-dev with model offload at 1024x1024 as nvidia-smi (-0.1 %), vLLM 0.19's Qwen3-14B AWQ
    // weights on an RTX 3090 (-0.1 %) and its KV pool at gpu_memory_utilization 0.5 (-10.9 %).
    // Under: qwen3:32b at 19000 tokens on 3 cards, Ollama 0.7.0's `ollama ps` 66 GB (-28.7 %). Not
    // stated: qwen2.5vl:7b's `ollama ps` on 0.13.3 / 0.13.4 (Ollama's estimate not modelled for
    // Qwen2.5-VL). Wrong verdicts: Wan2.2 TI2V-5B by generate.py on an RTX 4090 at 9 and 121 frames
    // (3 rows, answered fits: 18.8 / 20.2 GiB), Qwen2-72B-AWQ on LMDeploy TP2 over 2 x RTX 4090 and
    // Llama-3.1-405B-FP8 on TGI over 8 x H100 (both answered tight; both ran out), FLUX.2-dev (no
    // such pipeline) - docs/misses/heldout61_misses.md.
    // The floors may only tighten.
    // mem_ec (session 37): 5 within - Ollama's measured layout for Qwen2.5-VL
    // (`vram::ollama::measured`): qwen2.5vl:7b at 16384 tokens 8.58 GB on 0.13.3 (-8.7 %) and
    // 14.31 on 0.13.4 (+2.2 %), the vision graph of a 2048 x 2048 image at each release's
    // `maxPixels`.
    let floor_within = 5;
    let ceiling_under = 1;
    // mem_ec (session 37): 5 of 10 - FLUX.2-dev is a pipeline (diffusion.toml): `pipe.to(device)`
    // on the RTX A6000 of flux2#23 answered no (112.6 GiB of bf16 transformer, Mistral encoder,
    // VAE and decode on 45.0 GiB).
    let floor_verdicts = 5;
    floors(
        &held,
        "held out 61",
        floor_within,
        ceiling_under,
        floor_verdicts,
    );
}
