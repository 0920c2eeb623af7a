//! A place in a list said by where it stands as the bot SHOWED it (issue 26 §4, helper und_du):
//! `the top one`, `the one at the bottom`, `second from the bottom`, `最上面那个`, `最下面那张`,
//! `列表里第二个`, `the 2nd one on the list`. The words are written as the places the ordinal
//! reader ([`super::ordinal`]) knows (`top` is `first`, `最下面` is `最后`), and the list itself
//! named (`on the list`, `列表里`) says nothing more. And a rank over a property column
//! (`第二便宜的`, `the second cheapest`, `3rd most expensive`): the rank's number read here, the
//! property by [`super::extreme_said`]; a rank against another option (`比第一张贵一档的`).

use super::Property;

/// The list named beside a place: it adds nothing to the place (`the 2nd one on the list`).
const EN_LIST: &[&str] = &[
    " on the list",
    " in the list",
    " of the list",
    " from the list",
    " on your list",
    " in your list",
    " you showed",
    " you listed",
];
const ZH_LIST: &[&str] = &[
    "列表里的",
    "列表里",
    "列表中的",
    "列表中",
    "列表上的",
    "列表上",
    "清单里",
    "单子上",
    "列表",
];

/// Where a place stands as shown: the top of the list (the first) and its bottom (the last).
const EN_AT_TOP: &[&str] = &["the one at the top", "the one on top", "the one at top"];
const EN_AT_BOTTOM: &[&str] = &["the one at the bottom", "the one at bottom"];
const EN_TOP: &[&str] = &["top", "topmost", "uppermost"];
const EN_BOTTOM: &[&str] = &["bottom", "bottommost"];
const ZH_TOP: &[&str] = &[
    "最上面",
    "最上边",
    "最上头",
    "最顶上",
    "最顶部",
    "最前面",
    "最前边",
    "最上",
];
const ZH_BOTTOM: &[&str] = &[
    "最下面",
    "最下边",
    "最底下",
    "最底部",
    "最后面",
    "最后边",
    "最下",
];

/// `text` (lower case) with a place said by where it stands written as an ordinal's words
/// (`the top one` → `the first one`, `最上面那个` → `第一个`, `second from the bottom` → `second
/// to last`), and the list named beside it taken out.
pub fn shown_places(text: &str) -> String {
    let mut t = text.to_string();
    for w in EN_LIST {
        t = t.replace(w, "");
    }
    for w in ZH_LIST {
        t = t.replace(w, "");
    }
    for w in EN_AT_TOP {
        t = t.replace(w, "the first one");
    }
    for w in EN_AT_BOTTOM {
        t = t.replace(w, "the last one");
    }
    t = t
        .replace("from the bottom", "to last")
        .replace("from bottom", "to last")
        .replace("from the top", "");
    let words: Vec<String> = t
        .split(' ')
        .map(|w| {
            if EN_TOP.contains(&w) {
                "first".to_string()
            } else if EN_BOTTOM.contains(&w) {
                "last".to_string()
            } else {
                w.to_string()
            }
        })
        .collect();
    let mut t = words.join(" ");
    for w in ZH_TOP {
        if let Some(at) = t.find(w) {
            let rest = &t[at + w.len()..];
            // `最上面那个`, `最上面的那张`, `最上面的`: the pointer words go, a measure stays.
            let rest = rest
                .trim_start_matches('的')
                .trim_start_matches(['那', '这', '一'])
                .to_string();
            let measure = if rest.starts_with(|c: char| super::ordinal::is_measure(c)) {
                ""
            } else {
                "个"
            };
            t = format!("{}第一{measure}{rest}", &t[..at]);
            break;
        }
    }
    for w in ZH_BOTTOM {
        if t.contains(w) {
            t = t.replacen(w, "最后", 1);
            break;
        }
    }
    t
}

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
    fn places_by_where_they_stand() {
        assert_eq!(shown_places("the top one"), "the first one");
        assert_eq!(
            shown_places("then i take the top one"),
            "then i take the first one"
        );
        assert_eq!(shown_places("the one at the bottom"), "the last one");
        assert_eq!(shown_places("second from the bottom"), "second to last");
        assert_eq!(shown_places("the 2nd one on the list"), "the 2nd one");
        assert_eq!(shown_places("最上面那个"), "第一个");
        assert_eq!(shown_places("选列表里最上面那张"), "选第一张");
        assert_eq!(shown_places("最下面那个"), "最后那个");
        assert_eq!(shown_places("列表里第二个"), "第二个");
        // Words that only contain a place word are left alone.
        assert_eq!(shown_places("stop at the topic"), "stop at the topic");
    }

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
