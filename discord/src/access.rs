//! Who may manage a channel's stock alerts: the member permissions Discord puts in every
//! guild interaction (Manage Channels or Administrator), noted as each interaction arrives
//! and read back by bot-core's [`AccessCheck`] for the `discord` platform. `/subscribe` is
//! also registered with `default_member_permissions` = Manage Channels; this is the check on
//! use, since a server can override the default.

use bot_core::ChatRef;
use bot_core::alerts::{Access, AccessCheck, ChatKind};
use serde_json::Value;
use std::collections::HashMap;
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

/// Discord's permission bits.
pub const ADMINISTRATOR: u64 = 1 << 3;
pub const MANAGE_CHANNELS: u64 = 1 << 4;
pub const VIEW_CHANNEL: u64 = 1 << 10;
pub const SEND_MESSAGES: u64 = 1 << 11;
pub const SEND_MESSAGES_IN_THREADS: u64 = 1 << 38;
/// How long a noted interaction's permissions are used (the turn it started runs well within).
const KEEP: Duration = Duration::from_secs(120);

/// What one interaction said about its sender and channel: when, their rights, and whether
/// the bot can post there on its own.
type Noted = (Instant, Access, bool);

#[derive(Default)]
pub struct DiscordAccess {
    seen: Mutex<HashMap<(String, String), Noted>>,
}

/// What an interaction says about its sender: a DM is private; in a guild, the member's
/// permissions decide.
pub fn access_of(i: &Value) -> Access {
    // An id may come as a JSON number (a library that re-serializes ids writes them so):
    // a guild is a guild either way, and never a private chat anyone may manage.
    if i["guild_id"].is_null() {
        return Access {
            kind: ChatKind::Private,
            may_manage: true,
        };
    }
    let perms = bits(&i["member"]["permissions"]).unwrap_or(0);
    Access {
        kind: ChatKind::Channel,
        may_manage: perms & (ADMINISTRATOR | MANAGE_CHANNELS) != 0,
    }
}

/// Discord's permission bits as it writes them (a decimal string, a "serialized bitset" that
/// grows past 64 bits as permissions are added), or as a number: the low 64 bits, where every
/// permission we read lives. The decimal is folded modulo 2^64, which keeps those bits
/// exactly however long the string is; anything but digits is no bitset.
fn bits(v: &Value) -> Option<u64> {
    match v.as_str() {
        Some(p) if !p.is_empty() && p.len() <= 128 && p.bytes().all(|b| b.is_ascii_digit()) => {
            Some(p.bytes().fold(0u64, |acc, b| {
                acc.wrapping_mul(10).wrapping_add(u64::from(b - b'0'))
            }))
        }
        Some(_) => None,
        None => v.as_u64(),
    }
}

/// Whether the bot can post in the interaction's channel on its own (an alert): not in a
/// group DM or a DM between others (`context` 2), not in a server that did not install the
/// app (`authorizing_integration_owners` without "0": installed to the person only), not
/// where its own permissions (`app_permissions`) lack View Channel or Send Messages (Send
/// Messages in Threads in a thread). What an interaction does not say is taken as yes.
pub fn bot_can_post_of(i: &Value) -> bool {
    if i["context"].as_u64() == Some(2) {
        return false;
    }
    if i["guild_id"].is_null() {
        return true;
    }
    if let Some(owners) = i["authorizing_integration_owners"].as_object()
        && !owners.contains_key("0")
    {
        return false;
    }
    let Some(perms) = bits(&i["app_permissions"]) else {
        return true;
    };
    let thread = matches!(i["channel"]["type"].as_u64(), Some(10..=12));
    let send = if thread {
        SEND_MESSAGES_IN_THREADS
    } else {
        SEND_MESSAGES
    };
    perms & ADMINISTRATOR != 0 || (perms & VIEW_CHANNEL != 0 && perms & send != 0)
}

impl DiscordAccess {
    /// Notes the sender's rights in `who.chat` from interaction `i`.
    pub fn note(&self, who: &ChatRef, i: &Value) {
        let mut seen = self.seen.lock().unwrap_or_else(PoisonError::into_inner);
        if seen.len() > 10_000 {
            seen.retain(|_, (at, _, _)| at.elapsed() < KEEP);
        }
        seen.insert(
            (who.chat.clone(), who.user.clone()),
            (Instant::now(), access_of(i), bot_can_post_of(i)),
        );
    }
}

