//! What the `/pick` steps share, below the machine (`step`), the answers it reads (`answers`)
//! and the facts it keeps (`listen`): the outcome of one answer, the order of the steps, and
//! the small readings every step uses. Kept apart so those three never import each other
//! around a circle.

use super::state::{PickState, Step, TaskKind};
use crate::reply::{Msg, Reply};
use crate::vram;

/// An answer the current step cannot take.
#[derive(Debug)]
pub(super) struct Invalid;

// One answer per message, matched on by value: boxing the state would buy nothing.
#[allow(clippy::large_enum_variant)]
pub(super) enum Answer {
    Next(PickState),
    /// A well-formed answer that would lead the user wrong (a card that cannot hold the job):
    /// the reason, and nothing changes.
    Refused(Reply),
    Done,
}

pub(super) fn next_step(s: &PickState) -> Step {
    match s.step {
        Step::Task => Step::Model,
        Step::Model => Step::Method,
        Step::Method => Step::Context,
        // A service is sized for the conversations it serves at once.
        Step::Context if s.task == Some(TaskKind::Serve) => Step::Concurrency,
        Step::Context | Step::Concurrency => Step::Usage,
        Step::Usage => Step::Card,
        Step::Card => Step::Barriers,
        Step::Barriers => Step::Result,
        Step::Result | Step::Trial => Step::Trial,
    }
}

/// Where `s` stands: its step's number and how many steps this dialogue has. Each step has
/// its own number (the model and the method are not both "step 2"); a service has one step
/// more (the conversations it serves at once). A step answered by a sentence keeps its
/// number, so the count jumps past it.
pub(super) fn step_number(s: &PickState) -> (u32, u32) {
    let serve = s.task == Some(TaskKind::Serve);
    let order: &[Step] = if serve {
        &[
            Step::Task,
            Step::Model,
            Step::Method,
            Step::Context,
            Step::Concurrency,
            Step::Usage,
            Step::Card,
            Step::Barriers,
            Step::Result,
            Step::Trial,
        ]
    } else {
        &[
            Step::Task,
            Step::Model,
            Step::Method,
            Step::Context,
            Step::Usage,
            Step::Card,
            Step::Barriers,
            Step::Result,
            Step::Trial,
        ]
    };
    let n = order.iter().position(|x| *x == s.step).unwrap_or(0) + 1;
    (n as u32, order.len() as u32)
}

/// The "Step N of M" line for `s`.
pub(super) fn step_header(s: &PickState) -> Msg {
    let (n, total) = step_number(s);
    Msg::new("pick-step").arg("n", n).arg("total", total)
}

pub(super) fn advanced(mut s: PickState) -> PickState {
    s.step = next_step(&s);
    // Steps the step-1 sentence answered are not asked again.
    while s.skip.contains(&s.step) {
        s.step = next_step(&s);
    }
    s
}

/// The first number in a message with its suffix: `大概2000个token` → `2000`, `2k吧` → `2k`.
pub(super) fn first_count(text: &str) -> Option<String> {
    let start = text.find(|c: char| c.is_ascii_digit())?;
    let rest = &text[start..];
    let end = rest
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(rest.len());
    let mut out = rest[..end].to_string();
    if let Some(suffix) = rest[end..]
        .chars()
        .next()
        .filter(|c| matches!(c, 'k' | 'm' | '万'))
    {
        out.push(suffix);
    }
    Some(out)
}

/// Whether a message speaks of money (a budget word, a currency mark or word): its count is
/// never a context length (`预算 2k吧`).
pub(super) fn says_money(norm: &str) -> bool {
    [
        "预算", "budget", "块", "元", "刀", "$", "¥", "rmb", "usd", "cny", "dollar", "bucks",
    ]
    .iter()
    .any(|w| norm.contains(w))
}

/// Words that name a context length beside its count.
pub(super) const CONTEXT_WORDS: [&str; 5] = ["token", "上下文", "context", "ctx", "序列"];

/// The count written right before or after one of `names` (`8k context`, `上下文 32k`,
/// `4096个token`).
pub(super) fn named_count(norm: &str, names: &[&str]) -> Option<String> {
    let starts = norm.char_indices().filter(|(i, c)| {
        c.is_ascii_digit() && !norm[..*i].ends_with(|p: char| p.is_ascii_alphanumeric() || p == '.')
    });
    starts.map(|(i, _)| i).find_map(|i| {
        let count = first_count(&norm[i..])?;
        let after = norm[i + count.len()..]
            .trim_start()
            .trim_start_matches(['个', '的'])
            .trim_start();
        let before = norm[..i]
            .trim_end()
            .trim_end_matches([':', '=', '是'])
            .trim_end();
        names
            .iter()
            .any(|w| after.starts_with(w) || before.ends_with(w))
            .then_some(count)
    })
}

/// Whether a quantization read from a sentence is one the method step offers.
pub(super) fn methods_known(q: &str) -> bool {
    q.parse::<vram::Quant>().is_ok()
}

/// "ok", "yes", "next", "好", "继续": accept the default / go on.
pub(super) fn is_accept(t: &str) -> bool {
    matches!(
        t.trim().to_lowercase().as_str(),
        "ok" | "okay"
            | "yes"
            | "y"
            | "next"
            | "default"
            | "go"
            | "done"
            | "好"
            | "好的"
            | "好了"
            | "行"
            | "可以"
            | "继续"
            | "下一步"
            | "默认"
            | "是"
            | "完成"
    )
}
