//! A card count said for the card already named (`actually make it 2 cards`, `改成两张吧`,
//! `改成4卡`; `make it 2` once the card is asked): that card's count, at the card step and as
//! a correction later. The count is read with the lexicon's card measure words; the card and
//! its fit are the ones any card said gets (`listen::apply_facts`).

use super::state::{Outcome, PickState, Step};
use crate::context::Ctx;
use crate::reply::{Msg, Reply};
use crate::understand::{self, Facts};

/// The most cards one count may say (a count beyond is no count of cards).
const MOST: u32 = 64;

/// The state with the card already named now counted as said, and its echo; `None` when no
/// card is named yet, the message names a card itself, or says no count of cards.
fn recount(ctx: &Ctx, state: &PickState, text: &str) -> Option<(PickState, Vec<Msg>)> {
    // The card kept, or the one said that could not hold the job on its own.
    let gpu = state.gpu.clone().or_else(|| state.gpu_unfit.clone())?;
    let f = understand::facts(ctx.catalog, text);
    if f.gpu.is_some() || f.model.is_some() || f.seconds.is_some() {
        return None;
    }
    let norm = understand::normalize(text).to_lowercase();
    let n = measured(&norm).or_else(|| bare_change(state, text, &norm))?;
    if !(1..=MOST).contains(&n) || (state.gpu.is_some() && Some(n) == state.cards) {
        return None;
    }
    let mut s = state.clone();
    let said = Facts {
        gpu: Some((gpu, n)),
        ..Facts::default()
    };
    let echo = super::listen::apply_facts(ctx, &mut s, &said);
    if s.step == Step::Trial {
        s.step = Step::Result;
    }
    if s.skip.contains(&s.step) && s.step == Step::Card {
        s.history.push(s.step);
        s = super::flow::advanced(s);
    }
    Some((s, echo))
}

/// [`recount`] as the dialogue's answer: the count noted and the step asked again.
pub(super) fn told(ctx: &Ctx, state: &PickState, text: &str) -> Option<Outcome> {
    let (s, echo) = recount(ctx, state, text)?;
    let mut reply = Reply::text(Msg::new("pick-noted"));
    for m in echo {
        reply.push(m);
    }
    let question = super::ask::ask(ctx, &s);
    let choices = question.choices.clone();
    reply.join(question);
    reply.choices = choices;
    Some(Outcome {
        state: Some(s),
        replies: vec![reply],
        changed: true,
    })
}

/// A number and a card measure word after it (`2 cards`, `两张`, `4卡`, `x2` aside).
fn measured(norm: &str) -> Option<u32> {
    numbers(norm).find_map(|(n, end)| crate::lexicon::card_measure_len(&norm[end..]).map(|_| n))
}

/// `make it 2`, `改成4`: a bare number said as a change, once the card is what is asked or
/// past (before it, a bare number answers the step at hand).
fn bare_change(state: &PickState, text: &str, norm: &str) -> Option<u32> {
    let past_card = matches!(
        state.step,
        Step::Card | Step::Barriers | Step::Result | Step::Trial
    );
    if !past_card || !super::listen::says_change(text) {
        return None;
    }
    let mut all = numbers(norm);
    let (n, end) = all.next()?;
    let rest = norm[end..].trim_start_matches(['吧', '个', '啊', '!', '.', ' ']);
    (all.next().is_none() && rest.is_empty()).then_some(n)
}

/// Each number in `norm` (digits, or a Chinese numeral run), with the byte where it ends.
fn numbers(norm: &str) -> impl Iterator<Item = (u32, usize)> + '_ {
    const NUMERALS: &str = "一二两三四五六七八九十";
    let chars: Vec<(usize, char)> = norm.char_indices().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let digit = chars[i].1.is_ascii_digit();
        if !digit && !NUMERALS.contains(chars[i].1) {
            i += 1;
            continue;
        }
        // A number inside a word (`rtx4090`, `qwen2`) is a name's.
        let inside = i > 0 && chars[i - 1].1.is_ascii_alphanumeric();
        let mut j = i;
        while j < chars.len()
            && (if digit {
                chars[j].1.is_ascii_digit()
            } else {
                NUMERALS.contains(chars[j].1)
            })
        {
            j += 1;
        }
        let (start, end) = (chars[i].0, chars.get(j).map_or(norm.len(), |c| c.0));
        let value = if digit {
            norm[start..end].parse().ok()
        } else {
            let run: Vec<char> = norm[start..end].chars().collect();
            understand::numerals::value_of(&run).and_then(|v| u32::try_from(v).ok())
        };
        if let (false, Some(v)) = (inside, value) {
            out.push((v, end));
        }
        i = j;
    }
    out.into_iter()
}
