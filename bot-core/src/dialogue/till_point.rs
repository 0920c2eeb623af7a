//! A length said as the time it ends, inside `/pick` (the phrase's shape is the lexicon's
//! `till_point`): an end with no start (`跑到明天早上`, `till friday`, `跑到下午五点`) is asked
//! back with the words quoted, never a silent figure (the bot does not know the person's
//! clock); a start and an end both on a plain clock (`晚上10点跑到明天早上8点`, `from 9pm until
//! 7am`) are the hours between them, read as that length and said back with both times.

use crate::lexicon::{TillRead, till_point};
use crate::reply::Msg;

/// The note for a length said as its end, the message with the phrase taken out (or written
/// as its hours), and whether the length was read (a note under the echo) or asked.
pub(super) fn split(t: &str) -> Option<(Msg, String, bool)> {
    let low = crate::understand::fold_traditional(t).to_lowercase();
    Some(match till_point(&low)? {
        TillRead::Span {
            said,
            hours,
            from,
            to,
            next_day,
        } => {
            let h = hours.normalize().to_string();
            let rest = format!("{} {h}h {}", &low[..said.0], &low[said.1..]);
            let msg = Msg::new("pick-read-span")
                .said("said", &low[said.0..said.1])
                .arg("hours", h)
                .arg("from", clock(from))
                .arg("to", clock(to))
                .arg("next", if next_day { "yes" } else { "no" });
            (msg, rest.trim().to_string(), true)
        }
        TillRead::Open { said, tomorrow } => {
            let id = if tomorrow {
                "pick-ask-till-tomorrow"
            } else {
                "pick-ask-till-point"
            };
            let rest = format!("{} {}", &low[..said.0], &low[said.1..]);
            let rest = rest.trim_matches(|c: char| c.is_whitespace() || "，,。".contains(c));
            let msg = Msg::new(id).said("said", &low[said.0..said.1]);
            (msg, rest.to_string(), false)
        }
    })
}

/// A minute of the day as a 24-hour clock (`22:00`).
fn clock(minute: u32) -> String {
    format!("{:02}:{:02}", minute / 60 % 24, minute % 60)
}
