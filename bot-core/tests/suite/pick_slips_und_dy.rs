//! A /pick that listens to plain step-by-step users (issue 26 §4, helper und_dy,
//! `docs/misses/und_dy.md`): GENERATED from tables (words x steps x both locales), never the
//! lines of pick_conversations_am: a step's own word typed with a slip (a unit word at the step
//! that asks for it, `5个消失`, `3 dyas`; a budget or a "no needs" word at the needs step,
//! `预酸8000`, `nothng`; a place at a list step, `second to lsat`; the result's button, `trail
//! plan`), several needs switched on in one line (`3和4`), a daily rate with a slash (`6h/day`)
//! and a place typed with `#` (`＃1`, `#1吧`). Judged through the same runner as the written sets.

use super::pick_runner::run;

/// Taps to the usage step of a fine-tune (Qwen2.5-7B, LoRA, 4k) and of a service (BF16, 4k, 1).
const TUNE_USAGE: &str = "> #2\n> #1\n> #1\n> #1";
const SERVE_USAGE: &str = "> #3\n> #1\n> #1\n> #1\n> #1";
/// Taps to the service's conversations step, to a fine-tune's card step, needs step and result.
const SERVE_PEAK: &str = "> #3\n> #1\n> #1\n> #1";
const TUNE_CARD: &str = "> #2\n> #1\n> #1\n> #1\n> #1";
const TUNE_NEEDS: &str = "> #2\n> #1\n> #1\n> #1\n> #1\n> #1";
const TUNE_RESULT: &str = "> #2\n> #1\n> #1\n> #1\n> #1\n> #1\n> #8";

const CARD_STEP: &str = "+pick-ask-card|advice-pick-ask-card-reader";

fn conversation(id: &str, lang: &str, taps: &str, lines: &[(&str, &str)]) -> String {
    let mut s = format!("## {id} {lang}\n> /pick\n{taps}\n");
    for (line, want) in lines {
        s.push_str(&format!("> {line}\n= {want}\n"));
    }
    s.push('\n');
    s
}

/// The result's Job line for a run of `h` hours, or `h` hours a day.
fn job(lang: &str, h: &str, daily: bool) -> String {
    match (lang, daily) {
        ("zh", false) => format!("~跑一次_{h}_小时"),
        ("zh", true) => format!("~每天_{h}_小时"),
        (_, false) => format!("~one_run_of_{h}_h"),
        (_, true) => format!("~{h}_h_a_day"),
    }
}

/// A length whose unit word is typed with a slip: `{n}` the number, and the hours it means
/// (a multiple of `n`: 1 for hours, 24 for days; minutes are written with their own hours).
const ZH_LENGTHS: &[(&str, u32)] = &[
    ("{n}个消失", 1),
    ("{n}消失", 1),
    ("跑{n}个消失", 1),
    ("大概{n}个消失吧", 1),
    ("{n}个小事", 1),
    ("{n}个钟投", 1),
    ("{n}个晓时", 1),
];
const EN_LENGTHS: &[(&str, u32)] = &[
    ("{n} housr", 1),
    ("{n} horus", 1),
    ("{n} huors", 1),
    ("about {n} housr", 1),
    ("{n} dyas", 24),
    ("{n} dasy", 24),
    ("{n} dayss", 24),
];
const ZH_DAILY: &[&str] = &["每天{n}个消失", "每天{n}消失", "一天{n}个钟投"];
const EN_DAILY: &[&str] = &[
    "{n} housr a day",
    "{n} huors per day",
    "{n} horus every day",
];

#[test]
fn a_unit_word_with_a_slip_at_the_step_that_asks_for_it() {
    let mut src = String::new();
    let mut k = 0;
    for n in [2u32, 5] {
        for (lang, lengths) in [("zh", ZH_LENGTHS), ("en", EN_LENGTHS)] {
            for (form, per) in lengths.iter() {
                k += 1;
                let line = form.replace("{n}", &n.to_string());
                let want = format!("{CARD_STEP} -pick-invalid -pick-described-ask");
                let hours = (n * per).to_string();
                let result = format!("+pick-result-title {}", job(lang, &hours, false));
                src.push_str(&conversation(
                    &format!("unit-{lang}-{k}"),
                    lang,
                    TUNE_USAGE,
                    &[
                        (&line, &want),
                        ("#1", "+pick-ask-barriers"),
                        ("#8", &result),
                    ],
                ));
            }
        }
        for (lang, daily) in [("zh", ZH_DAILY), ("en", EN_DAILY)] {
            for form in daily.iter() {
                k += 1;
                let line = form.replace("{n}", &n.to_string());
                let want = format!("{CARD_STEP} -pick-invalid -pick-described-ask");
                let result = format!("+pick-result-title {}", job(lang, &n.to_string(), true));
                src.push_str(&conversation(
                    &format!("unit-daily-{lang}-{k}"),
                    lang,
                    SERVE_USAGE,
                    &[
                        (&line, &want),
                        ("#1", "+pick-ask-barriers"),
                        ("#8", &result),
                    ],
                ));
            }
        }
    }
    let (held, all, report) = run(&src);
    println!("{report}\nunit slips: {held}/{all} hold");
    assert!(held >= FLOOR_UNIT, "{held}/{all} hold:\n{report}");
}

