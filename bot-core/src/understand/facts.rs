//! What one sentence says, without an intent: the facts `/pick` keeps at whatever step they
//! come (model, method, duration, card, barriers, budget), read with the same entities and
//! lexicon plain questions get.

use super::at_hand::{amount_word, budget_lead, currency_word};
use super::entities::entities;
use super::price::find_price;
use super::request::Usage;
use super::text::{has, normalize, tokens};
use crate::catalog::Catalog;
use crate::lexicon::{NEED_PHRASES, Need, phrase_is_topic_only};
use crate::vram::Task;
use rust_decimal::Decimal;

/// What one sentence says.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct Facts {
    /// Catalog model id.
    pub model: Option<String>,
    /// A model size written without a family (`72b`), in billions of parameters.
    pub params_b: Option<f64>,
    /// A training method written out (`lora`, `qlora`, `full`).
    pub training: Option<&'static str>,
    /// A fine-tune said without its method (`微调`, `finetune`).
    pub tuning: bool,
    /// A quantization key (`int4`, `awq`).
    pub quant: Option<String>,
    /// How long one run takes, in seconds.
    pub seconds: Option<Decimal>,
    /// Said to run every day (`每天`, `daily`, `a day`).
    pub daily: bool,
    /// Said to stay on (`一直在线`, `24/7`).
    pub always: bool,
    /// The first card named, with its count (`2张4090`).
    pub gpu: Option<(String, u32)>,
    /// No real-name check wanted (`不想实名`).
    pub no_real_name: bool,
    /// Payment methods the user has (`只有支付宝` → `alipay`; `没有信用卡` is not `card`).
    pub payments: Vec<&'static str>,
    /// Payment methods the user says they lack (`没有信用卡`).
    pub lacks: Vec<&'static str>,
    /// Of [`Facts::payments`], those said as had, not as the only way (`我有信用卡`, `I do have
    /// a credit card`: `lexicon::payment_held_before`): `/pick` keeps no filter for them.
    pub held: Vec<&'static str>,
    /// A budget (`预算50`, `budget $20`), in the amount's own currency.
    pub budget: Option<Decimal>,
    /// The region of the platforms wanted (`国内`, `outside china`: `cn` or `global`).
    pub region: Option<&'static str>,
    /// A place machines are wanted in, as said (`美国`, `europe`), to say back.
    pub place: Option<&'static str>,
    /// That place's region text (`us`, `eu`, `hk`: `lexicon::PLACES`), which platforms are
    /// checked against by their sourced region lists (`lexicon::platform_in_place`).
    pub place_text: Option<&'static str>,
    /// The place or region was said as where the person or the company is (`我人在美国`,
    /// `we're an EU company`, `我在海外`): kept as a preference, and said back as assumed.
    pub home: bool,
    /// Every place said to do (`不限地区`, `anywhere`): a place kept is dropped.
    pub any_place: bool,
    /// An invoice wanted for the books (`需要开发票`), which no platform's record holds.
    pub invoice: bool,
    /// The budget's currency when the sentence writes one (`¥`, `元`, `块`, `$`, `刀`, `usd`);
    /// `None` for a bare amount, which the chat's currency reads.
    pub budget_currency: Option<&'static str>,
    /// A context window in tokens, read as a plain question reads it (`qwen2.5 7b 4k 3小时`,
    /// `8k上下文`): a bare `k` count is a window wherever it stands, never a length or a card;
    /// money (`预算2k`, `$2k`) never one.
    pub context: Option<u32>,
}

impl Facts {
    /// Whether the sentence said anything `/pick` keeps.
    pub fn any(&self) -> bool {
        self.model.is_some()
            || self.params_b.is_some()
            || self.training.is_some()
            || self.quant.is_some()
            || self.seconds.is_some()
            || self.always
            || self.gpu.is_some()
            || self.no_real_name
            || !self.payments.is_empty()
            || !self.lacks.is_empty()
            || self.budget.is_some()
            || self.region.is_some()
            || self.place_text.is_some()
            || self.any_place
            || self.invoice
    }
}

