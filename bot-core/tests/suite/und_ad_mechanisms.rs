//! Corpus46's misses as mechanisms on cases of my own (helper und_ad, issue 26; none in a batch;
//! written before the change they tested): a currency said as `€`, `euros`, `HK$`, `港币` or
//! `hong kong dollars`; a count of samples that is no context length; a price seen on a named
//! platform's page for a named card; platform needs listed beside a price cap; an ollama tag's
//! size; a card rented beside the card asked about; per GPU-minute; which card for a task the
//! catalog has no model for.

use super::fresh19_share::{own_cases_read_right, own_labels_canonical};

const OWN: &str = include_str!("../data/questions_und_ad_own.tsv");

#[test]
fn und_ad_mechanisms_on_cases_of_their_own() {
    own_cases_read_right("und_ad_own", OWN);
}

#[test]
fn und_ad_own_labels_are_canonical_lines() {
    own_labels_canonical(OWN, |_| false);
}

/// A Hong Kong or euro price converted is in its own currency through the whole answer: the
/// bot says which rate it lacks, never a dollar figure of the amount read as yuan.
#[test]
fn a_hong_kong_or_euro_price_keeps_its_currency_in_the_answer() {
    for (lang, q, code) in [
        ("zh", "港币15蚊一个钟等于几多美金", "HKD"),
        ("en", "HK$20 an hour in usd per hour", "HKD"),
        ("zh", "港元30一个小时 换成人民币一天多少", "HKD"),
        ("en", "€1.20 per hour in dollars?", "EUR"),
        ("zh", "欧元1.5每小时等于多少人民币", "EUR"),
    ] {
        let a = super::chat::ask_fresh(lang, q);
        let first = a.lines().next().unwrap_or("");
        assert!(first.contains(&code.to_lowercase()), "{q}: {a}");
        assert!(a.contains(code), "{q}: {a}");
        assert!(!a.contains('¥') && !a.contains('$'), "{q}: {a}");
    }
}

/// A price seen on a named platform's page is billed by that platform: the answer's figures
/// carry the platform's stored price and its source, not the quoted number alone.
#[test]
fn a_page_price_is_the_platforms_own_bill() {
    let a = super::chat::ask_fresh(
        "en",
        "runpod lists the a100 at $1.64/hr, what would 5 hours actually cost me",
    );
    assert!(
        a.lines()
            .next()
            .unwrap_or("")
            .contains("/cost runpod a100-80g-sxm 5h"),
        "{a}"
    );
    assert!(a.to_lowercase().contains("runpod"), "{a}");
}
