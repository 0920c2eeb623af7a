//! The lexicon's readers (durations, prices, amounts, sizes, counts, options) on any text;
//! a duration the bot writes must read back as itself.
#![no_main]

use bot_core::lexicon;
use bot_core::units::{format_duration, parse_duration};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    if let Ok(secs) = parse_duration(text) {
        let whole = secs.ceil();
        if whole > rust_decimal::Decimal::ZERO {
            let again = parse_duration(&format_duration(whole)).expect("a written duration reads");
            assert_eq!(again, whole, "{text:?}");
        }
    }
    let _ = lexicon::parse_price(text);
    let _ = lexicon::parse_amount("price", text);
    let _ = lexicon::parse_size_gb("disk", text);
    let _ = lexicon::parse_dur("work", text);
    let _ = lexicon::parse_currency(text);
    let _ = lexicon::split_options(text);
    for w in text.split_whitespace() {
        let _ = lexicon::token_count(w);
        let _ = lexicon::context_tokens(w);
        let _ = lexicon::card_count(w);
        let _ = lexicon::cards_and_name(w);
        let _ = lexicon::params_b(w);
        let _ = lexicon::model_size(w);
        let _ = lexicon::option(w);
    }
});
