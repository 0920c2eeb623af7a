//! A billing error as one localized message that names exactly what went wrong.

use crate::answer::common::{fmt, not_found_reply};
use crate::billing::BillingError;
use crate::i18n::Lang;
use crate::reply::{Msg, Reply};

/// The localized message for an error, with the usage line to try again.
pub fn error_reply(lang: Lang, e: &BillingError, usage_id: &str) -> Reply {
    if let BillingError::NotFound(nf) = e {
        return not_found_reply(nf);
    }
    Reply::text(error_msg(lang, e)).with(Msg::new(usage_id))
}

/// One message naming exactly what went wrong (the field named in `lang`).
pub fn error_msg(lang: Lang, e: &BillingError) -> Msg {
    use crate::units::DurationError as D;
    let label = |w: &str| fmt(lang, &Msg::new("billing-what").arg("what", w));
    match e {
        BillingError::BadNumber { what, text } => Msg::new("billing-error-bad-number")
            .arg("what", label(what))
            .said("text", text),
        BillingError::Negative { what } => {
            Msg::new("billing-error-negative").arg("what", label(what))
        }
        BillingError::NotPositive { what } => {
            Msg::new("billing-error-not-positive").arg("what", label(what))
        }
        BillingError::TooLarge { what } => {
            Msg::new("billing-error-too-large").arg("what", label(what))
        }
        BillingError::Overflow => Msg::new("billing-error-overflow"),
        BillingError::ZeroIncrement => Msg::new("billing-error-zero-increment"),
        BillingError::ZeroWork => Msg::new("billing-error-zero-work"),
        BillingError::UnknownUnit { text } => {
            Msg::new("billing-error-unknown-unit").said("text", text)
        }
        BillingError::UnknownSizeUnit { text } => {
            Msg::new("billing-error-unknown-size-unit").said("text", text)
        }
        BillingError::UnknownCurrency { text } => {
            Msg::new("billing-error-unknown-currency").said("text", text)
        }
        BillingError::NoFxRate { from, to } => Msg::new("billing-error-no-fx")
            .arg("from", from)
            .arg("to", to),
        BillingError::Duration { what, text, source } => Msg::new("billing-error-duration")
            .arg("what", label(what))
            .said("text", text)
            .arg(
                "problem",
                match source {
                    D::Empty => "empty",
                    D::UnknownUnit(_) => "unit",
                    D::BadNumber(_) => "number",
                    D::Negative => "negative",
                    D::TooLarge => "large",
                },
            ),
        BillingError::MissingThroughput => Msg::new("billing-error-missing-throughput"),
        BillingError::TokenPriceForJob => Msg::new("billing-error-token-job"),
        BillingError::NoPrice { platform, gpu } => Msg::new("billing-error-no-price")
            .arg("platform", platform)
            .arg("gpu", gpu),
        BillingError::NotFound(nf) => Msg::new("billing-error-bad-number")
            .arg("what", label("name"))
            .said("text", &nf.query),
        BillingError::UnknownOption { key } => {
            Msg::new("billing-error-unknown-option").said("key", key)
        }
        BillingError::BadDailyHours { hours } => {
            Msg::new("billing-error-daily-hours").arg("hours", hours)
        }
        BillingError::ZeroPeriod => Msg::new("billing-error-zero-period"),
        BillingError::BadCatalogRule {
            platform,
            field,
            text,
        } => Msg::new("billing-error-catalog-rule")
            .arg("platform", platform)
            .arg("field", *field)
            .arg("text", text),
        BillingError::SizeWithoutPrice { what } => {
            Msg::new("billing-error-size-without-price").arg("what", label(what))
        }
        BillingError::CurrencyMismatch { price, rule } => {
            Msg::new("billing-error-currency-mismatch")
                .arg("price", price)
                .arg("rule", rule)
        }
    }
}
