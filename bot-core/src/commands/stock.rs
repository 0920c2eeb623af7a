//! `/stock <gpu> [platform] [max price]`: live offers from the stored snapshots.

use super::def::{CommandDef, Flags, Run, RunResult, SlotKind, Turn, Typed, slot};
use crate::answer::common::{not_found_reply, store_error_reply};
use crate::answer::error::AnswerError;
use crate::answer::{stock, trend};
use crate::availability::{StockQuery, gpu_key, latest_offers};
use crate::catalog::NAME_WORDS_MAX;
use crate::context::Ctx;
use crate::lexicon::{Money, Need, need_word, parse_price};
use crate::reply::{Msg, Reply};
use rust_decimal::Decimal;

pub const DEF: CommandDef = CommandDef {
    name: "stock",
    order: 90,
    aliases: &["库存", "有货"],
    describe_id: "cmd-stock",
    usage_id: "usage-stock",
    slots: &[
        slot("gpu", SlotKind::Gpu, true),
        slot("platform", SlotKind::Platform, false),
        slot("price", SlotKind::Text, false),
    ],
    flags: Flags::EXPENSIVE,
    run: Run::typed::<Cmd>(),
};

/// What `/stock` is asked: a card (catalog id, or a raw provider name with stored offers), a
/// platform, and a ceiling per card-hour with its currency where one was written.
#[derive(Debug, Clone)]
pub struct StockArgs {
    pub gpu: String,
    pub platform: Option<String>,
    pub max: Option<Money>,
    /// What the platforms shown must meet (`alipay`, `no-card`, `no-real-name`): `/platforms`'
    /// filter words, written after the platform.
    pub needs: Vec<Need>,
    /// Where the person said they are (`我在美国`, `based in SG`: the lexicon's place text and
    /// the words said), read from a question: the rows ranked by it and said so, platforms of
    /// unknown location listed as such, none dropped (und_cl; `answer::stock_home`). Not in the
    /// line: a place asked for machines is a need, this only orders.
    pub home: Option<(&'static str, &'static str)>,
}

/// Two requests are the same `/stock` when their words are: where the person is
/// ([`StockArgs::home`]) only orders the answer.
impl PartialEq for StockArgs {
    fn eq(&self, o: &Self) -> bool {
        (&self.gpu, &self.platform, &self.max, &self.needs)
            == (&o.gpu, &o.platform, &o.max, &o.needs)
    }
}

impl StockArgs {
    /// Reads `<gpu words> [platform] [price]`. The card is the longest leading run of words
    /// the catalog knows; a card it does not know is looked up by its raw name among stored
    /// offers.
    pub fn parse(ctx: &Ctx, args: &str) -> Result<StockArgs, Reply> {
        Self::parse_for(ctx, args, "usage-stock")
    }

    /// [`StockArgs::parse`] for a command that takes `/stock`'s words (`/subscribe`): an error
    /// carries that command's usage line (`usage_id`), not `/stock`'s.
    pub fn parse_for(ctx: &Ctx, args: &str, usage_id: &'static str) -> Result<StockArgs, Reply> {
        let mut words: Vec<&str> = args.split_whitespace().collect();
        if words.is_empty() {
            return Err(Reply::text(Msg::new("error-missing-args")).with(Msg::new(usage_id)));
        }
        // `/stock runpod 4090`: a platform written first moves after the card.
        if words.len() >= 2
            && ctx.catalog.find_platform(words[0]).is_some()
            && ctx.catalog.find_gpu(words[0]).is_none()
        {
            let p = words.remove(0);
            let card_end = (1..=words.len().min(NAME_WORDS_MAX))
                .rev()
                .find(|n| ctx.catalog.find_gpu(&words[..*n].join(" ")).is_some())
                .unwrap_or(words.len());
            words.insert(card_end, p);
        }
        let (gpu, mut rest) = card(ctx, &words)?;
        let mut a = StockArgs {
            gpu,
            platform: None,
            max: None,
            needs: Vec::new(),
            home: None,
        };
        rest.retain(|w| match need_word(w) {
            Some(n) if ctx.catalog.platform(w).is_err() => {
                if !a.needs.contains(&n) {
                    a.needs.push(n);
                }
                false
            }
            _ => true,
        });
        if let Some(last) = rest.last().copied()
            && let Ok(p) = parse_price(last)
            && (rest.len() >= 2 || ctx.catalog.platform(last).is_err())
        {
            if p.per.is_some_and(|u| u.key() != "hour") || p.amount <= Decimal::ZERO {
                return Err(Reply::text(Msg::new("stock-error-price").said("text", last))
                    .with(Msg::new(usage_id)));
            }
            a.max = Some(p);
            rest.pop();
        }
        if !rest.is_empty() {
            let text = rest.join(" ");
            match ctx.catalog.platform(&text) {
                Ok(p) => a.platform = Some(p.id.clone()),
                Err(_) => {
                    return Err(Reply::text(Msg::new("stock-error-args").said("text", text))
                        .with(Msg::new(usage_id)));
                }
            }
        }
        Ok(a)
    }

