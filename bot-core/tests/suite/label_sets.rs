//! A Fluent selector falls to its default variant for any key without a variant of its own.
//! Where that default was a real value, a key the code passes but the locale forgot was shown as
//! that value: `/platforms bank_transfer` answered "outside mainland China", a third currency
//! would read "USD". For each closed set the code selects a label on (taken from the code, not
//! restated here), every key has its own variant in both locales, renders apart from an unnamed
//! key, and no two keys share a label.

use bot_core::catalog::{
    ACCUMULATIONS, CLOUDS, CURRENCIES, PAYMENT_METHODS, PRICE_TIERS, REGIONS, VENDORS,
};
use bot_core::lexicon::{NEED_PHRASES, Need, need_word};
use bot_core::units::TimeUnit;
use bot_core::{Lang, Localizer, Msg};
use fluent_syntax::ast::{
    Entry, Expression, InlineExpression, Pattern, PatternElement, VariantKey,
};
use std::collections::BTreeSet;

/// A key no code passes: what the default variant says.
const UNNAMED: &str = "zz-unnamed-key";

fn ftl(lang: Lang) -> Vec<String> {
    let dir = format!("{}/../locales/{}", env!("CARGO_MANIFEST_DIR"), lang.tag());
    std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "ftl"))
        .map(|p| std::fs::read_to_string(p).unwrap())
        .collect()
}

/// The variant keys of every selector on `$var` anywhere in `pattern`, one set per selector.
fn selects(pattern: &Pattern<&str>, var: &str, out: &mut Vec<BTreeSet<String>>) {
    for el in &pattern.elements {
        if let PatternElement::Placeable { expression } = el {
            expression_selects(expression, var, out);
        }
    }
}

fn expression_selects(e: &Expression<&str>, var: &str, out: &mut Vec<BTreeSet<String>>) {
    match e {
        Expression::Select { selector, variants } => {
            if matches!(selector, InlineExpression::VariableReference { id } if id.name == var) {
                out.push(
                    variants
                        .iter()
                        .map(|v| match &v.key {
                            VariantKey::Identifier { name } => name.to_string(),
                            VariantKey::NumberLiteral { value } => value.to_string(),
                        })
                        .collect(),
                );
            }
            for v in variants {
                selects(&v.value, var, out);
            }
        }
        Expression::Inline(InlineExpression::Placeable { expression }) => {
            expression_selects(expression, var, out)
        }
        Expression::Inline(_) => {}
    }
}

fn variant_sets(lang: Lang, id: &str, var: &str) -> Vec<BTreeSet<String>> {
    let mut out = Vec::new();
    for text in ftl(lang) {
        let res = fluent_syntax::parser::parse(text.as_str()).unwrap();
        for entry in &res.body {
            if let Entry::Message(m) = entry
                && m.id.name == id
                && let Some(p) = &m.value
            {
                selects(p, var, &mut out);
            }
        }
    }
    out
}

/// Each key of `keys` has a variant of its own in every selector of `id` on `var`, in both
/// locales; its label differs from the unnamed key's and from every other key's.
fn holds(id: &str, var: &str, keys: &[&str], rest: &[(&str, &str)]) {
    let keys: BTreeSet<&str> = keys.iter().copied().collect();
    assert!(!keys.is_empty(), "{id}: no keys");
    let render = |lang: Lang, k: &str| {
        let mut m = Msg::new(id);
        for (n, v) in rest {
            m = m.arg(n, *v);
        }
        Localizer::get()
            .try_format(lang, &m.arg(var, k))
            .unwrap_or_else(|e| panic!("{id} {k}: {e:?}"))
    };
    for lang in [Lang::En, Lang::Zh] {
        let sets = variant_sets(lang, id, var);
        assert!(
            !sets.is_empty(),
            "{id} ({lang:?}) does not select on ${var}"
        );
        for set in &sets {
            for k in &keys {
                assert!(
                    set.contains(*k),
                    "{id} ({lang:?}): no variant [{k}] (has {set:?})"
                );
            }
        }
        let unnamed = render(lang, UNNAMED);
        let mut seen: Vec<(String, &str)> = Vec::new();
        for k in &keys {
            let label = render(lang, k);
            assert_ne!(label, unnamed, "{id} ({lang:?}) [{k}] reads as the default");
            if let Some((_, other)) = seen.iter().find(|(l, _)| *l == label) {
                panic!("{id} ({lang:?}): [{k}] and [{other}] both read {label:?}");
            }
            seen.push((label, k));
        }
    }
}

