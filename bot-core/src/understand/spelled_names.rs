//! A model's name spelled in words (`mistral small 3.2`, `mistral small 3.1`): joined into
//! the catalog name it spells (`mistral-small-3.2`), so the version said picks the model. Read
//! word by word, the family alone matched and every Mistral was asked back, though the
//! sentence had settled which.

use crate::catalog::Catalog;

/// A family or variant word: letters only (`mistral`, `small`).
fn letters(w: &str) -> bool {
    !w.is_empty() && w.bytes().all(|b| b.is_ascii_alphabetic())
}

/// A version (`3.2`): digits with a dot. A size (`24b`) is not one: `mistral small 24b` is
/// three models, asked back.
fn version(w: &str) -> bool {
    w.starts_with(|c: char| c.is_ascii_digit())
        && w.contains('.')
        && w.bytes().all(|b| b.is_ascii_digit() || b == b'.')
}

/// `norm` with each run `family variant version` that is exactly a catalog model's name
/// joined by hyphens. A run that names no model is left as said.
pub(super) fn joined(catalog: &Catalog, norm: &str) -> String {
    let words: Vec<&str> = norm.split(' ').collect();
    if words.len() < 3 {
        return norm.to_string();
    }
    let mut out: Vec<String> = Vec::with_capacity(words.len());
    let mut i = 0;
    while i < words.len() {
        if i + 2 < words.len()
            && letters(words[i])
            && letters(words[i + 1])
            && version(words[i + 2])
        {
            let name = format!("{}-{}-{}", words[i], words[i + 1], words[i + 2]);
            if catalog.model_by_name(&name).is_some() {
                out.push(name);
                i += 3;
                continue;
            }
        }
        out.push(words[i].to_string());
        i += 1;
    }
    out.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_spelled_in_words_is_joined() {
        let c = Catalog::embedded().unwrap();
        assert_eq!(
            joined(&c, "run mistral small 3.2 at 4bit"),
            "run mistral-small-3.2 at 4bit"
        );
        // Words that spell no model stay apart.
        assert_eq!(joined(&c, "rent cheap gpu 4090"), "rent cheap gpu 4090");
        assert_eq!(joined(&c, "mistral"), "mistral");
        assert_eq!(joined(&c, "mistral small 24b"), "mistral small 24b");
    }
}
