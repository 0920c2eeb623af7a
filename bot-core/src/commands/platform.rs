//! `/platform <name>`: one platform's rules and prices.

use super::def::{CommandDef, Flags, Run, RunResult, SlotKind, Turn, Typed, slot};
use crate::answer::catalog::{View, platform_detail};
use crate::answer::error::AnswerError;
use crate::catalog::Catalog;
use crate::context::Ctx;

pub const DEF: CommandDef = CommandDef {
    name: "platform",
    order: 180,
    aliases: &[],
    describe_id: "cmd-platform",
    usage_id: "usage-platform",
    slots: &[slot("platform", SlotKind::Platform, true)],
    flags: Flags::NONE,
    run: Run::typed::<Cmd>(),
};

/// What `/platform` is asked: one platform, by its catalog id (or the name as typed when the
/// catalog does not know it, so the answer can say so and suggest names).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlatformArgs {
    pub platform: String,
}

impl PlatformArgs {
    pub fn parse(catalog: &Catalog, args: &str) -> PlatformArgs {
        let platform = catalog
            .platform(args)
            .map_or_else(|_| args.to_string(), |p| p.id.clone());
        PlatformArgs { platform }
    }

    pub fn words(&self) -> Vec<String> {
        vec![self.platform.clone()]
    }
}

/// `/platform`: its arguments are a [`PlatformArgs`].
pub struct Cmd;

impl Typed for Cmd {
    type Args<'c> = PlatformArgs;
    fn parse<'c>(ctx: &Ctx<'c>, text: &str) -> Result<PlatformArgs, AnswerError> {
        Ok(PlatformArgs::parse(ctx.catalog, text))
    }
    fn answer(turn: &Turn, a: &PlatformArgs) -> RunResult {
        answer(turn, a)
    }
}

pub fn answer(turn: &Turn, a: &PlatformArgs) -> RunResult {
    Ok(platform_detail(&View::of(turn.ctx), &a.platform).into())
}
