//! Properties of what people type (issue 17 item 5, beside the `fuzz/` targets): the command
//! grammar, the lexicon's duration/price/amount/count readers, the plain-question reader and
//! the whole dialogue never panic on any input, and what can round-trip does.

use bot_core::billing::money::format_money;
use bot_core::units::{format_duration, parse_duration};
use bot_core::{Bot, Catalog, ChatRef, Input, command, lexicon, understand};
use proptest::prelude::*;
use rust_decimal::Decimal;
use std::sync::{Arc, OnceLock};

fn catalog() -> &'static Arc<Catalog> {
    static C: OnceLock<Arc<Catalog>> = OnceLock::new();
    C.get_or_init(|| Arc::new(Catalog::load(None).unwrap()))
}

/// Text people might type: command-ish words, numbers with units, CJK, full-width forms,
/// punctuation, and arbitrary Unicode.
fn typed() -> impl Strategy<Value = String> {
    let word = prop_oneof![
        Just("/pick".to_string()),
        Just("/fit".to_string()),
        Just("/cost".to_string()),
        Just("/compare".to_string()),
        Just("/tco".to_string()),
        Just("/stock".to_string()),
        Just("/trial".to_string()),
        Just("/convert".to_string()),
        Just("4090".to_string()),
        Just("qwen2.5-72b".to_string()),
        Just("int4".to_string()),
        Just("ctx=32k".to_string()),
        Just("autodl".to_string()),
        Just("40分钟".to_string()),
        Just("¥2/小时".to_string()),
        Just("０．５".to_string()),
        Just("1e308".to_string()),
        Just("-1".to_string()),
        "[0-9.,]{1,30}[a-z元小时分钟秒/$¥]{0,6}",
        "[a-z0-9=@/_-]{1,12}",
        any::<String>(),
    ];
    prop::collection::vec(word, 0..8).prop_map(|w| w.join(" "))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn the_command_grammar_never_panics(line in typed(), name in proptest::option::of("[a-zA-Z_]{1,10}")) {
        let _ = command::parse(&line, name.as_deref());
        let _ = command::looks_like_command(&line);
        if let Some(name) = &name {
            let _ = command::for_another_bot(&line, name);
        }
    }

    #[test]
    fn the_lexicon_never_panics(word in typed()) {
        let _ = parse_duration(&word);
        let _ = lexicon::parse_price(&word);
        let _ = lexicon::parse_amount("price", &word);
        let _ = lexicon::parse_size_gb("disk", &word);
        let _ = lexicon::parse_dur("work", &word);
        let _ = lexicon::parse_currency(&word);
        let _ = lexicon::split_options(&word);
        for w in word.split_whitespace() {
            let _ = lexicon::token_count(w);
            let _ = lexicon::context_tokens(w);
            let _ = lexicon::card_count(w);
            let _ = lexicon::cards_and_name(w);
            let _ = lexicon::params_b(w);
            let _ = lexicon::model_size(w);
            let _ = lexicon::option(w);
        }
    }

    #[test]
    fn plain_questions_never_panic(text in typed()) {
        let _ = understand::read(catalog(), &text);
    }

    /// Whole seconds written the way the bot writes them read back as the same seconds.
    #[test]
    fn durations_round_trip(secs in 1u64..=100 * 8760 * 3600) {
        let text = format_duration(Decimal::from(secs));
        prop_assert_eq!(parse_duration(&text).unwrap(), Decimal::from(secs), "{}", text);
    }

    /// An amount written plainly reads back exactly.
    #[test]
    fn amounts_round_trip(units in 0u64..10_000_000_000, scale in 0u32..8) {
        let d = Decimal::new(units as i64, scale);
        prop_assert_eq!(lexicon::parse_amount("price", &d.to_string()).unwrap(), d);
    }

    /// A price as the bot shows it (`$12.34`, `¥0.50`) reads back as the same amount and
    /// currency, per hour when written so.
    #[test]
    fn shown_prices_read_back(cents in 10u64..100_000_000, cny in any::<bool>()) {
        let amount = Decimal::new(cents as i64, 2);
        let currency = if cny { "CNY" } else { "USD" };
        let shown = format_money(amount, currency);
        let read = lexicon::parse_price(&format!("{shown}/h")).unwrap();
        prop_assert_eq!(read.amount, amount, "{}", shown);
        prop_assert_eq!(read.currency.as_deref(), Some(currency), "{}", shown);
        prop_assert!(read.per.is_some());
    }
}

proptest! {
    // Each case runs a whole conversation against a real store: fewer, longer cases.
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// Any sequence of typed lines and button presses, in any language, inside and outside
    /// `/pick`: every input gets at least one reply and nothing panics.
    #[test]
    fn the_dialogue_never_panics(steps in prop::collection::vec(
        prop_oneof![
            typed().prop_map(Input::Text),
            "[a-z]:[a-z0-9:-]{0,20}".prop_map(Input::Choice),
            any::<String>().prop_map(Input::Choice),
            Just(Input::Text("/pick".into())),
            Just(Input::Text("/back".into())),
            Just(Input::Text("1".into())),
            Just(Input::Text("2".into())),
        ],
        1..12,
    ), zh in any::<bool>()) {
        let dir = tempfile::tempdir().unwrap();
        let store = Arc::new(bot_core::Store::open(&bot_core::store::db_path(dir.path())).unwrap());
        let bot = Bot::new(catalog().clone(), store);
        let who = ChatRef::terminal(Some(if zh { "zh_CN.UTF-8" } else { "en_US.UTF-8" }));
        for (i, input) in steps.into_iter().enumerate() {
            let answer = bot
                .handle_update(&who, i as u64, input)
                .expect("a new update is answered");
            prop_assert!(!answer.replies.is_empty());
        }
    }
}
