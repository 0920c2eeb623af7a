//! /pick forms pick_ap's, pick_aq's, pick_al's and pick_ak's misses showed (issue 26 §4, helper
//! und_ef, `docs/misses/und_ef.md`), each tested beyond the lines through the runner of the
//! written conversation sets, generated where the mechanism is a table (words x steps x both
//! locales): money beside a period is a budget of that period, never the job's usage (a wrong
//! figure: `budegt 300 dollar per month` had made a 10-hours-a-day job always on); `钟头` with
//! `一天` is hours a day (`一天大概跑两个钟头` had been one run of 24 h); a keycap digit (`2️⃣`) is
//! its digit; a step word of three letters with two neighbours swapped (`yse`, `aqw`); a unit
//! word's letters out of order after its number (`20 hrous`); Cantonese answers at the steps;
//! a greeting before the first sentence; thanks after an answer. Each test holds few
//! conversations (CI: under a second).

use super::pick_runner::run;
use super::pick_slips_und_ea::{TO_NEEDS, conv};

/// Taps from `/pick` to the needs step with a daily usage typed (a LoRA fine-tune of the first
/// model, 4k, the usage typed, the first card).
fn to_needs_daily(lang: &str) -> String {
    let daily = if lang == "zh" {
        "每天10小时"
    } else {
        "10 hours every day"
    };
    format!("#2\n> #1\n> #1\n> #1\n> {daily}\n> #1")
}

fn held_all(src: &str, what: &str) -> (usize, usize) {
    let (held, all, report) = run(src);
    println!("{report}\n{what}: {held}/{all} hold");
    (held, all)
}

/// An amount of money beside a period at the needs step is a budget of that period, with its
/// budget word slipped or without one; the job's daily hours stay the job's (the result's Job
/// line). `budegt 300 dollar per month` had been "always on" and a budget for the whole job.
#[test]
fn money_beside_a_period_is_a_budget_never_the_usage() {
    let en_budget = ["budget", "budegt", "budgte", "buget", "bugdet"];
    let en_money = ["300 dollar", "$300", "300 usd", "300 bucks"];
    let en_period = ["per month", "a month", "each month"];
    let zh = [
        "预算每月300块",
        "每个月预算300元",
        "每月300块",
        "一个月300块",
        "每个月最多300块",
        "月预算300",
    ];
    let mut src = String::new();
    let mut n = 0;
    let mut add = |lang: &str, line: &str, src: &mut String| {
        let done = if lang == "zh" { "完成" } else { "done" };
        let daily = if lang == "zh" {
            "~每天_10_小时"
        } else {
            "~10_h_a_day"
        };
        src.push_str(&conv(
            &format!("money-period-{n}"),
            lang,
            &[
                (&to_needs_daily(lang), "+pick-ask-barriers"),
                (
                    line,
                    "+pick-understood-budget-month ~300 -pick-understood-usage -pick-invalid",
                ),
                (done, &format!("+pick-result-title {daily}")),
            ],
        ));
        n += 1;
    };
    for (i, b) in en_budget.iter().enumerate() {
        let m = en_money[i % en_money.len()];
        let p = en_period[i % en_period.len()];
        add("en", &format!("{b} {m} {p}"), &mut src);
    }
    for m in en_money {
        add("en", &format!("{m} per month"), &mut src);
    }
    for z in zh {
        add("zh", z, &mut src);
    }
    let (held, all) = held_all(&src, "money beside a period");
    assert_eq!(held, all);
}

