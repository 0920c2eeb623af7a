//! fresh22's last misses and und-r's leftovers as mechanisms on cases of my own (helper und-s;
//! none in a batch; written before the change they tested): each mechanism in Chinese,
//! English, Traditional and with typos, with words that must not trigger it.

use bot_core::Catalog;

use super::chat::ask_with_choices;
use super::fresh19_share::{own_cases_read_right, own_labels_canonical};

const OWN: &str = include_str!("../data/questions_und_s_own.tsv");

#[test]
fn und_s_mechanisms_on_cases_of_their_own() {
    own_cases_read_right("und_s_own", OWN);
}

/// Every expected line of my own cases is one the command's parser reads back to itself.
#[test]
fn und_s_own_labels_are_canonical_lines() {
    own_labels_canonical(OWN, |_| false);
}

/// A bare ceiling in English is read in the chat's currency, and the answer says which.
#[test]
fn a_bare_ceiling_says_the_currency_it_was_read_in() {
    for q in [
        "any h100 under 3",
        "4090 offers under 2",
        "a6000 undr 1 an hour?",
    ] {
        let (text, _) = ask_with_choices("en-US", q);
        let first = text.lines().next().unwrap_or_default();
        assert!(first.contains("/hour"), "{q}: read as {first:?}");
        assert!(
            text.contains("without a currency"),
            "{q}: the currency not said\n{text}"
        );
    }
}

/// A region beside a ranking of a length, said in Traditional characters or with a typo, is
/// never dropped: carried by the reading (`/offers … region=`), or said not to be applied with
/// its offers offered, like the simplified and plain ones.
#[test]
fn a_region_not_carried_is_said_in_any_spelling() {
    for (locale, q, offered, said) in [
        ("zh-CN", "美國 4090 租3小時多少錢", "region=us", "地区"),
        (
            "zh-CN",
            "歐洲 h100 跑8個小時 哪家最便宜",
            "region=eu",
            "地区",
        ),
        (
            "en-US",
            "cheapest a100 in the us for 2 dayz",
            "region=us",
            "region",
        ),
        (
            "en-US",
            "EU h100 for 8 hrs, cheapst?",
            "region=eu",
            "region",
        ),
    ] {
        let (text, ids) = ask_with_choices(locale, q);
        let first = text.lines().next().unwrap_or_default();
        if first.contains(offered) {
            continue;
        }
        assert!(
            ids.iter().any(|i| i.contains(offered)),
            "{q}: offered {ids:?}, want {offered}\n{text}"
        );
        assert!(text.contains(said), "{q}: the region not said\n{text}");
    }
}

/// Two asks in one message, joined by `and`, `仲有`, `順便`, `另外`: the first is the reading
/// and the second is offered beside its answer, never read in its place nor dropped unsaid.
#[test]
fn two_asks_the_first_read_and_the_second_offered() {
    use bot_core::understand::{read, second_ask};
    let catalog = Catalog::embedded().unwrap();
    for (q, first, second) in [
        (
            "3090 跑 llama 3.1 8b 得唔得，順便問下 vast 幾錢一個鐘",
            "/fit llama-3.1-8b rtx-3090",
            "/cost vast rtx-3090 1h",
        ),
        (
            "can run qwen2.5 14b on 3090 and how much cost 2 hours on runpod?",
            "/fit qwen2.5-14b rtx-3090",
            "/cost runpod rtx-3090 2h",
        ),
        (
            "is h100 in stock and what is its memory bandwidth",
            "/stock h100-sxm",
            "/gpu h100-sxm",
        ),
        (
            "4090 同 3090 有咩分別，仲有邊度最平",
            "/gpu rtx-4090 rtx-3090",
            "/compare rtx-4090 1h",
        ),
        (
            "l40s 能跑 qwen2.5 32b 吗，另外 runpod 有没有货",
            "/fit qwen2.5-32b l40s",
            "/stock l40s runpod",
        ),
    ] {
        let reading = read(&catalog, q);
        assert_eq!(
            reading.lines().first().map(String::as_str),
            Some(first),
            "{q}"
        );
        let also = second_ask(&catalog, q, &reading).map(|r| r.line());
        assert_eq!(also.as_deref(), Some(second), "{q}: the second ask");
    }
}

/// A cloud the catalog does not hold, named by its name or its GPU product's, is said back
/// (never answered for every other platform), with the question read without it to tap; a
/// platform the catalog holds, by any of its names, is read as before.
#[test]
fn a_platform_the_catalog_lacks_is_said() {
    for (locale, q, said, offered) in [
        ("zh-CN", "sagemaker 停机收费吗", "sagemaker", None),
        (
            "en-US",
            "aws h100 how much for 3 hours",
            "aws",
            Some("/compare h100-sxm 3h"),
        ),
        (
            "zh-CN",
            "azure 的 a100 幾錢",
            "azure",
            Some("/compare a100-80g-sxm 1h"),
        ),
        (
            "en-US",
            "Google Cloud H100 price?",
            "google cloud",
            Some("/compare h100-sxm 1h"),
        ),
    ] {
        let (text, ids) = ask_with_choices(locale, q);
        assert!(
            text.contains(&format!("“{said}”")) && text.contains("/platforms"),
            "{q}: the platform not said\n{text}"
        );
        assert!(!text.contains("I read this as"), "{q}: answered\n{text}");
        if let Some(line) = offered {
            assert!(ids.iter().any(|i| i.contains(line)), "{q}: {ids:?}\n{text}");
        }
    }
    for q in [
        "runpod h100 3 hours how much",
        "阿里云 灵骏 怎么计费",
        "lambda h100 price",
    ] {
        let (text, _) = ask_with_choices("en-US", q);
        assert!(!text.contains("platform list"), "{q}: said unknown\n{text}");
    }
}

/// The memory asked by its unit (`多少G`) is the card's specs; a count of cards (`几个gpu`) or a
/// price (`多少钱`) beside the same card is not.
#[test]
fn memory_asked_by_its_unit_is_specs_and_nothing_else() {
    use bot_core::understand::read;
    let catalog = Catalog::embedded().unwrap();
    let first = |q: &str| {
        read(&catalog, q)
            .lines()
            .first()
            .cloned()
            .unwrap_or_default()
    };
    for q in ["3090 多少G", "l4 几个g", "how many gb is an a10"] {
        assert!(first(q).starts_with("/gpu "), "{q}: {}", first(q));
    }
    for q in [
        "3090 多少钱",
        "h100 几个gpu一台有货吗",
        "4090 gpu how much per hour",
    ] {
        assert!(!first(q).starts_with("/gpu "), "{q}: {}", first(q));
    }
}

/// A pasted price-table row with no platform and no other period asked is left as said (the
/// row's card kept), and a bare price with a platform stays the user's own price.
#[test]
fn a_price_row_changes_only_what_its_words_ask() {
    use bot_core::understand::read;
    let catalog = Catalog::embedded().unwrap();
    let first = |q: &str| {
        read(&catalog, q)
            .lines()
            .first()
            .cloned()
            .unwrap_or_default()
    };
    let kept = first("\"RTX 4090 | 24 GB | $0.34/hr\" is that cheap?");
    assert!(kept.contains("rtx-4090"), "{kept}");
    let own = first("vast 4090 $0.35/h 40 minutes");
    assert!(own.starts_with("/cost 0.35usd/hour"), "{own}");
}
