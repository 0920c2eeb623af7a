//! Charts as data: what to draw, not how. bot-core builds a [`PriceChart`] from the stored
//! history; a [`ChartRenderer`] (the `gpuscout-charts` crate, wired in by the binary) turns it
//! into PNG bytes. Without a renderer the answers are text only, so bot-core keeps no drawing
//! dependency and stays pure.

use serde::Serialize;

/// One line: a platform's price per GPU-hour over time.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ChartLine {
    /// ASCII label drawn in the legend (a platform id).
    pub label: String,
    /// `(hour since the epoch, price)`, oldest first.
    pub points: Vec<(i64, f64)>,
}

/// A price-over-time chart. Every text in it is ASCII (ids, dates, numbers), so the image
/// needs no CJK font; the localized title travels in the message beside it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PriceChart {
    /// ASCII title of ids, codes and dates, e.g. `rtx-4090  USD/GPU/h  2026-11-01 - 2026-11-30 (UTC)`.
    pub title: String,
    /// ASCII y-axis label, e.g. `USD/GPU/h`.
    pub y_label: String,
    /// The period, hours since the epoch (inclusive).
    pub from_hour: i64,
    pub to_hour: i64,
    /// Hours added to UTC for the date labels (8 for UTC+8).
    pub offset_hours: i32,
    pub lines: Vec<ChartLine>,
}

/// Draws charts. Implementations must not panic on any chart (empty lines, one point, equal
/// prices); a failure is an error the answer reports as "no chart".
pub trait ChartRenderer: Send + Sync {
    fn price_chart(&self, chart: &PriceChart) -> Result<Vec<u8>, String>;
}
