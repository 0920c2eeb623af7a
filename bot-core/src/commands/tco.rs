//! `/tco`: renting a card against paying an API.

use super::def::{CommandDef, Flags, RunResult, SlotKind, Turn, slot};
use super::slots::QUANTS;
use crate::answer;
use crate::lexicon::{Cards, Money, volume_word};
use crate::vram::Quant;

pub const DEF: CommandDef = CommandDef {
    name: "tco",
    aliases: &[],
    describe_id: "cmd-tco",
    usage_id: "usage-tco",
    slots: &[
        slot("model", SlotKind::Model, true),
        slot("quant", QUANTS, true),
        slot("gpu", SlotKind::Gpu, true),
        slot("tokens", SlotKind::Text, true),
        slot("api_price", SlotKind::Text, false),
    ],
    flags: Flags::EXPENSIVE,
    run,
};

/// What `/tco` is asked, as a question reads it: the model (or none yet), its format, the
/// card, the tokens a day and the API's price per 1M tokens where said.
#[derive(Debug, Clone, PartialEq)]
pub struct TcoArgs {
    /// `None` when the question names no model (`/tco` asks for it).
    pub model: Option<String>,
    pub quant: Quant,
    pub gpu: Option<Cards>,
    /// Tokens per day.
    pub volume: Option<u64>,
    /// API price per 1M tokens.
    pub api: Option<Money>,
}

impl TcoArgs {
    pub fn words(&self) -> Vec<String> {
        let mut w = Vec::new();
        if let Some(m) = &self.model {
            w.extend([m.clone(), self.quant.key().to_string()]);
        }
        w.extend(self.gpu.as_ref().map(Cards::word));
        w.extend(self.volume.map(volume_word));
        w.extend(self.api.as_ref().map(Money::amount_word));
        w
    }
}

fn run(turn: &Turn, args: &str) -> RunResult {
    Ok(answer::tco::chat(turn.ctx, args).into())
}

/// `/tco`'s argument language is still read from its words (issue 22: its typed parse is the
/// next step); a question's reading is answered through them.
pub fn answer(turn: &Turn, a: &TcoArgs) -> RunResult {
    run(turn, &a.words().join(" "))
}
