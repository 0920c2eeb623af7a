//! Marks a chat puts around a question, written plainly on the raw text before any stage (helper
//! und_ed, issue 26). Each one had carried a wrong figure:
//! - a chat log's `[18:22]` pasted with the line is furniture (`[18:22] remove alert #3` had
//!   unsubscribed alert 18);
//! - `½ ¼ ¾` are their values, beside a number (`2½`, `2 ½`) or alone (`½ hour`);
//! - a correction replaces what it corrects (the house rule in corpus103's header): a struck
//!   `~~2~~ 5`, a retracted `一周（划掉）两周`, and a post's `EDIT:` tail (`EDIT: 10M` after `8M`,
//!   `EDIT: make that 45` after `30 days`, `EDIT: lora, not full`).
//!
//! A form it cannot place (a retraction whose corrected word is not found) is left as typed for
//! the readers: the pass never makes a figure up.

use crate::lexicon::numerals::is_numeral;

/// `text` with its chat marks written plainly.
pub(super) fn plain(text: &str) -> String {
    let s = timestamps(text);
    let s = fractions(&s);
    let s = struck(&s);
    let s = crossed_out(&s);
    edited(&s)
}

/// `[18:22]`, `[9:05:10]`: a bracketed clock time (a pasted chat log's), dropped.
fn timestamps(text: &str) -> String {
    if !text.contains('[') {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find('[') {
        out.push_str(&rest[..at]);
        let tail = &rest[at + 1..];
        match tail.find(']') {
            Some(end) if clock(&tail[..end]) => {
                out.push(' ');
                rest = &tail[end + 1..];
            }
            _ => {
                out.push('[');
                rest = tail;
            }
        }
    }
    out.push_str(rest);
    out
}

/// `h:mm` or `hh:mm` with an optional `:ss`, a time of day.
fn clock(s: &str) -> bool {
    let parts: Vec<&str> = s.trim().split(':').collect();
    let num = |p: &str, max: u32| {
        (1..=2).contains(&p.len())
            && p.bytes().all(|b| b.is_ascii_digit())
            && p.parse::<u32>().is_ok_and(|n| n <= max)
    };
    (2..=3).contains(&parts.len())
        && num(parts[0], 23)
        && parts[1..].iter().all(|p| p.len() == 2 && num(p, 59))
}

/// The vulgar fractions read by value (thirds have no exact decimal and are left).
const FRACTIONS: &[(char, &str)] = &[('½', "5"), ('¼', "25"), ('¾', "75")];

/// `2½`, `2 ½` → `2.5`; `½` alone → `0.5`.
fn fractions(text: &str) -> String {
    if !text.contains(['½', '¼', '¾']) {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len() + 4);
    for c in text.chars() {
        let Some((_, digits)) = FRACTIONS.iter().find(|(f, _)| *f == c) else {
            out.push(c);
            continue;
        };
        // A whole part before it, glued or one space apart, takes it as its decimals.
        let kept = out.trim_end_matches(' ').len();
        let run = out[..kept]
            .bytes()
            .rev()
            .take_while(u8::is_ascii_digit)
            .count();
        let whole = run > 0 && !out[..kept - run].ends_with(['.', ',']);
        if whole {
            out.truncate(kept);
            out.push('.');
        } else {
            if out.ends_with(|d: char| d.is_alphanumeric()) {
                out.push(' ');
            }
            out.push_str("0.");
        }
        out.push_str(digits);
        if !out.ends_with(' ') {
            out.push(' ');
        }
    }
    out
}

/// `~~2~~ 5 hours`: the struck words dropped (the text after them corrects them).
fn struck(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find("~~") {
        let tail = &rest[at + 2..];
        match tail.find("~~") {
            Some(end) if end > 0 && !tail[..end].trim().is_empty() => {
                out.push_str(&rest[..at]);
                out.push(' ');
                rest = &tail[end + 2..];
            }
            _ => {
                out.push_str(&rest[..at + 2]);
                rest = tail;
            }
        }
    }
    out.push_str(rest);
    out
}

/// The marks of a word retracted in place (`一周（划掉）两周`).
const CROSSED: &[&str] = &["（划掉）", "(划掉)", "（劃掉）", "(劃掉)", "【划掉】"];

/// `X（划掉）Y`: X, the words before the mark that Y corrects, dropped.
fn crossed_out(text: &str) -> String {
    let mut s = text.to_string();
    while let Some((at, len)) = CROSSED
        .iter()
        .filter_map(|m| s.find(m).map(|k| (k, m.len())))
        .min()
    {
        let (before, after) = (&s[..at], &s[at + len..]);
        let cut = retracted_from(before, after.trim_start());
        s = format!("{} {}", &before[..cut], after.trim_start());
    }
    s
}

/// Where the retracted words start in `before`: at the last place the correction's first word
/// stands (`4070 ti（划掉）4070 ti super`), else at the last number whose unit the correction
/// repeats or that a number corrects (`一周（划掉）两周`, `3090（划掉）4090`), else the last word.
fn retracted_from(before: &str, fix: &str) -> usize {
    let first: String = fix
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric())
        .collect();
    if !first.is_empty() {
        if let Some(k) = before.rfind(&first) {
            let glued = before[..k]
                .chars()
                .next_back()
                .is_some_and(|c| c.is_ascii_alphanumeric());
            if !glued && before.len() - k <= 24 {
                return k;
            }
        }
    }
    let numeral = |c: char| c.is_ascii_digit() || is_numeral(c);
    let fix_is_number = fix.chars().next().is_some_and(numeral);
    let trimmed = before.trim_end();
    let last_numeral = trimmed.rfind(numeral);
    if let (true, Some(end)) = (fix_is_number, last_numeral) {
        let unit = &trimmed[end + trimmed[end..].chars().next().map_or(1, char::len_utf8)..];
        let start = trimmed[..end]
            .char_indices()
            .rev()
            .take_while(|(_, c)| numeral(*c) || *c == '.')
            .last()
            .map_or(end, |(k, _)| k);
        let fix_unit: String = fix
            .chars()
            .skip_while(|c| numeral(*c) || *c == '.' || *c == ' ')
            .collect();
        if unit.chars().count() <= 3 && (unit.is_empty() || fix_unit.starts_with(unit.trim())) {
            return start;
        }
    }
    trimmed
        .rfind(char::is_whitespace)
        .map_or(trimmed.len(), |k| k + 1)
}

