//! `/platform <name>`: one platform's rules and prices.

use super::def::{CommandDef, Flags, RunResult, SlotKind, Turn, slot};
use crate::answer::catalog::{View, platform_detail};
use crate::catalog::Catalog;

pub const DEF: CommandDef = CommandDef {
    name: "platform",
    aliases: &[],
    describe_id: "cmd-platform",
    usage_id: "usage-platform",
    slots: &[slot("platform", SlotKind::Platform, true)],
    flags: Flags::NONE,
    run,
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

fn run(turn: &Turn, args: &str) -> RunResult {
    answer(turn, &PlatformArgs::parse(turn.ctx.catalog, args))
}

pub fn answer(turn: &Turn, a: &PlatformArgs) -> RunResult {
    Ok(platform_detail(&View::of(turn.ctx), &a.platform).into())
}
