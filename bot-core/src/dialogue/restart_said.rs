//! A restart said in own words with the new job beside it (issue 26 §4, helper und_ec):
//! `等等，全部重来吧，我刚才选错了，其实是要部署个服务`, `ugh, scrap all of that. i want to serve
//! a model. let's start from scratch`. A clause that is only restart words
//! ([`super::said::RESTART_WORDS`], [`lexicon::RESTART_MORE`]) and fillers
//! ([`lexicon::RESTART_FILLERS`]) starts /pick afresh, nothing kept (unlike another job said as
//! a change, `retask`, which carries what still applies); the other clauses are read as the
//! first question's answer, as `/pick <sentence>` reads them.

use super::state::{Outcome, PickInput, PickState};
use crate::context::Ctx;
use crate::lexicon;

/// Whether `c` closes a clause (a '.' only before a space or the end: `qwen2.5` stays whole).
fn closes(c: char, next: Option<char>) -> bool {
    "，,。；;！!~…".contains(c) || (c == '.' && next.is_none_or(char::is_whitespace))
}

/// Whether a clause is a restart and nothing more.
fn restart_clause(clause: &str) -> bool {
    let mut l = format!(" {} ", clause.trim().to_lowercase());
    let mut words: Vec<&str> = super::said::RESTART_WORDS
        .iter()
        .chain(lexicon::RESTART_MORE)
        .copied()
        .collect();
    words.sort_by_key(|w| std::cmp::Reverse(w.len()));
    let mut any = false;
    for w in words {
        if l.contains(w) {
            any = true;
            l = l.replace(w, " ");
        }
    }
    any && only_fillers(&l)
}

/// Whether `l` (lower case, spaced at its ends) holds nothing but [`lexicon::RESTART_FILLERS`].
fn only_fillers(l: &str) -> bool {
    let mut l = l.to_string();
    let mut fillers = lexicon::RESTART_FILLERS.to_vec();
    fillers.sort_by_key(|w| std::cmp::Reverse(w.len()));
    for f in fillers {
        l = if f.is_ascii() {
            l.replace(&format!(" {f} "), " ")
                .replace(&format!(" {f} "), " ")
        } else {
            l.replace(f, " ")
        };
    }
    l.trim().is_empty()
}

/// The message's other clauses where one is a restart; `None` where none is.
pub(super) fn rest_after_restart(text: &str) -> Option<String> {
    let chars: Vec<char> = text.chars().collect();
    let (mut clauses, mut cur) = (Vec::new(), String::new());
    for (i, &c) in chars.iter().enumerate() {
        if closes(c, chars.get(i + 1).copied()) {
            clauses.push(std::mem::take(&mut cur));
        } else {
            cur.push(c);
        }
    }
    clauses.push(cur);
    let clauses: Vec<&str> = clauses
        .iter()
        .map(|c| c.trim())
        .filter(|c| !c.is_empty())
        .collect();
    let (restart, rest): (Vec<&str>, Vec<&str>) = clauses.iter().partition(|c| restart_clause(c));
    // `等等` alone beside the restart says nothing of the new job.
    let rest: Vec<&str> = rest
        .into_iter()
        .filter(|c| !only_fillers(&format!(" {} ", c.to_lowercase())))
        .collect();
    (!restart.is_empty()).then(|| rest.join("，"))
}

/// A fresh /pick, the rest of the message its first answer where it answers it.
pub(super) fn restarted(
    ctx: &Ctx,
    input: &PickInput,
    start: fn(&Ctx) -> Outcome,
    again: super::replied::Again,
) -> Option<Outcome> {
    let PickInput::Text(t) = input else {
        return None;
    };
    let rest = rest_after_restart(t)?;
    let first = start(ctx);
    if rest.is_empty() {
        return Some(first);
    }
    let seed: PickState = first.state.clone()?;
    let next = again(ctx, &seed, PickInput::Text(rest));
    Some(if next.changed && next.state.is_some() {
        next
    } else {
        first
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_restart_clause_and_the_new_job() {
        assert_eq!(
            rest_after_restart("等等，全部重来吧，其实是要部署个服务").as_deref(),
            Some("其实是要部署个服务")
        );
        assert_eq!(
            rest_after_restart(
                "ugh, scrap all of that. i want to serve a model. let's start from scratch"
            )
            .as_deref(),
            Some("i want to serve a model")
        );
        assert_eq!(rest_after_restart("全部重来").as_deref(), Some(""));
        assert_eq!(
            rest_after_restart("算了全部重新来，我要部署").as_deref(),
            Some("我要部署")
        );
        // A restart word inside a statement is none (`restart the server every day`).
        assert_eq!(rest_after_restart("i restart the server daily"), None);
        assert_eq!(rest_after_restart("跑qwen2.5 7b"), None);
    }
}
