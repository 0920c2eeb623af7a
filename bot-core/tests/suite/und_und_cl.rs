//! Named things a reading dropped in silence (helper und_cl, issue 26; cases written before the
//! change they test, in my own wordings): a second card beside a platform, a platform beside
//! `/tco`, a length told of a past rental (`docs/misses/und_und_cl.md`).

use super::chat::ask_fresh;
use super::fresh19_share::{own_cases_read_right, own_labels_canonical};
use bot_core::Catalog;
use bot_core::understand::{Reading, read};

const OWN: &str = include_str!("../data/questions_und_und_cl_own.tsv");

#[test]
fn und_cl_mechanisms_on_cases_of_their_own() {
    own_cases_read_right("und_cl_own", OWN);
}

#[test]
fn und_cl_own_labels_are_canonical_lines() {
    own_labels_canonical(OWN, |_| false);
}

/// Two cards beside a platform, their difference asked: both cards kept in every choice, and
/// the platform in one of them (its hour there), never the platform's page alone.
#[test]
fn two_cards_beside_a_platform_keep_both_cards_and_the_platform() {
    let c = Catalog::embedded().unwrap();
    for (q, a, b, p) in [
        (
            "autodl 的 l40s 跟 a6000 差在哪",
            "l40s",
            "rtx-a6000",
            "autodl",
        ),
        (
            "diff between h100 and a100 on lambda?",
            "h100-sxm",
            "a100-80g-sxm",
            "lambda",
        ),
    ] {
        let lines = read(&c, q).lines();
        assert!(!lines.is_empty(), "{q}");
        for l in &lines {
            assert!(l.contains(a) && l.contains(b), "{q}: {lines:?}");
        }
        assert!(lines.iter().any(|l| l.contains(p)), "{q}: {lines:?}");
        assert!(
            !lines.iter().any(|l| l.starts_with("/platform ")),
            "{q}: {lines:?}"
        );
    }
}

/// A platform named beside a rent-vs-API question: und_cl said it unused (`/tco` had no
/// platform slot); since und_ct `/tco` takes it and prices that platform's card, so the line
/// carries it and the answer names it, in both languages.
#[test]
fn a_platform_named_beside_tco_is_priced_on_that_platform() {
    let c = Catalog::embedded().unwrap();
    let q = "autodl上部署qwen2.5-7b，每天800万token，和调API比哪个便宜";
    assert!(
        matches!(read(&c, q), Reading::Command(ref r) if r.line().starts_with("/tco ") && r.line().ends_with(" autodl")),
        "{:?}",
        read(&c, q).lines()
    );
    let zh = ask_fresh("zh-CN", q);
    assert!(zh.contains("AutoDL"), "{zh}");
    let en = ask_fresh(
        "en",
        "self-host llama 3.1 8b on runpod for 3M tokens a day or pay an api?",
    );
    assert!(en.contains("RunPod"), "{en}");
}

/// Where the person is, beside a stock question: the line is the stock asked (a place asked for
/// machines is a filter of its own), the answer ranks by the place and says so, naming the
/// platforms of unknown location as such, in both languages.
#[test]
fn where_the_person_is_ranks_a_stock_answer_and_says_so() {
    use bot_core::understand::Request;
    let c = Catalog::embedded().unwrap();
    for (q, place) in [
        ("我在美国，哪里能租到h100", "美国"),
        ("I'm in Germany, where can I rent a 4090?", "germany"),
    ] {
        match read(&c, q) {
            Reading::Command(Request::Stock(s)) => {
                assert!(s.platform.is_none() && s.needs.is_empty(), "{q}");
                assert_eq!(
                    s.home.map(|h| h.1.to_lowercase()),
                    Some(place.to_lowercase()),
                    "{q}"
                );
            }
            other => panic!("{q}: {:?}", other.lines()),
        }
    }
    let zh = ask_fresh("zh-CN", "我在美国，哪里能租到h100");
    assert!(
        zh.contains("你说你在美国") && zh.contains("位置未知"),
        "{zh}"
    );
    let en = ask_fresh("en", "I'm in Germany, where can I rent a 4090?");
    assert!(
        en.contains("You said you are in Germany") && en.contains("Location unknown"),
        "{en}"
    );
    // Said nowhere: no such line.
    let plain = ask_fresh("en", "where can I rent an h100");
    assert!(!plain.contains("You said you are in"), "{plain}");
}

/// The answers these tests read, whole: `cargo test -p bot-core --test suite und_cl_show --
/// --ignored --nocapture`.
#[test]
#[ignore]
fn und_cl_show() {
    for (q, l) in [
        ("我在美国，哪里能租到h100", "zh-CN"),
        ("I'm in Germany, where can I rent a 4090?", "en"),
        (
            "autodl上部署qwen2.5-7b，每天800万token，和调API比哪个便宜",
            "zh-CN",
        ),
        (
            "self-host llama 3.1 8b on runpod for 3M tokens a day or pay an api?",
            "en",
        ),
    ] {
        println!("=== {q}\n{}", ask_fresh(l, q));
    }
}
