//! What every answer shares: the "not found" and storage-failure replies, and the localized
//! formatting of prices, tiers, dates and facts (`¥2.72/小时`, `按量`, `2025-06-21 *`).

use crate::billing::{PriceUnit, format_money};
use crate::catalog::{EntryKind, NotFound, PriceQuote, STALE_AFTER_DAYS};
use crate::choice::{ChoiceId, FixKind};
use crate::fact::Fact;
use crate::i18n::{Lang, Localizer};
use crate::reply::{Msg, Reply};
use crate::store::StoreError;
use rust_decimal::Decimal;

/// A storage failure's real reason (a full disk, a damaged file) in the user's language;
/// nothing is half-written (redb transactions). The same reply as [`AnswerError::Store`].
///
/// [`AnswerError::Store`]: super::error::AnswerError::Store
pub fn store_error_reply(e: &StoreError) -> Reply {
    super::error::AnswerError::Store(e.clone()).reply()
}

/// "No GPU named X" with suggestions.
pub fn not_found_reply(nf: &NotFound) -> Reply {
    let id = match nf.kind {
        EntryKind::Gpu => "error-gpu-not-found",
        EntryKind::Platform => "error-platform-not-found",
        EntryKind::Model => "error-model-not-found",
    };
    let mut r = Reply::text(Msg::new(id).said("query", &nf.query));
    if nf.suggestions.is_empty() {
        r.push(Msg::new(match nf.kind {
            EntryKind::Gpu => "hint-list-gpus",
            EntryKind::Platform => "hint-list-platforms",
            EntryKind::Model => "hint-list-models",
        }));
    } else {
        // Names in the answer's language (the engine knows none: both travel, each locale
        // picks); the fix carries the catalog id, which every lookup reads.
        let zh = |name: &String| {
            nf.suggested(name)
                .map_or_else(|| name.clone(), |n| n.name_zh.clone())
        };
        let zh_names: Vec<String> = nf.suggestions.iter().map(zh).collect();
        r.push(
            Msg::new("did-you-mean")
                .arg("names", nf.suggestions.join(", "))
                .arg("names_zh", zh_names.join("、")),
        );
        // Each candidate as a choice too; `Bot` turns these into the user's own command line
        // with the name corrected (`run:/gpu rtx-4090`), or drops them where it cannot.
        let kind = match nf.kind {
            EntryKind::Gpu => FixKind::Gpu,
            EntryKind::Platform => FixKind::Platform,
            EntryKind::Model => FixKind::Model,
        };
        for name in nf.suggestions.iter().take(4) {
            let id = nf.suggested(name).map_or(name.as_str(), |n| n.id.as_str());
            let fix = ChoiceId::Fix {
                kind,
                query: nf.query.clone(),
                name: id.to_string(),
            };
            r = r.with_choice(
                &fix.wire(),
                Msg::new("did-you-mean-choice")
                    .arg("name", name.as_str())
                    .arg("name_zh", zh(name)),
            );
        }
    }
    r
}

/// `yes` / `no` / `unknown`: the selector the Fluent messages branch on.
pub fn yes_no(f: &Fact<bool>) -> &'static str {
    match f {
        Fact::Known(true) => "yes",
        Fact::Known(false) => "no",
        Fact::Unknown => "unknown",
    }
}

/// Text of a fact, or `unknown` (localized by the message's selector).
pub fn text_or_unknown(f: &Fact<String>) -> String {
    f.known().cloned().unwrap_or_else(|| "unknown".into())
}

pub fn fmt(lang: Lang, msg: &Msg) -> String {
    Localizer::get().format(lang, msg)
}

pub fn unit_label(lang: Lang, unit: &str) -> String {
    fmt(lang, &Msg::new("billing-unit").arg("unit", unit))
}

/// `$2.52/hour`, `¥2.52/小时`.
pub fn price_text(lang: Lang, amount: Decimal, currency: &str, unit: PriceUnit) -> String {
    format!(
        "{}/{}",
        format_money(amount, currency),
        unit_label(lang, unit.key())
    )
}

/// A price tier (`on_demand`, `community`, `spot`, ...) in the user's language.
pub fn tier_label(lang: Lang, tier: &str) -> String {
    Localizer::get().format(lang, &Msg::new("price-tier").arg("tier", tier))
}

/// The date cell of a price row: `2025-06-21 *` when stale, `? *` when the price is undated.
pub fn quote_date(today: i64, q: &PriceQuote) -> String {
    if q.undated {
        "? *".to_string()
    } else if q.is_stale(today, STALE_AFTER_DAYS) {
        format!("{} *", q.as_of)
    } else {
        q.as_of.clone()
    }
}

/// `¥1.98/小时`, `$0.69/hour ×8` (no conversion; that is the billing engine's job).
pub fn quote_text(lang: Lang, q: &PriceQuote) -> String {
    let cards = if q.cards > 1 {
        format!(" ×{}", q.cards)
    } else {
        String::new()
    };
    let price = price_text(lang, q.amount, &q.currency, PriceUnit::Time(q.per));
    if q.from {
        fmt(
            lang,
            &Msg::new("price-from").arg("price", format!("{price}{cards}")),
        )
    } else {
        format!("{price}{cards}")
    }
}

/// "未知" / "unknown", for a table cell or a message without an `unknown` selector.
pub fn unknown_text(lang: Lang) -> String {
    fmt(lang, &Msg::new("unknown-value"))
}

