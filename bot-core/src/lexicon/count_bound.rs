//! Which way the words beside a count of cards bound it: `不超过2张`, `最多4张卡`, `4卡以内`,
//! `at most 2 4090s`, `no more than 4 cards`, `fewer than 4 gpus` say a ceiling; `至少4张`,
//! `4张以上`, `at least 4 gpus`, `8+ gpus`, `4 or more cards` a floor; a bare count says neither.
//! One rule for every reader of a machine's cards: the ceiling words are [`CEILINGS`], the floor
//! words [`FLOOR_BEFORE`], [`ABOVE_BEFORE`] and [`FLOOR_AFTER`], so a word means the same beside
//! a count as beside a price or a size. Readers had read only the floor words, so a ceiling
//! word before a count was read as the floor it is the opposite of.

use super::ceiling::{Bound, CEILINGS, Side};
use super::floor_words::{ABOVE_BEFORE, FLOOR_AFTER, FLOOR_BEFORE};

/// A count of cards in one machine bounded by the words beside it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CountBound {
    /// No more than this many (`cards<=N`).
    AtMost(u32),
    /// No fewer than this many (`cards>=N`).
    AtLeast(u32),
}

/// The bound the words beside the count `n` say: `before` is the text before its digits,
/// `after` the text after them (its measure word and on). `None` where no bound word stands
/// beside it, or the count is of nothing a machine holds (a measure word or a card's name
/// must follow, so `under 2 dollars` bounds no count).
pub fn count_bound(before: &str, n: u32, after: &str) -> Option<CountBound> {
    let a = after.trim_start();
    // `8+ gpus`: the floor mark is glued to the count, before its measure word.
    let plus = a.starts_with('+');
    let a = a.trim_start_matches('+').trim_start();
    let a_measured = strip_measure(a);
    let measured = a_measured.len() < a.len();
    let rest = a_measured.trim_start();
    // A word after the measure word (`4卡以内`, `2 gpus max`), or between the count and it
    // (`4 or more cards`, `2 or fewer gpus`).
    let said_after = |w: &str| {
        (measured && rest.starts_with(w))
            || a.strip_prefix(w).is_some_and(|t| {
                let t = t.trim_start();
                strip_measure(t).len() < t.len()
            })
    };
    let after_ceiling = CEILINGS
        .iter()
        .filter(|c| c.side == Side::After)
        .find(|c| said_after(c.word));
    let after_floor = FLOOR_AFTER.iter().any(|w| said_after(w));
    // `at most 2 4090s`: a card's name (letters with digits) counts as well as a measure word.
    let named = a
        .split_whitespace()
        .next()
        .is_some_and(|w| w.chars().any(|c| c.is_ascii_digit()) && w.is_ascii());
    if !(measured || named || after_ceiling.is_some() || after_floor) {
        return None;
    }
    let b = before.trim_end();
    let ends = |w: &str| super::ceiling::ends_with_word(b, w.trim());
    // Ceilings first: `no more than`, `不超过` end with a floor's `than`, `超过`.
    if let Some(c) = CEILINGS
        .iter()
        .filter(|c| c.side == Side::Before)
        .find(|c| ends(c.word))
    {
        return Some(at_most(c.bound, n));
    }
    if plus || FLOOR_BEFORE.iter().any(|w| ends(w)) {
        return Some(CountBound::AtLeast(n));
    }
    // `more than 4 gpus`, `超过4张`: one more is the least.
    if ABOVE_BEFORE.iter().any(|w| ends(w)) {
        return Some(CountBound::AtLeast(n + 1));
    }
    if let Some(c) = after_ceiling {
        return Some(at_most(c.bound, n));
    }
    after_floor.then_some(CountBound::AtLeast(n))
}

/// `at most N` is N; `below N` (`fewer than 4 cards`) is one fewer.
fn at_most(bound: Bound, n: u32) -> CountBound {
    match bound {
        Bound::AtMost => CountBound::AtMost(n),
        Bound::Below => CountBound::AtMost(n.saturating_sub(1)),
    }
}

/// `rest` after the count's measure words (`张卡`, ` cards`, `-gpu`, `x`), or itself.
fn strip_measure(rest: &str) -> &str {
    let mut t = rest.trim_start_matches('-');
    let mut any = false;
    while let Some(len) = super::card_measure_len(t).filter(|l| *l > 0) {
        t = &t[len..];
        any = true;
    }
    if any { t } else { rest }
}

#[cfg(test)]
mod tests {
    use super::CountBound::{AtLeast, AtMost};
    use super::count_bound;

    #[test]
    fn ceiling_words_beside_a_count() {
        assert_eq!(
            count_bound("有没有不超过", 2, "张的4090机器"),
            Some(AtMost(2))
        );
        assert_eq!(count_bound("最多", 4, "张卡的a100"), Some(AtMost(4)));
        assert_eq!(count_bound("", 4, "卡以内的4090"), Some(AtMost(4)));
        assert_eq!(count_bound("at most ", 2, " 4090s in one"), Some(AtMost(2)));
        assert_eq!(
            count_bound("with no more than ", 4, " cards"),
            Some(AtMost(4))
        );
        assert_eq!(
            count_bound("with fewer than ", 4, " cards"),
            Some(AtMost(3))
        );
        assert_eq!(count_bound("machines ", 2, " gpus max"), Some(AtMost(2)));
        // 以下 includes the number said, as 以上 does; a ceiling said by what to refuse too.
        assert_eq!(count_bound("", 8, "卡以下的机器"), Some(AtMost(8)));
        assert_eq!(count_bound("不高于", 4, "张卡"), Some(AtMost(4)));
        assert_eq!(count_bound("not over ", 4, " gpus"), Some(AtMost(4)));
    }

    #[test]
    fn floor_words_and_bare_counts() {
        assert_eq!(count_bound("至少", 4, "张卡"), Some(AtLeast(4)));
        assert_eq!(count_bound("", 4, "张卡以上"), Some(AtLeast(4)));
        assert_eq!(count_bound(" ", 8, "+ gpus"), Some(AtLeast(8)));
        assert_eq!(count_bound("with ", 4, " or more gpus"), Some(AtLeast(4)));
        assert_eq!(count_bound("with ", 4, " cards or more"), Some(AtLeast(4)));
        assert_eq!(count_bound("more than ", 4, " gpus"), Some(AtLeast(5)));
        assert_eq!(count_bound("有没有", 2, "张4090的机器"), None);
        // A price's ceiling bounds no count.
        assert_eq!(count_bound("under ", 2, " dollars"), None);
        assert_eq!(count_bound("不超过", 3, "块一小时"), None);
    }
}
