//! Whether a word near a platform's typed name is a slip of it or a word of its own (helper
//! und_ee, issue 26). The catalog's "did you mean" finds a name inside a word (`pai` in `pairs`,
//! `paint`, `paidui`; `hai` in `haiku`) and a name one letter from a word (`modal`/`moral`,
//! `gongji`/`gongju`): read as a platform, an ordinary word priced another cloud than asked.
//! The rule, by the name's length, is how far a human reader forgives a name typed with a slip:
//! - three letters or fewer (`pai`, `hai`, `dsw`): typed whole or not at all: letters added to
//!   them make other words;
//! - four: two neighbours swapped only (`vsat`), as `platform_slips` already holds;
//! - five: a letter dropped, doubled or two swapped, never one changed (`medal`, `moral`,
//!   `colas` are words, `modla`, `saladd` slips);
//! - six to nine: one slip, a key pressed twice besides (`ranpodd`); ten or more: two;
//! - never a name with an English ending added (`salads`, `thunders`, `gradients`: the word's
//!   plural or verb), nor pinyin of one or two syllables (`gongju` 工具, `suanle` 算了).

use crate::lexicon::{one_edit, pinyin_word, slips_apart, swapped};

/// English endings that make a word of a name that is a word itself.
const ENDINGS: &[&str] = &["s", "es", "ed", "ing", "er", "ers", "ly"];

/// Whether `t` is the typed name `k` with a slip its length forgives (module doc).
pub(super) fn slip_of(t: &str, k: &str) -> bool {
    let (tb, kb) = (t.as_bytes(), k.as_bytes());
    // An ending that repeats the name's last letter is a key pressed twice (`nebiuss`).
    let ending = t
        .strip_prefix(k)
        .is_some_and(|e| ENDINGS.contains(&e) && !e.starts_with(k.chars().last().unwrap_or(' ')));
    if t == k || word_of_its_own(t) || ending {
        return false;
    }
    match k.len() {
        0..=3 => false,
        4 => swapped(tb, kb),
        5 => swapped(tb, kb) || (tb.len() != kb.len() && one_edit(tb, kb)),
        // A key pressed twice besides (`ranpodd`) costs nothing: the doubled letters of both
        // read once.
        6..=9 => {
            one_edit(tb, kb) || {
                let (a, b) = (once_each(tb), once_each(kb));
                a == b || one_edit(&a, &b)
            }
        }
        _ => slips_apart(tb, kb, 2).is_some(),
    }
}

/// `b` with each run of one letter read once (`ranpodd` → `ranpod`).
fn once_each(b: &[u8]) -> Vec<u8> {
    let mut v = b.to_vec();
    v.dedup();
    v
}

/// Whether `t` is a word of its own language, whatever name it is near: pinyin of one or two
/// syllables.
pub(super) fn word_of_its_own(t: &str) -> bool {
    pinyin_word(t)
}

#[cfg(test)]
mod tests {
    use super::slip_of;

    #[test]
    fn slips_by_the_name_s_length() {
        for (t, k) in [
            ("nebious", "nebius"),
            ("runpdo", "runpod"),
            ("autdl", "autodl"),
            ("vsat", "vast"),
            ("modla", "modal"),
            ("datacrunh", "datacrunch"),
            ("paperspcae", "paperspace"),
            ("ranpodd", "runpod"),
            ("nebiuss", "nebius"),
        ] {
            assert!(slip_of(t, k), "{t} {k}");
        }
        for (t, k) in [
            ("pairs", "pai"),
            ("pairs", "paidsw"),
            ("haiku", "hai"),
            ("moral", "modal"),
            ("medal", "modal"),
            ("colas", "colab"),
            ("salads", "salad"),
            ("thunders", "thunder"),
            ("gradients", "gradient"),
            ("feature", "featurize"),
            ("gongju", "gongji"),
            ("cuda", "cudo"),
        ] {
            assert!(!slip_of(t, k), "{t} {k}");
        }
    }
}
