//! Finding entries by the names people use, and "did you mean" when nothing matches.

use super::index::Catalog;
use super::platform::Platform;
use super::types::{FxRate, Gpu, Model};
use rust_decimal::Decimal;
use std::collections::HashMap;

/// Which kind of catalog entry a lookup was for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EntryKind {
    Gpu,
    Platform,
    Model,
}

/// A name that matched nothing; carries the closest names for a "did you mean" answer.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("no {kind:?} named `{query}`")]
pub struct NotFound {
    pub kind: EntryKind,
    pub query: String,
    pub suggestions: Vec<String>,
}

/// Lower-case, with spaces, dashes, underscores, colons and slashes removed, so
/// "GeForce RTX-4090" and "geforce rtx 4090" are one key.
pub fn normalize(name: &str) -> String {
    name.chars()
        .filter(|c| !matches!(c, ' ' | '-' | '_' | ':' | '\t' | '（' | '）' | '(' | ')'))
        .flat_map(char::to_lowercase)
        .collect()
}

impl Catalog {
    /// Finds a GPU by id, name or alias, forgiving case, spacing and vendor prefixes.
    pub fn gpu(&self, query: &str) -> Result<&Gpu, NotFound> {
        self.find_gpu(query)
            .ok_or_else(|| self.not_found(EntryKind::Gpu, query))
    }

    pub fn platform(&self, query: &str) -> Result<&Platform, NotFound> {
        self.find_platform(query)
            .ok_or_else(|| self.not_found(EntryKind::Platform, query))
    }

    /// A platform's name to show (its Chinese name when `zh`); an id the catalog does not
    /// know (a provider only a feed names) is shown as it is. No "did you mean" search: this
    /// runs per offer row, and every gpuhunt or SkyPilot provider misses (it was 42% of
    /// `/offers` over 10,000 imported rows).
    pub fn platform_label(&self, id: &str, zh: bool) -> String {
        self.find_platform(id)
            .map(|p| p.display_name(zh).to_string())
            .unwrap_or_else(|| id.to_string())
    }

    /// Finds a model by id, alias or Hugging Face id (`Qwen/Qwen2.5-7B-Instruct`).
    pub fn model(&self, query: &str) -> Result<&Model, NotFound> {
        self.find_model(query)
            .ok_or_else(|| self.not_found(EntryKind::Model, query))
    }

    /// [`Catalog::gpu`] without the "did you mean" search, for scanning text word by word.
    pub fn find_gpu(&self, query: &str) -> Option<&Gpu> {
        lookup(
            &self.gpu_index,
            query,
            &["nvidia", "geforce", "tesla", "amd", "instinct"],
        )
        .map(|i| &self.gpus[i])
    }

    /// [`Catalog::platform`] without the "did you mean" search.
    pub fn find_platform(&self, query: &str) -> Option<&Platform> {
        lookup(&self.platform_index, query, &[]).map(|i| &self.platforms[i])
    }

    /// [`Catalog::model`] without the "did you mean" search.
    pub fn find_model(&self, query: &str) -> Option<&Model> {
        if let Some(i) = lookup(&self.model_index, query, &[]) {
            return Some(&self.models[i]);
        }
        // An org prefix or a chat/instruct suffix does not change the architecture.
        let bare = query.rsplit('/').next().unwrap_or(query);
        let lower = bare.to_lowercase();
        [
            "-instruct",
            "-chat",
            "-it",
            "-base",
            "-hf",
            "-gguf",
            "-awq",
            "-gptq-int4",
        ]
        .iter()
        .find_map(|suffix| lookup(&self.model_index, lower.strip_suffix(suffix)?, &[]))
        .or_else(|| lookup(&self.model_index, bare, &[]))
        .map(|i| &self.models[i])
    }

    /// Rate to convert one `from` into `to`, with the row it came from (inverse rows allowed).
    pub fn fx_rate(&self, from: &str, to: &str) -> Option<(Decimal, &FxRate)> {
        let (from, to) = (from.to_uppercase(), to.to_uppercase());
        self.fx.iter().find_map(|r| {
            if r.base == from && r.quote == to {
                Some((r.rate, r))
            } else if r.base == to && r.quote == from && !r.rate.is_zero() {
                Some((Decimal::ONE / r.rate, r))
            } else {
                None
            }
        })
    }

