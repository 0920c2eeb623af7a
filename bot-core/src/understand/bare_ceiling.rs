//! `4090 offers under 2`, `any h100 under 3`, `a100 below 1.5 per hour?`: a ceiling said with a
//! bare number in an English question is a price cap per hour in the chat's currency (the
//! answer states which), written `under 2/hour` before reading; never dropped. A number with a
//! currency or a unit after it (`under 2 hours`, `under $2`, `under 2 dollars`), or a ceiling
//! beside a length said (`for 3 hours under 10`: a total), is left as said.

/// Words after the number that say it is per hour.
const HOURLY: &[&str] = &[
    "an hour", "a hour", "per hour", "per hr", "/hour", "/hr", "/h", "hourly",
];
/// Words of a length said elsewhere: a ceiling beside one may be the job's total.
const LENGTH: &[&str] = &["hour", "hr", "day", "week", "month", "min"];

/// The text with a bare ceiling written per hour, or as it was. A whole number the catalog
/// names as a card (`cheaper than 3090 per hour`) is the card compared with, never a cap: the
/// card reader is consulted first.
pub(super) fn plain(catalog: &crate::catalog::Catalog, norm: &str) -> String {
    let card = |n: &str| !n.contains('.') && catalog.find_gpu(n).is_some();
    ceiling(norm, &card)
}

/// [`plain`] with the card reader given.
fn ceiling(norm: &str, card: &dyn Fn(&str) -> bool) -> String {
    if !norm.is_ascii() {
        return norm.to_string();
    }
    let padded = format!(" {norm} ");
    // The lexicon's ceiling words said before an amount, English ones (`under`, `nothing over`,
    // `no higher than`): one table for every reader.
    let words = crate::lexicon::ceiling_words(crate::lexicon::CeilingSide::Before)
        .filter(|w| w.is_ascii())
        .map(str::trim);
    for under in words {
        let Some(at) = padded.find(&format!(" {under} ")) else {
            continue;
        };
        let from = at + under.len() + 2;
        let rest = &padded[from..];
        let len = rest
            .find(|c: char| !(c.is_ascii_digit() || c == '.'))
            .unwrap_or(rest.len());
        let number = &rest[..len];
        if number.is_empty() || number.parse::<f64>().map_or(true, |v| v <= 0.0) || card(number) {
            return norm.to_string();
        }
        let after = rest[len..].trim_start();
        let hourly = HOURLY.iter().find(|h| after.starts_with(**h));
        let end = match hourly {
            Some(h) => from + len + (rest[len..].len() - after.len()) + h.len(),
            // Nothing said after it but the question's end.
            None if after.is_empty() || after.starts_with(['?', ',']) => from + len,
            None => return norm.to_string(),
        };
        let elsewhere = format!("{}{}", &padded[..at], &padded[end..]);
        if hourly.is_none() && LENGTH.iter().any(|w| elsewhere.contains(w)) {
            return norm.to_string();
        }
        let head = padded[..at].trim();
        let tail = padded[end..].trim();
        return format!("{head} under {number}/hour {tail}")
            .trim()
            .to_string();
    }
    norm.to_string()
}

#[cfg(test)]
mod tests {
    use crate::catalog::Catalog;

    fn plain(norm: &str) -> String {
        super::plain(&Catalog::embedded().unwrap(), norm)
    }

    #[test]
    fn a_card_number_is_no_ceiling() {
        for s in [
            "is 3090 cheaper than 4090 per hour",
            "5090 less than 4090 an hour?",
        ] {
            assert_eq!(plain(s), s);
        }
    }

    #[test]
    fn a_bare_ceiling_is_per_hour() {
        assert_eq!(plain("4090 offers under 2"), "4090 offers under 2/hour");
        assert_eq!(plain("a100 below 1.5 per hour?"), "a100 under 1.5/hour ?");
        assert_eq!(
            plain("any 4090 for less than 0.5"),
            "any 4090 for under 0.5/hour"
        );
    }

    #[test]
    fn a_currency_a_unit_or_a_length_beside_it_leaves_it() {
        for s in [
            "4090 for under 2 hours how much",
            "4090 under $2",
            "4090 under 2 dollars",
            "h100 for 3 hours under 10",
            "4090 显卡 under 2",
            "qwen 7b under 24gb",
        ] {
            assert_eq!(plain(s), s);
        }
    }
}