/// `钟头` is an hour, and hours said with `一天` are hours a day, at the usage step and in a
/// message that answers the method step too; never one run of a day.
#[test]
fn hours_in_zhongtou_with_a_day_are_hours_a_day() {
    let mut src = String::new();
    let daily = [
        ("一天大概跑两个钟头", "2"),
        ("一天跑3个钟头", "3"),
        ("每天4个钟头左右", "4"),
        ("一天两个钟头", "2"),
        ("一天大概5个鐘頭", "5"),
    ];
    for (n, (line, h)) in daily.iter().enumerate() {
        src.push_str(&conv(
            &format!("zhongtou-usage-{n}"),
            "zh",
            &[
                ("#2\n> #1\n> #1\n> #1", "+pick-ask-usage"),
                (
                    line,
                    &format!(
                        "~每天_{h}_小时 !单次运行_24 +pick-ask-card|advice-pick-ask-card-reader"
                    ),
                ),
            ],
        ));
        // Said beside the method's answer (`qlora，一天大概跑两个钟头`).
        src.push_str(&conv(
            &format!("zhongtou-method-{n}"),
            "zh",
            &[
                ("#2\n> #1", "+pick-ask-method-train"),
                (
                    &format!("qlora，{line}"),
                    &format!("~每天_{h}_小时 !单次运行_24 +pick-ask-context"),
                ),
            ],
        ));
    }
    // A run of so many hours, said with `钟头` alone, is one run.
    src.push_str(&conv(
        "zhongtou-once",
        "zh",
        &[
            ("#2\n> #1\n> #1\n> #1", "+pick-ask-usage"),
            ("跑5个钟头", "~单次运行_5_小时"),
        ],
    ));
    let (held, all) = held_all(&src, "zhongtou");
    assert_eq!(held, all);
}

/// A keycap digit (`1️⃣`, `2️⃣`, `3️⃣`, as a phone keyboard offers it, with or without its
/// variation selector) is that digit: the option of that place at the task, train, context and
/// usage steps, in both locales.
#[test]
fn a_keycap_digit_is_its_digit() {
    let mut src = String::new();
    let caps = |d: char| [format!("{d}\u{fe0f}\u{20e3}"), format!("{d}\u{20e3}")];
    let mut n = 0;
    for lang in ["en", "zh"] {
        // The first (a short experiment) and the third (a service): the model step next.
        for cap in caps('1').iter().chain(caps('3').iter()) {
            src.push_str(&conv(
                &format!("keycap-task-{n}"),
                lang,
                &[(cap, "+pick-ask-model -pick-invalid")],
            ));
            n += 1;
        }
        for cap in caps('2') {
            src.push_str(&conv(
                &format!("keycap-train-{n}"),
                lang,
                &[
                    ("#2\n> #1", "+pick-ask-method-train"),
                    (&cap, "+pick-ask-context -pick-invalid"),
                    (
                        "#1\n> #1",
                        "+pick-ask-card|advice-pick-ask-card-reader ~(qlora)|（qlora）",
                    ),
                ],
            ));
            n += 1;
        }
        // The usage step's second option (one run of 3 h).
        src.push_str(&conv(
            &format!("keycap-usage-{n}"),
            lang,
            &[
                ("#2\n> #1\n> #1\n> #1", "+pick-ask-usage"),
                (
                    &caps('2')[0],
                    "+pick-ask-card|advice-pick-ask-card-reader -pick-invalid",
                ),
            ],
        ));
        n += 1;
    }
    let (held, all) = held_all(&src, "keycap digits");
    assert_eq!(held, all);
}

/// A step's word of three letters typed with two neighbouring letters swapped (`yse`, `aqw`,
/// `oen`) is the word, said as read, at the steps that read it; a swap that reads as no step
/// word, or as two, is asked back as before.
#[test]
fn a_three_letter_word_with_two_letters_swapped() {
    let mut src = String::new();
    let swaps = |w: &str| -> Vec<String> {
        let b: Vec<char> = w.chars().collect();
        (0..b.len() - 1)
            .map(|i| {
                let mut s = b.clone();
                s.swap(i, i + 1);
                s.into_iter().collect()
            })
            .collect()
    };
    let mut n = 0;
    for s in swaps("awq") {
        src.push_str(&conv(
            &format!("swap-awq-{n}"),
            "en",
            &[
                ("#3\n> #1", "+pick-ask-method-quant"),
                (&s, "+pick-ask-context +pick-read-as -pick-invalid"),
                ("#1\n> #1\n> always on", "~qwen2.5-7b_(awq)"),
            ],
        ));
        n += 1;
    }
    for s in swaps("yes") {
        // At the trial plan a yes finishes; at the result it goes on to the trial plan.
        src.push_str(&conv(
            &format!("swap-yes-trial-{n}"),
            "en",
            &[
                (&format!("{TO_NEEDS}\n> done\n> #1"), "+pick-trial-title"),
                (&s, "+pick-finished -pick-invalid"),
            ],
        ));
        src.push_str(&conv(
            &format!("swap-yes-result-{n}"),
            "en",
            &[
                (&format!("{TO_NEEDS}\n> done"), "+pick-result-title"),
                (&s, "+pick-trial-title -pick-invalid"),
            ],
        ));
        n += 1;
    }
    for s in swaps("one") {
        src.push_str(&conv(
            &format!("swap-one-{n}"),
            "en",
            &[
                (
                    "#2\n> #1\n> #1\n> #1\n> #2",
                    "+pick-ask-card|advice-pick-ask-card-reader",
                ),
                (&format!("cheapest {s}"), "+pick-ask-barriers -pick-invalid"),
            ],
        ));
        n += 1;
    }
    let (held, all) = held_all(&src, "three letters swapped");
    assert_eq!(held, all);
}

