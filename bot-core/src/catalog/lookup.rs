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
    /// Each suggestion's catalog id and Chinese display name, by its name: the answer shows
    /// the name in the user's language, and a fix button carries the id.
    pub names: Vec<SuggestedName>,
}

/// One "did you mean" candidate: its name (as in `NotFound::suggestions`), id and Chinese name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SuggestedName {
    pub name: String,
    pub id: String,
    pub name_zh: String,
}

impl NotFound {
    /// The candidate named `name` (`suggestions` may be filtered after the search).
    pub fn suggested(&self, name: &str) -> Option<&SuggestedName> {
        self.names.iter().find(|n| n.name == name)
    }
}

/// The most words any catalog name or alias takes (`nvidia rtx pro 6000 blackwell server
/// edition`: 7): a reader that looks for a name among a line's first words looks among this
/// many, so a pasted page costs no more than a line (`catalog` suite checks every name fits).
pub const NAME_WORDS_MAX: usize = 8;

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

    /// [`Catalog::model`] without the "did you mean" search: a name
    /// ([`Catalog::model_by_name`]), else a family and size
    /// ([`Catalog::model_by_family_and_size`]).
    pub fn find_model(&self, query: &str) -> Option<&Model> {
        // A reading looks the same words up many times (`found.rs`).
        self.found_model(query)
    }

    /// [`Catalog::find_model`]: the name recalled when looked up before, else found and kept.
    fn found_model(&self, query: &str) -> Option<&Model> {
        if let Some(i) = self.found_models.get(query) {
            return i.map(|i| &self.models[i]);
        }
        let m = self.find_model_fresh(query);
        match m.map(|m| self.models.iter().position(|x| std::ptr::eq(x, m))) {
            None => self.found_models.keep(query, None),
            Some(Some(i)) => self.found_models.keep(query, Some(i)),
            // Not one of this catalog's own entries: not kept, found afresh each time.
            Some(None) => {}
        }
        m
    }

    /// [`Catalog::find_model`] itself, without the memo.
    fn find_model_fresh(&self, query: &str) -> Option<&Model> {
        // `千问3-4b` is `qwen3-4b` by the catalog's own names first (a Chinese alias of
        // another model must not win by its prefix).
        let latin = latin_brand(query);
        (latin != query.trim())
            .then(|| self.model_by_name(&latin))
            .flatten()
            .or_else(|| self.model_by_name(query))
            .or_else(|| Some(self.model_by_family_and_size(query)?.model))
    }

    /// A model by one of its own names: id, alias or Hugging Face id, with an organisation
    /// prefix or a chat/instruct suffix allowed. A name that writes a size the model does not
    /// have is not its name: separators are ignored, so `gemma-31b` and `gemma-3-1b` are one
    /// key, and the 31B must not be read as the 1B.
    pub fn model_by_name(&self, query: &str) -> Option<&Model> {
        let m = self.model_by_key(query)?;
        match super::split_at_size(query) {
            Some((_, size))
                if size.plausible() && has_size(m, self.name_sizes(m), size).is_none() =>
            {
                None
            }
            _ => Some(m),
        }
    }

    fn model_by_key(&self, query: &str) -> Option<&Model> {
        if let Some(i) = lookup(&self.model_index, query, &[]) {
            return Some(&self.models[i]);
        }
        // An org prefix, a chat/instruct suffix or the weights' format does not change the
        // architecture. The format words are read by the one reader of a name's format
        // (`vram::name_format`), so every form it knows (`-GPTQ-Int8`, `-FP8-dynamic`,
        // `-bnb-4bit`, `-GGUF`, MLX) is read here as in /fit.
        let stem = crate::vram::name_format::parse(query).map(|f| f.stem);
        let named = stem.as_deref().unwrap_or(query);
        let bare = named.rsplit('/').next().unwrap_or(named);
        let lower = bare.to_lowercase();
        ["-instruct", "-chat", "-it", "-base", "-hf"]
            .iter()
            .find_map(|suffix| lookup(&self.model_index, lower.strip_suffix(suffix)?, &[]))
            .or_else(|| lookup(&self.model_index, bare, &[]))
            .map(|i| &self.models[i])
    }

    /// The model a family and a size name when no entry is called that: `deepseek-671b-a37b`,
    /// `deepseek-v3-671b`, `llama-70b`, `qwen-72b`, `org/Qwen2.5-7B-my-finetune`. The words
    /// before the size must be a whole leading part of a model's family, id, name, alias or
    /// Hugging Face name (`llama` of `llama-3.1-70b`, `qwen` of `qwen2.5`, never `lla`), and
    /// the size its total (the size in one of its names, or its parameter count within 5%),
    /// with the active count when one is written (`-a37b`); a size in a model's name beats a
    /// parameter count near it (`qwen-72b` is Qwen2.5-72B, not the 80B Qwen3-Next). A size alone (`70b`) or a family
    /// the catalog does not know (`foo-14b`) finds nothing and stays a size-only guess.
    ///
    /// Of several such models, a family written out exactly wins, else a specialised line
    /// (`qwen2.5-vl`, `qwen3-coder`: a family that extends one with a model of that size)
    /// gives way to the plain one, and then the one needing the most memory (parameters, then KV cache per token,
    /// both beyond 2%; then the longest context) is taken, so the answer never sizes the
    /// smaller of two models the name could mean; the rest are in `others`.
    pub fn model_by_family_and_size(&self, query: &str) -> Option<FamilySize<'_>> {
        let (family, size) = super::split_at_size(query)
            .or_else(|| super::split_at_size(&super::name_size::unglued(query)?))?;
        let key = normalize(&latin_brand(&family));
        if key.is_empty() || !size.plausible() {
            return None;
        }
        let mut found: Vec<&Model> = self
            .family_parts
            .get(&key)
            .map_or(&[][..], Vec::as_slice)
            .iter()
            .map(|&i| &self.models[i])
            .filter(|m| has_size(m, self.name_sizes(m), size).is_some())
            .collect();
        if found
            .iter()
            .any(|m| has_size(m, self.name_sizes(m), size) == Some(Named))
        {
            found.retain(|m| has_size(m, self.name_sizes(m), size) == Some(Named));
        }
        let all = found.clone();
        // A release superseded by another that matches the same words gives way to it: a plain
        // `qwen 7b` is today's Qwen, not the older line beside it (still among `others`).
        let ids: Vec<&str> = found.iter().map(|m| m.id.as_str()).collect();
        found.retain(|m| m.superseded_by.as_deref().is_none_or(|s| !ids.contains(&s)));
        if found.iter().any(|m| normalize(&m.family) == key) {
            found.retain(|m| normalize(&m.family) == key);
        } else {
            // A line that extends a family with a model of this size (`qwen2.5-vl` of
            // `qwen2.5`) is not what words without its qualifier mean, even when only its
            // names start with them (`千问2.5-vl-7b` for `千问2.5 7b`).
            found.retain(|m| {
                !self.models.iter().any(|o| {
                    o.family != m.family
                        && extends(&m.family, &o.family)
                        && has_size(o, self.name_sizes(o), size).is_some()
                })
            });
            // The same where the catalog holds no model of the family the line extends
            // (`qwen2-vl` with no `qwen2` entry): a line whose family carries a qualifier the
            // words do not name gives way to one that carries none.
            if found
                .iter()
                .any(|m| unasked_qualifier(&m.family, &key).is_none())
            {
                found.retain(|m| unasked_qualifier(&m.family, &key).is_none());
            }
            // A line of another kind (`qwen2.5-vl`, `qwen2.5-coder`) never answers for a
            // family the catalog holds plainly: `qwen2.5-8b` (no such size) is no
            // Qwen2.5-VL-7B, whose 8.3B parameters are near 8; the name stays unknown.
            if self.models.iter().any(|m| normalize(&m.family) == key) {
                found.retain(|m| {
                    unasked_qualifier(&m.family, &key).is_none_or(|q| !OTHER_KIND.contains(&q))
                });
            }
        }
        let pick = found
            .iter()
            .copied()
            .reduce(|best, m| if needs_more(m, best) { m } else { best })?;
        let others = all.into_iter().filter(|m| m.id != pick.id).collect();
        Some(FamilySize {
            model: pick,
            others,
        })
    }

    /// The sizes written in `m`'s names ([`name_sizes_of`]), split once at load; a model not
    /// loaded into this catalog is split here.
    fn name_sizes(&self, m: &Model) -> std::borrow::Cow<'_, [super::NameSize]> {
        match self.name_sizes.get(&m.id) {
            Some(sizes) => std::borrow::Cow::Borrowed(sizes.as_slice()),
            None => std::borrow::Cow::Owned(name_sizes_of(m)),
        }
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
        let names = match kind {
            EntryKind::Gpu => &self.suggest_names.gpus,
            EntryKind::Platform => &self.suggest_names.platforms,
            EntryKind::Model => &self.suggest_names.models,
        };
        let suggestions = suggest(query, names);
        let names = suggestions
            .iter()
            .filter_map(|name| {
                let (id, zh) = match kind {
                    EntryKind::Gpu => self
                        .gpus
                        .iter()
                        .find(|g| &g.name == name)
                        .map(|g| (g.id.as_str(), g.display_name(true))),
                    EntryKind::Platform => self
                        .platforms
                        .iter()
                        .find(|p| &p.name == name)
                        .map(|p| (p.id.as_str(), p.display_name(true))),
                    EntryKind::Model => self
                        .models
                        .iter()
                        .find(|m| &m.id == name)
                        .map(|m| (m.id.as_str(), m.id.as_str())),
                }?;
                Some(SuggestedName {
                    name: name.clone(),
                    id: id.to_string(),
                    name_zh: zh.to_string(),
                })
            })
            .collect();
        NotFound {
            kind,
            query: query.to_string(),
            suggestions,
            names,
        }
    }
}

