//! One configuration that holds a job (`FitReport::options`): a card type, the fewest cards,
//! the memory per card, whether only inside the estimate's margin, a price and a speed.

use rust_decimal::Decimal;
use serde::Serialize;

/// A card type with the fewest cards (of 1, 2, 4, 8) that hold the job.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FitOption {
    /// Catalog GPU id.
    pub gpu: String,
    pub cards: u32,
    /// What must be allocated per card (`FitReport::per_gpu_required_gib`).
    pub per_gpu_gib: f64,
    pub fits: bool,
    /// It holds the job only inside the estimate's stated error margin (the verdict on that
    /// card would be "tight"): shown so, never as a plain fit.
    pub tight: bool,
    /// Marketed VRAM per card, decimal GB (catalog).
    pub vram_gb: f64,
    /// Interconnect between the cards (catalog text): speed-up over cards is not linear.
    pub interconnect: String,
    /// Cheapest hourly catalog list price for all the cards, in USD at the catalog FX rate;
    /// `None` when the catalog has no price for this card.
    #[serde(serialize_with = "crate::billing::opt_as_number")]
    pub usd_per_hour: Option<Decimal>,
    /// Date of that price (`as_of` of the quote).
    pub price_as_of: Option<String>,
    /// That price is a "from" floor (the card has no firm price): shown as "from"/"起".
    pub price_from: bool,
    /// Inference: estimated decode tokens per second over the request's batch on these cards
    /// (`decode_tokens_per_second`); `None` for training, or when the catalog lacks the
    /// card's bandwidth or TFLOPS. Inference options rank by price per token with it.
    pub decode_tok_s: Option<f64>,
}