/// A catalog duration (`1s`, `15d`) in words ("1 秒", "15 days"), or the unknown word.
pub fn duration_or_unknown(lang: Lang, f: &Fact<String>) -> String {
    match f.known().map(|t| crate::units::parse_duration(t)) {
        Some(Ok(secs)) => fmt(lang, &crate::catalog::warn::duration_msg(secs)),
        Some(Err(_)) | None => unknown_text(lang),
    }
}

/// Keys (`hour`, `alipay`, `disk`) each localized by `msg_id` with the key as `arg`, joined
/// ("小时、月" / "hour, month"); the unknown word when the list is empty.
pub fn list_or_unknown(lang: Lang, msg_id: &str, arg: &str, keys: &[&str]) -> String {
    if keys.is_empty() {
        return unknown_text(lang);
    }
    let sep = if lang == Lang::Zh { "、" } else { ", " };
    keys.iter()
        .map(|k| fmt(lang, &Msg::new(msg_id).arg(arg, *k)))
        .collect::<Vec<_>>()
        .join(sep)
}

/// `¥0.504` / `$0.10`, or the unknown word.
pub fn money_or_unknown(lang: Lang, f: &Fact<Decimal>, currency: &str) -> String {
    f.known()
        .map_or_else(|| unknown_text(lang), |d| format_money(*d, currency))
}

/// An engine's value text in the user's language where it has a known shape: a duration
/// (`1s` → "1 秒") or a price (`1.88 CNY/hour` → "¥1.88/小时"); anything else as given.
pub fn localize_value(lang: Lang, v: &str) -> String {
    // A bare number is a count (cards paid for), never a duration: durations always carry
    // their unit ("3m", "0s").
    if let Ok(secs) = crate::units::parse_duration(v)
        && v.chars().next().is_some_and(|c| c.is_ascii_digit())
        && v.chars().any(|c| c.is_alphabetic())
    {
        return fmt(lang, &crate::catalog::warn::duration_msg(secs));
    }
    let mut words = v.split_whitespace();
    if let (Some(amount), Some(rest), tier, None) =
        (words.next(), words.next(), words.next(), words.next())
        && let Ok(amount) = amount.parse::<Decimal>()
        && let Some((currency, unit)) = rest.split_once('/')
        && matches!(currency, "CNY" | "USD")
        && let Some(u) = crate::units::TimeUnit::parse(unit)
    {
        let price = price_text(lang, amount, currency, PriceUnit::Time(u));
        // `1.19 CNY/hour (spot)`: the tier in words beside the price, never in a bracket of
        // its own (the line's source is bracketed after it).
        return match tier.and_then(|t| t.strip_prefix('(')?.strip_suffix(')')) {
            Some(t) => fmt(
                lang,
                &Msg::new("price-with-tier")
                    .arg("price", price)
                    .arg("tier", tier_label(lang, t)),
            ),
            None if tier.is_none() => price,
            None => v.to_string(),
        };
    }
    v.to_string()
}

/// States, right under the answer's first line, the currency a number typed without one was
/// read in (the chat's currency), so two readers never take one figure for two amounts.
pub fn with_bare_currency(mut r: Reply, currency: &str) -> Reply {
    r.insert(
        1,
        crate::reply::Part::Text(Msg::new("bare-number-currency").arg("currency", currency)),
    );
    r
}

/// The most words a card name takes (`nvidia rtx 6000 ada generation`).
const CARD_NAME_WORDS: usize = 5;

/// Words with every card name of several words (`4090 48g`, `rtx 6000 ada`, with its count:
/// `2x4090 48g`, `4090 48g x2`) joined into one, the longest name first, so every command that
/// reads cards word by word reads the names questions and `/compare` read.
pub fn join_card_names(catalog: &crate::catalog::Catalog, words: &[&str]) -> Vec<String> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < words.len() {
        let took = (2..=CARD_NAME_WORDS.min(words.len() - i))
            .rev()
            .find(|&k| {
                let joined = words[i..i + k].join(" ");
                if catalog.find_gpu(&joined).is_some() {
                    return true;
                }
                // A count on a name of several words; a card and a bare count (`4090 2`) stay
                // two words.
                let (name, n) = crate::lexicon::cards_and_name(&joined);
                n > 1 && name.contains(' ') && catalog.find_gpu(&name).is_some()
            })
            .unwrap_or(1);
        out.push(words[i..i + took].join(" "));
        i += took;
    }
    out
}

/// Whom a "no data yet" answer speaks to, for its Fluent `$where`: `terminal` (whoever runs
/// the bot, who can run `gpuscout poll` themselves) or `chat` (a Telegram or Discord user,
/// who cannot, and is pointed at what they can ask instead).
pub fn audience(platform: &crate::platform::Platform) -> &'static str {
    match platform {
        crate::platform::Platform::Terminal => "terminal",
        _ => "chat",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bare_number_is_a_count_and_a_number_with_a_unit_a_duration() {
        assert_eq!(localize_value(Lang::En, "8"), "8");
        assert_eq!(localize_value(Lang::Zh, "2"), "2");
        let three_minutes = localize_value(Lang::En, "3m");
        assert!(
            three_minutes.contains('3') && three_minutes != "3m",
            "{three_minutes}"
        );
        let zh = localize_value(Lang::Zh, "1h");
        assert!(zh.contains('1') && zh != "1h", "{zh}");
    }
}