    fn not_found(&self, kind: EntryKind, query: &str) -> NotFound {
        let names: Vec<(&str, Vec<&str>)> = match kind {
            EntryKind::Gpu => self
                .gpus
                .iter()
                .map(|g| {
                    (
                        g.name.as_str(),
                        g.aliases
                            .iter()
                            .map(String::as_str)
                            .chain([g.id.as_str()])
                            .collect(),
                    )
                })
                .collect(),
            EntryKind::Platform => self
                .platforms
                .iter()
                .map(|p| {
                    (
                        p.name.as_str(),
                        p.aliases
                            .iter()
                            .map(String::as_str)
                            .chain([p.id.as_str()])
                            .collect(),
                    )
                })
                .collect(),
            EntryKind::Model => self
                .models
                .iter()
                .map(|m| {
                    (
                        m.id.as_str(),
                        m.aliases
                            .iter()
                            .map(String::as_str)
                            .chain([m.name.as_str()])
                            .collect(),
                    )
                })
                .collect(),
        };
        NotFound {
            kind,
            query: query.to_string(),
            suggestions: suggest(query, &names),
        }
    }
}

pub(super) fn lookup(
    index: &HashMap<String, usize>,
    query: &str,
    noise_words: &[&str],
) -> Option<usize> {
    let key = normalize(query);
    if key.is_empty() {
        return None;
    }
    if let Some(&i) = index.get(&key) {
        return Some(i);
    }
    // Retry without vendor words: "NVIDIA GeForce RTX 4090" -> "rtx4090".
    let mut stripped = query.to_lowercase();
    for w in noise_words {
        stripped = stripped.replace(w, " ");
    }
    let stripped = normalize(&stripped);
    index.get(&stripped).copied()
}

/// Up to three names closest to `query` (edit distance on normalised names, or containment).
pub(super) fn suggest(query: &str, entries: &[(&str, Vec<&str>)]) -> Vec<String> {
    let q = normalize(query);
    // No catalog name is this long; skipping keeps a pasted essay from costing seconds.
    if q.is_empty() || q.chars().count() > 64 {
        return Vec::new();
    }
    let mut scored: Vec<(usize, &str)> = entries
        .iter()
        .filter_map(|(display, keys)| {
            let best = keys
                .iter()
                .chain(std::iter::once(display))
                .map(|k| {
                    let k = normalize(k);
                    if k.contains(&q) || q.contains(&k) {
                        k.len().abs_diff(q.len()).min(2)
                    } else {
                        levenshtein(&q, &k)
                    }
                })
                .min()?;
            let limit = (q.chars().count() / 3).max(2);
            (best <= limit).then_some((best, *display))
        })
        .collect();
    scored.sort_by(|a, b| a.0.cmp(&b.0).then(a.1.cmp(b.1)));
    scored.dedup_by(|a, b| a.1 == b.1);
    scored
        .into_iter()
        .take(3)
        .map(|(_, n)| n.to_string())
        .collect()
}

pub(super) fn levenshtein(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = vec![i + 1; b.len() + 1];
        for (j, cb) in b.iter().enumerate() {
            cur[j + 1] = (prev[j] + usize::from(ca != *cb))
                .min(prev[j + 1] + 1)
                .min(cur[j] + 1);
        }
        prev = cur;
    }
    prev[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::{PriceQuote, parse_date};

    #[test]
    fn dates_parse_to_epoch_days() {
        assert_eq!(parse_date("1970-01-01"), Some(0));
        assert_eq!(parse_date("2026-11-30"), Some(20_787));
        assert_eq!(
            parse_date("2024-02-29").unwrap() + 1,
            parse_date("2024-03-01").unwrap()
        );
        assert_eq!(parse_date("2026-13-01"), None);
        assert_eq!(parse_date("yesterday"), None);
    }

    #[test]
    fn per_card_hour_scales_pay_as_you_go_and_refuses_prepaid_tiers() {
        let quote = |amount: &str, per: &str, cards: u32| -> PriceQuote {
            toml::from_str(&format!(
                "gpu = \"x\"\namount = \"{amount}\"\nper = \"{per}\"\ncurrency = \"USD\"\ncards = {cards}\nsource = \"s\"\nas_of = \"2026-01-01\""
            ))
            .unwrap()
        };
        // $0.0007/s = $2.52/h; $16/h for 8 cards = $2/card-hour; a monthly price is no hourly one.
        assert_eq!(
            quote("0.0007", "second", 1).per_card_hour(),
            Some(Decimal::new(252, 2))
        );
        assert_eq!(
            quote("16", "hour", 8).per_card_hour(),
            Some(Decimal::from(2))
        );
        assert_eq!(quote("1000", "month", 1).per_card_hour(), None);
    }

    #[test]
    fn normalize_ignores_case_and_separators() {
        assert_eq!(normalize("GeForce RTX-4090"), "geforcertx4090");
        assert_eq!(normalize("qwen2.5:7b"), "qwen2.57b");
    }

    #[test]
    fn levenshtein_counts_edits() {
        assert_eq!(levenshtein("h100", "h100"), 0);
        assert_eq!(levenshtein("h10", "h100"), 1);
        assert_eq!(levenshtein("rtx4909", "rtx4090"), 2);
    }
}
