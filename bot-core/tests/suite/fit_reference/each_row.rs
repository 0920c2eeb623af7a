//! The held-out sets scored a row at a time (held out 17 onwards): a row the CLI cannot state
//! (an engine, model, card or flag it has no word for) counts as a miss, not as a skipped row,
//! and each set holds its floors with [`floors`].

use super::mixed::scored;
use super::public::Score;
use bot_core::Catalog;

/// Each data row scored alone; a row whose replay panics (no word for its engine or flag) is a
/// miss: a numeric row counts as neither within 15 % nor under, a verdict row as wrong.
pub(super) fn scored_rows(catalog: &Catalog, table: &str, name: &str) -> (Score, Vec<String>) {
    let head: String = table
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
    for row in table
        .lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("model\t") && !l.trim().is_empty())
    {
        let one = format!("{head}{row}\n");
        let f: Vec<&str> = row.split('\t').collect();
        // A model the catalog has no entry for (and no image/video pipeline) is a row the CLI
        // cannot state by the tables' own rule, counted so before any replay, not by a panic.
        let known = catalog.model(f[0]).is_ok() || bot_core::diffusion::find(f[0]).is_some();
        let got = if known {
            let quiet = std::panic::take_hook();
            std::panic::set_hook(Box::new(|_| {}));
            let got = std::panic::catch_unwind(|| scored(catalog, &one, "row"));
            std::panic::set_hook(quiet);
            got.map_err(|_| ())
        } else {
            Err(())
        };
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
        "{name}: {} numeric rows, within 15%: {}, under by >15%: {}; verdicts right: {}/{} (contradicting: {}); rows the CLI cannot state: {}",
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

/// A held-out set's floors: at least `within` numeric rows within 15 %, at most `under`
/// under-estimated by more than 15 %, at least `verdicts` verdicts right. They may only tighten.
pub(super) fn floors(held: &Score, name: &str, within: usize, under: usize, verdicts: usize) {
    assert!(
        held.within15 >= within,
        "{name}: {} of {} within 15% (floor {within})",
        held.within15,
        held.numeric
    );
    assert!(
        held.under15 <= under,
        "{name} under by >15%: {:?}",
        held.under
    );
    assert!(
        held.verdicts_right >= verdicts,
        "{name} verdicts: {} of {} (floor {verdicts})",
        held.verdicts_right,
        held.verdicts
    );
}
