//! Helper und_du (issue 26 §4, "a /pick that listens"): GENERATED tests of four mechanisms
//! beyond pick_ak's lines.
//! - B: an option named by its place or rank in the list AS SHOWN (`the top one`, `最上面那个`,
//!   `第二个`, `the bottom one`, `倒数第二个`; at the card step `第二便宜的`, `the second
//!   cheapest`, `比第一张贵一档的那张`: over the shown price column), at every list step, in both
//!   locales: the option at that place (by the same tap's state) or asked back; never another
//!   option, never "I couldn't use that answer". A relative rank with no option to be relative
//!   to (`比它贵一档的那张` alone) is asked back.
//! - D: a barrier need said as an inability or a situation (`不方便做实名认证`, `can not do chinese
//!   realname`, `没有国内手机号`, `公司只能对公转账开票`, a slip `支付包`): at the barriers step and
//!   in a first sentence, the need kept.
//! - A: options by description words with a range or a paraphrase (`几小时到几天那种`).
//! - C: a total over a span said in a first sentence (`周末两天一共跑个十小时`) is one run of the
//!   total, never the span's days.

use super::chat::{chat_of as who, dialogue_state as state, message_ids, world};
use bot_core::{ChatRef, Input, Lang, Localizer, Reply};
use serde_json::Value;

/// The taps that reach each list step (`/pick` first).
const PATHS: &[(&str, &[&str])] = &[
    ("task", &[]),
    ("model", &["#2"]),
    ("method-quant", &["#1", "#1"]),
    ("method-train", &["#2", "#1"]),
    ("context", &["#1", "#1", "#1"]),
    ("concurrency", &["#3", "#1", "#1", "#1"]),
    ("usage", &["#1", "#1", "#1", "#1"]),
    ("card-tune", &["#2", "#1", "#1", "#1", "#1"]),
    ("card-serve", &["#3", "#1", "#1", "#1", "#1", "#1"]),
    ("barriers", &["#1", "#1", "#1", "#1", "#1", "#1"]),
];

fn ids(r: &[Reply]) -> Vec<String> {
    r.iter()
        .flat_map(|x| x.choices.iter().map(|c| c.id.clone()))
        .collect()
}

/// Walks `/pick` and the taps; the last answer's replies.
fn reach(w: &super::chat::World, me: &ChatRef, taps: &[&str]) -> Vec<Reply> {
    let mut last = w.bot.handle(me, Input::Text("/pick".into())).replies;
    for t in taps {
        let n: usize = t[1..].parse().unwrap();
        let id = ids(&last)[n - 1].clone();
        last = w.bot.handle(me, Input::Choice(id)).replies;
    }
    last
}

/// Fields of `after` that differ from `before` (the step included: a tap moves it).
fn changed(before: &Value, after: &Value) -> Vec<(String, Value)> {
    let (Some(a), Some(b)) = (after.as_object(), before.as_object()) else {
        return vec![("gone".into(), after.clone())];
    };
    a.iter()
        .filter(|(k, v)| b.get(*k) != Some(v) && *k != "history")
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect()
}

/// The place a phrase names among `n` options: `Some(k)` counted from 1; `None` when no place
/// among them (asked back).
type Place = fn(usize) -> Option<usize>;

fn first(_: usize) -> Option<usize> {
    Some(1)
}
fn second(n: usize) -> Option<usize> {
    (n >= 2).then_some(2)
}
fn third(n: usize) -> Option<usize> {
    (n >= 3).then_some(3)
}
fn last(n: usize) -> Option<usize> {
    Some(n)
}
fn second_last(n: usize) -> Option<usize> {
    (n >= 2).then_some(n - 1)
}

/// Position words, each language, with the place they name.
const PLACES_EN: &[(&str, Place)] = &[
    ("the top one", first),
    ("then i take the top one", first),
    ("top one please", first),
    ("the one at the top", first),
    ("the first one on the list", first),
    ("the 2nd one on the list", second),
    ("second one", second),
    ("the third one", third),
    ("the last one", last),
    ("the bottom one", last),
    ("the one at the bottom", last),
    ("the last one on the list", last),
    ("second from the bottom", second_last),
    ("second to last", second_last),
];
const PLACES_ZH: &[(&str, Place)] = &[
    ("最上面那个", first),
    ("选列表里最上面那个", first),
    ("第一个", first),
    ("列表里第二个", second),
    ("第二个", second),
    ("第三个吧", third),
    ("最后那个", last),
    ("最下面那个", last),
    ("列表最后一个", last),
    ("倒数第二个", second_last),
];

