//! `/convert`, `/cost`, `/compare` in the chat (every frontend, both languages).
//!
//! Parsing is forgiving ("40分钟", "1.5h", "¥2/小时", "$0.69/hr"); anything that cannot be read
//! is named precisely in the answer. The CLI renders the same replies for its text output.

use super::common::{fmt, not_found_reply, price_text, tier_label, unit_label};
use crate::billing::{
    self, BillingError, Conversion, ConvertQuery, Job, Origin, Pattern, PriceUnit, RankedOffer,
    compare as rank, format_decimal, format_money, platform_cost_fx,
};
use crate::catalog::{Catalog, Gpu, Platform};
use crate::context::Ctx;
use crate::i18n::Lang;
use crate::lexicon::{
    parse_amount, parse_currency, parse_dur, parse_price, parse_size_gb, split_options,
};
use crate::reply::{Msg, Reply, Table};
use crate::units::format_duration;
use rust_decimal::Decimal;

/// A `/cost` or `/compare` line after parsing.
#[derive(Debug, Clone, PartialEq)]
pub struct JobRequest {
    /// The words before the duration: platform and/or GPU names.
    pub names: Vec<String>,
    pub job: Job,
    pub cards: u32,
    pub currency: Option<String>,
    pub fx_rate: Option<Decimal>,
}

fn option_key(k: &str) -> Option<&'static str> {
    Some(match k {
        "boot" | "启动" | "开机" | "provision" => "boot",
        "pull" | "image" | "setup" | "镜像" | "拉取" | "环境" => "pull",
        "idle" | "空闲" | "闲置" => "idle",
        "storage" | "disk" | "存储" | "硬盘" | "磁盘" => "storage",
        "stored" | "keep" | "保留" | "存储时长" => "stored",
        "egress" | "out" | "download" | "出网" | "流量" | "下行" => "egress",
        "ingress" | "in" | "upload" | "入网" | "上传" => "ingress",
        "cards" | "card" | "gpus" | "卡" | "卡数" => "cards",
        "currency" | "cur" | "币种" | "货币" => "currency",
        "fx" | "rate" | "汇率" => "fx",
        "days" | "天数" => "days",
        "months" | "月数" => "months",
        "tps" | "throughput" | "吞吐" => "tps",
        _ => return None,
    })
}

const ALWAYS_WORDS: &[&str] = &[
    "always",
    "always-on",
    "alwayson",
    "24/7",
    "常开",
    "一直开",
    "长期",
    "全天",
];
const DAILY_WORDS: &[&str] = &["daily", "每天", "每日", "天天"];

fn parse_count(what: &'static str, v: &str) -> Result<u32, BillingError> {
    let d = parse_amount(what, v)?;
    if d.is_zero() {
        return Err(BillingError::NotPositive { what });
    }
    if d.fract() != Decimal::ZERO {
        return Err(BillingError::BadNumber {
            what,
            text: v.to_string(),
        });
    }
    u32::try_from(d.mantissa() / 10i128.pow(d.scale()))
        .ok()
        .filter(|n| *n <= 100_000)
        .ok_or(BillingError::TooLarge { what })
}

