//! The daily exchange-rate feed (the ECB's euro reference rates, fetched by the providers
//! crate), kept in the `snapshots` table under `fx:<feed>`, and the one rule for which rate an
//! answer uses: the feed's when it is fresh, else the catalog's dated `fx.toml` rate. Either
//! way the answer says which (date, source).

pub use super::row::FxSnapshot;
use crate::catalog::{Catalog, parse_date};
use crate::store::{Store, StoreError, TypedTable, Versioned};
use rust_decimal::Decimal;

/// `fx:<feed>` in the store's `snapshots` table, a versioned record of [`super::row`].
const FX: TypedTable<Versioned<FxSnapshot>> =
    TypedTable::new(crate::store::tables::SNAPSHOTS.name());

/// The feed's key.
pub const ECB_FEED: &str = "ecb";

/// A feed's rates are used for this many days after their date: the ECB publishes on TARGET
/// working days only, so Friday's rates must still count on Monday, and a holiday after.
pub const FX_FRESH_DAYS: i64 = 4;

impl FxSnapshot {
    /// Units of `to` per one `from`, through the base, if both are quoted.
    pub fn cross(&self, from: &str, to: &str) -> Option<Decimal> {
        let per_base = |c: &str| -> Option<Decimal> {
            let c = c.to_uppercase();
            if c == self.base {
                Some(Decimal::ONE)
            } else {
                self.rates.get(&c).copied().filter(|r| *r > Decimal::ZERO)
            }
        };
        let (f, t) = (per_base(from)?, per_base(to)?);
        t.checked_div(f)
    }
}

/// Which rate was used, said in the answer.
#[derive(Debug, Clone, PartialEq)]
pub struct RateUsed {
    pub from: String,
    pub to: String,
    /// Units of `to` per one `from`.
    pub rate: Decimal,
    /// The feed's description or the catalog row's source.
    pub source: String,
    pub as_of: String,
    /// From the daily feed (true) or the catalog file (false).
    pub live: bool,
}

fn key(feed: &str) -> String {
    format!("fx:{feed}")
}

/// Stores a feed's rates. An older date than the stored one is ignored (a mirror lagging).
pub fn record_fx(store: &Store, snap: &FxSnapshot) -> Result<bool, StoreError> {
    if let Some(old) = latest_fx(store, &snap.feed)?
        && parse_date(&old.date) > parse_date(&snap.date)
    {
        return Ok(false);
    }
    store.put(&FX, &key(&snap.feed), &Versioned(snap.clone()))?;
    Ok(true)
}

/// The stored rates of a feed.
pub fn latest_fx(store: &Store, feed: &str) -> Result<Option<FxSnapshot>, StoreError> {
    Ok(store.get(&FX, &key(feed))?.map(|v| v.0))
}

/// The rate from `from` into `to` on day `today` (days since the epoch): the ECB feed's when
/// its date is at most [`FX_FRESH_DAYS`] old, else the catalog's. `None` when neither has one.
/// The same currency is rate 1 from nowhere (`None` is never returned for it).
pub fn rate_for(
    store: &Store,
    catalog: &Catalog,
    from: &str,
    to: &str,
    today: i64,
) -> Option<RateUsed> {
    let (from, to) = (from.to_uppercase(), to.to_uppercase());
    if from == to {
        return Some(RateUsed {
            from,
            to,
            rate: Decimal::ONE,
            source: String::new(),
            as_of: String::new(),
            live: false,
        });
    }
    if let Ok(Some(snap)) = latest_fx(store, ECB_FEED)
        && let Some(day) = parse_date(&snap.date)
        && (0..=FX_FRESH_DAYS).contains(&(today - day))
        && let Some(rate) = snap.cross(&from, &to)
    {
        return Some(RateUsed {
            from,
            to,
            rate,
            source: snap.source.clone(),
            as_of: snap.date.clone(),
            live: true,
        });
    }
    let (rate, row) = catalog.fx_rate(&from, &to)?;
    Some(RateUsed {
        from,
        to,
        rate,
        source: row.source.clone(),
        as_of: row.as_of.clone(),
        live: false,
    })
}

/// The stored feed if it is fresh on day `today` (see [`FX_FRESH_DAYS`]).
pub fn fresh_fx(store: &Store, today: i64) -> Option<FxSnapshot> {
    let snap = latest_fx(store, ECB_FEED).ok()??;
    let day = parse_date(&snap.date)?;
    (0..=FX_FRESH_DAYS).contains(&(today - day)).then_some(snap)
}

/// The catalog with each of its dated rates replaced by the feed's cross rate where the feed
/// quotes both currencies, source and date included, so every conversion (and the line that
/// names the rate) uses the feed. Rows the feed cannot cross stay as the catalog has them.
pub fn catalog_with_fx(catalog: &Catalog, snap: &FxSnapshot) -> Catalog {
    let mut c = catalog.clone();
    for row in &mut c.fx {
        if let Some(rate) = snap.cross(&row.base, &row.quote) {
            row.rate = rate.round_dp(6).normalize();
            row.source = format!("{} ({})", snap.source, snap.feed.to_uppercase());
            row.as_of = snap.date.clone();
            row.source_note = None;
        }
    }
    c
}

#[cfg(test)]
mod tests {
    use super::*;

    fn snap(date: &str) -> FxSnapshot {
        FxSnapshot {
            feed: ECB_FEED.into(),
            source: "ECB euro foreign exchange reference rates".into(),
            date: date.into(),
            fetched_at: 0,
            base: "EUR".into(),
            rates: [
                ("USD".to_string(), Decimal::new(10_500, 4)),
                ("CNY".to_string(), Decimal::new(75_600, 4)),
            ]
            .into_iter()
            .collect(),
        }
    }

    #[test]
    fn a_fresh_feed_wins_and_an_old_one_falls_back_to_the_catalog() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(&dir.path().join("t.redb")).unwrap();
        let cat = Catalog::embedded().unwrap();
        let day = parse_date("2026-11-27").unwrap(); // a Friday
        // Nothing stored: the catalog's rate.
        let r = rate_for(&store, &cat, "usd", "CNY", day).unwrap();
        assert!(!r.live);
        assert!(record_fx(&store, &snap("2026-11-27")).unwrap());
        // Monday still uses Friday's rates: 7.56 / 1.05 = 7.2.
        let r = rate_for(&store, &cat, "USD", "CNY", day + 3).unwrap();
        assert!(r.live);
        assert_eq!(r.rate, Decimal::new(72, 1));
        assert_eq!(r.as_of, "2026-11-27");
        let back = rate_for(&store, &cat, "CNY", "EUR", day).unwrap();
        assert_eq!(back.rate.round_dp(4), Decimal::new(1323, 4));
        // Five days on, the feed is too old.
        assert!(!rate_for(&store, &cat, "USD", "CNY", day + 5).unwrap().live);
        // An older day does not replace a newer one.
        assert!(!record_fx(&store, &snap("2026-11-20")).unwrap());
        // A currency nobody quotes.
        assert!(rate_for(&store, &cat, "USD", "XAU", day).is_none());
        assert_eq!(
            rate_for(&store, &cat, "USD", "usd", day).unwrap().rate,
            Decimal::ONE
        );
    }
}