/// Where a post's correction starts (`EDIT:`, `更正：`), lower-cased.
const EDIT_MARKS: &[&str] = &[
    "edit:",
    "edit :",
    "edit2:",
    "edit 2:",
    "update:",
    "更正：",
    "更正:",
    "纠正：",
    "纠正:",
];

/// Words before a corrected figure (`make that 45`).
const EDIT_LEADS: &[&str] = &[
    "make that ",
    "make it ",
    "change it to ",
    "change that to ",
    "actually ",
    "i meant ",
    "改成",
    "改为",
    "应该是",
    "是",
];

/// `… 30 days? EDIT: make that 45`: the post with its correction put in the place it corrects,
/// the rest of the tail after its first sentence kept (`EDIT: lora, not full, … Will it fit?`).
fn edited(text: &str) -> String {
    let lower = text.to_lowercase();
    if lower.len() != text.len() {
        return text.to_string();
    }
    // A mark that starts its word (`credit:` holds no edit).
    let Some((at, len)) = EDIT_MARKS
        .iter()
        .filter_map(|m| {
            lower
                .match_indices(m)
                .find(|(k, _)| *k == 0 || !lower.as_bytes()[k - 1].is_ascii_alphanumeric())
                .map(|(k, _)| (k, m.len()))
        })
        .min()
    else {
        return text.to_string();
    };
    let head = &text[..at];
    let tail = text[at + len..].trim_start();
    let end = tail
        .find(['.', '!', '?', '。', '！', '？'])
        .unwrap_or(tail.len());
    let (fix, rest) = (tail[..end].trim(), &tail[end..]);
    match corrected(head, fix) {
        Some(head) => format!("{head} {}", rest.trim_start_matches(['.', '。'])),
        None => format!("{head} {tail}"),
    }
}

/// The head with `fix` put in: `A, not B` replaces the word B starts; a number (its unit or
/// none) replaces the head's last number of that unit. `None` where nothing is placed.
fn corrected(head: &str, fix: &str) -> Option<String> {
    let fix = fix.trim_end_matches([',', '，']);
    for not in [", not ", " not ", "，不是", " 不是"] {
        if let Some(k) = fix.find(not) {
            let new = fix[..k].trim();
            let old = fix[k + not.len()..]
                .split([',', '，', ' '])
                .find(|w| !w.is_empty())?;
            return replace_word(head, old, new);
        }
    }
    let lower = fix.to_lowercase();
    let fix = EDIT_LEADS
        .iter()
        .find_map(|l| lower.strip_prefix(l).map(|r| &fix[fix.len() - r.len()..]))
        .unwrap_or(fix)
        .trim();
    let digits = fix
        .find(|c: char| !c.is_ascii_digit() && c != '.')
        .unwrap_or(fix.len());
    if digits == 0 {
        return None;
    }
    let unit = fix[digits..].trim();
    let (k, n) = numbers(head)
        .into_iter()
        .rev()
        .find(|&(k, n)| unit.is_empty() || unit_after(head, k + n, unit))?;
    let kept_unit = if unit.is_empty() {
        0
    } else {
        unit_len(head, k + n, unit)
    };
    Some(format!(
        "{}{}{}",
        &head[..k],
        if kept_unit == 0 { &fix[..digits] } else { fix },
        &head[k + n + kept_unit..]
    ))
}

