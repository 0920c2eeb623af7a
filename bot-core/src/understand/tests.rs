//! The reader's own tests: prices, and the round trip from a reading to its line and back.

use super::price::find_price;
use super::text::normalize;
use crate::billing::PriceUnit;

#[test]
fn prices_are_found_with_their_currency_and_unit() {
    let p = |t: &str| find_price(&normalize(t)).map(|(p, _)| p);
    let hour = PriceUnit::parse("hour");
    assert_eq!(p("¥2.5/小时合多少美元").unwrap().per, hour);
    assert_eq!(p("¥2.5/小时").unwrap().currency.as_deref(), Some("CNY"));
    let s = p("$0.0007 per second").unwrap();
    assert_eq!(
        (s.currency.as_deref(), s.per),
        (Some("USD"), PriceUnit::parse("second"))
    );
    assert_eq!(p("2.5刀").unwrap().currency.as_deref(), Some("USD"));
    assert_eq!(p("2.5刀一小时").unwrap().per, hour);
    assert_eq!(p("每秒0.0007美元").unwrap().per, PriceUnit::parse("second"));
    // Spoken amounts: yuan and jiao, two yuan.
    assert_eq!(p("7块2").unwrap().amount, "7.2".parse().unwrap());
    assert_eq!(p("2块5一小时").unwrap().per, hour);
    assert_eq!(p("两块钱一小时").unwrap().amount, 2.into());
    assert_eq!(p("$2.5/hr").unwrap().per, hour);
    assert_eq!(p("¥1.88/小时").unwrap().amount, "1.88".parse().unwrap());
    // Not prices: cards, durations, counts.
    assert_eq!(p("两块3090跑qwen2.5-32b"), None);
    assert_eq!(p("4090跑40分钟"), None);
    assert_eq!(p("4090每小时多少钱"), None);
}

mod round_trip {
    //! Every reading of the corpora, rendered to its line and parsed again by the command's
    //! own parser, gives back the same typed facts: the reader and the commands agree on every
    //! word, because the line is written in words with one meaning.

    use super::super::request::{Cards, Money, Request, Usage};
    use super::super::{Reading, read};
    use crate::billing::{Pattern, PriceUnit};
    use crate::catalog::Catalog;
    use crate::context::{ChatRef, Ctx};
    use crate::i18n::Lang;
    use crate::lexicon;
    use crate::store::Store;
    use crate::units::TimeUnit;
    use crate::vram::{ModelRef, Quant, Task};
    use rust_decimal::Decimal;

    const CORPORA: &[&str] = &[
        include_str!("../../tests/data/questions_hand.tsv"),
        include_str!("../../tests/data/questions_generated.tsv"),
        include_str!("../../tests/data/questions_voices.tsv"),
        include_str!("../../tests/data/questions_fresh.tsv"),
        include_str!("../../tests/data/questions_fresh2.tsv"),
    ];

    fn args(line: &str) -> &str {
        line.split_once(' ').map_or("", |(_, a)| a)
    }

    fn same_model(m: &ModelRef, word: &str) {
        match m {
            ModelRef::Known(k) => assert_eq!(k.id, word),
            ModelRef::BySize { params_b, .. } => {
                assert_eq!(Some(Ok(*params_b)), lexicon::params_b(word), "{word}")
            }
        }
    }

    fn check_fit(ctx: &Ctx, line: &str, model: &str, quant: Option<Quant>, task: Option<Task>) {
        let p = crate::answer::fit::parse(ctx, args(line)).unwrap_or_else(|_| panic!("{line}"));
        same_model(&p.req.model, model);
        assert_eq!(p.quant_given, quant.is_some(), "{line}");
        if let Some(q) = quant {
            assert_eq!(p.req.quant, q, "{line}");
        }
        assert_eq!(p.req.task, task.unwrap_or(Task::Infer), "{line}");
    }

    fn check_gpu(ctx: &Ctx, line: &str, gpu: &Option<Cards>) {
        let p = crate::answer::fit::parse(ctx, args(line)).unwrap_or_else(|_| panic!("{line}"));
        let got = p.req.gpu.map(|g| Cards {
            gpu: g.id.clone(),
            count: p.req.cards,
        });
        assert_eq!(&got, gpu, "{line}");
    }

    fn check_usage(line: &str, gpu: &Cards, usage: &Usage) {
        let req = crate::answer::billing::parse_job_request(args(line))
            .unwrap_or_else(|e| panic!("{line}: {e}"));
        assert_eq!(req.names.last(), Some(&gpu.gpu), "{line}");
        assert_eq!(req.cards, gpu.count, "{line}");
        match (usage, &req.job.pattern) {
            (Usage::Once(s), Pattern::OneOff) => assert_eq!(req.job.work, *s, "{line}"),
            (Usage::Daily(s), Pattern::Daily { hours, .. }) => {
                assert_eq!(*hours * Decimal::from(3600), *s, "{line}")
            }
            (Usage::Always, Pattern::AlwaysOn { .. }) => {}
            (u, p) => panic!("{line}: {u:?} read back as {p:?}"),
        }
    }

    fn check_cap(ctx: &Ctx, line: &str, q: crate::availability::StockQuery, max: &Option<Money>) {
        match max {
            Some(m) => {
                assert_eq!(q.max_per_gpu_hour, Some(m.amount), "{line}");
                if let Some(c) = &m.currency {
                    assert_eq!(&q.max_currency, c, "{line}");
                }
            }
            None => assert_eq!(q.max_per_gpu_hour, None, "{line}"),
        }
        let _ = ctx;
    }

