//! `/report <platform> <gpu> <in|out|low|price>`: operators only. Records what they saw, with
//! who and when; it shows in `/stock` beside the live data.

use super::def::{CommandDef, Flags, Run, RunResult, SlotKind, Turn, Typed, slot};
use crate::answer::common::{fmt, not_found_reply};
use crate::answer::error::AnswerError;
use crate::answer::offer_table::gpu_name;
use crate::availability::{
    Sighting, SightingOrigin, StockLevel, format_minute_utc, parse_stock_word, record_sighting,
};
use crate::billing::format_money;
use crate::context::Ctx;
use crate::i18n::Lang;
use crate::lexicon::parse_price;
use crate::reply::{Msg, Reply};
use rust_decimal::Decimal;

pub const DEF: CommandDef = CommandDef {
    name: "report",
    order: 110,
    aliases: &["上报"],
    describe_id: "cmd-report",
    usage_id: "usage-report",
    slots: &[
        slot("platform", SlotKind::Platform, true),
        slot("gpu", SlotKind::Gpu, true),
        slot("seen", SlotKind::Text, true),
    ],
    flags: Flags::NONE,
    run: Run::typed::<Cmd>(),
};

/// What an operator saw: on which platform (catalog id), which card (catalog id, and the
/// name as typed), its stock and/or its price per card-hour with its currency.
#[derive(Debug, Clone, PartialEq)]
pub struct ReportArgs {
    pub platform: String,
    pub gpu: String,
    pub raw_name: String,
    pub stock: Option<StockLevel>,
    pub price: Option<(Decimal, String)>,
}

fn usage(msg: Msg) -> AnswerError {
    AnswerError::BadArg(msg, "usage-report")
}

/// `/report`: its arguments are a [`ReportArgs`].
pub struct Cmd;

impl Typed for Cmd {
    type Args<'c> = ReportArgs;

    fn gate(ctx: &Ctx) -> Result<(), AnswerError> {
        if ctx.is_operator {
            Ok(())
        } else {
            Err(AnswerError::OperatorsOnly("report-not-operator"))
        }
    }

    /// The platform and card may be several words (`rtx 4090`), so the tail is read from the
    /// end: stock words and/or one price, in any order (`in ¥1.98`, `1.98`, `out`). A bare
    /// price is in the platform's currency.
    fn parse<'c>(ctx: &Ctx<'c>, text: &str) -> Result<ReportArgs, AnswerError> {
        let words: Vec<&str> = text.split_whitespace().collect();
        if words.len() < 3 {
            return Err(AnswerError::MissingArgs("usage-report"));
        }
        let platform = ctx
            .catalog
            .platform(words[0])
            .map_err(|nf| not_found_reply(&nf))?;
        let (mut stock, mut price) = (None, None);
        let mut gpu_end = words.len();
        while gpu_end > 1 {
            let w = words[gpu_end - 1];
            if stock.is_none()
                && let Some(s) = parse_stock_word(w)
            {
                stock = Some(s);
            } else if price.is_none()
                && let Ok(p) = parse_price(w)
                && gpu_end > 2
            {
                if p.amount <= Decimal::ZERO || p.per.is_some_and(|u| u.key() != "hour") {
                    return Err(usage(Msg::new("stock-error-price").said("text", w)));
                }
                let currency = p.currency.unwrap_or_else(|| platform.currency.clone());
                price = Some((p.amount, currency));
            } else {
                break;
            }
            gpu_end -= 1;
        }
        if gpu_end < 2 || (stock.is_none() && price.is_none()) {
            return Err(usage(Msg::new("report-error-what")));
        }
        let raw_name = words[1..gpu_end].join(" ");
        // A typed report names a catalog card: a typo gets "did you mean", not a junk row.
        let gpu = ctx
            .catalog
            .gpu(&raw_name)
            .map_err(|nf| not_found_reply(&nf))?;
        Ok(ReportArgs {
            platform: platform.id.clone(),
            gpu: gpu.id.clone(),
            raw_name,
            stock,
            price,
        })
    }

    fn answer(turn: &Turn, a: &ReportArgs) -> RunResult {
        let ctx = turn.ctx;
        let now = turn.now();
        let sighting = Sighting {
            platform: a.platform.clone(),
            gpu: a.gpu.clone(),
            raw_name: a.raw_name.clone(),
            stock: a.stock.unwrap_or(StockLevel::Unknown),
            price_per_gpu_hour: a.price.as_ref().map(|p| p.0),
            currency: a.price.as_ref().map(|p| p.1.clone()),
            cards: None,
            region: None,
            who: ctx.who.user_key(),
            at: now,
            source: fmt(ctx.lang, &Msg::new("report-source")),
            origin: SightingOrigin::Report,
        };
        record_sighting(ctx.store, &sighting)?;
        let platform = ctx
            .catalog
            .platform(&a.platform)
            .map_err(|nf| not_found_reply(&nf))?;
        Ok(Reply::text(
            Msg::new("report-recorded")
                .arg("platform", platform.display_name(ctx.lang == Lang::Zh))
                .arg("gpu", gpu_name(ctx, &a.gpu))
                .arg("level", sighting.stock.key())
                .arg(
                    "price",
                    a.price
                        .as_ref()
                        .map(|(amount, c)| format_money(*amount, c))
                        .unwrap_or_else(|| "none".into()),
                )
                .arg("who", sighting.who.as_str())
                .arg("at", format_minute_utc(now)),
        )
        .into())
    }
}
