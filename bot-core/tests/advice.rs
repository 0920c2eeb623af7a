//! Advice that holds together (issue 11), told as the stories users lived: every command makes
//! the same fit decision with the same shown assumptions, and no answer contradicts itself.

use bot_core::reply::Reply;
use bot_core::store::{Store, db_path};
use bot_core::{Bot, Catalog, ChatRef, Input, Lang, Localizer};
use std::sync::Arc;

struct World {
    bot: Bot,
    _dir: tempfile::TempDir,
}

fn world() -> World {
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(Store::open(&db_path(dir.path())).unwrap());
    let mut bot = Bot::new(Arc::new(Catalog::embedded().unwrap()), store);
    bot.today = bot_core::catalog::parse_date("2026-11-30");
    World { bot, _dir: dir }
}

fn who(locale: &str) -> ChatRef {
    ChatRef {
        platform: "test".into(),
        chat: "c".into(),
        user: locale.into(),
        locale: Some(locale.into()),
    }
}

fn text(replies: &[Reply], lang: Lang) -> String {
    replies
        .iter()
        .map(|r| Localizer::get().render_plain(lang, r))
        .collect::<Vec<_>>()
        .join("\n")
}

fn say(w: &World, locale: &str, line: &str) -> String {
    let a = w.bot.handle(&who(locale), Input::Text(line.into()));
    text(&a.replies, a.lang)
}

fn tap(w: &World, locale: &str, id: &str) -> (String, Vec<String>) {
    let a = w.bot.handle(&who(locale), Input::Choice(id.into()));
    let ids = a
        .replies
        .iter()
        .flat_map(|r| r.choices.iter().map(|c| c.id.clone()))
        .collect();
    (text(&a.replies, a.lang), ids)
}

/// The first number after `marker` in `text` (e.g. the GiB after "needs about").
fn number_after(text: &str, marker: &str) -> f64 {
    let rest = &text[text
        .find(marker)
        .unwrap_or_else(|| panic!("{marker:?} in {text}"))
        + marker.len()..];
    let num: String = rest
        .trim_start()
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == '.')
        .collect();
    num.parse()
        .unwrap_or_else(|_| panic!("no number after {marker:?}: {rest}"))
}

#[test]
fn a_student_who_types_4090_for_72b_bf16_is_refused_with_the_cards_that_fit() {
    let w = world();
    say(&w, "en", "/pick");
    tap(&w, "en", "t:serve");
    say(&w, "en", "qwen2.5-72b");
    say(&w, "en", "bf16");
    let (asked, _) = tap(&w, "en", "c:4096");
    assert!(asked.contains("conversations at once"), "{asked}");
    let (asked, _) = tap(&w, "en", "n:4");
    assert!(
        asked.contains("How long"),
        "serving asks how many at once first: {asked}"
    );
    tap(&w, "en", "u:always");
    let out = say(&w, "en", "4090");
    assert!(out.contains("cannot hold this job"), "{out}");
    assert!(out.contains("Cards that do fit"), "{out}");
    // Nothing was priced for the refused card: the card question is asked again.
    assert!(!out.contains("Where to rent"), "{out}");
}

#[test]
fn fit_and_pick_agree_on_the_memory_of_the_same_job() {
    let w = world();
    say(&w, "en", "/pick");
    tap(&w, "en", "t:tune");
    tap(&w, "en", "m:qwen2.5-7b");
    tap(&w, "en", "q:lora");
    tap(&w, "en", "c:4096");
    let (card_step, _) = tap(&w, "en", "u:3h");
    let pick = number_after(&card_step, "needs about");
    let fit = say(&w, "en", "/fit qwen2.5-7b lora ctx=4k");
    assert_eq!(pick, number_after(&fit, "= total"), "{card_step}\n{fit}");
    // The shared default is said, with the word that changes it.
    assert!(
        fit.contains("gradient checkpointing on") && fit.contains("gc=off"),
        "{fit}"
    );
    let off = say(&w, "en", "/fit qwen2.5-7b lora ctx=4k gc=off");
    assert!(number_after(&off, "= total") > pick, "{off}");
}

#[test]
fn qlora_is_qlora_wherever_it_is_typed() {
    let w = world();
    let out = say(&w, "en", "/fit qwen2.5-7b qlora 4090");
    assert!(out.contains("nf4 · qlora"), "{out}");
    let out = say(&w, "en", "/fit 4090 qwen2.5-7b qlora");
    assert!(out.contains("nf4 · qlora"), "words in any order: {out}");
}

