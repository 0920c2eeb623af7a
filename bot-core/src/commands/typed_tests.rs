//! Each command reads its argument text once into its own struct; these check the parsers of
//! the commands a question never names (the question reader's are checked by round trips).

use super::def::Typed;
use super::{ALL, find};
use crate::answer::alerts::Unsubscribe;
use crate::answer::error::AnswerError;
use crate::availability::StockLevel;
use crate::catalog::Catalog;
use crate::context::{ChatRef, Ctx};
use crate::i18n::Lang;
use crate::store::Store;
use rust_decimal::Decimal;

fn with_ctx(operator: bool, f: impl FnOnce(&Ctx)) {
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
        bare_currency: "CNY".into(),
        today: crate::catalog::parse_date("2026-11-30").unwrap(),
        is_operator: operator,
    };
    f(&ctx);
}

fn usage_of(e: AnswerError) -> String {
    match e {
        AnswerError::BadArg(msg, usage) => format!("{} {usage}", msg.id),
        AnswerError::MissingArgs(usage) => format!("missing {usage}"),
        AnswerError::OperatorsOnly(id) => id.to_string(),
        AnswerError::Unreadable(r) => format!("unreadable {:?}", r.parts.first()),
        other => format!("{other}"),
    }
}

#[test]
fn a_command_with_slots_takes_typed_arguments_and_one_without_reads_none() {
    for def in ALL {
        if !def.slots.is_empty() {
            assert!(
                def.run.takes_args(),
                "/{} has slots but reads no text",
                def.name
            );
        }
    }
    // Those without slots and without a first answer ignore what follows their name.
    for name in [
        "start", "help", "gpus", "models", "subs", "status", "cancel", "back",
    ] {
        assert!(!find(name).unwrap().run.takes_args(), "/{name}");
    }
}

#[test]
fn unsubscribe_reads_an_id_or_all() {
    use super::unsubscribe::Cmd;
    with_ctx(false, |ctx| {
        assert_eq!(Cmd::parse(ctx, "3").unwrap(), Unsubscribe::One(3));
        assert_eq!(Cmd::parse(ctx, "#12").unwrap(), Unsubscribe::One(12));
        assert_eq!(Cmd::parse(ctx, "ALL").unwrap(), Unsubscribe::All);
        assert_eq!(Cmd::parse(ctx, "全部").unwrap(), Unsubscribe::All);
        for bad in ["three", "-1", "3 4"] {
            let e = usage_of(Cmd::parse(ctx, bad).unwrap_err());
            assert_eq!(e, "alerts-error-id usage-unsubscribe", "{bad}");
        }
    });
}

#[test]
fn report_is_gated_before_it_reads_and_reads_card_names_of_several_words() {
    use super::report::Cmd;
    with_ctx(false, |ctx| {
        // A refusal whatever was typed, even nothing readable.
        assert_eq!(usage_of(Cmd::gate(ctx).unwrap_err()), "report-not-operator");
    });
    with_ctx(true, |ctx| {
        assert!(Cmd::gate(ctx).is_ok());
        let rtx = ctx.catalog.gpu("rtx 4090").unwrap().id.clone();
        let a = Cmd::parse(ctx, "autodl rtx 4090 in ¥1.98").unwrap();
        assert_eq!(
            (a.platform.as_str(), a.gpu.as_str()),
            ("autodl", rtx.as_str())
        );
        assert_eq!(a.raw_name, "rtx 4090");
        assert_eq!(a.stock, Some(StockLevel::Available));
        assert_eq!(a.price, Some((Decimal::new(198, 2), "CNY".to_string())));
        // Order-free tail; a bare price is in the platform's own currency.
        let b = Cmd::parse(ctx, "autodl 4090 1.5 out").unwrap();
        assert_eq!(b.stock, Some(StockLevel::Unavailable));
        let autodl = ctx.catalog.platform("autodl").unwrap();
        assert_eq!(
            b.price,
            Some((Decimal::new(15, 1), autodl.currency.clone()))
        );
        assert_eq!(
            usage_of(Cmd::parse(ctx, "autodl 4090").unwrap_err()),
            "missing usage-report"
        );
        assert_eq!(
            usage_of(Cmd::parse(ctx, "autodl rtx 4090 soon").unwrap_err()),
            "report-error-what usage-report"
        );
        assert_eq!(
            usage_of(Cmd::parse(ctx, "autodl 4090 0 in").unwrap_err()),
            "stock-error-price usage-report"
        );
        // A name the catalog does not know is answered with its "did you mean".
        assert!(
            usage_of(Cmd::parse(ctx, "autodl rtx 4099 in").unwrap_err()).starts_with("unreadable")
        );
        assert!(
            usage_of(Cmd::parse(ctx, "nowhere 4090 in").unwrap_err()).starts_with("unreadable")
        );
    });
}

