//! Which of the things weighed is cheaper, asked as one question (`4090 vs 3090 哪个租起来便宜`,
//! `l4跟t4谁租着便宜`, `h100 or a100, which is cheaper to rent?`): the which word right before
//! the cheap word, a few words apart at most, and renting said. With no length said, a price is an
//! hour's (the house's convention), so two cards asked so are one two-card ranking for an hour,
//! never two rankings asked back. Without renting (`4090和3090哪个便宜`) their lowest list prices
//! side by side (`/gpu a b`) answer it, as before; a cheap word further on (`which has more vram?
//! I'd take the cheaper one`) answers another question.

/// Words asking which one.
const WHICH: &[&str] = &["哪个", "哪张", "哪一个", "哪款", "谁", "which"];
/// Words of the lower price.
const CHEAPER: &[&str] = &[
    "便宜",
    "省钱",
    "cheaper",
    "cheapest",
    "less expensive",
    "costs less",
    "cost less",
];
/// Renting said (`租起来`, `租着`, `to rent`).
const RENT: &[&str] = &["租", "rent"];
/// A price difference asked (`便宜多少`): the lowest list prices side by side answer it.
const HOW_MUCH: &[&str] = &["多少", "how much"];

/// Whether renting is said and a which word comes right before a cheap word: at most 12
/// characters between (`哪个租起来便宜`, `which one is cheaper to rent`), no sentence end.
pub(super) fn which_cheaper(padded: &str) -> bool {
    RENT.iter().any(|r| padded.contains(r))
        && WHICH.iter().any(|w| {
            padded.match_indices(w).any(|(at, _)| {
                let rest = &padded[at + w.len()..];
                CHEAPER.iter().any(|c| {
                    rest.find(c).is_some_and(|k| {
                        let between = &rest[..k];
                        let after = rest[k + c.len()..].trim_start();
                        between.chars().count() <= 12
                            && !between.contains(['?', '？', '。', '.', '!', '！'])
                            && !HOW_MUCH.iter().any(|m| after.starts_with(m))
                    })
                })
            })
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn which_is_cheaper_asked() {
        for t in [
            " 4090 vs 3090 哪个租起来便宜 ",
            " l4跟t4谁租着便宜点 ",
            " h100 or a100, which is cheaper to rent? ",
        ] {
            assert!(which_cheaper(t), "{t}");
        }
        for t in [
            " 3090 ti or 4080 super, which has more vram? i'd take the cheaper one ",
            " 4090d比4090便宜多少 ",
            " 哪个显存大 ",
            " 4090和3090哪个便宜 ",
        ] {
            assert!(!which_cheaper(t), "{t}");
        }
    }
}
