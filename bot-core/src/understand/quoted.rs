//! `the model card says "Recommended: 2x A100 80GB". does llama-3.3-70b fit on one h100 in fp8?`,
//! `文档里写“建议 2 张 A100”，那 qwen2.5 32b 用一张 4090 能跑吗`: a card inside quotes is what
//! someone else wrote (a model card, a readme), and the card named outside them is the one
//! asked about: the quoted words are taken out before reading. A quote is kept when no card is
//! named outside it (then it is the card asked about).

use super::text::tokens;
use crate::catalog::Catalog;

/// Quote marks that open and close a passage.
const QUOTES: &[(char, char)] = &[('"', '"'), ('“', '”'), ('「', '」'), ('『', '』')];

/// Whether `t` names a card.
fn names_a_card(catalog: &Catalog, t: &str) -> bool {
    !super::entities::entities(catalog, &tokens(t))
        .gpus
        .is_empty()
}

/// `text` without a quoted passage naming a card, when another card is named outside it.
pub(super) fn plain(catalog: &Catalog, text: &str) -> String {
    for (open, close) in QUOTES {
        let Some(start) = text.find(*open) else {
            continue;
        };
        let inner = start + open.len_utf8();
        let Some(len) = text[inner..].find(*close) else {
            continue;
        };
        let end = inner + len + close.len_utf8();
        let outside = format!("{} {}", &text[..start], &text[end..]);
        if names_a_card(catalog, &text[inner..inner + len]) && names_a_card(catalog, &outside) {
            return outside;
        }
    }
    text.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_quoted_card_is_left_out_only_beside_another() {
        let c = Catalog::embedded().unwrap();
        let t = plain(
            &c,
            r#"the readme says "needs 4x a100 40gb" can it run on two 4090s"#,
        );
        assert!(!t.contains("a100") && t.contains("4090"), "{t}");
        let t = plain(
            &c,
            "文档里写“建议 2 张 a100” 那 qwen2.5 32b 用1张 4090 能跑吗",
        );
        assert!(!t.contains("a100") && t.contains("4090"), "{t}");
        // The only card named is the quoted one: kept.
        let q = r#"is "rtx 4090" enough for qwen2.5 7b"#;
        assert_eq!(plain(&c, q), q);
    }
}
