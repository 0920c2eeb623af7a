//! An option chosen by a property its list carries (issue 26 §4, helper und_dl): `the biggest
//! one` at the model step is the model with the most parameters offered, `最短的那个` at the
//! context step the shortest window, `the fastest one` at the card step the fastest card offered,
//! `the most precise one` at the precision step the most bits. The word says the property and
//! its end ([`lexicon::extreme_said`]); the values are the step's own options', read from the
//! catalog, the fit engine and the prices, never a list per step of words to options. A property
//! the step's options do not carry, or carry unknown for some, or an extreme two options share,
//! is asked back: never guessed.

use super::state::{PickState, Step, TaskKind};
use crate::context::Ctx;
use crate::lexicon::{self, Property};
use crate::reply::{Choice, Msg};
use crate::vram::Quant;

/// What the property reading found.
pub(super) enum ByProperty {
    /// The option (its choice id and label) at the property's end.
    Taken(String, Msg),
    /// The property said, but no option can be chosen by it here: the options do not carry it
    /// or not each a known value (no labels), or two or more share its end (their labels).
    Cannot(Property, Vec<Msg>),
}

/// Words that say nothing beside the property word (`the … one`, `…的那个`, `i'll take the …`)
/// and the step's things named (`card`, `model`, `上下文`): the line must be the choice alone.
const FILLER: &[&str] = &[
    "the",
    "one",
    "ones",
    "a",
    "an",
    "option",
    "choice",
    "please",
    "pls",
    "plz",
    "i",
    "i'll",
    "ill",
    "i'd",
    "take",
    "give",
    "me",
    "just",
    "then",
    "go",
    "with",
    "pick",
    "choose",
    "use",
    "want",
    "let's",
    "lets",
    "that",
    "this",
    "ok",
    "okay",
    "card",
    "gpu",
    "show",
    "model",
    "context",
    "window",
    "method",
    "precision",
    "length",
    "price",
    "memory",
    "vram",
    "那一个",
    "那一张",
    "那个",
    "这个",
    "一个",
    "那张",
    "这张",
    "给我",
    "上下文",
    "模型",
    "显存",
    "精度",
    "价格",
    "的",
    "个",
    "张",
    "吧",
    "就",
    "选",
    "要",
    "用",
    "来",
    "呗",
    "啊",
    "了",
    "那",
    "这",
    "款",
    "种",
    "我",
    "卡",
    // Words of taking it as enough (`the shortest is fine`, `最短的就够了`, `挑最省钱的`) and
    // of pointing at the option (`whichever …`, `the one with …`, `the one that uses …`).
    "is",
    "fine",
    "good",
    "enough",
    "whichever",
    "whatever",
    "uses",
    "has",
    "挑",
    "那种",
    "行",
    "够",
    "好",
    "可以",
];

/// The clause of `text` a property word stands in, and whether every other clause states
/// nothing a step reads (no figure, no other property): `the longest one, I'm feeding it
/// whole papers`, `最短的就够了，数据都是短句子`.
fn property_clause(text: &str) -> Option<(Property, bool, String)> {
    let clauses: Vec<&str> = text
        .split(|c: char| ",，;；。!！".contains(c))
        .map(str::trim)
        .filter(|c| !c.is_empty())
        .collect();
    let mut found = None;
    for c in &clauses {
        match lexicon::extreme_said(c) {
            Some(said) if found.is_none() => found = Some(said),
            Some(_) => return None,
            None if c.chars().any(|x| x.is_ascii_digit()) => return None,
            None => {}
        }
    }
    found
}

/// Whether `rest` (the line with the property word taken out) holds only filler.
fn only_filler(rest: &str) -> bool {
    let mut words: Vec<&str> = FILLER.to_vec();
    words.sort_by_key(|w| std::cmp::Reverse(w.len()));
    rest.split(|c: char| c.is_whitespace() || (c.is_ascii_punctuation() && c != '\''))
        .chain(std::iter::once(""))
        .all(|w| {
            let mut w = w
                .trim_matches(|c: char| !c.is_alphanumeric() && c != '\'')
                .to_string();
            for f in &words {
                if !f.is_ascii() {
                    w = w.replace(f, "");
                }
            }
            let w = w.trim_matches(|c: char| !c.is_alphanumeric());
            w.is_empty() || words.contains(&w)
        })
}

/// The option `text` chooses by a property, or why it cannot; `None` when it names no property
/// or says more than the choice.
pub(super) fn by_property(ctx: &Ctx, state: &PickState, text: &str) -> Option<ByProperty> {
    nth_by_property(ctx, state, text, 1)
}

