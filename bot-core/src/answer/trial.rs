//! `/trial`: record what a small trial really took and compare it with the list price; `/trial
//! list` shows the ledger. The arithmetic is [`crate::trial`]'s.

use super::common::{not_found_reply, store_error_reply};
use crate::billing::money::{format_money, resolve_fx};
use crate::catalog::{Catalog, STALE_AFTER_DAYS};
use crate::context::Ctx;
use crate::i18n::Lang;
use crate::lexicon::{parse_dur, parse_price};
use crate::reply::{Msg, Reply, Table};
use crate::store::{Record, TypedTable, Versioned, tables};
use crate::trial::{TrialEntry, TrialError, list_per_card_hour};
use rust_decimal::Decimal;

/// The trial ledger's rows: versioned `TrialEntry` records (rows written before versions,
/// the bare entry, still read).
const TRIALS: TypedTable<Versioned<TrialEntry>> = TypedTable::new(tables::TRIALS.name());

/// Version 1 is `TrialEntry` as it is now.
impl Record for TrialEntry {
    const VERSION: u32 = 1;
}

fn error_reply(e: TrialError) -> Reply {
    let msg = match &e {
        TrialError::Shape => Msg::new("trial-error-shape"),
        TrialError::BadDuration(t) => Msg::new("trial-error-duration").said("text", t),
        TrialError::BadCost(t) => Msg::new("trial-error-cost").said("text", t),
        TrialError::BadCardHours(t) => Msg::new("trial-error-card-hours").said("text", t),
        TrialError::Zero => Msg::new("trial-error-zero"),
    };
    Reply::text(msg).with(Msg::new("usage-trial"))
}

/// Parses `/trial` words into an entry. The platform and GPU may be several words
/// ("tencent hai", "rtx 4090"), so the numbers are read from the end.
pub fn parse_entry(
    catalog: &Catalog,
    words: &[&str],
    currency: &str,
    today: i64,
) -> Result<TrialEntry, Reply> {
    if words.len() < 4 {
        return Err(error_reply(TrialError::Shape));
    }
    // Optional card-hours at the end: a bare number or `2ch` / `2卡时`.
    let (card_hours, rest) = {
        let last = words[words.len() - 1];
        let trimmed = last
            .trim_end_matches("ch")
            .trim_end_matches("卡时")
            .trim_end_matches("card-hours");
        let looks_like_cost = parse_price(last)
            .map(|p| p.currency.is_some())
            .unwrap_or(false);
        if words.len() >= 5 && !looks_like_cost && trimmed.parse::<Decimal>().is_ok() {
            let v: Decimal = trimmed
                .parse()
                .map_err(|_| error_reply(TrialError::BadCardHours(last.into())))?;
            (Some(v), &words[..words.len() - 1])
        } else {
            (None, words)
        }
    };
    let n = rest.len();
    let cost_text = rest[n - 1];
    let wall_text = rest[n - 2];
    let price =
        parse_price(cost_text).map_err(|_| error_reply(TrialError::BadCost(cost_text.into())))?;
    if price.per.is_some() {
        return Err(error_reply(TrialError::BadCost(cost_text.into())));
    }
    let wall = parse_dur("wall time", wall_text)
        .map_err(|_| error_reply(TrialError::BadDuration(wall_text.into())))?;
    // Platform is the longest prefix of the remaining words that names one; the GPU is the rest.
    let names = &rest[..n - 2];
    let mut found = None;
    for split in (1..names.len()).rev() {
        let pname = names[..split].join(" ");
        let gname = names[split..].join(" ");
        if let (Ok(p), Ok(g)) = (catalog.platform(&pname), catalog.gpu(&gname)) {
            found = Some((p.id.clone(), g.id.clone()));
            break;
        }
    }
    let (platform, gpu) = match found {
        Some(x) => x,
        None => {
            if names.is_empty() {
                return Err(error_reply(TrialError::Shape));
            }
            // Say which part did not resolve.
            if let Err(nf) = catalog.platform(names[0]) {
                return Err(not_found_reply(&nf));
            }
            let gname = names[1..].join(" ");
            return Err(match catalog.gpu(&gname) {
                Err(nf) => not_found_reply(&nf),
                Ok(_) => error_reply(TrialError::Shape),
            });
        }
    };
    let card_hours = card_hours.unwrap_or(wall / Decimal::from(3600));
    if wall <= Decimal::ZERO || card_hours <= Decimal::ZERO {
        return Err(error_reply(TrialError::Zero));
    }
    Ok(TrialEntry {
        platform,
        gpu,
        wall_seconds: wall,
        cost: price.amount,
        currency: price.currency.unwrap_or_else(|| currency.to_string()),
        card_hours,
        recorded_on: today,
    })
}