/// "No needs" and done words at the needs step, typed with a slip.
const ZH_NONE: &[&str] = &[
    "不许要",
    "都可一",
    "没友",
    "完城",
    "都型",
    "不需药",
    "都不许要",
];
const EN_NONE: &[&str] = &[
    "nothng",
    "nothign",
    "nohting",
    "doen",
    "nothnig",
    "nothing elze",
];
/// A budget word with a slip before its figure.
const ZH_BUDGET: &[&str] = &["预酸{n}", "预蒜{n}", "预酸{n}块", "预酸大概{n}"];
const EN_BUDGET: &[&str] = &["budjet {n}", "buget {n}", "budgte {n}", "my budjet is {n}"];

#[test]
fn a_needs_step_word_with_a_slip() {
    let mut src = String::new();
    let mut k = 0;
    for (lang, none) in [("zh", ZH_NONE), ("en", EN_NONE)] {
        for w in none.iter() {
            k += 1;
            src.push_str(&conversation(
                &format!("none-{lang}-{k}"),
                lang,
                TUNE_NEEDS,
                &[(w, "+pick-result-title -pick-invalid")],
            ));
        }
    }
    for n in [300u32, 8000] {
        let shown = if n >= 1000 {
            format!("~{},{:03}|{n}", n / 1000, n % 1000)
        } else {
            format!("~{n}")
        };
        for (lang, budget) in [("zh", ZH_BUDGET), ("en", EN_BUDGET)] {
            for form in budget.iter() {
                k += 1;
                let line = form.replace("{n}", &n.to_string());
                let want = format!("{shown} -pick-invalid -pick-result-title");
                src.push_str(&conversation(
                    &format!("budget-{lang}-{k}"),
                    lang,
                    TUNE_NEEDS,
                    &[(&line, &want), ("#8", "+pick-result-title")],
                ));
            }
        }
    }
    let (held, all, report) = run(&src);
    println!("{report}\nneeds words with a slip: {held}/{all} hold");
    assert!(held >= FLOOR_NEEDS, "{held}/{all} hold:\n{report}");
}

/// A place with a slip at the conversations step (1, 4, 16, 64), and the option it is.
const EN_PLACES: &[(&str, usize)] = &[
    ("second to lsat", 3),
    ("the lsat one", 4),
    ("lsat one", 4),
    ("the frist one", 1),
    ("the secnod one", 2),
    ("the thrid one", 3),
    ("secnod to last", 3),
];
const ZH_PLACES: &[(&str, usize)] = &[("最后一各", 4), ("倒数第二各", 3), ("第三各", 3)];

/// The result's one button typed with a slip.
const EN_TRIAL: &[&str] = &[
    "trail plan",
    "show me the trail plan",
    "the trail plan pls",
    "trial paln",
];
const ZH_TRIAL: &[&str] = &["试跑记划", "看下试跑计化", "试炮计划"];

#[test]
fn a_place_or_a_button_with_a_slip() {
    let mut src = String::new();
    let mut k = 0;
    for (lang, places) in [("en", EN_PLACES), ("zh", ZH_PLACES)] {
        for (line, n) in places.iter() {
            k += 1;
            let taken = if lang == "zh" {
                format!("~已选第_{n}_项")
            } else {
                format!("~option_{n}")
            };
            let want = format!("+pick-ask-usage {taken} -pick-invalid");
            src.push_str(&conversation(
                &format!("place-{lang}-{k}"),
                lang,
                SERVE_PEAK,
                &[(line, &want)],
            ));
        }
    }
    for (lang, lines) in [("en", EN_TRIAL), ("zh", ZH_TRIAL)] {
        for line in lines.iter() {
            k += 1;
            src.push_str(&conversation(
                &format!("trial-{lang}-{k}"),
                lang,
                TUNE_RESULT,
                &[(line, "+pick-trial-title -pick-invalid")],
            ));
        }
    }
    let (held, all, report) = run(&src);
    println!("{report}\nplaces and buttons with a slip: {held}/{all} hold");
    assert!(held >= FLOOR_PLACES, "{held}/{all} hold:\n{report}");
}

/// Two needs' option numbers in one line at the needs step: 3 no real-name, 4/5/6/9 payment.
const ZH_JOINS: &[&str] = &[
    "{a}和{b}",
    "{a}、{b}",
    "{a},{b}",
    "{a} 和 {b}",
    "选{a}和{b}",
];
const EN_JOINS: &[&str] = &["{a} and {b}", "{a}, {b}", "{a} & {b}", "{a} {b}"];

