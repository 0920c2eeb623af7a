//! A laptop word beside a card's number (`我笔记本是4060`, `my laptop has a 4070`, `游戏本 3060`,
//! `4090 in my laptop`): the card is the laptop GPU of that number, not the desktop one. One
//! reading of which words say "laptop" and how far from the card they still belong to it.
//! `notebook` alone is no laptop word: it is Jupyter's (`my notebook on a 4090`).

/// English words for a laptop or its GPU's form (a token of their own): `mobile` and `max-q`
/// are NVIDIA's names of the laptop part (`rtx 2060 mobile`, `2080 max-q`).
const LAPTOP_EN: &[&str] = &["laptop", "laptops", "mobile", "max-q", "maxq"];
/// Chinese words for a laptop or its GPU's form (inside a run of Chinese).
const LAPTOP_ZH: &[&str] = &["笔记本", "游戏本", "移动版", "移动端", "轻薄本"];
/// Words that may stand between a laptop word and the card after it (`my laptop has an rtx
/// 4060`, `laptop with a 4090`, `laptop's 3080`): a possessive, a link, an article, a brand.
const BETWEEN_EN: &[&str] = &[
    "s", "has", "have", "with", "is", "a", "an", "the", "rtx", "geforce", "nvidia", "gpu", "card",
];
/// Words that may stand between a card and a laptop word after it (`4080 in my laptop`, `4090
/// on my gaming laptop`).
/// `ti` and `super` end the card's own name (`3070 ti mobile`): the laptop word after them is
/// still the card's.
const AFTER_EN: &[&str] = &[
    "in", "on", "of", "inside", "my", "our", "the", "gaming", "ti", "super",
];
/// At most this many characters of Chinese after the laptop word and before the card (`笔记本是`,
/// `笔记本上的`, `游戏本里的`): more is a clause of its own (`笔记本只有核显，租一张4090`).
const ZH_TAIL: usize = 2;
/// At most this many words between the laptop word and the card.
const REACH: usize = 3;

fn zh_laptop_at_end(t: &str) -> bool {
    LAPTOP_ZH.iter().any(|w| {
        t.rfind(w)
            .is_some_and(|at| t[at + w.len()..].chars().count() <= ZH_TAIL)
    })
}

/// Whether a laptop word is said just before the card that starts at token `i` or just after the
/// card that ends before token `end`.
pub fn laptop_said_at(toks: &[String], i: usize, end: usize) -> bool {
    before(toks, i) || after(toks, end)
}

fn before(toks: &[String], i: usize) -> bool {
    for k in (i.saturating_sub(REACH + 1)..i).rev() {
        let t = toks[k].as_str();
        if LAPTOP_EN.contains(&t) || zh_laptop_at_end(t) {
            return true;
        }
        let filler = BETWEEN_EN.contains(&t) || (!t.is_ascii() && t.chars().count() <= ZH_TAIL);
        if !filler {
            return false;
        }
    }
    false
}

fn after(toks: &[String], end: usize) -> bool {
    for t in toks.iter().skip(end).take(REACH + 1) {
        let t = t.as_str();
        if LAPTOP_EN.contains(&t) || LAPTOP_ZH.iter().any(|w| t.starts_with(w)) {
            return true;
        }
        if !AFTER_EN.contains(&t) {
            return false;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    fn toks(s: &str) -> Vec<String> {
        s.split(' ').map(str::to_string).collect()
    }

    #[test]
    fn laptop_words_near_the_card() {
        let t = toks("my laptop has an rtx 4060");
        assert!(laptop_said_at(&t, 4, 6));
        let t = toks("我的游戏本是 4080 能跑");
        assert!(laptop_said_at(&t, 1, 2));
        let t = toks("is the 4080 in my gaming laptop");
        assert!(laptop_said_at(&t, 2, 3));
        let t = toks("手上1台 4090 游戏本");
        assert!(laptop_said_at(&t, 1, 2));
    }

    #[test]
    fn no_laptop_word_or_one_of_another_clause() {
        // Jupyter's notebook.
        let t = toks("my jupyter notebook on a 4090");
        assert!(!laptop_said_at(&t, 5, 6));
        // The laptop is the user's; the card is rented.
        let t = toks("我的笔记本只有核显 租 1 张 4090");
        assert!(!laptop_said_at(&t, 4, 5));
        // A laptop word before another card is that card's.
        let t = toks("desktop 4080 vs laptop 4080");
        assert!(!laptop_said_at(&t, 1, 2));
        assert!(laptop_said_at(&t, 4, 5));
    }
}
