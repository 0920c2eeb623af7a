//! Corpus52's misses as mechanisms on cases of my own (helper und_ai, issue 26; written before
//! the change they tested): a rate keeps its own unit when the unit asked is said first; a user's
//! own rate beside a card is converted, not dropped for list prices; free or idle stock with a
//! word to tell is an alert; `N or more` cards is a card floor; an alert's number inside a
//! Chinese run; `accept a card`, `实时`, `按需` and an English need word in Chinese are filters;
//! a daily volume with words between; an alias with a space names its one model; the target
//! currency or the period said before the sum; `who` asks for platforms; `别再`/`不要再` stop alerts.

use super::fresh19_share::{
    own_cases_read_right, own_labels_canonical, reading_lines as first_line,
};

const OWN: &str = include_str!("../data/questions_und_ai_own.tsv");

#[test]
fn und_ai_mechanisms_on_cases_of_their_own() {
    own_cases_read_right("und_ai_own", OWN);
}

#[test]
fn und_ai_own_labels_are_canonical_lines() {
    own_labels_canonical(OWN, |_| false);
}

/// A rate keeps its own unit whichever is said first, the unit asked or the rate: both orders
/// convert the same rate to the same unit (the first per-unit said had been the rate's).
#[test]
fn a_rate_keeps_its_unit_whichever_is_said_first() {
    for (amount, unit, asked) in [
        ("1.2", "hour", "day"),
        ("0.35", "hour", "week"),
        ("40", "day", "hour"),
        ("900", "month", "hour"),
    ] {
        let a = if unit == "hour" { "an" } else { "a" };
        let want = [format!("/convert {amount}usd/{unit} to {asked}")];
        for question in [
            format!("how much per {asked} is {amount} usd {a} {unit}"),
            format!("{amount} usd {a} {unit}, how much per {asked}"),
        ] {
            assert_eq!(first_line(&question), want, "{question}");
        }
    }
}

/// `N or more` cards before a card is a machine of at least N, as `N+` and `N` are.
#[test]
fn n_or_more_cards_is_a_floor_as_n_plus_is() {
    for n in [2, 4, 8] {
        for (said, id) in [
            ("h100s", "h100-sxm"),
            ("l40s", "l40s"),
            ("a6000s", "rtx-a6000"),
        ] {
            let want = [format!("/offers {id} cards>={n}")];
            for question in [
                format!("machines with {n} or more {said}"),
                format!("machines with {n}+ {said}"),
            ] {
                assert_eq!(first_line(&question), want, "{question}");
            }
        }
    }
}

/// No more alerts wanted (`别再`, `不要再`) is every alert stopped, an alert's number the one;
/// no more of something else is no stop.
#[test]
fn no_more_alerts_stops_every_one_and_a_number_stops_that_one() {
    for question in ["别再给我发提醒了", "不要再推送通知了", "以后不用再通知我了"]
    {
        assert_eq!(first_line(question), ["/unsubscribe all"], "{question}");
    }
    for n in [1, 4, 7] {
        for question in [
            format!("unsubscribe 第{n}个"),
            format!("取消第{n}个订阅"),
            format!("cancel 第{n}个"),
        ] {
            assert_eq!(
                first_line(&question),
                [format!("/unsubscribe {n}")],
                "{question}"
            );
        }
    }
    let other = first_line("别再涨价了 4090现在多少钱");
    assert!(
        other.iter().all(|l| !l.starts_with("/unsubscribe")),
        "{other:?}"
    );
}