/// Every need the lexicon can name: its phrases' needs, each catalog payment method and region,
/// the needs said by a rule rather than a phrase, and doing without each method it reads.
fn every_need() -> Vec<Need> {
    // A new kind of need stops this compiling until it is listed below.
    let _kinds = |n: Need| match n {
        Need::Pay(_)
        | Need::NoRealName
        | Need::PerSecond
        | Need::StoppedFree
        | Need::Region(_)
        | Need::Place(_)
        | Need::Without(_) => {}
    };
    let mut needs: Vec<Need> = NEED_PHRASES.iter().map(|(_, n)| *n).collect();
    needs.extend(PAYMENT_METHODS.iter().map(|m| Need::Pay(m)));
    needs.extend(REGIONS.iter().map(|r| Need::Region(r)));
    needs.extend([Need::NoRealName, Need::PerSecond, Need::StoppedFree]);
    needs.extend(PAYMENT_METHODS.iter().map(|m| Need::Without(m)));
    // Every place a `/platforms` word names (the places table's, the catalog's split aside).
    needs.extend(
        bot_core::lexicon::PLACES
            .iter()
            .filter_map(|p| bot_core::lexicon::place_word(p.text))
            .map(Need::Place),
    );
    needs
}

/// The payment methods the lexicon reads (its phrases' and filter words' `Pay` needs).
fn methods_read() -> BTreeSet<&'static str> {
    NEED_PHRASES
        .iter()
        .filter_map(|(_, n)| match n {
            Need::Pay(m) => Some(*m),
            _ => None,
        })
        .chain(
            PAYMENT_METHODS
                .iter()
                .copied()
                .filter(|m| need_word(m).is_some()),
        )
        .collect()
}

#[test]
fn every_need_has_a_label_of_its_own() {
    let keys: Vec<&str> = every_need().iter().map(Need::key).collect();
    holds("platforms-need", "need", &keys, &[]);
}

#[test]
fn every_method_read_can_be_lacked_and_none_lacks_another() {
    // `no-<method>` reads back as doing without that method, for each one the lexicon reads.
    for m in methods_read() {
        let w = format!("no-{}", Need::Pay(m).word());
        assert_eq!(need_word(&w), Some(Need::Without(m)), "{w}");
        assert_eq!(need_word(Need::Without(m).word()), Some(Need::Without(m)));
    }
    // A method without its own key is never keyed (or worded) as lacking another one.
    for m in PAYMENT_METHODS {
        for other in PAYMENT_METHODS.iter().filter(|o| **o != m) {
            let (a, b) = (Need::Without(m), Need::Without(other));
            if a.key() == b.key() {
                assert!(
                    !methods_read().contains(m) && !methods_read().contains(*other),
                    "{m} and {other} share {}",
                    a.key()
                );
            }
            assert_ne!(a.key(), Need::Pay(other).key());
        }
    }
    let lacked: Vec<&str> = methods_read().into_iter().collect();
    holds("pick-understood-no-pay", "method", &lacked, &[]);
}

#[test]
fn every_payment_method_has_a_label_of_its_own() {
    for id in ["payment-method", "pick-understood-pay", "advice-pay-method"] {
        holds(id, "method", &PAYMENT_METHODS, &[]);
    }
}

