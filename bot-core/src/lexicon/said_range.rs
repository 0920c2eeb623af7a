//! A value said as a range or with a hedge glued after it, as people answer a question they
//! are not sure of: `2-3 hours`, `2~3小时`, `2 to 3 hours`, `两三个小时`, `一两百块`, `100ish`,
//! `100-ish`. The readers take a range at one end (a length at its longer end, so a bill never
//! falls short; `lexicon::numerals::value_or_top`); this says the range was a range, so the
//! answer can say which end it took, never a silent pick. A glued hedge is dropped like the
//! hedge words before a number ([`super::answer_hedged`]).

use rust_decimal::Decimal;

/// Marks between the two ends of a range written in digits (`2-3`, `2~3`, `2到3`, `2 to 3`).
const RANGE_MARKS: &[&str] = &[
    "-", "–", "—", "~", "～", "〜", "到", "至", " to ", " or ", "或",
];

/// Hedges said right after a number (`100ish`, `100-ish`, `100 or so`).
const HEDGES_AFTER: &[&str] = &["-ish", "ish", " or so"];

/// The two ends of the one range `text` says (smaller first), in digits or Chinese numerals;
/// `None` when it says none, or more than one.
pub fn range_said(text: &str) -> Option<(Decimal, Decimal)> {
    let mut found = Vec::new();
    let t = text.to_lowercase();
    // The high end of a range read is no start of another.
    let mut next = 0;
    for (i, _) in super::numerals::decimal_runs(&t) {
        if i < next {
            continue;
        }
        let (lo, after_lo) = number_at(&t, i);
        let rest = &t[after_lo..];
        let mark = RANGE_MARKS.iter().find_map(|m| {
            let r = rest
                .strip_prefix(' ')
                .filter(|_| !m.starts_with(' '))
                .unwrap_or(rest);
            r.strip_prefix(m).map(|r| (rest.len() - r.len(), r))
        });
        if let Some((used, r)) = mark {
            let lead = r.len() - r.trim_start().len();
            let at = after_lo + used + lead;
            if t[at..].starts_with(|c: char| c.is_ascii_digit()) {
                let (hi, end) = number_at(&t, at);
                if lo < hi {
                    found.push((lo, hi));
                }
                next = end;
            }
        }
    }
    // Chinese: two adjacent numerals, smaller first (`两三个小时`, `一两百块`).
    let chars: Vec<char> = text.chars().collect();
    let mut k = 0;
    while k < chars.len() {
        if !super::numerals::is_numeral(chars[k]) {
            k += 1;
            continue;
        }
        let start = k;
        while k < chars.len() && super::numerals::is_numeral(chars[k]) {
            k += 1;
        }
        if let Some((lo, hi)) = super::numerals::range_of(&chars[start..k]) {
            found.push((Decimal::from(lo), Decimal::from(hi)));
        }
    }
    match found[..] {
        [one] => Some(one),
        _ => None,
    }
}

/// The number written at byte `at` of `t` (digits, one decimal point) and where it ends.
fn number_at(t: &str, at: usize) -> (Decimal, usize) {
    let b = t.as_bytes();
    let mut end = at;
    while end < b.len()
        && (b[end].is_ascii_digit()
            || b[end] == b'.' && end + 1 < b.len() && b[end + 1].is_ascii_digit())
    {
        end += 1;
    }
    (t[at..end].parse().unwrap_or_default(), end)
}

/// `text` with a hedge glued after a number dropped (`budget 100ish` → `budget 100`); `None`
/// when no number carries one.
pub fn hedge_after_dropped(text: &str) -> Option<String> {
    let low = text.to_lowercase();
    for h in HEDGES_AFTER {
        let Some(at) = low.find(h) else {
            continue;
        };
        let before = low[..at].trim_end();
        let after = &low[at + h.len()..];
        // After a number, and a whole word (`100ish`, never `100 isha`).
        if before.ends_with(|c: char| c.is_ascii_digit())
            && !after.starts_with(|c: char| c.is_ascii_alphanumeric())
        {
            let mut out = text[..at].trim_end().to_string();
            out.push_str(&text[at + h.len()..]);
            return Some(out.trim().to_string());
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(t: &str) -> Option<(i64, i64)> {
        range_said(t).map(|(a, b)| (a.trunc().try_into().unwrap(), b.trunc().try_into().unwrap()))
    }

    #[test]
    fn ranges_in_digits_and_words() {
        assert_eq!(r("2-3 hours"), Some((2, 3)));
        assert_eq!(r("2~3小时"), Some((2, 3)));
        assert_eq!(r("2 to 3 hours"), Some((2, 3)));
        assert_eq!(r("两三个小时"), Some((2, 3)));
        assert_eq!(r("预算一两百块"), Some((100, 200)));
        assert_eq!(r("100-200 yuan"), Some((100, 200)));
    }

    #[test]
    fn no_range_where_none_is_said() {
        for t in [
            "3 hours",
            "qwen2.5-7b",
            "rtx-4090",
            "8k",
            "三小时",
            "2-1",
            "2 or 3 cards and 4-5 hours",
        ] {
            assert_eq!(range_said(t), None, "{t}");
        }
    }

    #[test]
    fn a_hedge_after_a_number_is_dropped() {
        assert_eq!(
            hedge_after_dropped("budget 100ish").as_deref(),
            Some("budget 100")
        );
        assert_eq!(hedge_after_dropped("100-ish").as_deref(), Some("100"));
        assert_eq!(hedge_after_dropped("3 hours or so").as_deref(), None);
        assert_eq!(
            hedge_after_dropped("3 or so hours").as_deref(),
            Some("3 hours")
        );
        assert_eq!(hedge_after_dropped("english"), None);
    }
}
