//! A day's volume said as requests times tokens each (`50k requests a day of 1k tokens each`,
//! `每天2万次请求 每次2000 token`): the product, in tokens a day as `/tco` reads them. Read alone,
//! each request's length had been taken as the day's whole volume (`1k`), a sum a
//! fifty-thousandth of the load.

use super::entities::Entities;
use crate::lexicon::{self, EACH_REQUEST_WORDS, Period, REQUEST_WORDS};

/// The count at word `i` and the words after it (`50k requests`, `2 万次请求`, `2000 token`).
fn count_at(toks: &[String], i: usize) -> Option<(f64, String)> {
    let t = toks[i].trim_start_matches(['~', '约']);
    if !t.starts_with(|c: char| c.is_ascii_digit()) {
        return None;
    }
    let mut n = lexicon::token_count(t)?;
    let rest = toks[i + 1..(i + 5).min(toks.len())].join(" ");
    let rest = match lexicon::CJK_MULTIPLIERS
        .iter()
        .find(|(w, _)| rest.starts_with(w))
    {
        Some((w, m)) => {
            n *= m;
            rest[w.len()..].trim_start().to_string()
        }
        None => rest,
    };
    Some((n, rest))
}

/// The days of the period said in `window`: 30 for a month, 7 for a week, else 1.
fn days(window: &str) -> f64 {
    let padded = format!(" {window} ");
    if lexicon::says(&padded, Period::Month) {
        30.0
    } else if lexicon::says(&padded, Period::Week) {
        7.0
    } else {
        1.0
    }
}

/// The requests counted, over the days of the period said around them.
fn requests(toks: &[String]) -> Option<f64> {
    (0..toks.len()).find_map(|i| {
        let (n, rest) = count_at(toks, i)?;
        // One English word may describe the items (`3000 support tickets`).
        let described = rest
            .split_once(' ')
            .filter(|(w, _)| w.chars().all(|c| c.is_ascii_alphabetic()))
            .map(|(_, r)| r);
        let (rest, noun) = std::iter::once(rest.as_str())
            .chain(described)
            .find_map(|r| {
                REQUEST_WORDS
                    .iter()
                    .find(|w| r.starts_with(**w))
                    .map(|w| (r, w))
            })?;
        let after: Vec<&str> = rest[noun.len()..].split_whitespace().take(3).collect();
        let before = toks[i.saturating_sub(2)..i].join(" ");
        Some(n / days(&format!("{before} {}", after.join(" "))))
    })
}

/// The tokens of one request: a count of tokens with `each`, `per request` or `每次` beside it.
fn tokens_each(toks: &[String]) -> Option<f64> {
    (0..toks.len()).find_map(|i| {
        let (n, rest) = count_at(toks, i)?;
        // `1000 个 token`: the measure word a word of its own, a space before what it counts.
        let counted = rest.trim_start_matches('个').trim_start();
        if !counted.starts_with("tok") {
            return None;
        }
        let before = toks[i.saturating_sub(1)..i].join(" ");
        let after = counted
            .split_whitespace()
            .skip(1)
            .take(2)
            .collect::<Vec<_>>();
        let after = after.join(" ");
        let each = |s: &str| EACH_REQUEST_WORDS.iter().any(|w| s.contains(w));
        (each(&before) || each(&after)).then_some(n)
    })
}

/// The day's volume as requests times tokens each, where both are said.
pub(super) fn settle(toks: &[String], e: &mut Entities) {
    if let (Some(r), Some(each)) = (requests(toks), tokens_each(toks)) {
        let v = (r * each).round();
        if (1.0..1e15).contains(&v) {
            e.volume = Some(v as u64);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::text::{normalize, tokens};
    use super::{requests, tokens_each};

    fn both(s: &str) -> (Option<f64>, Option<f64>) {
        let t = tokens(&normalize(s));
        (requests(&t), tokens_each(&t))
    }

    #[test]
    fn requests_times_tokens_each() {
        assert_eq!(
            both("we serve 50k requests a day of 1k tokens each"),
            (Some(50_000.0), Some(1000.0))
        );
        // The measure word before `token` (`每次2000个token`), and `次` alone (`一天一千次`).
        assert_eq!(
            both("1天5000次请求 每次1000个token"),
            (Some(5_000.0), Some(1000.0))
        );
        assert_eq!(
            both("每次请求3000个token 一天一千次"),
            (Some(1_000.0), Some(3000.0))
        );
        assert_eq!(
            both("每天2万次请求 每次2000 token"),
            (Some(20_000.0), Some(2000.0))
        );
        assert_eq!(
            both("3000 support tickets a day at about 1k tokens each"),
            (Some(3000.0), Some(1000.0))
        );
        assert_eq!(
            both("300k requests a month, 2k tokens per request"),
            (Some(10_000.0), Some(2000.0))
        );
        // A document's tokens with no requests counted: no product.
        assert_eq!(both("each paper is 30k tokens").0, None);
        assert_eq!(both("5m tokens a day").1, None);
    }
}
