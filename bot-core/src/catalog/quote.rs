//! One dated list price (`[[platform.price]]`).

use super::date::parse_date;
use super::types::{CardLink, Gpu};
use crate::units::TimeUnit;
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

/// One dated list price of one GPU on one platform.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PriceQuote {
    pub gpu: String,
    pub amount: Decimal,
    pub per: TimeUnit,
    pub currency: String,
    #[serde(default = "default_tier")]
    pub tier: String,
    #[serde(default = "one")]
    pub cards: u32,
    pub source: String,
    /// When we read the price (or the price's own date when the source states one).
    pub as_of: String,
    /// True when the source gives no date for the price itself: always treated as stale.
    #[serde(default)]
    pub undated: bool,
    /// A "from" (lowest of several configurations) price: shown as `起`/`from`.
    #[serde(default)]
    pub from: bool,
    /// True when only a third-party copy of the price page was read.
    #[serde(default)]
    pub third_party: bool,
    /// What links the cards of this offer as the platform states it (`nvlink` | `pcie`), on
    /// this quote's `source` and `as_of`; absent = the GPU's own `Gpu::card_link`.
    #[serde(default)]
    pub card_link: Option<String>,
    #[serde(default)]
    pub source_note: Option<String>,
    #[serde(default)]
    pub note_zh: Option<String>,
    #[serde(default)]
    pub note_en: Option<String>,
}

impl PriceQuote {
    /// A price the user typed (`/cost`, `gpuscout cost`): one card, no date, no catalog source.
    pub fn user(amount: Decimal, per: TimeUnit, currency: &str, tier: &str) -> PriceQuote {
        PriceQuote {
            gpu: "user".into(),
            amount,
            per,
            currency: currency.into(),
            tier: tier.into(),
            cards: 1,
            source: "user".into(),
            as_of: String::new(),
            undated: true,
            from: false,
            third_party: false,
            card_link: None,
            source_note: None,
            note_zh: None,
            note_en: None,
        }
    }

    /// What links `cards` cards of this offer: the quote's own statement, else the GPU's.
    pub fn card_link(&self, gpu: &Gpu) -> CardLink {
        self.card_link
            .as_deref()
            .and_then(CardLink::from_key)
            .unwrap_or_else(|| gpu.card_link())
    }

    /// Days since the price was quoted; `None` when that date is unknown.
    pub fn age_days(&self, today: i64) -> Option<i64> {
        if self.undated {
            return None;
        }
        parse_date(&self.as_of).map(|d| today - d)
    }

    /// Pay-as-you-go price of one card for one hour (a per-second or per-minute quote scaled
    /// up); `None` for a prepaid day/week/month quote, which is not an hourly price.
    pub fn per_card_hour(&self) -> Option<Decimal> {
        (self.per.seconds() <= 3600 && self.cards > 0).then(|| {
            self.amount * Decimal::from(3600)
                / Decimal::from(self.per.seconds())
                / Decimal::from(self.cards)
        })
    }

    /// Older than `max_days`, or of unknown date.
    pub fn is_stale(&self, today: i64, max_days: i64) -> bool {
        self.age_days(today).is_none_or(|d| d > max_days)
    }
}

pub(super) fn default_tier() -> String {
    "on_demand".into()
}

pub(super) fn one() -> u32 {
    1
}
