//! Price history and stock rhythm from the hourly [`HistoryPoint`]s the snapshots leave
//! (`hist:<provider>:<gpu key>:<hour>`), and the retention pass that keeps them bounded.
//!
//! Pure: reads the store, returns data. Charts are drawn elsewhere (`gpuscout-charts`), from
//! the [`crate::chart::PriceChart`] the answer builds out of these series.

use super::LIVE_PROVIDERS;
use super::canonical::gpu_key;
use super::snapshot::{HistoryPoint, history, provider_states};
use crate::store::{Store, StoreError};
use rust_decimal::Decimal;
use serde::Serialize;

/// How long history points are kept unless configured (`GPUSCOUT_HISTORY_DAYS`).
pub const DEFAULT_RETENTION_DAYS: u32 = 90;
/// The longest retention accepted (a point per provider, card and hour stays small).
pub const MAX_RETENTION_DAYS: u32 = 3650;

/// One platform's prices for one card over the period, oldest first.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PlatformSeries {
    pub provider: String,
    pub currency: String,
    pub points: Vec<HistoryPoint>,
}

/// What a platform's series says, in its own currency.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SeriesSummary {
    pub provider: String,
    pub currency: String,
    pub points: usize,
    pub lowest: Decimal,
    pub median: Decimal,
    pub first: Decimal,
    pub last: Decimal,
    /// `(last - first) / first` in percent, rounded to one decimal; `None` for one point.
    pub change_percent: Option<Decimal>,
    /// Hours seen in stock out of hours seen.
    pub in_stock_hours: usize,
    pub first_hour: i64,
    pub last_hour: i64,
}

/// Every platform's history of `gpu` (catalog id or raw name) from `since_hour` on (hours
/// since the epoch), one series per provider and currency, providers in id order. A provider
/// that switched currency gets one series per currency, so no line mixes two units.
pub fn price_series(
    store: &Store,
    gpu: &str,
    since_hour: i64,
) -> Result<Vec<PlatformSeries>, StoreError> {
    let mut providers: Vec<String> = LIVE_PROVIDERS.iter().map(|s| s.to_string()).collect();
    for s in provider_states(store)? {
        if !providers.contains(&s.provider) {
            providers.push(s.provider);
        }
    }
    providers.sort();
    let key = gpu_key(gpu);
    let mut out: Vec<PlatformSeries> = Vec::new();
    for p in providers {
        for point in history(store, &p, &key)? {
            if point.hour < since_hour {
                continue;
            }
            match out
                .iter_mut()
                .find(|s| s.provider == p && s.currency == point.currency)
            {
                Some(s) => s.points.push(point),
                None => out.push(PlatformSeries {
                    provider: p.clone(),
                    currency: point.currency.clone(),
                    points: vec![point],
                }),
            }
        }
    }
    Ok(out)
}

/// Lowest, median, first/last and change of one series; `None` when it is empty.
pub fn summarize(series: &PlatformSeries) -> Option<SeriesSummary> {
    let first = series.points.first()?;
    let last = series.points.last()?;
    let mut prices: Vec<Decimal> = series
        .points
        .iter()
        .map(|p| p.cheapest_per_gpu_hour)
        .collect();
    prices.sort();
    let n = prices.len();
    let median = if n % 2 == 1 {
        prices[n / 2]
    } else {
        (prices[n / 2 - 1] + prices[n / 2]) / Decimal::TWO
    };
    let change_percent = (n > 1 && !first.cheapest_per_gpu_hour.is_zero()).then(|| {
        ((last.cheapest_per_gpu_hour - first.cheapest_per_gpu_hour) * Decimal::ONE_HUNDRED
            / first.cheapest_per_gpu_hour)
            .round_dp(1)
    });
    Some(SeriesSummary {
        provider: series.provider.clone(),
        currency: series.currency.clone(),
        points: n,
        lowest: prices[0],
        median,
        first: first.cheapest_per_gpu_hour,
        last: last.cheapest_per_gpu_hour,
        change_percent,
        in_stock_hours: series.points.iter().filter(|p| p.in_stock).count(),
        first_hour: first.hour,
        last_hour: last.hour,
    })
}

