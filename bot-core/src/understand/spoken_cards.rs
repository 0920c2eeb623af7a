//! A card's number as voice input writes it, before any numeral is read: `四零九零`, `三零九零`,
//! `五零九零` (digit by digit, `幺`/`两`/`洞` among them) and `A一百`, `H两百`, `L四十S` (a letter,
//! then the number said with its places). Read by the numeral passes, a digit said right after
//! the card was glued on (`三零九零一小时` was the number 30901, `四零九零一般` no number at all)
//! and `A一百` stayed a letter and a hundred: no card, nothing read.

use super::numerals::digit;
use super::spoken_forms::zh_digit;

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

/// A card's number said with its places after the card's letter, and its digits. Longest
/// first where one starts another (`十六` before `十`, `四十` before `四`).
const PLACED: &[(&str, &str)] = &[
    ("一百", "100"),
    ("两百", "200"),
    ("二百", "200"),
    ("八百", "800"),
    ("六千", "6000"),
    ("五千", "5000"),
    ("四千", "4000"),
    ("十六", "16"),
    ("四十", "40"),
    ("三十", "30"),
    ("二十", "20"),
    ("十", "10"),
    ("四", "4"),
];
/// The letters a card's number follows (A100, H200, L40S, T4, V100, B200).
const LETTERS: &[char] = &['a', 'h', 'l', 't', 'v', 'b'];

/// `a一百`, `h两百`, `a八百`, `l四十s`, `t四`: one card letter (itself after no other letter:
/// `qwen七十b` is no card), then a card's number said with its places, in digits, before the
/// numerals run on into what follows (`a一百一个小时` was `a 110个小时`). Catalog-free, as
/// [`card_digits`]; a name no card has is left for the reader's own look-up to refuse.
pub(super) fn lettered(s: &str) -> String {
    if !s.contains(['十', '百', '千', '四']) {
        return s.to_string();
    }
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(c) = rest.chars().next() {
        out.push(c);
        rest = &rest[c.len_utf8()..];
        let lone = LETTERS.contains(&c) && {
            let before = out[..out.len() - 1].chars().next_back();
            before.is_none_or(|b| !b.is_ascii_alphanumeric())
        };
        if !lone {
            continue;
        }
        if let Some((said, digits)) = PLACED.iter().find(|(w, _)| rest.starts_with(w)) {
            // `四十` must not be the start of a longer numeral (`a四十五` is no card); a
            // hundred or a thousand said whole is the card (`h八百一小时`: the hour after it).
            let next = rest[said.len()..].chars().next();
            let whole = said.ends_with(['百', '千']);
            if whole || next.is_none_or(|n| digit(n).is_none()) {
                out.push_str(digits);
                rest = &rest[said.len()..];
            }
        }
    }
    out
}

/// A card's number said aloud in English after its letter (`h one hundred`, `l forty s`,
/// `t four`): the same places as [`PLACED`], longest first.
const PLACED_EN: &[(&str, &str)] = &[
    ("one hundred", "100"),
    ("two hundred", "200"),
    ("eight hundred", "800"),
    ("a hundred", "100"),
    ("hundred", "100"),
    ("sixteen", "16"),
    ("forty", "40"),
    ("thirty", "30"),
    ("twenty", "20"),
    ("ten", "10"),
    ("four", "4"),
];
/// Words after a number that make `a` the article and the number an amount (`a one hundred
/// dollar budget`, `a forty minute job`), never a card.
const AMOUNT_AFTER: &[&str] = &[
    "dollar", "buck", "yuan", "rmb", "usd", "token", "gb", "hour", "minute", "second", "day", "k",
    "percent", "people", "user", "image", "step", "sample", "row", "page", "year", "month", "week",
    "and", "thousand", "million",
];

/// Number words that make a longer number of the one said (`a forty five`).
const UNITS_EN: &[&str] = &[
    "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "hundred", "ten",
    "eleven", "twelve", "fifteen", "twenty", "thirty", "forty", "fifty", "sixty", "seventy",
    "eighty", "ninety",
];

