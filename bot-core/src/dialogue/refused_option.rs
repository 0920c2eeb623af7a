//! An option chosen by refusing the others (`不要全參的，也不要4位元的`, `anything but the 4-bit
//! one`) at the method step, whose options are the whole choice (issue 26 §4, und_dw): every
//! clause refuses an option the step shows, named or described; one option left is taken and
//! said as read, several left are asked back with what is left, never guessed. A refusal of
//! something no option is (`不要量化的` says BF16, `no quantization`) is left to the step's
//! readers; a line that also states a choice (`不用lora了 全量微调`) is left to them too.

use super::described::{Described, meant, options, outcome};
use super::state::{Outcome, PickInput, PickState, Step};
use crate::context::Ctx;
use crate::reply::Msg;

/// Words before a refusal that add nothing (`也不要…`, `and not…`).
const LEADS: &[&str] = &[
    "也", "还有", "而且", "再", "and ", "but ", "also ", "那就", "那",
];
/// Words around the refused thing that name nothing (`全参的`, `the 4-bit one please`).
const AROUND: &[&str] = &[
    "的", "了", "吧", "啦", "那个", "那种", "the ", " one", " please", " pls", "a ", " option",
];
/// Refusals of an option only (`anything but`, `other than`), beside the lexicon's words.
const OPTION_REFUSALS: &[&str] = &["anything but ", "any but ", "other than ", "besides "];

/// The refused thing of one clause: the text after its refusal word, the words around it
/// taken off; `None` where the clause opens with no refusal.
fn refused_object(clause: &str) -> Option<String> {
    let mut t = format!("{} ", clause.trim().to_lowercase());
    while let Some(l) = LEADS.iter().find(|l| t.starts_with(**l)) {
        t = t[l.len()..].trim_start().to_string();
    }
    let word = crate::lexicon::refuse_words()
        .chain(crate::lexicon::exclude_words())
        .chain(OPTION_REFUSALS.iter().copied())
        .filter(|w| t.starts_with(*w))
        .max_by_key(|w| w.len())?;
    let mut object = format!(" {} ", &t[word.len()..]);
    loop {
        let before = object.clone();
        for a in AROUND {
            let pad = |s: &str| {
                if a.is_ascii() {
                    format!(" {} ", s.trim())
                } else {
                    s.to_string()
                }
            };
            object = object.replace(&pad(a), " ");
        }
        if object == before {
            break;
        }
    }
    let object = object.trim().to_string();
    (!object.is_empty()).then_some(object)
}

/// The step's answer when every clause refuses an option: the one left taken, or those left
/// asked back; `None` at another step, or when a clause refuses nothing the step shows.
pub(super) fn refused(
    ctx: &Ctx,
    state: &PickState,
    input: &PickInput,
    again: super::replied::Again,
) -> Option<Outcome> {
    let PickInput::Text(text) = input else {
        return None;
    };
    if state.step != Step::Method || text.contains(['?', '？', '吗']) {
        return None;
    }
    let folded = crate::understand::fold_traditional(text);
    let mut refused: Vec<String> = Vec::new();
    for clause in folded
        .split(|c: char| ",，。.!！;；、".contains(c))
        .map(str::trim)
        .filter(|c| !c.is_empty())
    {
        let object = refused_object(clause)?;
        let named = meant(ctx, state, &object);
        if named.is_empty() {
            return None;
        }
        refused.extend(named.into_iter().map(|(id, _)| id));
    }
    let left: Vec<(String, Msg)> = options(ctx, state)
        .into_iter()
        .filter(|(id, _)| !refused.contains(id))
        .collect();
    let read = match &left[..] {
        [] => return None,
        [(id, label)] => Described::Taken(id.clone(), label.clone()),
        _ => Described::Asked(left.into_iter().map(|(_, l)| l).collect()),
    };
    Some(outcome(ctx, state, text, read, again))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_refused_thing_is_what_follows_the_refusal() {
        assert_eq!(refused_object("不要全参的").as_deref(), Some("全参"));
        assert_eq!(refused_object("也不要4位的").as_deref(), Some("4位"));
        assert_eq!(
            refused_object("anything but the 4-bit one").as_deref(),
            Some("4-bit")
        );
        assert_eq!(refused_object("no qlora please").as_deref(), Some("qlora"));
        assert_eq!(refused_object("lora就行"), None);
    }
}
