//! The nineteenth held-out set (tests/data/measured_memory_heldout19.tsv, session 18, mem_v): image and video
//! generation as people run it in 2025-2026 - FLUX.1-dev with a 4-bit transformer, FLUX.1-Kontext-dev, Qwen-Image,
//! Wan 2.1 / 2.2 in diffusers and DiffSynth-Studio, HunyuanVideo's own sampler - written down and committed before the
//! pipeline estimate's code was read for it and scored untuned. A row the CLI cannot state (a pipeline the catalog
//! lacks) counts as a miss, not as a skipped row. Printed with `-- --nocapture`.

use super::mixed::scored;
use super::public::Score;
use bot_core::Catalog;

const TABLE: &str = include_str!("../../data/measured_memory_heldout19.tsv");

/// Each data row scored alone; a row whose replay panics (no word for its engine or flag) is a
/// miss: a numeric row counts as neither within 15 % nor under, a verdict row as wrong.
fn scored_rows(catalog: &Catalog) -> (Score, Vec<String>) {
    let head: String = TABLE
        .lines()
        .filter(|l| l.starts_with("model\t"))
        .map(|l| format!("{l}\n"))
        .collect();
    let mut total = Score {
        under: Vec::new(),
        under_sources: Vec::new(),
        numeric: 0,
        within15: 0,
        under15: 0,
        verdicts: 0,
        verdicts_right: 0,
        contradicted: 0,
    };
    let mut unstated = Vec::new();
    for row in TABLE
        .lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("model\t") && !l.trim().is_empty())
    {
        let one = format!("{head}{row}\n");
        let quiet = std::panic::take_hook();
        std::panic::set_hook(Box::new(|_| {}));
        let got = std::panic::catch_unwind(|| scored(catalog, &one, "row"));
        std::panic::set_hook(quiet);
        let f: Vec<&str> = row.split('\t').collect();
        match got {
            Ok(s) => {
                total.numeric += s.numeric;
                total.within15 += s.within15;
                total.under15 += s.under15;
                total.under.extend(s.under);
                total.under_sources.extend(s.under_sources);
                total.verdicts += s.verdicts;
                total.verdicts_right += s.verdicts_right;
                total.contradicted += s.contradicted;
            }
            Err(_) => {
                if f[8] == "verdict" {
                    total.verdicts += 1;
                } else {
                    total.numeric += 1;
                }
                println!(
                    "! not stated: {} {} ctx={} [{}] engine {} flags {}",
                    f[0], f[2], f[3], f[8], f[9], f[10]
                );
                unstated.push(format!("{} {} {}", f[0], f[9], f[10]));
            }
        }
    }
    println!(
        "measured_memory_heldout19.tsv (held out 19, session 18): {} numeric rows, within 15%: {}, under by >15%: {}; verdicts right: {}/{} (contradicting: {}); rows the CLI cannot state: {}",
        total.numeric,
        total.within15,
        total.under15,
        total.verdicts_right,
        total.verdicts,
        total.contradicted,
        unstated.len()
    );
    (total, unstated)
}

#[test]
fn public_measurements_nineteenth_held_out_set() {
    let catalog = Catalog::embedded().unwrap();
    let (held, _unstated) = scored_rows(&catalog);
    assert!(held.numeric >= 6 && held.verdicts >= 6);
    // Untuned (scored on mem_v's branch from main e6c0769d, 2026-12-04, before the pipeline estimate was read for
    // these rows): 3 of 6 numeric rows within 15 % (FLUX.1-dev with an nf4 transformer +13.7 % without offload and
    // +11.3 % with enable_model_cpu_offload, Wan2.1-T2V-1.3B in diffusers +5.0 %), none under by more than 15 %;
    // verdicts 2 of 6 (Wan2.2-T2V-A14B at 720p on an 80 GB A100, twice); not stated: Qwen-Image (2 rows), HunyuanVideo
    // (2) and FLUX.1-Kontext-dev (2), no catalog entry; wrong: Wan2.2-I2V-A14B in DiffSynth-Studio at 480p on an 80 GB
    // card (72.4 GiB sized, ran out of memory).
    // After mem_v: Qwen-Image, Qwen-Image-Edit, HunyuanVideo and FLUX.1-Kontext-dev in the catalog, an editing
    // pipeline's reference-image tokens in the sequence (`diffusion::estimate::reference_tokens`): 6 of 6 within 15 %,
    // none under, verdicts 4 of 6 (left: Qwen-Image at 2048² on torch 2.9, which the same issue measures at 75 GB on
    // torch 2.8, and the DiffSynth Wan2.2-I2V row; docs/misses/heldout19_misses.md). The floors may only tighten.
    let floor_within = 6;
    let ceiling_under = 0;
    let floor_verdicts = 4;
    assert!(
        held.within15 >= floor_within,
        "held out 19: {} of {} within 15% (floor {floor_within})",
        held.within15,
        held.numeric
    );
    assert!(
        held.under15 <= ceiling_under,
        "held out 19 under by >15%: {:?}",
        held.under
    );
    assert!(
        held.verdicts_right >= floor_verdicts,
        "held out 19 verdicts: {} of {} (floor {floor_verdicts})",
        held.verdicts_right,
        held.verdicts
    );
}
