//! `/trend <gpu> [days]`: price per GPU-hour over time per platform (a chart where a renderer
//! is wired in, and a text summary: lowest, median, change), the card's stock rhythm by hour of
//! day, and, when it is out everywhere now, the nearest card with as much memory that is in
//! stock. `/stock` borrows the rhythm and the alternative for a card that is out
//! ([`out_of_stock_notes`]).
//!
//! Hours of day are in UTC+8 for Chinese and UTC for English (no user time zone is stored).

use super::common::{fmt, not_found_reply, store_error_reply};
use super::offer_table::platform_name;
use crate::availability::{
    Freshness, PlatformSeries, Rhythm, SeriesSummary, StockQuery, format_rfc3339, gpu_key,
    price_series, stock, summarize,
};
use crate::billing::{format_money, resolve_fx};
use crate::chart::{ChartLine, ChartRenderer, PriceChart};
use crate::context::Ctx;
use crate::i18n::Lang;
use crate::reply::{Image, Msg, Reply, Table};
use rust_decimal::Decimal;
use rust_decimal::prelude::ToPrimitive;
use serde::Serialize;

/// Days shown when none are asked for.
pub const DEFAULT_DAYS: u32 = 30;
/// The longest period one answer covers (history is pruned after its retention anyway).
pub const MAX_DAYS: u32 = 365;
/// The rhythm's periods, in days.
pub const RHYTHM_DAYS: [u32; 2] = [7, 30];
/// The length of the best/worst window, in hours.
const WINDOW_HOURS: u32 = 3;

/// What to show.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TrendQuery {
    /// A catalog GPU id, or a raw provider name that has history.
    pub gpu: String,
    pub days: u32,
    /// The job the card is for, in `/fit`'s language (`qwen2.5-32b int4`), after `for`: the
    /// alternative for an out card must then fit it ([`advice::decide`]), not just match memory.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub job: Option<String>,
}

/// Words that start the job part: `/trend 4090 for qwen2.5-7b lora`.
const JOB_WORDS: &[&str] = &["for", "跑", "用于"];

/// A card in stock now that can stand in for one that is out.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Alternative {
    pub gpu: String,
    pub name: String,
    pub vram_gb: f64,
    /// Cards the job needs on it (1 when chosen by memory).
    pub cards: u32,
    /// The job it was checked to fit, when one was given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub job: Option<String>,
    pub provider: String,
    pub price_per_gpu_hour: Decimal,
    pub currency: String,
}

/// Everything `/trend` and `gpuscout trend --json` say.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TrendReport {
    pub gpu: String,
    pub gpu_name: String,
    pub days: u32,
    /// Hours since the epoch, inclusive.
    pub from_hour: i64,
    pub to_hour: i64,
    /// Hours added to UTC for hours of day and dates.
    pub offset_hours: i32,
    pub series: Vec<PlatformSeries>,
    pub summaries: Vec<SeriesSummary>,
    pub rhythms: Vec<Rhythm>,
    /// `Some(false)`: polled and in stock nowhere; `None`: nothing polled to say.
    pub in_stock_now: Option<bool>,
    pub alternative: Option<Alternative>,
    /// The job asked about (`for …`), if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub job: Option<String>,
    /// With a job: whether this card itself (one of it) holds the job.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub job_fits_card: Option<bool>,
}

/// The zone hours of day are counted in: UTC+8 for Chinese users, UTC otherwise.
pub fn zone_offset(lang: Lang) -> i32 {
    match lang {
        Lang::Zh => 8,
        _ => 0,
    }
}

fn zone_label(offset: i32) -> String {
    match offset {
        0 => "UTC".to_string(),
        o if o > 0 => format!("UTC+{o}"),
        o => format!("UTC{o}"),
    }
}

fn date(hour: i64, offset: i32) -> String {
    let text = format_rfc3339((hour + i64::from(offset)) * 3600);
    text.get(..10).unwrap_or(&text).to_string()
}