/// A model found by family and size ([`Catalog::model_by_family_and_size`]), with the other
/// models that family and size could mean.
#[derive(Debug, Clone)]
pub struct FamilySize<'a> {
    pub model: &'a Model,
    /// Every other model the words could mean (specialised lines and shared shapes too).
    pub others: Vec<&'a Model>,
}

/// Brand names as Chinese users write them, for the Latin family the catalog's names use:
/// `千问2.5` is `qwen2.5` (the catalog's Chinese aliases cover some models, not every one).
pub const BRAND_WORDS: &[(&str, &str)] = &[
    ("通义千问", "qwen"),
    ("千问", "qwen"),
    ("智谱", "glm"),
    ("深度求索", "deepseek"),
];

/// `family` with a leading Chinese brand name in its Latin form.
fn latin_brand(family: &str) -> String {
    let t = family.trim();
    BRAND_WORDS
        .iter()
        .find_map(|(zh, latin)| t.strip_prefix(zh).map(|rest| format!("{latin}{rest}")))
        .unwrap_or_else(|| t.to_string())
}

/// Every name a model goes by: family, id, name, aliases, and its Hugging Face names without
/// the organisation.
pub(super) fn names_of(m: &Model) -> impl Iterator<Item = &str> {
    [m.family.as_str(), m.id.as_str(), m.name.as_str()]
        .into_iter()
        .chain(m.aliases.iter().map(String::as_str))
        .chain(m.hf_ids.iter().filter_map(|h| h.rsplit('/').next()))
}

