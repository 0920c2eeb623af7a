//! The "Details" button: a chat shows a reply's short first part ([`bot_core::phone::fit`]),
//! and the whole answer waits here under a short key until someone presses the button.
//!
//! The key travels in the button's choice id (`d:<key>`, 18 bytes with the frontend's
//! version prefix, far under Telegram's 64 and Discord's 100). The shelf is in memory and
//! bounded, by count and by bytes: the oldest answers go first, a restart forgets them, and a
//! press on a forgotten one is answered "send the command again" in the chat's language. A
//! key only opens in the chat it was given to, so a stale or guessed key never shows another
//! chat's answer.
//!
//! An answer is kept as its JSON, not as the reply's tree of messages and arguments: kept as
//! trees, 4,096 answers after a burst of new chats held about 40 MiB of small allocations that
//! stayed after the burst (issue 28, idle memory after a backlog; docs/performance.md §18). A
//! press decodes it again.
//!
//! The JSON (and the chat it belongs to) is appended to a few large chunks (a sixteenth of
//! the budget each), not kept as one allocation per answer: an answer of a few kilobytes
//! shares the allocator's slabs with the burst's short-lived buffers of its size, so the
//! ~1,000 answers kept after a burst each held a slab of freed neighbours in memory while the
//! bot idled. A chunk is one allocation of its own pages, given back whole when its last
//! answer goes (docs/performance.md §21).

use bot_core::choice::ChoiceId;
use bot_core::reply::Reply;
use bot_core::{Lang, Msg};
use std::collections::{HashMap, VecDeque};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

/// Answers kept per process.
pub const KEPT: usize = 4096;
/// Bytes of kept answers (their JSON) per process: the bound on what the shelf holds while
/// the bot idles after a burst, whatever the answers' sizes.
pub const KEPT_BYTES: usize = 4 << 20;

/// Chunks per budget: a chunk is this fraction of the byte budget (at least one answer).
const CHUNKS: usize = 16;

struct Kept {
    /// Which chunk (its sequence number) holds the chat and then the JSON.
    chunk: u64,
    at: usize,
    chat_len: usize,
    len: usize,
    lang: Lang,
    /// A chart is kept as it is (its PNG is one allocation; as JSON it would be 4× larger).
    image: Option<Box<bot_core::reply::Image>>,
}

impl Kept {
    /// The answer's own bytes (its JSON and its chart).
    fn bytes(&self) -> usize {
        self.len + self.image_bytes()
    }

    fn image_bytes(&self) -> usize {
        self.image.as_ref().map_or(0, |i| i.png.len())
    }
}

struct Chunk {
    buf: Vec<u8>,
    /// Kept answers in it; the chunk goes when this falls to 0.
    live: usize,
}

#[derive(Default)]
struct Shelved {
    map: HashMap<u64, Kept>,
    order: VecDeque<u64>,
    /// Oldest first; `chunks[0]` has sequence number `first`.
    chunks: VecDeque<Chunk>,
    first: u64,
    /// The answers' own bytes (what [`Shelf::kept_bytes`] says).
    bytes: usize,
    /// What the shelf holds: the chunks' capacities and the charts (what the budget bounds).
    held: usize,
}

impl Shelved {
    /// Forgets the oldest answer, and every chunk left without an answer at the front.
    fn drop_oldest(&mut self) {
        if let Some(old) = self.order.pop_front()
            && let Some(gone) = self.map.remove(&old)
        {
            self.bytes -= gone.bytes();
            self.held -= gone.image_bytes();
            if let Some(c) = self.chunks.get_mut((gone.chunk - self.first) as usize) {
                c.live -= 1;
            }
        }
        while self.chunks.front().is_some_and(|c| c.live == 0) {
            if let Some(c) = self.chunks.pop_front() {
                self.held -= c.buf.capacity();
            }
            self.first += 1;
        }
    }

    /// What keeping `need` more bytes of chunk (and `image` of chart) adds to what is held.
    fn growth(&self, need: usize, image: usize, chunk: usize) -> usize {
        let fits = self
            .chunks
            .back()
            .is_some_and(|c| c.buf.capacity() - c.buf.len() >= need);
        image + if fits { 0 } else { need.max(chunk) }
    }

    /// Appends `parts` to the newest chunk (a new one when it has no room); where they start.
    fn append(&mut self, parts: [&[u8]; 2], chunk: usize) -> (u64, usize) {
        let need = parts[0].len() + parts[1].len();
        if self
            .chunks
            .back()
            .is_none_or(|c| c.buf.capacity() - c.buf.len() < need)
        {
            let buf = Vec::with_capacity(need.max(chunk));
            self.held += buf.capacity();
            self.chunks.push_back(Chunk { buf, live: 0 });
        }
        let seq = self.first + self.chunks.len() as u64 - 1;
        let c = self.chunks.back_mut().expect("a chunk was just made");
        let at = c.buf.len();
        c.buf.extend_from_slice(parts[0]);
        c.buf.extend_from_slice(parts[1]);
        c.live += 1;
        (seq, at)
    }

