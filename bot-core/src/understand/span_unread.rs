//! A bill never priced for the one-hour default beside a span said and not read (helper und_df,
//! issue 26): `在autodl上跑4090d一整天` had been billed for one hour, in silence. The span readers
//! write every span they read in digits; a whole span still in words (`lexicon::whole_span_said`)
//! beside a `/cost` or `/compare` of one hour is asked back as the one reading to confirm, never
//! answered as if the hour had been said.

use super::Reading;
use super::request::Request;
use rust_decimal::Decimal;

/// `reading`, or the same request asked back to confirm where the normalized text `norm` says a
/// whole span it did not read and the bill is for the one-hour default.
pub(super) fn guarded(norm: &str, reading: Reading) -> Reading {
    let Reading::Command(r) = &reading else {
        return reading;
    };
    let one_hour = match r {
        Request::Cost(j) | Request::Compare(j) => j.job.work == Decimal::from(3600),
        _ => false,
    };
    if one_hour && crate::lexicon::whole_span_said(norm).is_some() {
        return Reading::Ask(vec![r.clone()]);
    }
    reading
}