/// When a card is usually in stock: for each hour of the day in a zone (`offset_hours` from
/// UTC), the hours seen and the hours in which any platform had it in stock.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Rhythm {
    pub offset_hours: i32,
    pub days: u32,
    /// Index = local hour of day, 0..24.
    pub seen: [u32; 24],
    pub in_stock: [u32; 24],
}

/// A window of consecutive local hours and its in-stock share.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Window {
    pub start_hour: u32,
    pub hours: u32,
    /// Percent of the hours seen in the window that had stock.
    pub share_percent: u32,
}

impl Rhythm {
    /// From every platform's points between `now_hour - days*24` (exclusive) and `now_hour`.
    /// One absolute hour counts once: in stock if any platform had the card then.
    pub fn of(series: &[PlatformSeries], now_hour: i64, days: u32, offset_hours: i32) -> Rhythm {
        let since = now_hour - i64::from(days) * 24;
        let mut hours: std::collections::BTreeMap<i64, bool> = Default::default();
        for s in series {
            for p in &s.points {
                if p.hour > since && p.hour <= now_hour {
                    *hours.entry(p.hour).or_default() |= p.in_stock;
                }
            }
        }
        let mut r = Rhythm {
            offset_hours,
            days,
            seen: [0; 24],
            in_stock: [0; 24],
        };
        for (hour, stocked) in hours {
            let local = (hour + i64::from(offset_hours)).rem_euclid(24) as usize;
            r.seen[local] += 1;
            r.in_stock[local] += u32::from(stocked);
        }
        r
    }

    /// Hours seen in all.
    pub fn total_seen(&self) -> u32 {
        self.seen.iter().sum()
    }

    /// Hours of the day (of 24) seen at least once.
    pub fn covered(&self) -> u32 {
        self.seen.iter().filter(|&&n| n > 0).count() as u32
    }

    /// Percent in stock per local hour; `None` where the hour was never seen.
    pub fn shares(&self) -> [Option<u32>; 24] {
        let mut out = [None; 24];
        for (h, slot) in out.iter_mut().enumerate() {
            *slot = (self.in_stock[h] * 100).checked_div(self.seen[h]);
        }
        out
    }

    /// The `len`-hour windows (wrapping at midnight) with the highest and the lowest share,
    /// among windows where every hour was seen; earliest start wins ties. `None` until a whole
    /// window has data.
    pub fn best_and_worst(&self, len: u32) -> Option<(Window, Window)> {
        let len = len.clamp(1, 24);
        let mut windows = Vec::new();
        for start in 0..24u32 {
            let hours: Vec<usize> = (0..len).map(|i| ((start + i) % 24) as usize).collect();
            if hours.iter().any(|&h| self.seen[h] == 0) {
                continue;
            }
            let seen: u32 = hours.iter().map(|&h| self.seen[h]).sum();
            let stocked: u32 = hours.iter().map(|&h| self.in_stock[h]).sum();
            windows.push(Window {
                start_hour: start,
                hours: len,
                share_percent: stocked * 100 / seen,
            });
        }
        let best = windows.iter().copied().reduce(|a, b| {
            if b.share_percent > a.share_percent {
                b
            } else {
                a
            }
        })?;
        let worst = windows.iter().copied().reduce(|a, b| {
            if b.share_percent < a.share_percent {
                b
            } else {
                a
            }
        })?;
        Some((best, worst))
    }

    /// One character per local hour, 00 to 23: `·` never seen, then `▁▂▃▄▅▆▇█` by share.
    pub fn sparkline(&self) -> String {
        const BARS: [char; 8] = ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'];
        self.shares()
            .iter()
            .map(|s| match s {
                None => '·',
                Some(p) => BARS[((*p as usize) * 7 + 50) / 100],
            })
            .collect()
    }
}

