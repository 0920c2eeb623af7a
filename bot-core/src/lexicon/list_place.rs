//! A rank in a list as the bot SHOWED it (issue 26 §4, helper und_du; places said by where they
//! stand, `the top one`, are [`super::shown_place`]'s): a rank over a property column
//! (`第二便宜的`, `the second cheapest`, `3rd most expensive`): the rank's number read here, the
//! property by [`super::extreme_said`]; a rank against another option (`比第一张贵一档的`).

use super::Property;

/// Chinese rank words before a property (`第二便宜`, `第3贵`, `次便宜`): the rank.
const ZH_SECOND: &[&str] = &["次"];

/// The rank said right before a property word in `text` (lower case) and the text without it:
/// `第二便宜的` → (2, `便宜的`), `the second cheapest` → (2, `the cheapest`), `3rd most
/// expensive` → (3, `most expensive`); `None` where no rank number stands right before the
/// property (`第二个`, a place, is the ordinal reader's).
pub fn rank_before(text: &str, property_at: usize) -> Option<(usize, String)> {
    let before = text[..property_at].trim_end();
    let after = &text[property_at..];
    // Chinese: `第` and a numeral glued to the property, or `次`.
    if let Some(head) = ZH_SECOND.iter().find_map(|w| before.strip_suffix(w)) {
        return Some((2, format!("{head}{after}")));
    }
    if let Some((head, num)) = before.rsplit_once('第')
        && let Some(n) = super::ordinal::small_number(num.trim())
    {
        return Some((n, format!("{head}{after}")));
    }
    // English: the word before (`second`, `2nd`, a slip `secon`), past `most`/`least`.
    let (head, word) = before.rsplit_once(' ').unwrap_or(("", before));
    let n = super::ordinal::en_ordinal(word.trim())?;
    Some((n, format!("{} {after}", head.trim_end()).trim().to_string()))
}

/// The rank said before a property word anywhere in `text` (lower case, places written by
/// [`shown_places`]): (2, the text without the rank) for `第二便宜的`, `the second cheapest`.
pub fn place_rank_said(text: &str) -> Option<(usize, String)> {
    let mut words: Vec<&str> = super::extreme_words().map(|(w, ..)| w).collect();
    words.extend(["most", "least"]);
    words.sort_by_key(|w| std::cmp::Reverse(w.len()));
    words
        .iter()
        .flat_map(|w| text.match_indices(w).map(|(i, _)| i))
        .find_map(|at| rank_before(text, at))
        .filter(|(n, _)| *n >= 2)
}

/// Comparatives that rank one option against another (`比第一张贵一档`, `cheaper than the
/// second`): the property and whether the other is above it.
const ZH_COMPARATIVES: &[(&str, Property, bool)] = &[
    ("贵", Property::Price, true),
    ("便宜", Property::Price, false),
    ("大", Property::Size, true),
    ("小", Property::Size, false),
];
/// One step along the column (`贵一档`, `便宜一级`): said with no `比`, it still ranks against
/// another option.
/// Words that begin with a comparative's character and compare nothing.
const NOT_COMPARATIVE: &[&str] = &[
    "大概",
    "大约",
    "大陆",
    "大模型",
    "大家",
    "小时",
    "小于",
    "大于",
];
const ZH_STEPS: &[&str] = &["一档", "一级", "一个档次", "一个档", "一号"];
const EN_COMPARATIVES: &[(&str, Property, bool)] = &[
    ("more expensive", Property::Price, true),
    ("less expensive", Property::Price, false),
    ("pricier", Property::Price, true),
    ("dearer", Property::Price, true),
    ("cheaper", Property::Price, false),
    ("up in price", Property::Price, true),
    ("down in price", Property::Price, false),
    ("more memory", Property::Size, true),
    ("less memory", Property::Size, false),
    ("bigger", Property::Size, true),
    ("larger", Property::Size, true),
    ("smaller", Property::Size, false),
];
/// English words that make a comparative rank against another option: `than`, a step.
const EN_AGAINST: &[&str] = &[
    "than",
    "a step",
    "one step",
    "a notch",
    "one notch",
    "a tier",
    "next one",
];

