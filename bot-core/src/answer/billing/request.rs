//! The argument language of `/cost`, `/compare` and `/convert`: names, a duration or a usage
//! pattern (`40m`, `daily 4h`, `always`), options (`boot=3m`, `cards=2`, `fx=7.2`), conversion
//! targets (`to hour cny`, `换成 usd/day`).

use super::usage_words::{DEFAULT_DAYS, DEFAULT_MONTHS, usage_word, word_usage};
use crate::advice;
use crate::billing::{self, BillingError, ConvertQuery, Job, Pattern, PriceUnit, format_span};
use crate::catalog::{Catalog, Gpu, Platform};
use crate::lexicon::{
    PriceText, Usage, parse_amount, parse_currency, parse_dur, parse_price, parse_size_gb,
    split_options,
};
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
    /// `/compare` only: the platforms named beside the card (`/compare 4090 autodl runpod
    /// 40m`), as catalog ids in the order written; empty ranks every platform.
    pub platforms: Vec<String>,
    /// `/compare` only: needs said beside the card (`alipay`, `per-second`): only platforms
    /// known to meet every one are ranked; when none is, every platform is, and that is said.
    pub needs: Vec<crate::lexicon::Need>,
}

pub(super) fn option_key(k: &str) -> Option<&'static str> {
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

pub(super) const DAILY_WORDS: &[&str] = &["daily", "每天", "每日", "天天"];

pub(super) fn parse_count(what: &'static str, v: &str) -> Result<u32, BillingError> {
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
    // `round the clock`, `24 hours a day`: the lexicon's always-on phrase as one word.
    let args = crate::lexicon::always_on_phrases_as_word(args);
    let (mut words, opts) = split_options(&args);
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
    if let Some(n) = crate::lexicon::take_card_prefix(&mut words)
        && !opts.iter().any(|(k, _)| option_key(k) == Some("cards"))
    {
        cards = n;
    }
    job.tiers = super::tier_words::take(&mut words, job.tiers);
    duration_last(&mut words);
    // A number without a unit is never the job's length (`/compare 4090`, `/cost autodl
    // 3090`: the card, not 4090 seconds); `3 hours` ends in its unit word and reads below.
    let unitless = |w: &str| w.chars().all(|c| c.is_ascii_digit() || c == '.');
    let last = words.pop().filter(|w| !unitless(w));
    let Some(last) = last else {
        return Err(BillingError::Duration {
            what: "work",
            text: String::new(),
            source: crate::units::DurationError::Empty,
        });
    };
    let lower = last.to_lowercase();
    if usage_word(&lower) {
        word_usage_said(&mut job, &mut words, &lower, months)?;
        if let Pattern::Daily { days: d, .. } = &mut job.pattern {
            *d = days.unwrap_or(DEFAULT_DAYS);
        }
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
        // A name (`h100`) or a memory size (`80g`) where the length goes: the length is
        // missing, not misspelt. A word after a bare number (`40 lightyears`) is its unit.
        let after_number = words.last().is_some_and(|w| unitless(w));
        let not_a_length = (text.starts_with(|c: char| c.is_alphabetic()) && !after_number)
            || parse_size_gb("work", &text).is_ok();
        job.work = parse_dur("work", &text).map_err(|e| match e {
            BillingError::Duration { what, .. } if not_a_length => BillingError::Duration {
                what,
                text: String::new(),
                source: crate::units::DurationError::Empty,
            },
            e => e,
        })?;
    }
    if let Pattern::Daily { hours, .. } = job.pattern {
        job.work = billing::daily_seconds(hours)?;
    }
    let given = |key| opts.iter().any(|(k, _)| option_key(k) == Some(key));
    assume_hidden(&mut job, given("boot"), given("pull"));
    Ok(JobRequest {
        names: words,
        job,
        cards,
        currency,
        fx_rate,
        platforms: Vec::new(),
        needs: Vec::new(),
    })
}

/// `/cost 3h 4090 autodl`: a duration written before the names goes to the end, where the
/// grammar reads it (a word with a unit, so `4090` is never taken for seconds).
fn duration_last(words: &mut Vec<String>) {
    let is_duration = |w: &str| {
        let l = w.to_lowercase();
        usage_word(&l)
            || (l.chars().any(|c| !c.is_ascii_digit() && c != '.')
                && crate::units::parse_duration(&l).is_ok())
    };
    if words.last().is_some_and(|w| !is_duration(w))
        && let Some(j) = words.iter().position(|w| is_duration(w))
    {
        let daily = j > 0 && DAILY_WORDS.contains(&words[j - 1].to_lowercase().as_str());
        let at = if daily { j - 1 } else { j };
        // `1个月 包月` (a month's rent as the spoken pass writes it) moves as one.
        let end = (j..words.len())
            .take_while(|&k| is_duration(&words[k]))
            .last();
        let moved: Vec<String> = words.drain(at..=end.unwrap_or(j)).collect();
        words.extend(moved);
    }
}

