//! Issue 26's open ends left by sessions 36–37 (helper und_ct, `docs/misses/und_und_ct.md`; cases
//! written before the change they test): a reading never drops in silence a card, model, amount
//! or need the sentence named (one guard over the typed reading and the sentence's named things);
//! where the person is orders `/offers` and `/platforms` answers as it orders `/stock`; cities
//! said map to a provider's region word or are said plainly to be named by none; `/tco` on a
//! named platform prices that platform's card.

use super::chat::ask_fresh;
use super::fresh19_share::{own_cases_read_right, own_labels_canonical};
use bot_core::Catalog;
use bot_core::understand::{Reading, Request, Unheard, read, unheard};

const OWN: &str = include_str!("../data/questions_und_und_ct_own.tsv");

#[test]
fn und_ct_mechanisms_on_cases_of_their_own() {
    own_cases_read_right("und_ct_own", OWN);
}

#[test]
fn und_ct_own_labels_are_canonical_lines() {
    own_labels_canonical(OWN, |_| false);
}

/// Where the person is, beside `/offers` and `/platforms`: kept on the typed request to order
/// the answer by, never in the line (a place asked for machines is a filter of its own).
#[test]
fn where_the_person_is_rides_on_offers_and_platforms() {
    let c = Catalog::embedded().unwrap();
    for (q, place) in [
        ("我在上海，哪里能租到8卡A100", "cn"),
        ("based in US, 8x h100 machines", "us"),
        (
            "I'm in Germany, show me 4090 offers under 50 cents",
            "germany",
        ),
    ] {
        match read(&c, q) {
            Reading::Command(Request::Offers(o)) => {
                let line = Request::Offers(o.clone()).line();
                assert!(!line.contains("region="), "{q}: {line}");
                assert_eq!(o.home.map(|h| h.0), Some(place), "{q}");
            }
            other => panic!("{q}: {:?}", other.lines()),
        }
    }
    for (q, place) in [
        ("我在上海 哪些平台不用实名", "cn"),
        ("I'm in Germany, which platforms take paypal", "germany"),
    ] {
        match read(&c, q) {
            Reading::Command(Request::Platforms(p)) => {
                assert!(p.place.is_none(), "{q}");
                assert_eq!(p.home.map(|h| h.0), Some(place), "{q}");
            }
            other => panic!("{q}: {:?}", other.lines()),
        }
    }
    // A place asked for machines stays the filter, with no home.
    match read(&c, "欧洲有哪些平台") {
        Reading::Command(Request::Platforms(p)) => assert!(p.home.is_none()),
        other => panic!("{:?}", other.lines()),
    }
}

/// The catalog's platforms in the order an answer names them (by display name, first mention).
fn order_in(answer: &str, c: &Catalog) -> Vec<String> {
    let mut at: Vec<(usize, String)> = c
        .platforms
        .iter()
        .filter_map(|p| answer.find(p.name.as_str()).map(|i| (i, p.id.clone())))
        .collect();
    at.sort();
    at.into_iter().map(|(_, id)| id).collect()
}

/// A `/platforms` answer for a person in a place: within each group, the platforms with machines
/// there first, then those whose location is unknown, then those known to be elsewhere; the
/// answer says so.
#[test]
fn where_the_person_is_orders_a_platforms_answer_and_says_so() {
    let c = Catalog::embedded().unwrap();
    for (locale, q, said) in [
        (
            "en",
            "we're a US company, which platforms take credit cards",
            "You said you are in",
        ),
        ("zh-CN", "我在美国 哪些平台支持信用卡", "你说你在美国"),
    ] {
        let a = ask_fresh(locale, q);
        assert!(a.contains(said), "{a}");
        let place = "us";
        let rank =
            |id: &str| match bot_core::lexicon::platform_in_place(c.platform(id).unwrap(), place) {
                Some(true) => 0,
                None => 1,
                Some(false) => 2,
            };
        let ranks: Vec<u8> = order_in(&a, &c).iter().map(|id| rank(id)).collect();
        // Ordered within each of the two groups (known to meet the needs, not verified): one
        // step down at most, where the second group starts.
        let downs = ranks.windows(2).filter(|w| w[0] > w[1]).count();
        assert!(downs <= 1, "{ranks:?}\n{a}");
        assert!(ranks.contains(&0), "{ranks:?}\n{a}");
    }
    let plain = ask_fresh("en", "which platforms take paypal");
    assert!(!plain.contains("You said you are in"), "{plain}");
}

