//! The eighteenth held-out set (tests/data/measured_memory_heldout18.tsv, session 18, mem_w): the jobs most users rent a
//! card for in 2025-2026 - Qwen3-VL / Gemma-3 vision LoRA and QLoRA, long-context QLoRA of a 72B in Unsloth, LoRA at 20k
//! in LLaMA-Factory, vLLM serving on consumer and data-centre cards - written down and committed before the estimator's
//! code was read for it and scored untuned. A row the CLI cannot state (a model, card or flag it has no word for) counts
//! as a miss, not as a skipped row. Printed with `-- --nocapture`.

use super::mixed::scored;
use super::public::Score;
use bot_core::Catalog;

const TABLE: &str = include_str!("../../data/measured_memory_heldout18.tsv");

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
        "measured_memory_heldout18.tsv (held out 18, session 18): {} numeric rows, within 15%: {}, under by >15%: {}; verdicts right: {}/{} (contradicting: {}); rows the CLI cannot state: {}",
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
fn public_measurements_eighteenth_held_out_set() {
    let catalog = Catalog::embedded().unwrap();
    let (held, _unstated) = scored_rows(&catalog);
    assert!(held.numeric >= 5 && held.verdicts >= 8);
    // Untuned (scored on mem_w's branch from main 00156298, 2026-12-04, before the estimator was
    // read for these rows): 3 of 5 numeric rows within 15 % (vLLM's weights of Qwen2.5-7B 4-bit
    // -0.3 % and of Qwen3-30B-A3B w4a16 -0.3 %, its profile's activations -0.7 %); under by more
    // than 15 %: Gemma-3-4B vision QLoRA on a T4 in Unsloth 2025.6 (-25.6 %); verdicts 4 of 8
    // (two contradicting the run: Qwen2.5-72B QLoRA at 32K on an A800, Qwen2.5-VL-3B at gmu 0.3);
    // not stated: Qwen3-VL-4B (no catalog entry) and an RTX 4060 Laptop (no card).
    // After mem_w: Qwen3-VL-4B in the catalog states ms-swift's LoRA row (-0.9 %): 4 of 5, one
    // under, verdicts 4 of 8 (docs/misses/heldout18_misses.md). The floor and ceiling may only
    // tighten.
    let floor_within = 4;
    let ceiling_under = 1;
    let floor_verdicts = 4;
    assert!(
        held.within15 >= floor_within,
        "held out 18: {} of {} within 15% (floor {floor_within})",
        held.within15,
        held.numeric
    );
    assert!(
        held.under15 <= ceiling_under,
        "held out 18 under by >15%: {:?}",
        held.under
    );
    assert!(
        held.verdicts_right >= floor_verdicts,
        "held out 18 verdicts: {} of {} (floor {floor_verdicts})",
        held.verdicts_right,
        held.verdicts
    );
}
