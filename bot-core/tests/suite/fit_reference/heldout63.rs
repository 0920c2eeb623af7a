//! The sixty-third held-out set (tests/data/measured_memory_heldout63.tsv, heldout63 helper):
//! inference, serving and video generation on cards people rent - the Quanto-for-diffusers
//! post's SD3-Medium memory after the run (FP16 and FP8), a plain Transformers `generate` of
//! LLaMA-7B in fp16 on an A10G, vLLM's KV pool and refusal for DeepSeek-V4-Flash on 2 x GH200,
//! llama.cpp's KV buffers under Ollama 0.30.2 for gpt-oss-120b, `ollama ps` for Gemma-4-31B at
//! 262144 tokens on two releases, and verdicts: vLLM 0.4.2 with Llama-3-8B on an RTX 4060 Ti
//! 16GB, diffusers HunyuanVideo at 1280x720x129 on an A800 80G. Written down and committed
//! before the fit engine's code was read for it and scored untuned. A row the CLI cannot state
//! counts as a miss, not as a skipped row. Printed with `-- --nocapture`.

use super::each_row::{floors, scored_rows};
use bot_core::Catalog;

const TABLE: &str = include_str!("../../data/measured_memory_heldout63.tsv");

#[test]
fn public_measurements_sixty_third_held_out_set() {
    let catalog = Catalog::embedded().unwrap();
    let (held, _unstated) = scored_rows(
        &catalog,
        TABLE,
        "measured_memory_heldout63.tsv (held out 63)",
    );
    assert!(held.numeric >= 7);
    assert!(held.verdicts >= 7);
    // Untuned (scored on the heldout63 branch from main ab0072b9, 2026-12-06; the first 11 rows
    // committed first in 870efa61 and scored, floors in 1e220650; a second batch of 1 verdict
    // committed in a5d05223 and a third of 2 verdicts in 540e0e47, each before it was scored):
    // 7 numeric rows, 2 within 15 %, 0 under by more than 15 %, 1 over, 4 the CLI cannot state;
    // verdicts 4 of 7 right (1 contradicting the run).
    // Within: Transformers generate of LLaMA-7B fp16 at 1200 tokens on an A10G, max_memory_allocated
    // (-1.2 %), and llama.cpp's KV buffers under Ollama 0.30.2 for gpt-oss-120b at 2 x 131072
    // tokens (+2.6 %). Over: vLLM's KV pool for DeepSeek-V4-Flash on 2 x GH200 at
    // gpu_memory_utilization 0.95 (5.44 GiB measured, 13.69 estimated, +151.7 %). Not stated:
    // SD3-Medium's memory after the run in FP16 / FP8 (no resident basis for an image row) and
    // gemma4:31b's `ollama ps` on 0.30.8 / 0.24.0 (Ollama's estimate not modelled for Gemma-4).
    // Wrong verdicts: DeepSeek-V4-Flash at 30000 tokens on 2 x GH200 (answered tight; vLLM refused
    // it), diffusers HunyuanVideo 1280x720x129 on an A800 80G (answered fits at 54.2 GiB; ran out)
    // and vLLM Qwen3.5-397B-A17B-FP8 TP 2 x PP 3 on 6 x RTX PRO 6000 (answered no, sized on 4 cards;
    // it ran for months) - docs/misses/heldout63_misses.md. Right: GLM-4.6-FP8 TP 8 and
    // GLM-4.5-Air-FP8 PP 3 on RTX PRO 6000 cards (the latter sized on 2 of its 3 cards).
    // mem_ef (session 37): a count vLLM refuses as tensor parallel is sized as the TP x PP split
    // it runs there (`vram::pipeline`): Qwen3.5-397B-A17B-FP8 as TP 2 x PP 3 on the six cards is
    // answered tight (70.4 GiB a card, was "no" sized on 4), verdicts 5 of 7. SD3-Medium's
    // memory after the run now has a `resident` basis (the component weights a pipeline kept on
    // the card still holds), and a float16 pipeline keeps T5's `wo` in fp32 (transformers'
    // `_keep_in_fp32_modules`): FP16 -1.2 %, FP8 -11.7 %, within 4 of 7.
    // The floors may only tighten.
    let floor_within = 4;
    let ceiling_under = 0;
    let floor_verdicts = 5;
    floors(
        &held,
        "held out 63",
        floor_within,
        ceiling_under,
        floor_verdicts,
    );
}
