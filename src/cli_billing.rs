//! `gpuscout convert | cost | compare`: the billing engine for scripts (`--json`) and people.
//!
//! JSON field names are a contract with scripts; money leaves as JSON numbers. Text output is
//! the chat's answer rendered in English, so both say the same thing.

use anyhow::{Result, anyhow};
use bot_core::answer::billing as bchat;
use bot_core::billing::{
    self, BillingError, ConvertQuery, CostBreakdown, Job, Origin, PriceUnit, RankedOffer, Rule,
    as_number,
};
use bot_core::catalog::PriceQuote;
use bot_core::fact::Fact;
use bot_core::lexicon::{
    PriceText, parse_amount, parse_currency, parse_dur, parse_price, parse_size_gb,
};
use bot_core::units::TimeUnit;
use bot_core::{Catalog, Lang, Localizer, Reply};
use rust_decimal::Decimal;
use serde::Serialize;

#[derive(clap::Args)]
pub struct ConvertArgs {
    /// The price: `0.0007`, `2.52`, or with currency and unit (`$0.69/hr`, `¥2/小时`).
    #[arg(allow_hyphen_values = true)]
    amount: String,
    /// Unit the price is quoted per: s, min, h, day, week, month (730 h), year, mtok.
    #[arg(long)]
    per: Option<String>,
    /// Unit to convert to.
    #[arg(long)]
    to: String,
    /// Currency of the price (default: from the amount's symbol, else USD).
    #[arg(long)]
    currency: Option<String>,
    /// Currency to convert to (default: the price's).
    #[arg(long)]
    to_currency: Option<String>,
    /// Units of --to-currency per one --currency (default: the catalog's dated rate).
    #[arg(long)]
    fx_rate: Option<String>,
    /// Tokens per second, for per-token (mtok) units.
    #[arg(long)]
    throughput: Option<String>,
    #[arg(long)]
    json: bool,
}

/// The job: how long, how often, and the hidden extras.
#[derive(clap::Args)]
pub struct JobArgs {
    /// Useful work of a one-off job: 90s, 40m, 1h30m, 2d, 1mo.
    #[arg(long, allow_hyphen_values = true)]
    work: Option<String>,
    /// Daily use instead: this many useful hours a day (e.g. 4h).
    #[arg(long, allow_hyphen_values = true, conflicts_with_all = ["work", "always_on"])]
    daily: Option<String>,
    /// Days of daily use (default 30).
    #[arg(long, default_value_t = 30, value_parser = clap::value_parser!(u32).range(1..=3650))]
    days: u32,
    /// Always on instead (730 h a month).
    #[arg(long, conflicts_with = "work")]
    always_on: bool,
    /// Months of always-on use (default 1).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=120))]
    months: u32,
    /// Boot/provisioning time per session (default: 3m for a one-off run or a day's session;
    /// 0 to leave it out).
    #[arg(long, allow_hyphen_values = true)]
    boot: Option<String>,
    /// Image pull / environment setup time per session (default: 2m for a one-off run).
    #[arg(long, allow_hyphen_values = true)]
    pull: Option<String>,
    /// Idle time before the instance stops, per session.
    #[arg(long, allow_hyphen_values = true)]
    idle: Option<String>,
    /// Storage size in GB.
    #[arg(long, allow_hyphen_values = true)]
    storage_gb: Option<String>,
    /// How long the storage exists (default: the billed time; the whole period for daily use).
    #[arg(long, allow_hyphen_values = true)]
    stored: Option<String>,
    /// GB transferred out.
    #[arg(long, allow_hyphen_values = true)]
    egress_gb: Option<String>,
    /// GB transferred in.
    #[arg(long, allow_hyphen_values = true)]
    ingress_gb: Option<String>,
    /// Number of cards.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=1024))]
    cards: u32,
    /// Price on spot / interruptible capacity too (the chat's `spot`); without it only prices
    /// that cannot be reclaimed are used.
    #[arg(long)]
    spot: bool,
    /// Price on member / student prices too (the chat's `member`, `会员`): only for a user who
    /// qualifies; without it the price any user can pay is used.
    #[arg(long)]
    member: bool,
}

/// Boxed: the options are many, and `Cmd` should stay small.
#[derive(clap::Args)]
pub struct CostArgs {
    #[command(flatten)]
    opts: Box<CostOpts>,
}