/// `3h 7.2cny [2ch]`: a trial said without its platform and card (`花了7块2跑了3小时`); the
/// entry's platform and card are empty and it is never recorded. `None` when the words are
/// not a wall time and a cost.
pub fn parse_unplaced(words: &[&str]) -> Option<TrialEntry> {
    let (wall_text, cost_text, ch) = match words {
        [w, c] => (*w, *c, None),
        [w, c, h] => (*w, *c, Some(*h)),
        _ => return None,
    };
    let wall = parse_dur("wall time", wall_text).ok()?;
    let price = parse_price(cost_text).ok().filter(|p| p.per.is_none())?;
    let card_hours = match ch {
        Some(h) => h
            .trim_end_matches("ch")
            .trim_end_matches("卡时")
            .parse::<Decimal>()
            .ok()?,
        None => wall / Decimal::from(3600),
    };
    (wall > Decimal::ZERO && card_hours > Decimal::ZERO && price.amount > Decimal::ZERO).then(
        || TrialEntry {
            platform: String::new(),
            gpu: String::new(),
            wall_seconds: wall,
            cost: price.amount,
            currency: price.currency.unwrap_or_default(),
            card_hours,
            recorded_on: 0,
        },
    )
}

/// What a card-hour of a trial said without its platform and card really cost, and how to
/// record it (it is compared with a list price only once they are known).
pub fn unplaced(ctx: &Ctx, e: &TrialEntry) -> Reply {
    let zh = ctx.lang == Lang::Zh;
    Reply::text(
        Msg::new("trial-unplaced")
            .arg("amount", format_money(e.per_card_hour(), &e.currency))
            .arg("cost", format_money(e.cost, &e.currency))
            .arg("wall", crate::units::format_duration_in(e.wall_seconds, zh)),
    )
    .with(
        Msg::new("trial-unplaced-where")
            .arg("wall", crate::billing::format_span(e.wall_seconds))
            .arg(
                "cost",
                format!("{}{}", e.cost.normalize(), e.currency.to_lowercase()),
            ),
    )
}

/// Records a trial (read by [`parse_entry`]) in the asker's ledger, compared with the list price.
pub fn record(ctx: &Ctx, entry: &TrialEntry) -> Result<Reply, Reply> {
    let stamp = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or(0);
    let key = format!("{}:{stamp:024}", ctx.who.user_key());
    ctx.store
        .put(&TRIALS, &key, &Versioned(entry.clone()))
        .map_err(|e| store_error_reply(&e))?;
    Ok(compare_reply(ctx, entry))
}

