//! `2g显存能跑什么模型`, `4gb vram`, `3 gb of memory`: a memory size under 6 GB is a size only
//! where the word for a card's memory follows it. [`super::memory_floor::gb_of`] keeps its floor
//! of 6 (no catalog card is sold with less, and `5g` alone is the network); a laptop card or an
//! old card the catalog lacks has 2 to 4 GB, said with `显存`/`vram` after it.

/// Words that link the size to a memory word in English (`4 gb of vram`, `3gb of memory`).
const LINKS: &[&str] = &["of"];

/// Whether the tokens `rest` (after the size) start with a memory word of the lexicon's one
/// table (`lexicon::MEMORY_WORDS`; this reader had kept `显存`/`vram` only, so `4gb of gpu ram`
/// said nothing): right after the size a word of a card's memory, after `of` any of them (the
/// loose ones, `memory`, need it: `4gb memory card`).
fn memory_after(rest: &[String]) -> bool {
    let starts = |toks: &[String], linked: bool| {
        let said = toks.join(" ");
        crate::lexicon::MEMORY_WORDS
            .iter()
            .filter(|m| linked || !crate::lexicon::MEMORY_WORDS_LINKED.contains(m))
            .any(|m| said.starts_with(m))
    };
    match rest {
        [l, more @ ..] if LINKS.contains(&l.as_str()) => starts(more, true),
        _ => starts(rest, false),
    }
}

/// The size in GB (1 to 5) written in `t`, or in `t` and the unit token after it; with how many
/// tokens it took.
fn small_size(toks: &[String], i: usize) -> Option<(u32, usize)> {
    let t = toks[i].as_str();
    let (digits, used) = match t
        .strip_suffix("gib")
        .or_else(|| t.strip_suffix("gb"))
        .or_else(|| t.strip_suffix('g'))
    {
        Some(d) => (d, 1),
        None if toks
            .get(i + 1)
            .is_some_and(|u| ["gb", "g", "gib"].contains(&u.as_str())) =>
        {
            (t, 2)
        }
        None => return None,
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let gb: u32 = digits.parse().ok()?;
    (1..6).contains(&gb).then_some((gb, used))
}

/// A memory size under 6 GB with the word for a card's memory right after it, the first one.
pub(super) fn small_memory_said(padded: &str) -> Option<u32> {
    let toks = super::text::tokens(padded);
    (0..toks.len()).find_map(|i| {
        let (gb, used) = small_size(&toks, i)?;
        memory_after(&toks[i + used..]).then_some(gb)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_sizes_only_before_a_memory_word() {
        assert_eq!(small_memory_said(" 4g显存能跑啥 "), Some(4));
        assert_eq!(small_memory_said(" what can i run on 4gb vram "), Some(4));
        assert_eq!(
            small_memory_said(" which models fit in 3 gb of memory "),
            Some(3)
        );
        assert_eq!(small_memory_said(" 2 g 显存 "), Some(2));
        // `5g` alone is the network; a size of 6 and up is `gb_of`'s.
        assert_eq!(small_memory_said(" 5g 网络能用吗 "), None);
        assert_eq!(small_memory_said(" 4gb memory card "), None);
        assert_eq!(small_memory_said(" 8g显存 "), None);
        // Any memory word of the lexicon's table, `gpu ram` as well.
        assert_eq!(
            small_memory_said(" what can i run with 4gb of gpu ram "),
            Some(4)
        );
        assert_eq!(small_memory_said(" 3 gb gpu ram "), Some(3));
        assert_eq!(small_memory_said(" 4g内存 "), None);
    }
}