/// `2个月 包月`: a span of whole months said before an always-on word is how many months it
/// is held (`包月` alone reads as `1个月 包月` after the spoken pass: one month); taken off.
fn months_said(words: &mut Vec<String>) -> Option<u32> {
    let month = Decimal::from(crate::units::HOURS_PER_MONTH * 3600);
    let said = words
        .last()
        .filter(|w| w.chars().any(|c| !c.is_ascii_digit() && c != '.'))
        .and_then(|w| crate::units::parse_duration(w).ok())
        .filter(|s| !s.is_zero() && (*s % month).is_zero())
        .and_then(|s| rust_decimal::prelude::ToPrimitive::to_u32(&(s / month)));
    if said.is_some() {
        words.pop();
    }
    said
}

/// The job a usage word says with the span said before it: whole months (`2个月 包月`), or for
/// all day a span of days (`10天 全天`, `14d 24h`: that span held whole, the lexicon's decision,
/// as the question reader reads it); both taken off.
fn word_usage_said(
    job: &mut Job,
    words: &mut Vec<String>,
    lower: &str,
    months: Option<u32>,
) -> Result<(), BillingError> {
    let said = months_said(words);
    let days_held = match said {
        None if crate::lexicon::is_whole_day(lower) => days_said(words),
        _ => None,
    };
    word_usage(job, lower, months.or(said))?;
    if let Some(d) = days_held {
        job.work = d;
    }
    Ok(())
}

/// `10天 全天`: a span of whole days said before all day, the span it holds whole; taken off.
fn days_said(words: &mut Vec<String>) -> Option<Decimal> {
    let day = Decimal::from(86_400);
    // `两周` as the reader's spoken-form pass writes it (`2周`).
    let spoken = |w: &String| crate::understand::normalize(w).replace(' ', "");
    let said = words
        .last()
        .filter(|w| w.chars().any(|c| !c.is_ascii_digit() && c != '.'))
        .and_then(|w| {
            crate::units::parse_duration(w)
                .or_else(|_| crate::units::parse_duration(&spoken(w)))
                .ok()
        })
        .filter(|s| !s.is_zero() && (*s % day).is_zero());
    if said.is_some() {
        words.pop();
    }
    said
}

/// The first run's boot and image pull are billed on most platforms: counted unless the user
/// gives their own figures (boot=0 drops them), the same minutes /pick counts.
fn assume_hidden(job: &mut Job, boot_given: bool, pull_given: bool) {
    let (boot, pull) = advice::hidden_seconds(job);
    if !boot_given {
        job.boot = boot;
        job.boot_assumed = boot > Decimal::ZERO;
    }
    if !pull_given {
        job.pull = pull;
        job.pull_assumed = pull > Decimal::ZERO;
    }
}

impl JobRequest {
    /// A job of `usage` on `names` (catalog ids, or a price word) with every default the
    /// parser applies: what a question reads into, the same struct `/cost` and `/compare` parse.
    pub fn of(names: Vec<String>, usage: &Usage, cards: u32) -> Result<JobRequest, BillingError> {
        let mut job = Job::default();
        match usage {
            Usage::Once(s) => job.work = *s,
            Usage::Daily(s) => {
                let hours = *s / Decimal::from(3600);
                job.pattern = Pattern::Daily {
                    hours,
                    days: DEFAULT_DAYS,
                };
                job.work = billing::daily_seconds(hours)?;
            }
            Usage::Always => {
                job.pattern = Pattern::AlwaysOn {
                    months: DEFAULT_MONTHS,
                }
            }
        }
        assume_hidden(&mut job, false, false);
        Ok(JobRequest {
            names,
            job,
            cards,
            currency: None,
            fx_rate: None,
            platforms: Vec::new(),
            needs: Vec::new(),
        })
    }

    /// `/cost`'s names as catalog ids where the catalog knows them (`autodl 4090` →
    /// `autodl rtx-4090`), so a typed line and a question build the same request; names it
    /// does not know stay as typed, for the answer to say so.
    pub fn cost_ids(mut self, catalog: &Catalog) -> JobRequest {
        if let Ok((p, g)) = platform_and_gpu(catalog, &self.names) {
            self.names = vec![p.id.clone(), g.id.clone()];
        }
        self
    }

