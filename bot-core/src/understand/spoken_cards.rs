//! A card's number as voice input writes it, before any numeral is read: `四零九零`, `三零九零`,
//! `五零九零` (digit by digit, `幺`/`两`/`洞` among them) and `A一百`, `H两百`, `L四十S` (a letter,
//! then the number said with its places). Read by the numeral passes, a digit said right after
//! the card was glued on (`三零九零一小时` was the number 30901, `四零九零一般` no number at all)
//! and `A一百` stayed a letter and a hundred: no card, nothing read.

use super::numerals::{digit, value_of};
use super::spoken_forms::zh_digit;
use crate::catalog::Catalog;

/// `s` with each four spoken digits shaped like a desktop card's number (`X零Y零`: the series
/// 1 to 5, the tier 5 to 9, as 1050 … 5090 are) in ASCII digits, and a space before a numeral
/// right after it (`三零九零一小时` → `3090 一小时`). Catalog-free: it runs in
/// [`super::text::normalize`] before the numerals, where every reader (the command grammar
/// too) passes. A year said digit by digit (`二零二四`) has no such shape.
pub(super) fn card_digits(s: &str) -> String {
    if !s.contains(['零', '洞']) {
        return s.to_string();
    }
    let chars: Vec<char> = s.chars().collect();
    let mut out = String::with_capacity(s.len());
    let mut i = 0;
    while i < chars.len() {
        let d = |k: usize| chars.get(i + k).copied().and_then(zh_digit);
        let zero = |k: usize| d(k) == Some('0');
        // Not the tail of a longer digit run (`一二零九零` is no card).
        let starts = i == 0 || zh_digit(chars[i - 1]).is_none();
        let shaped = starts
            && d(0).is_some_and(|c| ('1'..='5').contains(&c))
            && zero(1)
            && d(2).is_some_and(|c| ('5'..='9').contains(&c))
            && zero(3);
        if shaped {
            out.extend((0..4).filter_map(d));
            if chars.get(i + 4).is_some_and(|c| digit(*c).is_some()) {
                out.push(' ');
            }
            i += 4;
        } else {
            out.push(chars[i]);
            i += 1;
        }
    }
    out
}

/// Places a card's number is said with after its letter (`A一百`, `A六千`, `L四十`).
fn place(c: char) -> bool {
    matches!(c, '十' | '百' | '千')
}

/// `a一百`, `h两百`, `a八百`, `l四十s`, `v一百`: one or two letters, then a numeral with its
/// places that together name a card the catalog knows, in digits; anything else as said.
pub(super) fn lettered(catalog: &Catalog, s: &str) -> String {
    if !s.contains(place) {
        return s.to_string();
    }
    let chars: Vec<char> = s.chars().collect();
    let mut out = String::with_capacity(s.len());
    let mut i = 0;
    while i < chars.len() {
        let run = chars[i..]
            .iter()
            .take_while(|c| digit(**c).is_some() || place(**c))
            .count();
        // One or two letters right before, themselves after no other letter (`up主` is no card).
        let lead = chars[..i]
            .iter()
            .rev()
            .take(3)
            .take_while(|c| c.is_ascii_alphabetic())
            .count();
        let card = (run >= 2 && (1..=2).contains(&lead) && chars[i..i + run].iter().any(|c| place(*c)))
            .then(|| value_of(&chars[i..i + run]))
            .flatten()
            .map(|v| v.to_string())
            .filter(|v| {
                let letters: String = chars[i - lead..i].iter().collect();
                // The letter after the number (`l四十s`) is part of the name.
                let tail: String = chars[i + run..]
                    .iter()
                    .take_while(|c| c.is_ascii_alphabetic())
                    .take(1)
                    .collect();
                catalog.find_gpu(&format!("{letters}{v}")).is_some()
                    || (!tail.is_empty()
                        && catalog.find_gpu(&format!("{letters}{v}{tail}")).is_some())
            });
        match card {
            Some(v) => {
                out.push_str(&v);
                i += run;
            }
            None if run > 0 => {
                out.extend(&chars[i..i + run]);
                i += run;
            }
            None => {
                out.push(chars[i]);
                i += 1;
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spoken_card_numbers_in_digits() {
        assert_eq!(card_digits("四零九零一般几点有货"), "4090一般几点有货");
        assert_eq!(card_digits("三零九零一小时多少钱"), "3090 一小时多少钱");
        assert_eq!(card_digits("五零九零两张"), "5090 两张");
        assert_eq!(card_digits("四零九零d和四零九零"), "4090d和4090");
        assert_eq!(card_digits("幺零八零ti"), "1080ti");
        // A year, a longer run, a price: as said.
        assert_eq!(card_digits("二零二四年"), "二零二四年");
        assert_eq!(card_digits("一二零九零"), "一二零九零");
        assert_eq!(card_digits("一百零五块"), "一百零五块");
        let c = Catalog::embedded().unwrap();
        assert_eq!(lettered(&c, "a一百多少钱"), "a100多少钱");
        assert_eq!(lettered(&c, "h两百 租一天"), "h200 租一天");
        assert_eq!(lettered(&c, "l四十s价格"), "l40s价格");
        assert_eq!(lettered(&c, "up主一百块"), "up主一百块");
        assert_eq!(lettered(&c, "qwen七十b"), "qwen七十b");
    }
}
