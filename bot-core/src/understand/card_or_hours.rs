//! A number said with no unit beside a card (`4090 跑 8`, `rtx 4090, 6`, `4090 8`): eight
//! cards, or eight hours. The readings cost differently, so `/pick` asks back with both
//! (`lexicon::Senses`), never taking one in silence; the question path asks the same through
//! `bare_number`'s senses.

use crate::catalog::Catalog;
use crate::lexicon::{Sense, Senses};

/// The number's senses (hours, cards) where a card is named and the number stands after it or
/// after a run verb right after it with no unit; `None` otherwise (the unit said, no card, a
/// card's own digits).
pub fn card_or_hours(catalog: &Catalog, text: &str) -> Option<Senses> {
    let norm = super::normalize(text).replace([',', '，', '、', ';', '；'], " ");
    let bare = super::bare_number::bare_number(&norm)?;
    if !(bare.after_card || bare.card_before_verb) {
        return None;
    }
    let toks = super::text::tokens(&norm);
    if super::entities::entities(catalog, &toks).gpus.is_empty() {
        return None;
    }
    let number = norm[bare.start..bare.end].trim_end_matches('个').trim_end();
    Some(Senses::of_number(
        &norm,
        bare.start,
        bare.end,
        number,
        &[Sense::Hours, Sense::Cards],
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_number_beside_a_card_is_cards_or_hours() {
        let c = Catalog::embedded().unwrap();
        for t in ["4090 跑 8", "rtx 4090, 6", "4090 8", "a100 用 3"] {
            let s = card_or_hours(&c, t).unwrap_or_else(|| panic!("{t}"));
            let kinds: Vec<Sense> = s.said.iter().map(|(k, _)| *k).collect();
            assert_eq!(kinds, [Sense::Hours, Sense::Cards], "{t}");
        }
        assert_eq!(card_or_hours(&c, "4090 跑 8").unwrap().word, "8");
        for t in [
            "4090 跑 8小时",
            "8张4090",
            "跑 8",
            "4090",
            "qwen2.5 7b 8",
            "a100 x 3 for 3",
        ] {
            assert!(card_or_hours(&c, t).is_none(), "{t}");
        }
    }
}