/// Each number standing alone in `head` (no letter glued before it: `mi300x` is a name), as
/// (start, length).
fn numbers(head: &str) -> Vec<(usize, usize)> {
    let b = head.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i].is_ascii_digit() && (i == 0 || !b[i - 1].is_ascii_alphanumeric()) {
            let n = b[i..]
                .iter()
                .take_while(|c| c.is_ascii_digit() || **c == b'.')
                .count();
            let glued = b.get(i + n).is_some_and(|c| c.is_ascii_alphabetic())
                && b[i + n..]
                    .iter()
                    .take_while(|c| c.is_ascii_alphanumeric())
                    .any(u8::is_ascii_digit);
            if !glued {
                out.push((i, n));
            }
            i += n;
        } else {
            i += 1;
        }
    }
    out
}

/// Whether the words after a number at `at` start with the unit's first word (`hours` for `5
/// hours`, `M` for `10M`), case aside.
fn unit_after(head: &str, at: usize, unit: &str) -> bool {
    unit_len(head, at, unit) > 0
}

/// The length of the head's unit after `at` that `unit` names, 0 when it names another.
fn unit_len(head: &str, at: usize, unit: &str) -> usize {
    let after = &head[at..];
    let spaces = after.len() - after.trim_start().len();
    let word: String = after
        .trim_start()
        .chars()
        .take_while(|c| c.is_alphabetic())
        .collect();
    let want: String = unit.chars().take_while(|c| c.is_alphabetic()).collect();
    let (w, u) = (word.to_lowercase(), want.to_lowercase());
    if w.is_empty() || u.is_empty() {
        return 0;
    }
    // `小时多少钱` holds `小时`: only the unit's own letters are the unit.
    if w.starts_with(&u) && (w == u || u.len() > 1) {
        spaces + u.len()
    } else if w.len() > 1 && u.starts_with(&w) {
        spaces + w.len()
    } else {
        0
    }
}

/// `head` with the word starting with `old` (`fully` for `full`) written `new`.
fn replace_word(head: &str, old: &str, new: &str) -> Option<String> {
    let lower = head.to_lowercase();
    if lower.len() != head.len() || old.is_empty() {
        return None;
    }
    let old = old.to_lowercase();
    let mut from = 0;
    while let Some(k) = lower[from..].find(&old).map(|k| k + from) {
        let starts = k == 0 || !lower.as_bytes()[k - 1].is_ascii_alphanumeric();
        if starts {
            let end = k + lower[k..]
                .find(|c: char| !c.is_alphanumeric() && c != '-')
                .unwrap_or(lower.len() - k);
            return Some(format!("{}{new}{}", &head[..k], &head[end..]));
        }
        from = k + old.len();
    }
    None
}

#[cfg(test)]
mod tests {
    use super::plain as raw;

    /// The pass's text with its runs of spaces as one (the readers split on them).
    fn plain(s: &str) -> String {
        raw(s).split_whitespace().collect::<Vec<_>>().join(" ")
    }

    #[test]
    fn marks_are_written_plainly() {
        assert_eq!(plain("[18:22] remove alert #3"), "remove alert #3");
        assert_eq!(plain("[4090] x"), "[4090] x");
        assert_eq!(plain("lambda a10 for 2½ hours"), "lambda a10 for 2.5 hours");
        assert_eq!(plain("2 ½ 小时"), "2.5 小时");
        assert_eq!(plain("for ½ hour"), "for 0.5 hour");
        assert_eq!(
            plain("cheapest h100 for ~~2~~ 5 hours"),
            "cheapest h100 for 5 hours"
        );
        assert_eq!(plain("4090 跑一周（划掉）两周，哪家"), "4090 跑 两周，哪家");
        assert_eq!(
            plain("4070 ti（划掉）4070 ti super 显存"),
            "4070 ti super 显存"
        );
        assert_eq!(
            plain("moved over 30 days? EDIT: make that 45"),
            "moved over 45 days?"
        );
        assert_eq!(plain("~8M tokens/day EDIT: 10M"), "~10M tokens/day");
        assert_eq!(
            plain("phi-4 fully on one h100. EDIT: lora, not full, cut. Will it fit?"),
            "phi-4 lora on one h100. Will it fit?"
        );
        // Nothing it corrects: the tail left as typed.
        assert_eq!(
            plain("a100 trend? EDIT: thanks all"),
            "a100 trend? thanks all"
        );
        assert_eq!(plain("my credit: card only"), "my credit: card only");
        assert_eq!(
            plain("autodl 4090 跑3小时多少钱 更正：6小时"),
            "autodl 4090 跑6小时多少钱"
        );
    }
}