    /// `/compare`'s card as its catalog id where the catalog knows it; platforms named beside
    /// it (`/compare 4090 autodl runpod 40m`, `autodl,恒源云`) restrict the ranking to them.
    pub fn compare_ids(mut self, catalog: &Catalog) -> JobRequest {
        if let Ok(g) = catalog.gpu(&self.names.join(" ")) {
            self.names = vec![g.id.clone()];
            return self;
        }
        let words: Vec<String> = self
            .names
            .iter()
            .flat_map(|w| w.split([',', '，', '、']).map(str::to_string))
            .filter(|w| !w.is_empty())
            .collect();
        let (mut card, mut platforms, mut needs) = (Vec::new(), Vec::new(), Vec::new());
        let mut i = 0;
        while i < words.len() {
            // A need (`alipay`, `按秒`), unless the word names a card.
            if let Some(n) = crate::lexicon::need_word(&words[i])
                && catalog.find_gpu(&words[i]).is_none()
            {
                if !needs.contains(&n) {
                    needs.push(n);
                }
                i += 1;
                continue;
            }
            // A two-word name first (`auto dl`, `tencent cloud`), then one word.
            let pair = words.get(i + 1).map(|n| format!("{} {n}", words[i]));
            if let Some(p) = pair.as_deref().and_then(|n| catalog.find_platform(n)) {
                platforms.push(p.id.clone());
                i += 2;
            } else if let Some(p) = catalog.find_platform(&words[i]) {
                platforms.push(p.id.clone());
                i += 1;
            } else {
                card.push(words[i].clone());
                i += 1;
            }
        }
        // Words joining the platforms (`autodl or runpod`) are no part of the card.
        card.retain(|w| !PLATFORM_JOINERS.contains(&w.as_str()));
        if (platforms.is_empty() && needs.is_empty()) || card.is_empty() {
            return self;
        }
        let mut seen = std::collections::BTreeSet::new();
        platforms.retain(|p| seen.insert(p.clone()));
        self.names = match catalog.gpu(&card.join(" ")) {
            Ok(g) => vec![g.id.clone()],
            Err(_) => card,
        };
        self.platforms = platforms;
        self.needs = needs;
        self
    }

    /// The request as a command line writes it, in words [`parse_job_request`] reads back to
    /// the same request (`autodl rtx-4090 2h30m cards=2`; a default is not written).
    pub fn words(&self) -> Vec<String> {
        let j = &self.job;
        let mut w = self.names.clone();
        w.extend(self.platforms.iter().cloned());
        w.extend(self.needs.iter().map(|n| n.word().to_string()));
        match j.pattern {
            Pattern::OneOff => w.push(format_span(j.work)),
            Pattern::Daily { hours, days } => {
                // The seconds the bill uses (`daily_seconds`), never the hours' last digit:
                // 40 minutes are 0.666…7 h, which would read back as `40m1s`.
                let secs = billing::daily_seconds(hours).unwrap_or(Decimal::MAX);
                w.extend(["daily".into(), format_span(secs)]);
                if days != DEFAULT_DAYS {
                    w.push(format!("days={days}"));
                }
            }
            Pattern::AlwaysOn { months } => {
                w.push("always".into());
                if months != DEFAULT_MONTHS {
                    w.push(format!("months={months}"));
                }
            }
        }
        if self.cards != 1 {
            w.push(format!("cards={}", self.cards));
        }
        let (boot, pull) = advice::hidden_seconds(j);
        if !j.boot_assumed && j.boot != boot {
            w.push(format!("boot={}", format_span(j.boot)));
        }
        if !j.pull_assumed && j.pull != pull {
            w.push(format!("pull={}", format_span(j.pull)));
        }
        for (key, secs) in [("idle", j.idle), ("stored", j.stored)] {
            if !secs.is_zero() {
                w.push(format!("{key}={}", format_span(secs)));
            }
        }
        for (key, gb) in [
            ("storage", j.storage_gb),
            ("egress", j.egress_gb),
            ("ingress", j.ingress_gb),
        ] {
            if !gb.is_zero() {
                w.push(format!("{key}={}gb", gb.normalize()));
            }
        }
        if j.tiers.spot() {
            w.push("spot".into());
        }
        if j.tiers.member() {
            w.push("member".into());
        }
        w.extend(
            self.currency
                .as_ref()
                .map(|c| format!("currency={}", c.to_lowercase())),
        );
        w.extend(self.fx_rate.map(|r| format!("fx={}", r.normalize())));
        w
    }
}

/// Words between platforms named in `/compare` (`autodl or runpod`, `autodl 和 恒源云`).
const PLATFORM_JOINERS: &[&str] = &["or", "and", "vs", "vs.", "和", "或", "或者", "还是", "/"];

