//! QA round 15 (wire15), what bot-core decides: the written-price reader is total (no text
//! makes it panic; a multibyte sign next to a digit once sliced a character in two), figures
//! grouped by spaces are read where they have one reading, and curated times are read with
//! their UTC offset while a time with no zone is refused rather than taken as UTC.

use bot_core::Catalog;
use bot_core::availability::{PriceField, PriceTextError, parse_curated, read_price};
use rust_decimal::Decimal;
use std::str::FromStr;

const USD: PriceField = PriceField {
    currency: "USD",
    per_hour: true,
    minor_units: false,
};
const CNY: PriceField = PriceField {
    currency: "CNY",
    per_hour: true,
    minor_units: false,
};
const CENTS: PriceField = PriceField {
    currency: "USD",
    per_hour: true,
    minor_units: true,
};

fn d(s: &str) -> Decimal {
    Decimal::from_str(s).unwrap()
}

/// Every text below, in every field, returns (read or refused): none panics. The pieces are
/// the characters that once cut a string (multibyte signs next to digits), with no-break and
/// narrow spaces, full-width digits and signs, and units, put before, after and inside.
#[test]
fn the_price_reader_is_total_over_multibyte_signs_spaces_and_full_width_digits() {
    let named = [
        "1€",
        "2¥",
        "0.5￥",
        "3元",
        "1.2 €/h",
        "€1",
        "¥2",
        "￥0.5",
        "元3",
        "4円",
        "5£",
        "£5",
        "1元/时",
        "2￥/小时",
        "1.5€ per hour",
        "€/h",
        "元",
        "¥",
        "3€€",
        "1€2",
        "1¥.5",
        "１.５",
        "１２３",
        "$１.５",
        "1\u{a0}€",
        "€\u{a0}1",
        "1\u{202f}234 €",
        "US$",
        "USD",
        "1USD€",
        "€USD1",
        "1 €/月",
        "1.2/小时元",
        "¥1,234",
        "1,2€",
        "€1 234",
        "\u{feff}1.5",
        "1.5\u{200b}",
        "1.5 ㎐",
        "🙂1",
        "1🙂",
        "1.🙂",
        "é1",
        "1é",
        "per €",
        "/€",
        "€/",
        "1/€",
        "1 an €",
    ];
    for text in named {
        for field in [USD, CNY, CENTS] {
            let _ = read_price(text, field);
        }
    }
    // Each piece glued to each other, either way round (2,500 texts).
    let pieces = [
        "1", "0.5", "€", "¥", "￥", "元", "円", "£", "$", "US$", "USD", "/h", "/小时", " ",
        "\u{a0}", "\u{202f}", "１", "．", ",", ".", "e", "-", "per", "🙂", "é",
    ];
    for a in pieces {
        for b in pieces {
            for text in [format!("{a}{b}"), format!("{a}{b}{a}"), format!("{b}1{a}")] {
                for field in [USD, CNY, CENTS] {
                    let _ = read_price(&text, field);
                }
            }
        }
    }
}

#[test]
fn a_digit_next_to_a_multibyte_sign_is_read_or_refused_with_the_currency_named() {
    // The field's own currency after the figure reads.
    assert_eq!(read_price("3元", CNY), Ok(d("3")));
    assert_eq!(read_price("0.5￥", CNY), Ok(d("0.5")));
    assert_eq!(read_price("2¥/h", CNY), Ok(d("2")));
    // Another currency is named in the refusal.
    for (text, named) in [
        ("1€", "EUR"),
        ("1.2 €/h", "EUR"),
        ("2¥", "CNY or JPY"),
        ("3元", "CNY"),
    ] {
        match read_price(text, USD) {
            Err(PriceTextError::OtherCurrency { named: n, .. }) => assert_eq!(n, named, "{text}"),
            other => panic!("{text}: {other:?}"),
        }
    }
    // A unit set off by no-break spaces is still a unit.
    assert_eq!(
        read_price("0.45 USD\u{a0}per\u{a0}hour", USD),
        Ok(d("0.45"))
    );
    assert!(read_price("0.45\u{202f}per\u{202f}month", USD).is_err());
    // Full-width digits are no figure a provider writes: refused, never read as 1.5.
    assert!(matches!(
        read_price("１.５", USD),
        Err(PriceTextError::NotAFigure(_))
    ));
    // A sign of any width in a field of cents is refused.
    assert!(read_price("75元", CENTS).is_err());
}

