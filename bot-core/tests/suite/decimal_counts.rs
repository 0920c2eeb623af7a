//! A decimal count written apart from its multiplier (`一个月 4.5 亿 token`, `每天 1.5 万`,
//! `2.5 million tokens a day`) is the job's token volume. It had been read as a price per the
//! period said before it (`/tco … price=4.5/month`, a wrong figure), and with the price gone the
//! volume was still dropped: a whole-number count (`3 亿`) was read, a decimal one was not.

use super::readings::embedded;
use bot_core::understand::Reading;

#[test]
fn a_decimal_count_apart_from_its_multiplier_is_the_volume_never_a_price() {
    // (multiplier as written, its value), (period as written, days), the decimal.
    let multipliers = [("亿", 1e8), ("千万", 1e7), (" million", 1e6)];
    let periods = [("每天", 1.0), ("一个月", 30.0), ("per month", 30.0)];
    let models = [("gemma3 12b", "gemma-3-12b"), ("qwen2.5 7b", "qwen2.5-7b")];
    let mut off = Vec::new();
    let mut seen = 0;
    for (m, mv) in multipliers {
        for (p, days) in periods {
            for d in ["1.5", "4.5", "0.6"] {
                for (said, id) in models {
                    let m = m.trim_start();
                    let q = if p.is_ascii() {
                        format!("{said} {d} {m} tokens {p}, self-host worth it?")
                    } else {
                        format!("{said} {p} {d} {m} token 自己部署划算吗")
                    };
                    let want = (d.parse::<f64>().unwrap() * mv / days).round() as u64;
                    let Reading::Command(r) = embedded(&q) else {
                        off.push(format!("{q}: not one command"));
                        continue;
                    };
                    let line = r.line();
                    seen += 1;
                    // The line's volume word (`15m`, `2500k`) read by the lexicon's own token count.
                    let volume = line
                        .split_whitespace()
                        .skip(2)
                        .find_map(bot_core::lexicon::token_count)
                        .map(|n| n.round() as u64);
                    let priced = line.contains("price=");
                    if !line.starts_with(&format!("/tco {id}")) || priced || volume != Some(want) {
                        off.push(format!("{q}: {line} (want {want} a day)"));
                    }
                }
            }
        }
    }
    assert_eq!(seen, 54, "{off:?}");
    assert!(
        off.is_empty(),
        "{} of {seen}:\n{}",
        off.len(),
        off.join("\n")
    );
}
