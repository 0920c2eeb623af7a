//! `gpt-oss-120b 一张 H100 放得下吗？we want to self host`: self-hosting said as the plan, with a
//! question of whether the model fits and no token volume nor API price, asks the fit. Weighing
//! rent against an API needs one of those (or a word that names the API); read as `/tco`, the
//! fit the user asked was never answered. The other way round, renting a card oneself for a
//! length, with no model or API said, asks that rental's bill (`own_rental_bill`).

use super::question::Question;
use super::text::has;
use super::words::TCO_WORDS;

/// Self-hosting as a plan, no comparison in itself.
const SELF_HOST: &[&str] = &[
    "self-hosting",
    "self-host",
    "self hosting",
    "self host",
    "selfhost",
    "自己部署",
    "私有化部署",
    "自建",
];
/// Whether a model fits, asked outright.
const FITS_ASKED: &[&str] = &[
    "放得下",
    "装得下",
    "能跑",
    "跑得动",
    "跑得了",
    "能不能跑",
    "能部署",
    " fit ",
    " fits ",
    " fit?",
    " fit on",
    " fit in",
    "can it run",
    "can i run",
    " run on ",
    // How many cards hold it (`self-host要几张B200`, `how many h100 to self-host …`): the fit's
    // count, never a bill.
    "几张",
    "几块",
    "多少张",
    "how many",
];

/// Whether the question is a fit with self-hosting only as its plan: a fit asked, self-hosting
/// the only rent-vs-API word, and no volume, per-token price nor any price said.
pub(super) fn fit_not_tco(q: &Question) -> bool {
    let padded = format!(" {} ", q.padded);
    if !has(&padded, SELF_HOST) || !has(&padded, FITS_ASKED) {
        return false;
    }
    let rest = SELF_HOST.iter().fold(padded, |t, w| t.replace(w, " "));
    !has(&rest, TCO_WORDS) && q.e.volume.is_none() && q.price.is_none()
}

/// `我们自己租卡…矩池云租3090跑五个小时，大概要花多少`: renting it oneself, with a platform, a card
/// and a length and nothing of a model, tokens or an API, is that job's bill, not rent-vs-API
/// (und_dx).
pub(super) fn own_rental_bill(q: &Question, per_token: bool) -> bool {
    let api_said = ["api", "token"].iter().any(|w| q.padded.contains(w));
    q.e.models.is_empty()
        && q.e.sizes.is_empty()
        && q.e.volume.is_none()
        && !per_token
        && !api_said
        && !q.e.platforms.is_empty()
        && !q.e.gpus.is_empty()
        && q.e.usage.is_some()
}