/// [`by_property`] at the `nth` distinct value from the property's end (`第二便宜的`: 2), as
/// the step shows its options; a value two options share there is asked back.
pub(super) fn nth_by_property(
    ctx: &Ctx,
    state: &PickState,
    text: &str,
    nth: usize,
) -> Option<ByProperty> {
    let lower = text.to_lowercase();
    // `which is the fastest?` asks; it is answered, never taken as a choice.
    if lower.contains(['?', '？', '吗']) {
        return None;
    }
    let (property, high, rest) = property_clause(&lower)?;
    if !only_filler(&rest) {
        return None;
    }
    let choices = super::ask::ask(ctx, state).choices;
    let Some(values) = values(ctx, state, &choices, property) else {
        return Some(ByProperty::Cannot(property, Vec::new()));
    };
    let known: Option<Vec<(usize, f64)>> = values.iter().map(|(i, v)| v.map(|v| (*i, v))).collect();
    let Some(known) = known.filter(|k| k.len() >= 2) else {
        return Some(ByProperty::Cannot(property, Vec::new()));
    };
    let mut ends: Vec<f64> = known.iter().map(|(_, v)| *v).collect();
    ends.sort_by(|a, b| a.total_cmp(b));
    ends.dedup_by(|a, b| (*a - *b).abs() < 1e-9);
    if high {
        ends.reverse();
    }
    let Some(&end) = ends.get(nth.max(1) - 1) else {
        return Some(ByProperty::Cannot(property, Vec::new()));
    };
    let at: Vec<usize> = known
        .iter()
        .filter(|(_, v)| (*v - end).abs() < 1e-9)
        .map(|(i, _)| *i)
        .collect();
    // Several counts of one card level on a property of the card (`頻寬最高那張`): the card is
    // chosen, at the count the step lists first (its cheapest), and said with its label.
    let one_card = |i: &usize| choices[*i].id.rsplit_once(':').map(|(g, _)| g.to_string());
    let same_card = at.len() > 1
        && property == Property::Bandwidth
        && at
            .iter()
            .all(|i| one_card(i).is_some() && one_card(i) == one_card(&at[0]));
    match at[..] {
        [i] => Some(ByProperty::Taken(
            choices[i].id.clone(),
            choices[i].label.clone(),
        )),
        [i, ..] if same_card => Some(ByProperty::Taken(
            choices[i].id.clone(),
            choices[i].label.clone(),
        )),
        _ => Some(ByProperty::Cannot(
            property,
            at.iter().map(|i| choices[*i].label.clone()).collect(),
        )),
    }
}

/// Whether a whole line only chooses by a property (`fine, the cheapest one then`, `最短的就够了`):
/// a choice, never a question to answer beside /pick.
pub(super) fn only_chooses(text: &str) -> bool {
    let lower = text.to_lowercase();
    // `show me the second cheapest then`: a rank before the property chooses as well.
    let lower = lexicon::place_rank_said(&lower).map_or(lower, |(_, rest)| rest);
    !lower.contains(['?', '？', '吗'])
        && property_clause(&lower).is_some_and(|(.., rest)| only_filler(&rest))
}

/// Each offered option (its index among `choices`) with its value in `property`; `None` when
/// the step's options do not carry it.
pub(super) fn values(
    ctx: &Ctx,
    state: &PickState,
    choices: &[Choice],
    property: Property,
) -> Option<Vec<(usize, Option<f64>)>> {
    let each = |prefix: &str, f: &dyn Fn(&str) -> Option<f64>| -> Vec<(usize, Option<f64>)> {
        choices
            .iter()
            .enumerate()
            .filter_map(|(i, c)| c.id.strip_prefix(prefix).map(|v| (i, v)))
            .filter(|(_, v)| *v != "unsure")
            .map(|(i, v)| (i, f(v)))
            .collect()
    };
    let tune = state.task == Some(TaskKind::FineTune);
    match (state.step, property) {
        (Step::Model, Property::Size) if state.media.is_none() => Some(each("m:", &|id| {
            ctx.catalog.model(id).ok().map(|m| m.params_b)
        })),
        (Step::Method, Property::Precision | Property::Size) => {
            Some(each("q:", &|k| method_value(k, tune, property)))
        }
        (Step::Context, Property::Length | Property::Size) => {
            Some(each("c:", &|n| n.parse::<f64>().ok()))
        }
        (Step::Concurrency, Property::Size) => Some(each("n:", &|n| n.parse::<f64>().ok())),
        (Step::Usage, Property::Length) => Some(each("u:", &usage_hours)),
        (Step::Card, _) if state.media.is_none() => {
            Some(card_values(ctx, state, choices, property))
        }
        _ => None,
    }
}

