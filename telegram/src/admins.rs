//! Who may manage a chat's stock alerts, asked of Telegram (`getChatMember`) and cached
//! briefly: bot-core's [`AccessCheck`] for the `telegram` platform.
//!
//! A private chat's id is its user's id, and a command posted in a channel (which only its
//! administrators can do) or by an anonymous group administrator comes from the chat itself:
//! those need no question. Anyone else in a group is asked about.

use crate::sender::TelegramSender;
use bot_core::ChatRef;
use bot_core::alerts::{Access, AccessCheck, ChatKind};
use std::collections::HashMap;
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};
use teloxide::prelude::*;

/// How long an answer is reused (a demoted admin loses the right within this).
pub const CACHE_FOR: Duration = Duration::from_secs(60);
/// Longest wait for Telegram's answer.
const ASK_TIMEOUT: Duration = Duration::from_secs(10);

pub struct TelegramAdmins {
    sender: TelegramSender,
    cache: Mutex<HashMap<(i64, i64), (Instant, Access)>>,
}

impl TelegramAdmins {
    pub fn new(sender: &TelegramSender) -> TelegramAdmins {
        TelegramAdmins {
            sender: sender.clone(),
            cache: Mutex::new(HashMap::new()),
        }
    }
}

impl AccessCheck for TelegramAdmins {
    fn check(&self, who: &ChatRef) -> Result<Access, String> {
        let (Ok(chat), Ok(user)) = (who.chat.parse::<i64>(), who.user.parse::<i64>()) else {
            return Err("not a Telegram chat".into());
        };
        // A channel's direct-messages topic is one person's conversation with the channel
        // (its administrators answer there as the channel): like a private chat, whoever
        // writes there manages the topic's own alerts, and those alerts reach only the topic.
        if chat == user || who.thread.as_deref().is_some_and(crate::dm::is_dm_thread) {
            return Ok(Access {
                kind: if chat > 0 {
                    ChatKind::Private
                } else {
                    ChatKind::Channel
                },
                may_manage: true,
            });
        }
        if let Some((at, access)) = self
            .cache
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .get(&(chat, user))
            && at.elapsed() < CACHE_FOR
        {
            return Ok(*access);
        }
        // Bot::handle runs on a blocking thread (frontend::Turns), where waiting is allowed.
        let handle = tokio::runtime::Handle::try_current()
            .map_err(|_| "Telegram cannot be asked from here".to_string())?;
        let ask = self
            .sender
            .bot()
            .get_chat_member(ChatId(chat), UserId(user as u64))
            .send();
        let member = handle
            .block_on(async { tokio::time::timeout(ASK_TIMEOUT, ask).await })
            .map_err(|_| "Telegram did not answer in time".to_string())?
            .map_err(|e| {
                // The user is told only that the check failed; the reason is for the operator.
                let why = self.sender.classify(&e).to_string();
                tracing::warn!("telegram: the admin check in chat {chat} failed: {why}");
                why
            })?;
        let access = Access {
            kind: ChatKind::Group,
            may_manage: member.is_privileged(),
        };
        let mut cache = self.cache.lock().unwrap_or_else(PoisonError::into_inner);
        if cache.len() > 10_000 {
            cache.retain(|_, (at, _)| at.elapsed() < CACHE_FOR);
        }
        cache.insert((chat, user), (Instant::now(), access));
        Ok(access)
    }
}

/// Whether `user` may post in `channel` (the Bot API's `can_post_messages`: its creator, or
/// an administrator given that right): only then may their press under a channel answer have
/// the bot post or edit there for them. An administrator without it reads the channel like
/// anyone else. Asked of Telegram each time (presses are few and per-user limited); a check
/// that fails says no.
pub(crate) async fn may_post_in_channel(sender: &TelegramSender, channel: i64, user: u64) -> bool {
    let ask = sender
        .bot()
        .get_chat_member(ChatId(channel), UserId(user))
        .send();
    match tokio::time::timeout(ASK_TIMEOUT, ask).await {
        Ok(Ok(member)) => member.kind.can_post_messages(),
        Ok(Err(e)) => {
            let why = sender.classify(&e);
            tracing::warn!("telegram: the post-right check in channel {channel} failed: {why}");
            false
        }
        Err(_) => {
            tracing::warn!("telegram: the post-right check in channel {channel} timed out");
            false
        }
    }
}
