//! The size written inside a model's name: `acme/Foo-14B-Instruct` → 14B,
//! `org/Bar-30B-A3B-GGUF` → 30B total, 3B active. A model the catalog does not know is still
//! sized from its name (as a size-only guess, which the fit answer flags).

use super::count::{ModelSize, checked, model_size};
use crate::catalog;
use crate::vram::FitError;

/// `model_size` of the word itself (`13b`, `671b-a37b`), else of the size its name carries
/// (`catalog::split_at_size`: the first size part, with an active part that follows).
pub fn model_size_in_name(word: &str) -> Option<Result<ModelSize, FitError>> {
    // An image or video generator's name (`cogvideox-5b`) is never an LLM's size.
    if let Some(family) = crate::diffusion::names::unsized_family(word) {
        return Some(Err(FitError::MediaUnsized(
            word.to_string(),
            family.to_string(),
        )));
    }
    model_size(word).or_else(|| {
        let (_, size) = catalog::split_at_size(word)?;
        Some(checked(word, size))
    })
}

/// Latin model family words as the catalog's model ids start (`qwen2.5-7b`, `mistral-nemo-12b`):
/// a family named, for the reader's family rules and its sizing questions.
pub const MODEL_FAMILIES: &[&str] = &[
    "qwen", "llama", "deepseek", "glm", "mistral", "gemma", "phi",
];

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