/// Reads `<gpu words> [days] [for <job>]`: days as `30`, `30d`, `30天`, `days=30`; the job
/// in `/fit`'s language.
pub fn parse(ctx: &Ctx, args: &str) -> Result<TrendQuery, Reply> {
    let all: Vec<&str> = args.split_whitespace().collect();
    let (words, job) = match all
        .iter()
        .position(|w| JOB_WORDS.iter().any(|j| w.eq_ignore_ascii_case(j)))
    {
        Some(at) => (all[..at].to_vec(), Some(all[at + 1..].join(" "))),
        None => (all, None),
    };
    if job.as_deref().is_some_and(str::is_empty) {
        return Err(Reply::text(Msg::new("error-missing-args")).with(Msg::new("usage-trend")));
    }
    if let Some(job) = &job {
        // The job is read now, so a typo is answered before any history is read.
        super::fit::parse(ctx, job).map_err(|r| *r)?;
    }
    let mut query = parse_card(ctx, &words)?;
    query.job = job;
    Ok(query)
}

fn parse_card(ctx: &Ctx, words: &[&str]) -> Result<TrendQuery, Reply> {
    let words = words.to_vec();
    if words.is_empty() {
        return Err(Reply::text(Msg::new("error-missing-args")).with(Msg::new("usage-trend")));
    }
    let mut days = DEFAULT_DAYS;
    let mut name = words.clone();
    // A plain number may belong to the card ("a100 80"): only when the whole text is not a
    // card is a trailing number read as days; `30d`, `30天`, `days=30` always are.
    let last = words[words.len() - 1];
    let marked = last
        .strip_suffix(['d', 'D', '天'])
        .or_else(|| last.strip_prefix("days="))
        .filter(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()));
    let plain = last.bytes().all(|b| b.is_ascii_digit());
    let whole_is_card = ctx.catalog.find_gpu(&words.join(" ")).is_some();
    let day_text = match marked {
        Some(n) => Some(n),
        None if plain && !whole_is_card && words.len() >= 2 => Some(last),
        None => None,
    };
    if let Some(n) = day_text {
        match n.parse::<u32>() {
            Ok(d) if (1..=MAX_DAYS).contains(&d) => days = d,
            _ => {
                return Err(Reply::text(
                    Msg::new("trend-error-days")
                        .said("text", last)
                        .arg("max", MAX_DAYS),
                )
                .with(Msg::new("usage-trend")));
            }
        }
        name.pop();
    }
    if name.is_empty() {
        return Err(Reply::text(Msg::new("error-missing-args")).with(Msg::new("usage-trend")));
    }
    let raw = name.join(" ");
    match ctx.catalog.gpu(&raw) {
        Ok(g) => Ok(TrendQuery {
            gpu: g.id.clone(),
            days,
            job: None,
        }),
        Err(nf) => {
            // A card the catalog does not know may still have history under its raw name.
            let has = price_series(ctx.store, &raw, 0).map_err(|e| store_error_reply(&e))?;
            if has.is_empty() {
                Err(not_found_reply(&nf))
            } else {
                Ok(TrendQuery {
                    gpu: gpu_key(&raw),
                    days,
                    job: None,
                })
            }
        }
    }
}

