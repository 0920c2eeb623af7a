//! `/convert`, `/cost`, `/compare` in the chat (every frontend, both languages); the CLI prints
//! the same replies.
//!
//! - [`request`]: the argument language (`40分钟`, `1.5h`, `¥2/小时`, `boot=3m`, `daily 4h`);
//! - [`reply`]: the answers built from the billing engine's results;
//! - [`error`]: a localized message naming exactly what could not be read.

mod compare_needs;
mod error;
mod member;
mod reply;
mod request;
mod tier_words;
mod usage_words;

pub use error::{error_msg, error_reply};
pub use reply::{
    Alternatives, CostSubject, assumption_msg, compare_reply, convert_reply, cost_reply, job_text,
    total_text, total_text_in,
};
// The one list of spot words, for questions too (`runpod 4090 spot price`).
pub(crate) use reply::floor_group_msg;
pub use request::{
    ConvertRequest, JobRequest, parse_convert, parse_convert_request, parse_job_request,
};
pub(crate) use tier_words::{MEMBER_WORDS, SPOT_WORDS};

use crate::billing::{self, BillingError, compare as rank, platform_cost_fx};
use crate::context::Ctx;
use crate::reply::Reply;
use request::platform_and_gpu;

/// `/convert 0.0007 usd/s to hour [cny] [fx=7.2] [tps=50]`, parsed.
pub fn convert(ctx: &Ctx<'_>, req: &ConvertRequest) -> Reply {
    if req.price.per.is_none() {
        return plain_sum(ctx, req).unwrap_or_else(|e| error_reply(ctx.lang, &e, "usage-convert"));
    }
    let answer = req.query(&ctx.bare_currency).and_then(|q| {
        let r = convert_reply(ctx.lang, &q, &billing::convert(ctx.catalog, &q)?);
        // No currency typed: read in the chat's, and said so.
        Ok(if req.price.currency.is_none() {
            crate::answer::common::with_bare_currency(r, &q.from_currency)
        } else {
            r
        })
    });
    answer.unwrap_or_else(|e| error_reply(ctx.lang, &e, "usage-convert"))
}

/// `/convert 500usd to cny`: a plain sum (no time unit) in another currency, at the same dated
/// rate as any price (its source and date said); a sum without a currency is the chat's.
fn plain_sum(ctx: &Ctx<'_>, req: &ConvertRequest) -> Result<Reply, BillingError> {
    let from = req
        .price
        .currency
        .clone()
        .unwrap_or_else(|| ctx.bare_currency.clone());
    let to = req.currency.clone().unwrap_or_else(|| from.clone());
    let fx = billing::resolve_fx(Some(ctx.catalog), &from, &to, req.fx_rate)?;
    // The same unit on both sides: the engine only applies the rate (and refuses a negative).
    let same = billing::PriceUnit::Time(crate::units::TimeUnit::Hour);
    let amount = billing::convert_price(req.price.amount, same, same, None, fx.as_ref())?;
    let mut r = Reply::text(
        crate::reply::Msg::new("billing-convert-result")
            .arg("from", billing::format_money(req.price.amount, &from))
            .arg("to", billing::format_money(amount, &to)),
    );
    if let Some(f) = &fx {
        r.push(reply::fx_msg(f));
    }
    Ok(match req.price.currency {
        None => crate::answer::common::with_bare_currency(r, &from),
        Some(_) => r,
    })
}

/// `/cost ¥2.5/h 40m`: a job at a price the user names. Its billing rule is unknown, so the
/// engine takes the conservative reading and lists it as assumed (as the CLI's `--price`).
fn user_price_cost(
    ctx: &Ctx<'_>,
    req: &JobRequest,
    price: &crate::lexicon::PriceText,
) -> Result<Reply, BillingError> {
    let Some(billing::PriceUnit::Time(per)) = price.per else {
        return Err(BillingError::UnknownUnit {
            text: req.names.join(" "),
        });
    };
    let currency = price
        .currency
        .clone()
        .unwrap_or_else(|| ctx.bare_currency.clone());
    let rule = billing::Rule::unknown(&currency, billing::Origin::User);
    let quote = crate::catalog::PriceQuote::user(price.amount, per, &currency, "on_demand");
    let to = req.currency.clone().unwrap_or_else(|| currency.clone());
    let fx = billing::resolve_fx(Some(ctx.catalog), &currency, &to, req.fx_rate)?;
    let offer = billing::user_cost(&[quote], &rule, &req.job, req.cards, fx.as_ref())?;
    let r = cost_reply(ctx.lang, CostSubject::UserPrice, &req.job, &offer);
    Ok(match price.currency {
        None => crate::answer::common::with_bare_currency(r, &currency),
        Some(_) => r,
    })
}