/// Words that say the sentence is about money to spend, before an amount: the lexicon's budget
/// nouns (`预算`, `budget`, `经费`) and its bounds on spending (`最多花`, `控制在`, and the
/// ceiling words of a bound at most: `不超过`, `at most`, `up to`, `最多`). One table each in
/// the lexicon. Money at hand (`i have`, `只有`) is no cue here: its words come before much
/// else than money, so [`at_hand`] reads it, with its guard.
fn budget_cues() -> impl Iterator<Item = &'static str> {
    crate::lexicon::BUDGET_WORDS
        .iter()
        .copied()
        .chain(crate::lexicon::spend_bounds())
        .chain(crate::lexicon::SUM_BEFORE.iter().copied())
}

/// Whether the amount after a ceiling word at `cue` (its end `at`) is a cap or a count, not a
/// budget: an hour said right before the word (`每小时不超过3块`, `一小时最多两块`) or after the
/// amount (`最多3块一小时`), or a count's noun after a bare number (`最多3张卡`, `max 2 gpus`).
fn bound_not_budget(norm: &str, cue: usize, at: usize) -> bool {
    let before = norm[..cue].trim_end();
    let spaced = format!(" {before}");
    if crate::lexicon::PER_HOUR.iter().any(|h| spaced.ends_with(h)) {
        return true;
    }
    let rest = budget_lead(&norm[at..]);
    let mut words = rest.split_whitespace();
    let Some(first) = words.next() else {
        return true;
    };
    if find_price(first).is_some_and(|(p, _)| p.per.is_some()) {
        return true;
    }
    let bare = first
        .trim_start_matches(['$', '¥'])
        .chars()
        .all(|c| c.is_ascii_digit() || c == '.');
    bare && words
        .next()
        .is_some_and(|w| currency_word(w).is_none() && w.starts_with(|c: char| c.is_alphabetic()))
}

/// The size every model asked back has in its name (`llama-3.3-70b`, `llama-2-70b`: 70), when
/// they agree: what a family size said without its generation does settle.
fn shared_size(models: &[String]) -> Option<f64> {
    let sizes: Vec<f64> = models
        .iter()
        .map(|m| {
            crate::lexicon::model_size_in_name(m)?
                .ok()
                .map(|s| s.total_b)
        })
        .collect::<Option<_>>()?;
    let first = *sizes.first()?;
    sizes.iter().all(|s| *s == first).then_some(first)
}

/// Reads the facts of one sentence (no intent).
pub fn facts(catalog: &Catalog, text: &str) -> Facts {
    // A hedge before a number (`预算差不多50`) is dropped by `normalize`, for every reader.
    // `mistral small 3.1` said word by word is the catalog's name, as the reader's stages
    // join it (und_ee: /pick's sentences had lost the model).
    let norm = super::spelled_names::joined(catalog, &normalize(text));
    let toks = tokens(&norm);
    let mut e = entities(catalog, &toks);
    super::week_share::week_share(catalog, &toks, &mut e);
    let explicit = toks.iter().any(|t| {
        t.contains("lora") || t.contains("full") || t.contains("全参") || t.contains("全量")
    });
    let usage = e.usage.clone();
    let seconds = match usage {
        Some(Usage::Once(s)) | Some(Usage::Daily(s)) => Some(s),
        _ => None,
    };
    let mut f = Facts {
        // /pick sizes language models only; a family size with several generations keeps no
        // model it was not told (`llama 70b`), only the size they share, below.
        model: e
            .models
            .iter()
            .find(|m| catalog.find_model(m).is_some())
            .filter(|_| e.models_asked().is_none())
            .cloned(),
        params_b: e
            .sizes
            .first()
            .and_then(|s| crate::lexicon::params_b(s)?.ok())
            .or_else(|| shared_size(e.models_asked()?)),
        training: e
            .task
            .filter(|t| *t != Task::Infer && explicit)
            .map(super::request::task_word),
        tuning: e.task.is_some_and(|t| t != Task::Infer),
        quant: e.quant.map(|q| q.key().to_string()),
        seconds,
        // `2 hours a day` is daily; `for a day` is one run of a day.
        daily: matches!(usage, Some(Usage::Daily(_)))
            // The lexicon's words of "each day" (`天天`, `each day`, `/day` had been missing);
            // `a day` beside them, `for a day` is a length.
            || (has(&format!("{norm} "), &daily_words())
                && !has(&norm, &["for a day", "for one day"])
                && e.volume.is_none()),
        always: usage == Some(Usage::Always),
        // A card the user has is the reason to rent, never the card to rent.
        gpu: {
            let owned = super::own_card::owned_gpus(catalog, &norm);
            e.gpus
                .iter()
                .find(|c| !owned.contains(&c.gpu))
                .map(|c| (c.gpu.clone(), c.count))
        },
        ..Facts::default()
    };
    barriers(&norm, &mut f);
    place(&norm, &mut f);
    let is_card = |w: &str| catalog.find_gpu(w).is_some();
    if let Some((b, currency)) = budget(&norm)
        .or_else(|| budget_after(&norm))
        .or_else(|| super::at_hand::at_hand(&norm, is_card))
    {
        f.budget = Some(b);
        f.budget_currency = currency;
    }
    f.context = e
        .context
        .as_deref()
        .filter(|c| !money_beside(&toks, c) && !money_beside_text(&norm, c, is_card))
        .and_then(crate::lexicon::context_tokens)
        .filter(|t| (1024..=10_000_000).contains(t))
        .map(|t| t as u32);
    f
}