    fn check(ctx: &Ctx, r: &Request) {
        let line = r.line();
        match r {
            Request::Fit {
                model,
                quant,
                task,
                ctx: window,
                gpu,
            } => {
                check_fit(ctx, &line, model, *quant, *task);
                check_gpu(ctx, &line, gpu);
                let p = crate::answer::fit::parse(ctx, args(&line)).unwrap();
                if let Some(w) = window {
                    assert_eq!(Some(p.req.context as u64), lexicon::context_tokens(w));
                }
            }
            Request::Cost {
                platform,
                gpu,
                usage,
            } => {
                check_usage(&line, gpu, usage);
                let req = crate::answer::billing::parse_job_request(args(&line)).unwrap();
                assert_eq!(req.names.first(), Some(platform), "{line}");
            }
            Request::CostAt { price, usage } => {
                let req = crate::answer::billing::parse_job_request(args(&line)).unwrap();
                let p = lexicon::parse_price(&req.names[0]).unwrap();
                assert_eq!(
                    (p.amount, p.currency.as_ref()),
                    (price.amount, price.currency.as_ref())
                );
                if let Usage::Once(s) = usage {
                    assert_eq!(req.job.work, *s, "{line}");
                }
            }
            Request::Compare { gpu, usage } => check_usage(&line, gpu, usage),
            Request::Stock { gpu, platform, max } => {
                let q = crate::answer::stock::parse(ctx, args(&line))
                    .unwrap_or_else(|_| panic!("{line}"));
                assert_eq!((&q.gpu, &q.provider), (gpu, platform), "{line}");
                check_cap(ctx, &line, q, max);
            }
            Request::Subscribe { gpu, platform, max } => {
                let (q, _) = crate::answer::alerts::terms(ctx, args(&line))
                    .unwrap_or_else(|_| panic!("{line}"));
                assert_eq!((&q.gpu, &q.provider), (gpu, platform), "{line}");
                check_cap(ctx, &line, q, max);
            }
            Request::Convert {
                price,
                to,
                currency,
            } => {
                let q = crate::answer::billing::parse_convert("USD", args(&line))
                    .unwrap_or_else(|e| panic!("{line}: {e}"));
                assert_eq!(q.amount, price.amount, "{line}");
                assert_eq!(Some(q.from_unit), price.per, "{line}");
                assert_eq!(q.to_unit, *to, "{line}");
                if let Some(c) = currency {
                    assert_eq!(&q.to_currency, c, "{line}");
                }
            }
            Request::Gpu(ids) => {
                for id in ids {
                    assert_eq!(&ctx.catalog.gpu(id).unwrap().id, id, "{line}");
                }
            }
            Request::Platform(id) => {
                assert_eq!(&ctx.catalog.platform(id).unwrap().id, id, "{line}")
            }
            Request::Trend(g) => {
                let q = crate::answer::trend::parse(ctx, args(&line))
                    .unwrap_or_else(|_| panic!("{line}"));
                assert_eq!(&q.gpu, g, "{line}");
            }
            Request::Tco {
                model: Some(model),
                quant,
                gpu: Some(gpu),
                volume: Some(v),
                ..
            } => {
                // `/tco` reads its model, quantization and card as `/fit` does.
                let fit = format!("/fit {model} {} {}", quant.key(), gpu.word());
                check_fit(ctx, &fit, model, Some(*quant), None);
                check_gpu(ctx, &fit, &Some(gpu.clone()));
                let words: Vec<&str> = line.split_whitespace().collect();
                assert_eq!(lexicon::token_count(words[4]), Some(*v as f64), "{line}");
            }
            Request::Tco { .. } | Request::Platforms(_) | Request::Pick | Request::Help => {}
        }
        assert!(super::super::is_known_command(&line), "{line}");
    }

    #[test]
    fn every_reading_reads_back_as_the_same_facts() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(&dir.path().join("t.redb")).unwrap();
        let catalog = Catalog::embedded().unwrap();
        let who = ChatRef::terminal(Some("en"));
        let ctx = Ctx {
            catalog: &catalog,
            store: &store,
            who: &who,
            lang: Lang::En,
            currency: "USD".into(),
            bare_currency: "USD".into(),
            today: crate::catalog::parse_date("2026-11-30").unwrap(),
            is_operator: false,
        };
        let mut checked = 0;
        for corpus in CORPORA {
            for line in corpus
                .lines()
                .filter(|l| !l.starts_with('#') && !l.is_empty())
            {
                let q = line.split('\t').next().unwrap_or_default();
                let requests = match read(&catalog, q) {
                    Reading::Command(r) => vec![r],
                    Reading::Ask(rs) => rs,
                    Reading::Unknown => continue,
                };
                for r in &requests {
                    check(&ctx, r);
                    checked += 1;
                }
            }
        }
        assert!(checked > 500, "{checked} readings");
    }

    #[test]
    fn hour_is_the_unit_a_bare_cap_is_read_in() {
        let m = Money {
            amount: Decimal::from(3),
            currency: Some("CNY".into()),
            per: None,
        };
        assert_eq!(m.rate_word(PriceUnit::Time(TimeUnit::Hour)), "3cny/hour");
    }
}