/// Cities: a city a provider's region text names is that place (`深圳`, `乌兰察布`: Alibaba
/// Cloud's `China (Shenzhen)`, `China (Ulanqab)`; `Frankfurt`: `Germany (Frankfurt)`;
/// `Singapore`); one no provider's text names (`成都`, `重庆`, `宁夏`, `张家口`) is said plainly,
/// asked about or said as where the person is, never read as its country.
#[test]
fn cities_map_to_a_providers_region_or_are_said_to_be_named_by_none() {
    let c = Catalog::embedded().unwrap();
    for (q, line) in [
        ("深圳有4090吗", "/offers rtx-4090 region=cn"),
        ("乌兰察布有a100吗", "/offers a100-80g-sxm region=cn"),
        ("any h100 in Frankfurt", "/offers h100-sxm region=germany"),
        (
            "Singapore h100 available?",
            "/offers h100-sxm region=singapore",
        ),
    ] {
        assert!(unheard(&c, q).is_none(), "{q}");
        assert_eq!(read(&c, q).lines(), vec![line.to_string()], "{q}");
    }
    for (q, city) in [
        ("成都有4090吗", "成都"),
        ("重庆的机房有a100吗", "重庆"),
        ("宁夏有h100吗", "宁夏"),
        ("张家口有4090吗", "张家口"),
        ("我在成都，哪里能租4090", "成都"),
        ("我人在重庆 想租个a100", "重庆"),
    ] {
        match unheard(&c, q) {
            Some(Unheard::Place { word, .. }) => assert_eq!(word, city, "{q}"),
            other => panic!("{q}: {other:?}"),
        }
    }
    let a = ask_fresh("zh-CN", "我在成都，哪里能租4090");
    assert!(a.contains("成都") && a.contains("没有写到"), "{a}");
    let a = ask_fresh("en", "I'm in Frankfurt, where can I rent an h100");
    assert!(a.contains("You said you are in"), "{a}");
}

/// `/tco` on a named platform: that platform's card and price, never the cheapest anywhere;
/// a platform that lists no card holding the model is said so.
#[test]
fn tco_on_a_named_platform_prices_that_platforms_card() {
    let zh = ask_fresh(
        "zh-CN",
        "在autodl上自己部署qwen2.5-7b 每天一千万token 比调api划算吗",
    );
    assert!(zh.contains("AutoDL"), "{zh}");
    assert!(!zh.contains("不能指定平台"), "{zh}");
    let en = ask_fresh("en", "/tco qwen2.5-7b bf16 rtx-4090 10m runpod");
    assert!(en.contains("RunPod"), "{en}");
    assert!(!en.contains("not used"), "{en}");
    // The same line on another platform prices another quote.
    let other = ask_fresh("en", "/tco qwen2.5-7b bf16 rtx-4090 10m vast");
    assert!(other.contains("Vast"), "{other}");
}

/// The answers these tests read, whole: `cargo test -p bot-core --test suite und_ct_show --
/// --ignored --nocapture`.
#[test]
#[ignore]
fn und_ct_show() {
    for (q, l) in [
        ("我在上海 哪些平台不用实名", "zh-CN"),
        ("I'm in Germany, which platforms take paypal", "en"),
        ("我在上海，哪里能租到8卡A100", "zh-CN"),
        ("在autodl上自己部署qwen2.5-7b比调api划算吗", "zh-CN"),
        ("/tco qwen2.5-7b bf16 rtx-4090 10m runpod", "en"),
        ("我在成都，哪里能租4090", "zh-CN"),
        ("预算2000，4090怎么样", "zh-CN"),
    ] {
        println!("== {q}\n{}\n", ask_fresh(l, q));
    }
}
