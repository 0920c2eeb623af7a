//! Mechanisms found after merging und_cy (helper und_da, issue 26; cases written before the
//! change they test, in my own wordings): a ceiling word before or after a count of cards is a
//! ceiling on the count (`cards<=N`), never the floor it was read as; a ceiling on a non-money
//! noun is never an unreadable price; a currency word with one slip (`dollrs`, `yaun`) read as
//! the word (`docs/misses/und_und_da.md`).

use super::fresh19_share::{own_cases_at_least, own_labels_canonical};

const OWN: &str = include_str!("../data/questions_und_und_da_own.tsv");

/// Rows read right: all 31 (5 before the change: docs/misses/und_und_da.md).
const FLOOR: usize = 31;

#[test]
fn und_da_mechanisms_on_cases_of_their_own() {
    own_cases_at_least("und_da_own", OWN, FLOOR);
}

#[test]
fn und_da_own_labels_are_canonical_lines() {
    own_labels_canonical(OWN, |_| false);
}

/// A ceiling on an alert's count of cards is said back with the alert on any machine and the
/// offers with at most that many to tap (both locales), never set as the floor it was read as.
#[test]
fn a_ceiling_on_an_alerts_cards_is_said_back() {
    use super::chat::{message_ids, text, who, world};
    use bot_core::Input;

    let w = world();
    for (locale, line, tap) in [
        ("zh", "最多2张的4090到货提醒我", "/offers rtx-4090 cards<=2"),
        (
            "zh",
            "不超過4張卡的h100有貨了通知我",
            "/offers h100-sxm cards<=4",
        ),
        (
            "en",
            "notify me when a 4090 box with at most 2 gpus shows up",
            "/offers rtx-4090 cards<=2",
        ),
    ] {
        let me = who(locale);
        let replies = w.bot.handle(&me, Input::Text(line.into())).replies;
        let (ids, t) = (message_ids(&replies), text(&replies, w.bot.lang_for(&me)));
        assert!(
            ids.iter().any(|i| i == "understand-count-ceiling"),
            "{line}: {ids:?}\n{t}"
        );
        // The lines to tap ride on the choices' ids.
        let choices: Vec<String> = (replies.iter())
            .flat_map(|r| r.choices.iter().map(|c| c.id.clone()))
            .collect();
        assert!(
            choices.iter().any(|c| c.contains(tap)),
            "{line}: {choices:?}"
        );
        // Nothing was set: no alert's confirmation, no reading run.
        assert!(
            !ids.iter()
                .any(|i| i == "alerts-subscribed" || i == "understood-as"),
            "{line}: {ids:?}"
        );
    }
    // A floor stays an alert's floor.
    let me = who("zh");
    let replies = w
        .bot
        .handle(&me, Input::Text("至少4张卡的4090到货提醒我".into()))
        .replies;
    assert!(
        !message_ids(&replies)
            .iter()
            .any(|i| i == "understand-count-ceiling")
    );
}