#[derive(clap::Args)]
pub struct CostOpts {
    /// Price per --per unit (manual mode), e.g. 0.69 or `$0.69/hr`.
    #[arg(long, allow_hyphen_values = true, conflicts_with = "platform")]
    price: Option<String>,
    /// Unit of --price.
    #[arg(long)]
    per: Option<String>,
    /// Currency of --price (default: from its symbol, else USD).
    #[arg(long)]
    currency: Option<String>,
    /// Platform from the catalog (with --gpu): its prices and billing rules.
    #[arg(long, requires = "gpu")]
    platform: Option<String>,
    #[arg(long)]
    gpu: Option<String>,
    #[command(flatten)]
    job: JobArgs,
    /// Billing increment: 1s, 1m, 1h, 1d, 1mo (default: unknown, assumed = the price unit).
    #[arg(long, allow_hyphen_values = true)]
    increment: Option<String>,
    /// Minimum charge.
    #[arg(long, allow_hyphen_values = true)]
    minimum: Option<String>,
    /// When the meter starts: boot or job (default: unknown, assumed boot).
    #[arg(long)]
    billing_starts: Option<String>,
    /// Storage price per GB-month while running.
    #[arg(long, allow_hyphen_values = true)]
    storage_price: Option<String>,
    /// Storage price per GB-month while stopped (default: as running).
    #[arg(long, allow_hyphen_values = true)]
    stopped_storage_price: Option<String>,
    /// Transfer price per GB out.
    #[arg(long, allow_hyphen_values = true)]
    egress_price: Option<String>,
    /// Transfer price per GB in.
    #[arg(long, allow_hyphen_values = true)]
    ingress_price: Option<String>,
    /// Commitment tier `UNIT=PRICE` (e.g. week=300, month=900); the cheapest covering the job wins.
    #[arg(long = "tier")]
    tiers: Vec<String>,
    /// Answer in this currency.
    #[arg(long)]
    to_currency: Option<String>,
    /// Units of --to-currency per one unit of the price's currency.
    #[arg(long, allow_hyphen_values = true)]
    fx_rate: Option<String>,
    #[arg(long)]
    json: bool,
}

#[derive(clap::Args)]
pub struct CompareArgs {
    #[arg(long)]
    gpu: String,
    #[command(flatten)]
    job: JobArgs,
    /// Currency of the ranking (default USD).
    #[arg(long, default_value = "USD")]
    currency: String,
    #[arg(long)]
    json: bool,
}

/// A billing error as the English chat message (NotFound with its suggestions).
fn err(e: BillingError) -> anyhow::Error {
    let reply = match &e {
        BillingError::NotFound(nf) => bot_core::answer::common::not_found_reply(nf),
        _ => Reply::text(bchat::error_msg(Lang::En, &e)),
    };
    anyhow!(crate::cli::cli_words(
        &Localizer::get()
            .render_plain(Lang::En, &reply)
            .replace('\n', " ")
    ))
}

fn print_json(v: &impl Serialize) -> Result<()> {
    outln!("{}", serde_json::to_string_pretty(v)?)?;
    Ok(())
}

fn opt_dur(what: &'static str, v: &Option<String>) -> Result<Decimal, BillingError> {
    v.as_deref()
        .map_or(Ok(Decimal::ZERO), |t| parse_dur(what, t))
}
fn opt_gb(what: &'static str, v: &Option<String>) -> Result<Decimal, BillingError> {
    v.as_deref()
        .map_or(Ok(Decimal::ZERO), |t| parse_size_gb(what, t))
}
fn opt_money(what: &'static str, v: &Option<String>) -> Result<Fact<Decimal>, BillingError> {
    v.as_deref().map_or(Ok(Fact::Unknown), |t| {
        parse_amount(what, t).map(Fact::Known)
    })
}

fn build_job(a: &JobArgs) -> Result<Job, BillingError> {
    let mut job = if a.always_on {
        Job::always_on(a.months)
    } else if let Some(d) = &a.daily {
        let hours = parse_dur("daily", d)? / Decimal::from(3600);
        Job::daily(hours, a.days)
    } else {
        let w = a.work.as_deref().ok_or(BillingError::Duration {
            what: "work",
            text: String::new(),
            source: bot_core::units::DurationError::Empty,
        })?;
        Job::one_off(parse_dur("work", w)?)
    };
    // The same first-run minutes the chat counts, unless the flags give the user's own.
    let (boot, pull) = bot_core::advice::hidden_seconds(&job);
    job.boot = match &a.boot {
        Some(t) => parse_dur("boot", t)?,
        None => boot,
    };
    job.pull = match &a.pull {
        Some(t) => parse_dur("pull", t)?,
        None => pull,
    };
    job.boot_assumed = a.boot.is_none() && boot > Decimal::ZERO;
    job.pull_assumed = a.pull.is_none() && pull > Decimal::ZERO;
    job.idle = opt_dur("idle", &a.idle)?;
    job.stored = opt_dur("stored", &a.stored)?;
    job.storage_gb = opt_gb("storage", &a.storage_gb)?;
    job.egress_gb = opt_gb("egress", &a.egress_gb)?;
    job.ingress_gb = opt_gb("ingress", &a.ingress_gb)?;
    if a.spot {
        job.tiers = job.tiers.with_spot();
    }
    if a.member {
        job.tiers = job.tiers.with_member();
    }
    if a.cards == 0 {
        return Err(BillingError::NotPositive { what: "cards" });
    }
    Ok(job)
}