/// Deletes every history point older than `retention_days` before `now` (seconds), in one
/// transaction; returns how many went. Only `hist:` keys are read (no values decoded), so a
/// pass over months of hourly points stays cheap.
pub fn prune_history(store: &Store, retention_days: u32, now: i64) -> Result<usize, StoreError> {
    let cutoff = now.div_euclid(3600) - i64::from(retention_days.clamp(1, MAX_RETENTION_DAYS)) * 24;
    store.delete_keys_where(&crate::store::tables::SNAPSHOTS, "hist:", |key| {
        // `hist:<provider>:<gpu key>:<hour, 12 digits>`; a key that does not end in an hour
        // is not ours to judge and stays.
        key.rsplit(':')
            .next()
            .and_then(|h| h.parse::<i64>().ok())
            .is_some_and(|hour| hour < cutoff)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn point(hour: i64, price: i64, in_stock: bool) -> HistoryPoint {
        HistoryPoint {
            hour,
            cheapest_per_gpu_hour: Decimal::new(price, 2),
            currency: "USD".into(),
            in_stock,
            offers: 1,
        }
    }

    fn series(provider: &str, points: Vec<HistoryPoint>) -> PlatformSeries {
        PlatformSeries {
            provider: provider.into(),
            currency: "USD".into(),
            points,
        }
    }

    #[test]
    fn summary_has_lowest_median_and_change() {
        let s = series(
            "vast",
            vec![
                point(10, 40, true),
                point(11, 30, true),
                point(12, 50, false),
                point(13, 44, true),
            ],
        );
        let sum = summarize(&s).unwrap();
        assert_eq!(sum.lowest, Decimal::new(30, 2));
        assert_eq!(sum.median, Decimal::new(42, 2));
        assert_eq!(sum.change_percent, Some(Decimal::new(100, 1)));
        assert_eq!(sum.in_stock_hours, 3);
        assert_eq!(summarize(&series("x", vec![])), None);
        let one = summarize(&series("x", vec![point(1, 10, true)])).unwrap();
        assert_eq!(one.change_percent, None);
    }

    #[test]
    fn rhythm_counts_an_hour_once_and_shifts_to_the_zone() {
        // UTC hour 0 of day 0..7: in stock on vast only; UTC hour 1: never.
        let mut a = Vec::new();
        let mut b = Vec::new();
        for day in 0..7 {
            a.push(point(day * 24, 40, true));
            b.push(point(day * 24, 40, false));
            b.push(point(day * 24 + 1, 40, false));
        }
        let all = [series("vast", a), series("runpod", b)];
        let now = 7 * 24;
        let utc = Rhythm::of(&all, now, 7, 0);
        assert_eq!(utc.seen[0], 6, "hour 0 of day 0 is outside (now-7d, now]");
        assert_eq!(utc.in_stock[0], 6);
        assert_eq!(utc.seen[1], 7);
        assert_eq!(utc.in_stock[1], 0);
        let cst = Rhythm::of(&all, now, 7, 8);
        assert_eq!(cst.in_stock[8], 6);
        assert_eq!(cst.shares()[9], Some(0));
        assert_eq!(cst.shares()[10], None);
        let line = cst.sparkline();
        assert_eq!(line.chars().count(), 24);
        assert_eq!(line.chars().nth(8), Some('█'));
        assert_eq!(line.chars().nth(9), Some('▁'));
        assert_eq!(line.chars().next(), Some('·'));
        let (best, worst) = cst.best_and_worst(1).unwrap();
        assert_eq!((best.start_hour, best.share_percent), (8, 100));
        assert_eq!((worst.start_hour, worst.share_percent), (9, 0));
        assert_eq!(cst.best_and_worst(3), None, "no 3 consecutive hours seen");
    }
}
