//! The size written inside a model's name: `acme/Foo-14B-Instruct` → 14B,
//! `org/Bar-30B-A3B-GGUF` → 30B total, 3B active. A model the catalog does not know is still
//! sized from its name (as a size-only guess, which the fit answer flags).

use super::count::{ModelSize, model_size};
use crate::vram::FitError;

/// `model_size` of the word itself (`13b`, `671b-a37b`), else of the size its name carries.
pub fn model_size_in_name(word: &str) -> Option<Result<ModelSize, FitError>> {
    model_size(word).or_else(|| model_size(&size_part(word)?))
}

/// The size token of a name: the last path segment split at `-`, `_`, `:` and `.`-free
/// separators; the first part that reads as billions (`14b`), joined with an active part
/// that follows (`a3b`). `None` when no part is a size, or two different sizes appear.
fn size_part(word: &str) -> Option<String> {
    let name = word.rsplit('/').next()?.to_lowercase();
    let parts: Vec<&str> = name.split(['-', '_', ':', ' ']).collect();
    let at = parts
        .iter()
        .position(|p| p.ends_with('b') && model_size(p).is_some_and(|r| r.is_ok()))?;
    // `qwen2.5-7b-vs-14b`: two sizes, no single reading.
    if parts[at + 1..]
        .iter()
        .any(|p| p.ends_with('b') && !p.starts_with('a') && model_size(p).is_some())
    {
        return None;
    }
    let active = parts
        .get(at + 1)
        .filter(|p| p.starts_with('a') && model_size(&p[1..]).is_some());
    Some(match active {
        Some(a) => format!("{}-{a}", parts[at]),
        None => parts[at].to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sizes(w: &str) -> Option<(f64, Option<f64>)> {
        model_size_in_name(w)?.ok().map(|s| (s.total_b, s.active_b))
    }

    #[test]
    fn sizes_come_from_the_name() {
        assert_eq!(sizes("acme-lab/Foo-14B-Instruct"), Some((14.0, None)));
        assert_eq!(sizes("org/Bar-30B-A3B-GGUF"), Some((30.0, Some(3.0))));
        assert_eq!(sizes("someone/tiny_1.5b_chat"), Some((1.5, None)));
        assert_eq!(sizes("70b"), Some((70.0, None)));
        assert_eq!(sizes("org/merge-7b-vs-14b"), None);
        assert_eq!(sizes("org/no-size-here"), None);
        assert_eq!(sizes("org/model-v2"), None);
    }
}