fn parse_unit(text: &str) -> Result<PriceUnit, BillingError> {
    PriceUnit::parse(text).ok_or_else(|| BillingError::UnknownUnit {
        text: text.to_string(),
    })
}

fn time_unit(u: PriceUnit) -> Result<TimeUnit, BillingError> {
    match u {
        PriceUnit::Time(t) => Ok(t),
        PriceUnit::MillionTokens => Err(BillingError::TokenPriceForJob),
    }
}

/// The unit a price is per: `--per` wins, else the unit written with the price (`2/h`).
fn unit_of(per: Option<&str>, price: &PriceText) -> Result<PriceUnit> {
    match (per, price.per) {
        (Some(p), _) => parse_unit(p).map_err(err),
        (None, Some(p)) => Ok(p),
        (None, None) => Err(err(BillingError::UnknownUnit {
            text: String::new(),
        })),
    }
}

pub fn convert(catalog: &Catalog, a: ConvertArgs) -> Result<()> {
    let price = parse_price(&a.amount).map_err(err)?;
    let currency = match (&a.currency, &price.currency) {
        (Some(c), _) => parse_currency(c).map_err(err)?,
        (None, Some(c)) => c.clone(),
        (None, None) => "USD".to_string(),
    };
    let query = ConvertQuery {
        amount: price.amount,
        from_unit: unit_of(a.per.as_deref(), &price)?,
        to_unit: parse_unit(&a.to).map_err(err)?,
        to_currency: match &a.to_currency {
            Some(c) => parse_currency(c).map_err(err)?,
            None => currency.clone(),
        },
        from_currency: currency,
        fx_rate: opt_amount("fx-rate", &a.fx_rate).map_err(err)?,
        tokens_per_second: opt_amount("throughput", &a.throughput).map_err(err)?,
    };
    let conversion = billing::convert(catalog, &query).map_err(err)?;
    if a.json {
        return print_json(&conversion);
    }
    let reply = bchat::convert_reply(Lang::En, &query, &conversion);
    print_reply(&bare_stated(
        reply,
        &a.currency,
        &price,
        &query.from_currency,
    ))
}

/// A price with neither a sign nor `--currency` is read in USD; the answer's first lines
/// say so, as a chat's do.
fn bare_stated(reply: Reply, flag: &Option<String>, price: &PriceText, currency: &str) -> Reply {
    if flag.is_none() && price.currency.is_none() {
        bot_core::answer::common::with_bare_currency(reply, currency)
    } else {
        reply
    }
}

fn opt_amount(what: &'static str, v: &Option<String>) -> Result<Option<Decimal>, BillingError> {
    v.as_deref().map(|t| parse_amount(what, t)).transpose()
}

fn print_reply(reply: &Reply) -> Result<()> {
    outln!(
        "{}",
        crate::cli::cli_words(&Localizer::get().render_plain(Lang::En, reply))
    )?;
    Ok(())
}

/// Catalog-mode JSON: the cost fields plus which quote won.
#[derive(Serialize)]
struct OfferOut<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    rank: Option<usize>,
    platform_id: &'a str,
    platform: &'a str,
    gpu_id: &'a str,
    cards: u32,
    tier: &'a str,
    #[serde(serialize_with = "as_number")]
    list_price: Decimal,
    /// A "from" price (the lowest of several configurations): a floor, as `/gpu` says `from`.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    list_price_from: bool,
    per: &'static str,
    /// Cards one instance of the quote holds: `list_price` is for the whole instance.
    instance_cards: u32,
    /// Cards paid for when that instance holds more than the job needs (paid whole).
    #[serde(skip_serializing_if = "Option::is_none")]
    paid_cards: Option<u32>,
    price_currency: &'a str,
    price_as_of: &'a str,
    undated: bool,
    stale: bool,
    deciding_rule: Option<String>,
    /// The best case when a billing rule is unverified (`total_cost` is the worst case).
    #[serde(
        serialize_with = "bot_core::billing::opt_as_number",
        skip_serializing_if = "Option::is_none"
    )]
    best_case_total_cost: Option<Decimal>,
    #[serde(flatten)]
    cost: &'a CostBreakdown,
}