/// A unit word after its number with its letters out of order (`20 hrous`, `3 huors`, `45
/// mintues`, `2 dyas`) is the unit: the usage step takes the length, and says the reading (a
/// slip read is a guess, `pick-read-as`).
#[test]
fn a_unit_word_with_its_letters_out_of_order() {
    let mut src = String::new();
    for (n, (line, h)) in [
        ("around 20 hrous", "20_h"),
        ("3 huors", "3_h"),
        ("5 hosur", "5_h"),
        ("12 horus", "12_h"),
        ("90 mintues", "1.5_h"),
        ("2 dyas", "48_h"),
    ]
    .iter()
    .enumerate()
    {
        src.push_str(&conv(
            &format!("unit-order-{n}"),
            "en",
            &[
                ("#2\n> #1\n> #1\n> #1", "+pick-ask-usage"),
                (
                    line,
                    "+pick-ask-card|advice-pick-ask-card-reader +pick-read-as -pick-invalid",
                ),
                ("#1\n> no", &format!("~one_run_of_{h}")),
            ],
        ));
    }
    let (held, all) = held_all(&src, "unit words out of order");
    assert_eq!(held, all);
}

/// Hong Kong Cantonese answers at the steps: the cheapest one (`最平嗰張`, `最平嗰个`) at the card
/// step, no real name (`唔使實名`) and nothing more (`冇其他喇`, `冇喇`, `冇`) at the needs step,
/// `得` (all right) at the result and the trial plan.
#[test]
fn cantonese_answers_at_the_steps() {
    let mut src = String::new();
    let to_card = "#2\n> #1\n> #1\n> #1\n> #2";
    for (n, cheapest) in ["最平嗰張", "最平嗰个", "要最平嗰張", "最平嘅"]
        .iter()
        .enumerate()
    {
        src.push_str(&conv(
            &format!("yue-card-{n}"),
            "zh",
            &[
                (to_card, "+pick-ask-card|advice-pick-ask-card-reader"),
                (cheapest, "+pick-ask-barriers -pick-invalid"),
            ],
        ));
    }
    for (n, none) in ["冇其他喇", "冇喇", "冇", "冇要求", "唔使喇"]
        .iter()
        .enumerate()
    {
        src.push_str(&conv(
            &format!("yue-none-{n}"),
            "zh",
            &[
                (TO_NEEDS, "+pick-ask-barriers"),
                (
                    none,
                    "+pick-result-title -pick-quit-confirm -pick-cancelled",
                ),
            ],
        ));
    }
    for (n, need) in ["唔使實名", "唔使实名", "唔要實名"].iter().enumerate() {
        src.push_str(&conv(
            &format!("yue-need-{n}"),
            "zh",
            &[
                (TO_NEEDS, "+pick-ask-barriers"),
                (need, "+pick-ask-barriers -pick-invalid -pick-result-title"),
                (
                    "冇其他喇",
                    "+pick-result-title ~免实名✓|免实名?|免实名✗|没有平台可选",
                ),
            ],
        ));
    }
    for (n, ok) in ["得", "得喇", "得啦"].iter().enumerate() {
        src.push_str(&conv(
            &format!("yue-ok-{n}"),
            "zh",
            &[
                (&format!("{TO_NEEDS}\n> 完成"), "+pick-result-title"),
                (ok, "+pick-trial-title"),
                (ok, "+pick-finished -pick-invalid"),
            ],
        ));
    }
    let (held, all) = held_all(&src, "cantonese");
    assert_eq!(held, all);
}