/// The leading parts of a name, normalised: split at separators and where letters turn into
/// a version number, `llama-3.1-70b` → `llama`, `llama3.1`, `llama3.170b`; `deepseek-v3` →
/// `deepseek`, `deepseekv3`.
pub(super) fn leading_parts(name: &str) -> impl Iterator<Item = String> + '_ {
    let lower = name.to_lowercase();
    let chars: Vec<char> = lower.chars().collect();
    let mut ends = Vec::new();
    for (i, c) in chars.iter().enumerate() {
        let next = chars.get(i + 1);
        let sep = |c: &char| matches!(c, '-' | '_' | ':' | ' ' | '/');
        let boundary = match next {
            None => true,
            Some(n) => {
                sep(n) && !sep(c) || (c.is_ascii_alphabetic() && n.is_ascii_digit() && i > 0)
            }
        };
        if boundary {
            ends.push(i + 1);
        }
    }
    ends.into_iter()
        .map(move |e| normalize(&chars[..e].iter().collect::<String>()))
}

/// The first qualifier of a specialised line that the typed family words (`key`, normalised)
/// do not name: a part after the family's first made of letters only (`vl` of `qwen2-vl`,
/// `coder` of `qwen2.5-coder`, `distill` of `deepseek-r1-distill`); versions (`r1`, `4.5`,
/// `k2`) are not qualifiers.
fn unasked_qualifier<'f>(family: &'f str, key: &str) -> Option<&'f str> {
    family
        .split(['-', '_', ' '])
        .skip(1)
        .filter(|part| !part.is_empty() && part.chars().all(|c| c.is_ascii_alphabetic()))
        .find(|part| !key.contains(normalize(part).as_str()))
}

