//! Helper und_dp (issue 26): a period word (`a day`, `a month`, `每天`, `每月`, `per week`) belongs
//! to the quantity of its own clause, never to one in another clause. GENERATED, not a list of
//! sentences: a /pick first sentence is built, in both locales, from a usage (hours a day, hours a
//! week, one run, always on), a budget (per hour, a day, a month, for the whole job), a context and
//! a count of conversations at once, in every order, with and without a hedge (`about`, `大概`),
//! with commas and without; what the dialogue keeps (its stored `PickState`) must equal what was
//! generated, figure and period. A second table holds spoken durations at the usage step, each
//! checked against its hours or an ask-back.

use super::chat::{chat_of, dialogue_state as state, world};
use bot_core::{ChatRef, Input};
use serde_json::Value;

#[derive(Clone, Copy, Debug, PartialEq)]
enum Use {
    Daily(u32),
    /// Hours a week, a multiple of 7: a day's share is whole.
    Weekly(u32),
    Once(u32),
    Always,
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Money {
    /// A ceiling per hour: the cap, never the budget.
    Hour(u32),
    Day(u32),
    Month(u32),
    Total(u32),
}

fn usage_clause(u: Use, zh: bool, hedge: &str, form: usize) -> String {
    match (u, zh) {
        (Use::Daily(h), false) => [
            format!("{hedge}{h} hours a day"),
            format!("{hedge}{h} hours per day"),
            format!("{hedge}{h} hours every day"),
        ][form % 3]
            .clone(),
        (Use::Daily(h), true) => [
            format!("每天{hedge}{h}小时"),
            format!("一天{hedge}{h}个小时"),
            format!("每天用{hedge}{h}个钟头"),
        ][form % 3]
            .clone(),
        (Use::Weekly(h), false) => [
            format!("{hedge}{h} hours a week"),
            format!("{hedge}{h} hours per week"),
        ][form % 2]
            .clone(),
        (Use::Weekly(h), true) => [
            format!("每周{hedge}{h}小时"),
            format!("一周{hedge}{h}个小时"),
        ][form % 2]
            .clone(),
        (Use::Once(n), false) => [
            format!("one run of {hedge}{n} hours"),
            format!("a single run of {hedge}{n} hours"),
        ][form % 2]
            .clone(),
        (Use::Once(n), true) => [
            format!("只跑一次{hedge}{n}小时"),
            format!("单次跑{hedge}{n}个小时"),
        ][form % 2]
            .clone(),
        (Use::Always, false) => ["always on", "on 24/7"][form % 2].to_string(),
        (Use::Always, true) => ["一直在线", "24小时在线"][form % 2].to_string(),
    }
}

fn money_clause(m: Money, zh: bool, hedge: &str, form: usize) -> String {
    match (m, zh) {
        (Money::Hour(c), false) => {
            [format!("under ${c} an hour"), format!("at most ${c}/hr")][form % 2].clone()
        }
        (Money::Hour(c), true) => {
            [format!("每小时不超过{c}块"), format!("一小时最多{c}元")][form % 2].clone()
        }
        (Money::Day(b), false) => [
            format!("budget {hedge}${b} a day"),
            format!("daily budget {hedge}${b}"),
        ][form % 2]
            .clone(),
        (Money::Day(b), true) => [
            format!("每天预算{hedge}{b}块"),
            format!("一天预算{hedge}{b}元"),
        ][form % 2]
            .clone(),
        (Money::Month(b), false) => [
            format!("budget {hedge}${b} a month"),
            format!("monthly budget {hedge}${b}"),
            format!("budget {hedge}${b} per month"),
        ][form % 3]
            .clone(),
        (Money::Month(b), true) => [
            format!("每月预算{hedge}{b}块"),
            format!("预算每个月{hedge}{b}元"),
            format!("一个月预算{hedge}{b}块"),
        ][form % 3]
            .clone(),
        (Money::Total(b), false) => [
            format!("budget {hedge}${b}"),
            format!("total budget {hedge}${b}"),
        ][form % 2]
            .clone(),
        (Money::Total(b), true) => {
            [format!("预算{hedge}{b}块"), format!("总预算{hedge}{b}元")][form % 2].clone()
        }
    }
}

/// Every order of `n` items (Heap's algorithm is not needed for four).
fn orders(n: usize) -> Vec<Vec<usize>> {
    let mut out = vec![vec![]];
    for _ in 0..n {
        out = out
            .into_iter()
            .flat_map(|o: Vec<usize>| {
                (0..n)
                    .filter(|i| !o.contains(i))
                    .map(|i| {
                        let mut v = o.clone();
                        v.push(i);
                        v
                    })
                    .collect::<Vec<_>>()
            })
            .collect();
    }
    out
}

struct Case {
    zh: bool,
    sentence: String,
    usage: Use,
    money: Money,
    context_k: u32,
    count: Option<u32>,
}

fn cases() -> Vec<Case> {
    let mut out = Vec::new();
    let mut form = 0usize;
    let uses = |i: usize| {
        [
            Use::Daily([2, 3, 6, 9][i % 4]),
            Use::Weekly([7, 14, 21][i % 3]),
            Use::Once([2, 3, 6, 10][i % 4]),
            Use::Always,
        ]
    };
    let moneys = |i: usize| {
        [
            Money::Hour([1, 2, 4][i % 3]),
            Money::Day([40, 50, 120][i % 3]),
            Money::Month([300, 800, 1500][i % 3]),
            Money::Total([60, 250, 500][i % 3]),
        ]
    };
    for zh in [false, true] {
        for hedged in [false, true] {
            for commas in [false, true] {
                for ui in 0..4 {
                    for mi in 0..4 {
                        form += 1;
                        let u = uses(form)[ui];
                        let m = moneys(form)[mi];
                        let served = !matches!(u, Use::Once(_));
                        let context_k = [4, 8, 16, 32][form % 4];
                        let count = served.then_some([5, 8, 12][form % 3]);
                        let hedge = match (hedged, zh) {
                            (false, _) => "",
                            (true, false) => "about ",
                            (true, true) => "大概",
                        };
                        let mut clauses = vec![
                            usage_clause(u, zh, hedge, form),
                            money_clause(m, zh, hedge, form),
                            if zh {
                                [format!("{context_k}k上下文"), format!("上下文{context_k}k")]
                                    [form % 2]
                                    .clone()
                            } else {
                                [
                                    format!("{context_k}k context"),
                                    format!("context {context_k}k"),
                                ][form % 2]
                                    .clone()
                            },
                        ];
                        if let Some(n) = count {
                            clauses.push(if zh {
                                [format!("同时{n}个人用"), format!("高峰{n}人同时用")][form % 2]
                                    .clone()
                            } else {
                                [format!("{n} people at once"), format!("{n} users at once")]
                                    [form % 2]
                                    .clone()
                            });
                        }
                        let lead = match (served, zh) {
                            (true, false) => "serve llama 3.1 8b as a chatbot",
                            (true, true) => "部署llama 3.1 8b做客服",
                            (false, false) => "a quick experiment with llama 3.1 8b",
                            (false, true) => "用llama 3.1 8b跑个实验",
                        };
                        let sep = match (commas, zh) {
                            (true, false) => ", ",
                            (true, true) => "，",
                            (false, _) => " ",
                        };
                        // Every order across the combinations (each gets six, rotating), or
                        // every order of every one with `PICK_PERIODS_ALL=1` (2,496 cases).
                        let all_orders = orders(clauses.len());
                        let n = all_orders.len();
                        let every = std::env::var("PICK_PERIODS_ALL").is_ok();
                        let picked: Vec<&Vec<usize>> = all_orders
                            .iter()
                            .enumerate()
                            .filter(|(k, _)| every || n <= 6 || (k + form) % 4 == 0)
                            .map(|(_, o)| o)
                            .collect();
                        for o in picked {
                            let mut parts = vec![lead.to_string()];
                            parts.extend(o.iter().map(|i| clauses[*i].clone()));
                            out.push(Case {
                                zh,
                                sentence: parts.join(sep),
                                usage: u,
                                money: m,
                                context_k,
                                count,
                            });
                        }
                    }
                }
            }
        }
    }
    out
}

fn who(id: usize, zh: bool) -> ChatRef {
    chat_of(&format!("dp{id}"), zh)
}

/// The state the dialogue keeps after `/pick` and the case's sentence, from its machine
/// (`dialogue::start`, `dialogue::step`) in the context the bot gives this person.
fn first_sentence_state(w: &super::chat::World, c: &Case) -> Value {
    let me = who(0, c.zh);
    let ctx = bot_core::context::Ctx {
        catalog: &w.bot.catalog,
        store: &w.bot.store,
        who: &me,
        lang: if c.zh {
            bot_core::i18n::Lang::Zh
        } else {
            bot_core::i18n::Lang::En
        },
        currency: if c.zh { "CNY" } else { "USD" }.into(),
        bare_currency: bot_core::context::BARE_CURRENCY_DEFAULT.into(),
        today: w.bot.today.expect("the test bot's day"),
        is_operator: false,
    };
    let start = bot_core::dialogue::start(&ctx)
        .state
        .expect("a started /pick");
    let out = bot_core::dialogue::step(
        &ctx,
        &start,
        bot_core::dialogue::PickInput::Text(c.sentence.clone()),
    );
    serde_json::to_value(out.state).unwrap()
}

fn num(v: &Value) -> Option<f64> {
    match v {
        Value::Number(n) => n.as_f64(),
        Value::String(s) => s.parse().ok(),
        _ => None,
    }
}

/// The usage kept, as (kind, hours): `("daily", 9.0)`, `("once", 3.0)`, `("always", 0.0)`.
fn usage_of(s: &Value) -> Option<(&'static str, f64)> {
    let u = &s["usage"];
    if u == "always" {
        return Some(("always", 0.0));
    }
    if let Some(h) = num(&u["daily"]["hours"]) {
        return Some(("daily", h));
    }
    num(&u["one_off"]["hours"]).map(|h| ("once", h))
}

/// What is wrong in the state kept against the case: a figure or period other than generated
/// (`wrong`), or one not kept (`missing`).
fn judge(c: &Case, s: &Value) -> (Vec<String>, Vec<String>) {
    let mut wrong = Vec::new();
    let mut missing = Vec::new();
    let mut check = |what: &str, got: Option<String>, want: Option<String>| match (&got, &want) {
        (g, w) if g == w => {}
        (None, Some(_)) => missing.push(format!("{what}: want {want:?}")),
        _ => wrong.push(format!("{what}: got {got:?} want {want:?}")),
    };
    let want_use = match c.usage {
        Use::Daily(h) => ("daily", h as f64),
        Use::Weekly(h) => ("daily", h as f64 / 7.0),
        Use::Once(n) => ("once", n as f64),
        Use::Always => ("always", 0.0),
    };
    check(
        "usage",
        usage_of(s).map(|(k, h)| format!("{k} {h:.2}")),
        Some(format!("{} {:.2}", want_use.0, want_use.1)),
    );
    let needs = &s["needs"];
    let (budget, per, cap) = match c.money {
        Money::Hour(c) => (None, None, Some(c)),
        Money::Day(b) => (Some(b), Some("day"), None),
        Money::Month(b) => (Some(b), Some("month"), None),
        Money::Total(b) => (Some(b), None, None),
    };
    check(
        "budget",
        num(&needs["budget"]).map(|b| format!("{b:.2}")),
        budget.map(|b| format!("{:.2}", b as f64)),
    );
    check(
        "budget period",
        needs["budget_per"].as_str().map(str::to_string),
        per.map(str::to_string),
    );
    if budget.is_some() {
        let cur = if c.zh { "CNY" } else { "USD" };
        check(
            "budget currency",
            needs["budget_currency"].as_str().map(str::to_string),
            Some(cur.to_string()),
        );
    }
    check(
        "cap",
        num(&s["cap"]).map(|b| format!("{b:.2}")),
        cap.map(|b| format!("{:.2}", b as f64)),
    );
    check(
        "context",
        num(&s["context"]).map(|b| format!("{b}")),
        Some(format!("{}", c.context_k * 1024)),
    );
    if let Some(n) = c.count {
        check(
            "at once",
            num(&s["concurrency"]).map(|b| format!("{b}")),
            Some(format!("{n}")),
        );
    }
    (wrong, missing)
}

/// Cases whose kept state differs from what was generated. Before the change (commit of this
/// test): see `WRONG_BEFORE` / `MISSING_BEFORE` in the commit message and
/// docs/misses/und_und_dp.md.
// 28 with every fixer of session 42 merged and the lead's mends (a unit word read whole, a period
// holding the budget word, a bare amount before its period); 0 after helper und_dr (a window's
// `32k` before a budget word, `21小时` no rate word, `9 hours every day budget …`).
const WRONG_AT_MOST: usize = 0;
const MISSING_AT_MOST: usize = 0;

#[test]
fn a_period_belongs_to_the_quantity_of_its_own_clause() {
    let w = world();
    let all = cases();
    let mut wrong_cases = 0;
    let mut missing_cases = 0;
    let mut report = String::new();
    let mut by_kind: std::collections::BTreeMap<String, usize> = Default::default();
    for (i, c) in all.iter().enumerate() {
        // The dialogue's own machine on the first sentence (helper und_dr: the grid took about a
        // minute of CI through the whole bot, which also saves each state and runs the question
        // reader first); every 24th case also through the bot, whose state must be the same.
        let s = first_sentence_state(&w, c);
        if i % 24 == 0 {
            let me = who(i, c.zh);
            w.bot.handle(&me, Input::Text("/pick".into()));
            w.bot.handle(&me, Input::Text(c.sentence.clone()));
            assert_eq!(
                state(&w, &me),
                s,
                "the bot and the machine differ: {}",
                c.sentence
            );
        }
        let (wrong, missing) = judge(c, &s);
        if !wrong.is_empty() {
            wrong_cases += 1;
        } else if !missing.is_empty() {
            missing_cases += 1;
        }
        for m in wrong.iter().chain(&missing) {
            let kind = m.split(':').next().unwrap_or_default();
            *by_kind
                .entry(
                    format!("{kind} ({:?}/{:?})", c.usage, c.money)
                        .replace(|ch: char| ch.is_ascii_digit(), ""),
                )
                .or_default() += 1;
        }
        if (!wrong.is_empty() || !missing.is_empty()) && report.lines().count() < 400 {
            report.push_str(&format!(
                "{}\n    wrong {wrong:?}\n    missing {missing:?}\n",
                c.sentence
            ));
        }
    }
    println!("{report}");
    println!("by kind: {by_kind:#?}");
    println!(
        "pick_periods_und_dp: {} cases, {wrong_cases} with a wrong figure, {missing_cases} with one not kept",
        all.len()
    );
    assert!(all.len() >= 700, "{} cases", all.len());
    assert_eq!(wrong_cases, WRONG_AT_MOST, "{wrong_cases} wrong");
    assert_eq!(missing_cases, MISSING_AT_MOST, "{missing_cases} missing");
}

/// Spoken durations typed at the usage step of an image job: each read as its hours (with its
/// rhythm), or asked back (`None`) where it holds no figure; never a default taken as said.
/// A locale, the words typed, and the rhythm and hours read (`None`: asked back).
type Spoken = (&'static str, &'static str, Option<(&'static str, f64)>);

const DURATIONS: &[Spoken] = &[
    ("zh", "一个半钟头", Some(("once", 1.5))),
    ("zh", "两个半小时", Some(("once", 2.5))),
    ("zh", "半个钟头", Some(("once", 0.5))),
    ("zh", "三个钟", Some(("once", 3.0))),
    ("zh", "两个钟", Some(("once", 2.0))),
    ("zh", "一个半钟", Some(("once", 1.5))),
    ("zh", "仨小时", Some(("once", 3.0))),
    ("zh", "俩钟头", Some(("once", 2.0))),
    ("zh", "一个小时四十分钟", Some(("once", 1.0 + 40.0 / 60.0))),
    ("zh", "一天半", Some(("once", 36.0))),
    ("zh", "每天晚上画一个半钟头", Some(("daily", 1.5))),
    ("zh", "每天晚上两个半小时", Some(("daily", 2.5))),
    ("zh", "每晚半个钟头", Some(("daily", 0.5))),
    ("zh", "每天三个钟", Some(("daily", 3.0))),
    ("zh", "每天大概一个半小时", Some(("daily", 1.5))),
    ("zh", "一周十四个小时", Some(("daily", 2.0))),
    ("zh", "每天晚上画一会儿", None),
    ("zh", "几个钟头", None),
    ("en", "an hour and a half", Some(("once", 1.5))),
    ("en", "half an hour", Some(("once", 0.5))),
    ("en", "90 mins", Some(("once", 1.5))),
    ("en", "1h30", Some(("once", 1.5))),
    ("en", "a couple of hours", Some(("once", 2.0))),
    (
        "en",
        "every evening for an hour and a half",
        Some(("daily", 1.5)),
    ),
    ("en", "about 2 and a half hours a day", Some(("daily", 2.5))),
    ("en", "14 hours a week", Some(("daily", 2.0))),
    ("en", "a few hours", None),
    ("en", "every evening for a bit", None),
];

/// Rows of [`DURATIONS`] that must hold (see docs/misses/und_und_dp.md for the figures).
const DURATIONS_MUST_HOLD: usize = 26;

#[test]
fn spoken_durations_at_the_usage_step() {
    let w = world();
    let mut held = 0;
    let mut report = String::new();
    for (i, (loc, typed, want)) in DURATIONS.iter().enumerate() {
        let zh = *loc == "zh";
        let me = who(10_000 + i, zh);
        w.bot.handle(&me, Input::Text("/pick".into()));
        let job = if zh {
            "想用sdxl出图"
        } else {
            "generate images with sdxl"
        };
        w.bot.handle(&me, Input::Text(job.into()));
        let before = state(&w, &me);
        assert_eq!(before["step"], "usage", "{loc} {typed}: {before}");
        w.bot.handle(&me, Input::Text((*typed).into()));
        let s = state(&w, &me);
        let got = usage_of(&s);
        let ok = match want {
            Some((k, h)) => got.is_some_and(|(gk, gh)| gk == *k && (gh - h).abs() < 0.01),
            // Asked back: nothing kept, the step still open.
            None => got.is_none() && s["step"] == "usage",
        };
        if ok {
            held += 1;
        } else {
            report.push_str(&format!("{loc} {typed}: got {got:?} want {want:?}\n"));
        }
    }
    println!("{report}spoken durations: {held}/{} hold", DURATIONS.len());
    assert!(held >= DURATIONS_MUST_HOLD, "{held}:\n{report}");
}

/// A night with no length said is the lexicon's 8 hours, said as a default at the usage step
/// (`pick-night-counted`); a night beside its own length says no default.
#[test]
fn a_nights_default_is_said_as_one() {
    let w = world();
    for (i, (zh, typed, default)) in [
        (true, "一晚上", true),
        (true, "每晚", true),
        (false, "overnight", true),
        (false, "every night", true),
        (true, "每晚两个小时", false),
        (true, "每天晚上画一个半钟头", false),
        (false, "overnight for 10 hours", false),
    ]
    .into_iter()
    .enumerate()
    {
        let me = who(20_000 + i, zh);
        w.bot.handle(&me, Input::Text("/pick".into()));
        let job = if zh {
            "想用sdxl出图"
        } else {
            "generate images with sdxl"
        };
        w.bot.handle(&me, Input::Text(job.into()));
        let replies = w.bot.handle(&me, Input::Text(typed.into())).replies;
        let ids = super::chat::message_ids(&replies);
        assert_eq!(
            ids.iter().any(|m| m == "pick-night-counted"),
            default,
            "{typed}: {ids:?}"
        );
        assert!(usage_of(&state(&w, &me)).is_some(), "{typed}: nothing kept");
    }
}
