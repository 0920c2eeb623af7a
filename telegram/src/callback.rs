//! Inline-button payloads: the shared versioned codec ([`gpuscout_frontend::choice`]) at
//! Telegram's 64-byte limit on `callback_data`.

use gpuscout_frontend::choice::{ChoiceData, ChoiceError, TELEGRAM_LIMIT};

/// Telegram's limit on `callback_data`, in bytes.
pub const MAX_CALLBACK_BYTES: usize = TELEGRAM_LIMIT;

/// What a button press means (`v1|<choice id>`, at most 64 bytes).
pub type CallbackData = ChoiceData<MAX_CALLBACK_BYTES>;

/// Why a payload could not be used.
pub type CallbackError = ChoiceError;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_choice_round_trips() {
        let c = CallbackData::Choice("task:finetune".into());
        let wire = c.encode().unwrap();
        assert_eq!(wire, "v1|task:finetune");
        assert_eq!(CallbackData::try_from(wire.as_str()), Ok(c));
    }

    #[test]
    fn payloads_over_64_bytes_are_never_produced() {
        let ok = CallbackData::Choice("x".repeat(MAX_CALLBACK_BYTES - 3));
        assert_eq!(ok.encode().unwrap().len(), MAX_CALLBACK_BYTES);
        let long = CallbackData::Choice("x".repeat(MAX_CALLBACK_BYTES - 2));
        assert_eq!(
            long.encode(),
            Err(CallbackError::TooLong { len: 65, limit: 64 })
        );
        // Multi-byte ids are measured in bytes, as Telegram does.
        assert!(CallbackData::Choice("显".repeat(21)).encode().is_err());
        assert_eq!(
            CallbackData::try_from("v2|x"),
            Err(CallbackError::UnknownVersion("v2".into()))
        );
    }
}
