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
    assert_eq!(p("4090 三块卡 跑5小时"), None);
    assert_eq!(
        p("2 bucks an hour").unwrap().currency.as_deref(),
        Some("USD")
    );
    assert_eq!(p("4090跑40分钟"), None);
    assert_eq!(p("4090每小时多少钱"), None);
    assert_eq!(p("2.5元/时 一个月多少").unwrap().per, hour);
    // A little over an amount is not that amount.
    assert_eq!(p("4090 两块多一小时的有吗"), None);
    assert_eq!(p("一小时2块多少钱一个月").unwrap().amount, 2.into());
    assert_eq!(
        p("under 30 cents an hour").unwrap().amount,
        "0.30".parse().unwrap()
    );
}

/// Every currency word the reader finds after a number is one the lexicon reads (`bucks`).
#[test]
fn every_currency_word_is_the_lexicons() {
    for w in super::price::CURRENCY_WORDS.iter() {
        assert!(crate::lexicon::parse_currency(w).is_ok(), "{w}");
    }
}

/// A budget's currency word is the longest currency word in it: `20美元` is dollars though it
/// ends in `元`.
#[test]
fn a_currency_word_is_its_longest_match() {
    use super::currency_word as c;
    for (w, want) in [
        ("20美元", Some("USD")),
        ("30美金", Some("USD")),
        ("50刀", Some("USD")),
        ("$20", Some("USD")),
        ("30元", Some("CNY")),
        ("100块钱", Some("CNY")),
        ("¥30", Some("CNY")),
        ("￥30", Some("CNY")),
        ("200人民币", Some("CNY")),
        ("30", None),
        ("30欧元", None),
    ] {
        assert_eq!(c(w), want, "{w}");
    }
}

pub(super) mod round_trip {
    //! Every reading of the corpora, rendered to its echo line and parsed again by the
    //! command's own parser, is the same typed request: the reader and the commands build one
    //! struct per command, and the line is written in words with one meaning.

    use super::super::request::{Money, Request};
    use super::super::{Reading, read};
    use crate::billing::PriceUnit;
    use crate::catalog::Catalog;
    use crate::context::{ChatRef, Ctx};
    use crate::i18n::Lang;
    use crate::store::Store;
    use crate::units::TimeUnit;
    use rust_decimal::Decimal;

    const CORPORA: &[&str] = &[
        include_str!("../../tests/data/questions_hand.tsv"),
        include_str!("../../tests/data/questions_generated.tsv"),
        include_str!("../../tests/data/questions_voices.tsv"),
        include_str!("../../tests/data/questions_fresh.tsv"),
        include_str!("../../tests/data/questions_fresh2.tsv"),
        include_str!("../../tests/data/questions_fresh3.tsv"),
        include_str!("../../tests/data/questions_fresh4.tsv"),
        include_str!("../../tests/data/questions_fresh5.tsv"),
        include_str!("../../tests/data/questions_fresh6.tsv"),
        include_str!("../../tests/data/questions_fresh7.tsv"),
        include_str!("../../tests/data/questions_fresh8.tsv"),
        include_str!("../../tests/data/questions_fresh9.tsv"),
        include_str!("../../tests/data/questions_fresh10.tsv"),
        include_str!("../../tests/data/questions_fresh11.tsv"),
        include_str!("../../tests/data/questions_fresh12.tsv"),
        include_str!("../../tests/data/questions_fresh13.tsv"),
        include_str!("../../tests/data/questions_fresh14.tsv"),
        include_str!("../../tests/data/questions_fresh15.tsv"),
        include_str!("../../tests/data/questions_left26.tsv"),
    ];

    fn check(ctx: &Ctx, r: &Request) {
        let line = r.line();
        assert!(super::super::is_known_command(&line), "{line}");
        // A reading of `/tco` that leaves parts out is answered with what `/tco` needs; one
        // with every part reads back like any other.
        if let Request::Tco(t) = r
            && (t.model.is_none() || t.gpu.is_none() || t.tokens.is_none())
        {
            return;
        }
        match Request::parse(ctx, &line) {
            Some(Ok(back)) => assert_eq!(&back, r, "{line}"),
            Some(Err(_)) => panic!("{line} is refused by its own command"),
            None => panic!("{line} has no parser"),
        }
    }

    /// Reads each question and checks every reading reads back through its command's own
    /// parser; how many readings were checked.
    pub(in crate::understand) fn read_back<'a>(
        questions: impl IntoIterator<Item = &'a str>,
    ) -> usize {
        read_back_with(questions, read)
    }

    /// [`read_back`] with a reader of its own (a follow-up read after its first question).
    fn read_back_with<'a>(
        questions: impl IntoIterator<Item = &'a str>,
        read: impl Fn(&Catalog, &str) -> Reading,
    ) -> usize {
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
        for q in questions {
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
        checked
    }

    /// The questions of some corpora, without their expected lines.
    fn questions_of(corpora: &[&'static str]) -> impl Iterator<Item = &'static str> {
        corpora.iter().flat_map(|corpus| {
            corpus
                .lines()
                .filter(|l| !l.starts_with('#') && !l.is_empty())
                .map(|line| line.split('\t').next().unwrap_or_default())
        })
    }

    // The corpora in two halves, two tests: the longest test of the crate, run on two threads
    // (the suite's wall time on a 2-core machine, issue 28).
    #[test]
    fn every_reading_reads_back_as_the_same_request() {
        let checked = read_back(questions_of(&CORPORA[..CORPORA.len() / 2]));
        assert!(checked > 250, "{checked} readings");
    }

    #[test]
    fn every_reading_of_the_later_corpora_reads_back_as_the_same_request() {
        let checked = read_back(questions_of(&CORPORA[CORPORA.len() / 2..]));
        assert!(checked > 250, "{checked} readings");
    }

    /// Every follow-up's reading (the last request with a slot changed) reads back too.
    #[test]
    fn every_follow_up_reads_back_as_the_same_request() {
        let pairs = include_str!("../../tests/data/follow_ups.tsv")
            .lines()
            .filter(|l| !l.starts_with('#') && !l.is_empty());
        let checked = read_back_with(pairs, |catalog, line| {
            let mut cols = line.split('\t');
            let (first, follow) = (cols.next().unwrap(), cols.next().unwrap());
            match read(catalog, first) {
                Reading::Command(last) => super::super::read_after(catalog, follow, Some(&last)),
                other => other,
            }
        });
        assert!(checked >= 60, "{checked} readings");
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
