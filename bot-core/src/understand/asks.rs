//! What a message asks the bot to do, in words that are not a job's facts, and whether a
//! command line names a command the bot has: two tests `/pick` and the frontends ask of a
//! message beside reading it.

use super::{alert_cues, cues, normalize, text, words};
use crate::command;

/// Whether a message asks the bot to do something (an alert, a conversion, a price history, a
/// rent-vs-API sum) in words that state no fact of a job: `/pick` answers such a message as a
/// question (`4090 到货了提醒我` is no answer to its step).
pub fn asks_for_action(text: &str) -> bool {
    let padded = format!(" {} ", normalize(text));
    text::has(&padded, words::ALERT_WORDS)
        || cues::conditional_notify(&padded)
        || alert_cues::told_on_condition(&padded)
        || text::has(&padded, words::CONVERT_WORDS)
        || text::has(&padded, words::TREND_WORDS)
        || text::has(&padded, words::TCO_WORDS)
}

/// Whether a command line names a command the bot has (a reading must never invent one).
pub fn is_known_command(line: &str) -> bool {
    matches!(command::parse(line, None), Ok(Some(_)))
}
