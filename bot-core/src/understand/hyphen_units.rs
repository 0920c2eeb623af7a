//! Sizes and lengths written as one hyphenated adjective or with a spoken unit, written as
//! the reader's passes read them (corpus44, issue 26):
//! - `an 8-hour run`, `a 3-day job`: the job's length (`8 hour`), never the default hour;
//! - `a 4-card 4090 machine`, `a 2-gpu box`: a card count (`4 cards`), never the card's specs;
//! - `two nodes of 8x H100`, `two 8x h100 nodes`, `4 nodes x 8 h100`, `2台8卡`: N machines of M
//!   cards are N × M cards (`16x h100`), never one machine's M; where machines are sought or
//!   watched (stock and alert words) each machine's count is the filter, kept as said;
//! - `x8 h100`: a count written `xN` before the card (`8x h100`), never one card;
//! - `24 gigs`: a memory size (`24gb`) with no card beside it too;
//! - `HBM`: the card's memory, a spec word (`/gpu`), never a price.

use crate::catalog::Catalog;

/// Units a hyphenated length is said in, as the span pass reads them after a space.
const LENGTH_UNITS: &[&str] = &["hour", "hr", "day", "week", "minute", "min", "month"];

/// Nouns for one machine of several cards, counted (`two nodes of 8x`).
const NODE_NOUNS: &[&str] = &[
    "nodes", "node", "machines", "machine", "servers", "server", "boxes", "box", "hosts",
];

/// `norm` with each of those written as the reader reads it.
pub(super) fn plain(catalog: &Catalog, norm: &str) -> String {
    // Machines sought or watched (`any 2 nodes of 8x h100 available?`) are filtered per
    // machine: their count is kept as said.
    let padded = format!(" {norm} ");
    let machines_sought = super::text::has(&padded, super::words::STOCK_WORDS)
        || super::text::has(&padded, super::words::ALERT_WORDS);
    let norm = if machines_sought {
        norm.to_string()
    } else {
        machines_zh(norm)
    };
    // Machines counted: the words apart (`4 nodes  x8 h100`), the text as said otherwise.
    let apart: Vec<&str> = norm.split_whitespace().collect();
    let counted = nodes_of(catalog, &apart);
    let norm = if machines_sought || counted.iter().eq(apart.iter()) {
        norm
    } else {
        counted.join(" ")
    };
    let words: Vec<String> = norm.split(' ').map(String::from).collect();
    let mut out: Vec<String> = Vec::with_capacity(words.len());
    for (k, w) in words.iter().enumerate() {
        // `on x8 h100`: a count written `xN` right before a card is its count (`8x`).
        let before_card = words.get(k + 1).is_some_and(|c| {
            catalog
                .find_gpu(c.trim_end_matches([',', '.', '?', '!']))
                .is_some()
        });
        let count = w
            .strip_prefix('x')
            .filter(|n| before_card && per_machine(w).is_some() && !n.is_empty());
        match count {
            Some(n) => out.push(format!("{n}x")),
            None => out.push(hyphened(w).unwrap_or_else(|| w.clone())),
        }
    }
    let out = gigs(&counts_at_least(catalog, &out));
    out.join(" ")
}

/// `8 or more h100s`, `2 or above 4090s`: a count, a floor word (`offers_words::FLOOR_AFTER`'s
/// words of more than one word) and a card: the count a floor, written `8+ h100s` as the
/// machines' readers read it (the count had been dropped for the card's specs).
fn counts_at_least(catalog: &Catalog, words: &[String]) -> Vec<String> {
    let mut out: Vec<String> = Vec::with_capacity(words.len());
    let mut k = 0;
    while k < words.len() {
        let w = &words[k];
        // A count of cards (2 to 64), never a card's own number (`4090 or more`).
        let floor = w
            .parse::<u32>()
            .is_ok_and(|n| (2..=64).contains(&n))
            .then(|| {
                super::offers_words::FLOOR_AFTER
                    .iter()
                    .filter(|f| f.contains(' '))
                    .find_map(|f| {
                        let n = f.split(' ').count();
                        let said = words.get(k + 1..k + 1 + n)?.join(" ");
                        (said == *f && is_card(catalog, words.get(k + 1 + n)?)).then_some(n)
                    })
            })
            .flatten();
        match floor {
            Some(n) => {
                out.push(format!("{w}+"));
                k += 1 + n;
            }
            None => {
                out.push(w.clone());
                k += 1;
            }
        }
    }
    out
}

/// Whether a word names a card, said in the plural too (`h100s`, `a6000s,`).
fn is_card(catalog: &Catalog, w: &str) -> bool {
    let w = w.trim_end_matches([',', '.', '?', '!']);
    catalog.find_gpu(w).is_some()
        || w.strip_suffix('s')
            .is_some_and(|one| catalog.find_gpu(one).is_some())
}