#[test]
fn several_needs_switched_on_in_one_line() {
    let mut src = String::new();
    let mut k = 0;
    for (a, b) in [(3, 4), (5, 3), (3, 6), (9, 3)] {
        for (lang, joins) in [("zh", ZH_JOINS), ("en", EN_JOINS)] {
            for join in joins.iter() {
                k += 1;
                let line = join
                    .replace("{a}", &a.to_string())
                    .replace("{b}", &b.to_string());
                let columns = if lang == "zh" {
                    "~免实名✓|免实名?|免实名✗|没有平台可选 ~支付✓|支付?|支付✗|没有平台可选"
                } else {
                    "~nrn✓|nrn?|nrn✗|no_platform_is_left ~pay✓|pay?|pay✗|no_platform_is_left"
                };
                let result = format!("+pick-result-title {columns}");
                src.push_str(&conversation(
                    &format!("toggles-{lang}-{k}"),
                    lang,
                    TUNE_NEEDS,
                    &[
                        (&line, "+pick-ask-barriers -pick-invalid -pick-result-title"),
                        ("#8", &result),
                    ],
                ));
            }
        }
    }
    let (held, all, report) = run(&src);
    println!("{report}\nseveral toggles: {held}/{all} hold");
    assert!(held >= FLOOR_TOGGLES, "{held}/{all} hold:\n{report}");
}

/// A daily rate with a slash, and a place typed with `#` at the card step.
const ZH_SLASH: &[&str] = &[
    "{n}h/day",
    "{n}小时/天",
    "{n}个小时/天",
    "{n}h/天",
    "{n} 小时 / 天",
];
const EN_SLASH: &[&str] = &[
    "{n}h/day",
    "{n} h/day",
    "{n}hrs/day",
    "{n} hours/day",
    "{n}h / day",
];
const HASH_PLACES: &[(&str, &str)] = &[
    ("zh", "＃1"),
    ("zh", "#1吧"),
    ("zh", "选#1"),
    ("zh", "就#1"),
    ("en", "#1 please"),
    ("en", "go with #1"),
    ("en", "＃1"),
    ("en", "#1 pls"),
];

#[test]
fn a_slash_rate_and_a_hash_place() {
    let mut src = String::new();
    let mut k = 0;
    for n in [6u32, 10] {
        for (lang, forms) in [("zh", ZH_SLASH), ("en", EN_SLASH)] {
            for form in forms.iter() {
                k += 1;
                let line = form.replace("{n}", &n.to_string());
                let want = format!("{CARD_STEP} -pick-invalid -pick-described-ask");
                let result = format!("+pick-result-title {}", job(lang, &n.to_string(), true));
                src.push_str(&conversation(
                    &format!("slash-{lang}-{k}"),
                    lang,
                    SERVE_USAGE,
                    &[
                        (&line, &want),
                        ("#1", "+pick-ask-barriers"),
                        ("#8", &result),
                    ],
                ));
            }
        }
    }
    for (lang, line) in HASH_PLACES {
        k += 1;
        src.push_str(&conversation(
            &format!("hash-{lang}-{k}"),
            lang,
            TUNE_CARD,
            &[(line, "+pick-ask-barriers -pick-invalid")],
        ));
    }
    let (held, all, report) = run(&src);
    println!("{report}\nslash rates and # places: {held}/{all} hold");
    assert!(held >= FLOOR_SLASH, "{held}/{all} hold:\n{report}");
}

/// A real-name refusal typed with a slip beside a payment the line also says (the payment read,
/// the refusal was left unread).
const ZH_NRN_BESIDE: &[&str] = &[
    "不要石名，付款用wechat",
    "不要时名，只能支付宝",
    "免石名的，微信支付就行",
    "不想石名，用支付宝",
    "不要石名，也要能用支付宝",
];

#[test]
fn a_need_word_with_a_slip_beside_another_need() {
    let mut src = String::new();
    for (k, line) in ZH_NRN_BESIDE.iter().enumerate() {
        src.push_str(&conversation(
            &format!("nrn-beside-{k}"),
            "zh",
            TUNE_NEEDS,
            &[
                (line, "-pick-invalid -pick-result-title"),
                (
                    "#8",
                    "+pick-result-title ~免实名✓|免实名?|免实名✗|没有平台可选",
                ),
            ],
        ));
    }
    let (held, all, report) = run(&src);
    println!("{report}\nneed slips beside another need: {held}/{all} hold");
    assert!(held >= FLOOR_BESIDE, "{held}/{all} hold:\n{report}");
}

const FLOOR_BESIDE: usize = 5;
const FLOOR_UNIT: usize = 40;
const FLOOR_NEEDS: usize = 28;
const FLOOR_PLACES: usize = 17;
const FLOOR_TOGGLES: usize = 36;
const FLOOR_SLASH: usize = 28;
