//! `/tco` typed with parts left out, each word known by its kind rather than its place: the
//! lines a question's reading writes when it did not hear every part (`/tco qwen2.5-7b bf16`,
//! `/tco llama-3.1-70b bf16 5m` with no card, `/tco 1m 0.5usd` with no model), so the echo line
//! typed back gets the same answer: the card sized, or what is missing asked. A line with every
//! part is left to the positional reader, which says precisely which word is wrong.

use super::fit::model_ref;
use super::tco::{TcoLine, err_reply, money};
use crate::advice;
use crate::billing::PriceUnit;
use crate::context::Ctx;
use crate::lexicon::{self, token_count};
use crate::reply::Reply;
use crate::vram::{self, FitError, Quant};
use rust_decimal::Decimal;

/// `line` with the parts `pos` says, when every word is one part's and some part is missing;
/// `None` otherwise (no words, a word of no kind, or every part there).
pub(super) fn read(
    ctx: &Ctx,
    pos: &[&str],
    prefix: Option<u32>,
    mut line: TcoLine,
) -> Option<Result<TcoLine, Reply>> {
    let (first, _) = pos.split_first()?;
    let mut gpu = None;
    let mut rest = pos;
    // The model comes first when it is said: a model the catalog knows (`70b` is a size
    // there, not a volume), or a word of no other kind (said back as not found).
    let first_kind = kind(ctx, first, false);
    let known = || model_ref(ctx, first).is_ok();
    let model = match first_kind {
        Some(Kind::Quant(_) | Kind::Card(..)) => None,
        Some(_) if !known() => None,
        _ => {
            rest = &pos[1..];
            Some(*first)
        }
    };
    for w in rest {
        match kind(ctx, w, line.tokens.is_some())? {
            Kind::Quant(q) if line.quant.is_none() => line.quant = Some(q),
            Kind::Card(id, n) if gpu.is_none() => gpu = Some((id, n)),
            Kind::Tokens(t) if line.tokens.is_none() => line.tokens = Some(t),
            Kind::Api if line.api.is_none() => {
                let api = money(w, PriceUnit::MillionTokens).filter(|p| p.amount > Decimal::ZERO);
                line.api = Some(api?);
            }
            _ => return None,
        }
    }
    let said = [model.is_some(), gpu.is_some(), line.tokens.is_some()];
    // Every part there is the full form's; only a format is nothing to answer or ask about.
    if said.iter().all(|s| *s) || (!said.iter().any(|s| *s) && line.api.is_none()) {
        return None;
    }
    Some((|| {
        if let Some(m) = model {
            model_ref(ctx, m).map_err(|r| *r)?;
            line.model = Some(m.to_string());
            // No format typed: the model's published one, as the full form takes it.
            let published = || {
                ctx.catalog
                    .find_model(m)
                    .and_then(advice::native_quant)
                    .unwrap_or(Quant::Bf16)
            };
            line.quant = line.quant.or_else(|| Some(published()));
        }
        if let Some((id, n)) = gpu {
            // An explicit cards= wins over the count written with the card.
            let n = line.cards.or(prefix).unwrap_or(n);
            if !(1..=vram::MAX_CARDS).contains(&n) {
                return Err(err_reply(&FitError::BadCards(u64::from(n))));
            }
            line.gpu = Some(id);
            line.cards = Some(n);
        }
        Ok(line)
    })())
}

/// What one word of a `/tco` line is.
enum Kind {
    Quant(Quant),
    /// A card (catalog id) and the count written with it (`2x4090`).
    Card(String, u32),
    Tokens(f64),
    /// An API price per 1M tokens (a bare number once the volume is said).
    Api,
}

fn kind(ctx: &Ctx, w: &str, tokens_said: bool) -> Option<Kind> {
    if let Ok(q) = w.parse::<Quant>() {
        return Some(Kind::Quant(q));
    }
    if let Some(g) = ctx.catalog.find_gpu(w) {
        return Some(Kind::Card(g.id.clone(), 1));
    }
    let (name, n) = lexicon::cards_and_name(w);
    if name != w.to_lowercase()
        && let Some(g) = ctx.catalog.find_gpu(&name)
    {
        return Some(Kind::Card(g.id.clone(), n));
    }
    if !tokens_said && let Some(t) = token_count(w) {
        return Some(Kind::Tokens(t));
    }
    // A bare number before the volume is said is a mistyped volume (`0.6`), left to the full
    // form's error; a price there carries its currency, as the reading writes it (`0.5usd`).
    let api = money(w, PriceUnit::MillionTokens)?;
    (tokens_said || api.currency.is_some()).then_some(Kind::Api)
}
