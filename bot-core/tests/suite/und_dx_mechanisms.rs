//! Wrong figures and wrong cards from corpus100's misses, as mechanisms (helper und_dx, issue
//! 26; cases written before the change they test, in both locales): a card's qualifier word
//! after its base name changes the card (`a6000 ada`, `4090 super` is no 4090); an `h:mm`
//! length (`for 2:30`); a `*` correction replaces the value it corrects; a list's item numbers
//! are no counts; digit groups and lakh/crore; `大洋` and `Y` before a number as currency; a
//! misplaced apostrophe or `木有` in a negated need.

use super::readings::embedded;
// The one "read right" rule of the reader-mechanism suites (und_dv's).
use super::und_dv_mechanisms::right;

/// Each (question, expected) read right; the wrong ones listed.
fn assert_all(rows: &[(String, String)]) {
    let wrong: Vec<String> = rows
        .iter()
        .filter_map(|(q, expected)| {
            let r = embedded(q);
            (!right(&r, expected)).then(|| format!("{q} → {:?} (expected {expected})", r.lines()))
        })
        .collect();
    assert!(
        wrong.is_empty(),
        "{} of {} wrong:\n{}",
        wrong.len(),
        rows.len(),
        wrong.join("\n")
    );
}

/// Spec questions, both locales, with `{C}` where the card goes.
const SPEC_FORMS: [&str; 3] = ["{C}有多少显存", "{C} specs?", "{C}的显存和带宽是多少"];

/// A card said with its qualifier word (memory, form, `ti`, `super`, `d`, `ada`, `nvl`) reads
/// that card, never the base name's.
#[test]
fn a_qualifier_after_a_card_changes_the_card() {
    let cards = [
        ("a6000 ada", "rtx-6000-ada"),
        ("rtx a6000 ada", "rtx-6000-ada"),
        ("rtx 6000 ada", "rtx-6000-ada"),
        ("a6000", "rtx-a6000"),
        ("4090 d", "rtx-4090d"),
        ("4090", "rtx-4090"),
        ("4060 ti 16g", "rtx-4060-ti-16g"),
        ("4060 ti 8g", "rtx-4060-ti-8g"),
        ("a100 40g pcie", "a100-40g-pcie"),
        ("h100 nvl", "h100-nvl"),
        ("h200 nvl", "h200-nvl"),
        ("4080 super", "rtx-4080-super"),
        ("4070 ti super", "rtx-4070-ti-super"),
        ("3090 ti", "rtx-3090-ti"),
        ("3080 ti 12g", "rtx-3080-ti"),
    ];
    let mut rows = Vec::new();
    for form in SPEC_FORMS {
        for (card, id) in cards {
            rows.push((form.replace("{C}", card), format!("/gpu {id}")));
        }
    }
    assert_all(&rows);
}

