//! Session 26 (lead, corpus65's miss): a currency word is read whole, left to right. The 元
//! inside 美元 had counted as a second currency, so a price in dollars asked "多少美元" per
//! month was converted into yuan — a figure in the currency the user did not ask for.

use bot_core::Catalog;

fn lines(q: &str) -> Vec<String> {
    bot_core::understand::read(&Catalog::embedded().unwrap(), q).lines()
}

#[test]
fn the_price_own_currency_asked_again_is_no_other_currency() {
    for (q, want) in [
        ("$1.2/hr 一个月多少美元", "/convert 1.2usd/hour to month"),
        ("3刀每小时 折成一周是多少美元", "/convert 3usd/hour to week"),
    ] {
        assert_eq!(lines(q), vec![want.to_string()], "`{q}`");
    }
}

#[test]
fn another_currency_asked_is_still_the_target() {
    for (q, want) in [
        ("$2/hr 一个月多少人民币", "/convert 2usd/hour to month cny"),
        (
            "¥5 一小时，换成美元按天算多少",
            "/convert 5cny/hour to day usd",
        ),
    ] {
        assert_eq!(lines(q), vec![want.to_string()], "`{q}`");
    }
}
