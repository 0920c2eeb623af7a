//! "How many 4090s for a 70B": a job that does not fit the named card says the fewest of the
//! same card, in the counts a server comes in (2, 4, 8), that hold it (`answer::fit_more_cards`),
//! or, for inference, that even eight do not. Checked against the bot's own answer for that
//! count, so the line can never disagree with `/fit … N×card`.

use super::chat::{World, say, world};

/// The count N in the "more cards" line ("On N × …" / "Even N × …"), if there is one.
fn count_said(en: &str) -> Option<(bool, u32)> {
    let line = en.lines().find(|l| {
        l.contains("× ")
            && (l.starts_with("✅ On ") || l.starts_with("⚠️ On ") || l.starts_with("❌ Even "))
    })?;
    let fits = !line.starts_with("❌");
    let n = line
        .split_whitespace()
        .find_map(|w| w.parse::<u32>().ok())?;
    Some((fits, n))
}

/// The verdict line's word for `line` run as typed.
fn fits(w: &World, line: &str) -> bool {
    let en = say(w, "en", line);
    en.contains("✅ Fits on") || en.contains("⚠️ Tight on") && en.contains("to spare per card")
}

#[test]
fn the_fewest_cards_that_hold_it_are_said_and_agree_with_fit_on_that_count() {
    let w = world();
    for (job, card) in [
        ("qwen2.5-32b bf16", "rtx-3090"),
        ("llama-3.1-70b awq", "rtx-4090"),
        ("qwen2.5-72b bf16", "a100-80g-sxm"),
        ("mixtral-8x7b bf16", "l40s"),
        ("qwen2.5-14b bf16", "rtx-4060-ti-16g"),
    ] {
        let en = say(&w, "en", &format!("/fit {job} {card}"));
        let (said_fits, n) = count_said(&en).unwrap_or_else(|| panic!("{job} {card}: {en}"));
        assert!(said_fits, "{job} {card}: {en}");
        assert!(
            fits(&w, &format!("/fit {job} {n}x {card}")),
            "{job} {n}x {card}"
        );
        // The count below it (in a server's counts) does not hold it.
        let fewer = [1, 2, 4].into_iter().filter(|c| *c < n).max().unwrap();
        assert!(
            !fits(&w, &format!("/fit {job} {fewer}x {card}")),
            "{job} {fewer}x {card}"
        );
    }
}

#[test]
fn inference_past_one_server_says_so_and_training_is_left_to_its_remedies() {
    let w = world();
    let en = say(&w, "en", "/fit deepseek-r1 fp8 rtx-4090");
    assert_eq!(count_said(&en), Some((false, 8)), "{en}");
    assert!(!fits(&w, "/fit deepseek-r1 fp8 8x rtx-4090"));
    let zh = say(&w, "zh", "/fit deepseek-r1 fp8 rtx-4090");
    assert!(zh.contains("就算用 8 张"), "{zh}");
    // A full fine-tune with plain data parallel holds the whole job on every card: more of
    // them alone is no answer, so nothing is said.
    let full = say(&w, "en", "/fit qwen2.5-72b full rtx-4090");
    assert!(full.contains("Does not fit"), "{full}");
    assert_eq!(count_said(&full), None, "{full}");
    // A job that fits says nothing of more cards.
    let ok = say(&w, "en", "/fit qwen2.5-7b awq rtx-4090");
    assert_eq!(count_said(&ok), None, "{ok}");
}

#[test]
fn a_stated_count_that_falls_short_points_to_the_next_one() {
    let w = world();
    let en = say(&w, "en", "/fit qwen2.5-72b bf16 2x rtx-a6000");
    let (said_fits, n) = count_said(&en).unwrap_or_else(|| panic!("{en}"));
    assert!(said_fits && n > 2, "{en}");
    assert!(fits(&w, &format!("/fit qwen2.5-72b bf16 {n}x rtx-a6000")));
    // In Chinese too.
    let zh = say(&w, "zh", "/fit qwen2.5-72b bf16 2x rtx-a6000");
    assert!(zh.contains(&format!("用 {n} 张")), "{zh}");
}