/// The report at `now` (seconds since the epoch).
pub fn report(ctx: &Ctx, query: &TrendQuery, now: i64) -> Result<TrendReport, Reply> {
    let to_hour = now.div_euclid(3600);
    let from_hour = to_hour - i64::from(query.days) * 24 + 1;
    let longest = query.days.max(RHYTHM_DAYS[RHYTHM_DAYS.len() - 1]);
    let all = price_series(ctx.store, &query.gpu, to_hour - i64::from(longest) * 24 + 1)
        .map_err(|e| store_error_reply(&e))?;
    let offset = zone_offset(ctx.lang);
    let rhythms = RHYTHM_DAYS
        .iter()
        .map(|&d| Rhythm::of(&all, to_hour, d, offset))
        .collect();
    let series: Vec<PlatformSeries> = all
        .into_iter()
        .filter_map(|mut s| {
            s.points.retain(|p| p.hour >= from_hour);
            (!s.points.is_empty()).then_some(s)
        })
        .collect();
    let summaries = series.iter().filter_map(summarize).collect();
    let in_stock_now = in_stock_now(ctx, &query.gpu, now)?;
    let alternative = match (&query.job, in_stock_now) {
        (Some(job), Some(false)) => alternative_for_job(ctx, &query.gpu, job, now)?,
        (None, Some(false)) => alternative(ctx, &query.gpu, now)?,
        _ => None,
    };
    let job_fits_card = match &query.job {
        Some(job) => job_fits(ctx, &query.gpu, job)?,
        None => None,
    };
    Ok(TrendReport {
        gpu: query.gpu.clone(),
        gpu_name: gpu_name(ctx, &query.gpu),
        days: query.days,
        from_hour,
        to_hour,
        offset_hours: offset,
        series,
        summaries,
        rhythms,
        in_stock_now,
        alternative,
        job: query.job.clone(),
        job_fits_card,
    })
}

/// Does one of `gpu` hold `job`? `None` for a card the catalog does not know.
fn job_fits(ctx: &Ctx, gpu: &str, job: &str) -> Result<Option<bool>, Reply> {
    let Ok(card) = ctx.catalog.gpu(gpu) else {
        return Ok(None);
    };
    let mut p = super::fit::parse(ctx, job).map_err(|r| *r)?;
    p.req.gpu = Some(card);
    p.req.cards = 1;
    let fit =
        crate::advice::decide(ctx.catalog, &p.req, &p.opts).map_err(|e| Reply::text(e.msg()))?;
    Ok(Some(
        fit.report.holds_all() || (fit.fits() && fit.report.fits.is_none()),
    ))
}

/// The cheapest configuration (by the catalog's list prices, as `/fit` ranks them) that holds
/// `job` and is in stock now with enough cards in one offer; `gpu` itself is skipped.
pub fn alternative_for_job(
    ctx: &Ctx,
    gpu: &str,
    job: &str,
    now: i64,
) -> Result<Option<Alternative>, Reply> {
    let mut p = super::fit::parse(ctx, job).map_err(|r| *r)?;
    p.req.gpu = None;
    p.req.cards = 1;
    let fit =
        crate::advice::decide(ctx.catalog, &p.req, &p.opts).map_err(|e| Reply::text(e.msg()))?;
    for o in fit.report.options.iter().filter(|o| o.fits && o.gpu != gpu) {
        let view = stock(ctx.store, &query_for(ctx, &o.gpu), now, |_| {
            Some(Decimal::ONE)
        })
        .map_err(|e| store_error_reply(&e))?;
        let Some(row) = view
            .rows
            .iter()
            .find(|r| r.offer.stock.in_stock() && r.offer.cards >= o.cards)
        else {
            continue;
        };
        return Ok(Some(Alternative {
            gpu: o.gpu.clone(),
            name: gpu_name(ctx, &o.gpu),
            vram_gb: o.vram_gb,
            cards: o.cards,
            job: Some(job.to_string()),
            provider: row.offer.provider.clone(),
            price_per_gpu_hour: row.offer.price_per_gpu_hour,
            currency: row.offer.currency.clone(),
        }));
    }
    Ok(None)
}

fn gpu_name(ctx: &Ctx, gpu: &str) -> String {
    ctx.catalog
        .gpu(gpu)
        .map(|g| {
            g.display_name(ctx.lang == crate::i18n::Lang::Zh)
                .to_string()
        })
        .unwrap_or_else(|_| gpu.to_string())
}

/// Is the card in stock on any platform whose latest data is shown (under 24 h old)?
/// `None` when no such data mentions it and no feed was polled recently.
fn in_stock_now(ctx: &Ctx, gpu: &str, now: i64) -> Result<Option<bool>, Reply> {
    let view = stock(ctx.store, &query_for(ctx, gpu), now, |_| Some(Decimal::ONE))
        .map_err(|e| store_error_reply(&e))?;
    if view.rows.iter().any(|r| r.offer.stock.in_stock()) {
        return Ok(Some(true));
    }
    let polled = view
        .providers
        .iter()
        .any(|p| matches!(p.freshness, Some(Freshness::Fresh | Freshness::Stale)));
    Ok(polled.then_some(false))
}

