//! The button-payload codec on any input: decoding never panics, every id that fits encodes
//! and decodes back to itself, and nothing over the platform's limit gets through.

use gpuscout_frontend::choice::{DISCORD_LIMIT, TELEGRAM_LIMIT};
use gpuscout_frontend::{ChoiceData, ChoiceError};
use proptest::prelude::*;

type Telegram = ChoiceData<TELEGRAM_LIMIT>;
type Discord = ChoiceData<DISCORD_LIMIT>;

proptest! {
    #![proptest_config(ProptestConfig { cases: 2048, ..ProptestConfig::default() })]

    #[test]
    fn decoding_any_payload_never_panics_and_respects_the_limit(data in any::<String>()) {
        match Telegram::try_from(data.as_str()) {
            Ok(ChoiceData::Choice(id)) => {
                prop_assert!(data.len() <= TELEGRAM_LIMIT);
                prop_assert_eq!(format!("v1|{id}"), data.clone());
            }
            Err(ChoiceError::TooLong { len, limit }) => {
                prop_assert_eq!(len, data.len());
                prop_assert!(len > limit);
            }
            Err(_) => {}
        }
        let _ = Discord::try_from(data.as_str());
    }

    #[test]
    fn ids_round_trip_when_they_fit(id in prop_oneof!["[a-z]:[a-z0-9:._-]{0,80}", ".{1,40}"]) {
        let choice = Telegram::Choice(id.clone());
        match choice.encode() {
            Ok(wire) => {
                prop_assert!(wire.len() <= TELEGRAM_LIMIT);
                prop_assert_eq!(Telegram::try_from(wire.as_str()).unwrap(), choice);
            }
            Err(ChoiceError::TooLong { len, .. }) => prop_assert!(len > TELEGRAM_LIMIT),
            Err(e) => prop_assert!(false, "unexpected {e:?}"),
        }
        let wide = Discord::Choice(id);
        if let Ok(wire) = wide.encode() {
            prop_assert_eq!(Discord::try_from(wire.as_str()).unwrap(), wide);
        }
    }
}
