//! A `/tco` line part by part ([`TcoLine`]) and its reader: the words typed after `/tco`, or
//! the line a question's reading writes. The full form is read by place (model, format, card,
//! tokens a day, API price, in any order for the first three); a line with parts left out
//! (`/tco llama-3.1-70b bf16 5m`, `/tco 1m 0.5usd`) by each word's kind ([`read_parts`]), so the
//! echo line typed back gets the same answer: the card sized, or what is missing asked.

use super::common::not_found_reply;
use super::fit::model_ref;
use crate::advice;
use crate::billing::PriceUnit;
use crate::catalog::Gpu;
use crate::context::Ctx;
use crate::lexicon::{self, PriceText, parse_price, token_count};
use crate::reply::{Msg, Reply};
use crate::vram::{self, FitError, Quant};
use rust_decimal::Decimal;

/// `0.3`, `$0.3`, `¥2`, `2元`, `0.3/mtok`: an amount with an optional currency (`None` = the
/// user's display currency). A price per hour or per million tokens is accepted; any other
/// unit is not what this question asks for.
pub(super) fn money(text: &str, per_ok: PriceUnit) -> Option<PriceText> {
    let p = parse_price(text).ok()?;
    match p.per {
        None => Some(p),
        Some(u) if u == per_ok => Some(p),
        Some(_) => None,
    }
}

/// The API's price per 1M tokens as typed: a unit of tokens written onto it is the lexicon's, as
/// the question reader reads it (`$0.05/M`, `0.05usd/mtok`; `0.002usd/1k` scaled to the
/// million), a bare `M` a million here (the slot is a price per tokens, never per minute).
fn api_money(text: &str) -> Option<PriceText> {
    let lower = text.to_lowercase();
    if let Some((amount, per)) = lexicon::glued_per_tokens(&lower, true) {
        let p = parse_price(amount).ok().filter(|p| p.per.is_none())?;
        return Some(PriceText {
            amount: p.amount * Decimal::from(1_000_000 / per),
            ..p
        });
    }
    money(text, PriceUnit::MillionTokens)
}

/// A `/tco` line (or a question's reading) part by part: the model as written, its format,
/// the card (catalog id) and how many, tokens a day, the API's price per 1M tokens and the
/// card's price per hour where given. A part a question did not say is `None`, and the
/// answer then says what `/tco` needs.
#[derive(Debug, Clone, Default)]
pub struct TcoLine {
    pub model: Option<String>,
    pub quant: Option<Quant>,
    pub gpu: Option<String>,
    pub cards: Option<u32>,
    pub tokens: Option<f64>,
    pub api: Option<PriceText>,
    pub price: Option<PriceText>,
    /// llama.cpp's expert offload (`cpu-moe`, `ncmoe=N`): the MoE layers whose experts stay in
    /// system RAM (`vram::expert_offload`).
    pub cpu_moe: Option<u32>,
    /// The platform to price on (catalog id, the line's last word: `/tco … autodl`): its
    /// cards and its list price, never the cheapest anywhere (und_ct; a question's platform is
    /// put here by `understand::set_aside::guarded`).
    pub platform: Option<String>,
}

impl PartialEq for TcoLine {
    fn eq(&self, o: &Self) -> bool {
        let words = |l: &TcoLine| {
            (
                l.model.clone(),
                l.quant,
                l.gpu.clone(),
                l.cards,
                l.tokens,
                l.api.clone(),
                l.price.clone(),
                l.cpu_moe,
                l.platform.clone(),
            )
        };
        words(self) == words(o)
    }
}

pub(super) fn usage() -> Reply {
    Reply::text(Msg::new("error-missing-args")).with(Msg::new("usage-tco"))
}

impl TcoLine {
    /// The words after `/tco`, which [`read_line`] reads back to the same struct.
    pub fn words(&self) -> Vec<String> {
        let mut w = Vec::new();
        w.extend(self.model.clone());
        w.extend(self.quant.map(|q| q.key().to_string()));
        w.extend(self.gpu.as_ref().map(|g| match self.cards {
            Some(n) if n != 1 => format!("{n}x{g}"),
            _ => g.clone(),
        }));
        w.extend(self.tokens.map(|t| match t.fract() == 0.0 && t >= 0.0 {
            true => lexicon::volume_word(t as u64),
            false => t.to_string(),
        }));
        w.extend(self.api.as_ref().map(|a| match a.per {
            Some(u) => a.rate_word(u),
            None => a.amount_word(),
        }));
        w.extend(self.price.as_ref().map(|p| {
            format!(
                "price={}",
                p.rate_word(PriceUnit::Time(crate::units::TimeUnit::Hour))
            )
        }));
        w.extend(self.cpu_moe.map(|n| match n {
            vram::expert_offload::ALL_LAYERS => "cpu-moe".to_string(),
            n => format!("ncmoe={n}"),
        }));
        w.extend(self.platform.clone());
        w
    }
}