fn query_for(ctx: &Ctx, gpu: &str) -> StockQuery {
    StockQuery {
        gpu: gpu.to_string(),
        provider: None,
        max_per_gpu_hour: None,
        max_currency: ctx.currency.clone(),
    }
}

/// The nearest catalog card with at least `gpu`'s memory that is in stock now (fewest GB
/// first, then the cheapest offer): whatever fitted the card that is out fits this one too.
/// No model is named in `/stock` or `/trend`, so memory is the fit that can be checked.
pub fn alternative(ctx: &Ctx, gpu: &str, now: i64) -> Result<Option<Alternative>, Reply> {
    let Ok(target) = ctx.catalog.gpu(gpu) else {
        return Ok(None);
    };
    let mut candidates: Vec<_> = ctx
        .catalog
        .gpus
        .iter()
        .filter(|g| g.id != target.id && g.vram_gb >= target.vram_gb)
        .collect();
    candidates.sort_by(|a, b| a.vram_gb.total_cmp(&b.vram_gb).then(a.id.cmp(&b.id)));
    let mut best: Option<Alternative> = None;
    for g in candidates {
        if best.as_ref().is_some_and(|b| b.vram_gb < g.vram_gb) {
            break;
        }
        let view = stock(ctx.store, &query_for(ctx, &g.id), now, |_| {
            Some(Decimal::ONE)
        })
        .map_err(|e| store_error_reply(&e))?;
        // Rows come on-demand first (spot after), in stock first, cheapest first.
        let Some(row) = view.rows.iter().find(|r| r.offer.stock.in_stock()) else {
            continue;
        };
        let cheaper = best.as_ref().is_none_or(|b| {
            b.currency == row.offer.currency && row.offer.price_per_gpu_hour < b.price_per_gpu_hour
        });
        if cheaper {
            best = Some(Alternative {
                gpu: g.id.clone(),
                name: g.name.clone(),
                vram_gb: g.vram_gb,
                cards: 1,
                job: None,
                provider: row.offer.provider.clone(),
                price_per_gpu_hour: row.offer.price_per_gpu_hour,
                currency: row.offer.currency.clone(),
            });
        }
    }
    Ok(best)
}

/// The chart of a report: one line per platform, in the first series' currency (others are
/// converted with the catalog's dated rate, or left out when there is none).
pub fn chart_of(ctx: &Ctx, report: &TrendReport) -> Option<PriceChart> {
    let currency = report.series.first()?.currency.clone();
    let mut lines = Vec::new();
    for s in &report.series {
        let rate = if s.currency == currency {
            Decimal::ONE
        } else {
            match resolve_fx(Some(ctx.catalog), &s.currency, &currency, None) {
                Ok(Some(fx)) => fx.rate,
                _ => continue,
            }
        };
        let label = if report
            .series
            .iter()
            .filter(|o| o.provider == s.provider)
            .count()
            > 1
        {
            format!("{} ({})", s.provider, s.currency)
        } else {
            s.provider.clone()
        };
        lines.push(ChartLine {
            label: ascii(&label),
            points: s
                .points
                .iter()
                .filter_map(|p| Some((p.hour, (p.cheapest_per_gpu_hour * rate).to_f64()?)))
                .collect(),
        });
    }
    // Ids, codes and dates only: the same image serves readers of either language.
    Some(PriceChart {
        title: ascii(&format!(
            "{}  {currency}/GPU/h  {} - {} ({})",
            report.gpu,
            date(report.from_hour, report.offset_hours),
            date(report.to_hour, report.offset_hours),
            zone_label(report.offset_hours)
        )),
        y_label: ascii(&format!("{currency}/GPU/h")),
        from_hour: report.from_hour,
        to_hour: report.to_hour,
        offset_hours: report.offset_hours,
        lines,
    })
}

