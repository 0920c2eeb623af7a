//! Button payloads: typed, versioned, within the platform's byte limit.
//!
//! Wire form `v1|<choice id>`. A button pressed on a message sent by an older (or newer)
//! version of the bot decodes to [`ChoiceError::UnknownVersion`] and gets a polite answer
//! instead of being misread. The limit is a type parameter (`LIMIT` bytes), so each platform
//! names its payload type once (Telegram's `callback_data`: 64 bytes, Discord's `custom_id`:
//! 100) and every encode and decode checks it.

use std::fmt;

/// Telegram's limit on `callback_data`, in bytes.
pub const TELEGRAM_LIMIT: usize = 64;
/// Discord's limit on a component's `custom_id` (counted here in bytes, which is stricter).
pub const DISCORD_LIMIT: usize = 100;

const V1: &str = "v1";

/// What a button press means, on a platform that allows `LIMIT` bytes of payload.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ChoiceData<const LIMIT: usize> {
    /// A `bot_core::reply::Choice` id, fed back as `Input::Choice`.
    Choice(String),
}

/// Why a payload could not be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ChoiceError {
    #[error("button payload from an unknown version {0:?}")]
    UnknownVersion(String),
    #[error("malformed button payload")]
    Malformed,
    #[error("button payload is {len} bytes; the platform allows {limit}")]
    TooLong { len: usize, limit: usize },
}

impl<const LIMIT: usize> ChoiceData<LIMIT> {
    /// The wire string, or `TooLong` if the platform would reject it.
    pub fn encode(&self) -> Result<String, ChoiceError> {
        let text = self.to_string();
        if text.len() > LIMIT {
            return Err(ChoiceError::TooLong {
                len: text.len(),
                limit: LIMIT,
            });
        }
        Ok(text)
    }
}

impl<const LIMIT: usize> fmt::Display for ChoiceData<LIMIT> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ChoiceData::Choice(id) => write!(f, "{V1}|{id}"),
        }
    }
}

impl<const LIMIT: usize> TryFrom<&str> for ChoiceData<LIMIT> {
    type Error = ChoiceError;

    fn try_from(data: &str) -> Result<Self, Self::Error> {
        if data.len() > LIMIT {
            return Err(ChoiceError::TooLong {
                len: data.len(),
                limit: LIMIT,
            });
        }
        let (version, rest) = data.split_once('|').ok_or(ChoiceError::Malformed)?;
        match version {
            V1 if !rest.is_empty() => Ok(ChoiceData::Choice(rest.to_string())),
            V1 => Err(ChoiceError::Malformed),
            other => Err(ChoiceError::UnknownVersion(other.to_string())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    type Telegram = ChoiceData<TELEGRAM_LIMIT>;
    type Discord = ChoiceData<DISCORD_LIMIT>;

    #[test]
    fn a_choice_round_trips() {
        let c = Telegram::Choice("task:finetune".into());
        let wire = c.encode().unwrap();
        assert_eq!(wire, "v1|task:finetune");
        assert_eq!(Telegram::try_from(wire.as_str()), Ok(c));
        // Ids may themselves contain the separator.
        assert_eq!(
            Telegram::try_from("v1|a|b"),
            Ok(Telegram::Choice("a|b".into()))
        );
    }

    #[test]
    fn other_versions_and_junk_are_refused() {
        assert_eq!(
            Discord::try_from("v2|x"),
            Err(ChoiceError::UnknownVersion("v2".into()))
        );
        assert_eq!(
            Discord::try_from("task:finetune"),
            Err(ChoiceError::Malformed)
        );
        assert_eq!(Discord::try_from("v1|"), Err(ChoiceError::Malformed));
    }

    #[test]
    fn the_limit_is_the_platforms() {
        let id = "x".repeat(80);
        assert_eq!(
            Telegram::Choice(id.clone()).encode(),
            Err(ChoiceError::TooLong { len: 83, limit: 64 })
        );
        let wire = Discord::Choice(id.clone()).encode().unwrap();
        assert_eq!(Discord::try_from(wire.as_str()), Ok(Discord::Choice(id)));
        assert_eq!(
            Telegram::try_from(wire.as_str()),
            Err(ChoiceError::TooLong { len: 83, limit: 64 })
        );
        let at_limit = Discord::Choice("y".repeat(DISCORD_LIMIT - 3));
        assert_eq!(at_limit.encode().unwrap().len(), DISCORD_LIMIT);
    }
}
