//! Stock alerts, pure: who wants to hear about which card ([`Subscription`], one row per
//! subscription in the `subscriptions` table), when something changed ([`detect`]: per
//! subscription and provider, from the stored snapshots, with debounce, cooldown and a "gone
//! again after N min" follow-up), and what is waiting to be said ([`outbox`]: the transition and
//! its alert rows commit in one redb transaction; a dispatcher outside bot-core drains it).
//!
//! Who may add or remove a subscription in a group or channel is the platform's to say: a
//! frontend registers an [`AccessCheck`] for its platform (Telegram asks `getChatMember`,
//! Discord reads the member permissions in the interaction); bot-core only asks it.

mod access;
mod event;
pub mod outbox;
pub mod outbox_row;
mod subscription;
mod text;
mod transition;

pub use access::{Access, AccessCheck, AccessChecks, ChatKind};
pub use event::Event;
pub use outbox::{OutboxItem, OutboxStats};
pub use subscription::{
    Added, DM_THREAD, MAX_PER_CHAT, PAUSED_KEEP_DAYS, Subscription, Track, add, add_batch,
    chat_back, chat_gone, drop_long_paused, list_all, list_chat, list_place, move_chat,
    paused_until, remove, remove_all, remove_all_in, remove_in,
};
pub use text::{alert_reply, describe};
pub use transition::{AlertConfig, DetectReport, detect, matching_offers, step};

/// Serialises every read-modify-write of subscriptions in this process (commands, transition
/// detection, the dispatcher's "chat gone"), so that a poll's batch never resurrects a
/// subscription deleted meanwhile. The store is opened once per process, so this suffices.
pub(crate) static WRITE_LOCK: std::sync::Mutex<()> = std::sync::Mutex::new(());

pub(crate) fn write_lock() -> std::sync::MutexGuard<'static, ()> {
    WRITE_LOCK
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}
