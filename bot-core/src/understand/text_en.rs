//! Passes of [`super::text::normalize`] over English as people type it: a sentence's own
//! marks (and marks that are no letters: times signs, invisible characters), and number words (`two and a half hours`, `seventy two b`) in digits.

/// A sentence's own marks are no part of a word: `?` and `!` anywhere, a comma after a letter,
/// and a full stop that
/// ends a word (`70b. Have two A100`, `for two hours?`), so the word before it is read as if
/// it stood alone. A point inside a number or a name (`2.5`, `qwen2.5`) stays. One walk.
pub(super) fn sentence_marks(s: &str) -> String {
    let chars: Vec<char> = s.chars().collect();
    chars
        .iter()
        .enumerate()
        .map(|(i, &c)| match c {
            '?' | '!' => ' ',
            // `eight hours, total`: a comma after a letter separates (after a digit it is a
            // decimal comma or groups thousands, read above and by the lexicon).
            ',' if i > 0 && chars[i - 1].is_alphabetic() => ' ',
            '.' if chars.get(i + 1).is_none_or(|n| n.is_whitespace()) => ' ',
            _ => c,
        })
        .collect()
}

/// English cue words as people misspell them (`avalable`, `cheep`, `pirce`): a word of five
/// letters or more one edit (or one swap of neighbours) away from a cue word is that word.
/// Letters only, so card and model names (`a100`, `qwen2.5`) are never touched. One walk.
pub(super) fn cue_spellings(s: &str) -> String {
    const CUES: &[&str] = &[
        "available",
        "availability",
        "cheapest",
        "cheaper",
        "cheap",
        "price",
        "prices",
        "stock",
        "compare",
        "difference",
        "notify",
        "subscribe",
        "alert",
        "trend",
        "history",
        "specs",
        "memory",
        "recommend",
        "platform",
        "platforms",
        "convert",
        "enough",
        "month",
        "hours",
        "minutes",
        "unsubscribe",
        "bandwidth",
        "inference",
        "finetune",
        "finetuning",
        "tuning",
        "training",
        "qlora",
    ];
    spelled_as(s, CUES)
}

/// The task words `/pick` asks for first (`fine tunning`, `fintune`, `inferense`), by the
/// measure [`cue_spellings`] uses.
pub(super) fn task_spellings(s: &str) -> String {
    spelled_as(
        s,
        &["inference", "finetune", "finetuning", "tuning", "training"],
    )
}

