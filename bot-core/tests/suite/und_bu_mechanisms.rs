//! One lexicon for usage words (helper und_bu, issue 26; written before the change they test):
//! always-on, a night, and a period, each decided once in `bot-core/src/lexicon` and read the
//! same by the question reader, `/cost` `/compare` `/tco`'s argument parsers, `/pick`'s step
//! answers and its budgets. Three always-on tables had disagreed (`常驻`, `不关机`, `nonstop`,
//! `round the clock` always-on to the reader but no length to `/cost`; `长期`, `全天`, `常开` the
//! other way round), two night tables had drifted (`每晚` a pattern in one, nothing in the
//! other), and `/pick`'s budgets kept their own month words.

use bot_core::Catalog;
use bot_core::commands::Request;
use bot_core::understand::read;

use super::fresh19_share::{own_cases_read_right, own_labels_canonical, with_parse_ctx};

const CASES: &str = "\
4090常驻多少钱\t/compare rtx-4090 always
4090 常开 哪家便宜\t/compare rtx-4090 always
autodl 4090 不关机 多少钱\t/cost autodl rtx-4090 always
4090 nonstop which platform is cheapest\t/compare rtx-4090 always
h100 round the clock, cheapest?\t/compare h100-sxm always
4090 一直online 多少钱\t/compare rtx-4090 always
3090 24/7 how much\t/compare rtx-3090 always
4090 always on 哪家便宜\t/compare rtx-4090 always
l40s 长期在线 多少钱\t/compare l40s always
4090 一直开着 哪家最便宜\t/compare rtx-4090 always
runpod 4090 running nonstop price\t/cost runpod rtx-4090 always
包月4090多少钱\t/compare rtx-4090 always
4090 全天 多少钱\t/compare rtx-4090 1d
autodl 3090 全天 多少钱\t/cost autodl rtx-3090 1d
4090跑一晚上多少钱\t/compare rtx-4090 8h
3090 通宵 多少钱\t/compare rtx-3090 8h
4090 跑一宿 多少钱\t/compare rtx-4090 8h
4090 overnight how much\t/compare rtx-4090 8h
4090每晚跑 多少钱\t/compare rtx-4090 daily 8h
4090 每天晚上跑 哪家便宜\t/compare rtx-4090 daily 8h
4090只在晚上跑 多少钱\t/compare rtx-4090 daily 8h
3090 every night, cheapest platform?\t/compare rtx-3090 daily 8h
rent a 4090 nights only, how much\t/compare rtx-4090 daily 8h
4090 每晚跑3小时 多少钱\t/compare rtx-4090 daily 3h
autodl 4090 每晚 多少钱\t/cost autodl rtx-4090 daily 8h
";

#[test]
fn und_bu_mechanisms_on_cases_of_their_own() {
    own_cases_read_right("und_bu", CASES);
}

#[test]
fn und_bu_labels_are_canonical_lines() {
    own_labels_canonical(CASES, |_| false);
}

/// The line a typed command reads into (its own parser), or the error as text.
pub(super) fn typed(line: &str) -> String {
    with_parse_ctx(|ctx| match Request::parse(ctx, line) {
        Some(Ok(r)) => r.line(),
        Some(Err(_)) => format!("refused: {line}"),
        None => format!("no command: {line}"),
    })
}

/// Every always-on word the question reader knows is one to `/cost` and `/compare` too, in
/// either language and mixed; the words one table alone had.
#[test]
fn always_on_words_read_alike_by_the_command_parsers() {
    for w in [
        "always",
        "always-on",
        "24/7",
        "常驻",
        "不关机",
        "常开",
        "一直开着",
        "一直在线",
        "一直online",
        "nonstop",
        "7x24",
        "全天候",
        "round the clock",
        "always on",
    ] {
        assert_eq!(
            typed(&format!("/compare 4090 {w}")),
            "/compare rtx-4090 always",
            "{w}"
        );
        assert_eq!(
            typed(&format!("/cost autodl 4090 {w}")),
            "/cost autodl rtx-4090 always",
            "{w}"
        );
    }
    // A month held: the package, priced as the month it holds.
    assert_eq!(typed("/compare 4090 包月"), "/compare rtx-4090 always");
    assert_eq!(typed("/compare 4090 monthly"), "/compare rtx-4090 always");
    assert_eq!(
        typed("/cost autodl 4090 包年"),
        "/cost autodl rtx-4090 always months=12"
    );
    // `全天` is all day, 24 hours that day; beside a month it is the month held whole.
    assert_eq!(typed("/compare 4090 全天"), "/compare rtx-4090 1d");
    assert_eq!(
        typed("/cost runpod 4090 1个月 全天"),
        "/cost runpod rtx-4090 always"
    );
    // A night is 8 hours; nights as a habit are 8 hours a day.
    assert_eq!(typed("/compare 4090 一晚上"), "/compare rtx-4090 8h");
    assert_eq!(typed("/compare 4090 overnight"), "/compare rtx-4090 8h");
    assert_eq!(typed("/compare 4090 每晚"), "/compare rtx-4090 daily 8h");
    assert_eq!(typed("/compare 4090 nightly"), "/compare rtx-4090 daily 8h");
}