fn compare_reply(ctx: &Ctx, e: &TrialEntry) -> Reply {
    let zh = ctx.lang == Lang::Zh;
    let pname = ctx
        .catalog
        .platform(&e.platform)
        .map(|p| p.display_name(zh).to_string())
        .unwrap_or_else(|_| e.platform.clone());
    let mut r = Reply::text(
        Msg::new("trial-recorded")
            .arg("platform", pname)
            .arg(
                "gpu",
                ctx.catalog
                    .gpu(&e.gpu)
                    .map_or_else(|_| e.gpu.clone(), |g| g.display_name(zh).to_string()),
            )
            .arg("wall", crate::units::format_duration_in(e.wall_seconds, zh))
            .arg("cost", format_money(e.cost, &e.currency))
            .arg(
                "card_hours",
                e.card_hours.round_dp(2).normalize().to_string(),
            )
            // English says "1 card-hour": the figure is text (exact decimals), so its plural
            // is a word of its own.
            .arg(
                "hours_plural",
                if e.card_hours.round_dp(2) == Decimal::ONE {
                    "one"
                } else {
                    "other"
                },
            ),
    );
    let paid = e.per_card_hour();
    r.push(Msg::new("trial-per-card-hour").arg("amount", format_money(paid, &e.currency)));
    match list_per_card_hour(ctx.catalog, &e.platform, &e.gpu) {
        Some((list, quote)) => {
            let fx = match resolve_fx(Some(ctx.catalog), &quote.currency, &e.currency, None) {
                Ok(fx) => fx,
                Err(_) => {
                    r.push(
                        Msg::new("trial-no-fx")
                            .arg("from", &quote.currency)
                            .arg("to", &e.currency),
                    );
                    return r;
                }
            };
            let list_conv = list * fx.as_ref().map_or(Decimal::ONE, |f| f.rate);
            let diff_pct = ((paid - list_conv) / list_conv * Decimal::from(100)).round_dp(0);
            let stale = quote.is_stale(ctx.today, STALE_AFTER_DAYS);
            r.push(
                Msg::new("trial-vs-list")
                    .arg("list", format_money(list_conv, &e.currency))
                    .arg("as_of", &quote.as_of)
                    .arg("stale", if stale { "yes" } else { "no" })
                    .arg("pct", diff_pct.abs().to_string())
                    .arg(
                        "direction",
                        match diff_pct.cmp(&Decimal::ZERO) {
                            std::cmp::Ordering::Greater => "above",
                            std::cmp::Ordering::Less => "below",
                            std::cmp::Ordering::Equal => "equal",
                        },
                    ),
            );
            if let Some(fx) = fx {
                r.push(
                    Msg::new("trial-fx")
                        .arg("rate", fx.text())
                        .arg("as_of", fx.as_of.unwrap_or_default()),
                );
            }
        }
        None => {
            r.push(Msg::new("trial-no-list-price"));
        }
    }
    r
}

/// The asker's trial ledger.
pub fn list(ctx: &Ctx) -> Reply {
    let zh = ctx.lang == Lang::Zh;
    let prefix = format!("{}:", ctx.who.user_key());
    // Read row by row: one unreadable row (damaged, from a newer build) is skipped, not the list.
    let entries: Vec<TrialEntry> = match ctx.store.scan_prefix_rows(&TRIALS, &prefix) {
        Ok(v) => v
            .into_iter()
            .filter_map(|(_, row)| row.ok())
            .map(|Versioned(e)| e)
            .collect(),
        Err(e) => return store_error_reply(&e),
    };
    if entries.is_empty() {
        return Reply::text(Msg::new("trial-list-empty")).with(Msg::new("usage-trial"));
    }
    let rows = entries
        .iter()
        .map(|e| {
            let list = list_per_card_hour(ctx.catalog, &e.platform, &e.gpu)
                .and_then(|(l, q)| {
                    resolve_fx(Some(ctx.catalog), &q.currency, &e.currency, None)
                        .ok()
                        .map(|fx| {
                            format_money(l * fx.map_or(Decimal::ONE, |f| f.rate), &e.currency)
                        })
                })
                .unwrap_or_else(|| "?".into());
            // Names, never catalog ids, in the answer's language.
            vec![
                ctx.catalog.platform_label(&e.platform, zh),
                ctx.catalog
                    .gpu(&e.gpu)
                    .map_or_else(|_| e.gpu.clone(), |g| g.display_name(zh).to_string()),
                crate::units::format_duration_in(e.wall_seconds, zh),
                format_money(e.cost, &e.currency),
                format_money(e.per_card_hour(), &e.currency),
                list,
            ]
        })
        .collect();
    let whole =
        Reply::text(Msg::new("trial-list-title").arg("count", entries.len())).with_table(Table {
            header: vec![
                Msg::new("col-platform"),
                Msg::new("col-gpu"),
                Msg::new("col-wall"),
                Msg::new("col-cost"),
                Msg::new("col-per-card-hour"),
                Msg::new("col-list-per-card-hour"),
            ],
            rows,
            lead: vec![0, 1, 3, 4],
        });
    // On a phone: the first three runs, one line each; every run behind Details.
    let mut short = crate::phone::Short::titled(&whole).top_of(ctx.lang, &whole);
    if entries.len() > crate::phone::TOP_ROWS {
        short =
            short.line(Msg::new("stock-more").arg("count", entries.len() - crate::phone::TOP_ROWS));
    }
    short.over(ctx.lang, whole)
}
