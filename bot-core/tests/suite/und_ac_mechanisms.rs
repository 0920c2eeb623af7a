//! Corpus45's last misses as mechanisms on cases of my own (helper und_ac, issue 26; none in a
//! batch; written before the change they tested): sizes said before their family, community
//! quant names (unsloth's dynamic quants, exl2's bpw), llama-server's parallel slots, the hour
//! of day or usual stock as the price history with a job, one's own price always on converted,
//! and a pasted log's model and failed card. Untuned 9/29, after 30/30; corpus45 291 → 300/300
//! (one row relabelled: `-np 4` splits the window).

use super::fresh19_share::{own_cases_read_right, own_labels_canonical};
use bot_core::Catalog;
use bot_core::understand::{Reading, Request, Unheard, read, unheard};

const OWN: &str = include_str!("../data/questions_und_ac_own.tsv");

#[test]
fn und_ac_mechanisms_on_cases_of_their_own() {
    own_cases_read_right("und_ac_own", OWN);
}

#[test]
fn und_ac_own_labels_are_canonical_lines() {
    own_labels_canonical(OWN, |_| false);
}

/// Sizes weighed before their family never offer the family's other sizes: the larger said is
/// sized, whichever order the two are said in.
#[test]
fn sizes_before_the_family_size_the_larger_said() {
    let catalog = Catalog::embedded().unwrap();
    for (question, want) in [
        ("32b or 7b, which fits a 4090? qwen2.5", "qwen2.5-32b"),
        ("7b or 32b, which fits a 4090? qwen2.5", "qwen2.5-32b"),
        ("1.7b 还是 4b，t4 上，qwen3", "qwen3-4b"),
    ] {
        let lines = read(&catalog, question).lines();
        assert_eq!(lines.len(), 1, "{question}: {lines:?}");
        assert!(lines[0].contains(want), "{question}: {lines:?}");
    }
}

/// llama-server's slots share one cache of `-c` tokens: the batch times the window per slot is
/// the `-c` said, never `-c` per slot.
#[test]
fn llama_server_slots_keep_the_cache_at_the_window_said() {
    let catalog = Catalog::embedded().unwrap();
    for (question, total) in [
        (
            "llama-server -np 4 -c 16384 qwen2.5-7b q4_k_m on a 4090",
            16384u32,
        ),
        (
            "llama.cpp --parallel 8 -c 65536 llama-3.1-8b q8_0 l40s",
            65536,
        ),
        ("llama-server -np 2 gemma-2-9b q4_k_m on a 3060", 4096),
    ] {
        let Reading::Command(Request::Fit(f)) = read(&catalog, question) else {
            panic!("{question}: not a fit");
        };
        let get = |k: &str| f.options.iter().find(|(key, _)| key == k).map(|(_, v)| v);
        let batch: u32 = get("batch").unwrap().parse().unwrap();
        let ctx = get("ctx").unwrap();
        let per: u32 = match ctx.strip_suffix('k') {
            Some(k) => k.parse::<u32>().unwrap() * 1024,
            None => ctx.parse().unwrap(),
        };
        assert_eq!(per * batch, total, "{question}: {ctx} x {batch}");
        assert_eq!(get("engine").map(String::as_str), Some("llamacpp"));
    }
}

/// A format the fit has no bits for is said back, never sized as another; one it reads is not.
#[test]
fn unknown_community_formats_are_said_not_sized() {
    let catalog = Catalog::embedded().unwrap();
    for (question, word) in [
        ("deepseek-r1 UD-Q2_K_XL 要几张h200", "UD-Q2_K_XL"),
        ("exl2 4.65bpw of qwen2.5-32b on a 3090", "4.65bpw"),
        ("llama-3.3-70b dynamic 2-bit on two 4090s", "2-bit"),
    ] {
        match unheard(&catalog, question) {
            Some(Unheard::Quant { word: w, lines }) => {
                assert!(w.eq_ignore_ascii_case(word), "{question}: {w}");
                // A larger format to tap is the fit's (never a smaller one, never another model).
                assert!(lines.iter().all(|l| l.starts_with("/fit ")), "{lines:?}");
            }
            other => panic!("{question}: {other:?}"),
        }
    }
    for question in [
        "deepseek r1 UD-IQ1_S 要几张 h100",
        "an exl2 4.0bpw quant of mixtral 8x7b on a 3090",
        "qwen2.5-32b q4_k_m on a 3090",
    ] {
        assert_eq!(unheard(&catalog, question), None, "{question}");
    }
    let Some(Unheard::Quant { lines, .. }) =
        unheard(&catalog, "exl2 4.65bpw of qwen2.5-32b on a 3090")
    else {
        panic!("exl2 4.65bpw not said");
    };
    assert_eq!(lines, vec!["/fit qwen2.5-32b int8 rtx-3090".to_string()]);
    // The answer says so in both languages.
    let w = super::chat::world();
    for (locale, said) in [("en", "can't size the format"), ("zh", "估算不了")] {
        let t = super::chat::ask(&w.bot, locale, "exl2 4.65bpw of qwen2.5-32b on a 3090");
        assert!(t.contains(said) && t.contains("4.65bpw"), "{locale}: {t}");
    }
}
