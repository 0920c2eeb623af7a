//! Who may manage a chat's subscriptions: the platform says, through an [`AccessCheck`] its
//! frontend registers. bot-core never asks a platform itself.

use crate::context::ChatRef;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::sync::{Arc, PoisonError, RwLock};

/// What kind of chat it is (a subscription's alerts are compact in groups and channels).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ChatKind {
    Private,
    Group,
    Channel,
}

/// What the platform says about one person in one chat.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Access {
    pub kind: ChatKind,
    /// May add and remove the chat's subscriptions (always, in a private chat).
    pub may_manage: bool,
}

/// A platform's answer to "is this person an administrator here?". Called from blocking
/// code (`Bot::handle` runs in `spawn_blocking`); implementations cache briefly. `Err` is a
/// reason to show (no secret in it): the platform could not be asked.
pub trait AccessCheck: Send + Sync {
    fn check(&self, who: &ChatRef) -> Result<Access, String>;

    /// Whether the bot itself can post in `who.chat` later, outside a reply (an alert):
    /// a Discord app installed to a person and used in a server without the bot, or in a
    /// group DM, can answer a command there but never post an alert. Unknown is yes.
    fn bot_can_post(&self, _who: &ChatRef) -> bool {
        true
    }
}

/// The checks frontends registered, by platform name.
#[derive(Default)]
pub struct AccessChecks(RwLock<HashMap<String, Arc<dyn AccessCheck>>>);

impl std::fmt::Debug for AccessChecks {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let map = self.0.read().unwrap_or_else(PoisonError::into_inner);
        f.debug_list().entries(map.keys()).finish()
    }
}

impl AccessChecks {
    pub fn register(&self, platform: &str, check: Arc<dyn AccessCheck>) {
        self.0
            .write()
            .unwrap_or_else(PoisonError::into_inner)
            .insert(platform.to_string(), check);
    }

    /// The platform's answer; the terminal is one private chat. Without a registered check,
    /// a chat whose id is the person's own is private and anything else cannot be verified.
    pub fn check(&self, who: &ChatRef) -> Result<Access, String> {
        if who.platform.is_single_person() {
            return Ok(Access {
                kind: ChatKind::Private,
                may_manage: true,
            });
        }
        let check = self
            .0
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .get(who.platform.as_str())
            .cloned();
        match check {
            Some(c) => c.check(who),
            None if who.chat == who.user => Ok(Access {
                kind: ChatKind::Private,
                may_manage: true,
            }),
            None => Err(format!("no administrator check for {}", who.platform)),
        }
    }

    /// [`AccessCheck::bot_can_post`] of `who`'s platform (yes without a check).
    pub fn bot_can_post(&self, who: &ChatRef) -> bool {
        let check = self
            .0
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .get(who.platform.as_str())
            .cloned();
        check.is_none_or(|c| c.bot_can_post(who))
    }
}
