//! A model's family glued to its version, then the model's own word (`glm4.5 air`,
//! `deepseekv4 flash`, `kimik2 thinking`): the run of words is the model whose id writes the
//! family, the version and the word apart. Read alone, `glm4.5` named GLM-4.5 and `air` was
//! dropped: the 355B model sized for the 106B one.

use crate::catalog::{Catalog, Model};

/// The catalog model a run of words names when its first word is a family glued to its
/// version (`glm4.5`, `deepseekv4`, `kimik2`); at most two look-ups: the version starts at the
/// first digit, or at the letter before it (`v4`, `k2`).
pub(super) fn model<'a>(catalog: &'a Catalog, run: &[String]) -> Option<&'a Model> {
    let (first, rest) = run.split_first()?;
    if rest.is_empty() || !first.is_ascii() {
        return None;
    }
    let b = first.as_bytes();
    let digit = b.iter().position(u8::is_ascii_digit)?;
    if digit < 2 || !b[..digit].iter().all(u8::is_ascii_lowercase) {
        return None;
    }
    let rest = rest.join("-");
    [digit - 1, digit].into_iter().find_map(|k| {
        let id = format!("{}-{}-{rest}", &first[..k], &first[k..]);
        catalog.find_model(&id).filter(|m| m.id == id)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(words: &str) -> Option<String> {
        let cat = Catalog::embedded().unwrap();
        let run: Vec<String> = words.split(' ').map(str::to_string).collect();
        model(&cat, &run).map(|m| m.id.clone())
    }

    #[test]
    fn a_glued_family_then_the_models_word() {
        assert_eq!(read("glm4.5 air").as_deref(), Some("glm-4.5-air"));
        assert_eq!(
            read("deepseekv4 flash").as_deref(),
            Some("deepseek-v4-flash")
        );
        assert_eq!(read("kimik2 thinking").as_deref(), Some("kimi-k2-thinking"));
        assert_eq!(read("glm4.5 fp8"), None);
        assert_eq!(read("4090 air"), None);
    }
}
