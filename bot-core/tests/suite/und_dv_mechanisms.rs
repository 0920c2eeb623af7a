//! A decimal point typed as another mark (helper und_dv, issue 26; cases written before the
//! change they test): a Chinese IME writes `。` for `.` (`0。5元`), full-width `．`, a middle dot
//! `·` or a doubled `..` (`$0..9/hr`). Each price or amount form, written with each mark, in
//! both locales, must read the same value as with `.`, or be asked back with it among the
//! choices; never a fragment (`1。99美元` read as $99 was the worst answer: a wrong figure).
//! A `。` that ends a sentence after a number stays a full stop (`预算500。4090哪家…`).

use super::readings::embedded;
use bot_core::understand::Reading;

/// (question with `{V}` where the amount goes, the expected first line with `{V}`).
const FORMS: [(&str, &str); 12] = [
    (
        "{V}美元每小时合人民币多少",
        "/convert {V}usd/hour to hour cny",
    ),
    ("有没有4090 ￥{V}/时以下的", "/stock rtx-4090 {V}cny/hour"),
    (
        "3090降到{V}元以下提醒我",
        "/subscribe rtx-3090 max={V}cny/hour",
    ),
    (
        "{V}刀/h 换成人民币一个月多少",
        "/convert {V}usd/hour to month cny",
    ),
    (
        "api价格{V}元每百万token，每天1000万，自建qwen2.5-7b合算吗",
        "/tco qwen2.5-7b bf16 10m {V}cny",
    ),
    (
        "a100 {V}块一小时，一天多少钱",
        "/convert {V}cny/hour to day",
    ),
    (
        "set an alert: l40s under ${V}/hr",
        "/subscribe l40s max={V}usd/hour",
    ),
    (
        "what is ${V} per hour per month",
        "/convert {V}usd/hour to month",
    ),
    (
        "{V} dollars an hour in yuan?",
        "/convert {V}usd/hour to hour cny",
    ),
    (
        "any 4090 under ${V}/h right now",
        "/stock rtx-4090 {V}usd/hour",
    ),
    (
        "notify me when h100 drops below ${V}/hr",
        "/subscribe h100-sxm max={V}usd/hour",
    ),
    ("{V}美元换人民币多少", "/convert {V}usd to cny"),
];

/// The marks people type for a decimal point: IME full stops (`。` and its half-width `｡`),
/// the full-width stop `．`, middle dots (`·`, `・`), and a doubled point.
const MARKS: [&str; 6] = ["。", "｡", "．", "·", "・", ".."];

const VALUES: [(&str, &str); 3] = [("0", "5"), ("1", "99"), ("2", "4")];

pub(super) fn right(reading: &Reading, expected: &str) -> bool {
    let lines = reading.lines();
    match reading {
        Reading::Command(_) => lines.first().is_some_and(|l| l == expected),
        Reading::Ask(_) => lines.iter().any(|l| l == expected),
        Reading::Unknown => false,
    }
}