/// Parses `<names...> <duration | daily 4h | always> [key=value...]`.
pub fn parse_job_request(args: &str) -> Result<JobRequest, BillingError> {
    let (mut words, opts) = split_options(args);
    let mut job = Job::default();
    let mut cards = 1;
    let mut currency = None;
    let mut fx_rate = None;
    let mut days = None;
    let mut months = None;
    for (k, v) in &opts {
        match option_key(k) {
            Some("boot") => job.boot = parse_dur("boot", v)?,
            Some("pull") => job.pull = parse_dur("pull", v)?,
            Some("idle") => job.idle = parse_dur("idle", v)?,
            Some("stored") => job.stored = parse_dur("stored", v)?,
            Some("storage") => job.storage_gb = parse_size_gb("storage", v)?,
            Some("egress") => job.egress_gb = parse_size_gb("egress", v)?,
            Some("ingress") => job.ingress_gb = parse_size_gb("ingress", v)?,
            Some("cards") => cards = parse_count("cards", v)?,
            Some("currency") => currency = Some(parse_currency(v)?),
            Some("fx") => {
                let r = parse_amount("fx-rate", v)?;
                if r.is_zero() {
                    return Err(BillingError::NotPositive { what: "fx-rate" });
                }
                fx_rate = Some(r);
            }
            Some("days") => days = Some(parse_count("days", v)?),
            Some("months") => months = Some(parse_count("months", v)?),
            _ => return Err(BillingError::UnknownOption { key: k.clone() }),
        }
    }
    let Some(last) = words.pop() else {
        return Err(BillingError::Duration {
            what: "work",
            text: String::new(),
            source: crate::units::DurationError::Empty,
        });
    };
    let lower = last.to_lowercase();
    if ALWAYS_WORDS.contains(&lower.as_str()) {
        job.pattern = Pattern::AlwaysOn {
            months: months.unwrap_or(1),
        };
    } else if let Some(prefix) = DAILY_WORDS.iter().find(|w| lower.starts_with(**w))
        && lower.len() > prefix.len()
    {
        // "每天4h" as one word.
        let hours = parse_dur("daily", &lower[prefix.len()..])? / Decimal::from(3600);
        job.pattern = Pattern::Daily {
            hours,
            days: days.unwrap_or(30),
        };
    } else if words
        .last()
        .is_some_and(|w| DAILY_WORDS.contains(&w.to_lowercase().as_str()))
    {
        words.pop();
        let hours = parse_dur("daily", &last)? / Decimal::from(3600);
        job.pattern = Pattern::Daily {
            hours,
            days: days.unwrap_or(30),
        };
    } else {
        // "3 hours": a lone unit word belongs to the number before it.
        let text = if crate::units::TimeUnit::parse(&last).is_some()
            && words
                .last()
                .is_some_and(|w| w.chars().all(|c| c.is_ascii_digit() || c == '.'))
        {
            format!("{}{}", words.pop().unwrap_or_default(), last)
        } else {
            last
        };
        job.work = parse_dur("work", &text)?;
    }
    if let Pattern::Daily { hours, .. } = job.pattern {
        job.work = hours
            .checked_mul(Decimal::from(3600))
            .ok_or(BillingError::Overflow)?;
    }
    Ok(JobRequest {
        names: words,
        job,
        cards,
        currency,
        fx_rate,
    })
}

/// The localized message for an error, with the usage line to try again.
pub fn error_reply(lang: Lang, e: &BillingError, usage_id: &str) -> Reply {
    if let BillingError::NotFound(nf) = e {
        return not_found_reply(nf);
    }
    Reply::text(error_msg(lang, e)).with(Msg::new(usage_id))
}

/// One message naming exactly what went wrong (the field named in `lang`).
pub fn error_msg(lang: Lang, e: &BillingError) -> Msg {
    use crate::units::DurationError as D;
    let label = |w: &str| fmt(lang, &Msg::new("billing-what").arg("what", w));
    match e {
        BillingError::BadNumber { what, text } => Msg::new("billing-error-bad-number")
            .arg("what", label(what))
            .arg("text", text),
        BillingError::Negative { what } => {
            Msg::new("billing-error-negative").arg("what", label(what))
        }
        BillingError::NotPositive { what } => {
            Msg::new("billing-error-not-positive").arg("what", label(what))
        }
        BillingError::TooLarge { what } => {
            Msg::new("billing-error-too-large").arg("what", label(what))
        }
        BillingError::Overflow => Msg::new("billing-error-overflow"),
        BillingError::ZeroIncrement => Msg::new("billing-error-zero-increment"),
        BillingError::ZeroWork => Msg::new("billing-error-zero-work"),
        BillingError::UnknownUnit { text } => {
            Msg::new("billing-error-unknown-unit").arg("text", text)
        }
        BillingError::UnknownSizeUnit { text } => {
            Msg::new("billing-error-unknown-size-unit").arg("text", text)
        }
        BillingError::UnknownCurrency { text } => {
            Msg::new("billing-error-unknown-currency").arg("text", text)
        }
        BillingError::NoFxRate { from, to } => Msg::new("billing-error-no-fx")
            .arg("from", from)
            .arg("to", to),
        BillingError::Duration { what, text, source } => Msg::new("billing-error-duration")
            .arg("what", label(what))
            .arg("text", text)
            .arg(
                "problem",
                match source {
                    D::Empty => "empty",
                    D::UnknownUnit(_) => "unit",
                    D::BadNumber(_) => "number",
                    D::Negative => "negative",
                    D::TooLarge => "large",
                },
            ),
        BillingError::MissingThroughput => Msg::new("billing-error-missing-throughput"),
        BillingError::TokenPriceForJob => Msg::new("billing-error-token-job"),
        BillingError::NoPrice { platform, gpu } => Msg::new("billing-error-no-price")
            .arg("platform", platform)
            .arg("gpu", gpu),
        BillingError::NotFound(nf) => Msg::new("billing-error-bad-number")
            .arg("what", label("name"))
            .arg("text", &nf.query),
        BillingError::UnknownOption { key } => {
            Msg::new("billing-error-unknown-option").arg("key", key)
        }
        BillingError::BadDailyHours { hours } => {
            Msg::new("billing-error-daily-hours").arg("hours", hours)
        }
        BillingError::ZeroPeriod => Msg::new("billing-error-zero-period"),
        BillingError::BadCatalogRule {
            platform,
            field,
            text,
        } => Msg::new("billing-error-catalog-rule")
            .arg("platform", platform)
            .arg("field", *field)
            .arg("text", text),
        BillingError::SizeWithoutPrice { what } => {
            Msg::new("billing-error-size-without-price").arg("what", label(what))
        }
        BillingError::CurrencyMismatch { price, rule } => {
            Msg::new("billing-error-currency-mismatch")
                .arg("price", price)
                .arg("rule", rule)
        }
    }
}