/// Chart text is drawn with an ASCII-only font: anything else becomes `?`.
fn ascii(s: &str) -> String {
    s.chars()
        .map(|c| {
            if c.is_ascii() && !c.is_control() {
                c
            } else {
                '?'
            }
        })
        .collect()
}

/// The chat answer at `now`; with a renderer, the chart rides on the reply as its image.
pub fn chat(ctx: &Ctx, args: &str, now: i64, charts: Option<&dyn ChartRenderer>) -> Reply {
    let query = match parse(ctx, args) {
        Ok(q) => q,
        Err(r) => return r,
    };
    match report(ctx, &query, now) {
        Ok(rep) => reply(ctx, &rep, charts),
        Err(r) => r,
    }
}

/// The reply for a report.
pub fn reply(ctx: &Ctx, rep: &TrendReport, charts: Option<&dyn ChartRenderer>) -> Reply {
    let zone = zone_label(rep.offset_hours);
    let title = Msg::new("trend-title")
        .arg("gpu", &rep.gpu_name)
        .arg("days", rep.days)
        .arg("from", date(rep.from_hour, rep.offset_hours))
        .arg("to", date(rep.to_hour, rep.offset_hours))
        .arg("zone", zone.as_str());
    let mut r = Reply::default();
    if rep.summaries.is_empty() {
        r.push(
            Msg::new("trend-no-history")
                .arg("gpu", &rep.gpu_name)
                .arg("days", rep.days)
                .arg("where", super::common::audience(&ctx.who.platform)),
        );
    } else {
        r.push(title);
        if let Some(chart) = chart_of(ctx, rep) {
            match charts.map(|c| c.price_chart(&chart)) {
                Some(Ok(png)) => {
                    r.image = Some(Box::new(Image {
                        png,
                        caption: Msg::new("trend-caption")
                            .arg("gpu", &rep.gpu_name)
                            .arg("days", rep.days),
                    }));
                }
                Some(Err(_)) => {
                    r.push(Msg::new("trend-no-chart"));
                }
                None => {}
            }
        }
        for s in &rep.summaries {
            r.push(summary_line(ctx, s));
        }
    }
    let rhythm = rhythm_parts(ctx, rep, &mut r);
    let verdict = r.parts.len();
    out_of_stock_parts(ctx, rep, &mut r, rhythm);
    let verdict = r.parts[verdict..].to_vec();
    if !rep.summaries.is_empty() {
        r.push(Msg::new("trend-note").arg("zone", zone));
    }
    super::trend_short::shape(ctx, &rep.summaries, verdict, r)
}

fn summary_line(ctx: &Ctx, s: &SeriesSummary) -> Msg {
    let change = match s.change_percent {
        Some(c) => {
            let sign = if c > Decimal::ZERO { "+" } else { "" };
            format!("{sign}{}%", c.normalize())
        }
        None => fmt(ctx.lang, &Msg::new("trend-change-none")),
    };
    Msg::new("trend-line")
        .arg("platform", platform_name(ctx, &s.provider))
        .arg("lowest", format_money(s.lowest, &s.currency))
        .arg("median", format_money(s.median, &s.currency))
        .arg("first", format_money(s.first, &s.currency))
        .arg("last", format_money(s.last, &s.currency))
        .arg("change", change)
        .arg("points", s.points)
        .arg("stocked", s.in_stock_hours)
}