/// Every form reads its value with `.` (the control), and with every other mark the same value
/// or asked back with it; never another number.
#[test]
fn every_decimal_mark_reads_the_whole_number() {
    let mut wrong = Vec::new();
    for (form, line) in FORMS {
        for (whole, frac) in VALUES {
            let expected = line.replace("{V}", &format!("{whole}.{frac}"));
            let control = embedded(&form.replace("{V}", &format!("{whole}.{frac}")));
            assert!(
                right(&control, &expected),
                "control {form} {whole}.{frac}: {:?} (expected {expected})",
                control.lines()
            );
            for mark in MARKS {
                let question = form.replace("{V}", &format!("{whole}{mark}{frac}"));
                let reading = embedded(&question);
                if !right(&reading, &expected) {
                    wrong.push(format!("{question} → {:?}", reading.lines()));
                }
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "{} of {} read wrong:\n{}",
        wrong.len(),
        FORMS.len() * VALUES.len() * MARKS.len(),
        wrong.join("\n")
    );
}

/// A `。` after a number that ends its sentence is a full stop: the question reads as it does
/// with a comma there (a card's number, or words, after it).
#[test]
fn a_full_stop_after_a_number_stays_a_full_stop() {
    for question in [
        "我的预算是500。4090哪家最便宜",
        "要租2张。a100一小时多少钱",
        "一天跑8小时。3090在autodl多少钱",
        "我有300。",
        "4090多少钱。",
    ] {
        let comma = question.replace('。', "，");
        assert_eq!(
            embedded(question).lines(),
            embedded(&comma).lines(),
            "{question}"
        );
    }
}

/// A form typed otherwise reads as its plain words do (both read, and read alike): an emoji used
/// as a word (`🔔` notify, `📈` the price went up, `💵` dollars), a letter `o` for a `0` inside a
/// number before a unit, `kw` for 千万 before tokens, a Chinese platform's name in pinyin.
#[test]
fn typed_forms_read_as_their_plain_words() {
    let mut wrong = Vec::new();
    for (typed, plain) in [
        ("a100有货了🔔我", "a100有货了提醒我"),
        ("l40s补货了🔔一下", "l40s补货了提醒一下"),
        (
            "🔔 me when an h100 is in stock",
            "notify me when an h100 is in stock",
        ),
        ("h100最近是不是📈了", "h100最近是不是涨价了"),
        (
            "what's 3 💵 an hour per week",
            "what's 3 dollars an hour per week",
        ),
        (
            "1o dollar an hour, how much a month",
            "10 dollar an hour, how much a month",
        ),
        (
            "rent a 4090 for 2o hours on runpod",
            "rent a 4090 for 20 hours on runpod",
        ),
        ("3oo块一个月合每小时多少", "300块一个月合每小时多少"),
        (
            "每天1kw token，自己部署qwen2.5 7b划算吗",
            "每天1000万token，自己部署qwen2.5 7b划算吗",
        ),
        (
            "2kw tokens a day, self host qwen2.5 14b or api?",
            "20m tokens a day, self host qwen2.5 14b or api?",
        ),
        ("qudong yun 怎么收费的", "趋动云怎么收费的"),
        ("juchi yun 有4090吗", "矩池云有4090吗"),
        ("chenjianyun 4090 多少钱一小时", "晨涧云 4090 多少钱一小时"),
        ("how does qudongyun bill", "how does 趋动云 bill"),
        ("按天计费120块 一小时多少钱", "每天120块 一小时多少钱"),
        (
            "USD2.2 per hr, 3 hour job, total?",
            "USD 2.2 per hr, 3 hour job, total?",
        ),
        (
            "rtx 4090 below usd0.5/h anywhere?",
            "rtx 4090 below usd 0.5/h anywhere?",
        ),
    ] {
        let (t, p) = (embedded(typed), embedded(plain));
        if matches!(p, Reading::Unknown) || t.lines() != p.lines() {
            wrong.push(format!(
                "{typed} → {:?}; {plain} → {:?}",
                t.lines(),
                p.lines()
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// One card that failed on the run and what to use instead asked: the card is the story, the
/// job (a model named) the question; never the failed card's page, stock or bill.
#[test]
fn a_card_that_failed_is_the_story() {
    assert_read(&[
        (
            "昨天用4090跑qwen2.5-32b 直接炸了，该换什么卡",
            "/fit qwen2.5-32b",
        ),
        (
            "3060跑qwen2.5-14b推理 显存炸了 换啥卡好",
            "/fit qwen2.5-14b",
        ),
        (
            "got cuda oom on my 3080 running qwen2.5 14b, what gpu should i rent",
            "/fit qwen2.5-14b",
        ),
    ]);
}

/// A way to pay said to be hard for the person is one they lack: the platforms listed take the
/// method they asked for, never the hard one as a second need.
#[test]
fn a_way_to_pay_said_hard_is_no_need() {
    assert_read(&[
        (
            "any gpu cloud that takes paypal? bank transfer is hard for me",
            "/platforms paypal",
        ),
        ("哪些平台能用支付宝？银行转账很难", "/platforms alipay"),
        ("which platforms take paypal", "/platforms paypal"),
        // The catalog's list prices refused: live offers only.
        (
            "a100 offers right now, only real offers, not the catalog",
            "/offers a100-80g-sxm live",
        ),
    ]);
}

/// The whole choice handed over after a budget, a failed run or two platforms weighed (`what
/// should i do`, `i dont know what i should rent`, `a good next step`, `选哪个好`): guidance.
#[test]
fn the_choice_handed_over_is_guidance() {
    let mut wrong = Vec::new();
    for question in [
        "i have about $30 and want to fine-tune mistral, what should i do",
        "runpod和vast选哪个好，想跑个lora",
        "colab keeps disconnecting, what's a good next step for training?",
        "got cuda oom twice on a 3070, i dont know what i should rent now",
    ] {
        let r = embedded(question);
        if !right(&r, "/pick") {
            wrong.push(format!("{question} → {:?}", r.lines()));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// Each question read as its expected line; every one that is not, listed in the failure.
fn assert_read(rows: &[(&str, &str)]) {
    let wrong: Vec<String> = rows
        .iter()
        .filter_map(|(question, expected)| {
            let r = embedded(question);
            (!right(&r, expected))
                .then(|| format!("{question} → {:?} (expected {expected})", r.lines()))
        })
        .collect();
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