#[test]
fn thousands_grouped_by_a_space_nbsp_or_narrow_nbsp_are_read_where_unambiguous() {
    for space in [" ", "\u{a0}", "\u{202f}", "\u{2009}"] {
        for (text, want) in [
            ("1{s}234.50", "1234.50"),
            ("1{s}234,50", "1234.50"),
            ("12{s}345", "12345"),
            ("1{s}234{s}567.8", "1234567.8"),
            ("$1{s}234.50", "1234.50"),
            ("1{s}234.50 USD/h", "1234.50"),
        ] {
            let text = text.replace("{s}", space);
            assert_eq!(read_price(&text, USD), Ok(d(want)), "{text:?}");
        }
        // The yuan row reads its own sign with a grouped figure.
        let yuan = format!("¥1{space}980,5");
        assert_eq!(read_price(&yuan, CNY), Ok(d("1980.5")), "{yuan:?}");
        // Whole cents grouped by a space.
        let cents = format!("2{space}392");
        assert_eq!(read_price(&cents, CENTS), Ok(d("2392")), "{cents:?}");
        // Refused: a comma with three digits after the groups is a thousands comma too, or
        // decimals; groups not of three; two kinds of space; decimals in a field of cents.
        let two = format!("1{space}234,567");
        assert!(
            matches!(read_price(&two, USD), Err(PriceTextError::TwoReadings(_))),
            "{two:?}"
        );
        for text in [
            format!("1{space}23"),
            format!("1234{space}567"),
            format!("1{space}2345"),
            format!("1{space}234{space}5.0"),
            format!("1{space}234.5.0"),
            format!("{space}1{space}{space}234"),
        ] {
            assert!(read_price(&text, USD).is_err(), "{text:?}");
        }
        assert!(read_price(&format!("2{space}392.5"), CENTS).is_err());
    }
    assert!(
        read_price("1 234\u{a0}567", USD).is_err(),
        "two kinds of space"
    );
}

fn curated(as_of: &str) -> String {
    format!(
        "who='ops'\n[[row]]\nplatform='autodl'\ngpu='4090'\nstock='in'\nsource='x'\nas_of={as_of}\n"
    )
}

/// 2026-12-01T12:00:00Z.
const NOW: i64 = 1_796_126_400;

#[test]
fn curated_times_are_read_with_their_utc_offset_and_a_time_with_no_zone_is_refused() {
    let cat = Catalog::embedded().unwrap();
    let at = |as_of: &str| parse_curated(&curated(as_of), &cat, NOW).map(|r| r[0].at);
    let midnight_utc = NOW - 12 * 3600;
    // 08:00 in Beijing, 19:00 the day before in New York, 05:30 in India: the same instant.
    for written in [
        "'2026-12-01T08:00:00+08:00'",
        "'2026-11-30T19:00:00-05:00'",
        "'2026-12-01T05:30:00+05:30'",
        "'2026-12-01T00:00:00Z'",
        "'2026-12-01T00:00:00.250z'",
        "'2026-12-01T08:00:00.5+08:00'",
        // TOML's own offset date-time, unquoted.
        "2026-12-01T08:00:00+08:00",
        "2026-12-01T00:00:00Z",
    ] {
        assert_eq!(at(written), Ok(midnight_utc), "{written}");
    }
    // A time with no zone: refused, and the refusal says the zone is what is missing.
    for written in [
        "'2026-12-01T08:00:00'",
        "'2026-12-01 08:00'",
        "'2026-12-01T08:00'",
        "2026-12-01T08:00:00",
    ] {
        let e = at(written).expect_err(written).to_string();
        assert!(e.contains("no time zone"), "{written}: {e}");
    }
    // An offset that is no offset, or a time that is later than now once its offset is read.
    for written in [
        "'2026-12-01T08:00:00+8'",
        "'2026-12-01T08:00:00+24:00'",
        "'2026-12-01T08:00:00 CST'",
    ] {
        assert!(at(written).is_err(), "{written}");
    }
    // 15:00 in Beijing is 07:00 UTC, well before now: read. 15:00 in New York is 20:00 UTC,
    // hours ahead of now: refused as in the future (an offset was "not a date" before).
    assert_eq!(
        at("'2026-12-01T15:00:00+08:00'"),
        Ok(midnight_utc + 7 * 3600)
    );
    let e = at("'2026-12-01T15:00:00-05:00'").unwrap_err().to_string();
    assert!(e.contains("future"), "{e}");
    // A plain date is still a date.
    assert_eq!(at("'2026-11-30'"), Ok(NOW - 24 * 3600), "noon UTC");
}
