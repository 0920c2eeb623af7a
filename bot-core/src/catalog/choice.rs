//! The one price choice every priced answer goes through (the billing engine, the catalog's
//! per-card index, `/gpu`; re-exported as `billing::choice`): which tiers a job may be priced on,
//! which instance it pays for, which of several dated readings is the price, and the spot line
//! shown beside an on-demand answer.
//!
//! - Tiers: what any user can pay now by default (on-demand, a promotion open to all,
//!   community/secure, prepaid packages); spot, interruptible and bid capacity only when the
//!   user asks for it (`spot`), because a job on it can be taken away (and a 24/7 service must
//!   not be planned on it); a member / student price only when the user says they qualify
//!   (`member`, `会员`, `学生`), because nobody else can pay it. Both are labelled extra lines
//!   otherwise.
//! - Instances: a quote for N > 1 cards is an instance sold whole; a job needing fewer cards
//!   pays for the smallest number of whole instances that holds it ([`billed_cards`]).
//! - Dates: for the same tier, instance size and unit, the newest reading is the price; older
//!   ones are history (`/trend`). Readings within [`CURRENT_WINDOW_DAYS`] of the newest that
//!   disagree with it are a range the answer shows ([`readings_range`]).

use super::{Platform, PriceQuote, parse_date};
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

/// Readings this many days older than the newest one of the same kind still count as current
/// (and make a range when they disagree); older ones are history.
pub const CURRENT_WINDOW_DAYS: i64 = 30;

/// Which price tiers a job may be priced on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Tiers {
    /// Everything any user can rent and keep: on-demand, a promotion open to all,
    /// community/secure, prepaid.
    #[default]
    Standard,
    /// Standard and interruptible tiers (the user typed `spot`).
    WithSpot,
    /// Interruptible tiers only: the labelled extra line beside a standard answer.
    SpotOnly,
    /// Standard and member prices (the user said they are a member / student).
    Member,
    /// Standard, interruptible and member prices (`spot` and `member` both said).
    MemberWithSpot,
    /// Member prices only: the labelled extra line beside a standard answer.
    MemberOnly,
}

impl Tiers {
    /// Whether a quote of `tier` may price a job under this choice.
    pub fn admits(self, tier: &str) -> bool {
        let (spot, member) = (is_interruptible(tier), needs_membership(tier));
        match self {
            Tiers::Standard => !spot && !member,
            Tiers::WithSpot => !member,
            Tiers::SpotOnly => spot,
            Tiers::Member => !spot,
            Tiers::MemberWithSpot => true,
            Tiers::MemberOnly => member,
        }
    }

    /// The user asked for spot capacity.
    pub fn spot(self) -> bool {
        matches!(self, Tiers::WithSpot | Tiers::MemberWithSpot)
    }

    /// The user said they qualify for member prices.
    pub fn member(self) -> bool {
        matches!(self, Tiers::Member | Tiers::MemberWithSpot)
    }

    /// A choice the user made for the whole answer (not one of the extra lines' own).
    pub fn is_users(self) -> bool {
        !matches!(self, Tiers::SpotOnly | Tiers::MemberOnly)
    }

    /// This choice with spot capacity asked for too.
    pub fn with_spot(self) -> Tiers {
        if self.member() {
            Tiers::MemberWithSpot
        } else {
            Tiers::WithSpot
        }
    }

    /// This choice with member prices allowed too.
    pub fn with_member(self) -> Tiers {
        if self.spot() {
            Tiers::MemberWithSpot
        } else {
            Tiers::Member
        }
    }
}

/// A price only some users can pay (members, students, verified enterprises): never the
/// default, because a user who does not qualify pays the list price.
pub fn needs_membership(tier: &str) -> bool {
    tier == "member"
}

/// Capacity the platform can take back while the job runs.
pub fn is_interruptible(tier: &str) -> bool {
    matches!(
        tier,
        "spot" | "bid" | "interruptible" | "preemptible" | "community_spot"
    )
}