/// The same in the text, for a count glued to its budget word (`预算2k`), or after words of
/// money at hand where their guard reads money (`手头有2k`; `i have 8k context` is none).
fn money_beside_text(norm: &str, c: &str, is_card: impl Fn(&str) -> bool) -> bool {
    norm.match_indices(c).any(|(i, _)| {
        let before = norm[..i].trim_end();
        budget_cues().any(|w| before.ends_with(w))
            || before.ends_with(['$', '¥'])
            || crate::lexicon::at_hand_words().any(|w| {
                before.ends_with(w) && super::at_hand::money_after(&norm[i..], &is_card).is_some()
            })
    })
}

/// Whether the count `c` stands as money: after a budget word or a currency mark, or before a
/// currency word (`预算 2k`, `$2k`, `2k块`).
fn money_beside(toks: &[String], c: &str) -> bool {
    let Some(i) = toks.iter().position(|t| t == c) else {
        return false;
    };
    let before = i.checked_sub(1).map(|p| toks[p].as_str()).unwrap_or("");
    let after = toks.get(i + 1).map(String::as_str).unwrap_or("");
    budget_cues().any(|w| before.ends_with(w))
        || before.ends_with(['$', '¥'])
        || currency_word(after).is_some()
}

/// Whether the words before a payment method or the real name deny it: the lexicon's one
/// denial of a need, of having and of wanting alike (`没有信用卡`, `i don't have a credit card`,
/// `I don't want any real-name verification`, `不想要任何实名`).
fn denied_before(before: &str) -> bool {
    // `不能实名`, `i can't do kyc`: inability denies as not wanting does.
    crate::lexicon::need_denied_before(before) || crate::lexicon::unable_before(before)
}

/// Real-name and payment needs: `不想实名`, `只有支付宝`, `只能用微信`, `有信用卡`; a method
/// the sentence denies (`没有信用卡`, `no credit card`) is not one the user has.
fn barriers(norm: &str, f: &mut Facts) {
    for (w, b) in NEED_PHRASES {
        let Some(at) = norm.find(w) else { continue };
        let denied = denied_before(&norm[..at])
            || crate::lexicon::need_negated_after(norm, at + w.len())
            || crate::lexicon::unable_after(&norm[at + w.len()..]);
        // `实名` alone says neither way; only a sentence that refuses it (`不想实名`, `no实名`,
        // `without kyc`) is a need.
        if phrase_is_topic_only(w) {
            if denied && *b == Need::NoRealName {
                f.no_real_name = true;
            }
            continue;
        }
        match b {
            Need::NoRealName => f.no_real_name = true,
            Need::Pay(key) => {
                let key: &'static str = key;
                let list = if denied {
                    &mut f.lacks
                } else {
                    &mut f.payments
                };
                if !list.contains(&key) {
                    list.push(key);
                }
                if !denied
                    && crate::lexicon::payment_held_before(&norm[..at])
                    && !f.held.contains(&key)
                {
                    f.held.push(key);
                }
            }
            _ => {}
        }
    }
}

