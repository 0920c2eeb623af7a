//! `/subscribe <gpu> [platform] [max=price] [cards=N]`: a stock alert for this chat.

use super::def::{CommandDef, Flags, Run, RunResult, SlotKind, Turn, Typed, key, slot};
use super::stock::StockArgs;
use crate::answer;
use crate::answer::error::AnswerError;
use crate::context::Ctx;
use crate::lexicon::split_options;
use crate::reply::{Msg, Reply};

pub const DEF: CommandDef = CommandDef {
    name: "subscribe",
    order: 120,
    aliases: &["alert", "订阅", "提醒"],
    describe_id: "cmd-subscribe",
    usage_id: "usage-subscribe",
    slots: &[
        slot("gpu", SlotKind::Gpu, true),
        slot("platform", SlotKind::Platform, false),
        key("max_price", SlotKind::Text, "max"),
        key("cards", SlotKind::Integer, "cards"),
    ],
    flags: Flags::ADMIN,
    run: Run::typed::<Cmd>(),
};

/// What `/subscribe` is asked: the `/stock` terms to watch, and at least how many cards.
#[derive(Debug, Clone, PartialEq)]
pub struct SubscribeArgs {
    pub stock: StockArgs,
    pub cards: Option<u32>,
}

impl SubscribeArgs {
    /// Reads the `/stock` words (card, platform, a bare price) plus `max=` and `cards=`.
    pub fn parse(ctx: &Ctx, args: &str) -> Result<SubscribeArgs, Reply> {
        if args.trim().is_empty() {
            return Err(Reply::text(Msg::new("error-missing-args")).with(usage()));
        }
        let (mut words, opts) = split_options(args);
        let mut cards = None;
        for (k, v) in opts {
            match k.as_str() {
                "max" | "price" | "under" | "价格" | "最高" => words.push(v),
                "cards" | "card" | "卡数" => match v.trim().parse::<u32>() {
                    Ok(n) if (1..=4096).contains(&n) => cards = Some(n),
                    _ => {
                        return Err(Reply::text(Msg::new("alerts-error-cards").said("text", v))
                            .with(usage()));
                    }
                },
                _ => {
                    return Err(Reply::text(
                        Msg::new("alerts-error-option").said("text", format!("{k}={v}")),
                    )
                    .with(usage()));
                }
            }
        }
        let stock = StockArgs::parse_for(ctx, &words.join(" "), "usage-subscribe")?;
        Ok(SubscribeArgs { stock, cards })
    }

    /// `rtx-4090 runpod max=2cny/hour cards=2`.
    pub fn words(&self) -> Vec<String> {
        let mut w = self.stock.words();
        if self.stock.max.is_some()
            && let Some(last) = w.last_mut()
        {
            *last = format!("max={last}");
        }
        w.extend(self.cards.map(|n| format!("cards={n}")));
        w
    }
}

fn usage() -> Msg {
    Msg::new("usage-subscribe")
}

/// `/subscribe`: its arguments are a [`SubscribeArgs`].
pub struct Cmd;

impl Typed for Cmd {
    type Args<'c> = SubscribeArgs;
    fn parse<'c>(ctx: &Ctx<'c>, text: &str) -> Result<SubscribeArgs, AnswerError> {
        Ok(super::grammar::read_spoken(text, |t| SubscribeArgs::parse(ctx, t))?)
    }
    fn answer(turn: &Turn, a: &SubscribeArgs) -> RunResult {
        answer(turn, a)
    }
}

pub fn answer(turn: &Turn, a: &SubscribeArgs) -> RunResult {
    let query = a.stock.query(turn.ctx);
    let r = answer::alerts::subscribe(
        turn.ctx,
        turn.env.access,
        query.clone(),
        a.cards,
        turn.now(),
    );
    Ok(a.stock.say_bare_currency(&query, r).into())
}
