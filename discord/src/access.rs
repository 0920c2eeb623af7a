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
/// How long a noted interaction's permissions are used (the turn it started runs well within).
const KEEP: Duration = Duration::from_secs(120);

#[derive(Default)]
pub struct DiscordAccess {
    seen: Mutex<HashMap<(String, String), (Instant, Access)>>,
}

/// What an interaction says about its sender: a DM is private; in a guild, the member's
/// permissions decide.
pub fn access_of(i: &Value) -> Access {
    if i["guild_id"].as_str().is_none() {
        return Access {
            kind: ChatKind::Private,
            may_manage: true,
        };
    }
    let perms = i["member"]["permissions"]
        .as_str()
        .and_then(|p| p.parse::<u64>().ok())
        .unwrap_or(0);
    Access {
        kind: ChatKind::Channel,
        may_manage: perms & (ADMINISTRATOR | MANAGE_CHANNELS) != 0,
    }
}

impl DiscordAccess {
    /// Notes the sender's rights in `who.chat` from interaction `i`.
    pub fn note(&self, who: &ChatRef, i: &Value) {
        let mut seen = self.seen.lock().unwrap_or_else(PoisonError::into_inner);
        if seen.len() > 10_000 {
            seen.retain(|_, (at, _)| at.elapsed() < KEEP);
        }
        seen.insert(
            (who.chat.clone(), who.user.clone()),
            (Instant::now(), access_of(i)),
        );
    }
}

impl AccessCheck for DiscordAccess {
    fn check(&self, who: &ChatRef) -> Result<Access, String> {
        self.seen
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .get(&(who.chat.clone(), who.user.clone()))
            .filter(|(at, _)| at.elapsed() < KEEP)
            .map(|(_, a)| *a)
            .ok_or_else(|| "Discord sent no permissions with this command".to_string())
    }
}