/// The region wanted (`国内`, `not in china`), a place machines are wanted in (`hosted in the
/// EU`, `香港的`: its region text, checked against each platform's sourced region list, never
/// widened to "outside mainland China", which would guess where a platform with no list has
/// its machines), and an invoice wanted.
fn place(norm: &str, f: &mut Facts) {
    let padded = format!(" {norm} ");
    f.region = super::needs_said::needs_said(&padded)
        .into_iter()
        .find_map(|n| match n {
            Need::Region(r) => Some(r),
            _ => None,
        });
    // A place asked for machines first; else where the person or company is, the same place
    // fact (a preference for latency, where the data lives, who can pay), flagged to be said
    // back as assumed.
    let asked = crate::lexicon::place_named(norm);
    let home = crate::lexicon::place_of_home(norm);
    // `I'm in the US` holds a phrase a place asked has too (`in the us`): the same place, where
    // the person is. A place asked elsewhere in the sentence (`我在香港，要美国的机器`) wins.
    if let Some((text, said)) = asked.filter(|(t, _)| home.is_none_or(|(h, _)| h != *t)) {
        f.place = Some(said);
        f.place_text = Some(text);
    } else if let Some((text, said)) = home {
        f.home = true;
        match text {
            "cn" | "global" => f.region = f.region.or(Some(text)),
            _ => {
                f.place = Some(said);
                f.place_text = Some(text);
            }
        }
    }
    f.any_place = crate::lexicon::any_place(norm) && f.place_text.is_none() && f.region.is_none();
    f.invoice = crate::lexicon::INVOICE_WORDS
        .iter()
        .any(|w| norm.contains(w));
}

/// `预算50`, `预算 ¥300`, `budget $20`, `预算30元`, `budget 30 yuan`, `2k吧` (alone, an amount is
/// the budget the step asks), with the currency written beside it, if any.
pub(super) fn budget(norm: &str) -> Option<(Decimal, Option<&'static str>)> {
    // Each budget word in turn, the first first: `i have a budget of 100` has its amount after
    // the second.
    let bounds: Vec<&str> = crate::lexicon::at_most_before().collect();
    let mut at: Vec<(usize, usize)> = budget_cues()
        .filter_map(|w| {
            let i = norm.find(w)?;
            // A ceiling word's amount, or a sum's (`总共`, `in total`), is a budget only when it
            // is no cap nor count (`in total 3 gpus`).
            let bounded = bounds.contains(&w) || crate::lexicon::SUM_BEFORE.contains(&w);
            let skip = bounded && bound_not_budget(norm, i, i + w.len());
            (!skip).then_some((i + w.len(), i))
        })
        .collect();
    at.sort_unstable();
    at.dedup_by_key(|(end, _)| *end);
    at.into_iter()
        .find_map(|(at, _)| budget_at(norm, at))
        .or_else(|| budget_before(norm))
}

/// Budget words an amount may come before (`50块预算`, `a $40 budget`, `两百的预算`); a sum's
/// words after it (`400 in total`) are the lexicon's `SUM_AFTER`.
const BUDGET_AFTER: &[&str] = &["预算", "budget"];

/// The budget said with its amount first: the amount (with its currency, glued or one word
/// apart) right before a budget word, `的` between allowed. A price (`2块/小时 预算呢`) is none:
/// only a currency may follow the number.
fn budget_before(norm: &str) -> Option<(Decimal, Option<&'static str>)> {
    let cues = BUDGET_AFTER.iter().chain(crate::lexicon::SUM_AFTER);
    cues.into_iter().find_map(|w| {
        norm.match_indices(w).find_map(|(at, _)| {
            let before = norm[..at].trim_end();
            let before = before.strip_suffix('的').unwrap_or(before).trim_end();
            let mut words = before.split_whitespace().rev();
            let last = words.next()?;
            // `两百的预算`: a Chinese numeral in digits (none before a counter is, in `normalize`).
            let zh: Vec<char> = last
                .chars()
                .rev()
                .take_while(|c| super::spoken_zh::digit(*c).is_some() || "十百千".contains(*c))
                .collect();
            let last = match zh.len() {
                0 => last.to_string(),
                n => {
                    let numeral: Vec<char> = zh.into_iter().rev().collect();
                    let head: String = last.chars().take(last.chars().count() - n).collect();
                    format!("{head}{}", super::spoken_zh::numeral_value(&numeral)?)
                }
            };
            // `300 dollar budget`: a currency word alone, its amount the word before.
            let said = if !last.chars().any(|c| c.is_ascii_digit()) {
                currency_word(&last)?;
                format!("{} {last}", words.next()?)
            } else {
                last
            };
            let chars: Vec<char> = said.chars().collect();
            let mut i = chars.iter().rposition(char::is_ascii_digit)? + 1;
            let tail: String = chars[i..].iter().collect();
            let tail = tail.trim().trim_start_matches(['k', 'w', '千', '万']);
            if !tail.is_empty() && currency_word(tail).is_none() {
                return None;
            }
            while i > 0 && (chars[i - 1].is_ascii_digit() || chars[i - 1] == '.') {
                i -= 1;
            }
            if i > 0 && ['$', '¥'].contains(&chars[i - 1]) {
                i -= 1;
            }
            let amount: String = chars[i..].iter().collect();
            budget_at(&amount, 0)
        })
    })
}

