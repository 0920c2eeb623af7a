//! Subscriptions: one row per subscription, `sub:<platform>:<chat>:<id>` in the
//! `subscriptions` table, with the per-provider tracking state the transition detector keeps
//! (so a transition and the rows it changes commit together).

use super::access::ChatKind;
use super::outbox;
use crate::i18n::Lang;
use crate::reply::{Msg, Reply};
use crate::store::{Batch, Record, Store, StoreError, TypedTable, Versioned, tables};
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The subscriptions table's rows: versioned records (rows written before versions, the bare
/// subscription, still read).
pub(crate) const SUBS: TypedTable<Versioned<Subscription>> =
    TypedTable::new(tables::SUBSCRIPTIONS.name());

/// Version 1 is `Subscription` as it is now.
impl Record for Subscription {
    const VERSION: u32 = 1;
}

/// Most subscriptions one chat may hold.
pub const MAX_PER_CHAT: usize = 10;

/// Days a paused subscription is kept ([`chat_gone`]) before it is removed: a chat that is
/// back within them resumes its alerts; one gone for good (a deleted Discord channel, which
/// no event ever brings back) holds no rows forever. Said in the notice, `/subs` and `/status`.
pub const PAUSED_KEEP_DAYS: u32 = 30;

/// When a subscription paused at `paused_at` is removed.
pub fn paused_until(paused_at: i64) -> i64 {
    paused_at.saturating_add(i64::from(PAUSED_KEEP_DAYS) * 86_400)
}

/// "Tell this chat when `gpu` [on `provider`] [at or under `max_price`] [with `min_cards`] is
/// in stock, and when it is gone again."
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Subscription {
    /// Per chat: `/unsubscribe 2`.
    pub id: u32,
    pub platform: String,
    pub chat: String,
    /// Where in the chat it was set, and where its alerts go ([`ChatRef::thread`]: a forum
    /// topic, `dm:<topic>` in a channel's direct messages); `None` is the chat itself, and a
    /// row written before this field reads so. Ids stay unique per chat (an alert's key names
    /// the chat and the id), while `/subs`, `/unsubscribe`, duplicates and the limit count
    /// one place's own.
    ///
    /// [`ChatRef::thread`]: crate::context::ChatRef::thread
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub thread: Option<String>,
    pub kind: ChatKind,
    /// The user who set it (told where possible if the chat goes away).
    pub created_by: String,
    pub created_at: i64,
    /// The language and currency alerts are written in (the setter's, at the time).
    pub lang: Lang,
    pub currency: String,
    /// Catalog GPU id (or a raw provider name).
    pub gpu: String,
    pub provider: Option<String>,
    pub max_price: Option<Decimal>,
    pub max_currency: String,
    pub min_cards: Option<u32>,
    /// By provider id.
    #[serde(default)]
    pub track: BTreeMap<String, Track>,
    /// Since when the platform has said the bot cannot post in the chat ([`chat_gone`]): the
    /// row is kept, no alert is made for it, and it resumes when the chat is reachable again
    /// ([`chat_back`], a new alert set there). `None`: alerting; rows written before this
    /// field read so.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub paused_at: Option<i64>,
}

/// What the detector knows about one subscription on one provider.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Track {
    /// The provider's last fetch attempt already looked at (each poll counts once).
    pub last_attempt: Option<i64>,
    /// The confirmed state: something matching is in stock. `None` until the first good poll.
    pub state: Option<bool>,
    /// A different state seen, not yet held long enough.
    pub candidate: Option<bool>,
    pub candidate_polls: u32,
    pub candidate_since: Option<i64>,
    /// When the last "back in stock" alert was issued (cooldown).
    pub last_back_alert: Option<i64>,
    /// Since when stock has been back, if a "back" alert was sent (for "gone again after").
    pub back_since: Option<i64>,
    /// Alerts issued so far: the idempotency key's counter.
    pub alerts: u64,
}

impl Subscription {
    pub fn key(&self) -> String {
        sub_key(&self.platform, &self.chat, self.id)
    }
    /// Any confirmed in-stock provider.
    pub fn in_stock_on(&self) -> Vec<&str> {
        self.track
            .iter()
            .filter(|(_, t)| t.state == Some(true))
            .map(|(p, _)| p.as_str())
            .collect()
    }
}

pub(crate) fn chat_prefix(platform: &str, chat: &str) -> String {
    format!("sub:{platform}:{chat}:")
}

pub(crate) fn sub_key(platform: &str, chat: &str, id: u32) -> String {
    format!("sub:{platform}:{chat}:{id:06}")
}

