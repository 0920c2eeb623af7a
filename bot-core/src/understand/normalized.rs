//! The last few texts [`super::normalize`] read and what it made of them, per thread: one
//! question is normalized again by many readers and stages (`budget_said`, the asked-back
//! stages, the re-reads with a candidate), and the pipeline is a pure function of the text, so a
//! recalled result is byte-for-byte the one it would compute (helper perf_rd; checked on every
//! corpus question by `tools/reader_golden.sh`). Only a cache: nothing here decides a meaning.

use std::cell::RefCell;
use std::collections::VecDeque;

/// How many recent texts are kept: a reading's re-reads of its own variants fit.
const KEPT: usize = 16;
/// Texts longer than this (bytes: 4 × `MAX_CHARS`, the 600 chars normalize reads) are not kept:
/// the key is a copy of the text.
const LONGEST: usize = 2400;

thread_local! {
    static RECENT: RefCell<VecDeque<(String, String)>> = const { RefCell::new(VecDeque::new()) };
}

/// What `text` normalized to, if it is among the recent texts.
pub(super) fn recalled(text: &str) -> Option<String> {
    if text.len() > LONGEST {
        return None;
    }
    RECENT.with(|r| {
        r.borrow()
            .iter()
            .find(|(t, _)| t == text)
            .map(|(_, n)| n.clone())
    })
}

/// Keeps `text`'s normalized form `out` (the oldest one dropped past [`KEPT`]), and returns it.
pub(super) fn remember(text: &str, out: String) -> String {
    if text.len() <= LONGEST {
        RECENT.with(|r| {
            let mut r = r.borrow_mut();
            if r.len() == KEPT {
                r.pop_front();
            }
            r.push_back((text.to_string(), out.clone()));
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::super::normalize;

    #[test]
    fn a_recalled_text_reads_as_a_fresh_one() {
        let said = "两张Ｈ１００ ＳＸＭ能跑通义千问２．５ １４Ｂ吗";
        let first = normalize(said);
        // Recalled (the same thread, just read) and fresh (another thread, nothing kept).
        let again = normalize(said);
        let fresh = std::thread::spawn(move || normalize(said)).join().unwrap();
        assert_eq!(first, again);
        assert_eq!(first, fresh);
        // Many other texts in between push it out; it is then computed again, the same.
        for i in 0..40 {
            normalize(&format!("{i} h100"));
        }
        assert_eq!(normalize(said), first);
        assert_ne!(normalize("4090 多少钱"), first);
    }
}