/// The rhythm: one line per period (best and worst 3-hour windows) and a 24-hour strip. A
/// longer period with no more hours than the shorter one says nothing new and is left out.
/// Returns whether anything was shown.
fn rhythm_parts(ctx: &Ctx, rep: &TrendReport, r: &mut Reply) -> bool {
    if rep.rhythms.iter().all(|h| h.total_seen() == 0) {
        return false;
    }
    let zone = zone_label(rep.offset_hours);
    r.push(
        Msg::new("trend-rhythm-title")
            .arg("gpu", &rep.gpu_name)
            .arg("zone", zone.as_str()),
    );
    let hh = |h: u32| format!("{:02}:00", h % 24);
    let mut rows = Vec::new();
    let mut shown_hours = None;
    for h in &rep.rhythms {
        if shown_hours == Some(h.total_seen()) {
            continue;
        }
        shown_hours = Some(h.total_seen());
        match h.best_and_worst(WINDOW_HOURS) {
            Some((best, worst)) => {
                _ = r.push(
                    Msg::new("trend-rhythm-line")
                        .arg("days", h.days)
                        .arg("best_from", hh(best.start_hour))
                        .arg("best_to", hh(best.start_hour + best.hours))
                        .arg("best", best.share_percent)
                        .arg("worst_from", hh(worst.start_hour))
                        .arg("worst_to", hh(worst.start_hour + worst.hours))
                        .arg("worst", worst.share_percent)
                        .arg("hours", h.total_seen()),
                )
            }
            None => {
                _ = r.push(
                    Msg::new("trend-rhythm-none")
                        .arg("days", h.days)
                        .arg("covered", h.covered()),
                )
            }
        }
        rows.push(vec![
            fmt(ctx.lang, &Msg::new("trend-days-short").arg("days", h.days)),
            h.sparkline(),
        ]);
    }
    *r = std::mem::take(r).with_table(Table {
        header: vec![
            Msg::new("trend-col-period"),
            Msg::new("trend-col-hours").arg("zone", zone),
        ],
        rows,
        lead: Vec::new(),
    });
    true
}

fn out_of_stock_parts(ctx: &Ctx, rep: &TrendReport, r: &mut Reply, rhythm_shown: bool) {
    if let (Some(job), Some(false)) = (&rep.job, rep.job_fits_card) {
        r.push(
            Msg::new("trend-job-too-big")
                .arg("gpu", &rep.gpu_name)
                .arg("job", job),
        );
    }
    if rep.in_stock_now != Some(false) {
        return;
    }
    r.push(
        Msg::new("trend-out-now")
            .arg("gpu", &rep.gpu_name)
            .arg("rhythm", if rhythm_shown { "yes" } else { "no" }),
    );
    match &rep.alternative {
        Some(a) if a.job.is_some() => r.push(
            Msg::new("trend-alternative-job")
                .arg("job", a.job.clone().unwrap_or_default())
                .arg("cards", a.cards)
                .arg("alt", &a.name)
                .arg("alt_id", &a.gpu)
                .arg("platform", platform_name(ctx, &a.provider))
                .arg("price", format_money(a.price_per_gpu_hour, &a.currency)),
        ),
        None if rep.job.is_some() => r.push(
            Msg::new("trend-alternative-job-none").arg("job", rep.job.clone().unwrap_or_default()),
        ),
        Some(a) => r.push(
            Msg::new("trend-alternative")
                .arg("alt", &a.name)
                .arg("alt_id", &a.gpu)
                .arg("vram", a.vram_gb)
                .arg("platform", platform_name(ctx, &a.provider))
                .arg("price", format_money(a.price_per_gpu_hour, &a.currency)),
        ),
        None => r.push(Msg::new("trend-alternative-none")),
    };
}

/// For `/stock`: when the card is out on every platform polled, its stock rhythm and the
/// nearest card with as much memory that is in stock now; nothing otherwise.
pub fn out_of_stock_notes(ctx: &Ctx, query: &StockQuery, now: i64) -> Option<Reply> {
    // A platform or price filter asks a narrower question than "is it out everywhere".
    if query.provider.is_some() || query.max_per_gpu_hour.is_some() {
        return None;
    }
    let rep = report(
        ctx,
        &TrendQuery {
            gpu: query.gpu.clone(),
            days: RHYTHM_DAYS[RHYTHM_DAYS.len() - 1],
            job: None,
        },
        now,
    )
    .ok()?;
    if rep.in_stock_now != Some(false) {
        return None;
    }
    let mut r = Reply::default();
    let rhythm = rhythm_parts(ctx, &rep, &mut r);
    out_of_stock_parts(ctx, &rep, &mut r, rhythm);
    Some(r)
}