/// The chat's subscriptions, oldest first.
pub fn list_chat(
    store: &Store,
    platform: &str,
    chat: &str,
) -> Result<Vec<Subscription>, StoreError> {
    Ok(store
        .scan_prefix(&SUBS, &chat_prefix(platform, chat))?
        .into_iter()
        .map(|(_, Versioned(s))| s)
        .collect())
}

/// The subscriptions seen from one place of the chat (`thread`: a topic; `None`: the chat
/// outside any topic), oldest first: those set there and, in a forum topic, the chat's own
/// (set outside any topic, or before topics were kept: the group's alerts, seen and managed
/// from any topic as before). A channel's direct-messages topic (`dm:<n>`) is one person's
/// conversation and sees only its own.
pub fn list_place(
    store: &Store,
    platform: &str,
    chat: &str,
    thread: Option<&str>,
) -> Result<Vec<Subscription>, StoreError> {
    let mut subs = list_chat(store, platform, chat)?;
    subs.retain(|s| seen_from(s, thread));
    Ok(subs)
}

/// Whether `s` is seen from `thread` (see [`list_place`]).
fn seen_from(s: &Subscription, thread: Option<&str>) -> bool {
    s.thread.as_deref() == thread
        || (s.thread.is_none() && thread.is_some_and(|t| !t.starts_with(DM_THREAD)))
}

/// How a channel's direct-messages topic is written in a thread (`dm:<topic>`).
pub const DM_THREAD: &str = "dm:";

/// Every subscription.
pub fn list_all(store: &Store) -> Result<Vec<Subscription>, StoreError> {
    Ok(store
        .scan_prefix(&SUBS, "sub:")?
        .into_iter()
        .map(|(_, Versioned(s))| s)
        .collect())
}

/// What [`add`] did.
#[derive(Debug, Clone, PartialEq)]
pub enum Added {
    Added(Box<Subscription>),
    /// The chat already holds [`MAX_PER_CHAT`].
    Full,
    /// The same subscription exists already, with this id.
    Duplicate(u32),
}

/// The same filters set in the same place (a topic's alert is not another topic's).
fn same_filters(a: &Subscription, b: &Subscription) -> bool {
    a.gpu == b.gpu
        && a.provider == b.provider
        && a.max_price == b.max_price
        && a.max_currency == b.max_currency
        && a.min_cards == b.min_cards
        && a.thread == b.thread
}

/// Adds `sub` (its `id` is assigned) unless its place in the chat (the chat, or its topic)
/// is full or holds the same one. The id is the next of the whole chat, so two topics never
/// share one.
///
/// Someone setting an alert in a chat whose alerts are paused ([`chat_gone`]) shows the bot
/// hears there and may post (the frontends refuse `/subscribe` where it may not): the
/// chat's paused alerts resume in the same commit, whatever this one's outcome.
pub fn add(store: &Store, mut sub: Subscription, max: usize) -> Result<Added, StoreError> {
    let _lock = super::write_lock();
    let existing = list_chat(store, &sub.platform, &sub.chat)?;
    let mut batch = Batch::new();
    resume(&mut batch, &existing)?;
    let added = if let Some(same) = existing.iter().find(|s| same_filters(s, &sub)) {
        Added::Duplicate(same.id)
    } else if existing.iter().filter(|s| s.thread == sub.thread).count() >= max {
        Added::Full
    } else {
        sub.id = existing.iter().map(|s| s.id).max().unwrap_or(0) + 1;
        sub.track.clear();
        sub.paused_at = None;
        batch.put(&SUBS, &sub.key(), &Versioned(sub.clone()))?;
        Added::Added(Box::new(sub))
    };
    if !batch.is_empty() {
        store.commit(batch)?;
    }
    Ok(added)
}

/// Puts each paused one of `subs` back to alerting in `batch`, from a fresh reading (its
/// tracking cleared: what was in stock before the pause is no news after it); how many.
fn resume(batch: &mut Batch, subs: &[Subscription]) -> Result<usize, StoreError> {
    let mut n = 0;
    for s in subs.iter().filter(|s| s.paused_at.is_some()) {
        let mut s = s.clone();
        s.paused_at = None;
        s.track.clear();
        batch.put(&SUBS, &s.key(), &Versioned(s))?;
        n += 1;
    }
    Ok(n)
}

/// The bot can post in the chat again (Telegram: added back to the group, unblocked): its
/// paused alerts resume, from a fresh reading. How many resumed.
pub fn chat_back(store: &Store, platform: &str, chat: &str) -> Result<usize, StoreError> {
    let _lock = super::write_lock();
    let mut batch = Batch::new();
    let n = resume(&mut batch, &list_chat(store, platform, chat)?)?;
    if n > 0 {
        store.commit(batch)?;
    }
    Ok(n)
}

