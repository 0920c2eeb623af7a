//! A card named as the one to beat on price (`something cheaper than an h100 that can serve…`,
//! `比4090便宜点的卡，能跑…`): the card compared against, not the card asked about. Beside a
//! job to size, the answer is the job's card list (priced), never the named card's fit
//! (corpus87).

/// Words before the card compared against, in English (an article may follow).
const THAN_BEFORE: &[&str] = &[
    "cheaper than ",
    "less expensive than ",
    "more affordable than ",
    "cheaper alternative to ",
];
/// `比` before the card, a lower price after it (`比4090便宜`, `比a100实惠`).
const ZH_THAN: &str = "比";
const ZH_CHEAPER: &[&str] = &["便宜", "实惠", "划算", "低"];

/// Byte positions in `text` where a name compared against on price starts, with the byte
/// length of the name's span (letters, digits and `-` after the cue).
pub fn compared_names(text: &str) -> Vec<(usize, usize)> {
    let name_len = |s: &str| {
        s.char_indices()
            .find(|(_, c)| !(c.is_ascii_alphanumeric() || *c == '-'))
            .map_or(s.len(), |(i, _)| i)
    };
    let mut out = Vec::new();
    for cue in THAN_BEFORE {
        for (i, _) in text.match_indices(cue) {
            let mut at = i + cue.len();
            if let Some(a) = ["an ", "a ", "the "]
                .iter()
                .find(|a| text[at..].starts_with(**a))
            {
                at += a.len();
            }
            let n = name_len(&text[at..]);
            if n > 0 {
                out.push((at, n));
            }
        }
    }
    for (i, _) in text.match_indices(ZH_THAN) {
        let at = i + ZH_THAN.len();
        let at = at + (text[at..].len() - text[at..].trim_start().len());
        let n = name_len(&text[at..]);
        let after = text[at + n..].trim_start();
        if n > 0 && ZH_CHEAPER.iter().any(|w| after.starts_with(w)) {
            out.push((at, n));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::compared_names;

    fn names(t: &str) -> Vec<&str> {
        compared_names(t)
            .into_iter()
            .map(|(a, n)| &t[a..a + n])
            .collect()
    }

    #[test]
    fn the_card_to_beat_on_price() {
        assert_eq!(
            names("something cheaper than an h100 that can serve"),
            ["h100"]
        );
        assert_eq!(names("比4090便宜点的卡 能跑qwen2.5 14b"), ["4090"]);
        assert_eq!(names("比 l40s 便宜的卡"), ["l40s"]);
        // A higher price, or no card after the cue: nothing compared against.
        assert!(names("4090比3090贵多少").is_empty());
        assert!(names("cheaper than usual").len() == 1);
        assert!(names("哪个便宜").is_empty());
    }
}
