//! A /pick that listens (issue 26 item 4): facts from any message, at any step, are kept and
//! echoed; a question asked inside /pick is answered with where /pick stands; nothing the bot
//! understood is refused as "I couldn't use that answer".

use bot_core::reply::{Part, Reply};
use bot_core::store::{Store, db_path};
use bot_core::{Bot, Catalog, ChatRef, Input, Localizer};
use std::sync::Arc;

fn bot(dir: &std::path::Path) -> Bot {
    let store = Arc::new(Store::open(&db_path(dir)).unwrap());
    let mut bot = Bot::new(Arc::new(Catalog::embedded().unwrap()), store);
    bot.today = bot_core::catalog::parse_date("2026-11-30");
    bot
}

fn who(locale: &str) -> ChatRef {
    ChatRef {
        platform: "test".into(),
        chat: "c".into(),
        user: format!("u-{locale}"),
        locale: Some(locale.into()),
    }
}

/// The message ids of every text part, in order.
fn ids(replies: &[Reply]) -> Vec<String> {
    replies
        .iter()
        .flat_map(|r| r.parts.iter())
        .filter_map(|p| match p {
            Part::Text(m) => Some(m.id.clone()),
            _ => None,
        })
        .collect()
}

fn say(bot: &Bot, me: &ChatRef, text: &str) -> (Vec<String>, String) {
    let replies = bot.handle(me, Input::Text(text.into())).replies;
    let lang = bot.lang_for(me);
    let shown = replies
        .iter()
        .map(|r| Localizer::get().render_plain(lang, r))
        .collect::<Vec<_>>()
        .join("\n");
    (ids(&replies), shown)
}

#[test]
fn the_first_sentence_keeps_all_six_facts_and_asks_only_what_is_left() {
    let sentence = "想用lora微调下qwen2.5 7b 跑3个小时 只有支付宝 不想实名 预算50";
    // Sent after `/pick`, or on the same line as it: the same six facts kept.
    for first in [None, Some(format!("/pick {sentence}"))] {
        let dir = tempfile::tempdir().unwrap();
        let bot = bot(dir.path());
        let me = who("zh");
        let (ids, text) = match first {
            None => {
                say(&bot, &me, "/pick");
                say(&bot, &me, sentence)
            }
            Some(line) => say(&bot, &me, &line),
        };
        six_facts_kept(&ids, &text);
    }
}

fn six_facts_kept(ids: &[String], text: &str) {
    for id in [
        "pick-understood-model",
        "pick-understood-method",
        "pick-understood-usage",
        "pick-understood-pay",
        "pick-understood-nrn",
        "pick-understood-budget",
    ] {
        assert!(ids.iter().any(|i| i == id), "{id} missing: {text}");
    }
    for said in ["Qwen2.5-7B", "LoRA", "3", "支付宝", "实名", "50"] {
        assert!(text.contains(said), "{said}: {text}");
    }
    for asked in [
        "pick-ask-model",
        "pick-ask-usage",
        "pick-ask-barriers",
        "pick-ask-task",
    ] {
        assert!(
            !ids.iter().any(|i| i == asked),
            "{asked} asked again: {text}"
        );
    }
    assert!(!ids.iter().any(|i| i == "pick-invalid"), "{text}");
}

#[test]
fn each_step_takes_the_users_own_words() {
    let dir = tempfile::tempdir().unwrap();
    let bot = bot(dir.path());
    let me = who("zh");
    say(&bot, &me, "/pick");
    // A fine-tune of a named model: the context step comes, and takes a count said loosely.
    let (ids, text) = say(&bot, &me, "lora微调qwen2.5-7b");
    assert!(ids.iter().any(|i| i == "pick-ask-context"), "{text}");
    let (ids, text) = say(&bot, &me, "大概2000个token");
    assert!(!ids.iter().any(|i| i == "pick-invalid"), "{text}");
    assert!(ids.iter().any(|i| i == "pick-ask-usage"), "{text}");
    let (ids, text) = say(&bot, &me, "两个半小时");
    assert!(!ids.iter().any(|i| i == "pick-invalid"), "{text}");
    assert!(ids.iter().any(|i| i == "pick-ask-card"), "{text}");
    let (ids, text) = say(&bot, &me, "5090");
    assert!(ids.iter().any(|i| i == "pick-ask-barriers"), "{text}");
    // At the barriers step: real-name, payment said either way, a budget as a bare amount.
    for (line, id) in [
        ("不想实名", "pick-understood-nrn"),
        ("只能用支付宝", "pick-understood-pay"),
        ("没有信用卡", "pick-understood-no-pay"),
        ("2k吧", "pick-understood-budget"),
    ] {
        let (ids, text) = say(&bot, &me, line);
        assert!(ids.iter().any(|i| i == id), "{line}: {text}");
        assert!(!ids.iter().any(|i| i == "pick-invalid"), "{line}: {text}");
        assert!(
            ids.iter().any(|i| i == "pick-ask-barriers"),
            "{line}: {text}"
        );
    }
    let (_, text) = say(&bot, &me, "2k吧");
    assert!(text.contains("2000"), "{text}");
}