fn offer_out<'a>(catalog: &'a Catalog, o: &'a RankedOffer, rank: Option<usize>) -> OfferOut<'a> {
    OfferOut {
        rank,
        platform_id: &o.platform_id,
        platform: catalog
            .platform(&o.platform_id)
            .map_or(o.platform_id.as_str(), |p| p.name.as_str()),
        gpu_id: &o.gpu_id,
        cards: o.cards,
        tier: &o.quote.tier,
        list_price: o.quote.amount,
        list_price_from: o.quote.from,
        per: o.quote.per.key(),
        instance_cards: o.quote.cards,
        paid_cards: o.instance_cards,
        price_currency: &o.quote.currency,
        price_as_of: &o.quote.as_of,
        undated: o.quote.undated,
        stale: o.stale,
        deciding_rule: o
            .deciding_rule
            .as_ref()
            .map(|m| Localizer::get().format(Lang::En, m)),
        best_case_total_cost: o
            .best_case
            .as_ref()
            .filter(|_| o.is_range())
            .map(|b| b.total_cost),
        cost: &o.cost,
    }
}

/// One `--tier UNIT=PRICE`, read or refused with the flag named.
fn tier(t: &str) -> Result<(TimeUnit, Decimal)> {
    let (u, p) = t
        .split_once('=')
        .ok_or_else(|| anyhow!("--tier wants UNIT=PRICE, e.g. month=900; got `{t}`"))?;
    let read = || -> Result<(TimeUnit, Decimal)> {
        let unit = time_unit(parse_unit(u).map_err(err)?).map_err(err)?;
        Ok((unit, parse_amount("price", p).map_err(err)?))
    };
    read().map_err(|e| anyhow!("--tier `{t}`: {e}"))
}

pub fn cost(catalog: &Catalog, a: CostArgs) -> Result<()> {
    let a = *a.opts;
    // Every --tier is read before anything else, so a bad one is never passed over.
    for t in &a.tiers {
        tier(t)?;
    }
    if a.platform.is_some() && !a.tiers.is_empty() {
        return Err(anyhow!(
            "--tier is a price of your own and goes with --price; with --platform the catalog's tiers are used"
        ));
    }
    let job = build_job(&a.job).map_err(err)?;
    let fx_rate = opt_amount("fx-rate", &a.fx_rate).map_err(err)?;
    if let Some(name) = &a.platform {
        let p = catalog
            .platform(name)
            .map_err(|nf| err(BillingError::NotFound(nf)))?;
        let gpu = a.gpu.as_deref().unwrap_or_default();
        let g = catalog
            .gpu(gpu)
            .map_err(|nf| err(BillingError::NotFound(nf)))?;
        let currency = match (&a.to_currency, &a.currency) {
            (Some(c), _) | (None, Some(c)) => parse_currency(c).map_err(err)?,
            _ => p.currency.clone(),
        };
        let offer = billing::platform_cost_fx(
            catalog,
            p,
            &g.id,
            a.job.cards,
            &job,
            &currency,
            fx_rate,
            crate::today(),
        )
        .map_err(err)?;
        if a.json {
            return print_json(&offer_out(catalog, &offer, None));
        }
        return print_reply(&bchat::cost_reply(
            Lang::En,
            bchat::CostSubject::Platform(p, g),
            &job,
            &offer,
        ));
    }
    let Some(price_text) = &a.price else {
        return Err(anyhow!(
            "give --price P --per UNIT (a rule of your own) or --platform ID --gpu NAME (the catalog's)"
        ));
    };
    let price = parse_price(price_text).map_err(err)?;
    let per = unit_of(a.per.as_deref(), &price)?;
    let per = time_unit(per).map_err(err)?;
    let currency = match (&a.currency, &price.currency) {
        (Some(c), _) => parse_currency(c).map_err(err)?,
        (None, Some(c)) => c.clone(),
        (None, None) => "USD".to_string(),
    };
    let mut rule = Rule::unknown(&currency, Origin::User);
    if let Some(i) = &a.increment {
        let inc = parse_dur("increment", i).map_err(err)?;
        if inc.is_zero() {
            return Err(err(BillingError::ZeroIncrement));
        }
        rule.increment = Fact::Known(inc);
    }
    if let Some(m) = &a.minimum {
        rule.minimum = Fact::Known(parse_dur("minimum", m).map_err(err)?);
    }
    if let Some(s) = &a.billing_starts {
        rule.starts_at = Fact::Known(bot_core::lexicon::billing_start(s).ok_or_else(|| {
            anyhow!(
                "--billing-starts must be `boot` or `job`, not `{}`",
                s.trim()
            )
        })?);
    }
    rule.storage_price = opt_money("storage price", &a.storage_price).map_err(err)?;
    rule.stopped_storage_price =
        opt_money("stopped storage price", &a.stopped_storage_price).map_err(err)?;
    rule.egress_price = opt_money("egress price", &a.egress_price).map_err(err)?;
    rule.ingress_price = opt_money("ingress price", &a.ingress_price).map_err(err)?;
    let user_quote = |amount, per, tier: &str| PriceQuote::user(amount, per, &currency, tier);
    let mut quotes = vec![user_quote(price.amount, per, "on_demand")];
    for t in &a.tiers {
        let (unit, amount) = tier(t)?;
        quotes.push(user_quote(amount, unit, unit.key()));
    }
    let to_currency = match &a.to_currency {
        Some(c) => parse_currency(c).map_err(err)?,
        None => currency.clone(),
    };
    let fx = billing::resolve_fx(Some(catalog), &currency, &to_currency, fx_rate).map_err(err)?;
    let offer =
        billing::user_cost(&quotes, &rule, &job, a.job.cards, fx.as_ref()).map_err(|e| {
            match e {
                // The CLI names its own flags.
                BillingError::SizeWithoutPrice { what } => {
                    anyhow!("a size needs its price: add --{what}-price")
                }
                other => err(other),
            }
        })?;
    if a.json {
        return print_json(&offer.cost);
    }
    let reply = bchat::cost_reply(Lang::En, bchat::CostSubject::UserPrice, &job, &offer);
    print_reply(&bare_stated(reply, &a.currency, &price, &currency))
}

