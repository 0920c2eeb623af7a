//! A model's version and size as voice input writes them (issue 26 §4, helper und_dg):
//! `千问二点五七b` (Qwen 2.5, 7B), `千问二点五的七十二b`, `llama三点一八b`, `qwen2.5 十四b`: after a
//! model family word (the catalog's Latin families, [`super::MODEL_FAMILIES`], or a brand name
//! Chinese users write, [`crate::catalog::BRAND_WORDS`]) the numerals in words are written in
//! digits, `千问2.5 7b`, for the model matcher that reads digits. A version said with `点` keeps
//! one digit after it (`三点一八b` is 3.1 then 8b: versions have one decimal, the size is what
//! `b` closes); a size is the numeral right before `b` (`零点五b` is 0.5b). Only after a family
//! word: `两点半` elsewhere is a clock, never a version. Numerals read by [`super::numerals`].

use super::numerals::{digit, value_of};

/// `text` (lower case) with a version and size said in Chinese numerals after a family word
/// written in digits; anything else unchanged.
pub fn model_numbers_in_digits(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        if let Some(len) = family_at(&chars, i)
            && let Some((said, end)) = numbers_after(&chars, i + len)
        {
            out.extend(&chars[i..i + len]);
            out.push_str(&said);
            i = end;
            continue;
        }
        out.push(chars[i]);
        i += 1;
    }
    out
}

/// The length of a family word starting at `i` (an ASCII one only at a word's start).
fn family_at(chars: &[char], i: usize) -> Option<usize> {
    let starts = |w: &str| {
        w.chars()
            .enumerate()
            .all(|(k, c)| chars.get(i + k) == Some(&c))
    };
    let brand = crate::catalog::BRAND_WORDS
        .iter()
        .map(|(zh, _)| *zh)
        .filter(|w| starts(w))
        .map(|w| w.chars().count())
        .max();
    if brand.is_some() {
        return brand;
    }
    if i > 0 && chars[i - 1].is_ascii_alphanumeric() {
        return None;
    }
    super::MODEL_FAMILIES
        .iter()
        .find(|w| starts(w))
        .map(|w| w.chars().count())
}

/// A numeral in characters (digits, `十`, `百`).
fn numeral(c: char) -> bool {
    digit(c).is_some() || c == '十' || c == '百'
}

/// The end of a run of numeral characters from `i`.
fn run_end(chars: &[char], i: usize) -> usize {
    (i..chars.len())
        .find(|&k| !numeral(chars[k]))
        .unwrap_or(chars.len())
}

/// `a点b` (one digit after `点`) from `i`: its text in digits and its end.
fn decimal_at(chars: &[char], i: usize) -> Option<(String, usize)> {
    let end = run_end(chars, i);
    let whole = value_of(chars.get(i..end)?)?;
    if chars.get(end) != Some(&'点') {
        return None;
    }
    let tenth = digit(*chars.get(end + 1)?)?;
    Some((format!("{whole}.{tenth}"), end + 2))
}

/// The version and size said in words after a family word ending at `i`, in digits, and where
/// they end; `None` when no numeral in words is there.
fn numbers_after(chars: &[char], mut i: usize) -> Option<(String, usize)> {
    let mut said = String::new();
    let mut in_words = false;
    // A version in digits already (`qwen2.5 十四b`) is kept as typed.
    let typed = (i..chars.len())
        .find(|&k| !(chars[k].is_ascii_digit() || chars[k] == '.'))
        .unwrap_or(chars.len());
    if typed > i {
        said.extend(&chars[i..typed]);
        i = typed;
    } else if let Some((version, end)) = decimal_at(chars, i) {
        // `零点五b`: the decimal closed by `b` is the size, not a version.
        if chars.get(end) == Some(&'b') {
            return Some((format!("{version}b"), end + 1));
        }
        said.push_str(&version);
        in_words = true;
        i = end;
    }
    // `的`, a space or a dash between the version and the size.
    let mut k = i;
    while matches!(chars.get(k), Some('的' | ' ' | '-')) {
        k += 1;
    }
    let size = decimal_at(chars, k)
        .or_else(|| {
            let end = run_end(chars, k);
            (end > k).then_some(())?;
            Some((value_of(&chars[k..end])?.to_string(), end))
        })
        .filter(|(_, end)| chars.get(*end) == Some(&'b'));
    match size {
        Some((b, end)) => {
            if !said.is_empty() {
                said.push(' ');
            }
            Some((format!("{said}{b}b"), end + 1))
        }
        // A version in words with no size after it (`千问二点五`): the version alone.
        None if in_words => Some((said, i)),
        None => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions_and_sizes_in_words_after_a_family() {
        for (said, digits) in [
            ("千问二点五七b", "千问2.5 7b"),
            ("用千问二点五七b吧", "用千问2.5 7b吧"),
            ("千问二点五的七十二b", "千问2.5 72b"),
            ("千问二点五十四b", "千问2.5 14b"),
            ("通义千问二点五的七b吧", "通义千问2.5 7b吧"),
            ("llama三点一八b", "llama3.1 8b"),
            ("qwen2.5 十四b", "qwen2.5 14b"),
            ("千问二点五零点五b", "千问2.5 0.5b"),
            ("千问零点五b", "千问0.5b"),
            ("千问二点五", "千问2.5"),
            ("智谱四点五", "智谱4.5"),
        ] {
            assert_eq!(model_numbers_in_digits(said), digits, "{said}");
        }
    }

    #[test]
    fn nothing_else_is_touched() {
        for t in [
            "两点半开始跑",
            "千问2.5 7b",
            "qwen2.5-7b",
            "llama 3.1 8b",
            "三点一八b",
            "ollama三点",
            "千问好用吗",
        ] {
            assert_eq!(model_numbers_in_digits(t), t, "{t}");
        }
    }
}