#[derive(Debug, Default)]
struct Tally {
    taken: usize,
    asked: usize,
    refused: Vec<String>,
    wrong: Vec<String>,
    other: Vec<String>,
}

/// Ids that ask a place or rank back.
const ASKED: &[&str] = &[
    "pick-choice-beyond",
    "pick-property-absent",
    "pick-rank-ask",
    "pick-described-ask",
];

/// One phrase at one step: judged by the state it leaves against each option's tap.
fn judge(
    t: &mut Tally,
    case: String,
    got: &[(String, Value)],
    said: &[String],
    tapped: &[Vec<(String, Value)>],
    want: Option<usize>,
) {
    let is = |j: usize| !tapped[j].is_empty() && tapped[j].iter().all(|kv| got.contains(kv));
    let hit: Vec<usize> = (0..tapped.len()).filter(|&j| is(j)).collect();
    if said.iter().any(|i| i == "pick-invalid") {
        t.refused.push(case);
    } else if got.is_empty() || got.iter().all(|(k, _)| k == "number_asked") {
        if said.iter().any(|i| ASKED.contains(&i.as_str())) {
            t.asked += 1;
        } else {
            t.other.push(case);
        }
    } else if want.is_some_and(|k| hit.contains(&(k - 1))) {
        t.taken += 1;
    } else if !hit.is_empty() {
        t.wrong.push(case);
    } else {
        t.other.push(case);
    }
}

/// The price a card option's label shows (`— ¥8.49 起`, `— from $1.20`), as a number.
fn shown_price(label: &str) -> Option<f64> {
    let at = label.rfind(['¥', '$'])?;
    let sign = label[at..].chars().next()?.len_utf8();
    let num: String = label[at + sign..]
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == '.' || *c == ',')
        .filter(|c| *c != ',')
        .collect();
    num.parse().ok()
}

/// The place (from 1) of the option whose shown price is the `k`-th distinct one from the low
/// (`high`: from the high) end, when no other option shares it.
fn by_price(prices: &[Option<f64>], k: usize, high: bool) -> Option<usize> {
    let mut vals: Vec<f64> = prices.iter().flatten().copied().collect();
    vals.sort_by(|a, b| a.partial_cmp(b).unwrap());
    vals.dedup();
    if high {
        vals.reverse();
    }
    let v = *vals.get(k - 1)?;
    let at: Vec<usize> = prices
        .iter()
        .enumerate()
        .filter(|(_, p)| p.is_some_and(|p| (p - v).abs() < 1e-9))
        .map(|(i, _)| i + 1)
        .collect();
    (at.len() == 1).then(|| at[0])
}

/// The option one step up (`up`) or down the shown price column from the option at `from`.
fn next_in_price(prices: &[Option<f64>], from: usize, up: bool) -> Option<usize> {
    let p = prices.get(from - 1).copied().flatten()?;
    let beyond: Vec<f64> = prices
        .iter()
        .flatten()
        .copied()
        .filter(|q| if up { *q > p + 1e-9 } else { *q < p - 1e-9 })
        .collect();
    let v = if up {
        beyond.iter().copied().fold(f64::MAX, f64::min)
    } else {
        beyond.iter().copied().fold(f64::MIN, f64::max)
    };
    let at: Vec<usize> = prices
        .iter()
        .enumerate()
        .filter(|(_, q)| q.is_some_and(|q| (q - v).abs() < 1e-9))
        .map(|(i, _)| i + 1)
        .collect();
    (at.len() == 1).then(|| at[0])
}

