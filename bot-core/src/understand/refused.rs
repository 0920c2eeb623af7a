//! A platform, card or option the message excludes (`除了runpod哪里有h100`, `不是3090的话，
//! 4090能跑…吗`, `besides vast, who has 4090s`, `anything but an a100 that can run…`, `不要spot
//! 的`, `如果autodl没货，矩池云的…`): taken out of the text before reading, so the reading is
//! about what is left, never the excluded one. A refusal of anything else (`不用信用卡`, `不要
//! 实名`) is left to the needs; `是不是` refuses nothing.

use crate::catalog::Catalog;
use crate::lexicon::exclude_words;

/// Words after a name that say it is out of stock (`如果autodl没货`): the name is excluded.
const GONE_AFTER: &[&str] = &[
    "没货",
    "没有货",
    "缺货",
    "没卡",
    " sold out",
    " is out",
    " has none",
];
/// What an exclusion may end with, taken out with it.
const TAIL: &[&str] = &["的话", "的", "了", " please", " then"];
/// Words that are no name but are excluded alike.
const OPTIONS: &[&str] = &["spot", "国外平台", "国外", "海外平台", "海外", "overseas"];

/// `text` without each exclusion of a name the catalog knows.
pub(super) fn plain(catalog: &Catalog, text: &str) -> String {
    // `除了它`: the platform a pointer stands for, refused with it (und_dt).
    let pointed = super::pointed_back::plain(catalog, text);
    let text = pointed.as_str();
    if !exclude_words().any(|w| text.contains(w)) && !GONE_AFTER.iter().any(|w| text.contains(w)) {
        return text.to_string();
    }
    let mut out = text.to_string();
    // Each pass takes out one exclusion; a message excludes a few names at most.
    for _ in 0..4 {
        match excluded(catalog, &out).or_else(|| gone(catalog, &out)) {
            Some(span) => out.replace_range(span, " "),
            None => break,
        }
    }
    out
}

/// The span of the first refusal word and the name after it.
fn excluded(catalog: &Catalog, t: &str) -> Option<std::ops::Range<usize>> {
    let mut hits: Vec<(usize, &str)> = exclude_words()
        .flat_map(|w| t.match_indices(w).map(move |(i, _)| (i, w)))
        .collect();
    hits.sort_unstable();
    hits.into_iter().find_map(|(i, w)| {
        // `是不是4090更快` asks, refusing nothing (the lexicon's one rule for a value refused).
        let at = crate::lexicon::refused_value_at(t, i, w)?;
        // A bare `not` before a place (`not overseas`) names its complement, which the region
        // readers read (`/platforms cn`): only a name is refused by it.
        if w == "not " && OPTIONS.iter().any(|o| t[at..].starts_with(*o)) {
            return None;
        }
        let end = at + name_at(catalog, &t[at..])?;
        let end = end
            + TAIL
                .iter()
                .find(|x| t[end..].starts_with(**x))
                .map_or(0, |x| x.len());
        Some(i..end)
    })
}

/// The span of a name said as a condition with a word saying it is out of stock (`如果autodl
/// 没货`).
fn gone(catalog: &Catalog, t: &str) -> Option<std::ops::Range<usize>> {
    GONE_AFTER.iter().find_map(|g| {
        let at = t.find(g)?;
        let before = t[..at].trim_end();
        // The name ends where the gone word starts: the longest known name ending there.
        let start = (0..before.len())
            .filter(|s| before.is_char_boundary(*s))
            .find(|s| {
                let cand = &before[*s..];
                cand.chars().count() <= 16 && name_at(catalog, cand) == Some(cand.len())
            })?;
        // Only said as a condition (`如果autodl没货`): `is the h100 sold out on runpod` asks.
        let cond = ["如果", "要是", "万一", "if "]
            .iter()
            .find(|w| before[..start].trim_end().ends_with(**w))?;
        let start = before[..start].trim_end().len() - cond.len();
        Some(start..at + g.len())
    })
}

/// The length of the platform, card or option the text starts with, if any: the longest
/// run of up to three words (or of up to eight characters, Chinese names having no spaces).
fn name_at(catalog: &Catalog, t: &str) -> Option<usize> {
    if let Some(o) = OPTIONS.iter().find(|o| t.starts_with(**o)) {
        return Some(o.len());
    }
    let known = |s: &str| {
        let s = s.trim_end_matches([',', '，', '、', '?', '？']);
        !s.is_empty() && (catalog.find_platform(s).is_some() || catalog.find_gpu(s).is_some())
    };
    // Ends of words (ASCII) and of characters (Chinese), longest first.
    let mut ends: Vec<usize> = t
        .char_indices()
        .map(|(i, c)| i + c.len_utf8())
        .take(24)
        .filter(|e| {
            let next = t[*e..].chars().next();
            let last = t[..*e].chars().next_back();
            // A name ends at a word's end: never inside `a100s`' digits or letters.
            !(last.is_some_and(|c| c.is_ascii_alphanumeric())
                && next.is_some_and(|c| c.is_ascii_alphanumeric() || c == '-' || c == '.'))
        })
        .filter(|e| t[..*e].split_whitespace().count() <= 3)
        .collect();
    ends.sort_unstable_by(|a, b| b.cmp(a));
    ends.into_iter().find(|e| known(&t[..*e]))
}
