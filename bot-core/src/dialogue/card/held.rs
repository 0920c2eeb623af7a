//! A card said, or kept from before, judged against the job as the answers size it: what it
//! lacks, the echo that says so with the sizing it was judged by, and the card step taken up
//! again so that the result never rents a card that does not hold the job.

use super::super::state::{PickState, Step};
use super::fit_request;
use crate::advice;
use crate::context::Ctx;
use crate::reply::Msg;
use crate::vram;

/// What `cards` × `gpu_id` lacks for the job as the answers size it so far: the GiB a card
/// must hold and the GiB it has, from the card step's own fit request (the /fit engine's, with
/// the method, context and conversations said); `None` when it holds the job or cannot be
/// judged. A card that only starts a service with fewer than its users at once does not hold it.
pub(in crate::dialogue) fn shortfall(
    ctx: &Ctx,
    s: &PickState,
    gpu_id: &str,
    cards: u32,
) -> Option<(f64, f64)> {
    let mut req = fit_request(ctx, s)?;
    let gpu = ctx.catalog.gpu(gpu_id).ok()?;
    req.gpu = Some(gpu);
    req.cards = cards;
    let fit = advice::decide(ctx.catalog, &req, &vram::FitOptions::default()).ok()?;
    if fit.report.holds_all() || fit.report.fits.is_none() {
        return None;
    }
    Some((fit.report.per_gpu_gib, gpu.usable_gib()))
}

/// The echo line of a card that cannot hold the job (`key`: said now, or kept and no longer
/// holding it): the card, and the sizing it was judged by, as the card step sizes it (the
/// method said, else BF16; the context said, else the 4096 tokens assumed), with what a card
/// must hold where the fit engine sized it.
pub(in crate::dialogue) fn unfit_msg(
    ctx: &Ctx,
    s: &PickState,
    key: &str,
    gpu_id: &str,
    cards: u32,
) -> Msg {
    let zh = ctx.lang == crate::i18n::Lang::Zh;
    let name = ctx
        .catalog
        .gpu(gpu_id)
        .map_or_else(|_| gpu_id.to_string(), |g| g.display_name(zh).to_string());
    let method = s.method.as_deref().unwrap_or("bf16");
    let label = crate::i18n::Localizer::get()
        .format(ctx.lang, &Msg::new("pick-method").arg("method", method));
    let short = s
        .media
        .is_none()
        .then(|| shortfall(ctx, s, gpu_id, cards))
        .flatten();
    Msg::new(key)
        .arg("name", name)
        .arg("cards", cards)
        .arg("method", label)
        .arg("media", if s.media.is_some() { "yes" } else { "no" })
        .arg("context", s.context.unwrap_or(4096).to_string())
        .arg(
            "need",
            short.map_or_else(|| "unknown".to_string(), |(n, _)| format!("{n:.1}")),
        )
        .arg(
            "vram",
            short.map_or_else(|| "unknown".to_string(), |(_, v)| format!("{v:.1}")),
        )
        // A 4-bit format is a way out only where the job is sized in 16 bits.
        .arg(
            "wide",
            if s.media.is_none() && matches!(method, "bf16" | "lora" | "full") {
                "yes"
            } else {
                "no"
            },
        )
}

/// Takes the card step up again for a card said that cannot hold the job: the card said
/// before it is dropped too (the user asked to change it; the result never rents a card they
/// moved away from), and a dialogue past the card step goes back to it, so the card step's
/// list of the cards that do hold the job is what comes next.
pub(in crate::dialogue) fn reopen_card_step(s: &mut PickState) {
    s.gpu = None;
    s.cards = None;
    s.skip.retain(|x| *x != Step::Card);
    if matches!(s.step, Step::Barriers | Step::Result | Step::Trial) {
        s.history.push(s.step);
        s.step = Step::Card;
    }
}

/// A card kept from an earlier answer that no longer holds the job once a later answer sized
/// it again (a longer context, another method, more conversations at once): dropped, the card
/// step asked again, and said, never rented in silence. `None` when the sizing did not change
/// or the card still holds the job.
pub(in crate::dialogue) fn recheck_kept(
    ctx: &Ctx,
    before: &PickState,
    s: &mut PickState,
) -> Option<Msg> {
    dropped(ctx, before, s).or_else(|| kept_past(ctx, before, s))
}

/// A card kept from before (`一张4090` at the task step) that the dialogue now passes the card
/// step with, having held the job at every sizing since: said, so the card rented is never one
/// the user has not seen taken.
fn kept_past(ctx: &Ctx, before: &PickState, s: &PickState) -> Option<Msg> {
    let gpu = s.gpu.as_deref()?;
    let passed = !matches!(
        before.step,
        Step::Card | Step::Barriers | Step::Result | Step::Trial
    ) && matches!(s.step, Step::Barriers | Step::Result | Step::Trial)
        && s.skip.contains(&Step::Card);
    if !passed {
        return None;
    }
    let name = ctx.catalog.gpu(gpu).map_or_else(
        |_| gpu.to_string(),
        |g| {
            g.display_name(ctx.lang == crate::i18n::Lang::Zh)
                .to_string()
        },
    );
    Some(
        Msg::new("pick-card-kept")
            .arg("name", name)
            .arg("cards", s.cards.unwrap_or(1)),
    )
}

fn dropped(ctx: &Ctx, before: &PickState, s: &mut PickState) -> Option<Msg> {
    let (gpu, cards) = (s.gpu.clone()?, s.cards.unwrap_or(1));
    let resized = before.model != s.model
        || before.params_b != s.params_b
        || before.method != s.method
        || before.context != s.context
        || before.concurrency != s.concurrency
        || before.task != s.task;
    if !resized || before.gpu.as_deref() != Some(gpu.as_str()) || s.media.is_some() {
        return None;
    }
    shortfall(ctx, s, &gpu, cards)?;
    let said = unfit_msg(ctx, s, "pick-card-no-longer-holds", &gpu, cards);
    s.gpu_unfit = Some(gpu);
    reopen_card_step(s);
    Some(said)
}