pub fn compare(catalog: &Catalog, store: Option<&bot_core::Store>, a: CompareArgs) -> Result<()> {
    let g = catalog
        .gpu(&a.gpu)
        .map_err(|nf| err(BillingError::NotFound(nf)))?;
    let job = build_job(&a.job).map_err(err)?;
    let currency = parse_currency(&a.currency).map_err(err)?;
    let offers = billing::compare(catalog, &g.id, a.job.cards, &job, &currency, crate::today())
        .map_err(err)?;
    // Fresh live prices from the stored snapshots, as the chat's /compare uses them.
    let live = store
        .and_then(|s| {
            bot_core::availability::live_quotes(
                s,
                &g.id,
                a.job.cards,
                bot_core::availability::now_unix(),
            )
            .ok()
        })
        .unwrap_or_default();
    let (offers, used) = billing::with_live_prices(
        catalog,
        offers,
        &g.id,
        a.job.cards,
        &job,
        &currency,
        crate::today(),
        &live,
    );
    if a.json {
        let out: Vec<OfferOut> = offers
            .iter()
            .enumerate()
            .map(|(i, o)| offer_out(catalog, o, Some(i + 1)))
            .collect();
        return print_json(&out);
    }
    let req = bchat::JobRequest {
        names: vec![g.id.clone()],
        job,
        cards: a.job.cards,
        currency: Some(currency.clone()),
        fx_rate: None,
        platforms: Vec::new(),
        needs: Vec::new(),
    };
    let spot = billing::spot_alternative(
        catalog,
        &g.id,
        a.job.cards,
        &req.job,
        &currency,
        crate::today(),
    );
    let member = billing::member_alternatives(
        catalog,
        &g.id,
        a.job.cards,
        &req.job,
        &currency,
        crate::today(),
    );
    let extra = bchat::Alternatives {
        spot: spot.as_ref(),
        member: member.first(),
    };
    let reply = bchat::compare_reply(catalog, Lang::En, g, &req, &currency, &offers, extra);
    let reply = match store {
        Some(store) if !used.is_empty() => {
            let who = bot_core::ChatRef::terminal(None);
            let ctx = bot_core::context::Ctx {
                catalog,
                store,
                who: &who,
                lang: Lang::En,
                currency: currency.clone(),
                bare_currency: currency.clone(),
                today: crate::today(),
                is_operator: false,
            };
            bot_core::answer::offers::live_notes(&ctx, reply, &used)
        }
        _ => reply,
    };
    print_reply(&reply)
}