/// Removes every subscription paused for longer than [`PAUSED_KEEP_DAYS`] at `now` (and any
/// alert still queued for it); how many.
pub fn drop_long_paused(store: &Store, now: i64) -> Result<usize, StoreError> {
    let _lock = super::write_lock();
    let old: Vec<Subscription> = list_all(store)?
        .into_iter()
        .filter(|s| s.paused_at.is_some_and(|at| paused_until(at) <= now))
        .collect();
    if old.is_empty() {
        return Ok(0);
    }
    let mut batch = Batch::new();
    for s in &old {
        batch.delete(&SUBS, &s.key());
        outbox::drop_pending(store, &mut batch, &s.platform, &s.chat, Some(s.id))?;
    }
    store.commit(batch)?;
    Ok(old.len())
}

/// Adds many subscriptions in one transaction (imports, benches), each as the next id of its
/// chat; unlike [`add`] it checks no limit and no duplicate. Returns how many were written.
pub fn add_batch(store: &Store, subs: Vec<Subscription>) -> Result<usize, StoreError> {
    let _lock = super::write_lock();
    let mut next: std::collections::HashMap<(String, String), u32> = Default::default();
    let mut batch = Batch::new();
    for mut sub in subs {
        let chat = (sub.platform.clone(), sub.chat.clone());
        if !next.contains_key(&chat) {
            let top = list_chat(store, &sub.platform, &sub.chat)?
                .iter()
                .map(|s| s.id)
                .max()
                .unwrap_or(0);
            next.insert(chat.clone(), top);
        }
        let id = next.entry(chat).or_default();
        *id += 1;
        sub.id = *id;
        sub.track.clear();
        batch.put(&SUBS, &sub.key(), &Versioned(sub.clone()))?;
    }
    let n = batch.len();
    store.commit(batch)?;
    Ok(n)
}

/// Removes one subscription of the chat; whether it existed. Its pending alerts go too.
pub fn remove(store: &Store, platform: &str, chat: &str, id: u32) -> Result<bool, StoreError> {
    remove_where(store, platform, chat, id, |_| true)
}

/// Removes one subscription set in one place of the chat (`thread`, as [`list_place`]);
/// whether it was there: another topic's is left alone.
pub fn remove_in(
    store: &Store,
    platform: &str,
    chat: &str,
    thread: Option<&str>,
    id: u32,
) -> Result<bool, StoreError> {
    remove_where(store, platform, chat, id, |s| seen_from(s, thread))
}

fn remove_where(
    store: &Store,
    platform: &str,
    chat: &str,
    id: u32,
    here: impl Fn(&Subscription) -> bool,
) -> Result<bool, StoreError> {
    let _lock = super::write_lock();
    let key = sub_key(platform, chat, id);
    match store.get(&SUBS, &key)? {
        Some(Versioned(s)) if here(&s) => {}
        _ => return Ok(false),
    }
    let mut batch = Batch::new();
    batch.delete(&SUBS, &key);
    outbox::drop_pending(store, &mut batch, platform, chat, Some(id))?;
    store.commit(batch)?;
    Ok(true)
}

/// Removes every subscription of the chat (and its pending alerts); how many there were.
pub fn remove_all(store: &Store, platform: &str, chat: &str) -> Result<usize, StoreError> {
    let _lock = super::write_lock();
    let subs = list_chat(store, platform, chat)?;
    let mut batch = Batch::new();
    for s in &subs {
        batch.delete(&SUBS, &s.key());
    }
    outbox::drop_pending(store, &mut batch, platform, chat, None)?;
    store.commit(batch)?;
    Ok(subs.len())
}

/// Removes every subscription set in one place of the chat (`thread`, as [`list_place`]) and
/// their pending alerts; how many there were.
pub fn remove_all_in(
    store: &Store,
    platform: &str,
    chat: &str,
    thread: Option<&str>,
) -> Result<usize, StoreError> {
    let _lock = super::write_lock();
    let subs = list_place(store, platform, chat, thread)?;
    if subs.is_empty() {
        return Ok(0);
    }
    let mut batch = Batch::new();
    for s in &subs {
        batch.delete(&SUBS, &s.key());
        outbox::drop_pending(store, &mut batch, platform, chat, Some(s.id))?;
    }
    store.commit(batch)?;
    Ok(subs.len())
}