/// A budget whose ceiling word follows its amount (`$15 max`, `40 dollars at most`, `100块封顶`;
/// the lexicon's `CEILING_AFTER`): an amount written with its currency, never a price per hour
/// (`$2/hr max` is the cap's).
fn budget_after(norm: &str) -> Option<(Decimal, Option<&'static str>)> {
    let words: Vec<&str> = norm
        .split([' ', ',', '，', ';', '；', '、'])
        .filter(|w| !w.is_empty())
        .collect();
    let end_of = |w: &str| w.as_ptr() as usize - norm.as_ptr() as usize + w.len();
    words.iter().enumerate().find_map(|(i, w)| {
        let start = w.find(|c: char| c.is_ascii_digit() || c == '$' || c == '¥')?;
        // `100块封顶`: the ceiling glued to its amount.
        let glued = crate::lexicon::ceiling_words(crate::lexicon::CeilingSide::After)
            .find_map(|c| w.strip_suffix(c));
        let text = &glued.unwrap_or(w)[start..];
        let amount = amount_word(text)?;
        // `40 dollars at most`: the currency may be the next word.
        let next = words
            .get(i + 1)
            .filter(|n| !n.chars().any(|c| c.is_ascii_digit()))
            .filter(|n| currency_word(n).is_some());
        let cur = currency_word(text).or_else(|| next.and_then(|n| currency_word(n)))?;
        let end = match next.filter(|_| currency_word(text).is_none()) {
            Some(n) => end_of(n),
            None => end_of(w),
        };
        (glued.is_some() || crate::lexicon::ceiling_after(norm, end).is_some())
            .then_some((amount, Some(cur)))
    })
}

/// The budget whose amount starts at `at`, just after a budget word.
fn budget_at(norm: &str, at: usize) -> Option<(Decimal, Option<&'static str>)> {
    let rest = budget_lead(&norm[at..]);
    let mut words = rest.split_whitespace();
    let first = words.next()?;
    // `30元` and `30 yuan` alike: the amount's word, else the word after it when that word is
    // only a currency (`预算50 一块4090` keeps its card).
    let currency = currency_word(first).or_else(|| {
        words
            .next()
            .filter(|w| currency_word(w).is_some_and(|_| !w.chars().any(|c| c.is_ascii_digit())))
            .filter(|w| w.chars().count() <= 6)
            .and_then(currency_word)
    });
    if let Some((p, _)) = find_price(first) {
        let cur = match p.currency.as_deref() {
            Some("CNY") => Some("CNY"),
            Some("USD") => Some("USD"),
            _ => currency,
        };
        return Some(p.amount)
            .filter(|b| *b > Decimal::ZERO && *b < Decimal::from(10_000_000))
            .map(|b| (b, cur));
    }
    amount_word(first).map(|b| (b, currency))
}

/// The words that make hours daily: the lexicon's daily rhythm (`每天`, `everyday`, `每晚`), and
/// `a day`.
fn daily_words() -> Vec<&'static str> {
    crate::lexicon::daily_rhythm_words()
        .iter()
        .copied()
        .chain(["a day"])
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_ceiling_after_its_amount_is_the_budget() {
        for (t, amount, cur) in [
            (
                "qlora finetune of llama 3.1 8b, about 90 minutes, credit card only, $15 max",
                15,
                "USD",
            ),
            ("2 hours, 40 dollars at most", 40, "USD"),
            ("3个小时，100块封顶", 100, "CNY"),
            ("50 bucks tops", 50, "USD"),
        ] {
            let norm = normalize(t).to_lowercase();
            assert_eq!(
                budget_after(&norm),
                Some((Decimal::from(amount), Some(cur))),
                "{t}"
            );
        }
        // A price per hour is the cap's; a number with no currency is no money.
        for t in [
            "$2/hr max",
            "3 hours max",
            "一小时2块封顶",
            "8k context max",
            "$15 for 3 hours",
        ] {
            let norm = normalize(t).to_lowercase();
            assert_eq!(budget_after(&norm), None, "{t}");
        }
    }
}
