//! Two mechanisms on cases of my own (helper und_bp, issue 26; written before the change they
//! test): a count said right after a family word (`qwen 2 张 4090 跑 32b`) is a count of cards,
//! never the family's generation; a place the user names (`新加坡有h100吗`, `any 4090 in the
//! uk?`) is the offers' region, matched against the region text providers write (`Texas, US`,
//! `DE`, `JP`, `us-east-1`), and where the user is (`I'm in Singapore`) is no filter.
//! See `docs/misses/und_und_bp.md`.

use super::fresh19_share::{own_cases_read_right, own_labels_canonical};
use super::offers::{offer, say, world};
use bot_core::availability::{FetchOutcome, OfferKind, now_unix, record_fetch};

const OWN: &str = include_str!("../data/questions_und_bp_own.tsv");

#[test]
fn und_bp_mechanisms_on_cases_of_their_own() {
    own_cases_read_right("und_bp_own", OWN);
}

#[test]
fn und_bp_own_labels_are_canonical_lines() {
    own_labels_canonical(OWN, |_| false);
}

/// A place filters offers as the providers write their regions: Vast's `Texas, US` and
/// Lambda's `us-east-1` are in the US, Vast's bare `DE` is not (it is in Germany, and Europe),
/// Vast's bare `JP` is in Japan.
#[test]
fn a_place_keeps_the_offers_there_and_drops_the_others() {
    let (b, _d) = world();
    let now = now_unix();
    record_fetch(
        &b.store,
        "vast",
        FetchOutcome::Offers(vec![
            offer(
                "vast",
                "h100-sxm",
                1,
                Some(80.0),
                210,
                OfferKind::OnDemand,
                "Texas, US",
                now,
            ),
            offer(
                "vast",
                "h100-sxm",
                1,
                Some(80.0),
                220,
                OfferKind::OnDemand,
                "DE",
                now,
            ),
            offer(
                "vast",
                "h100-sxm",
                1,
                Some(80.0),
                230,
                OfferKind::OnDemand,
                "JP",
                now,
            ),
        ]),
        now,
    )
    .unwrap();
    // Texas, US and Lambda's us-east-1 row (from `world`): two; DE and JP dropped.
    let t = say(&b, "u", "/offers h100 region=us");
    assert!(t.contains("2 offers match"), "{t}");
    assert!(!t.contains("DE") && !t.contains("JP"), "{t}");
    // The question reads the same filter and gets the same answer.
    let q = say(&b, "u", "any h100 in the us?");
    assert!(q.contains("/offers h100-sxm region=us"), "{q}");
    assert!(q.contains("2 offers match"), "{q}");
    // A bare country code is the country: DE in Germany and in Europe, JP in Japan.
    let t = say(&b, "u", "/offers h100 region=germany");
    assert!(t.contains("1 offer match") && t.contains("DE"), "{t}");
    let t = say(&b, "u", "/offers h100 region=eu");
    assert!(t.contains("1 offer match") && t.contains("DE"), "{t}");
    let t = say(&b, "u", "德国的h100有吗");
    assert!(t.contains("region=germany"), "{t}");
    let t = say(&b, "u", "日本节点的h100多少钱");
    assert!(
        t.contains("region=japan") && t.contains("1 offer match"),
        "{t}"
    );
    assert!(t.contains("JP") && !t.contains("Texas"), "{t}");
    // Vast's fetch above replaced its earlier rows: the US ones left are Texas and Lambda's
    // us-east-1, both kept by `us`.
    let t = say(&b, "u", "/offers h100 region=us");
    assert!(t.contains("Texas, US") && t.contains("us-east-1"), "{t}");
}
