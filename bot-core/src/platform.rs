//! Which chat platform a person is on, as a type: what differs between platforms is a method
//! here, never a comparison of names elsewhere.

use std::fmt;

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Platform {
    /// The terminal chat: one person, one private chat.
    Terminal,
    Telegram,
    Discord,
    /// Any other name (tests, fuzzing, a platform this build does not know), kept as given.
    Other(String),
}

impl Platform {
    pub fn parse(name: &str) -> Platform {
        match name {
            "terminal" => Platform::Terminal,
            "telegram" => Platform::Telegram,
            "discord" => Platform::Discord,
            other => Platform::Other(other.to_string()),
        }
    }

    /// The name in store keys and logs.
    pub fn as_str(&self) -> &str {
        match self {
            Platform::Terminal => "terminal",
            Platform::Telegram => "telegram",
            Platform::Discord => "discord",
            Platform::Other(name) => name,
        }
    }

    /// Every conversation is one private chat with its only person (no admins to ask).
    pub fn is_single_person(&self) -> bool {
        matches!(self, Platform::Terminal)
    }

    /// A person's id is also their private chat with the bot (Telegram), so the bot can tell
    /// them something there.
    pub fn user_is_private_chat(&self) -> bool {
        matches!(self, Platform::Telegram)
    }

    /// The address of `user`'s private chat with the bot, where one can be reached without
    /// their writing first: on Telegram their id; on Discord `dm:<id>` (the frontend opens
    /// the DM channel); elsewhere none.
    pub fn private_chat_of(&self, user: &str) -> Option<String> {
        match self {
            Platform::Telegram => Some(user.to_string()),
            Platform::Discord => Some(format!("dm:{user}")),
            _ => None,
        }
    }
}

impl From<&str> for Platform {
    fn from(name: &str) -> Platform {
        Platform::parse(name)
    }
}

impl fmt::Display for Platform {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_back_as_themselves() {
        for name in ["terminal", "telegram", "discord", "test"] {
            assert_eq!(Platform::parse(name).as_str(), name);
        }
        assert_eq!(Platform::from("telegram"), Platform::Telegram);
        assert!(Platform::Telegram.user_is_private_chat());
        assert!(!Platform::Discord.user_is_private_chat());
        assert_eq!(
            Platform::Telegram.private_chat_of("7").as_deref(),
            Some("7")
        );
        assert_eq!(
            Platform::Discord.private_chat_of("41").as_deref(),
            Some("dm:41")
        );
        assert_eq!(Platform::Terminal.private_chat_of("local"), None);
        assert!(Platform::Terminal.is_single_person());
    }
}