const TO_WORDS: &[&str] = &[
    "to",
    "in",
    "->",
    "→",
    "=>",
    "换成",
    "转成",
    "换算成",
    "折合",
];

/// `/convert 0.0007 usd/s to hour [cny] [fx=7.2] [tps=50]`
pub fn convert(ctx: &Ctx, args: &str) -> Reply {
    let answer = parse_convert(&ctx.currency, args).and_then(|q| {
        Ok(convert_reply(
            ctx.lang,
            &q,
            &billing::convert(ctx.catalog, &q)?,
        ))
    });
    answer.unwrap_or_else(|e| error_reply(ctx.lang, &e, "usage-convert"))
}

/// Parsed `/convert` target: `hour`, `hour cny`, `cny/hour`, `¥/小时`.
fn parse_target(words: &[String]) -> Result<(Option<PriceUnit>, Option<String>), BillingError> {
    let mut unit = None;
    let mut currency = None;
    for w in words {
        let w = w.replace('／', "/");
        let parts: Vec<&str> = if w.contains('/') && w.len() > 1 {
            w.split('/').filter(|p| !p.is_empty()).collect()
        } else {
            vec![w.as_str()]
        };
        for p in parts {
            if let Some(u) = PriceUnit::parse(p) {
                unit = Some(u);
            } else if let Ok(c) = parse_currency(p) {
                currency = Some(c);
            } else {
                return Err(BillingError::UnknownUnit {
                    text: p.to_string(),
                });
            }
        }
    }
    Ok((unit, currency))
}

/// Reads a `/convert` line into the query the CLI's flags also build.
pub fn parse_convert(default_currency: &str, args: &str) -> Result<ConvertQuery, BillingError> {
    let (words, opts) = split_options(args);
    let mut fx_rate = None;
    let mut tps = None;
    for (k, v) in &opts {
        match option_key(k) {
            Some("fx") => fx_rate = Some(parse_amount("fx-rate", v)?),
            Some("tps") => tps = Some(parse_amount("throughput", v)?),
            _ => return Err(BillingError::UnknownOption { key: k.clone() }),
        }
    }
    let split = words
        .iter()
        .position(|w| TO_WORDS.contains(&w.to_lowercase().as_str()));
    let (left, right) = match split {
        Some(i) => (&words[..i], &words[i + 1..]),
        None => (&words[..], &[][..]),
    };
    let price = parse_price(&left.join(" "))?;
    let from_unit = price.per.ok_or_else(|| BillingError::UnknownUnit {
        text: left.join(" "),
    })?;
    let from_currency = price
        .currency
        .clone()
        .unwrap_or_else(|| default_currency.to_string());
    let (to_unit, to_cur) = parse_target(right)?;
    Ok(ConvertQuery {
        amount: price.amount,
        from_unit,
        to_unit: to_unit.unwrap_or(PriceUnit::Time(crate::units::TimeUnit::Hour)),
        to_currency: to_cur.unwrap_or_else(|| from_currency.clone()),
        from_currency,
        fx_rate,
        tokens_per_second: tps,
    })
}

