//! One tolerant match of a model's name typed with a slip (`qwen2.5-14n`, `lamma-3.1-8b`,
//! `mistrl-nemo`), for every reader: the catalog's names and aliases measured by edits (two
//! neighbours swapped count as one), among the models whose numbers are the numbers typed — a
//! slip of the letters, never another version or size (`phi-4-mini` is no `phi-3-mini`).

use super::Catalog;
use super::lookup::{levenshtein, normalize};
use super::types::Model;

impl Catalog {
    /// The models nearest `typed`: one where it is clearly the nearest (no other as near), the
    /// tied ones where several are (to be asked back, never guessed), none where the name is
    /// the catalog's own, no name is within a slip's reach (one edit, two in a name of twelve
    /// characters or more), or the name carries no letters to slip.
    pub fn models_near(&self, typed: &str) -> Vec<&Model> {
        let q = normalize(typed);
        let letters = q.chars().filter(char::is_ascii_alphabetic).count();
        if letters < 3 || q.chars().count() > 64 || self.find_model(typed).is_some() {
            return Vec::new();
        }
        let numbers = |s: &str| -> String {
            s.chars()
                .filter(|c| c.is_ascii_digit() || *c == '.')
                .collect()
        };
        let typed_numbers = numbers(&q);
        // Read as meant, not only suggested: one slip, two in a long name (`gemma-3n-e4b` is
        // two letters more than `gemma-3-4b`, another model).
        let limit = if q.chars().count() >= 12 { 2 } else { 1 };
        let mut scored: Vec<(usize, &Model)> = self
            .suggest_names
            .models
            .iter()
            .filter_map(|(id, keys)| {
                // The distance is at least the length difference: past the limit, no slip.
                let best = keys
                    .iter()
                    .filter(|k| k.chars().count().abs_diff(q.chars().count()) <= limit)
                    .filter(|k| numbers(k) == typed_numbers)
                    .map(|k| levenshtein(&q, k))
                    .min()?;
                (best >= 1 && best <= limit)
                    .then(|| self.find_model(id).map(|m| (best, m)))
                    .flatten()
            })
            .collect();
        let Some(min) = scored.iter().map(|(d, _)| *d).min() else {
            return Vec::new();
        };
        scored.retain(|(d, _)| *d == min);
        let mut out: Vec<&Model> = Vec::new();
        for (_, m) in scored {
            if !out.iter().any(|o| o.id == m.id) {
                out.push(m);
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use crate::catalog::Catalog;

    fn near(typed: &str) -> Vec<String> {
        let cat = Catalog::embedded().unwrap();
        cat.models_near(typed)
            .iter()
            .map(|m| m.id.clone())
            .collect()
    }

    #[test]
    fn a_slip_of_the_letters_is_the_one_nearest_model() {
        assert_eq!(near("qwen2.5-14n"), ["qwen2.5-14b"]);
        assert_eq!(near("qwen2.5-7v"), ["qwen2.5-7b"]);
        assert_eq!(near("lllama-3.1-8b"), ["llama-3.1-8b"]);
        assert_eq!(near("mistal-nemo"), ["mistral-nemo-12b"]);
    }

    #[test]
    fn no_other_number_and_no_known_name_is_a_slip() {
        // Another version or size is another model, never a slip of this one.
        assert!(!near("phi-4-mini").iter().any(|m| m.starts_with("phi-3")));
        // The catalog's own name has nothing near to find.
        assert!(near("qwen2.5-7b").is_empty());
        assert!(near("4090").is_empty());
        // Two letters more is another model, not a slip of a short name.
        assert!(near("gemma-3n-e4b").is_empty());
    }
}
