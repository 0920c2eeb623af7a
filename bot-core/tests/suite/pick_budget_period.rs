//! A budget said per day, week or month (`一天100块预算`, `一周预算500`, `一个月预算2000块`,
//! `daily budget of $20`) at /pick's first sentence: the amount is the budget's (never the
//! period's count: `一个月` had made it ¥1), the period is the budget's (never the job's length:
//! `一天` had made a 24-hour run), it is said with its period, and the verdict sets it against
//! the job as the job is costed (a day's budget over a service's month is thirty of them).

use super::chat::{message_ids, text, who, world};
use bot_core::{ChatRef, Input};

fn say(w: &super::chat::World, me: &ChatRef, line: &str) -> (Vec<String>, String) {
    let replies = w.bot.handle(me, Input::Text(line.into())).replies;
    (message_ids(&replies), text(&replies, w.bot.lang_for(me)))
}

fn has(ids: &[String], id: &str) -> bool {
    ids.iter().any(|i| i == id)
}

/// `/pick`, the first sentence, then the defaults taken until the result.
fn to_result(w: &super::chat::World, me: &ChatRef, first: &str) -> (Vec<String>, String) {
    say(w, me, "/cancel");
    say(w, me, "/pick");
    let mut last = say(w, me, first);
    for _ in 0..8 {
        if has(&last.0, "pick-result-title") {
            break;
        }
        last = say(w, me, "ok");
    }
    last
}

#[test]
fn a_budgets_period_is_kept_and_said_never_its_count_nor_the_jobs_length() {
    let w = world();
    for (locale, line, id, amount, model) in [
        (
            "zh",
            "一个月预算2000块，想长期跑个7b的客服机器人，租哪家",
            "pick-understood-budget-month",
            "2,000",
            "7B",
        ),
        (
            "zh",
            "一天100块预算，想跑qwen2.5 7b的推理服务，租哪家",
            "pick-understood-budget-day",
            "100",
            "Qwen2.5-7B",
        ),
        (
            "zh",
            "一周预算500，租哪张卡lora微调14b",
            "pick-understood-budget-week",
            "500",
            "14B",
        ),
        (
            "en",
            "daily budget of $20, want to serve a 7b chatbot, which gpu",
            "pick-understood-budget-day",
            "20",
            "7B",
        ),
        (
            "en",
            "weekly budget 150 usd to lora fine-tune llama 3.1 8b, which card",
            "pick-understood-budget-week",
            "150",
            "Llama-3.1-8B",
        ),
    ] {
        let me = who(locale);
        say(&w, &me, "/cancel");
        let (ids, t) = say(&w, &me, line);
        assert!(has(&ids, id), "{line}: {t}");
        assert!(
            t.contains(amount) || t.contains(&amount.replace(',', "")),
            "{line}: {t}"
        );
        assert!(t.contains(model), "{line}: the model or size kept: {t}");
        // The period is the budget's: no run of a day or a week.
        assert!(!t.contains("24 小时") && !t.contains("168"), "{line}: {t}");
        assert!(!t.contains("¥1.00") && !t.contains("$1.00"), "{line}: {t}");
    }
}

#[test]
fn a_days_budget_is_set_against_each_day_of_a_services_month() {
    let w = world();
    let me = who("zh");
    // ¥200 a day is ample for a 7B service's month (about ¥6,000 over 30 days); ¥200 for
    // the whole month is not, so the verdict shows which one was read.
    let (ids, t) = to_result(&w, &me, "部署qwen2.5 7b 一直在线 每天预算200块");
    assert!(has(&ids, "pick-result-title"), "{t}");
    assert!(
        !has(&ids, "pick-over-budget"),
        "a day's budget over 30 days: {t}"
    );
    let (ids, t) = to_result(&w, &me, "部署qwen2.5 7b 一直在线 预算200块");
    assert!(
        has(&ids, "pick-over-budget"),
        "the same sum for the whole month: {t}"
    );
    // A day's budget too small for any day is over, and said per day.
    let (ids, t) = to_result(&w, &me, "部署qwen2.5 7b 一直在线 每天预算2块");
    assert!(has(&ids, "pick-over-budget"), "{t}");
    assert!(t.contains("预算：每天 ¥2"), "{t}");
    let me = who("en");
    let (ids, t) = to_result(&w, &me, "serve qwen2.5 7b always on, budget $1 a day");
    assert!(has(&ids, "pick-over-budget"), "{t}");
    assert!(t.contains("$1.00 a day"), "{t}");
}

/// A bare number is never a card unless it is one keystroke from a card's number: `2000`,
/// `1500` or `每月2000` had been asked back as RTX 3060/3080/3090 or 5080/5090 (the catalog's
/// nearest names, however far); `4009` is still asked as the RTX 4090 it was meant as.
#[test]
fn a_round_or_distant_number_is_never_asked_as_a_card() {
    let catalog = bot_core::Catalog::embedded().unwrap();
    for q in [
        "2000",
        "1500",
        "5000",
        "预算每月2000，租哪家",
        "每月2000以内",
        "budget 2500",
        "3909",
        "一共7777",
    ] {
        let lines = bot_core::understand::read(&catalog, q).lines();
        assert!(
            !lines
                .iter()
                .any(|l| l.starts_with("/gpu ") || l.contains("rtx-")),
            "{q}: {lines:?}"
        );
    }
    for (q, card) in [
        ("4009", "rtx-4090"),
        ("3090能跑7b吗", "rtx-3090"),
        ("4090", "rtx-4090"),
        ("5009 多少钱", "rtx-5090"),
    ] {
        let lines = bot_core::understand::read(&catalog, q).lines();
        assert!(lines.iter().any(|l| l.contains(card)), "{q}: {lines:?}");
    }
}
