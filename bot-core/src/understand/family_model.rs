//! A model written as family, version and size in separate words (`qwen 7b`, `千问2.5 7B`,
//! `qwen2.5 32b`), apart from the entity scan that calls it.

use crate::catalog::{BRAND_WORDS, Catalog};
use crate::lexicon;
use crate::lexicon::is_han;

/// A number written in digits (`7`, `2.5`).
pub(super) fn is_number(t: &str) -> bool {
    !t.is_empty() && t.chars().all(|c| c.is_ascii_digit() || c == '.')
}

/// Latin family words; Chinese brand names are the catalog's [`BRAND_WORDS`], read first.
pub(super) const FAMILIES: &[(&str, &str)] = &[
    ("qwen", "qwen"),
    ("llama", "llama"),
    ("deepseek", "deepseek"),
    ("glm", "glm"),
    ("mistral", "mistral"),
    ("gemma", "gemma"),
    ("phi", "phi"),
    ("yi", "yi"),
];

/// A model written as family + version + size: `qwen 7b`, `千问2.5 7B`, `qwen2.5 32b`.
pub(super) fn family_model(
    catalog: &Catalog,
    tokens: &[String],
    i: usize,
    lookups: &mut usize,
) -> Option<(Vec<String>, usize)> {
    let t = &tokens[i];
    // `qwen2.5-7b` starts with its family; a Chinese run ends with it (`能跑千问` + `2.5 7b`).
    let (alias, family) = BRAND_WORDS
        .iter()
        .chain(FAMILIES)
        .find(|(a, _)| t.starts_with(a) || (a.chars().any(is_han) && t.ends_with(a)))?;
    let mut version = t
        .strip_prefix(alias)
        .map(|v| v.trim_matches(|c| c == '-' || c == '_').to_string())
        .unwrap_or_default();
    let mut size = String::new();
    // The last word read as part of the name.
    let mut last = i;
    // Words between the family and its size (`mistral small 24b`, `qwen coder 32b`).
    let mut qualifiers: Vec<&str> = Vec::new();
    // The size may be glued on (`qwen2.5-7b`) or follow as its own word (`7b`).
    if let Some((v, s)) = version.rsplit_once('-')
        && s.ends_with('b')
    {
        size = s.to_string();
        version = v.to_string();
    }
    // `qwen 3 的 32b`, `千问 的 14b`: a `的` before the size links the name's words; it is no
    // word of the name, so it takes no place of the two read.
    let words = (i + 1..tokens.len()).filter(|&k| tokens[k] != "的").take(2);
    for (k, next) in words.map(|k| (k, &tokens[k])) {
        if size.is_empty() && next.ends_with('b') && lexicon::params_b(next).is_some() {
            size = next.clone();
            last = k;
        } else if version.is_empty() && size.is_empty() && is_number(next) && next.len() <= 3 {
            // A version comes before the size and is short (`2.5`, `3`): `qwen 7b 3090` names
            // a card after the model.
            version = next.clone();
            last = k;
        } else if size.is_empty() && next.len() > 1 && next.bytes().all(|b| b.is_ascii_lowercase())
        {
            qualifiers.push(next);
        }
    }
    if size.is_empty() {
        return None;
    }
    let used = last + 1 - i;
    // No version written: every version of that size is a candidate (asked back when
    // several exist).
    let versions: Vec<String> = match (version.is_empty(), *family) {
        (true, "qwen") => vec!["2.5".into(), "3".into()],
        (true, "llama") => vec!["3.3".into(), "3.1".into(), "3".into(), "2".into()],
        _ => vec![version.clone()],
    };
    let mut found: Vec<String> = Vec::new();
    for v in versions {
        for cand in [
            format!("{family}{v}-{size}"),
            format!("{family}-{v}-{size}"),
            format!("{family}{v}{size}"),
        ] {
            *lookups += 1;
            // By its own names only: the catalog's family-and-size guess would pick one of
            // several models (`gemma 27b`), which the reader asks back instead.
            if let Some(m) = catalog.model_by_name(&cand) {
                if !found.contains(&m.id) {
                    found.push(m.id.clone());
                }
                break;
            }
        }
    }
    // A qualifier said (`coder`, `small`), or no model of that version and size: every
    // catalog model of the family with that size and those words (asked back when several:
    // `mistral small 24b` is three models).
    if !qualifiers.is_empty() || found.is_empty() {
        *lookups += 1;
        let said: Vec<String> = catalog
            .models
            .iter()
            .filter(|m| {
                let parts: Vec<&str> = m.id.split('-').collect();
                m.id.starts_with(family)
                    && parts.contains(&size.as_str())
                    && qualifiers.iter().all(|w| parts.contains(w))
                    && (version.is_empty() || parts.iter().any(|p| p.ends_with(version.as_str())))
            })
            .map(|m| m.id.clone())
            .collect();
        if !said.is_empty() {
            found = said;
        }
    }
    // No catalog id carries the size (`deepseek 671b`: DeepSeek-V3's id has none): the model
    // of that family and size, as `/fit` reads it, never a size-only guess.
    if found.is_empty() {
        *lookups += 1;
        if let Some(fs) = catalog.model_by_family_and_size(&format!("{family}{version}-{size}")) {
            found.push(fs.model.id.clone());
        }
    }
    (!found.is_empty()).then_some((found, used))
}
