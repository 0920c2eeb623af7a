//! A model family named without a size (`每天一千万token 自建qwen还是用API`, `self-host llama
//! or pay an api`): the family is kept and its sizes are asked back, never dropped (asking
//! "which model?" again) and never guessed (one size chosen for the user).

use super::Reading;
use super::intent::{Question, tco};
use super::request::Request;
use crate::catalog::{BRAND_WORDS, Catalog};
use crate::vram::Quant;

/// Latin family words as the catalog's model ids start (the lexicon's one list).
const FAMILIES: &[&str] = crate::lexicon::MODEL_FAMILIES;

/// Variants that are not the family's general models (vision, code, distilled, re-releases, embedding).
const SPECIAL: &[&str] = &[
    "-vl",
    "coder",
    "distill",
    "-2507",
    "-2501",
    "-exp",
    "-embedding",
];

/// At most this many sizes asked back: a choice list, not the catalog.
const MAX_ASK: usize = 10;

/// The family a word names alone (`qwen`, `qwen2.5`, `千问`, `llama3`): its id prefix.
pub(super) fn family_word(word: &str) -> Option<String> {
    let w = word.to_lowercase();
    if let Some((_, latin)) = BRAND_WORDS.iter().find(|(zh, _)| w.contains(zh)) {
        return Some((*latin).to_string());
    }
    let fam = FAMILIES.iter().find(|f| w.starts_with(**f))?;
    // `qwen`, `qwen2.5`, `llama-3`: a version may follow, never a size (`qwen2.5-7b` is a model).
    let version = w[fam.len()..].trim_start_matches('-');
    version
        .chars()
        .all(|c| c.is_ascii_digit() || c == '.')
        .then(|| {
            if version.is_empty() {
                (*fam).to_string()
            } else if *fam == "llama" {
                format!("llama-{version}")
            } else {
                format!("{fam}{version}")
            }
        })
}

/// The family's general models, one per size (the newest version of it), largest first.
pub(super) fn family_models(catalog: &Catalog, prefix: &str) -> Vec<String> {
    let mut ms: Vec<&crate::catalog::Model> = catalog
        .models
        .iter()
        .filter(|m| m.id.starts_with(prefix) && !SPECIAL.iter().any(|s| m.id.contains(s)))
        .filter(|m| m.current_or_named(prefix))
        .collect();
    // Largest first; of one size, the class's named default (`bare_default`), then the newest
    // version (the greater id) first: the one the dedup below keeps.
    ms.sort_by(|a, b| {
        b.params_b
            .total_cmp(&a.params_b)
            .then_with(|| b.bare_default.is_some().cmp(&a.bare_default.is_some()))
            .then_with(|| b.id.cmp(&a.id))
    });
    ms.dedup_by(|b, a| super::family_sizes::same_size(a, b));
    // More sizes than a choice list holds: one per size class, each class's named default or
    // newest (`family_sizes`), so a larger new release never pushes the sizes a first question
    // means (7-8B) out of the list; largest first as before.
    if ms.len() > MAX_ASK {
        ms = super::family_sizes::one_per_size_class(ms, MAX_ASK);
        ms.reverse();
    }
    ms.into_iter().take(MAX_ASK).map(|m| m.id.clone()).collect()
}

/// `/tco` with no model read but a family named: the rent-vs-API question for each of the
/// family's sizes, asked back.
pub(super) fn tco_family(q: &Question) -> Option<Reading> {
    if !q.nothing_to_size() || !q.e.model_options.is_empty() {
        return None;
    }
    let toks = super::text::tokens(q.padded);
    let prefix = toks.iter().enumerate().find_map(|(k, t)| {
        let fam = family_word(t)?;
        // A version written apart (`qwen 2.5`, `llama 3.1`) names that version's models, when
        // the catalog has them; the bare family otherwise.
        let apart = toks
            .get(k + 1)
            .filter(|v| !fam.contains(|c: char| c.is_ascii_digit()) && v.contains('.'))
            .and_then(|v| family_word(&format!("{t}{v}")))
            .filter(|p| !family_models(q.catalog, p).is_empty());
        Some(apart.unwrap_or(fam))
    })?;
    tco_asked(q, family_models(q.catalog, &prefix))
}

/// The rent-vs-API question read for each model of `ids`, asked back; `None` when the question
/// is no rent-vs-API question or names no model.
pub(super) fn tco_asked(q: &Question, ids: Vec<String>) -> Option<Reading> {
    let Some(Reading::Command(Request::Tco(args))) = tco(q) else {
        return None;
    };
    let asks: Vec<Request> = ids
        .into_iter()
        .map(|id| {
            let quant =
                q.e.quant
                    .or_else(|| crate::advice::native_quant(q.catalog.find_model(&id)?))
                    .unwrap_or(Quant::Bf16);
            let mut a = args.clone();
            a.model = Some(id);
            a.quant = Some(quant);
            Request::Tco(a)
        })
        .collect();
    (!asks.is_empty()).then_some(Reading::Ask(asks))
}

#[cfg(test)]
mod tests {
    use super::family_word;

    #[test]
    fn a_family_alone_is_its_prefix() {
        assert_eq!(family_word("qwen").as_deref(), Some("qwen"));
        assert_eq!(family_word("Qwen2.5").as_deref(), Some("qwen2.5"));
        assert_eq!(family_word("自建千问还是").as_deref(), Some("qwen"));
        assert_eq!(family_word("llama3").as_deref(), Some("llama-3"));
        // A size makes it a model, read elsewhere.
        assert_eq!(family_word("qwen2.5-7b"), None);
        assert_eq!(family_word("4090"), None);
    }
}
