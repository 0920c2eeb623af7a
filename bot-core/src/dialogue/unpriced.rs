//! Money said inside `/pick` that no figure can be kept from: a vague amount (`预算几百块`, `a
//! few hundred bucks`) had been read as ¥100, and an amount in a currency the catalog holds no
//! rate for (`預算300港幣`, `HK$400`, `60 euros`) as ¥300 or $400 "with no currency written".
//! Neither sets a budget: the words are taken out, said back with why, and the rest of the
//! message is read as before. The words are the lexicon's (`VAGUE_AMOUNTS`, `CURRENCIES`).

use crate::lexicon;
use crate::reply::Msg;

/// The note for money said without a figure, and the message without it.
pub(super) fn split(text: &str) -> Option<(Msg, String)> {
    let norm = crate::understand::normalize(text);
    let spaced = format!(" {norm} ");
    // A price per hour is the cap's (`每小时不超过20欧元`), a sum already paid the ledger's.
    if lexicon::PER_HOUR.iter().any(|w| spaced.contains(w))
        || ["花了", "paid", "spent"].iter().any(|w| norm.contains(w))
    {
        return None;
    }
    // Vague amounts are looked for before `normalize`, whose numerals read `几千` as a figure;
    // only lower case and Simplified characters (`幾百塊`).
    let plain: String = text
        .to_lowercase()
        .chars()
        .map(crate::understand::simplified)
        .collect();
    vague(&plain)
        .map(|(said, rest)| (Msg::new("pick-budget-vague").said("said", said), rest))
        .or_else(|| {
            unrated(&norm)
                .map(|(said, rest)| (Msg::new("pick-budget-unrated").said("said", said), rest))
        })
}

/// `norm` without `from..to`, spaces closed up.
fn without(norm: &str, from: usize, to: usize) -> String {
    format!("{} {}", &norm[..from], &norm[to..])
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// A vague amount said as money: a money word after it, or a budget word shortly before it.
fn vague(norm: &str) -> Option<(String, String)> {
    lexicon::VAGUE_AMOUNTS.iter().find_map(|w| {
        norm.match_indices(w).find_map(|(at, _)| {
            let after = &norm[at + w.len()..];
            let money = lexicon::VAGUE_MONEY_AFTER
                .iter()
                .filter(|m| after.starts_with(**m))
                .max_by_key(|m| m.len());
            let near: String = {
                let before: Vec<char> = norm[..at].chars().collect();
                before[before.len().saturating_sub(14)..].iter().collect()
            };
            let budget = lexicon::VAGUE_MONEY_BEFORE.iter().any(|b| near.contains(b));
            if money.is_none() && !budget {
                return None;
            }
            let end = at + w.len() + money.map_or(0, |m| m.len());
            Some((norm[at..end].trim().to_string(), without(norm, at, end)))
        })
    })
}

/// An amount (`300`, `1.5k`, `2千`) starting at `i`: where it ends.
fn amount_end(s: &str, i: usize) -> Option<usize> {
    let digits = s[i..]
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .map_or(s.len(), |k| i + k);
    if digits == i {
        return None;
    }
    let suffix = ['k', 'w', '千', '万']
        .iter()
        .find(|c| s[digits..].starts_with(**c))
        .map_or(0, |c| c.len_utf8());
    Some(digits + suffix)
}

/// An amount said beside a currency the exchange table has no rate for, whole words for the
/// Latin ones (`hkd 400`, `60 euros`), anywhere for the Chinese ones and signs (`300港币`,
/// `€60`): the words as said, and the message without them.
fn unrated(norm: &str) -> Option<(String, String)> {
    let words = lexicon::UNRATED_WORDS
        .iter()
        .map(|w| (*w, true))
        .chain(lexicon::UNRATED_PARTS.iter().map(|w| (*w, false)));
    for (w, whole) in words {
        for (at, _) in norm.match_indices(w) {
            let end = at + w.len();
            let alone = !norm[..at].ends_with(|c: char| c.is_ascii_alphabetic())
                && !norm[end..].starts_with(|c: char| c.is_ascii_alphabetic());
            if whole && !alone {
                continue;
            }
            // The amount right before it (`300港币`, `60 euros`) or right after (`hkd 400`).
            let before = norm[..at].trim_end_matches(' ');
            let start = before
                .char_indices()
                .rev()
                .take_while(|(_, c)| c.is_ascii_digit() || *c == '.' || "kw千万".contains(*c))
                .last()
                .map(|(k, _)| k)
                .filter(|k| before[*k..].starts_with(|c: char| c.is_ascii_digit()));
            if let Some(from) = start {
                return Some((norm[from..end].trim().to_string(), without(norm, from, end)));
            }
            let gap = norm.len() - norm[end..].trim_start_matches(' ').len() - end;
            if let Some(to) = amount_end(norm, end + gap) {
                return Some((norm[at..to].trim().to_string(), without(norm, at, to)));
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn got(t: &str) -> Option<(String, String, String)> {
        let (m, rest) = split(t)?;
        let said = match m.args.first() {
            Some((_, crate::reply::Arg::Str(v))) => v.clone(),
            _ => String::new(),
        };
        Some((m.id, said, rest))
    }

    #[test]
    fn vague_amounts_are_no_figure() {
        for (t, said, rest) in [
            ("预算几百块", "几百块", "预算"),
            (
                "想微调个qwen2.5 7b，lora，跑10小时，预算几百块",
                "几百块",
                "想微调个qwen2.5 7b，lora，跑10小时，预算",
            ),
            (
                "budget is a few hundred bucks",
                "a few hundred bucks",
                "budget is",
            ),
            ("预算大概几千", "几千", "预算大概"),
            ("預算幾千塊", "几千块", "预算"),
        ] {
            let (id, s, r) = got(t).unwrap_or_else(|| panic!("{t}"));
            assert_eq!(
                (id.as_str(), s.as_str(), r.as_str()),
                ("pick-budget-vague", said, rest)
            );
        }
        // A vague count of something else is not money.
        for t in [
            "几十个人同时用",
            "a few hundred requests a day",
            "预算300",
            "跑几个小时",
        ] {
            assert!(got(t).is_none(), "{t}");
        }
    }

    #[test]
    fn a_currency_with_no_rate_sets_no_budget() {
        for (t, said) in [
            ("預算300港幣", "300港币"),
            ("预算500港元，要能用信用卡", "500港元"),
            ("budget HK$400", "hkd 400"),
            ("with a budget of 60 euros", "60 euros"),
            ("budget €80", "€80"),
        ] {
            let (id, s, _) = got(t).unwrap_or_else(|| panic!("{t}"));
            assert_eq!(
                (id.as_str(), s.as_str()),
                ("pick-budget-unrated", said),
                "{t}"
            );
        }
        // Rated currencies, a cap per hour, a word inside another: not this reader's.
        for t in [
            "预算300块",
            "budget $40",
            "每小时不超过20欧元",
            "europe 300",
            "200 rmb",
        ] {
            assert!(got(t).is_none(), "{t}");
        }
    }
}
