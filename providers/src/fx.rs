//! The ECB's euro foreign exchange reference rates (`eurofxref-daily.xml`): one day's rates,
//! units of each currency per euro, CNY and USD among them. Fetched by the poller from
//! `GPUSCOUT_FX_URL`; stored by bot-core (`availability::record_fx`), which decides when they
//! are fresh enough to use.
//!
//! The file is small and flat: `<Cube time='YYYY-MM-DD'>` holding `<Cube currency='USD'
//! rate='1.0876'/>` rows. Only those elements are read (a namespace or attribute order change
//! does not matter); a file without a date or without a USD rate is refused as malformed.

use crate::FetchError;
use bot_core::availability::{ECB_FEED, FxSnapshot};
use rust_decimal::Decimal;
use std::collections::BTreeMap;
use std::str::FromStr;

/// The ECB's published file.
pub const ECB_URL: &str = "https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml";
/// How often the poller fetches it: the ECB publishes once a working day, around 16:00 CET.
pub const FX_INTERVAL: std::time::Duration = std::time::Duration::from_secs(6 * 3600);

/// The narrowest and widest euro rates read: the ECB's list runs from about 0.3 (the
/// Kuwaiti dinar, once listed) to about 20,000 (the rupiah); a figure far outside is no
/// currency's rate, and as a factor it would overflow a price converted through it.
const RATE_MIN: Decimal = Decimal::from_parts(1, 0, 0, false, 4);
const RATE_MAX: Decimal = Decimal::from_parts(10_000_000, 0, 0, false, 0);

/// Reads one answer fetched at `now`.
pub fn parse_ecb(body: &[u8], now: i64) -> Result<FxSnapshot, FetchError> {
    let text = std::str::from_utf8(body)
        .map_err(|_| FetchError::Malformed("the rates file is not UTF-8".into()))?;
    let mut date = None;
    let mut rates = BTreeMap::new();
    let mut skipped = 0;
    for tag in text.split('<').skip(1) {
        let Some(body) = tag.strip_prefix("Cube") else {
            continue;
        };
        let body = body.split('>').next().unwrap_or("");
        if let Some(t) = attr(body, "time") {
            if date.is_some() {
                // The 90-day file holds many days, newest first: the first is the one used.
                break;
            }
            if bot_core::catalog::parse_date(t).is_none() {
                return Err(FetchError::Malformed(format!("`{t}` is not a date")));
            }
            date = Some(t.to_string());
        }
        if let (Some(c), Some(r)) = (attr(body, "currency"), attr(body, "rate")) {
            match Decimal::from_str(r.trim()) {
                Ok(rate) if (RATE_MIN..=RATE_MAX).contains(&rate) && c.len() == 3 => {
                    rates.insert(c.to_ascii_uppercase(), rate);
                }
                _ => skipped += 1,
            }
        }
    }
    let Some(date) = date else {
        return Err(FetchError::Malformed(
            "no dated `Cube time=…` in the rates file".into(),
        ));
    };
    if !rates.contains_key("USD") {
        return Err(FetchError::Malformed(format!(
            "no USD rate in the rates file ({} rates, {skipped} unreadable)",
            rates.len()
        )));
    }
    Ok(FxSnapshot {
        feed: ECB_FEED.into(),
        source: "ECB euro foreign exchange reference rates".into(),
        date,
        fetched_at: now,
        base: "EUR".into(),
        rates,
    })
}

/// The value of `name='…'` or `name="…"` in a tag's text.
fn attr<'a>(tag: &'a str, name: &str) -> Option<&'a str> {
    let mut rest = tag;
    while let Some(i) = rest.find(name) {
        let before_ok = i == 0 || rest[..i].ends_with(char::is_whitespace);
        let after = rest[i + name.len()..].trim_start();
        if before_ok && let Some(v) = after.strip_prefix('=') {
            let v = v.trim_start();
            let q = v.chars().next()?;
            if q == '\'' || q == '"' {
                let inner = &v[1..];
                return inner.find(q).map(|end| &inner[..end]);
            }
        }
        rest = &rest[i + name.len()..];
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_daily_file_and_refuses_garbage() {
        let xml = br#"<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
	<gesmes:subject>Reference rates</gesmes:subject>
	<Cube>
		<Cube time='2026-11-30'>
			<Cube currency='USD' rate='1.0500'/>
			<Cube currency='JPY' rate='160.12'/>
			<Cube rate="7.5600" currency="CNY"/>
			<Cube currency='XXX' rate='n/a'/>
		</Cube>
	</Cube>
</gesmes:Envelope>"#;
        let s = parse_ecb(xml, 5).unwrap();
        assert_eq!(s.date, "2026-11-30");
        assert_eq!(s.rates["CNY"], Decimal::new(756, 2));
        assert_eq!(s.cross("USD", "CNY"), Some(Decimal::new(72, 1)));
        assert!(parse_ecb(b"<html>maintenance</html>", 0).is_err());
        assert!(
            parse_ecb(
                b"<Cube time='2026-11-30'><Cube currency='CNY' rate='7.5'/>",
                0
            )
            .is_err()
        );
        assert!(parse_ecb(b"<Cube time='yesterday'>", 0).is_err());
        assert!(parse_ecb(&[0xff, 0xfe], 0).is_err());
    }
}