#[test]
fn a_fact_said_at_another_step_is_kept_and_that_step_is_not_asked() {
    let dir = tempfile::tempdir().unwrap();
    let bot = bot(dir.path());
    let me = who("en");
    say(&bot, &me, "/pick");
    say(&bot, &me, "fine-tune qwen2.5-7b");
    // At the context step the user says the duration and the budget instead.
    let (ids, text) = say(&bot, &me, "it runs 3 hours, budget 40");
    assert!(ids.iter().any(|i| i == "pick-understood-usage"), "{text}");
    assert!(ids.iter().any(|i| i == "pick-understood-budget"), "{text}");
    // The method step is asked again (the message did not answer it), then the context.
    let (ids, text) = say(&bot, &me, "lora");
    assert!(ids.iter().any(|i| i == "pick-ask-context"), "{text}");
    let (ids, text) = say(&bot, &me, "8k");
    // The usage step was answered: the next question is the card.
    assert!(ids.iter().any(|i| i == "pick-ask-card"), "{text}");
}

#[test]
fn a_question_inside_pick_is_answered_and_pick_stays_open() {
    let dir = tempfile::tempdir().unwrap();
    let bot = bot(dir.path());
    for (locale, question, note) in [
        ("zh", "H100 哪家有货", "/cancel"),
        ("en", "how much is a 4090 per hour?", "/cancel"),
    ] {
        let me = who(locale);
        say(&bot, &me, "/pick");
        let (ids, text) = say(&bot, &me, question);
        assert!(
            ids.iter().any(|i| i == "understood-as"),
            "{question}: {text}"
        );
        assert!(
            ids.iter().any(|i| i == "pick-still-open"),
            "{question}: {text}"
        );
        assert!(text.contains(note), "{text}");
        assert!(!ids.iter().any(|i| i == "pick-invalid"), "{text}");
        // The dialogue is where it was: the task step takes its answer.
        let (ids, text) = say(&bot, &me, "lora微调qwen2.5-7b");
        assert!(ids.iter().any(|i| i == "pick-ask-context"), "{text}");
        say(&bot, &me, "/cancel");
    }
}

#[test]
fn what_is_not_understood_says_how_to_leave() {
    let dir = tempfile::tempdir().unwrap();
    let bot = bot(dir.path());
    let me = who("en");
    say(&bot, &me, "/pick");
    let (ids, text) = say(&bot, &me, "banana");
    assert!(ids.iter().any(|i| i == "pick-invalid"), "{text}");
    assert!(text.contains("/cancel"), "{text}");
}

#[test]
fn a_need_for_guidance_starts_pick_with_what_the_sentence_says() {
    let dir = tempfile::tempdir().unwrap();
    let bot = bot(dir.path());
    let me = who("zh");
    let (ids, text) = say(
        &bot,
        &me,
        "我是学生 想lora微调个模型 跑3个小时 不知道用什么卡 预算100",
    );
    assert!(ids.iter().any(|i| i == "understood-as"), "{text}");
    assert!(text.contains("/pick"), "{text}");
    // The task, method, duration and budget are kept: the next question is the model.
    for id in [
        "pick-understood-method",
        "pick-understood-usage",
        "pick-understood-budget",
        "pick-ask-model",
    ] {
        assert!(ids.iter().any(|i| i == id), "{id}: {text}");
    }
    // A sentence with nothing to keep starts at the first question.
    let other = who("en");
    let (ids, text) = say(&bot, &other, "help me choose a gpu");
    assert!(ids.iter().any(|i| i == "pick-ask-task"), "{text}");
}

#[test]
fn a_command_typed_inside_pick_is_answered_and_pick_says_it_waits() {
    let dir = tempfile::tempdir().unwrap();
    let bot = bot(dir.path());
    let me = who("en");
    say(&bot, &me, "/pick");
    let (ids, text) = say(&bot, &me, "/gpu 4090");
    assert!(ids.iter().any(|i| i == "gpu-title"), "{text}");
    assert!(ids.iter().any(|i| i == "pick-still-open"), "{text}");
    // Without a dialogue, no such line.
    say(&bot, &me, "/cancel");
    let (ids, _) = say(&bot, &me, "/gpu 4090");
    assert!(!ids.iter().any(|i| i == "pick-still-open"));
}
