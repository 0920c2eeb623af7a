//! `/platforms [alipay|wechat|card|paypal|crypto|免实名|按秒|cn|global …] [us|eu|japan …]`:
//! every platform in the catalog, or those that meet the needs named and have machines in the
//! place named (known first, unknown facts labelled).

use super::def::{CommandDef, Flags, Run, RunResult, SlotKind, Turn, Typed, slot};
use crate::answer::error::AnswerError;
use crate::answer::{catalog::View, catalog::platform_list, platform_filter::filtered_list_home};
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

/// What `/platforms` is asked: the needs every platform listed must meet (none: all), and the
/// place its machines must be in (a text of the lexicon's places table: `us`, `eu`, `japan`;
/// none: anywhere).
#[derive(Debug, Clone, Default)]
pub struct PlatformsArgs {
    pub needs: Vec<Need>,
    pub place: Option<&'static str>,
    /// Where the person said they are (the lexicon's place text and the words said), read from
    /// a question: the platforms listed ordered by it and said so, none dropped (und_ct). Not
    /// in the line: a place asked for machines is [`PlatformsArgs::place`], a filter.
    pub home: Option<(&'static str, &'static str)>,
}

/// Two requests are the same `/platforms` when their words are: where the person is
/// ([`PlatformsArgs::home`]) only orders the answer.
impl PartialEq for PlatformsArgs {
    fn eq(&self, o: &Self) -> bool {
        (&self.needs, self.place) == (&o.needs, o.place)
    }
}

impl PlatformsArgs {
    /// Reads the filter words (the lexicon's needs and places); an unknown word, or a second
    /// place, is named back.
    pub fn parse(args: &str) -> Result<PlatformsArgs, Reply> {
        let unknown =
            |word: &str| Reply::text(Msg::new("platforms-filter-unknown").said("word", word));
        let mut place = None;
        let mut rest = Vec::new();
        for w in args.split_whitespace() {
            match crate::lexicon::place_word(w) {
                Some(p) if place.is_none() || place == Some(p) => place = Some(p),
                Some(_) => return Err(unknown(w)),
                None => rest.push(w),
            }
        }
        parse_needs(&rest.join(" "))
            .map(|needs| PlatformsArgs {
                needs,
                place,
                home: None,
            })
            .map_err(|word| unknown(&word))
    }

    /// The arguments as a command line writes them: the needs, then the place.
    pub fn words(&self) -> Vec<String> {
        self.needs
            .iter()
            .map(|n| n.word().to_string())
            .chain(self.place.map(str::to_string))
            .collect()
    }

    /// Every filter, the place as a need among them.
    pub fn filters(&self) -> Vec<Need> {
        let mut all = self.needs.clone();
        all.extend(self.place.map(Need::Place));
        all
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
    let filters = a.filters();
    Ok(if filters.is_empty() {
        platform_list(&v)
    } else {
        filtered_list_home(&v, &filters, a.home)
    }
    .into())
}