/// Qualifiers of a line that is another kind of model than its family's plain one (vision,
/// code): a distill or a dated release is the same kind, and people name it by the family.
const OTHER_KIND: &[&str] = &["vl", "vision", "coder", "math", "audio", "omni"];

/// Whether `family` extends `base` by whole parts: `qwen2.5-vl` extends `qwen2.5`.
fn extends(family: &str, base: &str) -> bool {
    family
        .strip_prefix(base)
        .is_some_and(|rest| rest.starts_with(['-', '_', ' ']))
}

/// How a model has a typed size: written in one of its names, or only near its parameter
/// count.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum SizeMatch {
    Named,
    Counted,
}
use SizeMatch::{Counted, Named};

/// Whether the model has the typed size: the total written in one of its names (`qwen2.5-7b`
/// for 7.6B; people write the name's size), else its parameter count within 5%; a written
/// active count must match the same way (a dense model has none).
/// `named`: the sizes in the model's names ([`name_sizes_of`], split once per catalog).
fn has_size(
    m: &Model,
    named: impl AsRef<[super::NameSize]>,
    size: super::NameSize,
) -> Option<SizeMatch> {
    let near = |typed: f64, actual: f64, within: f64| {
        actual > 0.0 && (typed - actual).abs() <= within * actual
    };
    let named = named.as_ref();
    let total = if named.iter().any(|s| near(size.total_b, s.total_b, 0.01)) {
        Named
    } else if near(size.total_b, m.params_b, 0.05) {
        Counted
    } else {
        return None;
    };
    let active = match size.active_b {
        None => true,
        Some(a) => {
            m.is_moe()
                && (named
                    .iter()
                    .any(|s| s.active_b.is_some_and(|n| near(a, n, 0.01)))
                    || near(a, m.active_params_b, 0.05))
        }
    };
    active.then_some(total)
}

/// The sizes written in a model's names ([`names_of`] split at their size), in name order.
pub(super) fn name_sizes_of(m: &Model) -> Vec<super::NameSize> {
    names_of(m)
        .filter_map(|n| super::split_at_size(n).map(|(_, s)| s))
        .collect()
}

/// KV cache values per token (all layers): the latent for MLA, else keys and values.
fn kv_per_token(m: &Model) -> f64 {
    let per_layer = if m.uses_mla() {
        f64::from(m.kv_lora_rank + m.qk_rope_head_dim)
    } else {
        2.0 * f64::from(m.kv_heads) * f64::from(m.head_dim)
    };
    // A hybrid model's recurrent layers keep no KV (`vram::recurrent`).
    let layers = m.recurrent.map_or(m.layers, |r| r.attention_layers);
    per_layer * f64::from(layers)
}

