//! A /pick that listens (issue 26 item 4): facts from any message, at any step, are kept and
//! echoed; a question asked inside /pick is answered with where /pick stands; nothing the bot
//! understood is refused as "I couldn't use that answer".

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
        thread: None,
    }
}

fn say(bot: &Bot, me: &ChatRef, text: &str) -> (Vec<String>, String) {
    let replies = bot.handle(me, Input::Text(text.into())).replies;
    let lang = bot.lang_for(me);
    let shown = replies
        .iter()
        .map(|r| Localizer::get().render_plain(lang, r))
        .collect::<Vec<_>>()
        .join("\n");
    (super::chat::message_ids(&replies), shown)
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
        six_facts_kept(
            &ids,
            &text,
            &["Qwen2.5-7B", "LoRA", "3", "支付宝", "实名", "50"],
        );
    }
}

/// The same story in English: the six facts said in one sentence, after `/pick` or with it.
#[test]
fn the_first_sentence_in_english_keeps_all_six_facts() {
    let sentence =
        "I want to lora fine-tune qwen2.5 7b for 3 hours, alipay only, no real-name, budget 50";
    for first in [None, Some(format!("/pick {sentence}"))] {
        let dir = tempfile::tempdir().unwrap();
        let bot = bot(dir.path());
        let me = who("en");
        let (ids, text) = match first {
            None => {
                say(&bot, &me, "/pick");
                say(&bot, &me, sentence)
            }
            Some(line) => say(&bot, &me, &line),
        };
        six_facts_kept(&ids, &text, &["Qwen2.5-7B", "LoRA", "3", "Alipay", "50"]);
    }
}

/// A plain question that names a model and asks where to rent it starts `/pick` with the
/// model and the method kept (the model is not a `/fit` to guess).
#[test]
fn a_model_with_where_to_rent_it_starts_pick_with_the_model() {
    for (locale, question) in [
        ("zh", "想用lora微调下qwen2.5 7b，不知道在哪租卡"),
        ("en", "where do i rent gpus to lora fine-tune qwen2.5 7b?"),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let bot = bot(dir.path());
        let me = who(locale);
        let (ids, text) = say(&bot, &me, question);
        assert!(text.contains("/pick"), "{question}: {text}");
        for id in ["pick-understood-model", "pick-understood-method"] {
            assert!(ids.iter().any(|i| i == id), "{id}: {question}: {text}");
        }
        assert!(!ids.iter().any(|i| i == "pick-ask-model"), "{text}");
    }
}

