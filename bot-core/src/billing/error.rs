//! Why a price, a conversion or a job cost could not be computed.

use crate::catalog::NotFound;
use crate::units::DurationError;

/// Why a price, a conversion or a job cost could not be computed.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum BillingError {
    #[error("{what}: `{text}` is not a number")]
    BadNumber { what: &'static str, text: String },
    #[error("{what} cannot be negative")]
    Negative { what: &'static str },
    #[error("{what} must be greater than zero")]
    NotPositive { what: &'static str },
    #[error("{what} is too large")]
    TooLarge { what: &'static str },
    #[error("the result is too large to compute")]
    Overflow,
    #[error("the billing increment cannot be zero")]
    ZeroIncrement,
    #[error("there is no useful work to price (work must be more than zero)")]
    ZeroWork,
    #[error("unknown unit `{text}` (use s, min, h, day, week, month, year or 1M tokens)")]
    UnknownUnit { text: String },
    #[error("unknown size unit `{text}` (use gb or tb)")]
    UnknownSizeUnit { text: String },
    #[error("unknown currency `{text}` (use CNY or USD)")]
    UnknownCurrency { text: String },
    #[error("no exchange rate {from}->{to} in the catalog; give one explicitly")]
    NoFxRate { from: String, to: String },
    #[error("{what}: `{text}`: {source}")]
    Duration {
        what: &'static str,
        text: String,
        source: DurationError,
    },
    #[error("a per-token price needs a throughput in tokens per second")]
    MissingThroughput,
    #[error("a job is priced per unit of time, not per token")]
    TokenPriceForJob,
    #[error("{platform} has no price for {gpu}")]
    NoPrice { platform: String, gpu: String },
    #[error("{0}")]
    NotFound(NotFound),
    #[error("unknown option `{key}`")]
    UnknownOption { key: String },
    #[error("daily hours must be more than 0 and at most 24, got {hours}")]
    BadDailyHours { hours: String },
    #[error("days and months must be at least 1")]
    ZeroPeriod,
    #[error("catalog rule `{field}` of {platform} cannot be read: `{text}`")]
    BadCatalogRule {
        platform: String,
        field: &'static str,
        text: String,
    },
    #[error("{what} is given without its price")]
    SizeWithoutPrice { what: &'static str },
    #[error("prices in {price} but storage/transfer rules in {rule}")]
    CurrencyMismatch { price: String, rule: String },
}
