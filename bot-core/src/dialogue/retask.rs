//! Another job said mid-way (`let's just do inference instead`, `算了，换成用flux出图吧`): a task
//! of another kind than the one `/pick` is sizing, said as a change, starts the dialogue over
//! with that sentence as its first answer, as `/pick <sentence>` does. The needs said so far
//! (real name, payment, region, budget) are the person's, not the job's, so they stay; the
//! model and the duration said for the job before are carried where they still apply to the new
//! one (`等等，其实是想直接部署成服务` keeps the model; a demo's hour is the fine-tune's hour).

use super::state::{Media, PickInput, PickState, Step, TaskKind, Usage};
use crate::context::Ctx;
use crate::understand;

/// The kind of job: what decides which questions `/pick` asks and how it sizes the card.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Tune,
    Infer,
    Media(Media),
}

fn kind_of(s: &PickState) -> Option<Kind> {
    if let Some(m) = s.media {
        return Some(Kind::Media(m));
    }
    match s.task? {
        TaskKind::FineTune => Some(Kind::Tune),
        TaskKind::Experiment | TaskKind::Serve => Some(Kind::Infer),
    }
}

/// The kind of job a sentence names in so many words: an image or video job, a fine-tune, a
/// service or inference. Trying something out (`试试`, `test`) names no kind: `换成a100试试` is
/// a card changed, not a new job.
fn kind_said(text: &str) -> Option<Kind> {
    if let Some((m, _)) = super::media::media_in(text) {
        return Some(Kind::Media(m));
    }
    match super::understand::task_from_sentence(text) {
        Some(TaskKind::FineTune) => Some(Kind::Tune),
        Some(TaskKind::Serve) => Some(Kind::Infer),
        _ => super::said::inference_kind(text, false, false).map(|_| Kind::Infer),
    }
}

/// The sentence to start the dialogue over with, for another job said as a change; `None` when
/// the message says no other job (or asks something).
pub(super) fn new_job<'t>(ctx: &Ctx, state: &PickState, input: &'t PickInput) -> Option<&'t str> {
    let PickInput::Text(text) = input else {
        return None;
    };
    // `算了，换成…`: the job is what follows the move to leave.
    let left = super::said::after_leaving(text);
    let text = left.unwrap_or(text);
    let change =
        super::listen::says_change(text) || left.is_some() || rethinks(text) || corrects(text);
    // Asked outright (`换成推理的话多少钱？`), it is a question about another job, answered as
    // one; the question cues of `is_question` are not used, as `换成` also converts a currency.
    let asked = ["?", "？", "吗", "多少", "how much"]
        .iter()
        .any(|w| text.to_lowercase().contains(w));
    if state.step == Step::Task || !change || asked {
        return None;
    }
    let now = kind_of(state)?;
    let said = kind_said(text)?;
    // A fine-tune word beside a generation job is its own LoRA (`改成qlora`), unless a
    // language model is named with it.
    let llm_named = understand::facts(ctx.catalog, text).model.is_some();
    let own_lora = matches!(now, Kind::Media(_)) && !matches!(said, Kind::Media(_)) && !llm_named;
    if said == now || own_lora {
        return None;
    }
    Some(text)
}

/// Words that take back the job said before for another (`其实是想…`, `还是直接微调吧`, `ok now
/// I want to serve it`): a change of job when another kind of job is named with them.
const RETHINK: &[&str] = &[
    "其实",
    "还是",
    "actually",
    "rather",
    "now i want",
    "now we want",
    "now i need",
    "now we need",
];

fn rethinks(text: &str) -> bool {
    let l = understand::normalize(text).to_lowercase();
    RETHINK.iter().any(|w| l.contains(w))
}

/// A message that opens by taking back what was said (`不对，是微调，用lora`, `sorry i mean
/// fine-tune`): the lexicon's one list of correction words ([`crate::lexicon::TAKEN_BACK_AFTER`]),
/// a change of job when another kind of job is named after it.
fn corrects(text: &str) -> bool {
    let l = understand::normalize(text).to_lowercase();
    let l = l.trim_start();
    crate::lexicon::TAKEN_BACK_AFTER.iter().any(|w| {
        l.strip_prefix(w)
            .is_some_and(|rest| !rest.starts_with(|c: char| c.is_ascii_alphanumeric()))
    })
}

/// Seeds the state a new job starts from with what the job before said that still applies to
/// it, unless the new sentence says it again: the language model (not into or out of an image
/// or video job); a duration of one run or of hours a day into a run or a fine-tune, one that
/// stays on or runs daily into a service. A method is one kind of job's (LoRA is no serving
/// format), so it is never carried.
pub(super) fn carry(seed: &mut PickState, old: &PickState, text: &str) {
    let media = |k: Option<Kind>| matches!(k, Some(Kind::Media(_)));
    let new = kind_said(text);
    if media(new) || media(kind_of(old)) {
        return;
    }
    if old.model.is_some() || old.params_b.is_some() {
        seed.model.clone_from(&old.model);
        seed.params_b = old.params_b;
        seed.carried.push(Step::Model);
    }
    let serve = super::understand::task_from_sentence(text) == Some(TaskKind::Serve);
    let applies = match old.usage {
        Some(Usage::Always) => serve,
        Some(Usage::Daily { .. }) => true,
        Some(Usage::OneOff { .. }) => !serve,
        None => false,
    };
    if applies {
        seed.usage = old.usage;
        seed.carried.push(Step::Usage);
    }
    // Needs said (`不想实名，用支付宝`) are the person's: the barriers step stays unasked.
    if old.skip.contains(&Step::Barriers) {
        seed.carried.push(Step::Barriers);
    }
    seed.skip.clone_from(&seed.carried);
}

/// The needs said before, where the new sentence does not say them again.
pub(super) fn keep_needs(new: &mut super::state::Needs, old: &super::state::Needs) {
    new.web_terminal |= old.web_terminal;
    new.images |= old.images;
    new.no_real_name |= old.no_real_name;
    new.invoice |= old.invoice;
    for p in &old.payments {
        if !new.payments.contains(p) {
            new.payments.push(p.clone());
        }
    }
    if new.region.is_none() {
        new.region.clone_from(&old.region);
    }
    if new.place.is_none() {
        new.place.clone_from(&old.place);
    }
    if new.budget.is_none() {
        new.budget = old.budget;
        new.budget_currency.clone_from(&old.budget_currency);
        new.budget_per = old.budget_per;
    }
}
