//! Core latency of every command through `Bot::handle` (grammar, engines, Fluent-free replies,
//! the redb reads of prefs and dialogue), on the embedded catalog (×1) and on a generated one
//! a hundred times larger (×100: 4,900 GPUs, 3,200 platforms, 7,100 price rows; see
//! `scaled`), so that an answer that grows faster than its matching rows shows up.
//!
//! `cargo bench -p bot-core --bench commands` (add `-- x100` for the large catalog only).

use bot_core::catalog::{Gpu, Platform};
use bot_core::store::{Store, db_path};
use bot_core::{Bot, Catalog, ChatRef, Input};
use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use std::sync::Arc;
use std::time::Duration;

/// The embedded catalog `k` times over: copy `c` of every GPU and platform gets its own id,
/// name and aliases (`… v{c}v`), and each platform copy quotes the copies of its GPUs, so a
/// card has as many quotes as before while the catalog has `k` times the rows.
pub fn scaled(k: usize) -> Catalog {
    let base = Catalog::embedded().expect("embedded catalog");
    let tag = |s: &str, c: usize| format!("{s} v{c}v");
    let id = |s: &str, c: usize| format!("{s}-v{c}v");
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
                for q in &mut p.prices {
                    q.gpu = id(&q.gpu, c);
                }
            }
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
