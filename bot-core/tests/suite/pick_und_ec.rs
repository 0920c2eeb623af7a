//! /pick forms pick_ao's and pick_al's misses showed (issue 26 §4, helper und_ec,
//! `docs/misses/und_ec.md`), each tested beyond the lines: a length said of another thing (a
//! deadline, a queue) is never the run's length; a step's own words with a slip at steps
//! whose slip reader had no such word (the card step's places, a word of three letters, one
//! word's two numbers, the default's words at every step) in both locales; a restart said in
//! own words with the new job after it; a closing at the trial step. Judged through the runner
//! of the written conversation sets; each test holds few conversations (CI: under a second).

use super::pick_runner::run;
// The conversation builder and the taps to the needs step (the first card) are und_ea's.
use super::pick_slips_und_ea::{TO_NEEDS, conv};

/// Taps from `/pick` (a LoRA fine-tune of the first model, 4k, one run of 3 h) to the card step.
const TO_CARD: &str = "#2\n> #1\n> #1\n> #1\n> #2";

fn held_all(src: &str, what: &str) -> (usize, usize) {
    let (held, all, report) = run(src);
    println!("{report}\n{what}: {held}/{all} hold");
    (held, all)
}

/// A deadline's or a queue's time said in the first sentence: no length of the run (the usage
/// step still asked); a length of the run said beside it is kept.
#[test]
fn a_length_of_another_thing_is_no_run() {
    let mut src = String::new();
    let lines = [
        (
            "en",
            "I have thesis deadline in 10 days, need finetune qwen2.5 7b with lora",
        ),
        (
            "en",
            "need to lora tune qwen2.5 7b, the school queue is two weeks long",
        ),
        (
            "en",
            "lora fine-tune of qwen2.5 7b. our cluster queue is 3 days, so renting",
        ),
        ("zh", "论文还有10天截止，想用lora微调qwen2.5 7b"),
        ("zh", "学校集群排队要两周，想lora微调qwen2.5 7b"),
        ("zh", "ddl还有一周，lora微调一下qwen2.5 7b"),
    ];
    for (n, (lang, line)) in lines.iter().enumerate() {
        src.push_str(&conv(
            &format!("other-length-{n}"),
            lang,
            &[(
                line,
                "+pick-ask-context -pick-understood-usage -pick-invalid",
            )],
        ));
    }
    // The run's own length beside a deadline stays the run's.
    for (lang, line, h) in [
        (
            "en",
            "lora tune qwen2.5 7b for 10 hours, deadline in 3 days",
            "10_h",
        ),
        ("zh", "lora微调qwen2.5 7b跑5个小时，ddl还有两周", "5_小时"),
    ] {
        src.push_str(&conv(
            &format!("own-length-{lang}"),
            lang,
            &[(
                line,
                &format!("+pick-understood-usage ~{h} +pick-ask-context"),
            )],
        ));
    }
    let (held, all) = held_all(&src, "another thing's length");
    assert!(held >= FLOOR_OTHER_LENGTH, "{held}/{all}");
}
const FLOOR_OTHER_LENGTH: usize = 8;

/// A place said in words at the card step with a slip, or with a Chinese tail: the first card.
#[test]
fn a_place_with_a_slip_at_the_card_step() {
    let mut src = String::new();
    let lines = [
        ("en", "fist one"),
        ("en", "frist one"),
        ("en", "the fisrt one"),
        ("en", "secnod one"),
        ("zh", "first one就行"),
        ("zh", "第一个就行"),
        ("en", "first one is fine"),
        ("zh", "那还是第一个"),
    ];
    for (n, (lang, line)) in lines.iter().enumerate() {
        src.push_str(&conv(
            &format!("card-place-{n}"),
            lang,
            &[
                (TO_CARD, "+pick-ask-card|advice-pick-ask-card-reader"),
                (line, "+pick-ask-barriers -pick-invalid"),
            ],
        ));
    }
    let (held, all) = held_all(&src, "card place slipped");
    assert!(held >= FLOOR_CARD_PLACE, "{held}/{all}");
}
const FLOOR_CARD_PLACE: usize = 8;

/// The needs step's no words with a short word slipped, or in a learner's order: no needs.
#[test]
fn no_needs_with_a_short_slip_or_in_another_order() {
    let mut src = String::new();
    let lines = [
        "no ned",
        "no nede",
        "nothing need",
        "nothing needed",
        "need nothing",
        "non",
        "nothin",
    ];
    for (n, line) in lines.iter().enumerate() {
        src.push_str(&conv(
            &format!("needs-no-{n}"),
            "en",
            &[
                (TO_NEEDS, "+pick-ask-barriers"),
                (line, "+pick-result-title -pick-invalid"),
            ],
        ));
    }
    let (held, all) = held_all(&src, "no needs slipped");
    assert!(held >= FLOOR_NEEDS_NO, "{held}/{all}");
}
const FLOOR_NEEDS_NO: usize = 6;

