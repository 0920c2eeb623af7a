//! Going off to try the plan (issue 26 §4, helper und_ec): `行，我先去试试`, `ok, i'll go try
//! it`, said at the trial plan, close the talk as thanks do: the person leaves to run the trial.
//! A try word ([`super::TRY_WORDS`]) with a word of going or of what one will do next.

/// Words of going or of doing next, beside a try word.
pub const GOING_WORDS: &[&str] = &[
    "去", "先", "这就", "马上", "回头", "go ", "gonna", "going to", "will ", "'ll ", "let me",
];

/// Whether `clause` says the person goes to try (`我先去试试`, `i'll go try it`).
pub fn going_to_try(clause: &str) -> bool {
    let l = format!("{} ", clause.trim().to_lowercase());
    super::TRY_WORDS.iter().any(|w| l.contains(w)) && GOING_WORDS.iter().any(|w| l.contains(w))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn going_to_try_closes() {
        for t in [
            "我先去试试",
            "我去试一下",
            "i'll go try it",
            "gonna try it now",
            "这就去测一下",
        ] {
            assert!(going_to_try(t), "{t}");
        }
        // A try word alone is a task (`试试`), a going word alone nothing.
        for t in ["试试", "try it", "我先去吃饭", "go"] {
            assert!(!going_to_try(t), "{t}");
        }
    }
}