/// A greeting before the first sentence is no part of it: the sentence's facts are kept and
/// echoed as without it, and no word of the greeting is read as a slip.
#[test]
fn a_greeting_before_the_first_sentence() {
    let mut src = String::new();
    let en = [
        "hi there! ",
        "hello, ",
        "hey guys, ",
        "hi all. ",
        "good morning! ",
        "Hello there, ",
    ];
    let zh = ["你好，", "您好！", "哈喽，", "嗨，", "早上好，", "hi，"];
    let mut n = 0;
    for g in en {
        src.push_str(&conv(
            &format!("greet-{n}"),
            "en",
            &[(
                &format!("{g}we want to fine-tune qwen2.5 7b with lora"),
                "+pick-understood ~qwen2.5-7b ~lora +pick-ask-context -pick-read-as -pick-invalid",
            )],
        ));
        n += 1;
    }
    for g in zh {
        src.push_str(&conv(
            &format!("greet-{n}"),
            "zh",
            &[(
                &format!("{g}想用lora微调qwen2.5 7b"),
                "+pick-understood ~qwen2.5-7b ~lora +pick-ask-context -pick-read-as -pick-invalid",
            )],
        ));
        n += 1;
    }
    let (held, all) = held_all(&src, "greetings");
    assert_eq!(held, all);
}

/// Thanks after an answer at a middle step is politeness: the answer is taken and the next
/// step asked, never leaving.
#[test]
fn thanks_after_an_answer_at_a_middle_step() {
    let mut src = String::new();
    let leave = "-pick-cancelled -pick-quit-confirm -pick-finished -pick-invalid";
    let cases = [
        ("zh", "#3\n> #1", "fp8吧，谢谢", "+pick-ask-context"),
        ("zh", "#3\n> #1", "awq，多谢", "+pick-ask-context"),
        ("zh", "#2\n> #1\n> #1", "4k，谢啦", "+pick-ask-usage"),
        ("zh", "#2\n> #1\n> #1", "8k 谢谢你", "+pick-ask-usage"),
        (
            "zh",
            "#2\n> #1\n> #1\n> #1",
            "3小时吧，谢谢",
            "+pick-ask-card|advice-pick-ask-card-reader",
        ),
        ("en", "#2\n> #1", "qlora, thanks!", "+pick-ask-context"),
        ("en", "#2\n> #1\n> #1", "8k, thank you", "+pick-ask-usage"),
        ("en", "#2\n> #1\n> #1", "4k thx", "+pick-ask-usage"),
        (
            "en",
            "#2\n> #1\n> #1\n> #1",
            "3 hours, thanks a lot",
            "+pick-ask-card|advice-pick-ask-card-reader",
        ),
    ];
    for (n, (lang, to, line, next)) in cases.iter().enumerate() {
        src.push_str(&conv(
            &format!("thanks-{n}"),
            lang,
            &[(to, ""), (line, &format!("{next} {leave}"))],
        ));
    }
    let (held, all) = held_all(&src, "thanks after an answer");
    assert_eq!(held, all);
}

/// Done said in other words at the needs step (`搞定`, `完事了`, `that's all`, `all set`) and
/// a done typed alone with a slip equally near another step word (`donr`: `done`, and `dont` of
/// `dont know`): the word the step takes alone. The result comes.
#[test]
fn done_in_other_words_and_a_tie_read_to_the_whole_answer() {
    let mut src = String::new();
    let words = [
        ("zh", "搞定"),
        ("zh", "搞定了"),
        ("zh", "完事了"),
        ("zh", "就这些"),
        ("zh", "就这些吧"),
        ("en", "that's all"),
        ("en", "all set"),
        ("en", "finished"),
        ("en", "donr"),
        ("en", "doen"),
        ("en", "dome"),
    ];
    for (n, (lang, w)) in words.iter().enumerate() {
        src.push_str(&conv(
            &format!("done-{n}"),
            lang,
            &[
                (TO_NEEDS, "+pick-ask-barriers"),
                (w, "+pick-result-title -pick-invalid"),
            ],
        ));
    }
    let (held, all) = held_all(&src, "done in other words");
    assert_eq!(held, all);
}

