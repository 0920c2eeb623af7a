//! The last few texts [`super::normalize`] read and what it made of them, per thread: one
//! question is normalized again by many readers and stages (`budget_said`, the asked-back
//! stages, the re-reads with a candidate), and the pipeline is a pure function of the text, so a
//! recalled result is byte-for-byte the one it would compute (helper perf_rd; checked on every
//! corpus question by `tools/reader_golden.sh`). Only a cache: nothing here decides a meaning.

use std::cell::RefCell;
use std::collections::{HashMap, VecDeque};

/// How many recent texts are kept. A `/pick` step normalizes every button label in both
/// locales and every phrase it tests beside the message (over 16 texts a step), which had
/// pushed the message itself out of a 16-text memo between its own re-reads (helper perf_ci).
const KEPT: usize = 256;
/// Texts longer than this (bytes: 4 × `MAX_CHARS`, the 600 chars normalize reads) are not kept:
/// the key is a copy of the text.
const LONGEST: usize = 2400;

/// The kept texts by text, and their order (the oldest is dropped first).
#[derive(Default)]
struct Recent {
    by_text: HashMap<String, String>,
    order: VecDeque<String>,
}

thread_local! {
    static RECENT: RefCell<Recent> = RefCell::new(Recent::default());
}

/// What `text` normalized to, if it is among the recent texts.
pub(super) fn recalled(text: &str) -> Option<String> {
    if text.len() > LONGEST {
        return None;
    }
    RECENT.with(|r| r.borrow().by_text.get(text).cloned())
}

/// Keeps `text`'s normalized form `out` (the oldest one dropped past [`KEPT`]), and returns it.
pub(super) fn remember(text: &str, out: String) -> String {
    if text.len() <= LONGEST {
        RECENT.with(|r| {
            let mut r = r.borrow_mut();
            if r.by_text.contains_key(text) {
                return;
            }
            if r.order.len() == KEPT
                && let Some(old) = r.order.pop_front()
            {
                r.by_text.remove(&old);
            }
            r.order.push_back(text.to_string());
            r.by_text.insert(text.to_string(), out.clone());
        });
    }
    out
}
#[cfg(test)]
mod tests {
    use super::super::normalize;
    use super::{RECENT, recalled};

    #[test]
    fn a_recalled_text_reads_as_a_fresh_one() {
        let said = "两张Ｈ１００ ＳＸＭ能跑通义千问２．５ １４Ｂ吗";
        let first = normalize(said);
        // Recalled (the same thread, just read) and fresh (another thread, nothing kept).
        let again = normalize(said);
        let fresh = std::thread::spawn(move || normalize(said)).join().unwrap();
        assert_eq!(first, again);
        assert_eq!(first, fresh);
        // More other texts in between than are kept push it out; it is then computed again,
        // the same.
        for i in 0..super::KEPT + 40 {
            normalize(&format!("{i} h100"));
        }
        assert_eq!(normalize(said), first);
        assert_ne!(normalize("4090 多少钱"), first);
    }

    #[test]
    fn the_memo_keeps_at_most_its_size_and_drops_the_oldest_first() {
        let first = "an h100 for 3 hours";
        normalize(first);
        for i in 0..super::KEPT - 1 {
            normalize(&format!("{i} 4090 多少钱"));
        }
        // Exactly KEPT texts read since `first`, itself included: still kept.
        assert_eq!(recalled(first), Some(normalize(first)));
        normalize("one more, the oldest goes");
        assert_eq!(recalled(first), None);
        RECENT.with(|r| {
            let r = r.borrow();
            assert_eq!(r.order.len(), super::KEPT);
            assert_eq!(r.by_text.len(), super::KEPT);
        });
    }
}
