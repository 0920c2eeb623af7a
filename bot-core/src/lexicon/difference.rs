//! Words that ask how two things differ (`区别`, `差别`, `不一样`, `difference`, `vs`): beside
//! two names of one kind (`lora和qlora区别`, `lora vs qlora`) the message asks about them, and
//! picks neither.

/// Found inside a run of Chinese or as an English word (`vs` with its space or full stop).
pub const DIFFERENCE_WORDS: &[&str] = &[
    "区别",
    "差别",
    "差异",
    "不一样",
    "不同",
    // `8k跟32k差在哪`: the gap asked where it lies.
    "差在",
    "difference",
    "differ",
    " vs ",
    " vs.",
    "versus",
];

/// Whether `text` (lower case) holds one of [`DIFFERENCE_WORDS`].
pub fn difference_asked(text: &str) -> bool {
    let t = format!(" {text} ");
    DIFFERENCE_WORDS.iter().any(|w| t.contains(w))
}

/// How two things compare asked (`how do they compare`, `how they stack up`, `对比一下`, `怎么比`):
/// beside two cards weighed for a job it is their sheets side by side that are asked, never the
/// choice guided (`understand::pick_terse::choose_between`).
pub const COMPARED_WORDS: &[&str] = &[
    "how do they compare",
    "how they compare",
    "how does it compare",
    "how do the two compare",
    "how do they stack up",
    "how they stack up",
    "compare them",
    "compare the two",
    "对比一下",
    "比一下",
    "比较一下",
    "怎么比",
    "对比下",
];

/// Whether `text` (lower case) asks how two things differ or compare ([`DIFFERENCE_WORDS`],
/// [`COMPARED_WORDS`]).
pub fn comparison_asked(text: &str) -> bool {
    difference_asked(text) || COMPARED_WORDS.iter().any(|w| text.contains(w))
}

/// Whether `text` (lower case) asks how two methods differ (`lora和qlora区别`, `difference
/// between lora and qlora`, `awq vs gptq`): a difference word and two methods of the lexicon's
/// task and format tables (`TASK_WORDS` other than inference, `QUANT_WORDS`), each found once,
/// longest first (`qlora` holds `lora`).
pub fn methods_weighed(text: &str) -> bool {
    use super::words::{QUANT_WORDS, TASK_WORDS};
    use crate::vram::Task;
    if !difference_asked(text) {
        return false;
    }
    let mut words: Vec<(&str, String)> = TASK_WORDS
        .iter()
        .filter(|(_, t)| *t != Task::Infer)
        .map(|(w, t)| (*w, format!("{t:?}")))
        .chain(QUANT_WORDS.iter().map(|(w, q)| (*w, format!("{q:?}"))))
        // Words of two letters or fewer (`q4`) are too short to find inside a sentence.
        .filter(|(w, _)| w.chars().count() > 2)
        .collect();
    words.sort_by_key(|(w, _)| std::cmp::Reverse(w.len()));
    let mut rest = text.to_string();
    let mut named: Vec<String> = Vec::new();
    for (w, kind) in words {
        if rest.contains(w) {
            rest = rest.replace(w, " ");
            if !named.contains(&kind) {
                named.push(kind);
            }
        }
    }
    named.len() >= 2
}

/// Words that ask which of two options to take (`哪个`, `选哪`, `which`, `8k or 32k`, `what
/// mean`): beside two of a step's values, the message asks about them.
const WHICH_ASKED: &[&str] = &[
    "哪个",
    "哪一个",
    "哪种",
    "选哪",
    "还是",
    "which",
    " or ",
    " mean",
    "意思",
];

/// Whether `text` (lower case) weighs two context lengths (`8k跟32k差在哪`, `what mean 8k or
/// 32k?`, `4k vs 16k, which one?`): a difference or a which-word and two different lengths
/// written as the context step offers them (`8k`, `32k`), so it picks neither.
pub fn lengths_weighed(text: &str) -> bool {
    let t = format!(" {text} ");
    if !difference_asked(text) && !WHICH_ASKED.iter().any(|w| t.contains(w)) {
        return false;
    }
    let mut lengths: Vec<&str> = Vec::new();
    let chars: Vec<(usize, char)> = t.char_indices().collect();
    for (i, &(at, c)) in chars.iter().enumerate() {
        let starts = c.is_ascii_digit()
            && !chars
                .get(i.wrapping_sub(1))
                .is_some_and(|(_, p)| p.is_ascii_alphanumeric() || *p == '.');
        if !starts {
            continue;
        }
        let end = t[at..]
            .find(|c: char| !c.is_ascii_digit())
            .map_or(t.len(), |e| at + e);
        let after = &t[end..];
        // `8k`, `32k`, `128k` (never `8kw`, a `k` inside a word).
        if after.starts_with('k') && !after[1..].starts_with(|c: char| c.is_ascii_alphabetic()) {
            let n = &t[at..end];
            if !lengths.contains(&n) {
                lengths.push(n);
            }
        }
    }
    lengths.len() >= 2
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_methods_weighed_are_asked_about() {
        for t in [
            "lora和qlora区别",
            "qlora跟lora有什么不一样",
            "what's the difference between lora and qlora",
            "lora vs qlora?",
            "awq vs gptq",
        ] {
            assert!(methods_weighed(&t.to_lowercase()), "{t}");
        }
        for t in ["lora", "qlora吧", "用lora，和上次不同", "4090和4090d区别"] {
            assert!(!methods_weighed(&t.to_lowercase()), "{t}");
        }
        assert!(methods_weighed("qlora跟lora差在哪"));
    }

    #[test]
    fn two_lengths_weighed_are_asked_about() {
        for t in [
            "8k跟32k差在哪？",
            "what mean 8k or 32k? which i choose?",
            "4k vs 16k, which one should i take?",
            "8k还是32k",
        ] {
            assert!(lengths_weighed(&t.to_lowercase()), "{t}");
        }
        for t in ["8k", "8k吧", "32k, 预算2k", "8k or so", "which is 8k"] {
            assert!(!lengths_weighed(&t.to_lowercase()), "{t}");
        }
    }
}
