//! A place in a list said by where it stands as the bot SHOWED it (issue 26 §4, helper und_du):
//! `the top one`, `the one at the bottom`, `second from the bottom`, `最上面那个`, `最下面那张`,
//! `列表里第二个`, `the 2nd one on the list`. The words are written as the places the ordinal
//! reader ([`super::ordinal`], which calls this in its one fold) knows (`top` is `first`,
//! `最下面` is `最后`), and the list itself named (`on the list`, `列表里`) says nothing more.

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
            // `最上面那张` keeps its measure word; `最上面的` alone is the first one.
            let measure = if rest.is_empty() { "个" } else { "" };
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
}