/// `8-hour` → `8 hour`, `4-card` → `4 cards`, `2-gpu` → `2 gpus`: the number and its unit
/// apart (a word with more after the unit, `8-hour-long`, keeps the rest).
fn hyphened(w: &str) -> Option<String> {
    let (num, unit) = w.split_once('-')?;
    if num.is_empty() || !num.bytes().all(|b| b.is_ascii_digit() || b == b'.') {
        return None;
    }
    let (unit, rest) = match unit.find(|c: char| !c.is_ascii_alphabetic()) {
        Some(i) => unit.split_at(i),
        None => (unit, ""),
    };
    let unit = unit.trim_end_matches('s');
    if LENGTH_UNITS.contains(&unit) {
        return Some(format!("{num} {unit}{rest}"));
    }
    matches!(unit, "card" | "gpu").then(|| format!("{num} {unit}s{rest}"))
}

/// A count of machines said in digits or a small English word.
fn machines(w: &str) -> Option<u32> {
    const WORDS: &[&str] = &[
        "one", "two", "three", "four", "five", "six", "seven", "eight",
    ];
    let n = w
        .parse::<u32>()
        .ok()
        .or_else(|| WORDS.iter().position(|x| *x == w).map(|p| p as u32 + 1))?;
    (1..=64).contains(&n).then_some(n)
}

/// `two nodes of 8x h100` → `16x h100`; `2 nodes with 4x h200 each` → `8x h200`: the count of
/// machines times the cards in each. Only where the cards per machine follow the noun with `of`
/// or `with` (a count alone after the noun may be anything).
fn nodes_of(catalog: &Catalog, words: &[&str]) -> Vec<String> {
    let mut out: Vec<String> = Vec::with_capacity(words.len());
    let mut i = 0;
    while i < words.len() {
        let found = node_cards(&words[i..]).or_else(|| nodes_after(catalog, &words[i..]));
        if let Some((cards, used)) = found {
            out.push(cards);
            i += used;
            continue;
        }
        out.push(words[i].to_string());
        i += 1;
    }
    // `… each`: said of the machines already multiplied, no card's own word.
    out
}

/// The cards of `N nodes of Mx` at the start of `w`, and how many words it took.
fn node_cards(w: &[&str]) -> Option<(String, usize)> {
    let n = machines(w.first()?)?;
    if n < 2 || !NODE_NOUNS.contains(w.get(1)?) || !matches!(*w.get(2)?, "of" | "with") {
        return None;
    }
    let m = per_machine(w.get(3)?)?;
    Some((format!("{}x", n * m), 4))
}

/// Cards per machine said `8x`, `x8`.
fn per_machine(w: &str) -> Option<u32> {
    w.strip_suffix('x')
        .or_else(|| w.strip_prefix('x'))?
        .parse()
        .ok()
        .filter(|m| (1..=16).contains(m))
}

/// `two 8x h100 nodes` → `16x h100`; `4 nodes x 8 h100` → `32x h100`: the machines' noun after
/// the card, or `x M` after the noun, with a card named.
fn nodes_after(catalog: &Catalog, w: &[&str]) -> Option<(String, usize)> {
    let n = machines(w.first()?).filter(|n| *n >= 2)?;
    // The card's word may end the clause (`8 h100,`).
    let card = |k: usize| {
        w.get(k).filter(|c| {
            catalog
                .find_gpu(c.trim_end_matches([',', '.', '?', '!']))
                .is_some()
        })
    };
    // `two 8x h100 nodes`
    if let Some(m) = w.get(1).and_then(|x| per_machine(x))
        && let Some(c) = card(2)
        && w.get(3).is_some_and(|x| NODE_NOUNS.contains(x))
    {
        return Some((format!("{}x {c}", n * m), 4));
    }
    // `4 nodes x8 h100`
    if w.get(1).is_some_and(|x| NODE_NOUNS.contains(x))
        && let Some(m) = w.get(2).and_then(|x| per_machine(x))
        && let Some(c) = card(3)
    {
        return Some((format!("{}x {c}", n * m), 4));
    }
    // `4 nodes x 8 h100`
    if w.get(1).is_some_and(|x| NODE_NOUNS.contains(x))
        && w.get(2) == Some(&"x")
        && let Some(m) = w
            .get(3)
            .and_then(|x| x.parse::<u32>().ok())
            .filter(|m| (1..=16).contains(m))
        && let Some(c) = card(4)
    {
        return Some((format!("{}x {c}", n * m), 5));
    }
    None
}

/// `2台8卡`, `两个8卡节点` (the numerals already digits): N machines of M cards are N × M cards
/// (`16卡`).
fn machines_zh(norm: &str) -> String {
    let chars: Vec<char> = norm.chars().collect();
    let mut out = String::with_capacity(norm.len());
    let mut i = 0;
    while i < chars.len() {
        let start_ok = i == 0 || !chars[i - 1].is_ascii_digit();
        if start_ok && let Some((cards, used)) = machines_zh_at(&chars[i..]) {
            out.push_str(&cards);
            i += used;
            continue;
        }
        out.push(chars[i]);
        i += 1;
    }
    out
}

