//! Inline-button payloads: typed, versioned, at most 64 bytes (Telegram's limit).
//!
//! Wire form `v1|<choice id>`. A button pressed on a message sent by an older (or newer)
//! version of the bot decodes to [`CallbackError::UnknownVersion`] and gets a polite answer
//! instead of being misread.

use std::fmt;

/// Telegram's limit on `callback_data`, in bytes.
pub const MAX_CALLBACK_BYTES: usize = 64;
const V1: &str = "v1";

/// What a button press means.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CallbackData {
    /// A `bot_core::reply::Choice` id, fed back as `Input::Choice`.
    Choice(String),
}

/// Why a payload could not be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CallbackError {
    #[error("button payload from an unknown version {0:?}")]
    UnknownVersion(String),
    #[error("malformed button payload")]
    Malformed,
    #[error("button payload is {0} bytes; Telegram allows {MAX_CALLBACK_BYTES}")]
    TooLong(usize),
}

impl CallbackData {
    /// The `callback_data` string, or `TooLong` if Telegram would reject it.
    pub fn encode(&self) -> Result<String, CallbackError> {
        let text = self.to_string();
        if text.len() > MAX_CALLBACK_BYTES {
            return Err(CallbackError::TooLong(text.len()));
        }
        Ok(text)
    }
}

impl fmt::Display for CallbackData {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CallbackData::Choice(id) => write!(f, "{V1}|{id}"),
        }
    }
}

impl TryFrom<&str> for CallbackData {
    type Error = CallbackError;

    fn try_from(data: &str) -> Result<Self, Self::Error> {
        if data.len() > MAX_CALLBACK_BYTES {
            return Err(CallbackError::TooLong(data.len()));
        }
        let (version, rest) = data.split_once('|').ok_or(CallbackError::Malformed)?;
        match version {
            V1 if !rest.is_empty() => Ok(CallbackData::Choice(rest.to_string())),
            V1 => Err(CallbackError::Malformed),
            other => Err(CallbackError::UnknownVersion(other.to_string())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_choice_round_trips() {
        let c = CallbackData::Choice("task:finetune".into());
        let wire = c.encode().unwrap();
        assert_eq!(wire, "v1|task:finetune");
        assert_eq!(CallbackData::try_from(wire.as_str()), Ok(c));
        // Ids may themselves contain the separator.
        assert_eq!(
            CallbackData::try_from("v1|a|b"),
            Ok(CallbackData::Choice("a|b".into()))
        );
    }

    #[test]
    fn other_versions_and_junk_are_refused() {
        assert_eq!(
            CallbackData::try_from("v2|x"),
            Err(CallbackError::UnknownVersion("v2".into()))
        );
        assert_eq!(
            CallbackData::try_from("task:finetune"),
            Err(CallbackError::Malformed)
        );
        assert_eq!(CallbackData::try_from("v1|"), Err(CallbackError::Malformed));
    }

    #[test]
    fn payloads_over_64_bytes_are_never_produced() {
        let ok = CallbackData::Choice("x".repeat(MAX_CALLBACK_BYTES - 3));
        assert_eq!(ok.encode().unwrap().len(), MAX_CALLBACK_BYTES);
        let long = CallbackData::Choice("x".repeat(MAX_CALLBACK_BYTES - 2));
        assert_eq!(long.encode(), Err(CallbackError::TooLong(65)));
        // Multi-byte ids are measured in bytes, as Telegram does.
        assert!(CallbackData::Choice("显".repeat(21)).encode().is_err());
    }
}
