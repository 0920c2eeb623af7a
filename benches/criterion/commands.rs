//! Core latency of every command through `Bot::handle` (grammar, engines, Fluent-free replies,
//! the redb reads of prefs and dialogue), on the embedded catalog (×1) and on a generated one
//! a hundred times larger in issue 17's shape (×100: 4,900 GPUs, 3,200 platforms, about
//! 16,500 price rows; see `scaled`), so that an answer that grows faster than its matching rows shows up.
//!
//! `cargo bench -p gpuscout-benches --bench commands` (add `-- x100` for the large catalog only).

use bot_core::catalog::{Gpu, Platform};
use bot_core::store::{Store, db_path};
use bot_core::units::TimeUnit;
use bot_core::{Bot, Catalog, ChatRef, Input};
use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use rust_decimal::Decimal;
use std::hint::black_box;
use std::sync::Arc;
use std::time::Duration;

/// The embedded catalog `k` times over, in the shape issue 17 measured at ×100 (about 4,700
/// GPUs and 16,517 price rows: some 3.5 quotes per GPU, not the embedded catalog's 1.4).
///
/// Copy `c` of every GPU and platform gets its own id, name and aliases (`… v{c}v`). Each
/// platform copy quotes, for every quote of the original:
/// - copy `c` of the GPU at the listed price (the copy's own offer);
/// - copy `c + 1` of the GPU (wrapping) at 1–9% more, as a second region or reseller, so a
///   card is quoted by twice as many platforms as in the embedded catalog;
/// - for two in three hourly single-card on-demand quotes, a `spot` row on copy `c` at
///   55–79% of it, the commonest extra tier.
///
/// At `k = 100`: 4,900 GPUs, 3,200 platforms and about 16,500 price rows (the bench prints
/// the counts). Copy 0 is the embedded catalog itself (its GPUs then have the extra quotes too).
pub fn scaled(k: usize) -> Catalog {
    let base = Catalog::embedded().expect("embedded catalog");
    if k <= 1 {
        return base;
    }
    let tag = |s: &str, c: usize| format!("{s} v{c}v");
    let id = |s: &str, c: usize| {
        if c == 0 {
            s.to_string()
        } else {
            format!("{s}-v{c}v")
        }
    };
    let pct = |n: usize| Decimal::from(n as u64) / Decimal::from(100);
    let mut gpus: Vec<Gpu> = Vec::new();
    let mut platforms: Vec<Platform> = Vec::new();
    for c in 0..k {
        for g in &base.gpus {
            let mut g = g.clone();
            if c > 0 {
                g.id = id(&g.id, c);
                g.name = tag(&g.name, c);
                g.aliases = g.aliases.iter().map(|a| tag(a, c)).collect();
            }
            gpus.push(g);
        }
        for p in &base.platforms {
            let mut p = p.clone();
            if c > 0 {
                p.id = id(&p.id, c);
                p.name = tag(&p.name, c);
                p.name_zh = p.name_zh.as_deref().map(|z| tag(z, c));
                p.aliases = p.aliases.iter().map(|a| tag(a, c)).collect();
                for n in &mut p.nicknames {
                    n.name = tag(&n.name, c);
                }
            }
            let mut prices = Vec::with_capacity(p.prices.len() * 3);
            for (i, q) in p.prices.iter().enumerate() {
                let mut own = q.clone();
                own.gpu = id(&q.gpu, c);
                let mut region = q.clone();
                region.gpu = id(&q.gpu, (c + 1) % k);
                region.amount = (q.amount * (Decimal::ONE + pct(1 + (c + i) % 9))).round_dp(4);
                let spot = (q.tier == "on_demand"
                    && q.cards == 1
                    && q.per == TimeUnit::Hour
                    && (c + i) % 3 != 0)
                    .then(|| {
                        let mut s = own.clone();
                        s.tier = "spot".into();
                        s.amount = (q.amount * pct(55 + (c * 7 + i) % 25)).round_dp(4);
                        s
                    });
                prices.push(own);
                prices.push(region);
                prices.extend(spot);
            }
            p.prices = prices;
            platforms.push(p);
        }
    }
    Catalog::from_parts(gpus, platforms, base.models.clone(), base.fx.clone())
        .expect("the scaled catalog validates")
}

/// One line per command of the command table, as a user types it.
const LINES: &[(&str, &str)] = &[
    ("start", "/start"),
    ("help", "/help"),
    ("lang", "/lang"),
    ("gpu", "/gpu 4090"),
    ("gpus", "/gpus"),
    ("platform", "/platform autodl"),
    ("platforms", "/platforms"),
    ("models", "/models"),
    ("convert", "/convert 0.0007 usd/s to hour"),
    ("cost", "/cost autodl 4090 40m"),
    ("compare", "/compare 4090 3h"),
    ("fit", "/fit qwen2.5-72b int4 ctx=32k 4090"),
    ("fit options", "/fit qwen2.5-7b int4"),
    ("fit lora", "/fit qwen2.5-7b lora ctx=4k"),
    ("tco", "/tco qwen2.5-7b int4 4090 20m 0.3"),
    ("trial", "/trial"),
    ("stock", "/stock 4090"),
    ("cancel", "/cancel"),
    ("back", "/back"),
    ("question", "how much does a 4090 cost for 3 hours"),
];

fn bot_for(catalog: Catalog) -> (tempfile::TempDir, Bot) {
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(Store::open(&db_path(dir.path())).unwrap());
    let mut bot = Bot::new(Arc::new(catalog), store);
    bot.today = bot_core::catalog::parse_date("2026-11-30");
    (dir, bot)
}

fn commands(c: &mut Criterion) {
    for (scale, catalog) in [("x1", scaled(1)), ("x100", scaled(100))] {
        let rows: usize = catalog.platforms.iter().map(|p| p.prices.len()).sum();
        eprintln!(
            "{scale}: {} GPUs, {} platforms, {rows} price rows",
            catalog.gpus.len(),
            catalog.platforms.len()
        );
        let (_dir, bot) = bot_for(catalog);
        let who = ChatRef::terminal(Some("en"));
        let mut group = c.benchmark_group(format!("command/{scale}"));
        group.sample_size(10);
        group.warm_up_time(Duration::from_millis(300));
        group.measurement_time(Duration::from_secs(2));
        for (name, line) in LINES {
            // A bench of an error answer would measure nothing: say what each line answers.
            let first = bot.handle(&who, Input::Text((*line).into()));
            let id = first
                .replies
                .first()
                .and_then(|r| r.parts.first())
                .map(|p| match p {
                    bot_core::reply::Part::Text(m) => m.id.to_string(),
                    _ => "(table or raw)".to_string(),
                });
            eprintln!("{scale} {line}: {id:?}");
            group.bench_function(BenchmarkId::from_parameter(name), |b| {
                b.iter(|| black_box(bot.handle(&who, Input::Text((*line).into()))))
            });
        }
        // The /pick card step: the usage answer runs the fit engine and prices every card
        // that holds the job (then /back, so each iteration is the same step).
        bot.handle(&who, Input::Text("/pick".into()));
        for choice in ["t:tune", "m:qwen2.5-7b", "q:lora", "c:4096"] {
            bot.handle(&who, Input::Choice(choice.into()));
        }
        group.bench_function("pick card step (+ back)", |b| {
            b.iter(|| {
                black_box(bot.handle(&who, Input::Choice("u:3h".into())));
                black_box(bot.handle(&who, Input::Text("/back".into())));
            })
        });
        group.finish();
    }
}

criterion_group!(benches, commands);
criterion_main!(benches);