#[test]
fn every_region_has_a_label_of_its_own() {
    holds("region-name", "region", &REGIONS, &[]);
    holds(
        "platforms-region-line",
        "region",
        &REGIONS,
        &[("count", "2"), ("names", "A, B")],
    );
    holds(
        "pick-understood-region",
        "region",
        &REGIONS,
        &[("place", "none")],
    );
    holds(
        "understand-region-platforms",
        "region",
        &REGIONS,
        &[("names", "A"), ("count", "1")],
    );
    holds(
        "platform-title",
        "region",
        &REGIONS,
        &[("name", "A"), ("id", "a"), ("currency", "CNY")],
    );
}

#[test]
fn every_currency_has_a_label_of_its_own() {
    holds("currency-name", "currency", &CURRENCIES, &[]);
    holds(
        "platform-title",
        "currency",
        &CURRENCIES,
        &[("name", "A"), ("id", "a"), ("region", "cn")],
    );
    holds("bare-number-currency", "currency", &CURRENCIES, &[]);
    holds("pick-budget-bare", "currency", &CURRENCIES, &[]);
}

#[test]
fn every_price_tier_and_plan_unit_has_a_label_of_its_own() {
    holds("price-tier", "tier", &PRICE_TIERS, &[]);
    // A prepaid plan's unit: the tiers that are periods of time.
    let plans: Vec<&str> = TimeUnit::ALL
        .iter()
        .map(|u| u.key())
        .filter(|k| PRICE_TIERS.contains(k))
        .collect();
    holds(
        "tco-prepaid-plan",
        "unit",
        &plans,
        &[("platform", "P"), ("day", "1"), ("date", "2026-01-01")],
    );
    holds("billing-rule-prepaid-plan", "unit", &plans, &[]);
}

#[test]
fn every_cloud_has_a_label_of_its_own() {
    holds(
        "gpu-from-instance",
        "cloud",
        CLOUDS,
        &[
            ("instance", "i"),
            ("family", "f"),
            ("kind", "type"),
            ("count", "0"),
            ("source", "https://example.org"),
            ("as_of", "2026-01-01"),
        ],
    );
}

#[test]
fn every_vendor_and_accumulation_has_a_label_of_its_own() {
    for basis in ["driver", "derived"] {
        holds(
            "gpu-capacity",
            "vendor",
            &VENDORS,
            &[
                ("basis", basis),
                ("gib", "24"),
                ("usable", "23"),
                ("mib", "24564"),
                ("as_of", "2026-01-01"),
                ("gb", "24"),
                ("cuda", "23.6"),
            ],
        );
    }
    holds(
        "gpu-tflops",
        "accumulate",
        &ACCUMULATIONS,
        &[("tflops", "165")],
    );
}

/// The answer a user saw: `/platforms bank_transfer` (and `对公转账` asked plainly) titled the
/// list "outside mainland China"; doing without a transfer read as doing without a bank card.
#[test]
fn a_bank_transfer_asked_is_named_as_one() {
    let w = crate::chat::world();
    for (locale, line, said, never) in [
        (
            "en-US",
            "/platforms bank_transfer",
            "bank transfer",
            "outside mainland China",
        ),
        ("zh-CN", "/platforms 对公转账", "对公转账", "海外"),
        ("zh-CN", "哪些平台支持对公转账", "对公转账", "海外"),
        (
            "en-US",
            "/platforms no-bank-transfer",
            "without a bank transfer",
            "bank card",
        ),
        (
            "zh-CN",
            "/platforms no-bank-transfer",
            "不用对公转账",
            "银行卡",
        ),
    ] {
        let got = crate::chat::say(&w, locale, line);
        let title = got
            .lines()
            .find(|l| l.contains("every need") || l.contains("全部条件"))
            .unwrap_or_else(|| panic!("{line}: no filter title\n{got}"));
        assert!(title.contains(said), "{line}: {title}");
        assert!(!title.contains(never), "{line}: {title}");
    }
}
