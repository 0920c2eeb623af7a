//! One lexicon, round four (helper und_bx, issue 26; written before the change they test): the
//! tables that still overlapped each decided once in `bot-core/src/lexicon` and read alike by the
//! question reader and the command parsers (an API's price per tokens, `/M` and `/1K` included; a
//! whole day, `24小时` or `全天`, beside a span of days), and a word the sentence leaves with two
//! live senses asked back through one mechanism (`lexicon::Senses`, `understand::senses`), never
//! guessed: `20m a day` beside a run and a cost weighed, a package beside a shorter length.

use bot_core::Catalog;
use bot_core::understand::{Reading, read};

use super::fresh19_share::{own_cases_read_right, own_labels_canonical};
use super::und_bu_mechanisms::typed;

const OWN: &str = include_str!("../data/questions_und_und_bx_own.tsv");

#[test]
fn und_bx_mechanisms_on_cases_of_their_own() {
    own_cases_read_right("und_bx_own", OWN);
}

#[test]
fn und_bx_own_labels_are_canonical_lines() {
    own_labels_canonical(OWN, |_| false);
}

/// `/tco`'s API price is per million tokens: the lexicon's units of tokens after it read as the
/// question reader reads them (`/M`, `/Mtok`, `/1K tokens` scaled), never a price per minute.
#[test]
fn tco_reads_the_api_price_units_of_the_lexicon() {
    let plain = typed("/tco qwen2.5-7b 4090 5m 0.05usd");
    assert!(plain.ends_with(" 5m 0.05usd"), "{plain}");
    for w in ["0.05usd/m", "0.05usd/mtok", "0.05usd/1m", "$0.05/M"] {
        assert_eq!(typed(&format!("/tco qwen2.5-7b 4090 5m {w}")), plain, "{w}");
    }
    let thousand = typed("/tco qwen2.5-7b 4090 5m 0.002usd/1k");
    assert!(thousand.ends_with(" 5m 2usd"), "{thousand}");
}

/// A whole day beside a span of days is that span held whole in `/compare` and `/cost` as in a
/// question, whether said as all day (`全天`, `整天`) or as the day's hours (`24小时`, `24h`).
#[test]
fn a_whole_day_beside_a_span_reads_alike_in_the_commands() {
    assert_eq!(typed("/compare 4090 10天 全天"), "/compare rtx-4090 10d");
    assert_eq!(typed("/compare 4090 10d 整天"), "/compare rtx-4090 10d");
    assert_eq!(typed("/compare 4090 14d 24h"), "/compare rtx-4090 14d");
    assert_eq!(
        typed("/cost autodl 4090 两周 24小时"),
        "/cost autodl rtx-4090 14d"
    );
    assert_eq!(
        typed("/cost runpod 4090 1个月 24小时"),
        "/cost runpod rtx-4090 always"
    );
    // Alone, the day's hours are that day.
    assert_eq!(typed("/compare 4090 24h"), typed("/compare 4090 1d"));
    assert_eq!(typed("/compare 4090 整天"), "/compare rtx-4090 1d");
}

/// The two senses a reader reports are typed: the word said, each sense, and the text with the
/// word written in that sense; the question path asks back with both readings as choices.
#[test]
fn a_word_with_two_live_senses_is_reported_typed() {
    use bot_core::lexicon::Sense;
    use bot_core::understand::senses_said;
    let s = senses_said("qwen2.5-7b on a 4090, run it 20m a day, worth it?")
        .expect("tokens or minutes");
    assert_eq!(s.word, "20m");
    let kinds: Vec<Sense> = s.said.iter().map(|(k, _)| *k).collect();
    assert_eq!(kinds, vec![Sense::MillionTokens, Sense::Minutes]);
    let s = senses_said("4090 包月 但只用10天 多少钱").expect("package or length");
    assert!(s.said.iter().any(|(k, _)| matches!(k, Sense::Package)));
    assert!(s.said.iter().any(|(k, _)| matches!(k, Sense::Length)));
    // Settled: tokens named; minutes written out; the package's own month.
    assert!(senses_said("qwen2.5-7b on a 4090, 20m tokens a day, worth it?").is_none());
    assert!(senses_said("4090 跑 qwen2.5-7b 每天 30分钟 划算吗").is_none());
    assert!(senses_said("4090 包月 一个月 多少钱").is_none());
}

/// Asked back, each choice is a whole reading (a command), and a sense that reads as nothing is
/// no choice.
#[test]
fn two_senses_asked_back_are_both_commands() {
    let catalog = Catalog::embedded().unwrap();
    for q in [
        "4090 跑 qwen2.5-7b 每天 30m 划算吗",
        "rent an a100 monthly for 2 weeks, how much",
        "3090 跑半天 多少钱",
    ] {
        match read(&catalog, q) {
            Reading::Ask(rs) => assert_eq!(rs.len(), 2, "{q}: {rs:?}"),
            r => panic!("{q}: {:?}", r.lines()),
        }
    }
}

/// `/pick`'s usage answer reads a whole day as the reader and `/cost` do: beside a span of days
/// that span held whole, beside whole months kept on, alone one day.
#[test]
fn pick_reads_a_whole_day_from_the_lexicon() {
    use bot_core::dialogue::{Usage, parse_usage};
    use rust_decimal::Decimal;
    let hours = |h: i64| {
        Some(Usage::OneOff {
            hours: Decimal::from(h),
        })
    };
    assert_eq!(parse_usage("10天 全天"), hours(240));
    assert_eq!(parse_usage("14d 24h"), hours(336));
    assert_eq!(parse_usage("全天"), hours(24));
    assert_eq!(parse_usage("24小时"), hours(24));
    assert_eq!(parse_usage("1个月 全天"), Some(Usage::Always));
    // Not a whole day: hours a day stay daily.
    assert_eq!(
        parse_usage("每天4小时"),
        Some(Usage::Daily {
            hours: Decimal::from(4)
        })
    );
}
