//! A schedule said inside `/pick` (helper und_dr, issue 26 §3): a span of the clock with the
//! days a week (`工作日朝九晚五`, `weekdays 9 to 6`, `周末两天全天`, the lexicon's `schedule`) is
//! kept as the house keeps hours a week: a day's share of the week (`Usage::Daily`, hours × days
//! / 7, costed over the month), and said back with the hours a day and the days a week it was
//! read from. A span with no day set is a service's every day, said so (never a silent seven
//! days); for a run it is left to the length readers (`从晚上11点跑到早上7点` is one run of 8 h).
//! A schedule word or a length with no figure (`每天凌晨跑批`, `office hours`, `看情况`) is asked
//! back with the words quoted, the usage step's choices under it.

use super::state::{PickState, Step, TaskKind};
use crate::context::Ctx;
use crate::reply::Msg;

/// The note, the message with the schedule written as the day's share (`每天5小时43分钟`, `daily
/// 5h43m`) for the step's own reader, and whether it was read (always: a schedule read).
pub(super) fn split(state: &PickState, t: &str) -> Option<(Msg, String, bool)> {
    let low = crate::understand::fold_traditional(t).to_lowercase();
    let sch = crate::lexicon::schedule(&low)?;
    let served = state.task == Some(TaskKind::Serve)
        || (state.task.is_none()
            && super::understand::task_from_sentence(&low) == Some(TaskKind::Serve));
    let days = match sch.days {
        Some(d) => d,
        None if served => 7,
        None => return None,
    };
    // Every day, all day: always on, the always-on readers' own.
    if days == 7 && sch.minutes >= 24 * 60 {
        return None;
    }
    let share = (sch.minutes * days + 3) / 7;
    let zh = sch.said.chars().any(crate::lexicon::is_han);
    let (h, m) = (share / 60, share % 60);
    let length = match (zh, m) {
        (true, 0) => format!(" 每天{h}小时 "),
        (true, _) => format!(" 每天{h}小时{m}分钟 "),
        (false, 0) => format!(" daily {h}h "),
        (false, _) => format!(" daily {h}h{m}m "),
    };
    let mut rest = String::new();
    let mut at = 0;
    for (i, (a, b)) in sch.ranges.iter().enumerate() {
        rest.push_str(&low[at..*a]);
        if i == 0 {
            rest.push_str(&length);
        }
        at = *b;
    }
    rest.push_str(&low[at..]);
    let hours = |min: u32| {
        (rust_decimal::Decimal::from(min) / rust_decimal::Decimal::from(60))
            .round_dp(2)
            .normalize()
            .to_string()
    };
    let msg = match sch.days {
        Some(d) => Msg::new("pick-read-schedule")
            .arg("days", d.to_string())
            .arg("share", hours(share)),
        None => Msg::new("pick-read-schedule-every-day"),
    }
    .said("said", &sch.said)
    .arg("hours", hours(sch.minutes));
    Some((msg, rest.trim().to_string(), true))
}

/// A schedule word or a length with no figure, at the usage step or in a first sentence: the
/// note asking the hours, and the message without the words.
pub(super) fn asked(ctx: &Ctx, state: &PickState, t: &str) -> Option<(Msg, String)> {
    if !matches!(state.step, Step::Usage | Step::Task) || state.usage.is_some() {
        return None;
    }
    let low = crate::understand::fold_traditional(t).to_lowercase();
    let (a, b) = crate::lexicon::unsized_at(&low)?;
    // A length said beside the words (`白天跑三个小时`) is the length readers' own.
    let f = crate::understand::facts(ctx.catalog, &crate::understand::normalize(&low));
    if f.seconds.is_some() || f.always {
        return None;
    }
    let msg = Msg::new("pick-ask-schedule-vague").said("said", low[a..b].trim());
    // Every such word goes (`看情况吧，可能要跑挺久的`): one question, never one per word.
    let mut rest = format!("{} {}", &low[..a], &low[b..]);
    while let Some((a, b)) = crate::lexicon::unsized_at(&rest) {
        rest = format!("{} {}", &rest[..a], &rest[b..]);
    }
    let rest = rest.trim_matches(|c: char| c.is_whitespace() || "，,。;；".contains(c));
    Some((msg, rest.to_string()))
}