/// A rank relative to another option (`比第一张贵一档的那张`, `要比它贵一档的`, `the next one up in
/// price from the first`, `one step pricier than the second one`): the property, and whether
/// the one wanted is above the other. `None` for an extreme (`the cheapest`) or a comparative
/// with nothing to compare against (`cheaper`, read by the extremes).
pub fn relative_said(text: &str) -> Option<(Property, bool)> {
    for (w, p, up) in ZH_COMPARATIVES {
        for (at, _) in text.match_indices(w) {
            let after = &text[at + w.len()..];
            let before = text[..at].replace("比较", "").replace("比如", "");
            let against = before.contains('比') || ZH_STEPS.iter().any(|s| after.starts_with(s));
            // `最贵`, `更便宜`: an extreme, the extremes' reading; `大概`, `小时`: no comparative.
            let word = &text[at..];
            if against
                && !text[..at].ends_with(['最', '更'])
                && !NOT_COMPARATIVE.iter().any(|n| word.starts_with(n))
            {
                return Some((*p, *up));
            }
        }
    }
    let padded = format!(" {text} ");
    let found = EN_COMPARATIVES
        .iter()
        .find(|(w, ..)| padded.contains(&format!(" {w} ")))?;
    EN_AGAINST
        .iter()
        .any(|a| padded.contains(&format!(" {a} ")))
        .then_some((found.1, found.2))
}

/// The one place a message names anywhere in it (`第一张太挤了，…`, `… than the second one`),
/// as [`super::Ordinal`] reads it; `None` when none or several.
pub fn place_in(text: &str) -> Option<super::Ordinal> {
    let mut found: Vec<(usize, bool)> = Vec::new();
    for (at, _) in text.match_indices('第') {
        let rest = &text[at + '第'.len_utf8()..];
        let num: String = rest.chars().take(1).collect();
        if let Some(n) = super::ordinal::small_number(&num) {
            found.push((n, false));
        }
    }
    if text.contains("最后") {
        found.push((1, true));
    }
    for w in text.split(|c: char| !c.is_ascii_alphanumeric()) {
        if w == "last" {
            found.push((1, true));
        } else if let Some(n) = super::ordinal::en_ordinal(w) {
            found.push((n, false));
        }
    }
    found.dedup();
    match found.as_slice() {
        [(n, from_end)] => Some(super::Ordinal {
            n: *n,
            bare: false,
            from_end: *from_end,
        }),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_before_a_property() {
        let r = |t: &str, w: &str| rank_before(t, t.find(w).unwrap());
        assert_eq!(r("第二便宜的", "便宜"), Some((2, "便宜的".into())));
        assert_eq!(r("次便宜的那张", "便宜"), Some((2, "便宜的那张".into())));
        assert_eq!(
            r("the second cheapest", "cheapest"),
            Some((2, "the cheapest".into()))
        );
        assert_eq!(
            r("show me the secon cheapest then", "cheapest"),
            Some((2, "show me the cheapest then".into()))
        );
        assert_eq!(
            r("3rd most expensive", "most"),
            Some((3, "most expensive".into()))
        );
        assert_eq!(r("the cheapest", "cheapest"), None);
        assert_eq!(r("最便宜的", "便宜"), None);
        assert_eq!(place_rank_said("第二便宜的那张").map(|(n, _)| n), Some(2));
        assert_eq!(place_rank_said("the cheapest"), None);
    }

    #[test]
    fn ranks_against_another_option() {
        assert_eq!(
            relative_said("比第一张贵一档的那张"),
            Some((Property::Price, true))
        );
        assert_eq!(
            relative_said("要比它贵一档的那张"),
            Some((Property::Price, true))
        );
        assert_eq!(
            relative_said("便宜一档的那个"),
            Some((Property::Price, false))
        );
        assert_eq!(
            relative_said("the next one up in price from the first"),
            Some((Property::Price, true))
        );
        assert_eq!(
            relative_said("one cheaper than it"),
            Some((Property::Price, false))
        );
        assert_eq!(relative_said("最贵的"), None);
        assert_eq!(relative_said("the cheaper one"), None);
        assert_eq!(
            place_in("第一张太挤了，要比它贵一档的那张").map(|o| o.n),
            Some(1)
        );
        assert_eq!(
            place_in("one step pricier than the second one").map(|o| o.n),
            Some(2)
        );
        assert_eq!(place_in("要比它贵一档的那张"), None);
    }
}