/// Reads `/tco`'s words: model, quantization and card in any order, tokens a day, an API
/// price; `price=` and `cards=`. Each part is checked as it is read (a model the catalog does
/// not know, a misspelt card), in the order the line gives them.
pub fn read_line(ctx: &Ctx, args: &str) -> Result<TcoLine, Reply> {
    // A card kept on is what `/tco` prices (its always-on cost per token): the lexicon's
    // always-on words (`24/7`, `常驻`, `round the clock`) say so and change nothing.
    let args = lexicon::always_on_phrases_as_word(args);
    let mut owned: Vec<String> = args
        .split_whitespace()
        .filter(|w| !lexicon::is_always_on(&w.to_lowercase()))
        .map(str::to_string)
        .collect();
    // The platform to price on: a word that is a platform's catalog id, in any place.
    let platform = owned
        .iter()
        .position(|w| {
            ctx.catalog
                .platforms
                .iter()
                .any(|p| p.id == w.to_lowercase())
        })
        .map(|i| owned.remove(i).to_lowercase());
    // `2x a100`: the count before the card, read as /compare and /fit read it.
    let prefix = lexicon::take_card_prefix(&mut owned);
    let words: Vec<&str> = owned.iter().map(String::as_str).collect();
    let mut pos = Vec::new();
    let mut line = TcoLine {
        platform,
        ..TcoLine::default()
    };
    let hour = PriceUnit::Time(crate::units::TimeUnit::Hour);
    for w in &words {
        // llama.cpp's expert offload, as /fit reads it: `cpu-moe`, `ncmoe=N`.
        if lexicon::is_cpu_moe_word(w) {
            line.cpu_moe = Some(vram::expert_offload::ALL_LAYERS);
            continue;
        }
        match lexicon::option(w) {
            Some((k, v)) if lexicon::is_cpu_moe_key(&k) => match lexicon::cpu_moe_layers(&v) {
                Some(layers) => line.cpu_moe = layers,
                None => return Err(bad("fit-error-value", w)),
            },
            Some((k, v)) if matches!(k.as_str(), "price" | "价格") => match money(&v, hour) {
                Some(p) => line.price = Some(p),
                None => return Err(bad("fit-error-value", w)),
            },
            Some((k, v)) if matches!(k.as_str(), "cards" | "卡") => match v.parse::<u32>() {
                Ok(n) if (1..=vram::MAX_CARDS).contains(&n) => line.cards = Some(n),
                _ => {
                    return Err(err_reply(&FitError::BadCards(
                        v.parse::<u64>().unwrap_or(0),
                    )));
                }
            },
            _ => pos.push(*w),
        }
    }
    // A line with parts left out (`/tco llama-3.1-70b bf16 5m`, `/tco 1m 0.5usd`), as a
    // question's reading writes it: [`chat`] sizes the card or asks for what is missing.
    if let Some(parts) = read_parts(ctx, &pos, prefix, line.clone()) {
        return parts;
    }
    // No format typed (`/tco qwen2.5-7b 4090 20m`): the one a question gets, never the card
    // read as a format.
    let published = default_quant_word(ctx, &pos);
    if let Some(q) = &published {
        pos.insert(1, q);
    }
    if pos.len() < 4 {
        return Err(usage());
    }
    if let Some(n) = prefix {
        if !(1..=vram::MAX_CARDS).contains(&n) {
            return Err(err_reply(&FitError::BadCards(u64::from(n))));
        }
        // An explicit cards= wins over the count written before the card.
        line.cards.get_or_insert(n);
    }
    in_model_quant_gpu_order(ctx, &mut pos);
    model_ref(ctx, pos[0]).map_err(|r| *r)?;
    line.model = Some(pos[0].to_string());
    line.quant = Some(pos[1].parse::<Quant>().map_err(|e| err_reply(&e))?);
    // "4090" or "2x4090": the card, and its count unless cards= says otherwise.
    // `find_gpu` first: the "did you mean" search scans every card, so it runs only when
    // neither reading names one.
    let gpu = match card_of(ctx, pos[2]) {
        Some((g, None)) => g,
        Some((g, Some(n))) => {
            // A count out of range (`0x4090`) is a bad count; an explicit cards= wins.
            if !(1..=vram::MAX_CARDS).contains(&n) {
                return Err(err_reply(&FitError::BadCards(u64::from(n))));
            }
            line.cards.get_or_insert(n);
            g
        }
        None => ctx.catalog.gpu(pos[2]).map_err(|nf| not_found_reply(&nf))?,
    };
    line.gpu = Some(gpu.id.clone());
    // Which argument is wrong and why, not only the word (`0` could be either).
    line.tokens = Some(token_count(pos[3]).ok_or_else(|| bad("tco-error-tokens", pos[3]))?);
    if let Some(a) = pos.get(4) {
        line.api = Some(
            api_money(a)
                .filter(|p| p.amount > Decimal::ZERO)
                .ok_or_else(|| bad("tco-error-api", a))?,
        );
    }
    Ok(line)
}