/// The `/convert` answer; the CLI prints the same reply.
pub fn convert_reply(lang: Lang, q: &ConvertQuery, c: &Conversion) -> Reply {
    let mut r = Reply::text(
        Msg::new("billing-convert-result")
            .arg(
                "from",
                price_text(lang, q.amount, &q.from_currency, q.from_unit),
            )
            .arg("to", price_text(lang, c.amount, &c.currency, q.to_unit)),
    );
    if c.uses_month {
        r.push(Msg::new("billing-month-note"));
    }
    if c.assumptions.iter().any(|a| a.key == "throughput")
        && let Some(t) = q.tokens_per_second
    {
        r.push(Msg::new("billing-token-note").arg("tps", format_decimal(t, 6)));
    }
    if let Some(f) = &c.fx {
        r.push(fx_msg(f));
    }
    r
}

fn fx_msg(f: &billing::FxUsed) -> Msg {
    match f.origin {
        Origin::Catalog => Msg::new("billing-fx-line")
            .arg("rate", f.text())
            .arg("as_of", f.as_of.clone().unwrap_or_default())
            .arg("source", f.source.clone().unwrap_or_default()),
        _ => Msg::new("billing-fx-user").arg("rate", f.text()),
    }
}

/// Finds `<platform> <gpu>` in the words, trying every split (both may have spaces).
fn platform_and_gpu<'a>(
    catalog: &'a Catalog,
    names: &[String],
) -> Result<(&'a Platform, &'a Gpu), BillingError> {
    for i in 1..names.len() {
        if let (Ok(p), Ok(g)) = (
            catalog.platform(&names[..i].join(" ")),
            catalog.gpu(&names[i..].join(" ")),
        ) {
            return Ok((p, g));
        }
    }
    // Report the part that does not resolve; the platform is written first.
    let first = names.first().cloned().unwrap_or_default();
    let platform = (1..=names.len())
        .rev()
        .find_map(|i| catalog.platform(&names[..i].join(" ")).ok().map(|p| (i, p)));
    match platform {
        Some((i, _)) => {
            let gpu = names[i..].join(" ");
            Err(BillingError::NotFound(
                catalog
                    .gpu(&gpu)
                    .err()
                    .unwrap_or_else(|| crate::catalog::NotFound {
                        kind: crate::catalog::EntryKind::Gpu,
                        query: gpu,
                        suggestions: Vec::new(),
                    }),
            ))
        }
        None => Err(BillingError::NotFound(
            catalog
                .platform(&first)
                .err()
                .unwrap_or_else(|| crate::catalog::NotFound {
                    kind: crate::catalog::EntryKind::Platform,
                    query: first,
                    suggestions: Vec::new(),
                }),
        )),
    }
}

/// `/cost <platform> <gpu> <duration> [boot=3m pull=2m idle=10m storage=50gb egress=20gb]`
pub fn cost(ctx: &Ctx, args: &str) -> Reply {
    let result = parse_job_request(args).and_then(|req| {
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
        Ok(cost_reply(
            ctx.lang,
            CostSubject::Platform(p, g),
            &req.job,
            &offer,
        ))
    });
    result.unwrap_or_else(|e| error_reply(ctx.lang, &e, "usage-cost"))
}

/// Describes the job: `40m`, `4h a day for 30 days`, `always on for 1 month`.
pub fn job_text(lang: Lang, job: &Job) -> String {
    let msg = match job.pattern {
        Pattern::OneOff => Msg::new("billing-job")
            .arg("kind", "oneoff")
            .arg("work", format_duration(job.work)),
        Pattern::Daily { hours, days } => Msg::new("billing-job")
            .arg("kind", "daily")
            .arg("work", format_duration(hours * Decimal::from(3600)))
            .arg("days", days),
        Pattern::AlwaysOn { months } => Msg::new("billing-job")
            .arg("kind", "always")
            .arg("months", months),
    };
    fmt(lang, &msg)
}

fn staleness(offer: &RankedOffer) -> &'static str {
    if offer.quote.undated {
        "undated"
    } else if offer.stale {
        "stale"
    } else {
        "fresh"
    }
}

