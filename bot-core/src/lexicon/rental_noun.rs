//! The service itself named as the thing sought (`gpu rental`, `rent a gpu`, `租卡`, `租显卡`,
//! `算力租赁`): beside a need (`without a credit card`, `不想实名`), with no card, model, price
//! or advice asked, it names what is listed, as `platforms` does (corpus79's one miss:
//! `gpu rental without a credit card`). One table, for every reader that takes the noun as the
//! list's word.

/// Nouns and verb phrases naming GPU rental itself; an English one as words of their own, a
/// Chinese one anywhere. The verb forms are the lexicon's rent words ([`super::RENT_GPU`]).
const RENTAL_NOUNS: &[&str] = &[
    "gpu rental",
    "gpu rentals",
    "gpu renting",
    "gpu hosting",
    "rental gpu",
    "rental gpus",
    "租显卡",
    "租算力",
    "算力租赁",
    "显卡租赁",
    "gpu租赁",
    "gpu 租赁",
];

/// Whether a padded lower-case text names GPU rental itself (a noun of [`RENTAL_NOUNS`] or a
/// rent word of [`super::RENT_GPU`]).
pub fn rental_named(padded: &str) -> bool {
    RENTAL_NOUNS
        .iter()
        .chain(super::RENT_GPU)
        .any(|n| word_at(padded, n))
}

fn word_at(padded: &str, n: &str) -> bool {
    if !n.is_ascii() {
        return padded.contains(n);
    }
    padded.match_indices(n).any(|(at, _)| {
        let end = at + n.len();
        !padded[..at].ends_with(|c: char| c.is_ascii_alphanumeric())
            && !padded[end..].starts_with(|c: char| c.is_ascii_alphanumeric())
    })
}

#[cfg(test)]
mod tests {
    use super::rental_named;

    #[test]
    fn the_rental_itself_named() {
        assert!(rental_named(" gpu rental without a credit card "));
        assert!(rental_named(" rent a gpu with no kyc "));
        assert!(rental_named(" 租卡 不想实名 "));
        assert!(rental_named(" 算力租赁 按秒计费 "));
        // A word that only contains the noun is no rental named.
        assert!(!rental_named(" gpu rentalsite "));
        assert!(!rental_named(" rent a 4090 "));
    }
}