/// An hour word slipped so that it is as near `hour` as `hours` (one word, two numbers): the
/// hours, never asked back.
#[test]
fn an_hour_word_near_both_its_numbers_is_hours() {
    let mut src = String::new();
    for (n, (line, h)) in [
        ("2 hous", 2),
        ("5 hous", 5),
        ("3 houes", 3),
        ("4 hoursr", 4),
    ]
    .iter()
    .enumerate()
    {
        src.push_str(&conv(
            &format!("hous-{n}"),
            "en",
            &[
                ("#2\n> #1\n> #1\n> #1", "+pick-ask-usage"),
                (
                    line,
                    "+pick-ask-card|advice-pick-ask-card-reader -pick-invalid",
                ),
                ("#1", "+pick-ask-barriers"),
                ("no", &format!("+pick-result-title ~one_run_of_{h}_h")),
            ],
        ));
    }
    let (held, all) = held_all(&src, "hour slipped");
    assert!(held >= FLOOR_HOUS, "{held}/{all}");
}
const FLOOR_HOUS: usize = 4;

/// The default's words with a slip (`默任的就行`, `defualt is fine`) at steps with a default:
/// the default taken and said.
#[test]
fn the_defaults_words_slipped_take_the_default() {
    let mut src = String::new();
    // (taps to the step, the step's question id)
    let steps = [
        ("#2\n> #1", "pick-ask-method-train"),
        ("#2\n> #1\n> #1", "pick-ask-context"),
        ("#2\n> #1\n> #1\n> #1", "pick-ask-usage"),
    ];
    let lines = [
        ("zh", "默任的就行"),
        ("zh", "默忍的"),
        ("en", "defualt is fine"),
        ("en", "the defautl"),
    ];
    let mut n = 0;
    for (taps, asked) in steps {
        for (lang, line) in lines {
            n += 1;
            if n % 3 == 0 {
                continue; // keep the test short: 8 of the 12 pairs, every step and line
            }
            src.push_str(&conv(
                &format!("default-slip-{n}"),
                lang,
                &[
                    (taps, &format!("+{asked}")),
                    (line, "+pick-took-default -pick-invalid"),
                ],
            ));
        }
    }
    let (held, all) = held_all(&src, "default slipped");
    assert!(held >= FLOOR_DEFAULT, "{held}/{all}");
}
const FLOOR_DEFAULT: usize = 8;

/// A restart said in own words, the new job after it: a fresh /pick that keeps nothing from
/// the old one (the model step or the task step next).
#[test]
fn a_restart_in_own_words_starts_fresh() {
    let mut src = String::new();
    let lines = [
        ("zh", "等等，全部重来吧，其实是要部署个服务"),
        ("zh", "全部重来"),
        ("zh", "算了全部重新来，我要部署个推理服务"),
        (
            "en",
            "ugh, scrap all of that. i want to serve a model. let's start from scratch",
        ),
        ("en", "scrap all of that, start from scratch"),
        ("en", "let's start from scratch, i want to serve a model"),
    ];
    for (n, (lang, line)) in lines.iter().enumerate() {
        src.push_str(&conv(
            &format!("restart-{n}"),
            lang,
            &[
                ("#2\n> #1\n> #1", "+pick-ask-context"),
                (
                    line,
                    "+pick-ask-task|pick-ask-model -pick-invalid -pick-ask-context -pick-ask-method-quant",
                ),
            ],
        ));
    }
    let (held, all) = held_all(&src, "restart said");
    assert!(held >= FLOOR_RESTART, "{held}/{all}");
}
const FLOOR_RESTART: usize = 6;

