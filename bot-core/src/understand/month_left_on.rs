//! A rate seen on a platform, asked per month if it stays on (`runpod lists $0.69/hr. what's
//! that per month if I leave it on`, `autodl shows ¥1.98/h for it, how much a month if it never
//! stops`): the rate per month (`/convert`), the platform only where it was seen. One's own rate
//! always on with no card is that price per month whatever the verb (as `priced_job` leaves it
//! with no platform); with the platform named it had been a `/cost` at the user's rate with the
//! platform dropped (the same 730 hours, but no conversion said).

use super::Reading;
use super::question::Question;
use super::request::{self as make, Usage};
use super::words::{ALERT_WORDS, STOCK_WORDS};
use crate::billing::PriceUnit;
use crate::units::TimeUnit;

pub(super) fn month_left_on(q: &Question) -> Option<Reading> {
    let p = q.price?;
    let hourly = matches!(
        p.per,
        Some(PriceUnit::Time(
            TimeUnit::Hour | TimeUnit::Minute | TimeUnit::Second
        ))
    );
    let on = matches!(q.e.usage, Some(Usage::Always));
    if !hourly
        || !on
        || !q.e.gpus.is_empty()
        || !q.nothing_to_size()
        // With no platform `intent::convert` reads it (a day asked stays a day).
        || q.e.platforms.len() != 1
        || q.has(ALERT_WORDS)
        || q.ceiling_said()
        || q.has(STOCK_WORDS)
    {
        return None;
    }
    // The unit said (`a day`), else the month always on is.
    let month = PriceUnit::Time(TimeUnit::Month);
    let request = super::price::convert_request(q.padded, p)
        .unwrap_or_else(|| make::convert(p, month, super::price::other_currency(q.padded, p)));
    Some(Reading::Command(request))
}