/// The day number of a quote's date; undated quotes are older than any dated one.
fn day_of(q: &PriceQuote) -> i64 {
    if q.undated {
        return i64::MIN;
    }
    parse_date(&q.as_of).unwrap_or(i64::MIN)
}

/// Two quotes are readings of the same price when they are for the same card, tier, instance
/// size and unit.
fn same_kind(a: &PriceQuote, b: &PriceQuote) -> bool {
    a.gpu == b.gpu && a.tier == b.tier && a.cards == b.cards && a.per == b.per
}

/// The quotes of `gpu_id` on `platform` a job is priced on under `tiers`: for each kind
/// (tier, instance size, unit) the newest reading; when several share the newest date, the
/// highest of them (the figure a user can count on; the range is said beside it).
pub fn current_quotes<'a>(
    platform: &'a Platform,
    gpu_id: &str,
    tiers: Tiers,
) -> Vec<&'a PriceQuote> {
    current_of(platform.prices.iter().filter(|q| q.gpu == gpu_id), tiers)
}

/// [`current_quotes`] over any quotes (a platform's rows with a live quote added).
pub fn current_of<'a>(
    quotes: impl Iterator<Item = &'a PriceQuote>,
    tiers: Tiers,
) -> Vec<&'a PriceQuote> {
    let mut out: Vec<&PriceQuote> = Vec::new();
    for q in quotes.filter(|q| tiers.admits(&q.tier)) {
        match out.iter_mut().find(|c| same_kind(c, q)) {
            Some(c) => {
                let (dc, dq) = (day_of(c), day_of(q));
                if dq > dc || (dq == dc && q.amount > c.amount) {
                    *c = q;
                }
            }
            None => out.push(q),
        }
    }
    out
}

/// Other current readings of the same price that disagree with `chosen`: the lowest and the
/// highest amount with their dates, when they differ. `None` when every current reading agrees.
pub fn readings_range(platform: &Platform, chosen: &PriceQuote) -> Option<PriceRange> {
    let newest = day_of(chosen);
    let current: Vec<&PriceQuote> = platform
        .prices
        .iter()
        .filter(|q| same_kind(q, chosen))
        .filter(|q| newest != i64::MIN && newest - day_of(q) <= CURRENT_WINDOW_DAYS)
        .collect();
    let low = current.iter().min_by(|a, b| a.amount.cmp(&b.amount))?;
    let high = current.iter().max_by(|a, b| a.amount.cmp(&b.amount))?;
    (low.amount != high.amount).then(|| PriceRange {
        low: low.amount,
        low_as_of: low.as_of.clone(),
        high: high.amount,
        high_as_of: high.as_of.clone(),
        currency: chosen.currency.clone(),
    })
}

/// Current readings of one price that disagree, in the quote's own currency and unit.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PriceRange {
    pub low: Decimal,
    pub low_as_of: String,
    pub high: Decimal,
    pub high_as_of: String,
    pub currency: String,
}

/// Cards a job of `cards` pays for on a quote of `quote_cards`: a one-card quote is a price per
/// card (any count); a quote for N > 1 cards is an instance sold whole, so the job pays for
/// the fewest whole instances that hold it (1 card on an 8-card instance pays for 8).
pub fn billed_cards(quote_cards: u32, cards: u32) -> u32 {
    if quote_cards <= 1 {
        return cards;
    }
    cards.div_ceil(quote_cards).saturating_mul(quote_cards)
}