/// Whose prices a cost answer is about.
#[derive(Debug, Clone, Copy)]
pub enum CostSubject<'a> {
    /// A catalog platform's dated list price for a card.
    Platform(&'a Platform, &'a Gpu),
    /// The price and rule the user typed (the CLI's `--price`).
    UserPrice,
}

/// The full answer for one job: breakdown, deciding rule, assumptions with sources.
pub fn cost_reply(lang: Lang, subject: CostSubject<'_>, job: &Job, offer: &RankedOffer) -> Reply {
    let c = &offer.cost;
    let q = &offer.quote;
    let zh = lang == Lang::Zh;
    let money = |x: Decimal| format_money(x, &c.currency);
    let price = price_text(lang, q.amount, &q.currency, PriceUnit::Time(q.per));
    let mut r = match subject {
        CostSubject::Platform(p, g) => Reply::text(
            Msg::new("billing-cost-title")
                .arg("platform", p.display_name(zh))
                .arg("gpu", &g.name)
                .arg("cards", offer.cards)
                .arg("job", job_text(lang, job)),
        )
        .with(
            Msg::new("billing-quote")
                .arg("price", price)
                .arg("tier", tier_label(lang, &q.tier))
                .arg("as_of", &q.as_of)
                .arg("age", staleness(offer)),
        ),
        CostSubject::UserPrice => Reply::text(
            Msg::new("billing-cost-title-user")
                .arg("cards", offer.cards)
                .arg("job", job_text(lang, job)),
        )
        .with(
            Msg::new("billing-quote-user")
                .arg("price", price)
                .arg("tier", tier_label(lang, &q.tier)),
        ),
    };
    r.push(
        Msg::new("billing-billed")
            .arg("billed", format_duration(c.billed_seconds))
            .arg("useful", format_duration(offer.details.useful_seconds)),
    );
    r.push(Msg::new("billing-compute").arg("amount", money(c.compute_cost)));
    // A price the catalog does not know is "not included", never a reassuring 0.00.
    let unpriced = |keys: &[&str]| {
        c.assumptions
            .iter()
            .any(|a| keys.contains(&a.key.as_str()) && a.value == "unknown")
    };
    if job.storage_gb > Decimal::ZERO {
        let id = if unpriced(&["storage_price"]) {
            "billing-storage-unknown"
        } else {
            "billing-storage"
        };
        r.push(Msg::new(id).arg("amount", money(c.storage_cost)));
    }
    if job.egress_gb > Decimal::ZERO || job.ingress_gb > Decimal::ZERO {
        let id = if unpriced(&["egress_price", "ingress_price"]) {
            "billing-transfer-unknown"
        } else {
            "billing-transfer"
        };
        r.push(Msg::new(id).arg("amount", money(c.egress_cost)));
    }
    r.push(Msg::new("billing-total").arg("amount", money(c.total_cost)));
    let list_hour = offer.details.list_cost * Decimal::from(3600)
        / offer.details.useful_seconds.max(Decimal::ONE);
    r.push(
        Msg::new("billing-effective")
            .arg("amount", money(c.effective_per_useful_hour))
            .arg("list", money(list_hour)),
    );
    match &offer.deciding_rule {
        Some(rule) => r.push(Msg::new("billing-deciding").arg("rule", fmt(lang, rule))),
        None => r.push(Msg::new("billing-rule-none")),
    };
    r.push(Msg::new("billing-assumptions-title"));
    // The 730-hour month is a convention, stated once below rather than as an "assumption".
    for a in c.assumptions.iter().filter(|a| a.key != "month") {
        r.push(assumption_msg(lang, a));
    }
    if offer.details.uses_month {
        r.push(Msg::new("billing-month-note"));
    }
    if let Some(f) = &offer.details.fx {
        r.push(fx_msg(f));
    }
    if offer.stale {
        r.push(Msg::new("billing-stale-note"));
    }
    r
}

