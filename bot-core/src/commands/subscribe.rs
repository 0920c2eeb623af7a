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
#[derive(Debug, Clone)]
pub struct SubscribeArgs {
    pub stock: StockArgs,
    pub cards: Option<u32>,
    /// The card was named by its family alone (`/subscribe a100`, `A100 到货提醒我`): the alert
    /// is set on the catalog's default variant and the others are offered beside it, each to
    /// tap.
    pub family_named: bool,
}

/// Two requests are the same alert when they watch the same terms: the echo line names the
/// variant set (`h100-sxm`), and how the card was named ([`SubscribeArgs::family_named`],
/// which only adds the other variants to the answer) is not compared, as `FitLine` leaves out
/// how a fine-tune's method was said.
impl PartialEq for SubscribeArgs {
    fn eq(&self, o: &Self) -> bool {
        (&self.stock, self.cards) == (&o.stock, o.cards)
    }
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
        // An alert watches a card's stock, not a platform's barriers: a need word is no term.
        if let Some(n) = stock.needs.first() {
            return Err(Reply::text(Msg::new("stock-error-args").said("text", n.word()))
                .with(usage()));
        }
        let family_named = !family_others(ctx, &words, &stock.gpu).is_empty();
        Ok(SubscribeArgs {
            stock,
            cards,
            family_named,
        })
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

/// The other variants of `gpu`'s family that the name typed leaves open (`/subscribe a100`:
/// the 40 GB and PCIe cards beside the default 80 GB SXM4); empty when the name settles it.
fn family_others<'c>(ctx: &Ctx<'c>, words: &[String], gpu: &str) -> Vec<&'c crate::catalog::Gpu> {
    let Some(g) = ctx.catalog.find_gpu(gpu) else {
        return Vec::new();
    };
    let typed = (1..=words.len().min(crate::catalog::NAME_WORDS_MAX))
        .rev()
        .map(|n| words[..n].join(" ").to_lowercase())
        .find(|name| ctx.catalog.find_gpu(name).is_some_and(|f| f.id == g.id));
    typed.map_or_else(Vec::new, |t| ctx.catalog.family_variants(g, &t))
}

/// `r` (an alert set on a card named by its family alone) with the family's other variants
/// named, each with its own stock and price, and offered to tap with the same terms: the
/// default is never chosen in silence (a question names it the same way,
/// `understand::alert_family`).
fn with_family(ctx: &Ctx, a: &SubscribeArgs, mut r: Reply) -> Reply {
    let Some(g) = ctx.catalog.find_gpu(&a.stock.gpu) else {
        return r;
    };
    let others = ctx.catalog.sibling_variants(g);
    let set = r
        .parts
        .iter()
        .any(|p| matches!(p, crate::reply::Part::Text(m) if m.id == "alerts-subscribed"));
    if !a.family_named || others.is_empty() || !set {
        return r;
    }
    let zh = ctx.lang == crate::i18n::Lang::Zh;
    let names: Vec<&str> = others.iter().map(|o| o.display_name(zh)).collect();
    r.push(
        Msg::new("alerts-family-others")
            .arg("gpu", g.display_name(zh))
            .arg("others", names.join(", "))
            .arg("count", names.len()),
    );
    for v in others.iter().take(5) {
        let mut each = a.clone();
        each.stock.gpu = v.id.clone();
        let line = format!("/{} {}", DEF.name, each.words().join(" "));
        let label = Msg::new("understand-choice").arg("command", line.clone());
        match crate::choice::ChoiceId::Run(line).wire_within(60) {
            Some(id) => r = r.with_choice(&id, label),
            None => {
                r.push(label);
            }
        }
    }
    r
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
    let r = a.stock.say_bare_currency(&query, r);
    Ok(with_family(turn.ctx, a, r).into())
}
