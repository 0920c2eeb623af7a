//! A command with its typed arguments: what a question is read as ([`crate::understand`]) and
//! what each command's own parser builds from a typed line, the same struct per command. The
//! echo line ("I read this as: …") is written from it, and it is run as it is, never as text.

use super::def::{RunResult, Turn, Typed};
use super::fit::FitArgs;
use super::gpu::GpuArgs;
use super::platform::PlatformArgs;
use super::platforms::PlatformsArgs;
use super::stock::StockArgs;
use super::subscribe::SubscribeArgs;
use super::tco::TcoArgs;
use super::trend::TrendArgs;
use super::{compare, convert, cost, gpu, platform, platforms, stock, subscribe, tco, trend};
use crate::answer::billing::{ConvertRequest, JobRequest};
use crate::answer::error::AnswerError;
use crate::answer::fit;
use crate::context::Ctx;
use crate::reply::Reply;

/// A command and its typed arguments.
#[derive(Debug, Clone, PartialEq)]
pub enum Request {
    Fit(FitArgs),
    /// A job on one platform at its list price, or at the user's own price.
    Cost(JobRequest),
    /// Every platform's price for a job on one card.
    Compare(JobRequest),
    /// Offers in stock, with an hourly price cap.
    Stock(StockArgs),
    Convert(ConvertRequest),
    /// One card's specs and list prices, or several side by side.
    Gpu(GpuArgs),
    Platform(PlatformArgs),
    Platforms(PlatformsArgs),
    /// Rent vs an API; missing facts are asked by `/tco` itself.
    Tco(TcoArgs),
    Pick,
    Subscribe(SubscribeArgs),
    Trend(TrendArgs),
    Help,
}

impl Request {
    /// The command's name, as the first word of [`Request::line`] without its slash.
    pub fn command(&self) -> &'static str {
        match self {
            Request::Fit(_) => "fit",
            Request::Cost(_) => "cost",
            Request::Compare(_) => "compare",
            Request::Stock(_) => "stock",
            Request::Convert(_) => "convert",
            Request::Gpu(_) => "gpu",
            Request::Platform(_) => "platform",
            Request::Platforms(_) => "platforms",
            Request::Tco(_) => "tco",
            Request::Pick => "pick",
            Request::Subscribe(_) => "subscribe",
            Request::Trend(_) => "trend",
            Request::Help => "help",
        }
    }

    /// The line the user could have typed, in canonical words: each command's parser reads it
    /// back to this same request.
    pub fn line(&self) -> String {
        let words = match self {
            Request::Fit(a) => a.words(),
            Request::Cost(a) | Request::Compare(a) => a.words(),
            Request::Stock(a) => a.words(),
            Request::Convert(a) => a.words(),
            Request::Gpu(a) => a.words(),
            Request::Platform(a) => a.words(),
            Request::Platforms(a) => a.words(),
            Request::Tco(a) => a.words(),
            Request::Subscribe(a) => a.words(),
            Request::Trend(a) => a.words(),
            Request::Pick | Request::Help => Vec::new(),
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
            Request::Cost(a) => cost::answer(turn, a),
            Request::Compare(a) => compare::answer(turn, a),
            Request::Stock(a) => stock::answer(turn, a),
            Request::Convert(a) => convert::answer(turn, a),
            Request::Gpu(a) => gpu::answer(turn, a),
            Request::Platform(a) => platform::answer(turn, a),
            Request::Platforms(a) => platforms::answer(turn, a),
            Request::Tco(a) => tco::answer(turn, a),
            Request::Subscribe(a) => subscribe::answer(turn, a),
            Request::Trend(a) => trend::answer(turn, a),
            Request::Pick | Request::Help => match self.def() {
                Some(def) => def.run.call(turn, ""),
                None => Err(AnswerError::UnknownCommand(self.command().into())),
            },
        }
    }

    /// Reads a typed line (`/cost autodl rtx-4090 2h`) into its request with the command's own
    /// parser, the one its run uses; `None` when the line is not one of these commands.
    pub fn parse(ctx: &Ctx, line: &str) -> Option<Result<Request, Reply>> {
        let (name, args) = super::grammar::split(line, None)?;
        let reply = |e: AnswerError| e.reply();
        Some(match super::find(name)?.name {
            "fit" => fit::read_line(ctx, args).map(Request::Fit).map_err(|r| *r),
            "cost" => cost::Cmd::parse(ctx, args)
                .map(Request::Cost)
                .map_err(reply),
            "compare" => compare::Cmd::parse(ctx, args)
                .map(Request::Compare)
                .map_err(reply),
            "convert" => convert::Cmd::parse(ctx, args)
                .map(Request::Convert)
                .map_err(reply),
            "stock" => stock::Cmd::parse(ctx, args)
                .map(Request::Stock)
                .map_err(reply),
            "subscribe" => subscribe::Cmd::parse(ctx, args)
                .map(Request::Subscribe)
                .map_err(reply),
            "gpu" => gpu::Cmd::parse(ctx, args).map(Request::Gpu).map_err(reply),
            "platform" => platform::Cmd::parse(ctx, args)
                .map(Request::Platform)
                .map_err(reply),
            "platforms" => platforms::Cmd::parse(ctx, args)
                .map(Request::Platforms)
                .map_err(reply),
            "trend" => trend::Cmd::parse(ctx, args)
                .map(Request::Trend)
                .map_err(reply),
            "tco" => tco::Cmd::parse(ctx, args).map(Request::Tco).map_err(reply),
            "pick" => Ok(Request::Pick),
            "help" => Ok(Request::Help),
            _ => return None,
        })
    }

    /// The command's definition (its flags: the rate limit, who may run it).
    pub fn def(&self) -> Option<&'static super::CommandDef> {
        super::find(self.command())
    }
}
