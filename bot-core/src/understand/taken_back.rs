//! A correction inside the sentence (`4090跑qwen2.5 72b……不对，是32b`, `6 hours, no wait, 4
//! hours`, `每天几百万token，说错了，是八百万`, `not the 4090, the 3090`): the value said after
//! the correction word replaces the last value of the same kind said before it (a card for a
//! card, a model for a model, an amount for an amount in the same unit), and the correction
//! words go, before any pass reads an entity. One mechanism for both languages; the words are
//! the lexicon's ([`crate::lexicon::TAKEN_BACK_AFTER`]). A correction word with no value of its
//! kind after it (`这个价格不对吧`, `sorry for the noob question`) takes nothing back.

use super::family_after::{family_at, size_at};
use crate::catalog::Catalog;
use crate::lexicon::{
    CORRECTION_LEADS, TAKEN_BACK_AFTER, TAKEN_BACK_BEFORE, refused_value_at, unit_key,
};

/// What a value is, for telling which earlier value a correction replaces.
#[derive(Debug, PartialEq)]
enum Kind {
    Card,
    Model,
    Amount(String),
    /// A platform (`correction_kinds`, und_ee).
    Platform,
}

const NUMERALS: &str = "0123456789.一二两三四五六七八九十百千几";
const CJK_UNITS: &[&str] = &[
    "人民币",
    "美金",
    "个小时",
    "小时",
    "钟头",
    "个月",
    "分钟",
    "块钱",
    "美元",
    "天",
    "周",
    "块",
    "元",
    "刀",
    "张",
    "卡",
    "万",
    "亿",
];

/// The message with each correction applied (at most a few: a message corrects once or twice).
pub(super) fn plain(catalog: &Catalog, text: &str) -> String {
    let mut t = text.to_string();
    for _ in 0..3 {
        match corrected_once(catalog, &t) {
            Some(next) => t = next,
            None => break,
        }
    }
    t
}

fn corrected_once(catalog: &Catalog, t: &str) -> Option<String> {
    let mut at: Vec<(usize, &str, bool)> = TAKEN_BACK_AFTER
        .iter()
        .flat_map(|w| t.match_indices(*w).map(|(i, w)| (i, w, true)))
        .chain(
            TAKEN_BACK_BEFORE
                .iter()
                .flat_map(|w| t.match_indices(*w).map(|(i, w)| (i, w, false))),
        )
        .filter(|&(i, w, _)| refused_value_at(t, i, w).is_some())
        .collect();
    at.sort_unstable();
    at.into_iter().find_map(|(i, w, after)| {
        if after {
            taken_back_after(catalog, t, i, i + w.len())
        } else {
            taken_back_before(catalog, t, i, i + w.len())
        }
    })
}

/// `X 不对 是 Y`: Y replaces the last X of its kind before the word.
fn taken_back_after(catalog: &Catalog, t: &str, start: usize, end: usize) -> Option<String> {
    let y = lead_past(t, end);
    let (y_end, kind) = value_at(catalog, t, y)?;
    let said: Vec<(usize, usize)> = starts(t, start)
        .filter_map(|p| value_at(catalog, t, p).map(|(e, k)| (p, e, k)))
        .filter(|(_, e, k)| *e <= start && *k == kind)
        .map(|(p, e, _)| (p, e))
        .fold(Vec::new(), |mut kept: Vec<(usize, usize)>, (p, e)| {
            // A name inside one already said (`pai` of `阿里云 pai`) is that one.
            if kept.last().is_none_or(|&(_, end)| p >= end) {
                kept.push((p, e));
            }
            kept
        });
    // Of several, the one the correction is most like (`3080ti vs 4090, sorry 3090ti`).
    let (x, x_end) = if kind == Kind::Card {
        super::correction_kinds::corrected_of(t, &said, &t[y..y_end])?
    } else {
        *said.last()?
    };
    // A space after the value put in X's place: what followed X (`4060ti... i mean 4080
    // super`) must not glue to it (`super...` is no word of a card's name).
    Some(format!(
        "{}{} {} {}",
        &t[..x],
        &t[y..y_end],
        &t[x_end..start],
        &t[y_end..]
    ))
}

/// `不是 X 是 Y`, `not the X, the Y`: Y in place of the three.
fn taken_back_before(catalog: &Catalog, t: &str, start: usize, end: usize) -> Option<String> {
    let x = refused_value_at(t, start, &t[start..end])?;
    let (x_end, kind) = value_at(catalog, t, x)?;
    let y = lead_past(t, x_end);
    let (y_end, y_kind) = value_at(catalog, t, y)?;
    (y_kind == kind && y > x_end && t[x..x_end] != t[y..y_end])
        .then(|| format!("{}{}", &t[..start], &t[y..]))
}

