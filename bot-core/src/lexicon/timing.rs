//! Timing: whether now is the moment to rent a card, asked of its price's history (`/trend`),
//! never of today's stock or hour. One class, read before the stock cue `现在租` (rent now):
//! - now weighed against a wait (`现在租还是等等`, `rent now or wait`): the wait after the
//!   weighing word;
//! - a good moment, or the lowest price ever (`好时机`, `好时候`, `a good time to rent`,
//!   `历史最低`, `has … ever been this cheap`);
//! - when a card is easy to get (`什么时候好抢`, `when is it easiest to grab one`), with no
//!   "usually" needed: the rhythm of its stock.

/// A good moment, or the price at its lowest ever: said alone, a question about the history.
pub const TIMING_WORDS: &[&str] = &[
    "好时机",
    "好时候",
    "时机",
    "好机会",
    "历史最低",
    "史低",
    "最低价的时候",
    "价格最低的时候",
    "good time to",
    "good moment to",
    "right time to",
    "best time to",
    "good time for",
    "cheapest time",
    "lowest ever",
    "ever been",
    "all-time low",
    "all time low",
];

/// Weighing words: the wait is asked against what comes before them.
const WEIGHING: &[&str] = &["还是", " or "];
/// A wait said after the weighing word (`还是等等`, `还是过两周再租`, `or hold off`).
const WAIT: &[&str] = &[
    "等", "再租", "再买", "wait", "hold off", "hold out", "later",
];

/// When, asked.
const WHEN: &[&str] = &[
    "什么时候",
    "啥时候",
    "何时",
    "when is",
    "when's",
    "when are",
];
/// A card easy to get: the state waited for when asked when.
const EASY_GET: &[&str] = &[
    "好抢",
    "容易抢",
    "好租",
    "容易租",
    "好拿",
    "容易拿",
    "easiest to",
    "easy to get",
    "easy to grab",
    "easy to rent",
    "easy to find",
];

fn has(text: &str, words: &[&str]) -> bool {
    words.iter().any(|w| text.contains(w))
}

/// Whether `padded` (lower-case, a space at each end) weighs renting now against a wait.
pub fn now_or_wait(padded: &str) -> bool {
    WEIGHING.iter().any(|w| {
        padded
            .match_indices(w)
            .any(|(at, _)| has(&padded[at + w.len()..], WAIT))
    })
}

/// Whether `padded` asks when a card is easy to get.
pub fn easy_when(padded: &str) -> bool {
    has(padded, WHEN) && has(padded, EASY_GET)
}

/// Whether `padded` asks whether now is the time to rent: a good moment, the lowest price
/// ever, now weighed against a wait, or when a card is easy to get.
pub fn timing_asked(padded: &str) -> bool {
    has(padded, TIMING_WORDS) || now_or_wait(padded) || easy_when(padded)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timing_is_now_weighed_a_good_moment_or_when_easy() {
        assert!(timing_asked(" 4090现在租还是等等再租 "));
        assert!(timing_asked(" should i rent now or wait a month "));
        assert!(timing_asked(" 现在是租l4的好时候吗 "));
        assert!(timing_asked(" is this the lowest the a40 has ever been "));
        assert!(timing_asked(" a10 什么时候好抢 "));
        // Rent now, with a place or a price asked; two cards weighed: no timing.
        assert!(!timing_asked(" 现在租4090哪家有 "));
        assert!(!timing_asked(" 现在租h100多少钱 "));
        assert!(!timing_asked(" 4090还是3090 "));
        assert!(!timing_asked(" 4090 好租吗 "));
    }
}