pub(super) const TO_WORDS: &[&str] = &[
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

/// Parsed `/convert` target: `hour`, `hour cny`, `cny/hour`, `¥/小时`.
pub(super) fn parse_target(
    words: &[String],
) -> Result<(Option<PriceUnit>, Option<String>), BillingError> {
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

/// A `/convert` line after parsing: the price as typed (its currency may be missing), the
/// target unit and currency where named, and the options.
#[derive(Debug, Clone, PartialEq)]
pub struct ConvertRequest {
    pub price: PriceText,
    pub to: Option<PriceUnit>,
    pub currency: Option<String>,
    pub fx_rate: Option<Decimal>,
    pub tokens_per_second: Option<Decimal>,
}

/// Reads `<price/unit> [to <unit> [currency]] [fx=…] [tps=…]`.
pub fn parse_convert_request(args: &str) -> Result<ConvertRequest, BillingError> {
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
        // No "to": a target may still follow the price (`2.5usd/h cny/day`). The price is the
        // shortest start that reads as a price with its unit, and the rest is the target (a
        // word there that is no unit is named as such); else the whole line is the price.
        None => (1..words.len())
            .find(|&i| parse_price(&words[..i].join(" ")).is_ok_and(|p| p.per.is_some()))
            .map_or((&words[..], &[][..]), |i| (&words[..i], &words[i..])),
    };
    let price = parse_price(&left.join(" "))?;
    let (to, currency) = parse_target(right)?;
    // `/convert 500usd to cny`: a plain sum (no time unit) converts only to another currency.
    let plain_sum = to.is_none() && currency.is_some();
    if price.per.is_none() && !plain_sum {
        return Err(BillingError::UnknownUnit {
            text: left.join(" "),
        });
    }
    Ok(ConvertRequest {
        price,
        to,
        currency,
        fx_rate,
        tokens_per_second: tps,
    })
}

impl ConvertRequest {
    /// The engine's query, a price without a currency read in `default_currency`.
    pub fn query(&self, default_currency: &str) -> Result<ConvertQuery, BillingError> {
        let from_unit = self.price.per.ok_or_else(|| BillingError::UnknownUnit {
            text: self.price.amount.to_string(),
        })?;
        let from_currency = self
            .price
            .currency
            .clone()
            .unwrap_or_else(|| default_currency.to_string());
        Ok(ConvertQuery {
            amount: self.price.amount,
            from_unit,
            to_unit: self
                .to
                .unwrap_or(PriceUnit::Time(crate::units::TimeUnit::Hour)),
            to_currency: self
                .currency
                .clone()
                .unwrap_or_else(|| from_currency.clone()),
            from_currency,
            fx_rate: self.fx_rate,
            tokens_per_second: self.tokens_per_second,
        })
    }

    /// `2.5cny/hour to month usd fx=7.2`.
    pub fn words(&self) -> Vec<String> {
        let hour = PriceUnit::Time(crate::units::TimeUnit::Hour);
        let mut w = vec![if self.price.per.is_none() {
            self.price.amount_word()
        } else {
            self.price.rate_word(hour)
        }];
        if self.to.is_some() || self.currency.is_some() {
            w.push("to".into());
            w.extend(self.to.map(|u| u.key().to_string()));
            w.extend(self.currency.as_ref().map(|c| c.to_lowercase()));
        }
        w.extend(self.fx_rate.map(|r| format!("fx={}", r.normalize())));
        w.extend(
            self.tokens_per_second
                .map(|t| format!("tps={}", t.normalize())),
        );
        w
    }
}

/// Reads a `/convert` line into the query the CLI's flags also build.
pub fn parse_convert(default_currency: &str, args: &str) -> Result<ConvertQuery, BillingError> {
    parse_convert_request(args)?.query(default_currency)
}

/// Finds `<platform> <gpu>` in the words, trying every split (both may have spaces).
pub(super) fn platform_and_gpu<'a>(
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
    // `/cost 4090 autodl 3h`: the card first also reads unambiguously.
    for i in 1..names.len() {
        if let (Ok(g), Ok(p)) = (
            catalog.gpu(&names[..i].join(" ")),
            catalog.platform(&names[i..].join(" ")),
        ) {
            return Ok((p, g));
        }
    }
    // Report the part that does not resolve; the platform is written first.
    let first = names.first().cloned().unwrap_or_default();
    let platform = (1..=names.len())
        .rev()
        .find_map(|i| catalog.find_platform(&names[..i].join(" ")).map(|p| (i, p)));
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
                        names: Vec::new(),
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
                    names: Vec::new(),
                }),
        )),
    }
}
