//! A command with its typed arguments: what a question is read as ([`crate::understand`]) and
//! what each command's own parser builds from a typed line, the same struct per command. The
//! echo line ("I read this as: …") is written from it, and it is run as it is, never as text.

use super::def::{CommandDef, RunResult, Turn, Typed};
use super::fit::{FitArgs, FitMemoryArgs};
use super::gpu::GpuArgs;
use super::offers::OffersArgs;
use super::platform::PlatformArgs;
use super::platforms::PlatformsArgs;
use super::stock::StockArgs;
use super::subscribe::SubscribeArgs;
use super::tco::TcoArgs;
use super::trend::TrendArgs;
use super::trial::TrialArgs;
use super::{
    compare, convert, cost, currency, fit as fit_cmd, gpu, gpus, help, models, offers, pick,
    platform, platforms, stock, subs, subscribe, tco, trend, trial, unsubscribe,
};
use crate::answer::alerts::Unsubscribe;
use crate::answer::billing::{ConvertRequest, JobRequest};
use crate::context::Ctx;
use crate::reply::Reply;

/// A command and its typed arguments.
#[derive(Debug, Clone, PartialEq)]
pub enum Request {
    Fit(FitArgs),
    /// Which models fit a memory size (`/fit 16gb`).
    FitMemory(FitMemoryArgs),
    /// A job on one platform at its list price, or at the user's own price.
    Cost(JobRequest),
    /// Every platform's price for a job on one card.
    Compare(JobRequest),
    /// Offers in stock, with an hourly price cap.
    Stock(StockArgs),
    /// Stored offers through filters: a card count, memory per card, a price cap.
    Offers(OffersArgs),
    Convert(ConvertRequest),
    /// One card's specs and list prices, or several side by side.
    Gpu(GpuArgs),
    Platform(PlatformArgs),
    Platforms(PlatformsArgs),
    /// Rent vs an API; missing facts are asked by `/tco` itself.
    Tco(TcoArgs),
    Pick,
    Subscribe(SubscribeArgs),
    /// The chat's alerts.
    Subs,
    /// Stop one alert or all of the chat's.
    Unsubscribe(Unsubscribe),
    Trend(TrendArgs),
    /// What a trial really cost: recorded, or said without its platform and card.
    Trial(TrialArgs),
    Help,
    /// Every card the catalog knows.
    Gpus,
    /// Every model the fit engine knows.
    Models,
    /// The chat's currency shown (`None`) or set (`USD`, `CNY`).
    Currency(Option<String>),
    /// The person's language shown (`None`) or set (`切换成英文`, `speak chinese`).
    Lang(Option<crate::i18n::Lang>),
}

impl Request {
    /// The command's definition (its name, its flags: the rate limit, who may run it).
    pub fn def(&self) -> &'static CommandDef {
        match self {
            Request::Fit(_) | Request::FitMemory(_) => &fit_cmd::DEF,
            Request::Cost(_) => &cost::DEF,
            Request::Compare(_) => &compare::DEF,
            Request::Stock(_) => &stock::DEF,
            Request::Offers(_) => &offers::DEF,
            Request::Convert(_) => &convert::DEF,
            Request::Gpu(_) => &gpu::DEF,
            Request::Platform(_) => &platform::DEF,
            Request::Platforms(_) => &platforms::DEF,
            Request::Tco(_) => &tco::DEF,
            Request::Pick => &pick::DEF,
            Request::Subscribe(_) => &subscribe::DEF,
            Request::Subs => &subs::DEF,
            Request::Unsubscribe(_) => &unsubscribe::DEF,
            Request::Trend(_) => &trend::DEF,
            Request::Trial(_) => &trial::DEF,
            Request::Help => &help::DEF,
            Request::Gpus => &gpus::DEF,
            Request::Models => &models::DEF,
            Request::Currency(_) => &currency::DEF,
            Request::Lang(_) => &super::lang::DEF,
        }
    }

    /// The command's name, as the first word of [`Request::line`] without its slash.
    pub fn command(&self) -> &'static str {
        self.def().name
    }

    /// The line the user could have typed, in canonical words: each command's parser reads it
    /// back to this same request.
    pub fn line(&self) -> String {
        let words = match self {
            Request::Fit(a) => a.words(),
            Request::FitMemory(a) => a.words(),
            Request::Cost(a) | Request::Compare(a) => a.words(),
            Request::Stock(a) => a.words(),
            Request::Offers(a) => a.words(),
            Request::Convert(a) => a.words(),
            Request::Gpu(a) => a.words(),
            Request::Platform(a) => a.words(),
            Request::Platforms(a) => a.words(),
            Request::Tco(a) => a.words(),
            Request::Subscribe(a) => a.words(),
            Request::Unsubscribe(Unsubscribe::One(id)) => vec![id.to_string()],
            Request::Unsubscribe(Unsubscribe::All) => vec!["all".to_string()],
            Request::Trend(a) => a.words(),
            Request::Trial(a) => a.words(),
            Request::Pick | Request::Help | Request::Subs | Request::Gpus | Request::Models => {
                Vec::new()
            }
            Request::Currency(code) => code.iter().map(|c| c.to_lowercase()).collect(),
            Request::Lang(l) => l
                .iter()
                .map(|l| match l {
                    crate::i18n::Lang::En => "en".to_string(),
                    crate::i18n::Lang::Zh => "zh".to_string(),
                })
                .collect(),
        };
        std::iter::once(format!("/{}", self.command()))
            .chain(words)
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// Runs the command on these arguments. `/pick` and `/help` take none, and run as their
    /// definitions do.
    pub fn run(&self, turn: &Turn) -> RunResult {
        match self {
            Request::Fit(a) => super::fit::answer(turn, a),
            Request::FitMemory(a) => super::fit::answer_memory(turn, a),
            Request::Cost(a) => cost::answer(turn, a),
            Request::Compare(a) => compare::answer(turn, a),
            Request::Stock(a) => stock::answer(turn, a),
            Request::Offers(a) => offers::answer(turn, a),
            Request::Convert(a) => convert::answer(turn, a),
            Request::Gpu(a) => gpu::answer(turn, a),
            Request::Platform(a) => platform::answer(turn, a),
            Request::Platforms(a) => platforms::answer(turn, a),
            Request::Tco(a) => tco::answer(turn, a),
            Request::Subscribe(a) => subscribe::answer(turn, a),
            Request::Unsubscribe(a) => unsubscribe::Cmd::answer(turn, a),
            Request::Trend(a) => trend::answer(turn, a),
            Request::Trial(a) => trial::answer(turn, a),
            Request::Currency(a) => currency::Cmd::answer(turn, a),
            Request::Lang(a) => <super::lang::Cmd as Typed>::answer(turn, a),
            Request::Pick | Request::Help | Request::Subs | Request::Gpus | Request::Models => {
                self.def().run.call(turn, "")
            }
        }
    }

    /// Reads a typed line (`/cost autodl rtx-4090 2h`) into its request with the command's own
    /// parser, the one its run uses; `None` when the line is not one of these commands.
    pub fn parse(ctx: &Ctx, line: &str) -> Option<Result<Request, Reply>> {
        let (name, args) = super::grammar::split(line, None)?;
        let def = super::find(name)?;
        let (_, read) = READERS.iter().find(|(d, _)| *d == def)?;
        Some(read(ctx, args))
    }
}