/// The chat moved to a new id (Telegram: a group upgraded to a supergroup, which the Bot API
/// says with `migrate_to_chat_id` in the old group and `migrate_from_chat_id` in the new one):
/// its subscriptions, its own settings (`/currency`) and any `/pick` under way move with it in
/// one commit, so `/subs`, `/unsubscribe` and the dialogue's next answer in the new chat find
/// them and nothing is subscribed twice. Each keeps its
/// tracking state (a move alerts nothing again) and is numbered after those the new id holds;
/// one the new chat already has (same filters) is dropped, not doubled. The new chat's own
/// settings win over the old. Alerts already queued for the old id stay (the sender follows
/// the move). Moving again, or a chat with nothing stored, moves nothing. Returns how many
/// subscriptions moved.
pub fn move_chat(store: &Store, platform: &str, from: &str, to: &str) -> Result<usize, StoreError> {
    if from == to {
        return Ok(0);
    }
    let _lock = super::write_lock();
    let old = list_chat(store, platform, from)?;
    let there = list_chat(store, platform, to)?;
    let mut batch = Batch::new();
    let mut next = there.iter().map(|s| s.id).max().unwrap_or(0);
    let mut moved = 0;
    for s in &old {
        batch.delete(&SUBS, &s.key());
        if there.iter().any(|t| same_filters(t, s)) {
            continue;
        }
        next += 1;
        let mut sub = s.clone();
        sub.chat = to.to_string();
        sub.id = next;
        batch.put(&SUBS, &sub.key(), &Versioned(sub))?;
        moved += 1;
    }
    let prefs_key = |chat: &str| format!("chat:{platform}:{chat}");
    if let Some(prefs) = store.get(&tables::PREFS, &prefs_key(from))? {
        if store.get(&tables::PREFS, &prefs_key(to))?.is_none() {
            batch.put(&tables::PREFS, &prefs_key(to), &prefs)?;
        }
        batch.delete(&tables::PREFS, &prefs_key(from));
    }
    // A /pick someone is half-way through (keyed platform:chat:user) goes on in the new chat;
    // one they already started there wins. An unreadable row stays where it is.
    let old_dialogues = format!("{platform}:{from}:");
    for (key, state) in store.scan_prefix_rows(&tables::DIALOGUE, &old_dialogues)? {
        let (Ok(state), Some(user)) = (state, key.strip_prefix(&old_dialogues)) else {
            continue;
        };
        let new_key = format!("{platform}:{to}:{user}");
        if store.get(&tables::DIALOGUE, &new_key)?.is_none() {
            batch.put(&tables::DIALOGUE, &new_key, &state)?;
        }
        batch.delete(&tables::DIALOGUE, &key);
    }
    if !batch.is_empty() {
        store.commit(batch)?;
    }
    Ok(moved)
}

/// The platform says the bot can no longer post in the chat (removed, blocked, the chat
/// deleted, its rights taken): its alerts stop now and their queued rows go, while the
/// subscriptions are kept, paused ([`Subscription::paused_at`]), for when the chat is
/// reachable again ([`chat_back`], a new alert set there). Whoever set them is told privately
/// where the platform has a private chat, once: a chat already paused (the next refused send,
/// a second membership update) pauses nothing and tells nobody again. Returns how many were
/// paused now.
pub fn chat_gone(store: &Store, platform: &str, chat: &str, now: i64) -> Result<usize, StoreError> {
    let _lock = super::write_lock();
    let mut batch = Batch::new();
    let mut subs = Vec::new();
    for mut s in list_chat(store, platform, chat)? {
        if s.paused_at.is_none() {
            s.paused_at = Some(now);
            batch.put(&SUBS, &s.key(), &Versioned(s.clone()))?;
            subs.push(s);
        }
    }
    outbox::drop_pending(store, &mut batch, platform, chat, None)?;
    let here = crate::platform::Platform::parse(platform);
    let mut told: Vec<&str> = Vec::new();
    for s in &subs {
        // A private chat that is gone is the person's own: nowhere else to tell them.
        if s.created_by == s.chat
            || s.kind == ChatKind::Private
            || told.contains(&s.created_by.as_str())
        {
            continue;
        }
        told.push(&s.created_by);
        let reply = Reply::text(
            Msg::new("alerts-chat-gone-notice")
                .arg("chat", s.chat.as_str())
                .arg(
                    "count",
                    subs.iter().filter(|x| x.created_by == s.created_by).count(),
                )
                .arg("days", PAUSED_KEEP_DAYS),
        );
        let Some(to) = here.private_chat_of(&s.created_by) else {
            continue;
        };
        let item =
            outbox::OutboxItem::notice(platform, &to, s.lang, reply, &format!("gone:{chat}"), now);
        outbox::enqueue(&mut batch, &item)?;
    }
    if !batch.is_empty() {
        store.commit(batch)?;
    }
    Ok(subs.len())
}
