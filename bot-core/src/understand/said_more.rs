//! Where fresh17's mechanisms join the reader (one call per stage, so `read_normalized`
//! stays short): what the entities missed, the rules tried before the general ones, and the
//! facts a reading is completed with.

use super::Reading;
use super::entities::Entities;
use super::question::Question;
use super::request::Request;
use crate::catalog::Catalog;

/// The entities with what the sentence settled: a GGUF type, the card asked about, the
/// exact model, the usage said in words.
pub(super) fn entities_said(catalog: &Catalog, norm: &str, toks: &[String], e: &mut Entities) {
    let padded = format!(" {norm} ");
    super::gguf_type::type_named(norm, &mut e.quants, &mut e.quant);
    super::cards_aside::keep_asked(catalog, &padded, &mut e.gpus);
    super::model_named::exact_kept(&padded, &mut e.models);
    let taken: Vec<bool> = toks.iter().map(|t| taken_word(catalog, e, t)).collect();
    super::usage_said::usage_said(toks, &taken, &mut e.usage);
    super::fresh18_a::entities_said(catalog, toks, &padded, e);
    super::day_hours::per_day(norm, &mut e.usage);
}

/// Whether a word names one of the cards, models or platforms read (no part of a usage).
fn taken_word(catalog: &Catalog, e: &Entities, t: &str) -> bool {
    let gpu = catalog
        .find_gpu(t)
        .is_some_and(|g| e.gpus.iter().any(|c| c.gpu == g.id));
    let model = catalog
        .model_by_name(t)
        .is_some_and(|m| e.models.contains(&m.id));
    let platform = catalog
        .find_platform(t)
        .is_some_and(|p| e.platforms.contains(&p.id));
    gpu || model || platform
}

/// Asks the general rules misread, tried before them.
pub(super) fn rules(q: &Question) -> Option<Reading> {
    super::sold_out::elsewhere(q)
        .or_else(|| super::card_and_place::card_and_place(q))
        .or_else(|| super::und_v::rules(q))
        .or_else(|| super::und_u::rules(q))
        .or_else(|| super::und_t::rules(q))
        .or_else(|| super::und_s::rules(q))
        .or_else(|| super::fresh21::rules(q))
        .or_else(|| super::fresh20::rules(q))
        .or_else(|| super::fresh18_a::rules(q))
        .or_else(|| super::fresh19::rules(q))
        .or_else(|| super::few_words::few_words(q))
        .or_else(|| super::asked_now::asked_now(q))
        .or_else(|| super::offers_said::machines_any_card(q))
        .or_else(|| super::guide_more::which_card(q))
        .or_else(|| super::jobs_each::cards_on_platform(q))
}

/// `r` with the facts said that its rule dropped.
pub(super) fn with_said(q: &Question, r: Reading) -> Reading {
    let padded = q.padded;
    let r = super::job_facts::with_job_facts(padded, r);
    let r = super::bill_words::with_data(padded, r);
    let r = super::api_yuan::with_api_yuan(padded, r);
    let r = super::per_user::with_users(padded, r);
    let r = super::offers_said::with_region(padded, r);
    let r = super::pay_either::with_either(padded, !q.e.platforms.is_empty(), r);
    let r = super::fresh18_a::with_said(q, r);
    let r = super::fresh18_c::with_said(q, r);
    let r = super::fresh19::with_said(q, r);
    let r = super::fresh20::with_said(q, r);
    let r = super::fresh21::with_said(q, r);
    let r = super::jobs_each::each_model(q, r);
    let r = super::und_t::with_said(q, r);
    super::und_u::with_said(q, r)
}

/// Whether a bare number may be a job's unsaid length: in a bill or a ranking, or with a card
/// and a platform and nothing else read (`vast 4090 跑个 6`).
pub(super) fn priced_or_unread(e: &Entities, plain: &Reading) -> bool {
    let unread = matches!(plain, Reading::Unknown) && !e.gpus.is_empty() && !e.platforms.is_empty();
    unread
        || matches!(
            plain,
            Reading::Command(Request::Cost(_) | Request::Compare(_))
        )
}