/// The cards of `N台M卡` at the start of `c`, and the characters it took.
fn machines_zh_at(c: &[char]) -> Option<(String, usize)> {
    let digits = |from: usize| c[from..].iter().take_while(|d| d.is_ascii_digit()).count();
    let a = digits(0);
    let n: u32 = c[..a].iter().collect::<String>().parse().ok()?;
    if !(2..=64).contains(&n) || !matches!(c.get(a), Some('台' | '个')) {
        return None;
    }
    let mut k = a + 1;
    if c.get(k) == Some(&' ') {
        k += 1;
    }
    let b = digits(k);
    let m: u32 = c[k..k + b].iter().collect::<String>().parse().ok()?;
    if !(1..=16).contains(&m) || c.get(k + b) != Some(&'卡') {
        return None;
    }
    Some((format!("{}卡", n * m), k + b + 1))
}

/// `24 gigs`, `48 gig` → `24gb`; `hbm` → `memory`; other words kept.
fn gigs(words: &[String]) -> Vec<String> {
    let mut out: Vec<String> = Vec::with_capacity(words.len());
    let mut i = 0;
    while i < words.len() {
        let w = words[i].as_str();
        let next = words.get(i + 1).map(String::as_str);
        if w.bytes().all(|b| b.is_ascii_digit())
            && !w.is_empty()
            && matches!(next, Some("gigs" | "gig"))
        {
            out.push(format!("{w}gb"));
            i += 2;
            continue;
        }
        out.push(if w == "hbm" {
            "memory".into()
        } else {
            w.into()
        });
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{gigs, hyphened, machines_zh, nodes_of};

    #[test]
    fn a_count_or_more_before_a_card_is_its_floor() {
        let catalog = crate::catalog::Catalog::embedded().unwrap();
        let plain = |s: &str| super::plain(&catalog, s);
        assert_eq!(
            plain("servers with 8 or more h100s"),
            "servers with 8+ h100s"
        );
        assert_eq!(
            plain("any box with 2 or above 4090s?"),
            "any box with 2+ 4090s?"
        );
        // No card after the floor, a card's own number, or one card: as said.
        assert_eq!(plain("8 or more gpus"), "8 or more gpus");
        assert_eq!(plain("4090 or more 3090s"), "4090 or more 3090s");
        assert_eq!(plain("1 or more a100"), "1 or more a100");
    }

    #[test]
    fn machines_in_chinese_times_cards() {
        assert_eq!(machines_zh("2台8卡h100能跑吗"), "16卡h100能跑吗");
        assert_eq!(machines_zh("3个 4卡的节点"), "12卡的节点");
        // One machine, or a count with no cards after it: kept.
        assert_eq!(machines_zh("1台8卡"), "1台8卡");
        assert_eq!(machines_zh("2台机器"), "2台机器");
        assert_eq!(machines_zh("12台8卡"), "96卡");
    }

    #[test]
    fn hyphenated_lengths_and_counts_apart() {
        assert_eq!(hyphened("8-hour").as_deref(), Some("8 hour"));
        assert_eq!(hyphened("3-days").as_deref(), Some("3 day"));
        assert_eq!(hyphened("4-card").as_deref(), Some("4 cards"));
        assert_eq!(hyphened("2-gpu").as_deref(), Some("2 gpus"));
        // Not a unit: kept.
        assert_eq!(hyphened("qwen2.5-7b"), None);
        assert_eq!(hyphened("3-way"), None);
        assert_eq!(hyphened("a100-80g"), None);
    }

    #[test]
    fn nodes_times_cards() {
        let catalog = crate::catalog::Catalog::embedded().unwrap();
        let said = |s: &str| nodes_of(&catalog, &s.split(' ').collect::<Vec<_>>()).join(" ");
        assert_eq!(said("two 8x h100 nodes for r1"), "16x h100 for r1");
        assert_eq!(said("4 nodes x 8 h100"), "32x h100");
        assert_eq!(said("two nodes of 8x h100"), "16x h100");
        assert_eq!(said("3 machines with 4x a100 each"), "12x a100 each");
        // One machine, or no cards per machine said: kept.
        assert_eq!(said("one node of 8x h100"), "one node of 8x h100");
        assert_eq!(said("2 nodes for a week"), "2 nodes for a week");
    }

    #[test]
    fn gigs_are_memory() {
        let said = |s: &str| {
            let w: Vec<String> = s.split(' ').map(String::from).collect();
            gigs(&w).join(" ")
        };
        assert_eq!(said("fine tune on 24 gigs"), "fine tune on 24gb");
        assert_eq!(said("how much hbm"), "how much memory");
        assert_eq!(said("gigs of 3"), "gigs of 3");
    }
}
