//! The `/convert`, `/cost` and `/compare` answers, built from the billing engine's results.

use super::request::JobRequest;
use crate::answer::common::{fmt, price_text, tier_label, unit_label};
use crate::billing::{
    self, Conversion, ConvertQuery, Job, Origin, Pattern, PriceUnit, RankedOffer, format_decimal,
    format_money,
};
use crate::catalog::{Catalog, Gpu, Platform};
use crate::i18n::Lang;
use crate::reply::{Msg, Part, Reply, Table};
use crate::units::format_duration_in;
use rust_decimal::Decimal;

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

pub(super) fn fx_msg(f: &billing::FxUsed) -> Msg {
    match f.origin {
        Origin::Catalog => Msg::new("billing-fx-line")
            .arg("rate", f.text())
            .arg("as_of", f.as_of.clone().unwrap_or_default())
            .arg("source", f.source.clone().unwrap_or_default()),
        _ => Msg::new("billing-fx-user").arg("rate", f.text()),
    }
}

/// Describes the job: `40m`, `4h a day for 30 days`, `always on for 1 month`.
pub fn job_text(lang: Lang, job: &Job) -> String {
    let format_duration = |s| format_duration_in(s, lang == Lang::Zh);
    let msg = match job.pattern {
        // A held period (`1w`, `2mo`) is the time the machine is kept, boot and setup inside.
        Pattern::OneOff if job.held() => {
            let month = Decimal::from(u64::from(crate::units::HOURS_PER_MONTH) * 3600);
            if (job.work % month).is_zero() {
                Msg::new("billing-job").arg("kind", "held-months").arg(
                    "months",
                    rust_decimal::prelude::ToPrimitive::to_u32(&(job.work / month))
                        .unwrap_or(u32::MAX),
                )
            } else {
                Msg::new("billing-job")
                    .arg("kind", "held")
                    .arg("work", format_duration(job.work))
            }
        }
        Pattern::OneOff => Msg::new("billing-job")
            .arg("kind", "oneoff")
            .arg("work", format_duration(job.work)),
        Pattern::Daily { hours, days } => Msg::new("billing-job")
            .arg("kind", "daily")
            .arg(
                "work",
                format_duration(billing::daily_seconds(hours).unwrap_or(Decimal::MAX)),
            )
            .arg("days", days),
        Pattern::AlwaysOn { months } => Msg::new("billing-job")
            .arg("kind", "always")
            .arg("months", months),
    };
    fmt(lang, &msg)
}

pub(super) fn staleness(offer: &RankedOffer) -> &'static str {
    if offer.quote.undated {
        "undated"
    } else if offer.stale {
        "stale"
    } else {
        "fresh"
    }
}

/// The total of an offer: one figure, or `best–worst` when a billing rule is unverified.
pub fn total_text(o: &RankedOffer) -> String {
    let worst = format_money(o.cost.total_cost, &o.cost.currency);
    match shown_best(o).filter(|best| *best != worst) {
        Some(best) => format!("{best}–{worst}"),
        None => worst,
    }
}

/// The best case's total as it is shown, when the offer has one: ends that differ by less
/// than a cent show the same money, and a range from a figure to itself is no range.
fn shown_best(o: &RankedOffer) -> Option<String> {
    o.best_case
        .as_ref()
        .filter(|_| o.is_range())
        .map(|b| format_money(b.total_cost, &o.cost.currency))
}

/// [`total_text`] as a reader sees it: a total priced on a "from" floor keeps the word
/// ("from $0.70", "¥4.75 起"), since the configuration rented may cost more.
pub fn total_text_in(lang: Lang, o: &RankedOffer) -> String {
    let total = total_text(o);
    if o.is_floor() {
        fmt(lang, &Msg::new("price-from").arg("price", total))
    } else {
        total
    }
}

