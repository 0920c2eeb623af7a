//! Corpus36's misses of groups 1, 2, 4 and 5's `global` as mechanisms on cases of my own (helper
//! und_r, issue 26; `docs/misses/und_und_r.md`): counts pointing back to the card, hours of a
//! card a day, the days a daily job runs, days a week, a year and a past span as periods, the
//! card of a paper or someone else's setup set aside, cards said by voice input, a region word
//! in a mixed sentence. 39 of the first 85 rows read right on main d40b7360; 90/90 after.

use super::fresh19_share::{own_cases_read_right, own_labels_canonical};

const OWN: &str = include_str!("../data/questions_und_r_own.tsv");

#[test]
fn und_r_mechanisms_on_cases_of_their_own() {
    own_cases_read_right("und_r_own", OWN);
}

#[test]
fn und_r_own_labels_are_canonical_lines() {
    own_labels_canonical(OWN, |_| false);
}

/// A working tool: each line of the file `UND_R_NORM` as the reader makes it plain.
#[test]
#[ignore]
fn und_r_normalize_probe() {
    let Ok(path) = std::env::var("UND_R_NORM") else {
        return;
    };
    for line in std::fs::read_to_string(path).unwrap().lines() {
        let q = line.split('\t').next().unwrap_or(line);
        println!("norm: {q} => {}", bot_core::understand::normalize(q));
    }
}

/// A card said by voice input is the card in a typed command too: `/cost`, `/compare` and `/gpu`
/// read their arguments through the same plain-text pass as questions (`spoken_cards`).
#[test]
fn spoken_cards_read_alike_in_commands() {
    use bot_core::commands::Request;
    super::fresh19_share::with_parse_ctx(|ctx| {
        let line = |l: &str| match Request::parse(ctx, l) {
            Some(Ok(r)) => r.line(),
            other => panic!("{l}: {other:?}"),
        };
        for (spoken, digits) in [
            ("/gpu 四零九零", "/gpu 4090"),
            ("/gpu L四十S 四零九零", "/gpu l40s 4090"),
            ("/cost autodl 三零九零 2h", "/cost autodl 3090 2h"),
            ("/compare A一百 1h", "/compare a100 1h"),
        ] {
            assert_eq!(line(spoken), line(digits), "{spoken}");
        }
    });
}
