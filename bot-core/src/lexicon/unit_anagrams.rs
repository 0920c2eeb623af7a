//! A duration's unit word after its number typed with its letters out of order (`20 hrous`,
//! `3 huors`, `45 mintues`): the unit word (issue 26 §4, helper und_ef). `hrous` is two slips
//! from `hours` (a letter moved over two), so the slip readers' one-slip measure left it; the
//! letters all there, in a word that begins as the unit does, right after a number, say no
//! other word.

use super::unit_spellings::{Form, UNIT_SPELLINGS};

/// The unit words of four letters or more a length is read in (`hours`, `minutes`, `days`).
fn unit_words() -> impl Iterator<Item = &'static str> {
    UNIT_SPELLINGS
        .iter()
        .filter(|(w, _, f)| *f == Form::Read && w.len() >= 4 && w.is_ascii())
        .map(|(w, ..)| *w)
}

/// The unit word `w` (lower case) is an anagram of, with the same first letter; `None` for a
/// unit word itself or a word of no unit's letters.
fn unit_of(w: &str) -> Option<&'static str> {
    let sorted = |s: &str| {
        let mut b = s.as_bytes().to_vec();
        b.sort_unstable();
        b
    };
    let mine = sorted(w);
    let mut found =
        unit_words().filter(|u| *u != w && u.as_bytes()[0] == w.as_bytes()[0] && sorted(u) == mine);
    let first = found.next()?;
    found.next().is_none().then_some(first)
}

/// `text` with each Latin word right after a number (`20 hrous`, `3huors`) that is a unit word's
/// letters out of order written as the unit word.
pub fn unit_anagrams_read(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = rest.find(|c: char| c.is_ascii_alphabetic()) {
        let end = rest[i..]
            .find(|c: char| !c.is_ascii_alphabetic())
            .map_or(rest.len(), |e| i + e);
        let before = rest[..i].trim_end_matches(' ');
        let after_number = before.ends_with(|c: char| c.is_ascii_digit())
            || (before.is_empty()
                && out
                    .trim_end_matches(' ')
                    .ends_with(|c: char| c.is_ascii_digit()));
        let word = rest[i..end].to_ascii_lowercase();
        out.push_str(&rest[..i]);
        match unit_of(&word).filter(|_| after_number) {
            Some(u) => out.push_str(u),
            None => out.push_str(&rest[i..end]),
        }
        rest = &rest[end..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::unit_anagrams_read;

    #[test]
    fn a_unit_words_letters_out_of_order_after_a_number() {
        for (t, r) in [
            ("around 20 hrous", "around 20 hours"),
            ("3 huors", "3 hours"),
            ("3huors a day", "3hours a day"),
            ("45 mintues", "45 minutes"),
            ("2 dyas", "2 days"),
        ] {
            assert_eq!(unit_anagrams_read(t), r, "{t}");
        }
        // Not after a number, a unit itself, no unit's letters.
        for t in ["hrous", "20 hours", "the hrous", "8 shour", "4 users"] {
            assert_eq!(unit_anagrams_read(t), t, "{t}");
        }
    }
}