impl AccessCheck for DiscordAccess {
    fn check(&self, who: &ChatRef) -> Result<Access, String> {
        self.seen
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .get(&(who.chat.clone(), who.user.clone()))
            .filter(|(at, _, _)| at.elapsed() < KEEP)
            .map(|(_, a, _)| *a)
            .ok_or_else(|| "Discord sent no permissions with this command".to_string())
    }

    fn bot_can_post(&self, who: &ChatRef) -> bool {
        self.seen
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .get(&(who.chat.clone(), who.user.clone()))
            .filter(|(at, _, _)| at.elapsed() < KEEP)
            .is_none_or(|(_, _, can)| *can)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_bot_can_post_where_it_is_installed_and_allowed_and_nowhere_else() {
        let guild = |extra: Value| {
            let mut i = json!({"guild_id": "200000000000000002", "channel_id": "3",
                "channel": {"id": "3", "type": 0},
                "member": {"user": {"id": "7"}, "permissions": "16"}, "context": 0,
                "authorizing_integration_owners": {"0": "200000000000000002", "1": "7"},
                "app_permissions": "559623605571137"});
            for (k, v) in extra.as_object().unwrap() {
                i[k] = v.clone();
            }
            i
        };
        assert!(bot_can_post_of(&guild(json!({}))));
        // Installed to the person only: the bot is no member of this server.
        assert!(!bot_can_post_of(&guild(
            json!({"authorizing_integration_owners": {"1": "7"}})
        )));
        // Its own permissions in the channel lack Send Messages; Administrator has all.
        let no_send = (559623605571137_u64 & !SEND_MESSAGES).to_string();
        assert!(!bot_can_post_of(&guild(
            json!({"app_permissions": no_send})
        )));
        assert!(bot_can_post_of(&guild(json!({"app_permissions": "8"}))));
        // In a thread it is Send Messages in Threads that counts.
        let thread = |perms: u64| {
            guild(json!({"channel": {"id": "3", "type": 11},
            "app_permissions": perms.to_string()}))
        };
        assert!(!bot_can_post_of(&thread(VIEW_CHANNEL | SEND_MESSAGES)));
        assert!(bot_can_post_of(&thread(
            VIEW_CHANNEL | SEND_MESSAGES_IN_THREADS
        )));
        // A group DM, and a DM with the bot; a payload that says nothing is taken as yes.
        assert!(!bot_can_post_of(
            &json!({"context": 2, "channel_id": "9", "user": {"id": "7"}})
        ));
        assert!(bot_can_post_of(
            &json!({"context": 1, "channel_id": "9", "user": {"id": "7"}})
        ));
        assert!(bot_can_post_of(
            &json!({"guild_id": "2", "channel_id": "3"})
        ));
    }

    #[test]
    fn permission_bitsets_past_64_bits_keep_their_low_bits() {
        let wide = |extra: u128| json!(((1u128 << 70) | (1u128 << 100) | extra).to_string());
        assert_eq!(bits(&wide(16)), Some(16));
        assert_eq!(bits(&wide(8 | 1024)), Some(8 | 1024));
        assert_eq!(bits(&wide(0)), Some(0));
        assert_eq!(bits(&json!(u64::MAX.to_string())), Some(u64::MAX));
        assert_eq!(bits(&json!(16)), Some(16));
        for bad in ["", "-16", "16.0", "0x10", " 16"] {
            assert_eq!(bits(&json!(bad)), None, "{bad:?}");
        }
        // A member whose Manage Channels sits beside bits past 64 manages the channel.
        let i = json!({"guild_id": "2", "member": {"permissions": wide(16)}});
        assert!(access_of(&i).may_manage);
        let i = json!({"guild_id": "2", "member": {"permissions": wide(2048)}});
        assert!(!access_of(&i).may_manage);
    }

    #[test]
    fn a_guild_id_sent_as_a_number_is_still_a_guild() {
        let i = json!({"guild_id": 200000000000000002_u64, "member": {"permissions": 0}});
        assert_eq!(access_of(&i).kind, ChatKind::Channel);
        assert!(!access_of(&i).may_manage);
        let admin = json!({"guild_id": 200000000000000002_u64, "member": {"permissions": 16}});
        assert!(access_of(&admin).may_manage);
    }
}