/// Says which boot/pull minutes were assumed and how to change them, if any were.
fn hidden_note(lang: Lang, job: &Job) -> Option<Msg> {
    let format_duration = |s| format_duration_in(s, lang == Lang::Zh);
    (job.boot_assumed || job.pull_assumed).then(|| {
        Msg::new("billing-hidden-assumed")
            .arg("boot", format_duration(job.boot))
            .arg("pull", format_duration(job.pull))
            .arg(
                "has_pull",
                if job.pull > Decimal::ZERO {
                    "yes"
                } else {
                    "no"
                },
            )
    })
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
    let price = quote_cell(lang, q);
    let mut r = match subject {
        CostSubject::Platform(p, g) => Reply::text(
            Msg::new("billing-cost-title")
                .arg("platform", p.display_name(zh))
                .arg("gpu", g.display_name(lang == Lang::Zh))
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
    if let CostSubject::Platform(p, g) = subject {
        push_quote_notes(&mut r, lang, p.display_name(zh), g, offer);
    }
    r.push(
        Msg::new("billing-billed")
            .arg("billed", format_duration_in(c.billed_seconds, zh))
            .arg(
                "useful",
                format_duration_in(offer.details.useful_seconds, zh),
            ),
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
    if offer.is_floor() {
        // A floor's total is a floor: no "between A and B" claim, which would read as bounds.
        r.push(Msg::new("billing-total").arg("amount", total_text_in(lang, offer)));
        r.push(Msg::new("billing-floor-note").arg("total", total_text(offer)));
    } else {
        r.push(Msg::new("billing-total").arg("amount", money(c.total_cost)));
    }
    if let Some(b) = offer
        .best_case
        .as_ref()
        .filter(|_| offer.is_range() && !offer.is_floor())
        && money(b.total_cost) != money(c.total_cost)
    {
        r.push(
            Msg::new("billing-range")
                .arg("best", money(b.total_cost))
                .arg("worst", money(c.total_cost)),
        );
    }
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
    if let Some(note) = hidden_note(lang, job) {
        r.push(note);
    }
    if offer.stale {
        r.push(Msg::new("billing-stale-note"));
    }
    let warned = r.parts.len();
    if let CostSubject::Platform(p, _) = subject {
        crate::answer::data_loss::push_cost_warnings(&mut r, p, job, lang);
    }
    cost_short(lang, r, job, offer, warned)
}

/// `/cost` on a phone: the title, the price, the bill, what makes the difference, the
/// data-loss warnings (the parts of `r` from `warned` on), and what was assumed.
fn cost_short(lang: Lang, r: Reply, job: &Job, offer: &RankedOffer, warned: usize) -> Reply {
    let mut short = crate::phone::Short::titled(&r)
        .part(r.parts[1].clone())
        .keep(&r, &["billing-compute"])
        .line(Msg::new("billing-total").arg("amount", total_text_in(lang, offer)))
        .keep(&r, &["billing-floor-note"]);
    if let Some(rule) = &offer.deciding_rule {
        short = short.line(Msg::new("billing-deciding").arg("rule", fmt(lang, rule)));
    }
    for part in &r.parts[warned..] {
        short = short.part(part.clone());
    }
    short
        .assumed(&hidden_what(lang, job), &["boot=0 pull=0", "boot=1m"])
        .over(lang, r)
}

/// The boot and pull minutes a job assumed, as one short phrase for the phone's "assumed"
/// line; empty when the user gave them.
fn hidden_what(lang: Lang, job: &Job) -> Vec<String> {
    hidden_note(lang, job)
        .map(|_| {
            fmt(
                lang,
                &Msg::new("billing-short-hidden")
                    .arg("boot", format_duration_in(job.boot, lang == Lang::Zh))
                    .arg("pull", format_duration_in(job.pull, lang == Lang::Zh)),
            )
        })
        .into_iter()
        .collect()
}

/// One assumption line: label, value, and where it came from.
pub fn assumption_msg(lang: Lang, a: &billing::Assumption) -> Msg {
    let label = fmt(lang, &Msg::new("billing-key").arg("key", a.key.as_str()));
    let value = match (a.key.as_str(), a.value.as_str()) {
        ("tier", u) => unit_label(lang, u),
        (_, v @ ("yes" | "no" | "boot" | "job" | "unknown")) => {
            fmt(lang, &Msg::new("billing-value").arg("value", v))
        }
        (_, v) => crate::answer::common::localize_value(lang, v),
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
            .arg("source", crate::catalog::warn::source_domain(s))
            .arg("as_of", a.as_of.clone().unwrap_or_else(|| "undated".into())),
        None => base,
    }
}

/// The labelled extra lines beside a ranking: the cheapest spot offer and the cheapest member
/// price (`billing::spot_alternative`, `billing::member_alternative`).
#[derive(Clone, Copy, Default)]
pub struct Alternatives<'a> {
    pub spot: Option<&'a RankedOffer>,
    pub member: Option<&'a RankedOffer>,
}

/// The ranked table with each offer's deciding rule; shared with the CLI's text output. On a
/// phone the first message is the title, the top three as one line each, the spot line and
/// what was assumed (the boot and pull minutes, with the words that change them).
pub fn compare_reply(
    catalog: &Catalog,
    lang: Lang,
    g: &Gpu,
    req: &JobRequest,
    currency: &str,
    offers: &[RankedOffer],
    extra: Alternatives<'_>,
) -> Reply {
    let Alternatives { spot, member } = extra;
    let zh = lang == Lang::Zh;
    let title = Msg::new("billing-compare-title")
        .arg("gpu", g.display_name(lang == Lang::Zh))
        .arg("cards", req.cards)
        .arg("job", job_text(lang, &req.job))
        .arg("currency", currency);
    // The cheapest spot offer, as a labelled extra line, when it beats the ranking's first.
    let spot_line = spot
        .filter(|s| {
            offers
                .first()
                .is_none_or(|o| s.cost.total_cost < o.cost.total_cost)
        })
        .map(|s| {
            Msg::new("billing-spot-line")
                .arg("platform", platform_name(catalog, zh, &s.platform_id))
                .arg("total", total_text(s))
                .arg("as_of", s.quote.as_of.as_str())
        });
    // The cheapest member price, labelled, when it beats the figure anyone can pay.
    let member_line = super::member::cheaper(member, offers.first()).map(|m| {
        let name = platform_name(catalog, zh, &m.platform_id);
        super::member::member_line(lang, name, m, total_text(m))
    });
    if offers.is_empty() {
        let mut r = Reply::text(title)
            .with(Msg::new("billing-compare-empty").arg("gpu", g.display_name(lang == Lang::Zh)));
        for m in [spot_line, member_line].into_iter().flatten() {
            r.push(m);
        }
        return r;
    }
    let table = compare_table(catalog, lang, offers);
    let mut short = vec![
        Part::Text(title.clone()),
        crate::phone::top(lang, Part::Table(table.clone()), crate::phone::TOP_ROWS),
    ];
    let mut r = Reply::text(title).with_table(table);
    // The floors' group, right under the table: which rows, and the rule that put them last.
    let floor_group = floor_group_msg(offers);
    if let Some(m) = &floor_group {
        r.push(m.clone());
    }
    push_compare_why(&mut r, catalog, lang, offers);
    for o in offers {
        push_quote_notes(
            &mut r,
            lang,
            &platform_name(catalog, zh, &o.platform_id),
            g,
            o,
        );
    }
    if offers.iter().any(|o| o.details.uses_month) {
        r.push(Msg::new("billing-month-note"));
    }
    if let Some(f) = offers.iter().find_map(|o| o.details.fx.as_ref()) {
        r.push(fx_msg(f));
    }
    if let Some(note) = hidden_note(lang, &req.job) {
        r.push(note);
    }
    let top = &offers[..offers.len().min(crate::phone::TOP_ROWS)];
    if let Some(m) = floor_group.filter(|_| top.iter().any(RankedOffer::is_floor)) {
        short.push(Part::Text(m));
    }
    let mut footers = Vec::new();
    if offers.iter().any(RankedOffer::is_range) {
        footers.push((
            top.iter().any(RankedOffer::is_range),
            Msg::new("billing-range-footer"),
        ));
    }
    if offers.iter().any(|o| o.stale) {
        footers.push((
            top.iter().any(|o| o.stale),
            Msg::new("billing-stale-footer"),
        ));
    }
    for m in [spot_line, member_line].into_iter().flatten() {
        footers.push((true, m));
    }
    for (shown, m) in footers {
        if shown {
            short.push(Part::Text(m.clone()));
        }
        r.push(m);
    }
    r.push(Msg::new("billing-compare-hint"));
    let mut shape = crate::phone::Short::default();
    for part in short {
        shape = shape.part(part);
    }
    shape
        .assumed(&hidden_what(lang, &req.job), &["boot=0 pull=0", "boot=1m"])
        .over(lang, r)
}

/// Where the offers priced on a "from" floor start and end (they rank after every firm price,
/// `billing::rank_order`) and the rule that put them there; `None` without floors.
pub(crate) fn floor_group_msg(offers: &[RankedOffer]) -> Option<Msg> {
    let first = offers.iter().position(RankedOffer::is_floor)?;
    let count = offers.len() - first;
    Some(
        Msg::new("billing-floor-group")
            .arg("first", first + 1)
            .arg("last", offers.len())
            .arg("count", count)
            .arg("firm", first),
    )
}

/// One row per ranked offer: rank, platform, list price, tier, billed time, total, per
/// useful hour, date (`*` when stale); a phone's line is platform · price · billed · total
/// · date.
fn compare_table(catalog: &Catalog, lang: Lang, offers: &[RankedOffer]) -> Table {
    let zh = lang == Lang::Zh;
    let rows = offers
        .iter()
        .enumerate()
        .map(|(i, o)| {
            let date = match staleness(o) {
                "undated" => "? *".to_string(),
                "stale" => format!("{} *", o.quote.as_of),
                _ => o.quote.as_of.clone(),
            };
            vec![
                format!("{}", i + 1),
                platform_name(catalog, zh, &o.platform_id),
                quote_cell(lang, &o.quote),
                tier_label(lang, &o.quote.tier),
                format_duration_in(o.cost.billed_seconds, zh),
                total_text_in(lang, o),
                format_money(o.cost.effective_per_useful_hour, &o.cost.currency),
                date,
            ]
        })
        .collect();
    Table {
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
        lead: vec![1, 2, 4, 5, 7],
    }
}

/// Each offer's deciding rule and how many of its rules were assumed.
fn push_compare_why(r: &mut Reply, catalog: &Catalog, lang: Lang, offers: &[RankedOffer]) {
    for (i, o) in offers.iter().enumerate() {
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
                .arg(
                    "platform",
                    platform_name(catalog, lang == Lang::Zh, &o.platform_id),
                )
                .arg("rule", rule)
                .arg("assumed", assumed),
        );
    }
}

fn platform_name(catalog: &Catalog, zh: bool, id: &str) -> String {
    catalog
        .platform(id)
        .map(|p| p.display_name(zh).to_string())
        .unwrap_or_else(|_| id.to_string())
}

/// A list price cell: the quote's price, and for a whole multi-card instance its size. A
/// "from" price (the lowest of several configurations) keeps its word, as `/gpu` shows it:
/// the bill is a floor, not the price every instance costs.
pub(crate) fn quote_cell(lang: Lang, q: &crate::catalog::PriceQuote) -> String {
    let mut price = price_text(lang, q.amount, &q.currency, PriceUnit::Time(q.per));
    if q.from {
        price = fmt(lang, &Msg::new("price-from").arg("price", price));
    }
    if q.cards > 1 {
        fmt(
            lang,
            &Msg::new("billing-instance-price")
                .arg("price", price)
                .arg("cards", q.cards),
        )
    } else {
        price
    }
}

/// What the price choice did to one offer: a whole instance paid for beyond the cards the job
/// needs, and current readings of the price that disagree (a range with dates).
fn push_quote_notes(r: &mut Reply, lang: Lang, platform: &str, g: &Gpu, o: &RankedOffer) {
    if let Some(paid) = o.instance_cards {
        r.push(
            Msg::new("billing-instance-note")
                .arg("platform", platform)
                .arg("gpu", g.display_name(lang == Lang::Zh))
                .arg("size", o.quote.cards)
                .arg("cards", o.cards)
                .arg("paid", paid),
        );
    }
    if let Some(range) = &o.range {
        let unit = PriceUnit::Time(o.quote.per);
        r.push(
            Msg::new("billing-readings-range")
                .arg("platform", platform)
                .arg("low", price_text(lang, range.low, &range.currency, unit))
                .arg("low_as_of", range.low_as_of.as_str())
                .arg("high", price_text(lang, range.high, &range.currency, unit))
                .arg("high_as_of", range.high_as_of.as_str()),
        );
    }
}

/// `/compare` restricted to the platforms named: says so under the title, and names each one
/// that lists no price for the card (never another platform in its place).
pub fn only_named(
    catalog: &Catalog,
    lang: Lang,
    g: &Gpu,
    named: &[String],
    offers: &[RankedOffer],
    mut r: Reply,
) -> Reply {
    if named.is_empty() {
        return r;
    }
    let zh = lang == Lang::Zh;
    let sep = if zh { "、" } else { ", " };
    let names = |ids: &mut dyn Iterator<Item = &String>| {
        ids.map(|p| platform_name(catalog, zh, p))
            .collect::<Vec<_>>()
            .join(sep)
    };
    let missing: Vec<&String> = named
        .iter()
        .filter(|p| !offers.iter().any(|o| &o.platform_id == *p))
        .collect();
    let mut at = 1;
    r.insert(
        at,
        Part::Text(Msg::new("billing-compare-only").arg("platforms", names(&mut named.iter()))),
    );
    if !missing.is_empty() {
        at += 1;
        r.insert(
            at,
            Part::Text(
                Msg::new("billing-compare-unlisted")
                    .arg("platforms", names(&mut missing.into_iter()))
                    .arg("gpu", g.display_name(zh)),
            ),
        );
    }
    r
}
