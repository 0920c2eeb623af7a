//! A platform refused by a word pointing back at it (`autodl的4090太难抢了，除了它还有哪家便宜`,
//! `vast is pricey, other than that one who has a 4090`): the pointer stands for the platform
//! named before it in the same message, so both are taken out as `除了autodl` is
//! ([`super::refused`]), and the reading is about the platforms left. Only a platform: a card
//! pointed back at stays (`3090太贵 除了这个还有啥卡` asks another card, read by its own rules).

use crate::catalog::Catalog;
use crate::lexicon::apart_words;

/// Words that point back at a thing named before them: Chinese (`它`, `这家`) and English
/// (whole words: `it`, `that one`).
const POINTERS: &[&str] = &[
    "这个平台",
    "那个平台",
    "这个网站",
    "那个网站",
    "它们",
    "它家",
    "他家",
    "这家",
    "那家",
    "它",
    "that platform",
    "this platform",
    "that site",
    "that one",
    "this one",
    "them",
    "it",
];

/// The pointer `t` starts with (English ones as whole words), with its length.
fn pointer_at(t: &str) -> Option<usize> {
    POINTERS.iter().find_map(|p| {
        let rest = t.strip_prefix(*p)?;
        let whole = !p.is_ascii() || !rest.starts_with(|c: char| c.is_ascii_alphanumeric());
        whole.then_some(p.len())
    })
}

/// The span of the last platform named in `t` (as the catalog knows it).
fn last_platform(catalog: &Catalog, t: &str) -> Option<std::ops::Range<usize>> {
    let starts = t.char_indices().map(|(i, _)| i).filter(|&i| {
        let before = t[..i].chars().next_back();
        // A Latin name starts a word; a Chinese one may start anywhere.
        !before.is_some_and(|c| c.is_ascii_alphanumeric())
    });
    let mut found = None;
    for s in starts {
        let ends = t[s..]
            .char_indices()
            .map(|(k, c)| s + k + c.len_utf8())
            .take(16)
            .filter(|&e| {
                let next = t[e..].chars().next();
                let last = t[..e].chars().next_back();
                !(last.is_some_and(|c| c.is_ascii_alphanumeric())
                    && next.is_some_and(|c| c.is_ascii_alphanumeric() || c == '-'))
            });
        let mut longest = None;
        for e in ends {
            if catalog.find_platform(t[s..e].trim()).is_some() && !t[s..e].trim().is_empty() {
                longest = Some(s..e);
            }
        }
        if let Some(r) = longest {
            found = Some(r);
        }
    }
    found
}

/// `text` with a refusal of a pointer and the platform it points back at taken out; as typed
/// where no refusal is followed by a pointer or no platform is named before it.
pub(super) fn plain(catalog: &Catalog, text: &str) -> String {
    let hit = apart_words()
        .flat_map(|w| text.match_indices(w).map(move |(i, _)| (i, w.len())))
        .filter(|&(i, _)| {
            let before = text[..i].chars().next_back();
            !before.is_some_and(|c| c.is_ascii_alphanumeric())
        })
        .find_map(|(i, len)| {
            let rest = &text[i + len..];
            let pad = rest.len() - rest.trim_start().len();
            let p = pointer_at(rest.trim_start())?;
            Some((i, i + len + pad + p))
        });
    let Some((at, end)) = hit else {
        return text.to_string();
    };
    let Some(named) = last_platform(catalog, &text[..at]) else {
        return text.to_string();
    };
    format!(
        "{} {} {}",
        &text[..named.start],
        &text[named.end..at],
        &text[end..]
    )
}

#[cfg(test)]
mod tests {
    use super::plain;

    #[test]
    fn a_platform_pointed_back_at_is_refused_with_its_pointer() {
        let c = Catalog::embedded().unwrap();
        let t = plain(&c, "autodl的4090太难抢了 除了它还有哪家便宜");
        assert!(
            !t.contains("autodl") && !t.contains('它') && t.contains("4090"),
            "{t}"
        );
        let t = plain(&c, "vast is pricey, other than that one who has a 4090");
        assert!(!t.contains("vast") && !t.contains("that one"), "{t}");
        // No platform before it, no refusal, or a card pointed back at: as typed.
        for q in [
            "除了它还有哪家便宜",
            "autodl的4090怎么样 它贵吗",
            "3090太贵了 除了这个还有啥卡",
            "i like runpod, is it cheap",
            "does paperspace delete my data if i dont use it for a while",
        ] {
            assert_eq!(plain(&c, q), q, "{q}");
        }
    }

    use crate::catalog::Catalog;
}
