//! The words that change which price tiers a job is priced on: `spot` (capacity that can be
//! taken back) and `member` / `会员` / `学生` (a price only some users can pay). Without them a
//! job is priced on what any user can pay now (`catalog::choice`).

use crate::billing::Tiers;

/// Words that ask for spot / interruptible capacity too (never taken without them).
pub(crate) const SPOT_WORDS: &[&str] = &[
    "spot",
    "interruptible",
    "preemptible",
    "bid",
    "竞价",
    "可中断",
    "抢占式",
];

/// Words saying the user qualifies for member / student prices (`/cost autodl 4090 3h member`).
pub(crate) const MEMBER_WORDS: &[&str] = &[
    "member",
    "members",
    "membership",
    "student",
    "会员",
    "会员价",
    "学生",
    "学生价",
];

/// Takes the tier words out of `words` and returns `tiers` with what they ask for added.
pub(super) fn take(words: &mut Vec<String>, mut tiers: Tiers) -> Tiers {
    for (list, spot) in [(SPOT_WORDS, true), (MEMBER_WORDS, false)] {
        if let Some(at) = words
            .iter()
            .position(|w| list.contains(&w.to_lowercase().as_str()))
        {
            words.remove(at);
            tiers = if spot {
                tiers.with_spot()
            } else {
                tiers.with_member()
            };
        }
    }
    tiers
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn either_word_in_any_order_and_case() {
        let mut w: Vec<String> = ["4090", "会员", "3h", "SPOT"].map(String::from).into();
        assert_eq!(take(&mut w, Tiers::Standard), Tiers::MemberWithSpot);
        assert_eq!(w, ["4090", "3h"]);
        let mut w: Vec<String> = ["student", "4090"].map(String::from).into();
        assert_eq!(take(&mut w, Tiers::Standard), Tiers::Member);
        let mut w: Vec<String> = ["4090", "3h"].map(String::from).into();
        assert_eq!(take(&mut w, Tiers::Standard), Tiers::Standard);
    }
}
