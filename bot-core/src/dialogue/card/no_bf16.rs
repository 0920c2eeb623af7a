//! Training sized in bf16 on a card without bf16 in `/pick`'s card step: which offered cards
//! lack it, a full fine-tune's options left out, and the notes that name them.

use super::super::state::PickState;
use super::fit_request;
use crate::context::Ctx;
use crate::reply::Msg;
use crate::vram::{FitOption, Task};

/// The cards among `options` without bf16 (compute capability below 8.0,
/// [`crate::answer::fit::no_bf16_note`]) when the job is training sized in bf16, which runs in
/// fp16 mixed precision there; with the training task. `None` when there are none.
pub(super) fn no_bf16_cards<'c, 'o>(
    ctx: &Ctx<'c>,
    s: &PickState,
    options: impl IntoIterator<Item = &'o FitOption>,
) -> Option<(Task, Vec<&'c crate::catalog::Gpu>)> {
    let req = fit_request(ctx, s).filter(|r| r.task != Task::Infer)?;
    let mut cards: Vec<&crate::catalog::Gpu> = Vec::new();
    for o in options {
        let Ok(g) = ctx.catalog.gpu(&o.gpu) else {
            continue;
        };
        let no_bf16 = crate::answer::fit::no_bf16_note(g, req.quant, req.task).is_some();
        if no_bf16 && !cards.iter().any(|c| c.id == g.id) {
            cards.push(g);
        }
    }
    (!cards.is_empty()).then_some((req.task, cards))
}

/// A full fine-tune sized in bf16 is not offered on a card without bf16: there it is fp16
/// mixed precision, whose fp32 master weights are memory this size leaves out. Takes those
/// options out and says which cards were left out. (A LoRA stays offered: the same memory in
/// fp16, PEFT keeping its adapters in fp32 either way; [`super::ask_card`] notes where.)
pub(super) fn drop_full_no_bf16(
    ctx: &Ctx,
    s: &PickState,
    options: &mut Vec<FitOption>,
) -> Option<Msg> {
    let Some((Task::Full, cards)) = no_bf16_cards(ctx, s, options.iter()) else {
        return None;
    };
    options.retain(|o| !cards.iter().any(|g| g.id == o.gpu));
    Some(no_bf16_msg(ctx, "pick-no-bf16-full", &cards))
}

pub(super) fn no_bf16_msg(ctx: &Ctx, id: &str, cards: &[&crate::catalog::Gpu]) -> Msg {
    let zh = ctx.lang == crate::i18n::Lang::Zh;
    let names: Vec<&str> = cards.iter().map(|g| g.display_name(zh)).collect();
    Msg::new(id).arg("cards", names.join(if zh { "、" } else { ", " }))
}