#[test]
fn trial_reads_the_ledger_words_or_one_entry() {
    use super::trial::{Cmd, TrialArgs};
    with_ctx(false, |ctx| {
        for list in ["", "list", "LS", "列表", "记录"] {
            assert_eq!(Cmd::parse(ctx, list).unwrap(), TrialArgs::List, "{list:?}");
        }
        let TrialArgs::Record(e) = Cmd::parse(ctx, "autodl 4090 90m 3.2").unwrap() else {
            panic!("an entry");
        };
        assert_eq!(e.platform, "autodl");
        assert_eq!(e.gpu, ctx.catalog.gpu("rtx 4090").unwrap().id);
        assert_eq!(e.wall_seconds, Decimal::from(5400));
        // A bare cost is in the chat's bare currency, not the display one (filled in at
        // run time, as the day is).
        assert_eq!((e.cost, e.currency.as_str()), (Decimal::new(32, 1), ""));
        let run = TrialArgs::resolved(&e, ctx);
        assert_eq!((run.currency.as_str(), run.recorded_on), ("CNY", ctx.today));
        assert_eq!(e.card_hours, Decimal::new(15, 1));
        // Platform and card of several words; card-hours at the end.
        let TrialArgs::Record(two) = Cmd::parse(ctx, "autodl rtx 4090 1h $2 2ch").unwrap() else {
            panic!("an entry with card-hours");
        };
        assert_eq!(
            (two.card_hours, two.currency.as_str()),
            (Decimal::from(2), "USD")
        );
        assert!(Cmd::parse(ctx, "autodl 4090 soon").is_err());
        // Without its platform and card: what a card-hour cost, never recorded.
        let TrialArgs::Unplaced(u) = Cmd::parse(ctx, "3h 7.2cny").unwrap() else {
            panic!("an unplaced trial");
        };
        assert_eq!(
            (u.cost, u.per_card_hour()),
            (Decimal::new(72, 1), Decimal::new(24, 1))
        );
        // Every form writes a line that reads back to itself.
        for line in [
            "3h 7.2cny",
            "autodl rtx-4090 1h20m 7.2cny",
            "autodl 4090 1h $2 2ch",
            "2h 5",
        ] {
            let a = Cmd::parse(ctx, line).unwrap();
            assert_eq!(Cmd::parse(ctx, &a.words().join(" ")).unwrap(), a, "{line}");
        }
    });
}

#[test]
fn lang_and_currency_read_a_choice_or_nothing() {
    with_ctx(false, |ctx| {
        use super::{currency, lang};
        assert_eq!(lang::Cmd::parse(ctx, "").unwrap(), None);
        assert_eq!(lang::Cmd::parse(ctx, "中文").unwrap(), Some(Lang::Zh));
        assert_eq!(
            usage_of(lang::Cmd::parse(ctx, "fr").unwrap_err()),
            "error-bad-lang usage-lang"
        );
        assert_eq!(currency::Cmd::parse(ctx, "").unwrap(), None);
        assert_eq!(
            currency::Cmd::parse(ctx, "rmb").unwrap().as_deref(),
            Some("CNY")
        );
        assert_eq!(
            usage_of(currency::Cmd::parse(ctx, "eur").unwrap_err()),
            "currency-error-unknown usage-currency"
        );
    });
}

#[test]
fn offers_reads_its_filter_and_says_when_a_cap_was_bare() {
    use super::offers::Cmd;
    with_ctx(false, |ctx| {
        let a = Cmd::parse(ctx, "h100 cards>=8 max=2.5").unwrap();
        assert!(a.bare_cap);
        // The chat's currency is filled in at run time, so a reading made without the chat
        // builds the same request.
        assert_eq!(a.filter.currency, "");
        assert_eq!(a.resolved(ctx).currency, "CNY");
        assert_eq!(a.filter.min_cards, Some(8));
        assert_eq!(a.filter.max_price, Some(Decimal::new(25, 1)));
        let b = Cmd::parse(ctx, "h100 max=$2.5").unwrap();
        assert!(!b.bare_cap);
        assert_eq!(b.filter.currency, "USD");
        assert!(Cmd::parse(ctx, "h100 cards>=zero").is_err());
        // No cap: the chat's display currency, at run time.
        let c = Cmd::parse(ctx, "h100 8x vram>=80").unwrap();
        assert_eq!(c.resolved(ctx).currency, ctx.currency);
        // The line it writes reads back to the same request.
        for line in [
            "h100 8x max=2.5",
            "h100 max=$2.5 spot",
            "vram>=48 sort=vram live",
        ] {
            let r = Cmd::parse(ctx, line).unwrap();
            let back = Cmd::parse(ctx, &r.words().join(" ")).unwrap();
            assert_eq!(back, r, "{line}");
        }
    });
}
