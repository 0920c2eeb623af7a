//! `/offers [gpu] [filters]`: every stored offer through `vastai search offers` filters.

use super::def::{CommandDef, Flags, Run, RunResult, SlotKind, Turn, Typed, slot};
use crate::answer::error::AnswerError;
use crate::answer::{common::with_bare_currency, offers};
use crate::availability::{OfferFilter, OffersView};
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
/// price cap was a bare number, read in the chat's `bare_currency`, which the answer states.
#[derive(Debug, Clone, PartialEq)]
pub struct OffersArgs {
    pub filter: OfferFilter,
    pub bare_cap: bool,
}

impl OffersArgs {
    /// The answer for the offers found.
    pub fn reply(&self, ctx: &Ctx, view: &OffersView) -> Reply {
        let r = offers::reply(ctx, &self.filter, view);
        if self.bare_cap {
            with_bare_currency(r, &self.filter.currency)
        } else {
            r
        }
    }
}

/// `/offers`: its arguments are an [`OffersArgs`].
pub struct Cmd;

impl Typed for Cmd {
    type Args<'c> = OffersArgs;
    fn parse<'c>(ctx: &Ctx<'c>, text: &str) -> Result<OffersArgs, AnswerError> {
        let (filter, bare_cap) = super::grammar::read_spoken(text, |t| offers::parse_stated(ctx, t))?;
        Ok(OffersArgs { filter, bare_cap })
    }
    fn answer(turn: &Turn, a: &OffersArgs) -> RunResult {
        let view = offers::lookup(turn.ctx, &a.filter, turn.now())?;
        Ok(a.reply(turn.ctx, &view).into())
    }
}