/// A qualifier that names no card with its base (`4090 super`, `3090 super`, `a100 nvl`):
/// never the base card's figures.
#[test]
fn a_qualifier_naming_no_card_is_never_the_base_card() {
    let mut wrong = Vec::new();
    for form in SPEC_FORMS {
        for (card, base) in [
            ("4090 super", "rtx-4090"),
            ("3090 super", "rtx-3090"),
            ("a100 nvl", "a100-80g-sxm"),
            ("4060 super", "rtx-4060"),
        ] {
            let q = form.replace("{C}", card);
            let r = embedded(&q);
            if r.lines().iter().any(|l| l.contains(base)) {
                wrong.push(format!("{q} → {:?}", r.lines()));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// An `h:mm` length after a word of using (`for 2:30`, `跑1:45`) is hours and minutes.
#[test]
fn an_hours_and_minutes_length_is_read_whole() {
    let mut rows = Vec::new();
    for (h, m) in [(2, 30), (1, 45), (3, 15), (0, 45)] {
        let len = if h == 0 {
            format!("{m}m")
        } else {
            format!("{h}h{m}m")
        };
        rows.push((
            format!("if i use runpod a40 for {h}:{m:02}, what price"),
            format!("/cost runpod a40 {len}"),
        ));
        rows.push((
            format!("autodl 4090 跑{h}:{m:02} 多少钱"),
            format!("/cost autodl rtx-4090 {len}"),
        ));
    }
    assert_all(&rows);
}

/// A `*` correction in the same message replaces the value it corrects.
#[test]
fn an_asterisk_correction_replaces_the_value() {
    let mut rows = Vec::new();
    for (a, b) in [(4, 5), (2, 3), (6, 8)] {
        rows.push((
            format!("tensordock 4090 {a} hrs how much? *{b} hrs"),
            format!("/cost tensordock rtx-4090 {b}h"),
        ));
        rows.push((
            format!("i want h100 pcie cheapest one, {a} day job *{b} day job"),
            format!("/compare h100-pcie {b}d"),
        ));
        rows.push((
            format!("autodl 4090跑{a}小时多少钱 *{b}小时"),
            format!("/cost autodl rtx-4090 {b}h"),
        ));
    }
    assert_all(&rows);
}

/// A numbered list's item numbers (`1. … 2. … 3. …`) are no card counts nor amounts.
#[test]
fn list_item_numbers_are_no_counts() {
    assert_all(&[
        (
            "1. 算家云 2. 4090 3. 两小时 —— 总价多少".into(),
            "/cost suanjiayun rtx-4090 2h".into(),
        ),
        (
            "1) runpod 2) a40 3) 5 hours, total cost?".into(),
            "/cost runpod a40 5h".into(),
        ),
        (
            "1、autodl 2、3090 3、三小时 多少钱".into(),
            "/cost autodl rtx-3090 3h".into(),
        ),
    ]);
}

/// Digit groups with spaces or apostrophes, and lakh/crore, are one number of tokens.
#[test]
fn grouped_digits_and_lakh_are_one_volume() {
    let mut rows = Vec::new();
    for (said, m) in [
        ("50 lakh", "5m"),
        ("2 crore", "20m"),
        ("1.5 crore", "15m"),
        ("20 000 000", "20m"),
        ("5'000'000", "5m"),
        ("3 000 000", "3m"),
    ] {
        rows.push((
            format!("we need {said} tokens daily for llama 3.1 70b, self host or api cheaper?"),
            format!("/tco llama-3.1-70b bf16 {m}"),
        ));
        rows.push((
            format!("{said} tokens/day on mistral 7b: rent a gpu or use the api?"),
            format!("/tco mistral-7b-v0.3 bf16 {m}"),
        ));
    }
    assert_all(&rows);
}

/// `大洋` is yuan; `Y` right before a number is the yuan sign.
#[test]
fn dayang_and_a_y_before_a_number_are_yuan() {
    assert_all(&[
        (
            "每月3000大洋 换成每小时是多少".into(),
            "/convert 3000cny/month to hour".into(),
        ),
        (
            "Y1.6 per hour in dollars".into(),
            "/convert 1.6cny/hour to hour usd".into(),
        ),
        (
            "y2.5 per hour in dollars".into(),
            "/convert 2.5cny/hour to hour usd".into(),
        ),
        (
            "一天200大洋 合每小时多少".into(),
            "/convert 200cny/day to hour".into(),
        ),
    ]);
}

/// A need denied in any spelling (`dont'`, `does'nt`, `木有`) is the need's absence, never the
/// need.
#[test]
fn a_need_denied_in_any_spelling_is_no_need() {
    let mut rows = Vec::new();
    for neg in ["dont'", "don't", "dont", "do'nt"] {
        rows.push((
            format!("which ones {neg} need a credit card"),
            "/platforms no-card".to_string(),
        ));
        rows.push((
            format!("which platforms {neg} need kyc"),
            "/platforms no-real-name".to_string(),
        ));
    }
    for neg in ["doesn't", "does'nt", "doesnt"] {
        rows.push((
            format!("which platform {neg} need a credit card"),
            "/platforms no-card".to_string(),
        ));
    }
    for neg in ["木有", "没有"] {
        rows.push((
            format!("哪些平台{neg}信用卡也能付"),
            "/platforms no-card".to_string(),
        ));
        rows.push((
            format!("海外的平台 哪些{neg}信用卡也能付"),
            "/platforms global no-card".to_string(),
        ));
    }
    assert_all(&rows);
}
