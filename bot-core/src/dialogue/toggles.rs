//! Several needs switched on in one line at the needs step (`3和4`, `3、5`, `3 and 4`, `3, 6`,
//! `选3和9`): each number is that option's tap, taken in the order said, the step asked again
//! with the boxes as they now stand (helper und_dy, issue 26 §4). Only at the needs step, whose
//! options are switches; a number that is no switch there (Done, or past the list) makes the
//! line no such list, left to the readers after.

use super::replied::Again;
use super::state::{Outcome, PickInput, PickState, Step};
use crate::context::Ctx;

/// Words before the numbers that choose them (`选3和4`, `tick 3 and 4`).
const LEADS: &[&str] = &[
    "勾选", "选择", "选", "勾", "要", "tick", "check", "toggle", "select",
];
/// Words after them that add nothing (`3和4吧`, `3 and 4 please`).
const TAILS: &[&str] = &["都要", "都选", "吧", "please", "pls"];
/// What stands between two numbers.
const JOINS: &[&str] = &[
    "和", "跟", "与", "及", "、", ",", "，", "&", "+", "and", " ",
];

/// The option numbers a line names and nothing else, two or more, each once.
fn numbers(text: &str) -> Option<Vec<usize>> {
    let t = crate::lexicon::ordinal_text(text);
    let mut t = t.trim().trim_end_matches(['.', '。', '!', '！']).trim();
    if let Some(rest) = LEADS.iter().find_map(|w| t.strip_prefix(w)) {
        t = rest.trim();
    }
    if let Some(rest) = TAILS.iter().find_map(|w| t.strip_suffix(w)) {
        t = rest.trim();
    }
    let mut out = Vec::new();
    let mut rest = t;
    while !rest.is_empty() {
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        if digits == 0 {
            return None;
        }
        let n: usize = rest[..digits].parse().ok()?;
        if out.contains(&n) {
            return None;
        }
        out.push(n);
        rest = &rest[digits..];
        let before = rest.len();
        while let Some(r) = JOINS.iter().find_map(|j| rest.strip_prefix(j)) {
            rest = r;
        }
        if rest.len() == before && !rest.is_empty() {
            return None;
        }
    }
    (out.len() >= 2).then_some(out)
}

/// The line's switches taken one by one, or `None` where it is no list of the step's switches.
pub(super) fn several(
    ctx: &Ctx,
    state: &PickState,
    input: &PickInput,
    again: Again,
) -> Option<Outcome> {
    let PickInput::Text(text) = input else {
        return None;
    };
    if state.step != Step::Barriers {
        return None;
    }
    let ns = numbers(text)?;
    let choices = super::ask::ask(ctx, state).choices;
    let ids: Vec<String> = ns
        .iter()
        .map(|n| {
            n.checked_sub(1)
                .and_then(|i| choices.get(i))
                .map(|c| c.id.clone())
        })
        .collect::<Option<_>>()?;
    if ids.iter().any(|id| id == "b:done") {
        return None;
    }
    let mut now = state.clone();
    let mut last = None;
    for id in ids {
        let out = again(ctx, &now, PickInput::Choice(id));
        now = out.state.clone()?;
        if now.step != Step::Barriers {
            return None;
        }
        last = Some(out);
    }
    last.map(|mut out| {
        out.changed = true;
        out
    })
}

#[cfg(test)]
mod tests {
    use super::numbers;

    #[test]
    fn a_line_of_option_numbers() {
        for (t, want) in [
            ("3和4", vec![3, 4]),
            ("3、5", vec![3, 5]),
            ("3 and 4", vec![3, 4]),
            ("选3和9吧", vec![3, 9]),
            ("３，４", vec![3, 4]),
            ("3, 6 please", vec![3, 6]),
            ("4 5 3", vec![4, 5, 3]),
        ] {
            assert_eq!(numbers(t), Some(want), "{t}");
        }
        for t in ["3", "3和3", "预算300", "3和4个人", "3.4", "3h", "第3和4"] {
            assert_eq!(numbers(t), None, "{t}");
        }
    }
}
