//! A noun of the question vocabulary typed with one slip (`instace`, `machne`, `servres`,
//! `provdier`): the machines and the hosts a question asks of (the count table's
//! [`super::MACHINE_NOUNS`], the stopped machine's nouns and [`super::HOSTS_IN_PLACE`]), by the one
//! measure cue words are forgiven by ([`super::one_edit`]): nouns of six letters or more, one only
//! that near, never a word of its own ([`super::REAL_WORDS`]), a cue word, a need word, nor a
//! noun's own singular or plural.

use super::{CUE_WORDS, HOSTS_IN_PLACE, MACHINE_NOUNS, NEED_SPELLINGS, REAL_WORDS, one_edit};

/// The nouns of [`super::stopped_said`]'s machine a stopped bill is asked of, beside the count
/// table's.
const STOPPED_MACHINES: &[&str] = &["instance", "instances", "container", "containers"];

/// The vocabulary's ASCII nouns of six letters or more: a five-letter noun is one slip from too
/// many words (`hosts` from `costs`, `posts`; `cloud` from `clout`).
fn nouns() -> impl Iterator<Item = &'static str> {
    MACHINE_NOUNS
        .iter()
        .chain(STOPPED_MACHINES)
        .chain(HOSTS_IN_PLACE)
        .copied()
        .filter(|n| n.len() >= 6 && n.bytes().all(|b| b.is_ascii_lowercase()))
}

/// The noun `w` (lowercase letters) is one slip from, where exactly one is (a slip near two
/// nouns is never guessed between them) and `w` is no word of its own.
pub fn noun_of_slip(w: &str) -> Option<&'static str> {
    if w.len() < 5
        || !w.bytes().all(|b| b.is_ascii_lowercase())
        || REAL_WORDS.contains(&w)
        || CUE_WORDS.contains(&w)
        || NEED_SPELLINGS.contains(&w)
    {
        return None;
    }
    // A noun's singular or plural as typed (`vendor` beside `vendors`) is the noun itself.
    let own = |n: &str| n == w || n.strip_suffix('s') == Some(w) || w.strip_suffix('s') == Some(n);
    if nouns().any(own) {
        return None;
    }
    let mut near =
        nouns().filter(|n| n.len().abs_diff(w.len()) <= 1 && one_edit(n.as_bytes(), w.as_bytes()));
    let first = near.next()?;
    near.all(|n| n == first).then_some(first)
}

#[cfg(test)]
mod tests {
    use super::noun_of_slip;

    #[test]
    fn a_noun_with_one_slip_is_the_noun() {
        for (slip, noun) in [
            ("instace", "instance"),
            ("insatnce", "instance"),
            ("machne", "machine"),
            ("servres", "servers"),
            ("provdier", "provider"),
            ("contaner", "container"),
        ] {
            assert_eq!(noun_of_slip(slip), Some(noun), "{slip}");
        }
    }

    #[test]
    fn words_of_their_own_and_short_words_are_kept() {
        // `serve` and `serves` are verbs one slip from `server`; `cloudy`, `ghosts` words.
        for w in [
            "serve", "serves", "served", "cloudy", "ghosts", "server", "vendor", "hosts", "node",
            "nodes", "price", "cheaper", "credit", "legion", "costs", "posts",
        ] {
            assert_eq!(noun_of_slip(w), None, "{w}");
        }
    }
}