/// A closing at the trial step (`thanks, that's all`, `行，我先去试试`), an assent with a tone
/// mark at the result step (`好滴~`): the dialogue ends / the trial plan comes.
#[test]
fn closings_at_the_trial_and_assents_at_the_result() {
    let mut src = String::new();
    let none = |lang: &str| if lang == "zh" { "没有" } else { "no" };
    for (n, (lang, line)) in [
        ("en", "thanks, that's all"),
        ("en", "ok, i'll go try it"),
        ("zh", "行，我先去试试"),
        ("zh", "好的，我去试一下"),
    ]
    .iter()
    .enumerate()
    {
        src.push_str(&conv(
            &format!("trial-close-{n}"),
            lang,
            &[
                (TO_NEEDS, ""),
                (none(lang), "+pick-result-title"),
                ("#1", "+pick-trial-title"),
                (
                    line,
                    "+pick-finished|pick-cancelled|pick-quit-confirm -pick-invalid",
                ),
            ],
        ));
    }
    for (n, line) in ["好滴~", "好的～", "行吧~"].iter().enumerate() {
        src.push_str(&conv(
            &format!("result-tone-{n}"),
            "zh",
            &[
                (TO_NEEDS, ""),
                ("没有", "+pick-result-title"),
                (line, "+pick-trial-title -pick-invalid"),
            ],
        ));
    }
    let (held, all) = held_all(&src, "closings");
    assert!(held >= FLOOR_CLOSINGS, "{held}/{all}");
}
const FLOOR_CLOSINGS: usize = 7;

/// A closing word with a tail or a need said as a situation at the needs step (`可以了`,
/// `done了`, `要能开专票`): the result, or the need kept and the step open.
#[test]
fn closings_and_needs_said_at_the_needs_step() {
    let mut src = String::new();
    for (n, (lang, line)) in [
        ("zh", "可以了"),
        ("zh", "done了"),
        ("zh", "OK了"),
        ("en", "ok done"),
    ]
    .iter()
    .enumerate()
    {
        src.push_str(&conv(
            &format!("needs-close-{n}"),
            lang,
            &[
                (TO_NEEDS, "+pick-ask-barriers"),
                (line, "+pick-result-title -pick-invalid"),
            ],
        ));
    }
    for (n, line) in ["要能开专票，公司走报销流程", "要能开专票"]
        .iter()
        .enumerate()
    {
        src.push_str(&conv(
            &format!("needs-invoice-{n}"),
            "zh",
            &[
                (TO_NEEDS, "+pick-ask-barriers"),
                (line, "-pick-invalid -pick-result-title"),
            ],
        ));
    }
    let (held, all) = held_all(&src, "needs step");
    assert!(held >= FLOOR_NEEDS_STEP, "{held}/{all}");
}
const FLOOR_NEEDS_STEP: usize = 6;

/// Hours beside a part of each day (`about 3 hours every evening`) at a service's usage step:
/// that many hours a day, never one run (the month had been thirty times too small).
#[test]
fn hours_each_evening_are_a_days() {
    let mut src = String::new();
    for (n, (line, h)) in [
        ("about 3 hours every evening", 3),
        ("2 hours each morning", 2),
        ("every afternoon, 4 hours", 4),
    ]
    .iter()
    .enumerate()
    {
        src.push_str(&conv(
            &format!("evening-{n}"),
            "en",
            &[
                ("#3\n> #1\n> #1\n> #1\n> #1", "+pick-ask-usage"),
                (
                    line,
                    "+pick-ask-card|advice-pick-ask-card-reader -pick-invalid",
                ),
                ("#1", "+pick-ask-barriers"),
                ("no", &format!("+pick-result-title ~{h}_h_a_day")),
            ],
        ));
    }
    let (held, all) = held_all(&src, "day part");
    assert!(held >= FLOOR_DAY_PART, "{held}/{all}");
}
const FLOOR_DAY_PART: usize = 3;

/// Money given per month by whoever pays, said in a first sentence (`老板说这个月GPU最多给2000块`,
/// `my boss give me 500 dollar per month`): a month's budget, echoed with its period.
#[test]
fn money_given_per_month_is_a_months_budget() {
    let mut src = String::new();
    for (n, (lang, line, amount)) in [
        (
            "zh",
            "老板说这个月GPU最多给2000块，要lora微调qwen2.5 7b",
            "2000",
        ),
        (
            "zh",
            "公司每月给我们3000块，想部署qwen2.5 7b一直在线",
            "3000",
        ),
        (
            "en",
            "My boss give me 500 dollar per month, we want qwen2.5 7b always online",
            "500",
        ),
        (
            "en",
            "the lab gives us $800 a month to lora tune qwen2.5 7b",
            "800",
        ),
    ]
    .iter()
    .enumerate()
    {
        src.push_str(&conv(
            &format!("given-month-{n}"),
            lang,
            &[(
                line,
                &format!("+pick-understood-budget-month ~{amount} -pick-invalid"),
            )],
        ));
    }
    let (held, all) = held_all(&src, "money given a month");
    assert!(held >= FLOOR_GIVEN_MONTH, "{held}/{all}");
}
const FLOOR_GIVEN_MONTH: usize = 4;