/// Each lowercase word of five letters or more one edit from one of `cues` written as it.
fn spelled_as(s: &str, cues: &[&str]) -> String {
    // Four-letter method words, fixed only for a swap of neighbours (`lroa`): one edit of
    // any kind from a four-letter word is too often another word.
    const SWAPS: &[&str] = &["lora"];
    s.split(' ')
        .map(|w| {
            let lower = w.bytes().all(|b| b.is_ascii_lowercase());
            if let Some(c) = SWAPS.iter().find(|c| {
                lower
                    && c.len() == w.len()
                    && **c != w
                    && crate::lexicon::one_edit(c.as_bytes(), w.as_bytes())
                    && c.bytes().filter(|b| !w.as_bytes().contains(b)).count() == 0
            }) {
                return c.to_string();
            }
            let letters = w.len() >= 5 && lower;
            if !letters || cues.contains(&w) {
                return w.to_string();
            }
            cues.iter()
                .find(|c| {
                    c.len().abs_diff(w.len()) <= 1
                        && crate::lexicon::one_edit(c.as_bytes(), w.as_bytes())
                })
                .map_or_else(|| w.to_string(), |c| c.to_string())
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// English number words before a unit or a half (`two and a half hours`, `three days`, `six
/// months`) in digits, so the span reader adds them up like `2.5 hours`. One walk over words.
pub(super) fn english_numbers(s: &str) -> String {
    const NUMBERS: &[(&str, &str)] = &[
        ("one", "1"),
        ("two", "2"),
        ("three", "3"),
        ("four", "4"),
        ("five", "5"),
        ("six", "6"),
        ("seven", "7"),
        ("eight", "8"),
        ("nine", "9"),
        ("ten", "10"),
        ("eleven", "11"),
        ("twelve", "12"),
        ("fifteen", "15"),
        ("twenty", "20"),
        ("thirty", "30"),
        ("forty", "40"),
        ("forty-five", "45"),
        ("fourteen", "14"),
        ("fifty", "50"),
        ("sixty", "60"),
        ("seventy", "70"),
        ("eighty", "80"),
        ("ninety", "90"),
    ];
    // What a number word counts: time, cards, money (`two cards`, `three gpus`, `two dollars
    // per hour`, `forty cents`), tokens (`five million tokens`).
    const UNITS: &[&str] = &[
        "and", "hour", "hours", "hr", "hrs", "minute", "minutes", "min", "mins", "day", "days",
        "week", "weeks", "month", "months", "year", "years", "card", "cards", "gpu", "gpus", "x",
        "dollar", "dollars", "buck", "bucks", "usd", "yuan", "rmb", "cent", "cents", "million",
        "thousand",
    ];
    let words: Vec<&str> = s.split(' ').collect();
    let mut out: Vec<String> = Vec::with_capacity(words.len());
    let (mut skip, mut skip_size) = (false, false);
    for (k, &w) in words.iter().enumerate() {
        if std::mem::take(&mut skip) {
            continue;
        }
        if std::mem::take(&mut skip_size) {
            continue;
        }
        let next = words.get(k + 1).copied().unwrap_or("");
        // `90 cents/hr`: the unit written onto the word stays after the amount.
        let (cents, per) = match next.strip_prefix("cents").or(next.strip_prefix("cent")) {
            Some(rest) if rest.is_empty() || rest.starts_with('/') => (true, rest),
            _ => (false, ""),
        };
        // `forty cents`: the number word in digits, then read as `40 cents` below.
        let w = match NUMBERS.iter().find(|(n, _)| *n == w) {
            Some((_, d)) if cents => d,
            _ => w,
        };
        // `30 cents`: a US dollar amount.
        if cents
            && !w.is_empty()
            && w.len() <= 3
            && w.bytes().all(|b| b.is_ascii_digit())
            && let Ok(c) = w.parse::<u32>()
        {
            out.push(format!("${}.{:02}{per}", c / 100, c % 100));
            skip = true;
            continue;
        }
        // `seventy two b`, `twenty four hours`: a tens word and a digit word are one number.
        const DIGITS: &[&str] = &[
            "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
        ];
        let tens = [
            "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety",
        ];
        if let (Some(t), Some(d)) = (
            tens.iter().position(|t| *t == w),
            DIGITS.iter().position(|d| *d == next),
        ) {
            let after = words.get(k + 2).copied().unwrap_or("");
            let n = (t + 2) * 10 + d + 1;
            if UNITS.contains(&after) {
                out.push(n.to_string());
                skip = true;
                continue;
            }
            if matches!(after, "b" | "billion") {
                out.push(format!("{n}b"));
                skip = true;
                skip_size = true;
                continue;
            }
        }
        match NUMBERS.iter().find(|(n, _)| *n == w) {
            Some((_, d)) if UNITS.contains(&next) => out.push(d.to_string()),
            // `seventy b`, `seventy billion`: a model size, written as the lexicon's `70b`.
            Some((_, d)) if matches!(next, "b" | "billion") => {
                out.push(format!("{d}b"));
                skip = true;
            }
            _ => out.push(w.to_string()),
        }
    }
    out.join(" ")
}

/// Whether the `*` at `i` is a times sign: a letter or digit on each side, a digit on one (a
/// space between allowed).
pub(super) fn times_sign(chars: &[char], i: usize) -> bool {
    let before = chars[..i].iter().rev().find(|c| **c != ' ');
    let after = chars[i + 1..].iter().find(|c| **c != ' ');
    match (before, after) {
        (Some(b), Some(a)) => {
            b.is_ascii_alphanumeric()
                && a.is_ascii_alphanumeric()
                && (b.is_ascii_digit() || a.is_ascii_digit())
        }
        _ => false,
    }
}

/// Zero-width space, non-joiner and joiner, direction marks and overrides, word joiner, BOM.
pub(super) fn invisible(c: char) -> bool {
    matches!(c, '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2060}' | '\u{feff}')
}
