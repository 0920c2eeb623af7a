//! Each chat's last reading: the request the bot last answered for one person in one chat
//! (a command typed or chosen, a question read as one), so a follow-up (`那h100呢`, `and on
//! runpod?`) changes it instead of being asked back. In memory only, keyed like a dialogue
//! (platform, chat, person: two people in a group never share one), forgotten after
//! [`EXPIRY`] and bounded at [`CAP`] chats, the oldest dropped first. A restart forgets them:
//! a follow-up then is asked back, as it is with no reading.

use bot_core::ChatRef;
use bot_core::commands::Request;
use std::collections::HashMap;
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

/// A reading older than this is no context for a new message.
pub const EXPIRY: Duration = Duration::from_secs(30 * 60);
/// Chats remembered at once (a few hundred bytes each).
pub const CAP: usize = 10_000;

/// The last reading per (platform, chat, person).
pub struct LastReadings {
    map: Mutex<HashMap<String, (Instant, Request)>>,
    expiry: Duration,
    cap: usize,
}

impl Default for LastReadings {
    fn default() -> Self {
        LastReadings::new(EXPIRY, CAP)
    }
}

impl LastReadings {
    pub fn new(expiry: Duration, cap: usize) -> LastReadings {
        LastReadings {
            map: Mutex::default(),
            expiry,
            cap: cap.max(1),
        }
    }

    /// `who`'s last reading in this chat, unless it expired.
    pub fn get(&self, who: &ChatRef, now: Instant) -> Option<Request> {
        let mut map = self.map.lock().unwrap_or_else(PoisonError::into_inner);
        let key = who.dialogue_key();
        match map.get(&key) {
            Some((at, r)) if now.saturating_duration_since(*at) < self.expiry => Some(r.clone()),
            Some(_) => {
                map.remove(&key);
                None
            }
            None => None,
        }
    }

    /// Keeps `read` as `who`'s last reading; at the bound, expired ones go first, then the
    /// oldest.
    pub fn put(&self, who: &ChatRef, read: Request, now: Instant) {
        let mut map = self.map.lock().unwrap_or_else(PoisonError::into_inner);
        let key = who.dialogue_key();
        if !map.contains_key(&key) && map.len() >= self.cap {
            let expiry = self.expiry;
            map.retain(|_, (at, _)| now.saturating_duration_since(*at) < expiry);
            if map.len() >= self.cap
                && let Some(oldest) = map
                    .iter()
                    .min_by_key(|(_, (at, _))| *at)
                    .map(|(k, _)| k.clone())
            {
                map.remove(&oldest);
            }
        }
        map.insert(key, (now, read));
    }

    /// Chats with a reading kept (expired ones not yet dropped included).
    pub fn len(&self) -> usize {
        self.map
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bot_core::Platform;

    fn who(chat: i64, user: i64) -> ChatRef {
        ChatRef {
            platform: Platform::Telegram,
            chat: chat.to_string(),
            user: user.to_string(),
            locale: None,
            thread: None,
        }
    }

    fn req(n: &str) -> Request {
        Request::Currency(Some(n.to_string()))
    }

    #[test]
    fn kept_per_person_and_chat_expired_and_bounded() {
        let r = LastReadings::new(Duration::from_secs(60), 2);
        let t0 = Instant::now();
        r.put(&who(-1, 1), req("USD"), t0);
        // Another person in the same group has none of it; the same person elsewhere neither.
        assert_eq!(r.get(&who(-1, 1), t0), Some(req("USD")));
        assert_eq!(r.get(&who(-1, 2), t0), None);
        assert_eq!(r.get(&who(-2, 1), t0), None);
        // Expired: gone.
        assert_eq!(r.get(&who(-1, 1), t0 + Duration::from_secs(61)), None);
        assert!(r.is_empty());
        // Bounded: the oldest goes.
        r.put(&who(1, 1), req("A"), t0);
        r.put(&who(2, 2), req("B"), t0 + Duration::from_secs(1));
        r.put(&who(3, 3), req("C"), t0 + Duration::from_secs(2));
        assert_eq!(r.len(), 2);
        assert_eq!(r.get(&who(1, 1), t0 + Duration::from_secs(2)), None);
        assert_eq!(
            r.get(&who(3, 3), t0 + Duration::from_secs(2)),
            Some(req("C"))
        );
    }
}
