//! The "Details" button: a chat shows a reply's short first part ([`bot_core::phone::fit`]),
//! and the whole answer waits here under a short key until someone presses the button.
//!
//! The key travels in the button's choice id (`d:<key>`, 18 bytes with the frontend's
//! version prefix, far under Telegram's 64 and Discord's 100). The shelf is in memory and
//! bounded: the oldest answers go first, a restart forgets them, and a press on a forgotten
//! one is answered "send the command again" in the chat's language. A key only opens in the
//! chat it was given to, so a stale or guessed key never shows another chat's answer.

use bot_core::choice::ChoiceId;
use bot_core::reply::Reply;
use bot_core::{Lang, Msg};
use std::collections::{HashMap, VecDeque};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

/// Answers kept per process (a few kilobytes each).
pub const KEPT: usize = 4096;

struct Kept {
    chat: String,
    lang: Lang,
    whole: Reply,
}

/// Whole answers behind "Details" buttons.
pub struct Shelf {
    next: AtomicU64,
    kept: Mutex<(HashMap<u64, Kept>, VecDeque<u64>)>,
    capacity: usize,
}

impl Default for Shelf {
    fn default() -> Shelf {
        Shelf::with_capacity(KEPT)
    }
}

impl Shelf {
    pub fn with_capacity(capacity: usize) -> Shelf {
        // Keys start from the clock, so a button from before a restart finds nothing rather
        // than a newer answer under the same key.
        let start = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |d| d.as_micros() as u64);
        Shelf {
            next: AtomicU64::new(start),
            kept: Mutex::new((HashMap::new(), VecDeque::new())),
            capacity: capacity.max(1),
        }
    }

    /// The reply as a phone in `chat` shows it: its short first part with a "Details" button
    /// when there is more, the whole answer kept for the button.
    pub fn offer(&self, chat: &str, lang: Lang, reply: Reply) -> Reply {
        let mut reply = bot_core::phone::fit(lang, reply);
        if reply.details.is_empty() {
            return reply;
        }
        let key = self.next.fetch_add(1, Ordering::Relaxed);
        let whole = reply.expanded();
        {
            let mut kept = self.kept.lock().unwrap_or_else(|e| e.into_inner());
            let (map, order) = &mut *kept;
            while order.len() >= self.capacity {
                if let Some(old) = order.pop_front() {
                    map.remove(&old);
                }
            }
            map.insert(
                key,
                Kept {
                    chat: chat.to_string(),
                    lang,
                    whole,
                },
            );
            order.push_back(key);
        }
        // Last, so a step's own numbered choices keep their places.
        reply.choices.push(bot_core::reply::Choice {
            id: ChoiceId::Details(format!("{key:x}")).wire(),
            label: Msg::new("details-button"),
        });
        reply
    }

    /// What a press of `choice` in `chat` shows, when it is a "Details" button: the whole
    /// answer in the language it was given in, or (forgotten, another chat's) a notice in
    /// `lang`. `None` for every other choice.
    pub fn open(&self, chat: &str, lang: Lang, choice: &str) -> Option<(Lang, Reply)> {
        let ChoiceId::Details(key) = ChoiceId::parse(choice) else {
            return None;
        };
        let kept = self.kept.lock().unwrap_or_else(|e| e.into_inner());
        let found = u64::from_str_radix(&key, 16)
            .ok()
            .and_then(|k| kept.0.get(&k))
            .filter(|k| k.chat == chat);
        Some(match found {
            Some(k) => (k.lang, k.whole.clone()),
            None => (lang, Reply::text(Msg::new("details-gone"))),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bot_core::reply::{Part, Table};

    fn long_reply() -> Reply {
        let rows = (0..40).map(|i| vec![format!("row {i}")]).collect();
        Reply::text(Msg::new("help-intro")).with_table(Table {
            header: vec![Msg::new("cmd-gpu")],
            rows,
            lead: Vec::new(),
        })
    }

    #[test]
    fn a_long_reply_gets_a_button_that_opens_the_whole_answer_in_its_chat_only() {
        let shelf = Shelf::default();
        let whole = long_reply();
        let short = shelf.offer("42", Lang::Zh, whole.clone());
        let button = short.choices.last().expect("a details button");
        assert_eq!(button.label.id, "details-button");
        assert!(button.id.len() <= 20, "{}", button.id);
        let (lang, opened) = shelf.open("42", Lang::En, &button.id).expect("details");
        assert_eq!(lang, Lang::Zh);
        assert_eq!(opened.parts, whole.parts);
        assert!(opened.details.is_empty() && opened.choices.is_empty());
        let (_, other) = shelf.open("43", Lang::En, &button.id).expect("details");
        assert_eq!(other.parts, vec![Part::Text(Msg::new("details-gone"))]);
        assert!(shelf.open("42", Lang::En, "t:tune").is_none());
    }

    #[test]
    fn a_short_reply_has_no_button_and_the_oldest_answers_go_first() {
        let shelf = Shelf::with_capacity(2);
        let short = shelf.offer("1", Lang::En, Reply::text(Msg::new("help-intro")));
        assert!(short.choices.is_empty());
        let first = shelf.offer("1", Lang::En, long_reply()).choices[0]
            .id
            .clone();
        shelf.offer("1", Lang::En, long_reply());
        shelf.offer("1", Lang::En, long_reply());
        let (_, gone) = shelf.open("1", Lang::En, &first).expect("details");
        assert_eq!(gone.parts, vec![Part::Text(Msg::new("details-gone"))]);
    }
}
