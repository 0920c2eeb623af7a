//! `/pick` for training an LLM on a card without bf16 (compute capability below 8.0): a full
//! fine-tune sized in bf16 is not offered there (fp16 mixed precision keeps fp32 master
//! weights the size leaves out) and the cards left out are named; a LoRA stays offered at the
//! same size with a note that it trains in fp16 there; serving is untouched. On a catalog of our
//! own where the cards without bf16 are the cheapest, so they would lead every list.

use super::chat::{message_ids, priced, text, who, with_platforms};
use bot_core::reply::Reply;
use bot_core::{Bot, Catalog, ChatRef, Input, Store};
use std::sync::Arc;

fn bot() -> (Bot, tempfile::TempDir) {
    let base = Catalog::embedded().unwrap();
    let mut p = base.platforms[0].clone();
    p.prices = vec![
        priced("t4", "0.05", "USD", "on_demand"),
        priced("v100-32g", "0.08", "USD", "on_demand"),
        priced("rtx-4090", "0.40", "USD", "on_demand"),
        priced("a100-80g-sxm", "1.20", "USD", "on_demand"),
    ];
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(Store::open(&dir.path().join("t.redb")).unwrap());
    (
        Bot::new(Arc::new(with_platforms(&base, vec![p])), store),
        dir,
    )
}

/// The card step's message ids, text and offered card ids after `lines` inside a fresh /pick.
fn card_step(bot: &Bot, me: &ChatRef, lines: &[&str]) -> (Vec<String>, String, Vec<String>) {
    bot.handle(me, Input::Text("/cancel".into()));
    let mut replies: Vec<Reply> = bot.handle(me, Input::Text("/pick".into())).replies;
    for l in lines {
        replies = bot.handle(me, Input::Text((*l).into())).replies;
    }
    let cards = replies
        .iter()
        .flat_map(|r| r.choices.iter())
        .filter_map(|c| c.id.strip_prefix("g:"))
        .map(|id| id.split(':').next().unwrap_or_default().to_string())
        .collect();
    (
        message_ids(&replies),
        text(&replies, bot.lang_for(me)),
        cards,
    )
}

fn no_bf16(c: &Catalog, id: &str) -> bool {
    c.gpu(id).is_ok_and(|g| g.bf16_native() == Some(false))
}

#[test]
fn a_full_fine_tune_leaves_out_the_cards_without_bf16_and_names_them() {
    let (bot, _d) = bot();
    let c = Catalog::embedded().unwrap();
    for (locale, first) in [
        ("en", "full fine-tune qwen2.5 0.5b for 4 hours"),
        ("zh", "全参微调 qwen2.5 1.5b 跑3个小时"),
    ] {
        let me = who(locale);
        let (ids, t, cards) = card_step(&bot, &me, &[first, "2k"]);
        assert!(!cards.is_empty(), "{first}: {t}");
        assert!(cards.iter().all(|g| !no_bf16(&c, g)), "{first}: {cards:?}");
        assert!(ids.iter().any(|i| i == "pick-no-bf16-full"), "{first}: {t}");
        assert!(t.contains("T4"), "{first}: the cheapest card is named: {t}");
        assert!(!ids.iter().any(|i| i == "pick-no-bf16-lora"), "{t}");
    }
}

#[test]
fn a_lora_keeps_them_and_says_it_trains_in_fp16_there() {
    let (bot, _d) = bot();
    let c = Catalog::embedded().unwrap();
    for (locale, first) in [
        ("en", "lora fine-tune qwen2.5 0.5b for 4 hours"),
        ("zh", "想用lora微调下qwen2.5 1.5b 跑2个小时"),
    ] {
        let me = who(locale);
        let (ids, t, cards) = card_step(&bot, &me, &[first, "2k"]);
        // The cheapest card, without bf16, leads the list at the same size.
        assert!(
            cards.first().is_some_and(|g| no_bf16(&c, g)),
            "{first}: {cards:?}"
        );
        assert!(ids.iter().any(|i| i == "pick-no-bf16-lora"), "{first}: {t}");
        assert!(!ids.iter().any(|i| i == "pick-no-bf16-full"), "{t}");
    }
    // QLoRA's compute dtype is the trainer's choice: no note.
    let me = who("en");
    let (ids, t, cards) = card_step(&bot, &me, &["qlora fine-tune qwen2.5 7b for 4 hours", "2k"]);
    assert!(!cards.is_empty(), "{t}");
    assert!(!ids.iter().any(|i| i.starts_with("pick-no-bf16")), "{t}");
}

#[test]
fn serving_is_offered_on_them_as_before() {
    let (bot, _d) = bot();
    let c = Catalog::embedded().unwrap();
    let me = who("en");
    let (ids, t, cards) = card_step(
        &bot,
        &me,
        &["run qwen2.5 0.5b for a quick demo, 2 hours", "bf16", "2k"],
    );
    assert!(cards.iter().any(|g| no_bf16(&c, g)), "{cards:?}\n{t}");
    assert!(!ids.iter().any(|i| i.starts_with("pick-no-bf16")), "{t}");
}

/// The ids of a phone's first message and of the whole answer for one typed line.
fn phone_views(line: &str, locale: &str) -> (Vec<String>, Vec<String>) {
    let (bot, _d) = bot();
    let me = who(locale);
    let reply = bot.handle(&me, Input::Text(line.into())).replies.remove(0);
    let shaped = bot_core::phone::fit(bot.lang_for(&me), reply);
    let ids = |parts: &[bot_core::reply::Part]| {
        parts
            .iter()
            .filter_map(|p| match p {
                bot_core::reply::Part::Text(m) => Some(m.id.clone()),
                _ => None,
            })
            .collect::<Vec<_>>()
    };
    (ids(&shaped.parts), ids(shaped.whole()))
}

#[test]
fn a_job_that_cannot_run_as_sized_says_so_in_a_phones_first_message() {
    // Training in bf16 (an LLM's LoRA, an image model's) and a bf16 pipeline run on a card
    // without bf16: the note is in the first message, not only behind Details.
    for (line, id) in [
        ("/fit qwen2.5-1.5b lora t4", "fit-no-bf16-train"),
        ("/fit llama-3.2-3b full v100-32g", "fit-no-bf16-train"),
        ("/fit sd3.5-medium t4", "fit-no-bf16-image"),
        ("/fit flux.1-schnell t4", "fit-no-bf16-image"),
    ] {
        for locale in ["en", "zh"] {
            let (short, whole) = phone_views(line, locale);
            assert!(short.iter().any(|i| i == id), "{line}: {short:?}");
            assert!(whole.iter().any(|i| i == id), "{line}: {whole:?}");
        }
    }
    // Serving runs fp16 at the same size: a detail, in the whole answer only.
    let (short, whole) = phone_views("/fit qwen2.5-7b t4", "en");
    assert!(whole.iter().any(|i| i == "fit-no-bf16-infer"), "{whole:?}");
    assert!(!short.iter().any(|i| i == "fit-no-bf16-infer"), "{short:?}");
}