/// `h one hundred`, `an h two hundred`, `l forty s`, `any a one hundred`: a card letter as a
/// word of its own, then its number said aloud, written as the card (`h100`, `l40s`). `a` is
/// the article too: only its hundreds (A100, A800) are read, and nothing before an amount's
/// unit or a longer number. Catalog-free, as [`lettered`].
pub(super) fn lettered_en(s: &str) -> String {
    if !PLACED_EN.iter().any(|(w, _)| s.contains(w)) {
        return s.to_string();
    }
    let words: Vec<&str> = s.split(' ').collect();
    let mut out: Vec<String> = Vec::with_capacity(words.len());
    let mut i = 0;
    while i < words.len() {
        let w = words[i];
        let letter = w.len() == 1 && LETTERS.contains(&w.chars().next().unwrap_or(' '));
        let said = letter
            .then(|| {
                let rest = words[i + 1..].join(" ");
                PLACED_EN.iter().find(|(n, _)| {
                    rest.strip_prefix(n)
                        .is_some_and(|after| after.is_empty() || after.starts_with(' '))
                })
            })
            .flatten()
            .filter(|(n, digits)| {
                let used = n.split(' ').count();
                let next = words.get(i + 1 + used).copied().unwrap_or("");
                let amount =
                    AMOUNT_AFTER.iter().any(|u| next.starts_with(u)) || UNITS_EN.contains(&next);
                !amount && (w != "a" || digits.ends_with("00"))
            });
        let Some((n, digits)) = said else {
            out.push(w.to_string());
            i += 1;
            continue;
        };
        let used = n.split(' ').count();
        let mut card = format!("{w}{digits}");
        i += 1 + used;
        // `l forty s`: the form letter said apart.
        if words.get(i) == Some(&"s") {
            card.push('s');
            i += 1;
        }
        out.push(card);
    }
    out.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spoken_card_numbers_in_digits() {
        assert_eq!(card_digits("四零九零一般几点有货"), "4090 一般几点有货");
        assert_eq!(card_digits("三零九零一小时多少钱"), "3090 一小时多少钱");
        assert_eq!(card_digits("五零九零两张"), "5090 两张");
        assert_eq!(card_digits("四零九零d和四零九零"), "4090d和4090");
        assert_eq!(card_digits("幺零八零ti"), "1080ti");
        // A year, a longer run, a price: as said.
        assert_eq!(card_digits("二零二四年"), "二零二四年");
        assert_eq!(card_digits("一二零九零"), "一二零九零");
        assert_eq!(card_digits("一百零五块"), "一百零五块");
        assert_eq!(lettered("a一百多少钱"), "a100多少钱");
        assert_eq!(lettered("租a一百一个小时"), "租a100一个小时");
        assert_eq!(lettered("h两百 租一天"), "h200 租一天");
        assert_eq!(lettered("h八百一小时"), "h800一小时");
        assert_eq!(lettered("l四十s价格"), "l40s价格");
        assert_eq!(lettered("t四能跑吗"), "t4能跑吗");
        assert_eq!(lettered("up主一百块"), "up主一百块");
        assert_eq!(lettered("qwen七十b"), "qwen七十b");
        assert_eq!(lettered("a四十五块"), "a四十五块");
        assert_eq!(
            lettered_en("need an h one hundred tonight"),
            "need an h100 tonight"
        );
        assert_eq!(lettered_en("any a one hundred free"), "any a100 free");
        assert_eq!(lettered_en("an l forty s asap"), "an l40s asap");
        assert_eq!(lettered_en("is a t four enough"), "is a t4 enough");
        // The article before an amount or a length: as said.
        assert_eq!(
            lettered_en("a one hundred dollar budget"),
            "a one hundred dollar budget"
        );
        assert_eq!(lettered_en("a forty minute job"), "a forty minute job");
        assert_eq!(lettered_en("a ten hour run"), "a ten hour run");
        assert_eq!(lettered_en("a hundred tokens"), "a hundred tokens");
        assert_eq!(
            lettered_en("a hundred twenty eight k"),
            "a hundred twenty eight k"
        );
    }
}
