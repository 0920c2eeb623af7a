//! The reader's own tests: prices, and the round trip from a reading to its line and back.

use super::price::find_price;
use super::text::normalize;
use crate::billing::PriceUnit;

#[test]
fn prices_are_found_with_their_currency_and_unit() {
    let p = |t: &str| find_price(&normalize(t)).map(|(p, _)| p);
    let hour = PriceUnit::parse("hour");
    assert_eq!(p("¥2.5/小时合多少美元").unwrap().per, hour);
    assert_eq!(p("¥2.5/小时").unwrap().currency.as_deref(), Some("CNY"));
    let s = p("$0.0007 per second").unwrap();
    assert_eq!(
        (s.currency.as_deref(), s.per),
        (Some("USD"), PriceUnit::parse("second"))
    );
    assert_eq!(p("2.5刀").unwrap().currency.as_deref(), Some("USD"));
    assert_eq!(p("2.5刀一小时").unwrap().per, hour);
    assert_eq!(p("每秒0.0007美元").unwrap().per, PriceUnit::parse("second"));
    // Spoken amounts: yuan and jiao, two yuan.
    assert_eq!(p("7块2").unwrap().amount, "7.2".parse().unwrap());
    assert_eq!(p("2块5一小时").unwrap().per, hour);
    assert_eq!(p("两块钱一小时").unwrap().amount, 2.into());
    assert_eq!(p("$2.5/hr").unwrap().per, hour);
    assert_eq!(p("¥1.88/小时").unwrap().amount, "1.88".parse().unwrap());
    // Not prices: cards, durations, counts.
    assert_eq!(p("两块3090跑qwen2.5-32b"), None);
    assert_eq!(p("4090跑40分钟"), None);
    assert_eq!(p("4090每小时多少钱"), None);
}
