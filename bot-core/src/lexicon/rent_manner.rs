//! A need said as how the renting itself is done (`where can i rent without a credit card`,
//! `rent a gpu with no real name check`, `rent gpus and pay with alipay`): the need is what is
//! asked, so the platforms meeting it answer, as a need said alone does. A lack said as the
//! person's situation, in a clause of its own (`i have no credit card, where should i rent a
//! gpu`), stays guidance.

/// What may stand between the verb and the need: the thing rented.
const RENTED: &[&str] = &[
    "a", "an", "one", "gpu", "gpus", "card", "cards", "instance", "server", "machine", "box",
];
/// Words that tie a need to the renting (`without`, `with no`, `and pay with`).
const MANNER: &[&str] = &[
    "without ",
    "with no ",
    "w/o ",
    "and pay with ",
    "and pay by ",
    "paying with ",
    "paying by ",
    "pay with ",
];

/// Whether a need is said as the manner of renting: `rent`, at most two words of the thing
/// rented, then a word that ties what follows to the renting.
pub fn need_of_renting(text: &str) -> bool {
    text.match_indices("rent ").any(|(at, v)| {
        let starts = text[..at]
            .chars()
            .next_back()
            .is_none_or(|c| !c.is_ascii_alphanumeric());
        let mut rest = &text[at + v.len()..];
        for _ in 0..2 {
            let word = rest.split_whitespace().next().unwrap_or("");
            if RENTED.contains(&word) {
                rest = rest.trim_start()[word.len()..].trim_start();
            }
        }
        starts && MANNER.iter().any(|m| rest.starts_with(m))
    })
}

#[cfg(test)]
mod tests {
    use super::need_of_renting;

    #[test]
    fn a_need_tied_to_the_renting() {
        assert!(need_of_renting("where can i rent without a credit card"));
        assert!(need_of_renting(
            "where can i rent a gpu with no credit card"
        ));
        assert!(need_of_renting("where can i rent gpus and pay with alipay"));
        // A lack said as the person's situation, in a clause of its own.
        assert!(!need_of_renting(
            "i have no credit card, where should i rent a gpu"
        ));
        assert!(!need_of_renting("no credit card, where can i rent a gpu?"));
        // Not the verb.
        assert!(!need_of_renting("the current without a card"));
    }
}