/// Every list step x every position word in both locales (and at the card steps every rank
/// over the shown price column): the option at that place or asked back, never another.
#[test]
fn a_place_or_rank_picks_the_option_as_shown() {
    let w = world();
    let mut t = Tally::default();
    let mut n = 0;
    for zh in [false, true] {
        let lang = if zh { Lang::Zh } else { Lang::En };
        for (step, taps) in PATHS {
            let base = who(&format!("du-base-{step}-{zh}"), zh);
            let replies = reach(&w, &base, taps);
            let before = state(&w, &base);
            let options: Vec<(String, String)> = replies
                .iter()
                .flat_map(|r| r.choices.iter())
                .map(|c| (c.id.clone(), Localizer::get().format(lang, &c.label)))
                .collect();
            let count = options.len();
            assert!(count >= 2, "{step}: {count} options");
            let tapped: Vec<Vec<(String, Value)>> = options
                .iter()
                .enumerate()
                .map(|(k, (id, _))| {
                    let me = who(&format!("du-tap-{step}-{zh}-{k}"), zh);
                    reach(&w, &me, taps);
                    w.bot.handle(&me, Input::Choice(id.clone()));
                    changed(&before, &state(&w, &me))
                })
                .collect();
            let mut phrases: Vec<(String, Option<usize>)> = if zh { PLACES_ZH } else { PLACES_EN }
                .iter()
                .map(|(p, f)| (p.to_string(), f(count)))
                .collect();
            if step.starts_with("card") {
                let prices: Vec<Option<f64>> =
                    options.iter().map(|(_, l)| shown_price(l)).collect();
                let card = if zh { "张" } else { "one" };
                let ranks: Vec<(String, Option<usize>)> = if zh {
                    vec![
                        ("最便宜的那张".into(), by_price(&prices, 1, false)),
                        ("第二便宜的".into(), by_price(&prices, 2, false)),
                        ("第二便宜的那张".into(), by_price(&prices, 2, false)),
                        ("第三便宜的吧".into(), by_price(&prices, 3, false)),
                        ("最贵的那张".into(), by_price(&prices, 1, true)),
                        ("第二贵的".into(), by_price(&prices, 2, true)),
                        (
                            format!("比第一{card}贵一档的那张"),
                            next_in_price(&prices, 1, true),
                        ),
                        (
                            "第一张太挤了，要比它贵一档的那张".into(),
                            next_in_price(&prices, 1, true),
                        ),
                        (
                            "比第二个便宜一档的".into(),
                            next_in_price(&prices, 2, false),
                        ),
                        ("比第二个贵一档的".into(), next_in_price(&prices, 2, true)),
                    ]
                } else {
                    vec![
                        ("the cheapest one".into(), by_price(&prices, 1, false)),
                        ("the second cheapest".into(), by_price(&prices, 2, false)),
                        (
                            "fair, show me the secon cheapest then".into(),
                            by_price(&prices, 2, false),
                        ),
                        ("the 3rd cheapest one".into(), by_price(&prices, 3, false)),
                        ("the most expensive one".into(), by_price(&prices, 1, true)),
                        ("second most expensive".into(), by_price(&prices, 2, true)),
                        (
                            "the next one up in price from the first".into(),
                            next_in_price(&prices, 1, true),
                        ),
                        (
                            "one step pricier than the second one".into(),
                            next_in_price(&prices, 2, true),
                        ),
                        (
                            "the one a bit cheaper than the second".into(),
                            next_in_price(&prices, 2, false),
                        ),
                    ]
                };
                phrases.extend(ranks);
            }
            for (p, want) in phrases {
                n += 1;
                let me = who(&format!("du-{step}-{zh}-{n}"), zh);
                reach(&w, &me, taps);
                let a = w.bot.handle(&me, Input::Text(p.clone())).replies;
                let got = changed(&before, &state(&w, &me));
                let said = message_ids(&a);
                let case = format!("{step} < {p:?} (want {want:?} of {count}): {said:?} {got:?}");
                judge(&mut t, case, &got, &said, &tapped, want);
            }
        }
    }
    report_and_check(&t, n);
}