/// `/tco` prices a card kept on by design: an always-on word beside its volume is read and
/// changes nothing, where it had been refused as a fifth part.
#[test]
fn tco_reads_an_always_on_word() {
    let plain = typed("/tco qwen2.5-7b 4090 5m");
    assert!(plain.starts_with("/tco "), "{plain}");
    for w in ["24/7", "常驻", "always-on", "一直开着", "nonstop"] {
        assert_eq!(typed(&format!("/tco qwen2.5-7b 4090 5m {w}")), plain, "{w}");
    }
}

/// Near-misses: `长期` alone is a long rental, not a card kept on: a daily habit said beside it
/// stays daily and a span stays that span; `always` before a verb says what happens; `晚上`
/// alone (an hour of the day asked) is no night's job; a month's budget is no month held.
#[test]
fn und_bu_near_misses() {
    let catalog = Catalog::embedded().unwrap();
    let first = |q: &str| {
        read(&catalog, q)
            .lines()
            .first()
            .cloned()
            .unwrap_or_default()
    };
    assert_eq!(
        first("4090 长期 每天跑4小时 多少钱"),
        "/compare rtx-4090 daily 4h"
    );
    assert_eq!(first("4090 长期租三个月 多少钱"), "/compare rtx-4090 3mo");
    assert!(!first("runpod is always running out of a100s").contains("always"));
    assert!(!first("4090 晚上是不是更容易 available？").contains("8h"));
    assert_eq!(first("4090 跑一晚上 多少钱"), "/compare rtx-4090 8h");
    // `每晚` and `一晚上` in one reader, two meanings decided by the words around the night.
    assert_ne!(first("4090每晚跑 多少钱"), first("4090跑一晚上多少钱"));
}

/// `/pick`'s step answer and first sentence read the one table: `一直开着`, `常驻`, `nonstop`
/// are a service kept on; a month's budget (`预算每月2000`) is a budget per month, never a
/// month held, and `包月多少钱` holds no budget.
#[test]
fn pick_reads_always_on_and_month_budgets_from_the_lexicon() {
    use bot_core::dialogue::{Usage, parse_usage};
    for w in [
        "一直开着",
        "常驻",
        "nonstop",
        "24/7",
        "always on",
        "不关机",
        "常开",
    ] {
        assert_eq!(parse_usage(w), Some(Usage::Always), "{w}");
    }
    // `长期` alone is a long rental, a month held; a daily use said with it stays daily.
    assert_eq!(parse_usage("长期"), Some(Usage::Always));
    assert_eq!(
        parse_usage("长期每天4小时"),
        Some(Usage::Daily {
            hours: rust_decimal::Decimal::from(4)
        })
    );
    assert_eq!(
        parse_usage("每晚"),
        Some(Usage::Daily {
            hours: rust_decimal::Decimal::from(8)
        })
    );
    assert_eq!(
        parse_usage("一晚上"),
        Some(Usage::OneOff {
            hours: rust_decimal::Decimal::from(8)
        })
    );
}

/// `/pick`'s first sentence: the always-on words of the one table and a month's budget, said
/// in either language; a month held (`包月`) is no budget.
#[test]
fn pick_first_sentence_keeps_always_on_and_a_month_budget() {
    use bot_core::dialogue::{BudgetPer, Usage, start_with};
    with_parse_ctx(|ctx| {
        for (said, per) in [
            ("部署qwen2.5 7b 常驻 预算每月2000", Some(BudgetPer::Month)),
            (
                "serve qwen2.5 7b nonstop, budget $300 per month",
                Some(BudgetPer::Month),
            ),
            ("部署qwen2.5 7b 一直开着 包月多少钱", None),
        ] {
            let out = start_with(ctx, said);
            let st = out.state.unwrap_or_else(|| panic!("{said}: no state"));
            assert_eq!(st.usage, Some(Usage::Always), "{said}");
            assert_eq!(st.needs.budget_per, per, "{said}");
        }
    });
}