fn six_facts_kept(ids: &[String], text: &str, said: &[&str]) {
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
    for said in said {
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
        // A yes-or-no question with no 吗, and listings asked for: not a cap for the dialogue.
        ("zh", "有没有5090的offer 最好低于3块一小时", "/cancel"),
        ("zh", "有无便宜的a100机器", "/cancel"),
        ("en", "show me h100 offers under $3", "/cancel"),
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

/// Each step has its own number (the model and the method are not both "step 2"), and a
/// service, which asks one step more, says so in its total.
#[test]
fn steps_are_numbered_one_by_one() {
    let dir = tempfile::tempdir().unwrap();
    let bot = bot(dir.path());
    let me = who("en");
    let (_, text) = say(&bot, &me, "/pick");
    assert!(text.contains("Step 1 of 9"), "{text}");
    let mut seen = Vec::new();
    for (line, want) in [
        ("fine-tuning", "Step 2 of 9"),
        ("qwen2.5-7b", "Step 3 of 9"),
        ("lora", "Step 4 of 9"),
        ("8k", "Step 5 of 9"),
        ("3h", "Step 6 of 9"),
    ] {
        let (_, text) = say(&bot, &me, line);
        assert!(text.contains(want), "{line}: {text}");
        assert!(!seen.contains(&want), "{want} twice");
        seen.push(want);
    }
    let other = who("zh");
    say(&bot, &other, "/pick");
    let (_, text) = say(&bot, &other, "部署一个qwen2.5-7b的推理服务 一直在线");
    assert!(text.contains("共 10 步"), "{text}");
}

/// A context length said at a step that asks something else is the context fact, kept and
/// echoed, and the context step is then not asked; at the budget step a bare amount stays
/// the budget (`each_step_takes_the_users_own_words`).
#[test]
fn a_context_said_at_another_step_is_kept_not_refused() {
    let dir = tempfile::tempdir().unwrap();
    let bot = bot(dir.path());
    let me = who("zh");
    say(&bot, &me, "/pick");
    let (ids, text) = say(&bot, &me, "微调qwen2.5-7b");
    assert!(ids.iter().any(|i| i == "pick-ask-method-train"), "{text}");
    // At the method step.
    let (ids, text) = say(&bot, &me, "2k吧");
    assert!(ids.iter().any(|i| i == "pick-understood-context"), "{text}");
    assert!(!ids.iter().any(|i| i == "pick-invalid"), "{text}");
    assert!(text.contains("2048"), "{text}");
    assert!(ids.iter().any(|i| i == "pick-ask-method-train"), "{text}");
    // The context step was answered: after the method comes the usage.
    let (ids, text) = say(&bot, &me, "lora");
    assert!(ids.iter().any(|i| i == "pick-ask-usage"), "{text}");
    // At the usage step, a count that names tokens.
    let (ids, text) = say(&bot, &me, "大概4000个token");
    assert!(ids.iter().any(|i| i == "pick-understood-context"), "{text}");
    assert!(text.contains("4000"), "{text}");
    assert!(ids.iter().any(|i| i == "pick-ask-usage"), "{text}");
    // A word that is no count at all is still not understood, with the way out.
    let (ids, text) = say(&bot, &me, "banana");
    assert!(ids.iter().any(|i| i == "pick-invalid"), "{text}");
}

/// After the trial plan, a question is answered (not the plan again) with where /pick stands
/// and how to leave it; the plan's step still takes its answer.
#[test]
fn a_question_after_the_plan_is_answered_not_the_plan_again() {
    let dir = tempfile::tempdir().unwrap();
    let bot = bot(dir.path());
    let me = who("zh");
    for line in [
        "/pick",
        "微调qwen2.5-7b",
        "2k吧",
        "lora",
        "3h",
        "4090",
        "完成",
    ] {
        say(&bot, &me, line);
    }
    let (ids, text) = say(&bot, &me, "ok");
    assert!(ids.iter().any(|i| i == "pick-trial-title"), "{text}");
    assert!(text.contains("第 9 步，共 9 步"), "{text}");
    let (ids, text) = say(&bot, &me, "4090多少钱一小时");
    assert!(ids.iter().any(|i| i == "understood-as"), "{text}");
    assert!(ids.iter().any(|i| i == "pick-still-open"), "{text}");
    assert!(!ids.iter().any(|i| i == "pick-trial-title"), "{text}");
    assert!(text.contains("/cancel"), "{text}");
    let (_, text) = say(&bot, &me, "完成");
    assert!(text.contains("祝试跑顺利"), "{text}");
}

/// A wish for guidance typed inside /pick ("帮我选个平台") is /pick itself: answered with where
/// it stands, never "I couldn't use that answer", and the progress is kept.
#[test]
fn asking_for_guidance_inside_pick_says_where_it_stands() {
    let dir = tempfile::tempdir().unwrap();
    let bot = bot(dir.path());
    let me = who("zh");
    say(&bot, &me, "/pick");
    say(&bot, &me, "微调qwen2.5-7b");
    let (ids, text) = say(&bot, &me, "帮我选个平台");
    assert!(ids.iter().any(|i| i == "pick-still-open"), "{text}");
    assert!(!ids.iter().any(|i| i == "pick-invalid"), "{text}");
    assert!(
        text.contains("第 3 步") && text.contains("/cancel"),
        "{text}"
    );
    let (ids, text) = say(&bot, &me, "lora");
    assert!(ids.iter().any(|i| i == "pick-ask-context"), "{text}");
}

/// Rent vs API with a model but no card (or no volume): the parts still missing are asked
/// for, with the whole line to send, never the bare `/tco` usage.
#[test]
fn rent_vs_api_without_a_card_asks_only_for_what_is_missing() {
    let dir = tempfile::tempdir().unwrap();
    let bot = bot(dir.path());
    for (locale, question, asks, not) in [
        // No card named: the cheapest that holds the model is sized and said (issue 26,
        // session 9); only the volume is asked.
        (
            "zh",
            "自己部署qwen2.5-7b和调API哪个划算",
            &["tco-card-sized", "tco-missing", "tco-missing-tokens"][..],
            &[
                "tco-missing-gpu",
                "tco-missing-model",
                "usage-tco",
                "error-missing-args",
            ][..],
        ),
        (
            "en",
            "should I self-host llama 3.1 70b or use an api for 5M tokens a day",
            &["tco-card-sized"][..],
            &[
                "tco-missing",
                "tco-missing-gpu",
                "tco-missing-tokens",
                "tco-missing-model",
                "usage-tco",
            ][..],
        ),
        (
            "en",
            "is renting a 4090 cheaper than an api?",
            &["tco-missing-any", "tco-missing-model", "tco-missing-tokens"][..],
            &["tco-missing-gpu", "usage-tco"][..],
        ),
    ] {
        let me = who(locale);
        let (ids, text) = say(&bot, &me, question);
        for id in asks {
            assert!(
                ids.iter().any(|i| i == id),
                "{question}: {id} missing: {text}"
            );
        }
        for id in not {
            assert!(!ids.iter().any(|i| i == id), "{question}: {id}: {text}");
        }
        assert!(text.contains("/tco "), "{question}: {text}");
    }
}

/// The card sized for rent vs API holds the model (the fit engine's verdict on it), at a firm
/// price; a named card is never replaced.
#[test]
fn rent_vs_api_sizes_a_card_that_holds_the_model() {
    let dir = tempfile::tempdir().unwrap();
    let bot = bot(dir.path());
    for (locale, q) in [
        ("en", "self-host qwen2.5 72b or an api, 20M tokens a day?"),
        ("zh", "自己部署llama3.1 8b和调api哪个划算 每天500万token"),
    ] {
        let (ids, text) = say(&bot, &who(locale), q);
        assert!(ids.iter().any(|i| i == "tco-card-sized"), "{q}: {text}");
        assert!(!ids.iter().any(|i| i == "tco-does-not-fit"), "{q}: {text}");
    }
    let (ids, text) = say(
        &bot,
        &who("en"),
        "self-host qwen2.5 7b on a 4090 or an api, 10M tokens a day?",
    );
    assert!(!ids.iter().any(|i| i == "tco-card-sized"), "{text}");
    assert!(text.contains("4090"), "{text}");
}

/// `PICK='/pick|lora微调qwen2.5-7b|2k吧' PICK_LANG=zh cargo test -p bot-core --test suite
/// pick_listens::print_walk -- --ignored --nocapture`: each message with the bot's answer,
/// for reading a dialogue as a user sees it.
#[test]
#[ignore]
fn print_walk() {
    let Ok(walk) = std::env::var("PICK") else {
        return;
    };
    let lang = std::env::var("PICK_LANG").unwrap_or_else(|_| "zh".into());
    let dir = tempfile::tempdir().unwrap();
    let bot = bot(dir.path());
    let me = who(&lang);
    for line in walk.split('|') {
        let (ids, text) = say(&bot, &me, line);
        println!(">>> {line}\n{text}\n    {ids:?}\n");
    }
}