/// Each card option's price (its cheapest total for the job), memory (of all its cards) or
/// speed (its decode rate where the fit engine gives one for every option, else its dense
/// 16-bit TFLOPS times its cards); unknown where the catalog does not say.
fn card_values(
    ctx: &Ctx,
    state: &PickState,
    choices: &[Choice],
    property: Property,
) -> Vec<(usize, Option<f64>)> {
    use rust_decimal::prelude::ToPrimitive;
    let priced = if property == Property::Price {
        super::card::card_options(ctx, state, choices.len() * 5)
    } else {
        Vec::new()
    };
    let price = |gpu: &str, n: u32| {
        priced
            .iter()
            .find(|(o, _)| o.gpu == gpu && o.cards == n)
            // As the button shows it (`¥8.49`): two prices the list shows equal are level,
            // whatever cents' fractions lie behind them.
            .and_then(|(_, t)| t.and_then(|t| shown(t).to_f64()))
    };
    let fitted = super::card::fit_report(ctx, state).map_or_else(Vec::new, |r| r.options);
    let rate = |gpu: &str, n: u32| {
        fitted
            .iter()
            .find(|o| o.gpu == gpu && o.cards == n)
            .and_then(|o| o.decode_tok_s)
    };
    let offered: Vec<(usize, &str, u32)> = choices
        .iter()
        .enumerate()
        .filter_map(|(i, c)| {
            let (gpu, n) = c.id.strip_prefix("g:")?.rsplit_once(':')?;
            Some((i, gpu, n.parse().ok()?))
        })
        .collect();
    let decode = offered.iter().all(|(_, g, n)| rate(g, *n).is_some());
    offered
        .iter()
        .map(|&(i, gpu, n)| {
            let card = ctx.catalog.gpu(gpu).ok();
            let v = match property {
                Property::Price => price(gpu, n),
                Property::Size => card.map(|g| g.vram_gb * f64::from(n)),
                Property::Speed if decode => rate(gpu, n),
                Property::Speed => card
                    .and_then(|g| g.fp16_tflops.known().copied())
                    .map(|t| t * f64::from(n)),
                // Per card: cards do not add up to one card's bandwidth.
                Property::Bandwidth => card.and_then(|g| g.bandwidth_gbps()),
                Property::Length | Property::Precision => None,
            };
            (i, v)
        })
        .collect()
}

/// A price as the card's button prints it (`billing::format_money`'s rounding).
fn shown(total: rust_decimal::Decimal) -> rust_decimal::Decimal {
    let cents = if total.abs() >= rust_decimal::Decimal::new(1, 1) {
        2
    } else {
        // Under 0.1 the button prints three significant digits: keep them all.
        28
    };
    total.round_dp_with_strategy(cents, rust_decimal::RoundingStrategy::MidpointAwayFromZero)
}

/// A method's bits per weight (precision), or what it holds in memory (size): for inference
/// both are the weights' bits; a fine-tune keeps a 16-bit base under LoRA and full training
/// and a 4-bit one under QLoRA, and full training holds the most (gradients and optimizer
/// state of every weight), QLoRA the least.
fn method_value(key: &str, tune: bool, property: Property) -> Option<f64> {
    if tune {
        let (bits, memory) = match key {
            "full" => (16.0, 3.0),
            "lora" => (16.0, 2.0),
            "qlora" => (4.0, 1.0),
            _ => return None,
        };
        return Some(if property == Property::Precision {
            bits
        } else {
            memory
        });
    }
    Quant::ALL
        .iter()
        .find(|q| q.key() == key)
        .map(Quant::linear_bits)
}

/// The hours a usage option bills for: a run's hours, 30 days of a daily run, a 730-hour month.
fn usage_hours(key: &str) -> Option<f64> {
    match key {
        "always" => Some(730.0),
        k => match k.strip_prefix("daily") {
            Some(h) => h.strip_suffix('h')?.parse::<f64>().ok().map(|h| h * 30.0),
            None => k.strip_suffix('h')?.parse::<f64>().ok(),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn filler_only_around_the_word() {
        assert!(only_filler("the   one"));
        assert!(only_filler(" 的那个"));
        assert!(only_filler("i'll take the  card"));
        assert!(!only_filler("the  one for 8 hours"));
        assert!(!only_filler("哪个 ？")); // `哪个最便宜？` asks, never chooses
        assert!(only_filler("the  is fine"));
        assert!(only_filler("挑 的"));
    }

    #[test]
    fn a_reason_beside_the_property_is_kept_a_figure_is_not() {
        let read = |t: &str| property_clause(t).map(|(p, h, _)| (p, h));
        assert_eq!(
            read("the longest one, i'm feeding it whole papers"),
            Some((Property::Length, true))
        );
        assert_eq!(
            read("最短的就够了，数据都是短句子"),
            Some((Property::Length, false))
        );
        assert_eq!(read("the cheapest, 8 hours a day"), None);
        assert_eq!(read("the cheapest, the fastest"), None);
    }

    #[test]
    fn usage_options_in_hours_billed() {
        assert_eq!(usage_hours("1h"), Some(1.0));
        assert_eq!(usage_hours("daily4h"), Some(120.0));
        assert_eq!(usage_hours("always"), Some(730.0));
        assert_eq!(usage_hours("x"), None);
    }

    #[test]
    fn methods_by_bits_and_memory() {
        // AWQ stores 4 bits and its group scales: fewer than INT8, more than none.
        let awq = method_value("awq", false, Property::Size).unwrap();
        assert!(awq > 4.0 && awq < method_value("int8", false, Property::Size).unwrap());
        assert_eq!(method_value("bf16", false, Property::Precision), Some(16.0));
        assert_eq!(method_value("qlora", true, Property::Size), Some(1.0));
        assert_eq!(method_value("full", true, Property::Size), Some(3.0));
    }
}