/// Whether `cards` on this quote pay for cards the job does not use (a whole instance).
pub fn pays_for_whole_instance(q: &PriceQuote, cards: u32) -> bool {
    billed_cards(q.cards, cards) > cards
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::units::TimeUnit;

    fn q(tier: &str, amount: &str, cards: u32, as_of: &str) -> PriceQuote {
        let mut q = PriceQuote::user(amount.parse().unwrap(), TimeUnit::Hour, "USD", tier);
        q.gpu = "g".into();
        q.cards = cards;
        q.as_of = as_of.into();
        q.undated = false;
        q.source = "s".into();
        q
    }

    #[test]
    fn spot_only_when_asked() {
        assert!(!Tiers::Standard.admits("spot"));
        assert!(Tiers::Standard.admits("on_demand"));
        assert!(Tiers::Standard.admits("promo"));
        assert!(Tiers::Standard.admits("month"));
        assert!(!Tiers::WithSpot.admits("member"));
        assert!(Tiers::WithSpot.admits("spot"));
        assert!(Tiers::SpotOnly.admits("bid"));
        assert!(!Tiers::SpotOnly.admits("community"));
    }

    #[test]
    fn member_prices_only_when_the_user_qualifies() {
        assert!(!Tiers::Standard.admits("member"));
        assert!(Tiers::Member.admits("member") && Tiers::Member.admits("on_demand"));
        assert!(!Tiers::Member.admits("spot"));
        assert!(Tiers::MemberWithSpot.admits("spot") && Tiers::MemberWithSpot.admits("member"));
        assert!(Tiers::MemberOnly.admits("member") && !Tiers::MemberOnly.admits("on_demand"));
        // Said in either order, both words hold.
        assert_eq!(
            Tiers::Standard.with_spot().with_member(),
            Tiers::MemberWithSpot
        );
        assert_eq!(
            Tiers::Standard.with_member().with_spot(),
            Tiers::MemberWithSpot
        );
        assert!(Tiers::MemberWithSpot.spot() && Tiers::MemberWithSpot.member());
        assert!(!Tiers::MemberOnly.is_users() && Tiers::Member.is_users());
        // The default list price is chosen over a cheaper member row of the same card.
        let rows = [
            q("member", "1.88", 1, "2026-09-29"),
            q("on_demand", "1.98", 1, "2026-10-04"),
        ];
        let amounts = |t| -> Vec<String> {
            current_of(rows.iter(), t)
                .iter()
                .map(|q| q.amount.to_string())
                .collect()
        };
        assert_eq!(amounts(Tiers::Standard), ["1.98"]);
        assert_eq!(amounts(Tiers::Member), ["1.88", "1.98"]);
        assert_eq!(amounts(Tiers::MemberOnly), ["1.88"]);
    }

    #[test]
    fn newest_reading_wins_and_older_is_history() {
        let rows = [
            q("on_demand", "2.69", 1, "2026-06-21"),
            q("on_demand", "3.49", 1, "2026-10-24"),
            q("spot", "1.00", 1, "2026-01-01"),
            q("on_demand", "20", 8, "2026-05-01"),
        ];
        let got = current_of(rows.iter(), Tiers::Standard);
        let amounts: Vec<String> = got.iter().map(|q| q.amount.to_string()).collect();
        assert_eq!(amounts, ["3.49", "20"]);
        let with_spot = current_of(rows.iter(), Tiers::WithSpot);
        assert_eq!(with_spot.len(), 3);
    }

    #[test]
    fn same_day_readings_that_disagree_price_high_and_make_a_range() {
        let rows = [
            q("on_demand", "4.50", 1, "2026-10-20"),
            q("on_demand", "5.40", 1, "2026-10-20"),
            q("on_demand", "3.85", 1, "2026-09-25"),
            q("on_demand", "2.00", 1, "2026-01-01"),
        ];
        let got = current_of(rows.iter(), Tiers::Standard);
        assert_eq!(got.len(), 1);
        assert_eq!(got[0].amount.to_string(), "5.40");
        let mut p = crate::catalog::Catalog::embedded().unwrap().platforms[0].clone();
        p.prices = rows.to_vec();
        let r = readings_range(&p, got[0]).unwrap();
        // The January reading is history, outside the window: not part of the range.
        assert_eq!(
            (r.low.to_string(), r.low_as_of.as_str()),
            ("3.85".into(), "2026-09-25")
        );
        assert_eq!(r.high.to_string(), "5.40");
    }

    #[test]
    fn a_multi_card_quote_is_a_whole_instance() {
        assert_eq!(billed_cards(1, 3), 3);
        assert_eq!(billed_cards(8, 1), 8);
        assert_eq!(billed_cards(8, 8), 8);
        assert_eq!(billed_cards(8, 9), 16);
        assert_eq!(billed_cards(4, 2), 4);
    }
}
