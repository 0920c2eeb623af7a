//! A goal said in life or product terms at the first step (`我想给孩子做个讲故事的AI`, `I want to
//! make anime pictures of my cat`, `transcribe my podcasts`) and a model's memory asked at any step
//! (`flux要多少显存啊`): asked or answered with `/pick` kept where it is, never "I couldn't use that
//! answer" (helper und_de, issue 26 §4). The words are the lexicon's (`lexicon::goal_words`).

use super::ask::ask;
use super::state::{Outcome, PickState, Step};
use crate::context::Ctx;
use crate::lexicon::{self, Goal};
use crate::reply::{Msg, Reply};
use crate::understand;

/// At the first step, a goal the task step could not read as a kind of work: the kinds it could
/// be offered (the step's own buttons), pictures asked as which of three jobs, or a speech job
/// said plainly to be one the catalog cannot size. `speech_only` limits it to the speech job
/// (read before the facts a sentence keeps, since nothing of a speech job is sized).
pub(super) fn goal_asked(
    ctx: &Ctx,
    state: &PickState,
    text: &str,
    speech_only: bool,
) -> Option<Outcome> {
    if state.step != Step::Task {
        return None;
    }
    let goal = lexicon::goal_said(&understand::fold_traditional(text))?;
    let id = match goal {
        Goal::Speech => "pick-goal-speech",
        _ if speech_only => return None,
        Goal::Pictures => "pick-goal-pictures",
        Goal::Other => "pick-goal-kinds",
    };
    let first = Reply::text(Msg::new(id)).with(Msg::new("pick-leave-hint"));
    Some(Outcome {
        replies: vec![first, ask(ctx, state)],
        state: Some(state.clone()),
        changed: false,
    })
}

/// Whether a message asks how much memory a model or pipeline needs (`qwen 7b 要多大显存`, `how
/// much VRAM does flux need?`): a question, answered where the bot can read it, never the step's
/// answer though it names one; a change said with it (`换成flux，要多少显存`) is the dialogue's.
pub(super) fn memory_question(ctx: &Ctx, text: &str) -> bool {
    let t = understand::fold_traditional(text);
    lexicon::memory_asked(&t)
        && super::listen::is_question(&t)
        && !super::listen::is_change(ctx, &t)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids(out: &Outcome) -> Vec<String> {
        out.replies
            .iter()
            .flat_map(|r| r.parts.iter())
            .filter_map(|p| match p {
                crate::reply::Part::Text(m) => Some(m.id.to_string()),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn a_goal_in_life_terms_is_asked_and_speech_said_unsized() {
        super::super::with_test_ctx("2026-12-07", |ctx| {
            let s = PickState::new();
            let out = goal_asked(ctx, &s, "我想给孩子做个讲故事的AI", false).expect("asked");
            assert!(ids(&out).contains(&"pick-goal-kinds".to_string()));
            assert!(!out.changed);
            let out = goal_asked(ctx, &s, "帮我把podcast转成文字", true).expect("said");
            assert!(ids(&out).contains(&"pick-goal-speech".to_string()));
            // Traditional characters through the one fold.
            let out = goal_asked(ctx, &s, "想幫我們做個語音轉文字的工具", true).expect("said");
            assert!(ids(&out).contains(&"pick-goal-speech".to_string()));
            assert!(goal_asked(ctx, &s, "我想给孩子做个讲故事的AI", true).is_none());
            assert!(goal_asked(ctx, &s, "4090多少钱", false).is_none());
            assert!(memory_question(ctx, "flux要多少显存啊"));
            assert!(memory_question(ctx, "how much VRAM does flux need?"));
            assert!(!memory_question(ctx, "qwen2.5 7b"));
        })
    }
}