/// Past the separators and lead words after a correction word (`，是`, `, the`, `… 应该是`).
fn lead_past(t: &str, mut at: usize) -> usize {
    for _ in 0..8 {
        let rest = &t[at..];
        let sep = rest
            .find(|c: char| !(c.is_whitespace() || ",，…. -—:：、".contains(c)))
            .unwrap_or(rest.len());
        at += sep;
        match CORRECTION_LEADS.iter().find(|l| t[at..].starts_with(**l)) {
            Some(l) => at += l.len(),
            None if sep == 0 => break,
            None => {}
        }
    }
    at
}

/// Where a value may start before `end`: the start of a word or of a run of Latin letters or
/// numerals inside Chinese text.
fn starts(t: &str, end: usize) -> impl Iterator<Item = usize> + '_ {
    t[..end].char_indices().filter_map(move |(i, c)| {
        let prev = t[..i].chars().next_back();
        let inside = prev.is_some_and(|p| {
            p.is_ascii_alphanumeric() || p == '.' || (NUMERALS.contains(p) && NUMERALS.contains(c))
        });
        (!c.is_whitespace() && !inside).then_some(i)
    })
}

/// The value at byte `p` of `t` (a card, a model, an amount with its unit) and where it ends.
fn value_at(catalog: &Catalog, t: &str, p: usize) -> Option<(usize, Kind)> {
    let s = &t[p..];
    if let Some(len) = card_len(catalog, s) {
        return Some((p + len, Kind::Card));
    }
    if let Some(len) = super::correction_kinds::platform_len(catalog, s) {
        return Some((p + len, Kind::Platform));
    }
    if let Some(f) = family_at(s) {
        let gap = usize::from(s[f..].starts_with([' ', '-']));
        if let Some(len) = size_at(&s[f + gap..]) {
            return Some((p + f + gap + len, Kind::Model));
        }
    }
    amount_len(s).map(|(len, unit)| (p + len, Kind::Amount(unit)))
}

/// The longest card name (up to three words, at most 20 characters) `s` starts with.
fn card_len(catalog: &Catalog, s: &str) -> Option<usize> {
    let mut ends: Vec<usize> = s
        .char_indices()
        .map(|(i, c)| i + c.len_utf8())
        .take(20)
        .filter(|&e| !s[e..].starts_with(|c: char| c.is_ascii_alphanumeric()))
        .filter(|&e| s[..e].split_whitespace().count() <= 3 && s[..e].trim().len() >= 2)
        .filter(|&e| s[..e].chars().any(|c| c.is_ascii_digit()))
        .collect();
    ends.sort_unstable_by(|a, b| b.cmp(a));
    ends.into_iter()
        .find(|&e| catalog.find_gpu(s[..e].trim_end()).is_some())
}

/// A number and its unit at the start of `s` (`3个小时`, `6 hours`, `32b`, `8百万`), its length
/// and the unit's key.
fn amount_len(s: &str) -> Option<(usize, String)> {
    let num = s.find(|c: char| !NUMERALS.contains(c)).unwrap_or(s.len());
    if !s[..num].chars().any(|c| c != '.') {
        return None;
    }
    let rest = &s[num..];
    let gap = usize::from(rest.starts_with(' '));
    let latin = rest[gap..]
        .find(|c: char| !c.is_ascii_alphabetic())
        .unwrap_or(rest.len() - gap);
    if latin > 0 {
        let unit = &rest[gap..gap + latin];
        return Some((num + gap + latin, unit_key(unit).to_string()));
    }
    // `3 天`, `1000 人民币`: a unit one space after its number is still its unit.
    CJK_UNITS
        .iter()
        .find(|u| rest[gap..].starts_with(**u))
        .map(|u| (num + gap + u.len(), unit_key(u).to_string()))
}

#[cfg(test)]
mod tests {
    use super::plain;
    use crate::catalog::Catalog;

    #[test]
    fn the_corrected_value_replaces_the_one_of_its_kind() {
        let c = Catalog::embedded().unwrap();
        let read = |t: &str| plain(&c, t);
        assert!(
            read("4090跑qwen2.5 72b…… 不对 是32b 4bit的能装下吗").starts_with("4090跑qwen2.5 32b")
        );
        assert!(read("autodl上4090跑5个小时 不对 是3个小时 多少钱").contains("跑3个小时"));
        assert!(read("rent an a6000 for 6 hours  no wait  4 hours").contains("for 4 hours"));
        assert_eq!(read("not the 4090, the 3090 - can it"), "3090 - can it");
        // No value of the kind after it, or none before it: nothing is taken back.
        for t in [
            "这个价格不对吧 4090多少钱",
            "sorry for asking, a40 vram",
            "4090对不对 3090",
        ] {
            assert_eq!(read(t), t);
        }
    }
}