#[test]
fn the_setups_students_rent_are_offered_when_they_fit() {
    let w = world();
    // A 7B LoRA with short sequences and 7B/14B int4 inference fit one 24 GB card.
    for (line, card) in [
        ("/fit qwen2.5-7b lora ctx=1k 4090", "GeForce RTX 4090"),
        ("/fit qwen2.5-7b int4 4090", "GeForce RTX 4090"),
        ("/fit qwen2.5-14b int4 3090", "GeForce RTX 3090"),
    ] {
        let out = say(&w, "en", line);
        assert!(
            out.contains(&format!("Fits on 1 × {card}")),
            "{line}: {out}"
        );
    }
    // And when no card is named they are among the options, on one card.
    for line in ["/fit qwen2.5-7b int4", "/fit qwen2.5-14b int4"] {
        let out = say(&w, "en", line);
        assert!(
            out.lines()
                .any(|l| l.contains("RTX 3090") && l.contains("×1"))
                || out
                    .lines()
                    .any(|l| l.contains("RTX 4090") && l.contains("×1")),
            "{line}: {out}"
        );
    }
}

#[test]
fn two_cards_written_together_are_two_cards() {
    let w = world();
    let fit = say(&w, "en", "/fit qwen2.5-32b int4 2x4090");
    assert!(fit.contains("2 × GeForce RTX 4090"), "{fit}");
    let tco = say(&w, "en", "/tco qwen2.5-7b int4 2x4090 20m 0.3 price=0.8");
    assert!(tco.contains("on 2 × GeForce RTX 4090"), "{tco}");
}

#[test]
fn tco_on_cards_that_cannot_hold_the_model_gives_the_fit_failure_not_figures() {
    let w = world();
    let out = say(&w, "en", "/tco qwen2.5-72b bf16 4090 20m 0.3");
    assert!(
        out.contains("does not fit on 1 × GeForce RTX 4090"),
        "{out}"
    );
    assert!(out.contains("What does hold it"), "{out}");
    assert!(!out.contains("h a day") && !out.contains("👉"), "{out}");
}

#[test]
fn a_tco_verdict_never_contradicts_its_own_figures() {
    let w = world();
    for (tokens, api, price) in [
        ("20m", "0.3", "0.35"),
        ("20m", "0.2", "0.5"),
        ("150m", "0.3", "0.35"),
        ("1m", "2", "0.35"),
        ("20m", "0.01", "0.35"),
    ] {
        let line = format!("/tco qwen2.5-7b int4 4090 {tokens} {api} price={price}");
        let out = say(&w, "en", &line);
        let busy = number_after(&out, "Self-hosted:");
        let all_day = number_after(&out, "if the card runs all day (");
        let api_day = number_after(&out, "per 1M tokens = ");
        let api_price: f64 = api.parse().unwrap();
        if out.contains("renting is cheaper, even with the card on all day") {
            assert!(all_day <= api_day, "{line}: {out}");
        } else if out.contains("Renting is cheaper only if") {
            assert!(busy < api_price && all_day > api_day, "{line}: {out}");
        } else {
            assert!(out.contains("the API is cheaper"), "{line}: {out}");
            assert!(
                busy >= api_price || out.contains("more than one setup can serve"),
                "{line}: {out}"
            );
        }
    }
}

#[test]
fn compare_and_cost_price_the_same_job_the_same_way_hidden_minutes_included() {
    let w = world();
    let compare = say(&w, "en", "/compare 4090 40m");
    let cost = say(&w, "en", "/cost autodl 4090 40m");
    // English answers are in USD: the same total in the ranking and in the breakdown.
    let total = format!("${:.2}", number_after(&cost, "Total: $"));
    let row = compare
        .lines()
        .find(|l| l.contains("AutoDL") && l.contains("hour"))
        .unwrap_or_else(|| panic!("{compare}"));
    assert!(row.contains(&total), "{row} vs {cost}");
    assert!(
        compare.contains("3m of boot and 2m of image pull"),
        "{compare}"
    );
    assert!(cost.contains("3m of boot and 2m of image pull"), "{cost}");
    let bare = say(&w, "en", "/cost autodl 4090 40m boot=0 pull=0");
    assert!(!bare.contains("of image pull per session"), "{bare}");
}

#[test]
fn compare_of_a_job_nobody_can_price_is_an_error() {
    let w = world();
    for line in ["/compare 4090 0s", "/compare 4090 daily 25h"] {
        let out = say(&w, "en", line);
        assert!(!out.contains("cheapest first"), "{line}: {out}");
        assert!(out.contains("Usage: /compare"), "{line}: {out}");
    }
}

#[test]
fn a_negative_card_count_is_a_bad_number_not_a_misspelt_card() {
    let w = world();
    for line in ["/fit qwen2.5-7b 4090 -2", "/fit qwen2.5-7b 4090 1.5"] {
        let out = say(&w, "en", line);
        assert!(!out.contains("Did you mean"), "{line}: {out}");
        assert!(out.contains("Usage: /fit"), "{line}: {out}");
    }
}

#[test]
fn the_models_list_names_what_fit_knows_with_moe_sizes() {
    let w = world();
    let out = say(&w, "en", "/models");
    assert!(out.contains("qwen2.5-7b"), "{out}");
    assert!(
        out.contains("671B / 37B"),
        "MoE totals and active counts: {out}"
    );
    let zh = say(&w, "zh", "/模型");
    assert!(zh.contains("由大到小"), "{zh}");
}