/// The card a word names (`4090`, `2x4090`) and the count written with it, if any.
fn card_of<'c>(ctx: &Ctx<'c>, w: &str) -> Option<(&'c Gpu, Option<u32>)> {
    if let Some(g) = ctx.catalog.find_gpu(w) {
        return Some((g, None));
    }
    let (name, n) = lexicon::cards_and_name(w);
    let g = ctx.catalog.find_gpu(&name)?;
    (name != w.to_lowercase()).then_some((g, Some(n)))
}

/// The format a model is sized in when none is typed: its published one (gpt-oss: MXFP4),
/// else BF16, as the question reader does.
fn published_quant(ctx: &Ctx, model: &str) -> Quant {
    // The format the name states first (`…-AWQ`, `vram::name_format`), as /fit reads it.
    let read = crate::vram::name_format::read(ctx.catalog, model);
    read.format
        .map(|f| f.quant)
        .or_else(|| read.model.and_then(advice::native_quant))
        .unwrap_or(Quant::Bf16)
}

/// The format for a line whose first words are a model and a card with no format among
/// them: [`published_quant`].
fn default_quant_word(ctx: &Ctx, pos: &[&str]) -> Option<String> {
    let first = pos.get(..2)?;
    let is_gpu = |w: &str| card_of(ctx, w).is_some();
    if pos.iter().take(3).any(|w| w.parse::<Quant>().is_ok()) || !first.iter().any(|w| is_gpu(w)) {
        return None;
    }
    let model = first.iter().find(|w| !is_gpu(w))?;
    Some(published_quant(ctx, model).to_string())
}

/// `/tco 4090 qwen2.5-7b int4 20m`: the model, quantization and card may come in any order;
/// puts them as model, quantization, card in the first three places.
fn in_model_quant_gpu_order(ctx: &Ctx, pos: &mut [&str]) {
    let is_gpu = |w: &str| card_of(ctx, w).is_some();
    let gpu_at = (0..3).find(|i| is_gpu(pos[*i]));
    let quant_at = (0..3).find(|i| pos[*i].parse::<Quant>().is_ok() && Some(*i) != gpu_at);
    if let (Some(g), Some(q)) = (gpu_at, quant_at)
        && (g, q) != (2, 1)
    {
        let m = 3 - g - q;
        let (model, quant, gpu) = (pos[m], pos[q], pos[g]);
        pos[0] = model;
        pos[1] = quant;
        pos[2] = gpu;
    }
}

/// A word that is not what its argument must be, said by `id` (which argument and why).
fn bad(id: &str, w: &str) -> Reply {
    Reply::text(Msg::new(id).said("value", w)).with(Msg::new("usage-tco"))
}

pub(super) fn err_reply(e: &FitError) -> Reply {
    match e {
        // Not a typing mistake: the catalog lacks a card figure; the usage line would not help.
        FitError::SpecUnknown(..) => Reply::text(e.msg()),
        _ => Reply::text(e.msg()).with(Msg::new("usage-tco")),
    }
}

/// `line` with the parts `pos` says, when every word is one part's and some part is missing;
/// `None` otherwise (no words, a word of no kind, or every part there).
fn read_parts(
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
            // A price of zero or less is no reading, left to the full form's error.
            Kind::Api(p) if line.api.is_none() && p.amount > Decimal::ZERO => line.api = Some(p),
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
            line.quant = line.quant.or_else(|| Some(published_quant(ctx, m)));
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
    Api(PriceText),
}

fn kind(ctx: &Ctx, w: &str, tokens_said: bool) -> Option<Kind> {
    if let Ok(q) = w.parse::<Quant>() {
        return Some(Kind::Quant(q));
    }
    if let Some((g, n)) = card_of(ctx, w) {
        return Some(Kind::Card(g.id.clone(), n.unwrap_or(1)));
    }
    if !tokens_said && let Some(t) = token_count(w) {
        return Some(Kind::Tokens(t));
    }
    // A bare number before the volume is said is a mistyped volume (`0.6`), left to the full
    // form's error; a price there carries its currency, as the reading writes it (`0.5usd`).
    let api = money(w, PriceUnit::MillionTokens)?;
    (tokens_said || api.currency.is_some()).then_some(Kind::Api(api))
}
