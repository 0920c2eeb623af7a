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
    }
}
