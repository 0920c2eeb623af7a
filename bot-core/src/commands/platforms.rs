//! `/platforms [alipay|wechat|card|paypal|crypto|免实名|按秒|cn|global …]`: every platform in
//! the catalog, or those that meet the needs named (known first, unknown facts labelled).

use super::def::{CommandDef, Flags, Run, RunResult, SlotKind, Turn, Typed, slot};
use crate::answer::error::AnswerError;
use crate::answer::{catalog::View, catalog::platform_list, platform_filter::filtered_list};
use crate::context::Ctx;
use crate::lexicon::{Need, parse_needs};
use crate::reply::{Msg, Reply};

pub const DEF: CommandDef = CommandDef {
    name: "platforms",
    order: 190,
    aliases: &[],
    describe_id: "cmd-platforms",
    usage_id: "usage-platforms",
    slots: &[slot("needs", SlotKind::Text, false)],
    flags: Flags::NONE,
    run: Run::typed::<Cmd>(),
};

/// What `/platforms` is asked: the needs every platform listed must meet (none: all).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PlatformsArgs {
    pub needs: Vec<Need>,
}

impl PlatformsArgs {
    /// Reads the filter words (the lexicon's); an unknown word is named back.
    pub fn parse(args: &str) -> Result<PlatformsArgs, Reply> {
        parse_needs(args)
            .map(|needs| PlatformsArgs { needs })
            .map_err(|word| Reply::text(Msg::new("platforms-filter-unknown").said("word", word)))
    }

    /// The arguments as a command line writes them.
    pub fn words(&self) -> Vec<String> {
        self.needs.iter().map(|n| n.word().to_string()).collect()
    }
}

/// `/platforms`: its arguments are a [`PlatformsArgs`].
pub struct Cmd;

impl Typed for Cmd {
    type Args<'c> = PlatformsArgs;
    fn parse<'c>(_ctx: &Ctx<'c>, text: &str) -> Result<PlatformsArgs, AnswerError> {
        Ok(PlatformsArgs::parse(text)?)
    }
    fn answer(turn: &Turn, a: &PlatformsArgs) -> RunResult {
        answer(turn, a)
    }
}

/// The answer to a typed request (from the line or from a question).
pub fn answer(turn: &Turn, a: &PlatformsArgs) -> RunResult {
    let v = View::of(turn.ctx);
    Ok(if a.needs.is_empty() {
        platform_list(&v)
    } else {
        filtered_list(&v, &a.needs)
    }
    .into())
}
