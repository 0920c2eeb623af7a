//! Stock asked with the verb `have` in any form (`who is having b200`, `which cloud have l20`,
//! `any platform having h100?`, `does any provider has h20`): a holder (who, anyone, or a
//! platform noun after which/any) and a form of have (has, have, having, got, with `is`/`are`/
//! `does` before it) are the stock words' `who has`. The stock words held only the grammatical
//! forms, so each agreement or progressive variant read as the card's specs.

use super::text::has;
use super::words::{CHEAP_WORDS, COST_WORDS, PRICE_WORDS, STOCK_WORDS};

/// Who or what holds the card.
const HOLDERS: &[&str] = &["who", "anyone", "anybody", "someone", "somebody"];
/// Words that make a place noun after them a holder asked about.
const ASKING: &[&str] = &["which", "what", "any", "some"];
/// Place nouns, singular and plural.
const PLACES: &[&str] = &[
    "cloud",
    "clouds",
    "platform",
    "platforms",
    "provider",
    "providers",
    "site",
    "sites",
    "host",
    "hosts",
    "vendor",
    "vendors",
    "service",
    "services",
    "company",
    "companies",
    "平台",
];
/// Auxiliaries that may stand between the holder and have.
const AUX: &[&str] = &["is", "are", "does", "do", "still"];
/// Forms of have.
const HAVE: &[&str] = &["have", "has", "having", "got"];

/// The text with a holder and a form of have written `who has`, when no stock word is said
/// and no price is asked (`which provider has the cheapest 4090` weighs prices).
pub(super) fn plain(text: &str) -> String {
    let padded = format!(" {text} ");
    if has(&padded, STOCK_WORDS)
        || has(&padded, CHEAP_WORDS)
        || has(&padded, PRICE_WORDS)
        || has(&padded, COST_WORDS)
    {
        return text.to_string();
    }
    let words: Vec<&str> = text.split(' ').collect();
    for i in 0..words.len() {
        let holder_len = if HOLDERS.contains(&words[i]) {
            1
        } else if ASKING.contains(&words[i]) && words.get(i + 1).is_some_and(|w| PLACES.contains(w))
        {
            2
        } else {
            continue;
        };
        let mut j = i + holder_len;
        while words.get(j).is_some_and(|w| AUX.contains(w)) {
            j += 1;
        }
        if words.get(j).is_some_and(|w| HAVE.contains(w)) {
            let mut out: Vec<&str> = words[..i].to_vec();
            out.push("who has");
            out.extend(&words[j + 1..]);
            return out.join(" ");
        }
    }
    text.to_string()
}

#[cfg(test)]
mod tests {
    use super::plain;

    #[test]
    fn any_form_of_have_after_a_holder_is_who_has() {
        assert_eq!(
            plain("who is having b200 for rent"),
            "who has b200 for rent"
        );
        assert_eq!(plain("which cloud have l20"), "who has l20");
        assert_eq!(plain("does any platform has h20"), "does who has h20");
    }

    #[test]
    fn a_price_asked_or_a_card_held_by_the_user_is_left() {
        assert_eq!(
            plain("which provider has the cheapest 4090"),
            "which provider has the cheapest 4090"
        );
        assert_eq!(
            plain("i am having 4090, can it run qwen"),
            "i am having 4090, can it run qwen"
        );
    }
}