/// How a typed line of each command a question can name is read into its request: by the
/// command's own parser, the one its run uses.
type Reader = fn(&Ctx, &str) -> Result<Request, Reply>;

const READERS: &[(&CommandDef, Reader)] = &[
    (&fit_cmd::DEF, |ctx, a| match fit_cmd::read_text(ctx, a) {
        Ok(fit_cmd::TextFit::Memory(m)) => Ok(Request::FitMemory(m)),
        Ok(fit_cmd::TextFit::Model(f)) => Ok(Request::Fit(f)),
        Err(e) => Err(e.reply()),
    }),
    (&cost::DEF, |ctx, a| {
        cost::Cmd::parse(ctx, a)
            .map(Request::Cost)
            .map_err(|e| e.reply())
    }),
    (&compare::DEF, |ctx, a| {
        compare::Cmd::parse(ctx, a)
            .map(Request::Compare)
            .map_err(|e| e.reply())
    }),
    (&convert::DEF, |ctx, a| {
        convert::Cmd::parse(ctx, a)
            .map(Request::Convert)
            .map_err(|e| e.reply())
    }),
    (&stock::DEF, |ctx, a| {
        stock::Cmd::parse(ctx, a)
            .map(Request::Stock)
            .map_err(|e| e.reply())
    }),
    (&offers::DEF, |ctx, a| {
        offers::Cmd::parse(ctx, a)
            .map(Request::Offers)
            .map_err(|e| e.reply())
    }),
    (&subscribe::DEF, |ctx, a| {
        subscribe::Cmd::parse(ctx, a)
            .map(Request::Subscribe)
            .map_err(|e| e.reply())
    }),
    (&gpu::DEF, |ctx, a| {
        gpu::Cmd::parse(ctx, a)
            .map(Request::Gpu)
            .map_err(|e| e.reply())
    }),
    (&platform::DEF, |ctx, a| {
        platform::Cmd::parse(ctx, a)
            .map(Request::Platform)
            .map_err(|e| e.reply())
    }),
    (&platforms::DEF, |ctx, a| {
        platforms::Cmd::parse(ctx, a)
            .map(Request::Platforms)
            .map_err(|e| e.reply())
    }),
    (&trend::DEF, |ctx, a| {
        trend::Cmd::parse(ctx, a)
            .map(Request::Trend)
            .map_err(|e| e.reply())
    }),
    (&trial::DEF, |ctx, a| {
        trial::Cmd::parse(ctx, a)
            .map(Request::Trial)
            .map_err(|e| e.reply())
    }),
    (&tco::DEF, |ctx, a| {
        tco::Cmd::parse(ctx, a)
            .map(Request::Tco)
            .map_err(|e| e.reply())
    }),
    (&unsubscribe::DEF, |ctx, a| {
        unsubscribe::Cmd::parse(ctx, a)
            .map(Request::Unsubscribe)
            .map_err(|e| e.reply())
    }),
    (&subs::DEF, |_, _| Ok(Request::Subs)),
    (&pick::DEF, |_, _| Ok(Request::Pick)),
    (&help::DEF, |_, _| Ok(Request::Help)),
    (&gpus::DEF, |_, _| Ok(Request::Gpus)),
    (&models::DEF, |_, _| Ok(Request::Models)),
    (&currency::DEF, |ctx, a| {
        currency::Cmd::parse(ctx, a)
            .map(Request::Currency)
            .map_err(|e| e.reply())
    }),
    (&super::lang::DEF, |ctx, a| {
        <super::lang::Cmd as Typed>::parse(ctx, a)
            .map(Request::Lang)
            .map_err(|e| e.reply())
    }),
];