/// `/cost <platform> <gpu> <duration> [boot=3m pull=2m idle=10m storage=50gb egress=20gb]`,
/// or `/cost <price/unit> <duration>` at a price of the user's own.
pub fn cost(ctx: &Ctx<'_>, req: &JobRequest) -> Reply {
    let result = (|| {
        // The price may be one word (`2.5/h`, `¥2.5/h`) or spaced (`2.5 usd/h`, `2.5 元/小时`):
        // a currency written apart from its number still wins over the chat's.
        if let Some(first) = req.names.first()
            && ctx.catalog.find_platform(first).is_none()
            && let Ok(price) = crate::lexicon::parse_price(&req.names.concat())
            && price.per.is_some()
        {
            return user_price_cost(ctx, req, &price);
        }
        let (p, g) = platform_and_gpu(ctx.catalog, &req.names)?;
        let currency = req.currency.clone().unwrap_or_else(|| ctx.currency.clone());
        let offer = platform_cost_fx(
            ctx.catalog,
            p,
            &g.id,
            req.cards,
            &req.job,
            &currency,
            req.fx_rate,
            ctx.today,
        )?;
        let mut r = cost_reply(ctx.lang, CostSubject::Platform(p, g), &req.job, &offer);
        // This platform's member price, labelled, when the user did not say they qualify.
        let member = billing::member_alternatives(
            ctx.catalog,
            &g.id,
            req.cards,
            &req.job,
            &currency,
            ctx.today,
        )
        .into_iter()
        .find(|o| o.platform_id == p.id);
        // In the short answer and the whole one: it is what a member pays instead.
        if let Some(m) = member::cheaper(member.as_ref(), Some(&offer)) {
            let name = p
                .display_name(ctx.lang == crate::i18n::Lang::Zh)
                .to_string();
            r.append(member::member_line(ctx.lang, name, m, total_text(m)));
        }
        Ok(r)
    })();
    result.unwrap_or_else(|e| match e {
        BillingError::NoPrice { platform, gpu } => no_price_reply(ctx, &platform, &gpu),
        e => error_reply(ctx.lang, &e, "usage-cost"),
    })
}

/// A platform that lists no price for the card: both named as the reader knows them (not ids
/// in a Chinese sentence), and where the card's prices are, instead of a usage line for a
/// command that was typed right.
fn no_price_reply(ctx: &Ctx<'_>, platform: &str, gpu: &str) -> Reply {
    let zh = ctx.lang == crate::i18n::Lang::Zh;
    let p = ctx.catalog.find_platform(platform);
    let g = ctx.catalog.find_gpu(gpu);
    Reply::text(
        crate::reply::Msg::new("billing-error-no-price")
            .arg("platform", p.map_or(platform, |p| p.display_name(zh)))
            .arg("gpu", g.map_or(gpu, |g| g.display_name(zh))),
    )
    .with(crate::reply::Msg::new("billing-no-price-see-gpu").arg("gpu", gpu))
}

/// `/compare <gpu> <duration | daily 4h | always> [cards=2 currency=usd ...]`
pub fn compare(ctx: &Ctx<'_>, req: &JobRequest) -> Reply {
    // `/compare rtx-3090 rtx-4090 5h`: two cards for one job, each ranked, in the order said.
    if let Some(cards) = cards_named(ctx.catalog, &req.names) {
        let mut each = cards.into_iter().map(|c| {
            compare(
                ctx,
                &JobRequest {
                    names: vec![c],
                    ..req.clone()
                },
            )
        });
        let mut r = each.next().unwrap_or_default();
        each.for_each(|o| r.join(o));
        return r;
    }
    let result = (|| {
        let name = req.names.join(" ");
        let g = ctx.catalog.gpu(&name).map_err(BillingError::NotFound)?;
        let currency = req.currency.clone().unwrap_or_else(|| ctx.currency.clone());
        let offers = rank(
            ctx.catalog,
            &g.id,
            req.cards,
            &req.job,
            &currency,
            ctx.today,
        )?;
        // Fresh live prices replace list prices where a provider has them; none, no change.
        let live = crate::availability::live_quotes(
            ctx.store,
            &g.id,
            req.cards,
            crate::availability::now_unix(),
        )
        .unwrap_or_default();
        let (offers, used) = billing::with_live_prices(
            ctx.catalog,
            offers,
            &g.id,
            req.cards,
            &req.job,
            &currency,
            ctx.today,
            &live,
        );
        let spot = billing::spot_alternative(
            ctx.catalog,
            &g.id,
            req.cards,
            &req.job,
            &currency,
            ctx.today,
        );
        // Platforms named: only theirs are ranked, and a named one without a price is said.
        // Needs said: only the platforms known to meet them, or every one with that said.
        let meets = compare_needs::meeting(ctx.catalog, &req.needs, &offers);
        let named = |p: &String| {
            (req.platforms.is_empty() || req.platforms.contains(p))
                && (meets.is_empty() || meets.contains(p))
        };
        let offers: Vec<_> = offers
            .into_iter()
            .filter(|o| named(&o.platform_id))
            .collect();
        let spot = spot.filter(|s| named(&s.platform_id));
        let member = billing::member_alternatives(
            ctx.catalog,
            &g.id,
            req.cards,
            &req.job,
            &currency,
            ctx.today,
        )
        .into_iter()
        .find(|m| named(&m.platform_id));
        let extra = Alternatives {
            spot: spot.as_ref(),
            member: member.as_ref(),
        };
        let r = compare_reply(ctx.catalog, ctx.lang, g, req, &currency, &offers, extra);
        let r = reply::only_named(ctx.catalog, ctx.lang, g, &req.platforms, &offers, r);
        let r = compare_needs::needs_said(ctx.lang, &req.needs, !meets.is_empty(), r);
        Ok(super::offers::live_notes(ctx, r, &used))
    })();
    result.unwrap_or_else(|e| error_reply(ctx.lang, &e, "usage-compare"))
}

/// Two or more names that are each a card (and not one card's name together): the cards.
fn cards_named(catalog: &crate::catalog::Catalog, names: &[String]) -> Option<Vec<String>> {
    if names.len() < 2 || catalog.find_gpu(&names.join(" ")).is_some() {
        return None;
    }
    names
        .iter()
        .map(|n| catalog.find_gpu(n).map(|g| g.id.clone()))
        .collect()
}