/// One person said with the use verb's aspect (`只有我自己在用`, `就我一个人使用`, `只有我用着`) at
/// the conversations-at-once step is one conversation, as `只有我自己用` is.
#[test]
fn alone_with_the_use_verbs_aspect() {
    let mut src = String::new();
    for (n, w) in [
        "只有我自己在用",
        "就我一个人使用",
        "只有我用着",
        "就我自己在用吧",
        "我一个人在用",
    ]
    .iter()
    .enumerate()
    {
        src.push_str(&conv(
            &format!("alone-{n}"),
            "zh",
            &[
                ("#3\n> #1\n> #1\n> #1", "+pick-ask-concurrency"),
                (w, "+pick-ask-usage -pick-invalid"),
            ],
        ));
    }
    let (held, all) = held_all(&src, "alone, the verb's aspect");
    assert_eq!(held, all);
}

/// A month's fee bounded (`月费别过100`, `月费最多300`) is a month's budget; the job's daily
/// hours stay the job's. (`月租`, a month's rent, is a month's package: the job kept on, as
/// `包月` is; not here.)
#[test]
fn a_months_fee_bounded_is_a_months_budget() {
    let mut src = String::new();
    for (n, (w, a)) in [
        ("月费别过100", "100"),
        ("月费最多300", "300"),
        ("月费不超过200块", "200"),
        ("月费别超过150", "150"),
    ]
    .iter()
    .enumerate()
    {
        src.push_str(&conv(
            &format!("fee-{n}"),
            "zh",
            &[
                (&to_needs_daily("zh"), "+pick-ask-barriers"),
                (
                    w,
                    &format!(
                        "+pick-understood-budget-month ~{a} -pick-understood-usage -pick-invalid"
                    ),
                ),
                ("完成", "+pick-result-title ~每天_10_小时"),
            ],
        ));
    }
    let (held, all) = held_all(&src, "a month's fee bounded");
    assert_eq!(held, all);
}

/// A figure said again in the same answer (`a couple hours, call it 3 hours`, `2-3 hours, let's
/// say 3`) is the one meant: the result costs it, never the first (a wrong figure: `a couple
/// hours, call it 3 huors` had been one run of 2 h). A restatement in the first sentence leaves
/// its other facts read.
#[test]
fn a_figure_said_again_is_the_one_meant() {
    let mut src = String::new();
    for (n, (line, h)) in [
        ("a couple hours, call it 3 hours", "3_h"),
        ("2-3 hours, let's say 3 hours", "3_h"),
        ("a few hours... ok say 5 hours", "5_h"),
        ("maybe 10 hours, make it 12 hours", "12_h"),
        ("a couple hours, call it 3 huors", "3_h"),
    ]
    .iter()
    .enumerate()
    {
        src.push_str(&conv(
            &format!("restated-{n}"),
            "en",
            &[
                ("#2\n> #1\n> #1\n> #1", "+pick-ask-usage"),
                (
                    line,
                    "+pick-ask-card|advice-pick-ask-card-reader -pick-invalid",
                ),
                ("#1\n> no", &format!("~one_run_of_{h}")),
            ],
        ));
    }
    src.push_str(&conv(
        "restated-first",
        "en",
        &[(
            "lora fine-tune qwen2.5 7b for a few hours, say 3 hours",
            "+pick-understood ~qwen2.5-7b ~lora",
        )],
    ));
    let (held, all) = held_all(&src, "a figure said again");
    assert_eq!(held, all);
}

/// `PICK_EF_PROBE=file PICK_CONV_SHOW=id cargo test -p bot-core --test suite pick_und_ef::probe
/// -- --ignored --nocapture`: a conversation file of the runner's format run and its misses
/// printed, for reading a dialogue as a user sees it.
#[test]
#[ignore]
fn probe() {
    let Ok(path) = std::env::var("PICK_EF_PROBE") else {
        return;
    };
    let src = std::fs::read_to_string(path).unwrap();
    let (held, all, report) = run(&src);
    println!("{report}\nprobe: {held}/{all} hold");
}
