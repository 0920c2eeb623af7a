//! `/offers [gpu] [filters]`: every stored offer through `vastai search offers` filters.

use super::def::{CommandDef, Flags, Run, RunResult, SlotKind, Turn, Typed, slot};
use crate::answer::error::AnswerError;
use crate::answer::{common::with_bare_currency, offers};
use crate::availability::{OfferFilter, OffersView, Sort};
use crate::context::Ctx;
use crate::reply::Reply;

pub const DEF: CommandDef = CommandDef {
    name: "offers",
    order: 100,
    aliases: &["报价"],
    describe_id: "cmd-offers",
    usage_id: "usage-offers",
    slots: &[
        slot("gpu", SlotKind::Gpu, false),
        slot("filters", SlotKind::Text, false),
    ],
    flags: Flags::EXPENSIVE,
    run: Run::typed::<Cmd>(),
};

/// What `/offers` is asked (`gpuscout offers` builds the same): the filter, and whether its
/// price cap was a bare number. A currency the line does not state is left empty and resolved
/// at run time ([`OffersArgs::resolved`]): the chat's for a bare cap (`bare_currency`, which the
/// answer states), else the chat's display currency. So a question's reading, made without
/// the chat, and the typed line build the same request.
#[derive(Debug, Clone)]
pub struct OffersArgs {
    pub filter: OfferFilter,
    pub bare_cap: bool,
    /// Where the person said they are (the lexicon's place text and the words said), read from
    /// a question: the rows ordered by it and said so, none dropped (und_ct;
    /// `answer::stock_home::offer_standing`). Not in the line: a place asked for machines is
    /// `region=`, this only orders.
    pub home: Option<(&'static str, &'static str)>,
}

/// Two requests are the same `/offers` when their words are: where the person is
/// ([`OffersArgs::home`]) only orders the answer.
impl PartialEq for OffersArgs {
    fn eq(&self, o: &Self) -> bool {
        (&self.filter, self.bare_cap) == (&o.filter, o.bare_cap)
    }
}

impl OffersArgs {
    /// The filter with the chat's currency where the line stated none, the platforms the
    /// catalog places in the region asked (`region=cn`) and the country codes that stand for
    /// a place (`region=japan`: `JP`).
    pub fn resolved(&self, ctx: &Ctx) -> OfferFilter {
        let mut f = self.filter.clone();
        if let Some(r) = &f.region {
            let r = r.to_lowercase();
            f.region_platforms = (ctx.catalog.platforms.iter())
                .filter(|p| p.region == r)
                .map(|p| p.id.clone())
                .collect();
            f.region_codes = crate::lexicon::place_codes(&r);
        }
        if f.currency.is_empty() {
            f.currency = if self.bare_cap {
                ctx.bare_currency.clone()
            } else {
                ctx.currency.clone()
            };
        }
        f
    }

    /// The answer for the offers found.
    pub fn reply(&self, ctx: &Ctx, view: &OffersView) -> Reply {
        let f = self.resolved(ctx);
        let r = match self.home {
            Some(home) => crate::answer::stock_home::offers(ctx, &f, view, home),
            None => offers::reply(ctx, &f, view),
        };
        if self.bare_cap {
            with_bare_currency(r, &f.currency)
        } else {
            r
        }
    }

    /// The line's words, which [`Cmd::parse`] reads back to this request (`h100-sxm 8x
    /// vram>=80 max=2.5usd`); a default is not written.
    pub fn words(&self) -> Vec<String> {
        let f = &self.filter;
        let mut w: Vec<String> = f.gpu.iter().cloned().collect();
        w.extend(f.provider.clone());
        match (f.min_cards, f.max_cards) {
            (Some(lo), Some(hi)) if lo == hi => w.push(format!("cards={lo}")),
            (lo, hi) => {
                w.extend(lo.map(|n| format!("cards>={n}")));
                w.extend(hi.map(|n| format!("cards<={n}")));
            }
        }
        match (f.min_vram_gb, f.max_vram_gb) {
            (Some(lo), Some(hi)) if lo == hi => w.push(format!("vram={lo}")),
            (lo, hi) => {
                w.extend(lo.map(|v| format!("vram>={v}")));
                w.extend(hi.map(|v| format!("vram<={v}")));
            }
        }
        w.extend(f.region.as_ref().map(|r| format!("region={r}")));
        w.extend(f.kind.map(|k| k.key().replace('_', "-")));
        if let Some(p) = f.max_price {
            let p = p.normalize();
            // Per card-hour, said so.
            w.push(match self.bare_cap || f.currency.is_empty() {
                true => format!("max={p}/hour"),
                false => format!("max={p}{}/hour", f.currency.to_lowercase()),
            });
        }
        if f.sort != Sort::default() {
            w.push(
                match f.sort {
                    Sort::Price => "sort=price",
                    Sort::PriceDesc => "sort=-price",
                    Sort::Vram => "sort=vram",
                    Sort::Cards => "sort=cards",
                    Sort::Age => "sort=age",
                }
                .to_string(),
            );
        }
        if f.live_only {
            w.push("live".into());
        }
        w
    }
}

/// `/offers`: its arguments are an [`OffersArgs`].
pub struct Cmd;

impl Typed for Cmd {
    type Args<'c> = OffersArgs;
    fn parse<'c>(ctx: &Ctx<'c>, text: &str) -> Result<OffersArgs, AnswerError> {
        let (mut filter, bare_cap) =
            super::grammar::read_spoken(text, |t| offers::parse_stated(ctx, t))?;
        // The chat's currency is the run's to fill in (`resolved`), not the line's.
        if filter.max_price.is_none() || bare_cap {
            filter.currency = String::new();
        }
        Ok(OffersArgs {
            filter,
            bare_cap,
            home: None,
        })
    }
    fn answer(turn: &Turn, a: &OffersArgs) -> RunResult {
        answer(turn, a)
    }
}

pub fn answer(turn: &Turn, a: &OffersArgs) -> RunResult {
    let view = offers::lookup(turn.ctx, &a.resolved(turn.ctx), turn.now())?;
    Ok(a.reply(turn.ctx, &view).into())
}