    /// The chat and the JSON of `k`.
    fn read(&self, k: &Kept) -> Option<(&[u8], &[u8])> {
        let c = self.chunks.get(k.chunk.checked_sub(self.first)? as usize)?;
        let chat = c.buf.get(k.at..k.at + k.chat_len)?;
        let json = c.buf.get(k.at + k.chat_len..k.at + k.chat_len + k.len)?;
        Some((chat, json))
    }
}

/// Whole answers behind "Details" buttons.
pub struct Shelf {
    next: AtomicU64,
    kept: Mutex<Shelved>,
    capacity: usize,
    budget: usize,
}

impl Default for Shelf {
    fn default() -> Shelf {
        Shelf::with_limits(KEPT, KEPT_BYTES)
    }
}

impl Shelf {
    pub fn with_capacity(capacity: usize) -> Shelf {
        Shelf::with_limits(capacity, KEPT_BYTES)
    }

    /// At most `capacity` answers and `budget` bytes of them (one answer larger than the
    /// budget is still kept, alone).
    pub fn with_limits(capacity: usize, budget: usize) -> Shelf {
        // Keys start from the clock, so a button from before a restart finds nothing rather
        // than a newer answer under the same key.
        let start = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |d| d.as_micros() as u64);
        Shelf {
            next: AtomicU64::new(start),
            kept: Mutex::new(Shelved::default()),
            capacity: capacity.max(1),
            budget,
        }
    }

    /// The reply as a phone in `chat` shows it: its short first part with a "Details" button
    /// when there is more, the whole answer kept for the button.
    pub fn offer(&self, chat: &str, lang: Lang, reply: Reply) -> Reply {
        let mut reply = bot_core::phone::fit(lang, reply);
        if reply.details.is_empty() {
            return reply;
        }
        let mut whole = reply.expanded();
        let image = whole.image.take();
        let Ok(json) = serde_json::to_vec(&whole) else {
            // Nothing to keep it as: the chat gets the whole answer at once instead.
            whole.image = image;
            return whole;
        };
        let image_bytes = image.as_ref().map_or(0, |i| i.png.len());
        let chunk = self.budget / CHUNKS;
        let need = chat.len() + json.len();
        let key = self.next.fetch_add(1, Ordering::Relaxed);
        {
            let mut kept = self.kept.lock().unwrap_or_else(|e| e.into_inner());
            let kept = &mut *kept;
            while !kept.order.is_empty()
                && (kept.order.len() >= self.capacity
                    || kept.held + kept.growth(need, image_bytes, chunk) > self.budget)
            {
                kept.drop_oldest();
            }
            let (seq, at) = kept.append([chat.as_bytes(), &json], chunk);
            let new = Kept {
                chunk: seq,
                at,
                chat_len: chat.len(),
                len: json.len(),
                lang,
                image,
            };
            kept.bytes += new.bytes();
            kept.held += image_bytes;
            kept.map.insert(key, new);
            kept.order.push_back(key);
        }
        // Last, so a step's own numbered choices keep their places.
        reply.choices.push(bot_core::reply::Choice {
            id: ChoiceId::Details(format!("{key:x}")).wire(),
            label: Msg::new("details-button"),
        });
        reply
    }

    /// Bytes of kept answers now (tests, measurements).
    pub fn kept_bytes(&self) -> usize {
        self.kept.lock().unwrap_or_else(|e| e.into_inner()).bytes
    }

    /// What a press of `choice` in `chat` shows, when it is a "Details" button: the whole
    /// answer in the language it was given in, or (forgotten, another chat's) a notice in
    /// `lang`. `None` for every other choice.
    pub fn open(&self, chat: &str, lang: Lang, choice: &str) -> Option<(Lang, Reply)> {
        let ChoiceId::Details(key) = ChoiceId::parse(choice) else {
            return None;
        };
        let found = {
            let kept = self.kept.lock().unwrap_or_else(|e| e.into_inner());
            u64::from_str_radix(&key, 16)
                .ok()
                .and_then(|k| kept.map.get(&k))
                .and_then(|k| {
                    let (their, json) = kept.read(k)?;
                    (their == chat.as_bytes()).then(|| (k.lang, json.to_vec(), k.image.clone()))
                })
        };
        let whole = found.and_then(|(lang, json, image)| {
            let mut reply = serde_json::from_slice::<Reply>(&json).ok()?;
            reply.image = image;
            Some((lang, reply))
        });
        Some(whole.unwrap_or_else(|| (lang, Reply::text(Msg::new("details-gone")))))
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

    /// A burst of answers from many chats sits in a few large chunks (one allocation per
    /// sixteenth of the budget, not one per answer), every kept one opens whole in its own
    /// chat only, across chunk boundaries, and what the shelf holds stays within the budget.
    #[test]
    fn a_burst_is_kept_in_a_few_large_chunks_and_each_answer_opens_in_its_chat() {
        let one = serde_json::to_vec(&long_reply().expanded()).unwrap().len();
        let budget = one * 200;
        let shelf = Shelf::with_limits(4096, budget);
        let ids: Vec<(String, String, usize)> = (0..1000)
            .map(|i| {
                let mut reply = long_reply();
                let rows = 20 + i % 20;
                if let Some(Part::Table(t)) = reply.parts.last_mut() {
                    t.rows.truncate(rows);
                }
                let chat = format!("{}", 100_000 + i * 7);
                let id = shelf
                    .offer(&chat, Lang::En, reply)
                    .choices
                    .last()
                    .unwrap()
                    .id
                    .clone();
                (chat, id, rows)
            })
            .collect();
        {
            let kept = shelf.kept.lock().unwrap();
            assert!(kept.held <= budget, "{} > {budget}", kept.held);
            assert!(
                kept.chunks.len() <= CHUNKS + 1,
                "{} chunks",
                kept.chunks.len()
            );
            assert!(kept.order.len() > 200, "{} kept", kept.order.len());
        }
        let mut opened = 0;
        for (chat, id, rows) in &ids {
            let (_, reply) = shelf.open(chat, Lang::En, id).unwrap();
            if reply.parts == vec![Part::Text(Msg::new("details-gone"))] {
                assert_eq!(opened, 0, "an answer newer than a kept one is gone");
                continue;
            }
            opened += 1;
            assert!(matches!(reply.parts.last(), Some(Part::Table(t)) if t.rows.len() == *rows));
            let (_, other) = shelf.open("1", Lang::En, id).unwrap();
            assert_eq!(other.parts, vec![Part::Text(Msg::new("details-gone"))]);
        }
        assert!(opened > 200, "{opened}");
        assert!(
            shelf
                .open(&ids[999].0, Lang::En, &ids[998].1)
                .is_some_and(|(_, r)| r.parts == vec![Part::Text(Msg::new("details-gone"))])
        );
    }

    /// A burst of long answers keeps at most the byte budget, however many there are and
    /// however long each is; the newest still open whole, the oldest are gone.
    #[test]
    fn kept_answers_stay_within_the_byte_budget() {
        let one = serde_json::to_vec(&long_reply().expanded()).unwrap().len();
        let budget = one * 10 + one / 2;
        let shelf = Shelf::with_limits(4096, budget);
        let buttons: Vec<String> = (0..100)
            .map(|i| {
                let mut reply = long_reply();
                // Answers of different lengths.
                if let Some(Part::Table(t)) = reply.parts.last_mut() {
                    t.rows.truncate(20 + i % 20);
                }
                let short = shelf.offer("7", Lang::En, reply);
                short.choices.last().unwrap().id.clone()
            })
            .collect();
        assert!(
            shelf.kept_bytes() <= budget,
            "{} > {budget}",
            shelf.kept_bytes()
        );
        assert!(shelf.kept_bytes() > budget / 2, "the budget is used");
        let (_, newest) = shelf.open("7", Lang::En, &buttons[99]).unwrap();
        assert!(
            matches!(newest.parts.last(), Some(Part::Table(t)) if t.rows.len() == 20 + 99 % 20)
        );
        let (_, oldest) = shelf.open("7", Lang::En, &buttons[0]).unwrap();
        assert_eq!(oldest.parts, vec![Part::Text(Msg::new("details-gone"))]);

        // A chart is kept beside the JSON, counted by its PNG's bytes, and opens unchanged.
        let mut charted = long_reply();
        charted.image = Some(Box::new(bot_core::reply::Image {
            png: vec![7; one * 3],
            caption: Msg::new("help-intro"),
        }));
        let before = shelf.kept_bytes();
        let id = shelf.offer("7", Lang::En, charted.clone()).choices[0]
            .id
            .clone();
        assert!(shelf.kept_bytes() <= budget);
        let (_, opened) = shelf.open("7", Lang::En, &id).unwrap();
        assert_eq!(opened, charted.expanded());
        assert!(before > 0);

        // One answer larger than the whole budget is kept alone, and opens.
        let tiny = Shelf::with_limits(4096, 10);
        let a = tiny.offer("7", Lang::En, long_reply()).choices[0]
            .id
            .clone();
        let b = tiny.offer("7", Lang::En, long_reply()).choices[0]
            .id
            .clone();
        assert_eq!(tiny.kept_bytes(), one);
        assert_eq!(
            tiny.open("7", Lang::En, &a).unwrap().1.parts,
            vec![Part::Text(Msg::new("details-gone"))]
        );
        assert_eq!(
            tiny.open("7", Lang::En, &b).unwrap().1.parts,
            long_reply().expanded().parts
        );
    }
}
