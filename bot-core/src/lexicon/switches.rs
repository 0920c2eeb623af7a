//! A job switch said off in words and a trainer named in the sentence, read as `/fit` reads
//! them typed: `关掉gradient checkpointing`, `不开梯度检查点`, `without grad ckpt`, `turn off gc`,
//! `gradient checkpointing disabled` are `gc=off` (a negation before the term, Chinese or
//! English, with or without a space, or after it: [`super::negation`]); `ms-swift`,
//! `魔搭swift`, `axolotl`, `unsloth` are `trainer=` (not when said not used). LLaMA-Factory,
//! TRL, PEFT and Transformers are the default sizing and carry no `trainer=`.

use super::negation::{negated_after, negated_at};

/// Names of gradient checkpointing (matched with `_` and `-` read as spaces).
pub const CHECKPOINTING_TERMS: &[&str] = &[
    "gradient checkpointing",
    "grad checkpointing",
    "activation checkpointing",
    "gradient ckpt",
    "grad ckpt",
    "checkpointing",
    "gc",
    "梯度检查点",
    "检查点",
    "重计算",
];

/// Trainer names and the `trainer=` value `/fit` takes for each.
const TRAINERS: &[(&str, &str)] = &[
    ("ms swift", "swift"),
    ("msswift", "swift"),
    ("swift", "swift"),
    ("axolotl", "axolotl"),
    ("unsloth", "unsloth"),
];

/// Words after a switch that turn it on: the default said, never a negation read past.
const ON_AFTER: &[&str] = &[
    "on", "=true", "= true", ": true", "enabled", "开着", "开启", "打开",
];

/// `text` with `_` and `-` as spaces, lowercased.
fn spaced(text: &str) -> String {
    text.to_lowercase().replace(['_', '-'], " ")
}

/// The places where `term` stands as a whole word in `s` (ASCII neighbours only count).
fn whole_words<'a>(s: &'a str, term: &'a str) -> impl Iterator<Item = usize> + 'a {
    s.match_indices(term).map(|(at, _)| at).filter(move |&at| {
        let before = !s[..at].ends_with(|c: char| c.is_ascii_alphanumeric());
        let after = !s[at + term.len()..].starts_with(|c: char| c.is_ascii_alphanumeric());
        before && (after || !term.is_ascii())
    })
}

/// Whether one of `terms` is said switched off: a negation before it (`不开`, `关掉`,
/// `without`, `turn off`, `no`) or after it (`off`, `disabled`, `关掉`), and not said on.
pub fn switched_off(text: &str, terms: &[&str]) -> bool {
    let s = spaced(text);
    terms.iter().any(|t| {
        whole_words(&s, t).any(|at| {
            let end = at + t.len();
            let rest = s[end..].trim_start();
            let on = ON_AFTER.iter().any(|w| {
                rest.strip_prefix(w)
                    .is_some_and(|r| !r.starts_with(|c: char| c.is_ascii_alphanumeric()))
            });
            negated_after(&s, end) || (!on && negated_at(&s, at))
        })
    })
}

/// The trainer named in `text` and not said unused (`用ms-swift`, `with axolotl`), as `/fit`'s
/// `trainer=` value.
pub fn trainer_said(text: &str) -> Option<&'static str> {
    let s = spaced(text);
    TRAINERS.iter().find_map(|(w, v)| {
        whole_words(&s, w)
            .any(|at| !negated_at(&s, at) && !negated_after(&s, at + w.len()))
            .then_some(*v)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn switches_said_off_in_words() {
        for (t, off) in [
            ("关掉gradient checkpointing的话 qwen 7b", true),
            ("不开梯度检查点 lora", true),
            ("without grad ckpt, qlora", true),
            ("turn off gc, lora", true),
            ("gradient_checkpointing disabled", true),
            ("gradient checkpointing on, lora", false),
            ("lora with gradient checkpointing", false),
            ("4090不够 gradient checkpointing on", false),
            ("gcp lora", false),
        ] {
            assert_eq!(switched_off(t, CHECKPOINTING_TERMS), off, "{t}");
        }
        assert_eq!(trainer_said("用ms-swift做lora"), Some("swift"));
        assert_eq!(trainer_said("魔搭swift 做 dpo"), Some("swift"));
        assert_eq!(trainer_said("with axolotl, qlora"), Some("axolotl"));
        assert_eq!(trainer_said("not using axolotl, plain lora"), None);
        assert_eq!(trainer_said("用llama-factory"), None);
    }
}