/// A rank relative to an option (`比它贵一档的那张`, `one up from that one`) with none named or
/// chosen before it is asked back, never a card guessed.
#[test]
fn a_relative_rank_with_no_reference_is_asked_back() {
    let w = world();
    let mut wrong = Vec::new();
    for (zh, p) in [
        (true, "要比它贵一档的那张"),
        (true, "便宜一档的那个"),
        (false, "the one a step pricier than that"),
        (false, "one cheaper than it"),
    ] {
        let me = who(&format!("du-noref-{p}"), zh);
        reach(&w, &me, &["#2", "#1", "#1", "#1", "#1"]);
        let before = state(&w, &me);
        let a = w.bot.handle(&me, Input::Text(p.into())).replies;
        let got = changed(&before, &state(&w, &me));
        let said = message_ids(&a);
        if !got.is_empty() || !said.iter().any(|i| i == "pick-rank-ask") {
            wrong.push(format!("{p:?}: {said:?} {got:?}"));
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
}

fn report_and_check(t: &Tally, n: usize) {
    println!(
        "places and ranks: {n} phrases: {} taken, {} asked back; refused {}, wrong {}, other {}\nrefused: {:#?}\nwrong: {:#?}\nother: {:#?}",
        t.taken,
        t.asked,
        t.refused.len(),
        t.wrong.len(),
        t.other.len(),
        t.refused,
        t.wrong,
        t.other
    );
    assert!(n >= 200, "{n} phrases generated");
    assert!(t.wrong.is_empty(), "another option taken: {:#?}", t.wrong);
    assert!(t.refused.is_empty(), "refused: {:#?}", t.refused);
    assert!(t.other.is_empty(), "read as something else: {:#?}", t.other);
}

/// Need phrases said as an inability or a situation, with the needs they set (real-name
/// refused; payment keys kept; an invoice wanted).
const NEED_CASES: &[(bool, &str, bool, &[&str], bool)] = &[
    (true, "不方便做實名認證", true, &[], false),
    (true, "不方便做实名", true, &[], false),
    (true, "我这边做不了实名认证", true, &[], false),
    (true, "没法做大陆的实名", true, &[], false),
    (true, "没有国内手机号", true, &[], false),
    (true, "我没有大陆手机号，也没有身份证", true, &[], false),
    (true, "我是交换生，没有大陆身份证", true, &[], false),
    (true, "只能用支付包", false, &["alipay"], false),
    (true, "支付包可以", false, &["alipay"], false),
    (
        true,
        "公司只能对公转账开票",
        false,
        &["bank_transfer"],
        true,
    ),
    (
        true,
        "只能走对公转账，要开发票",
        false,
        &["bank_transfer"],
        true,
    ),
    (false, "can not do chinese realname", true, &[], false),
    (
        false,
        "i can't do chinese real-name verification",
        true,
        &[],
        false,
    ),
    (
        false,
        "im foreigner and have no chinese phone number",
        true,
        &[],
        false,
    ),
    (
        false,
        "I don't have a chinese phone number",
        true,
        &[],
        false,
    ),
    (
        false,
        "no chinese ID card, i am foreigner",
        true,
        &[],
        false,
    ),
    (false, "unable to do the realname check", true, &[], false),
    (
        false,
        "our company can only pay by bank transfer and we need an invoice",
        false,
        &["bank_transfer"],
        true,
    ),
];

/// Whether the state's needs hold what a case says.
fn needs_hold(s: &Value, nrn: bool, pays: &[&str], invoice: bool) -> bool {
    let needs = &s["needs"];
    let payments: Vec<&str> = needs["payments"]
        .as_array()
        .map(|a| a.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    (!nrn || needs["no_real_name"] == Value::Bool(true))
        && pays.iter().all(|p| payments.contains(p))
        && (!invoice || needs["invoice"] == Value::Bool(true))
}

/// Need phrases x the barriers step and a first sentence: the need kept, never refused.
#[test]
fn a_need_said_as_inability_or_situation_is_the_barrier() {
    let w = world();
    let mut missed = Vec::new();
    let mut n = 0;
    for (zh, p, nrn, pays, invoice) in NEED_CASES {
        // At the barriers step.
        n += 1;
        let me = who(&format!("du-need-b-{n}"), *zh);
        reach(&w, &me, &["#1", "#1", "#1", "#1", "#1", "#1"]);
        let a = w.bot.handle(&me, Input::Text((*p).into())).replies;
        let s = state(&w, &me);
        let said = message_ids(&a);
        if !needs_hold(&s, *nrn, pays, *invoice) || said.iter().any(|i| i == "pick-invalid") {
            missed.push(format!("barriers < {p:?}: {said:?} {}", s["needs"]));
        }
        // In a first sentence.
        n += 1;
        let me = who(&format!("du-need-f-{n}"), *zh);
        w.bot.handle(&me, Input::Text("/pick".into()));
        let first = if *zh {
            format!("想用lora微调qwen2.5 7b，跑3个小时，{p}")
        } else {
            format!("i want to lora finetune qwen2.5 7b for 3 hours, {p}")
        };
        let a = w.bot.handle(&me, Input::Text(first.clone())).replies;
        let s = state(&w, &me);
        let said = message_ids(&a);
        if !needs_hold(&s, *nrn, pays, *invoice) {
            missed.push(format!("first < {first:?}: {said:?} {}", s["needs"]));
        }
    }
    println!("needs: {} of {n} missed:\n{missed:#?}", missed.len());
    // Before (main 7f96b317): 24 of 36 missed. After: none.
    assert!(missed.is_empty(), "{missed:#?}");
}

/// Options chosen by description words with a range or a paraphrase, and a total over a span
/// said in a first sentence: (locale zh, taps, line, the state field and value wanted).
const DESCRIBED: &[(bool, &[&str], &str, &str, &str)] = &[
    (true, &[], "几小时到几天那种", "task", "\"fine_tune\""),
    (true, &[], "几分钟到几小时那种", "task", "\"experiment\""),
    (
        true,
        &[],
        "每天跑几小时或者一直在线那种",
        "task",
        "\"serve\"",
    ),
    (false, &[], "the hours to days one", "task", "\"fine_tune\""),
    (
        false,
        &[],
        "minutes to hours kind",
        "task",
        "\"experiment\"",
    ),
    (
        true,
        &["#2", "#1"],
        "只训练适配器、底座不压缩的那个",
        "method",
        "\"lora\"",
    ),
    (
        true,
        &["#2", "#1"],
        "底座不量化的那个",
        "method",
        "\"lora\"",
    ),
    (
        true,
        &["#2", "#1"],
        "底座压到4位的那个",
        "method",
        "\"qlora\"",
    ),
    (
        false,
        &["#2", "#1"],
        "the one that does not compress the base",
        "method",
        "\"lora\"",
    ),
    (
        true,
        &["#3", "#1", "#1", "#1", "#1"],
        "挂服务那个",
        "usage",
        "\"always\"",
    ),
    (
        false,
        &["#3", "#1", "#1", "#1", "#1"],
        "the serving one",
        "usage",
        "\"always\"",
    ),
];

/// Described lines missed at most. Before (main 7f96b317): 6 of 11 (the ranges `几小时到几天`,
/// `hours to days`, `minutes to hours` asked back). After the range unit: 3, the negated
/// paraphrases (`底座不量化的`, `does not compress the base`) and `the serving one`, asked back or
/// refused, never another option.
const DESCRIBED_MISSED_AT_MOST: usize = 3;

#[test]
fn options_by_described_ranges_and_paraphrases() {
    let w = world();
    let mut missed = Vec::new();
    for (i, (zh, taps, line, field, want)) in DESCRIBED.iter().enumerate() {
        let me = who(&format!("du-desc-{i}"), *zh);
        reach(&w, &me, taps);
        let a = w.bot.handle(&me, Input::Text((*line).into())).replies;
        let s = state(&w, &me);
        let got = s[*field].to_string().to_lowercase();
        if !got.contains(&want.to_lowercase()) {
            missed.push(format!("{line:?}: {field}={got} {:?}", message_ids(&a)));
        }
    }
    println!(
        "described: {} of {} missed: {missed:#?}",
        missed.len(),
        DESCRIBED.len()
    );
    assert!(missed.len() <= DESCRIBED_MISSED_AT_MOST, "{missed:#?}");
}

/// A total over a span (`周末两天一共跑个十小时`, `10 hours in total over the weekend`) in a first
/// sentence is one run of the total; hours a day over a span stay a day's.
#[test]
fn a_total_over_a_span_is_one_run_of_the_total() {
    let w = world();
    let mut missed = Vec::new();
    for (i, (zh, line, hours)) in [
        (
            true,
            "想用lora微调qwen2.5 7b，周末两天一共跑个十小时左右",
            10.0,
        ),
        (
            true,
            "用qlora训练llama 3.1 8b，这周三天总共跑15个小时",
            15.0,
        ),
        (true, "微调qwen2.5 7b，两天加起来大概跑8小时", 8.0),
        (
            false,
            "lora finetune qwen2.5 7b, about 10 hours in total over the weekend",
            10.0,
        ),
        (
            false,
            "finetune llama 3.1 8b with qlora, 12 hours total across two days",
            12.0,
        ),
    ]
    .into_iter()
    .enumerate()
    {
        let me = who(&format!("du-total-{i}"), zh);
        w.bot.handle(&me, Input::Text("/pick".into()));
        let a = w.bot.handle(&me, Input::Text(line.into())).replies;
        let s = state(&w, &me);
        let u = &s["usage"];
        let got = u["one_off"]["hours"]
            .as_str()
            .and_then(|h| h.parse::<f64>().ok())
            .or_else(|| u["one_off"]["hours"].as_f64());
        if got.is_none_or(|g| (g - hours).abs() > 0.01) {
            missed.push(format!("{line:?}: usage {u} {:?}", message_ids(&a)));
        }
    }
    println!("totals: {missed:#?}");
    assert!(missed.is_empty(), "{missed:#?}");
}
