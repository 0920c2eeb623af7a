//! What [`super::Catalog::find_model`] found for a name, kept per catalog: a reading looks the same
//! words up again and again (every run of two to five words at every token, each re-read of a
//! question with a candidate), and the answer depends only on the catalog's models, which do
//! not change after load, and on the words. Only a cache: `find_model` decides (helper perf_ci).

use std::collections::HashMap;
use std::sync::Mutex;

/// Past this many names the memo starts again empty: a long-running bot reads endless new
/// words, and memory must not grow with them.
const KEPT: usize = 20_000;

/// The model index found for each name looked up (none kept as `None`).
#[derive(Default)]
pub(crate) struct FoundModels(Mutex<HashMap<String, Option<usize>>>);

impl FoundModels {
    /// The model index kept for `query`: `Some(None)` when it was looked up and found none.
    pub(super) fn get(&self, query: &str) -> Option<Option<usize>> {
        self.0.lock().ok()?.get(query).copied()
    }

    /// Keeps what `query` found.
    pub(super) fn keep(&self, query: &str, found: Option<usize>) {
        if let Ok(mut m) = self.0.lock() {
            if m.len() >= KEPT {
                m.clear();
            }
            m.insert(query.to_string(), found);
        }
    }
}

/// A clone starts empty: it finds the same models, and fills its own memo as it reads.
impl Clone for FoundModels {
    fn clone(&self) -> Self {
        FoundModels::default()
    }
}

impl std::fmt::Debug for FoundModels {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("FoundModels")
    }
}

#[cfg(test)]
mod tests {
    use crate::catalog::Catalog;

    #[test]
    fn a_recalled_model_is_the_one_found_fresh() {
        let c = Catalog::embedded().unwrap();
        let fresh = Catalog::embedded().unwrap();
        let names = [
            "qwen2.5-7b",
            "千问3-4b",
            "llama-70b",
            "Qwen/Qwen2.5-7B-Instruct",
            "deepseek-671b-a37b",
            "gemma-31b",
            "foo-14b",
            "70b",
            "",
        ];
        for round in 0..2 {
            for n in names {
                let got = c.find_model(n).map(|m| m.id.clone());
                let want = fresh.clone().find_model(n).map(|m| m.id.clone());
                assert_eq!(got, want, "{n} (round {round})");
            }
        }
        assert_eq!(
            c.find_model("qwen2.5-7b").map(|m| m.id.as_str()),
            Some("qwen2.5-7b")
        );
        assert!(c.find_model("foo-14b").is_none());
    }
}
