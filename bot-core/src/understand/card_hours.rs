//! Card-hours said with the card between the number and the unit (`cost of 100 a100 hours`,
//! `30 个 4090 小时`, `50 h100 gpu hours`): N hours on one card, as a total of GPU-hours reads
//! (`pasted_flags`), never N cards. A number over the card-count limit was dropped and the
//! default hour billed; one under it was read as that many cards for an hour.

use crate::catalog::Catalog;
use crate::lexicon::card_hour_unit;

/// `t` with each `N <card> <hours unit>` written `<card> N小时`.
pub(super) fn plain(catalog: &Catalog, t: &str) -> String {
    let mut out = String::with_capacity(t.len() + 8);
    let mut rest = t;
    while let Some(at) = rest.find(|c: char| c.is_ascii_digit()) {
        let end = rest[at..]
            .find(|c: char| !c.is_ascii_digit())
            .map_or(rest.len(), |d| at + d);
        let prev = rest[..at]
            .chars()
            .next_back()
            .or_else(|| out.chars().next_back());
        // A number inside a word (`h100`, `qwen2.5`) or an amount (`$100`) is no total.
        let starts = !prev.is_some_and(|c| c.is_ascii_alphanumeric() || "$¥￥.".contains(c));
        match card_then_hours(catalog, &rest[end..]).filter(|_| starts) {
            Some((card, len)) => {
                out.push_str(&rest[..at]);
                out.push_str(&format!("{card} {}小时 ", &rest[at..end]));
                rest = &rest[end + len..];
            }
            None => {
                out.push_str(&rest[..end]);
                rest = &rest[end..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// After the number: `个` if said, a card's name of one or two words, then an hours unit: the
/// card's name and the bytes taken up to the unit's end.
fn card_then_hours<'t>(catalog: &Catalog, s: &'t str) -> Option<(&'t str, usize)> {
    let mut from = s.len() - s.trim_start().len();
    if let Some(r) = s[from..].strip_prefix('个') {
        from = s.len() - r.trim_start().len();
    }
    let body = &s[from..];
    let word_end = |t: &str| {
        t.find(|c: char| c == ' ' || crate::lexicon::is_han(c))
            .unwrap_or(t.len())
    };
    let one = word_end(body);
    if one == 0 {
        return None;
    }
    let second = body[one..].trim_start();
    let two = body.len() - second.len() + word_end(second);
    [two, one].into_iter().find_map(|k| {
        let name = body[..k].trim_end();
        let known = |n: &str| catalog.find_gpu(n).is_some();
        if !(known(name) || name.strip_suffix('s').is_some_and(known)) {
            return None;
        }
        let tail = body[k..].trim_start();
        let unit = card_hour_unit(tail)?;
        Some((name, s.len() - tail.len() + unit.len()))
    })
}

#[cfg(test)]
mod tests {
    use super::plain;

    #[test]
    fn a_number_before_a_card_and_hours_is_hours_on_the_card() {
        let c = crate::catalog::Catalog::embedded().unwrap();
        assert_eq!(plain(&c, "cost of 100 a100 hours"), "cost of a100 100小时 ");
        assert_eq!(plain(&c, "30 个 4090 小时要多少钱"), "4090 30小时 要多少钱");
        // A count of cards before a length, and a price, are untouched.
        assert_eq!(plain(&c, "2 4090s for 10 hours"), "2 4090s for 10 hours");
        assert_eq!(plain(&c, "$100 a100 hours"), "$100 a100 hours");
    }
}