    /// The arguments as a command line writes them (`rtx-4090 runpod 2cny/hour`).
    pub fn words(&self) -> Vec<String> {
        let mut w = vec![self.gpu.clone()];
        w.extend(self.platform.clone());
        w.extend(self.needs.iter().map(|n| n.word().to_string()));
        w.extend(self.max.as_ref().map(|m| m.rate_word(hour())));
        w
    }

    /// `r` with the line saying which currency a bare ceiling was read in (`query` is this
    /// request's [`StockArgs::query`]); unchanged when a currency was written.
    pub fn say_bare_currency(&self, query: &StockQuery, r: Reply) -> Reply {
        if self.max.as_ref().is_some_and(|m| m.currency.is_none()) {
            crate::answer::common::with_bare_currency(r, &query.max_currency)
        } else {
            r
        }
    }

    /// The query, a ceiling without a currency read in the chat's `/currency`
    /// (`Ctx::bare_currency`), never the reader's language.
    pub fn query(&self, ctx: &Ctx) -> StockQuery {
        StockQuery {
            gpu: self.gpu.clone(),
            provider: self.platform.clone(),
            max_per_gpu_hour: self.max.as_ref().map(|m| m.amount),
            max_currency: self
                .max
                .as_ref()
                .and_then(|m| m.currency.clone())
                .unwrap_or_else(|| ctx.bare_currency.clone()),
        }
    }
}

fn hour() -> crate::billing::PriceUnit {
    crate::billing::PriceUnit::Time(crate::units::TimeUnit::Hour)
}

/// The card among the leading words, and the words after it.
/// The card is looked for among the first [`NAME_WORDS_MAX`] words: a pasted page costs no
/// more than a line (every longer prefix was a catalog miss with a scan for suggestions:
/// seconds per page).
fn card<'w>(ctx: &Ctx, words: &[&'w str]) -> Result<(String, Vec<&'w str>), Reply> {
    let known = (1..=words.len().min(NAME_WORDS_MAX))
        .rev()
        .find_map(|n| ctx.catalog.find_gpu(&words[..n].join(" ")).map(|g| (n, g)));
    if let Some((n, g)) = known {
        return Ok((g.id.clone(), words[n..].to_vec()));
    }
    // Unknown to the catalog: peel a trailing price and platform, keep the rest raw.
    let mut rest = Vec::new();
    let mut name = words.to_vec();
    if name.len() >= 2 && parse_price(name[name.len() - 1]).is_ok() {
        rest.insert(0, name.pop().unwrap_or_default());
    }
    if name.len() >= 2 && ctx.catalog.platform(name[name.len() - 1]).is_ok() {
        rest.insert(0, name.pop().unwrap_or_default());
    }
    let raw = name.join(" ");
    let stored =
        latest_offers(ctx.store, &gpu_key(&raw), None).map_err(|e| store_error_reply(&e))?;
    if stored.is_empty() {
        return Err(match ctx.catalog.gpu(&raw) {
            Err(nf) => not_found_reply(&nf),
            Ok(_) => Reply::text(Msg::new("error-missing-args")),
        });
    }
    Ok((raw, rest))
}

/// `/stock`: its arguments are a [`StockArgs`].
pub struct Cmd;

impl Typed for Cmd {
    type Args<'c> = StockArgs;
    fn parse<'c>(ctx: &Ctx<'c>, text: &str) -> Result<StockArgs, AnswerError> {
        Ok(super::grammar::read_spoken(text, |t| StockArgs::parse(ctx, t))?)
    }
    fn answer(turn: &Turn, a: &StockArgs) -> RunResult {
        answer(turn, a)
    }
}

pub fn answer(turn: &Turn, a: &StockArgs) -> RunResult {
    let now = turn.now();
    let query = a.query(turn.ctx);
    let r = match a.home {
        Some(home) => crate::answer::stock_home::chat(turn.ctx, &query, &a.needs, home, now),
        None => crate::answer::stock_needs::chat(turn.ctx, &query, &a.needs, now),
    };
    let r = stock::with_siblings(turn.ctx, &query, r, DEF.name);
    let mut r = a.say_bare_currency(&query, r);
    // A card that is out everywhere: when it usually is in, and what is in now.
    if let Some(notes) = trend::out_of_stock_notes(turn.ctx, &query, now) {
        r.join(notes);
    }
    Ok(r.into())
}