/// One assumption line: label, value, and where it came from.
pub fn assumption_msg(lang: Lang, a: &billing::Assumption) -> Msg {
    let label = fmt(lang, &Msg::new("billing-key").arg("key", a.key.as_str()));
    let value = match (a.key.as_str(), a.value.as_str()) {
        ("tier", u) => unit_label(lang, u),
        (_, v @ ("yes" | "no" | "boot" | "job" | "unknown")) => {
            fmt(lang, &Msg::new("billing-value").arg("value", v))
        }
        (_, v) => v.to_string(),
    };
    let base = Msg::new(match &a.source {
        Some(_) => "billing-assumption-sourced",
        None => "billing-assumption",
    })
    .arg("label", label)
    .arg("value", value)
    .arg("origin", a.origin.key());
    match &a.source {
        Some(s) => base
            .arg("source", s)
            .arg("as_of", a.as_of.clone().unwrap_or_else(|| "undated".into())),
        None => base,
    }
}

/// `/compare <gpu> <duration | daily 4h | always> [cards=2 currency=usd ...]`
pub fn compare(ctx: &Ctx, args: &str) -> Reply {
    let result = parse_job_request(args).and_then(|req| {
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
        );
        Ok(compare_reply(
            ctx.catalog,
            ctx.lang,
            g,
            &req,
            &currency,
            &offers,
        ))
    });
    result.unwrap_or_else(|e| error_reply(ctx.lang, &e, "usage-compare"))
}

/// The ranked table with each offer's deciding rule; shared with the CLI's text output.
pub fn compare_reply(
    catalog: &Catalog,
    lang: Lang,
    g: &Gpu,
    req: &JobRequest,
    currency: &str,
    offers: &[RankedOffer],
) -> Reply {
    let zh = lang == Lang::Zh;
    let title = Msg::new("billing-compare-title")
        .arg("gpu", &g.name)
        .arg("cards", req.cards)
        .arg("job", job_text(lang, &req.job))
        .arg("currency", currency);
    if offers.is_empty() {
        return Reply::text(title).with(Msg::new("billing-compare-empty").arg("gpu", &g.name));
    }
    let rows = offers
        .iter()
        .enumerate()
        .map(|(i, o)| {
            let name = catalog
                .platform(&o.platform_id)
                .map(|p| p.display_name(zh).to_string())
                .unwrap_or_else(|_| o.platform_id.clone());
            let date = match staleness(o) {
                "undated" => "? *".to_string(),
                "stale" => format!("{} *", o.quote.as_of),
                _ => o.quote.as_of.clone(),
            };
            vec![
                format!("{}", i + 1),
                name,
                price_text(
                    lang,
                    o.quote.amount,
                    &o.quote.currency,
                    PriceUnit::Time(o.quote.per),
                ),
                tier_label(lang, &o.quote.tier),
                format_duration(o.cost.billed_seconds),
                format_money(o.cost.total_cost, &o.cost.currency),
                format_money(o.cost.effective_per_useful_hour, &o.cost.currency),
                date,
            ]
        })
        .collect();
    let mut r = Reply::text(title).with_table(Table {
        header: vec![
            Msg::new("billing-col-rank"),
            Msg::new("col-platform"),
            Msg::new("col-list-price"),
            Msg::new("col-tier"),
            Msg::new("billing-col-billed"),
            Msg::new("billing-col-total"),
            Msg::new("billing-col-per-hour"),
            Msg::new("col-as-of"),
        ],
        rows,
    });
    for (i, o) in offers.iter().enumerate() {
        let name = catalog
            .platform(&o.platform_id)
            .map(|p| p.display_name(zh).to_string())
            .unwrap_or_else(|_| o.platform_id.clone());
        let rule = o.deciding_rule.as_ref().map_or_else(
            || fmt(lang, &Msg::new("billing-rule-none")),
            |m| fmt(lang, m),
        );
        let assumed = o
            .cost
            .assumptions
            .iter()
            .filter(|a| a.origin == Origin::Assumed && a.key != "month")
            .count();
        r.push(
            Msg::new("billing-compare-why")
                .arg("rank", i + 1)
                .arg("platform", name)
                .arg("rule", rule)
                .arg("assumed", assumed),
        );
    }
    if offers.iter().any(|o| o.details.uses_month) {
        r.push(Msg::new("billing-month-note"));
    }
    if let Some(f) = offers.iter().find_map(|o| o.details.fx.as_ref()) {
        r.push(fx_msg(f));
    }
    if offers.iter().any(|o| o.stale) {
        r.push(Msg::new("billing-stale-footer"));
    }
    r.push(Msg::new("billing-compare-hint"));
    r
}
