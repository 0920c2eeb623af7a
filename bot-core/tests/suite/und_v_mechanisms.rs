//! und-u's leftovers as mechanisms on cases of my own (helper und-v, issue 26; none in a batch;
//! written before the change they tested): a plain sum converted to another currency by
//! `/convert` at the catalog's dated rate, and two platforms weighed for one card.

use bot_core::Catalog;
use bot_core::billing::format_money;
use rust_decimal::Decimal;

use super::chat::{ask, world};
use super::fresh19_share::{own_cases_read_right, own_labels_canonical};

const OWN: &str = include_str!("../data/questions_und_v_own.tsv");

#[test]
fn und_v_mechanisms_on_cases_of_their_own() {
    own_cases_read_right("und_v_own", OWN);
}

/// A rent-vs-API sum with no card (`/tco <model> <format>`) is a reading whose answer asks what
/// is missing, which the parser refuses as a typed line: those rows are left out here only.
#[test]
fn und_v_own_labels_are_canonical_lines() {
    own_labels_canonical(OWN, |e| e.starts_with("/tco ") && e.split(' ').count() <= 3);
}

/// `/convert 500usd to cny`: a plain sum (no time unit) in another currency, at the catalog's
/// rate with its source and date said, in both locales; an explicit `fx=` wins; the answer
/// names no unit of time.
#[test]
fn a_plain_sum_converts_at_the_dated_rate() {
    let cat = Catalog::embedded().unwrap();
    let (rate, row) = cat
        .fx_rate("USD", "CNY")
        .expect("the catalog's USD/CNY rate");
    let w = world();
    for locale in ["en", "zh"] {
        let t = ask(&w.bot, locale, "/convert 500usd to cny");
        let want = format_money(Decimal::from(500) * rate, "CNY");
        assert!(t.contains(&want), "{locale}: {want} in\n{t}");
        assert!(
            t.contains(&row.as_of) && t.contains(&row.source),
            "{locale}:\n{t}"
        );
        for unit in ["/hour", "/小时", "/h"] {
            assert!(!t.contains(unit), "{locale}: a plain sum has no unit:\n{t}");
        }
        let back = ask(&w.bot, locale, "/convert 1000cny to usd");
        let want = format_money(Decimal::from(1000) / rate, "USD");
        assert!(back.contains(&want), "{locale}: {want} in\n{back}");
        let own = ask(&w.bot, locale, "/convert 10usd to cny fx=7");
        assert!(
            own.contains(&format_money(Decimal::from(70), "CNY")),
            "{own}"
        );
    }
}

/// A plain sum with no currency to turn into is no conversion: the usage is said, no panic;
/// a question converting one reads as the typed command does.
#[test]
fn a_plain_sum_needs_a_target_currency_and_a_question_reads_the_same() {
    let w = world();
    for locale in ["en", "zh"] {
        let t = ask(&w.bot, locale, "/convert 500usd");
        assert!(t.contains("/convert"), "{locale}: the usage said:\n{t}");
        let typed = ask(&w.bot, locale, "/convert 80usd to cny");
        let asked = ask(&w.bot, locale, "80 bucks in rmb?");
        let figure = typed.lines().next().unwrap_or_default().to_string();
        assert!(asked.contains(&figure), "{locale}: {figure} in\n{asked}");
    }
}
