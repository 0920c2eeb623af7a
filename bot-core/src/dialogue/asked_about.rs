//! A question about a step's options is no answer to the step (`fp8跟awq哪个省显存`, `what mean
//! awq?`, `which is cheaper, lora or qlora?`, `32k要多少显存`): it is answered (by the caller's
//! question path) with `/pick` kept where it is, and the option said plainly afterwards
//! (`那就awq`, `awq ok`) is the answer. Read before any step's answer reader, at every step that
//! offers options of a kind a question can name (a model, a method, a length, a card).

use super::state::{PickState, Step};
use crate::context::Ctx;
use crate::understand;

/// Whether `text` asks rather than answers, about something the step could take: a memory
/// question about a model (`qwen 7b 要多大显存`, `goal::memory_question`), or a question
/// ([`asks`]) that names an option of the step's kind ([`names_option`]) and says no change
/// (`换成awq吧？` changes).
pub(super) fn asked(ctx: &Ctx, state: &PickState, text: &str) -> bool {
    if super::goal::memory_question(ctx, text) {
        return true;
    }
    // The first step reads a whole sentence of facts, which may end in a question of its own
    // (`lora微调qwen 7b 跑3小时，多少钱？`); the steps after the card ask for needs or a way on.
    if matches!(
        state.step,
        Step::Task | Step::Barriers | Step::Result | Step::Trial
    ) {
        return false;
    }
    // `let's price the 4090 anyway` at the card step proposes the card: a choice.
    if state.step == Step::Card && crate::lexicon::proposed(text) {
        return false;
    }
    asks(text) && names_option(ctx, text) && !super::listen::says_change(text)
}

/// A question by its words, not by a question mark alone (`maybe 8b?` is a hedged answer):
/// the question cues with the marks taken out (`哪个`, `多少`, `which`, `what`, a clause opening
/// with `is`/`does`), or a meaning asked (`what mean awq`, `fp8 is what`); never a choice of the
/// cheapest (`最便宜的`), which names the cue `cheapest`.
fn asks(text: &str) -> bool {
    let l = understand::fold_traditional(text).to_lowercase();
    if crate::lexicon::cheapest_chosen(&l) {
        return false;
    }
    let bare = l.replace(['?', '？'], " ");
    // `几` counts people or hours here (`十几个人`), never asks.
    let bare = bare.replace('几', " ");
    super::listen::is_question(&bare) || super::said::asks_meaning(text)
}

/// Whether `text` names an option of a kind a step offers: a model or a size, a method or a
/// format, a card, or a context length (`32k`).
fn names_option(ctx: &Ctx, text: &str) -> bool {
    let f = understand::facts(ctx.catalog, text);
    f.model.is_some()
        || f.params_b.is_some()
        || f.quant.is_some()
        || f.training.is_some()
        || f.gpu.is_some()
        || length_named(text)
}

/// A context length as the context step offers it (`8k`, `32k`, `128K`).
fn length_named(text: &str) -> bool {
    let l = text.to_lowercase();
    let b = l.as_bytes();
    (1..b.len()).any(|i| {
        b[i] == b'k'
            && b[i - 1].is_ascii_digit()
            && !b.get(i + 1).is_some_and(u8::is_ascii_alphabetic)
            && {
                let start = (0..i)
                    .rev()
                    .find(|&k| !b[k].is_ascii_digit())
                    .map_or(0, |k| k + 1);
                start == 0 || !b[start - 1].is_ascii_alphanumeric()
            }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn option_questions_asked_and_answers_not() {
        crate::dialogue::with_test_ctx("2026-11-30", |ctx| {
            let mut s = PickState::new();
            s.step = Step::Method;
            for t in [
                "fp8跟awq哪个省显存",
                "what mean awq?",
                "int8和awq哪个效果好",
                "which is cheaper, lora or qlora?",
                "is qlora slower than lora?",
                "fp8 is what?",
                "32k要多少显存",
            ] {
                assert!(asked(ctx, &s, t), "{t}");
            }
            for t in [
                "awq",
                "那就awq",
                "awq ok",
                "ok fp8",
                "maybe int8?",
                "qlora好了",
                "换成awq吧？",
                "十几个人同时问吧",
                "最便宜的",
            ] {
                assert!(!asked(ctx, &s, t), "{t}");
            }
            s.step = Step::Task;
            assert!(!asked(ctx, &s, "lora微调qwen 7b 跑3小时，多少钱？"));
        });
    }
}