/// Beyond 2% of the larger.
fn differ(a: f64, b: f64) -> bool {
    (a - b).abs() > 0.02 * a.max(b)
}

/// Whether `m` needs more memory than `best`: parameters, then KV per token (each only
/// beyond 2%), then the longer context. Equal models keep the earlier entry.
fn needs_more(m: &Model, best: &Model) -> bool {
    if differ(m.params_b, best.params_b) {
        return m.params_b > best.params_b;
    }
    let (km, kb) = (kv_per_token(m), kv_per_token(best));
    if differ(km, kb) {
        return km > kb;
    }
    m.max_context > best.max_context
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
pub(super) fn suggest(query: &str, entries: &[(String, Vec<String>)]) -> Vec<String> {
    let q = normalize(query);
    // No catalog name is this long; skipping keeps a pasted essay from costing seconds.
    if q.is_empty() || q.chars().count() > 64 {
        return Vec::new();
    }
    let q_len = q.chars().count();
    let limit = (q_len / 3).max(2);
    let mut scored: Vec<(usize, &str)> = entries
        .iter()
        .filter_map(|(display, keys)| {
            let best = keys
                .iter()
                .map(|k| {
                    if k.contains(&q) || q.contains(k.as_str()) {
                        k.len().abs_diff(q.len()).min(2)
                    } else if k.chars().count().abs_diff(q_len) > limit {
                        // The distance is at least the length difference: past the limit.
                        usize::MAX
                    } else {
                        // A name rewritten whole is no slip of it (`ec2` is not `a2`).
                        Some(levenshtein(&q, k))
                            .filter(|d| *d < k.chars().count())
                            .unwrap_or(usize::MAX)
                    }
                })
                .min()?;
            (best <= limit).then_some((best, display.as_str()))
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

/// Edits between `a` and `b`, two neighbours swapped counting as one (`4009` is one slip from
/// `4090`, as the lexicon's `one_edit` reads it, and two from `4060` or `4070`).
pub(super) fn levenshtein(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut before: Vec<usize> = Vec::new();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.iter().enumerate() {
        let mut cur = vec![i + 1; b.len() + 1];
        for (j, cb) in b.iter().enumerate() {
            cur[j + 1] = (prev[j] + usize::from(ca != cb))
                .min(prev[j + 1] + 1)
                .min(cur[j] + 1);
            if i > 0 && j > 0 && *ca == b[j - 1] && a[i - 1] == *cb {
                cur[j + 1] = cur[j + 1].min(before[j - 1] + 1);
            }
        }
        before = std::mem::replace(&mut prev, cur);
    }
    prev[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::{PriceQuote, parse_date};

    /// The load-time index of leading name parts holds, for every part of every model's
    /// names, exactly the models a scan of all names finds, in catalog order.
    #[test]
    fn the_leading_part_index_equals_a_scan_of_every_name() {
        let cat = Catalog::embedded().unwrap();
        let mut parts: Vec<String> = cat
            .models
            .iter()
            .flat_map(|m| names_of(m).flat_map(leading_parts).collect::<Vec<_>>())
            .collect();
        parts.extend(["qwen", "llama", "nosuchfamily", ""].map(String::from));
        parts.sort();
        parts.dedup();
        assert!(parts.len() > 100, "{} parts", parts.len());
        let per_model: Vec<std::collections::HashSet<String>> = cat
            .models
            .iter()
            .map(|m| names_of(m).flat_map(leading_parts).collect())
            .collect();
        for part in parts {
            let scanned: Vec<usize> = (0..cat.models.len())
                .filter(|&i| per_model[i].contains(&part))
                .collect();
            let indexed = cat.family_parts.get(&part).cloned().unwrap_or_default();
            assert_eq!(indexed, scanned, "{part}");
        }
    }

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
        assert_eq!(levenshtein("rtx4009", "rtx4090"), 1);
    }
}
