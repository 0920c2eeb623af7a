//! `/gpu <name> [name…]`: one card's facts and prices, or several side by side.

use super::def::{CommandDef, Flags, Run, RunResult, SlotKind, Turn, Typed, slot};
use crate::answer::catalog::{View, gpu_detail, gpu_side_by_side};
use crate::answer::error::AnswerError;
use crate::catalog::Catalog;
use crate::context::Ctx;

pub const DEF: CommandDef = CommandDef {
    name: "gpu",
    order: 160,
    aliases: &[],
    describe_id: "cmd-gpu",
    usage_id: "usage-gpu",
    slots: &[slot("gpu", SlotKind::Gpu, true)],
    flags: Flags::NONE,
    run: Run::typed::<Cmd>(),
};

/// What `/gpu` is asked: one card, or several (each a whole name) side by side. Catalog ids;
/// a name the catalog does not know stays as typed, so the answer names it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GpuArgs {
    pub gpus: Vec<String>,
}

impl GpuArgs {
    /// The whole text as one card's name (`rtx 4090`), else each word as one (`4090 4090d`).
    pub fn parse(catalog: &Catalog, args: &str) -> GpuArgs {
        if let Ok(g) = catalog.gpu(args) {
            return GpuArgs {
                gpus: vec![g.id.clone()],
            };
        }
        let words: Vec<&str> = args.split_whitespace().collect();
        // `4090 4090 48g`: two cards, the second a name of two words.
        let words = crate::answer::common::join_card_names(catalog, &words);
        let ids: Vec<String> = words
            .iter()
            .filter_map(|w| catalog.find_gpu(w).map(|g| g.id.clone()))
            .collect();
        if words.len() > 1 && ids.len() == words.len() {
            return GpuArgs { gpus: ids };
        }
        GpuArgs {
            gpus: vec![args.to_string()],
        }
    }

    pub fn words(&self) -> Vec<String> {
        self.gpus.clone()
    }
}

/// `/gpu`: its arguments are a [`GpuArgs`].
pub struct Cmd;

impl Typed for Cmd {
    type Args<'c> = GpuArgs;
    fn parse<'c>(ctx: &Ctx<'c>, text: &str) -> Result<GpuArgs, AnswerError> {
        // `/gpu 四零九零`, `/gpu A一百`: a card said by voice input, read in the spoken form
        // every reader uses when the typed words name no card.
        let known = |a: &GpuArgs| a.gpus.iter().all(|g| ctx.catalog.find_gpu(g).is_some());
        let typed = GpuArgs::parse(ctx.catalog, text);
        if known(&typed) {
            return Ok(typed);
        }
        let plain = GpuArgs::parse(ctx.catalog, &super::grammar::spoken(text));
        Ok(if known(&plain) { plain } else { typed })
    }
    fn answer(turn: &Turn, a: &GpuArgs) -> RunResult {
        answer(turn, a)
    }
}

pub fn answer(turn: &Turn, a: &GpuArgs) -> RunResult {
    let v = View::of(turn.ctx);
    let cards: Vec<_> = a
        .gpus
        .iter()
        .filter_map(|id| v.catalog.find_gpu(id))
        .collect();
    Ok(match a.gpus.as_slice() {
        [one] => gpu_detail(&v, one),
        _ if cards.len() == a.gpus.len() => gpu_side_by_side(&v, &cards),
        all => gpu_detail(&v, &all.join(" ")),
    }
    .into())
}
