//! A model family named without a size in a fit question (`gpt-oss 要多少显存`, `deepseek
//! 要几张h100`, `phi 3 on a t4 with lora`, `deepseek r1 distill 用3090跑`, `qwen2.5
//! 能在4090上跑吗`): the family's models from the catalog are asked back, never one guessed
//! (the 671B R1 for its distills), never the card's specs instead, never "did you mean" with
//! names that merely look alike.

use super::Reading;
use super::entities::Entities;
use super::request::{self as make, Request};
use super::text::has;
use super::unknown_named::name_part;
use super::words::FIT_WORDS;
use crate::catalog::Catalog;
use crate::lexicon;
use crate::vram::Task;

/// Latin family words a catalog id starts with, beside `family_ask`'s (`qwen2.5`, `llama3`).
const FAMILIES: &[&str] = &[
    "gpt-oss", "kimi", "minimax", "mixtral", "qwq", "yi", "glm", "gemma", "phi", "mistral",
    "deepseek", "qwen", "llama",
];

/// Words asking which card a model needs (read as guidance when no model is named).
const CARD_NEEDED: &[&str] = &[
    "what gpu do i need",
    "which gpu do i need",
    "what card do i need",
    "which card do i need",
    "what gpu does",
    "要什么卡",
    "需要什么卡",
    "要什么显卡",
    "需要什么显卡",
];

/// The two cards' value weighed (`哪个性价比高`, `which is better value`): a question of the
/// cards. Which of two merely "is better" or "suits" a family (`a6000和a100跑qwen哪个好`,
/// `4090和3090哪个适合跑gpt-oss`) is the model's fit, whose answer names the card that holds it
/// (fresh18_c's convention, kept).
const WHICH_OF: &[&str] = &["性价比", "划算", "worth", "value", "cheaper", "便宜"];
/// After a which-word, a model's variant asked, not a card (`哪个版本`, `which size`).
const MODEL_ASKED: &[&str] = &[
    "版本", "型号", "模型", "尺寸", " size", " model", " version",
];

/// Whether one of two cards is asked for, never which of a family's models.
fn two_weighed(padded: &str) -> bool {
    WHICH_OF.iter().any(|w| {
        padded.match_indices(w).any(|(k, _)| {
            let after = &padded[k + w.len()..];
            !MODEL_ASKED
                .iter()
                .any(|m| after.trim_start_matches(' ').starts_with(m.trim_start()))
        })
    })
}

/// Shown to the user: a choice list, not the catalog.
const MAX_ASK: usize = 6;

/// Variants that are not the family's general models, unless the words name them.
const SPECIAL: &[&str] = &["-vl", "coder", "distill", "-exp", "-2507", "-2501", "-128k"];

/// The id prefix the words name (`deepseek-r1-distill`, `phi-3`, `qwen2.5`, `gpt-oss`).
fn prefix(catalog: &Catalog, toks: &[String], e: &Entities) -> Option<String> {
    // `deepseek r1 distill` without a size: the model read is the distills' teacher.
    if let Some(k) = toks
        .iter()
        .position(|t| t == "distill" || t.ends_with("-distill"))
        && toks
            .get(k + 1)
            .is_none_or(|n| lexicon::params_b(n).is_none())
    {
        if toks[k].len() > "distill".len() {
            return Some(toks[k].clone());
        }
        if let [m] = e.models.as_slice()
            && !m.contains("distill")
        {
            // `deepseek r1 distill qwen` (`distill_base`): the distills on that base only.
            let on_base = toks
                .get(k + 1)
                .map(|b| format!("{m}-distill-{b}"))
                .filter(|p| !models_under(catalog, p).is_empty());
            return Some(on_base.unwrap_or_else(|| format!("{m}-distill")));
        }
    }
    if !e.models.is_empty() || !e.sizes.is_empty() {
        return None;
    }
    let (k, p) = toks.iter().enumerate().find_map(|(k, t)| {
        // `gpt oss` written apart is the `gpt-oss` family.
        let joined = toks.get(k + 1).map(|n| format!("{t}-{n}"));
        if let Some(j) = joined.filter(|j| FAMILIES.contains(&j.as_str())) {
            return Some((k + 1, j));
        }
        let fam = super::family_ask::family_word(t)
            .or_else(|| FAMILIES.iter().find(|f| t == *f).map(|f| (*f).to_string()))?;
        Some((k, fam))
    })?;
    // The longest name the catalog has models under: `deepseek r1 distill` before `deepseek
    // r1` before `deepseek`; a version only where none is written yet (`qwen3 1张` is no
    // `qwen3-1`); `gemma3` as the catalog writes it, `gemma-3`.
    let mut names = spellings(&p);
    let mut last = p.clone();
    for w in toks.iter().skip(k + 1).take(2) {
        let version = w.chars().all(|c| c.is_ascii_digit() || c == '.');
        if !name_part(w) || (version && last.chars().any(|c| c.is_ascii_digit())) {
            break;
        }
        last = format!("{last}-{w}");
        names.splice(0..0, spellings(&last));
    }
    names
        .into_iter()
        .find(|n| !models_under(catalog, n).is_empty())
}

/// A family and version written both ways: `gemma3` and `gemma-3`, `qwen-3` and `qwen3`.
fn spellings(name: &str) -> Vec<String> {
    let at = name.find(|c: char| c.is_ascii_digit());
    let mut out = vec![name.to_string()];
    if let Some(at) = at
        && at > 0
    {
        let (fam, rest) = name.split_at(at);
        match fam.strip_suffix('-') {
            Some(f) => out.push(format!("{f}{rest}")),
            None => out.push(format!("{fam}-{rest}")),
        }
    }
    out
}

/// The catalog's models under `prefix`, largest first; a variant of another (`-128k`) and
/// special lines (vision, code, distills) unless named.
fn models_under<'c>(catalog: &'c Catalog, prefix: &str) -> Vec<&'c crate::catalog::Model> {
    let mut ms: Vec<&crate::catalog::Model> = catalog
        .models
        .iter()
        .filter(|m| {
            let Some(rest) = m.id.strip_prefix(prefix) else {
                return false;
            };
            // `phi-3` is not `phi-3.5`; `qwen` is every Qwen version.
            let boundary = !prefix.ends_with(|c: char| c.is_ascii_digit())
                || rest.is_empty()
                || rest.starts_with('-');
            boundary && !SPECIAL.iter().any(|s| rest.contains(s)) && m.current_or_named(prefix)
        })
        .collect();
    ms.sort_by(|a, b| {
        b.params_b
            .total_cmp(&a.params_b)
            .then_with(|| a.id.cmp(&b.id))
    });
    ms
}

/// A rent-vs-API question on a family `family_ask` does not name (`gpt oss`, `gpt-oss`) or on
/// distills named without a size (`deepseek r1 distill`, where the model read is their
/// teacher): the family's models asked back, as a fit asks them.
pub(super) fn tco_family(q: &super::question::Question) -> Option<Reading> {
    let toks = super::text::tokens(q.padded);
    let distill = toks.iter().any(|t| t.ends_with("distill"))
        && q.e.models.iter().all(|m| !m.contains("distill"));
    if !(q.nothing_to_size() || distill) || !q.e.model_options.is_empty() {
        return None;
    }
    let ids: Vec<String> = models_under(q.catalog, &prefix(q.catalog, &toks, q.e)?)
        .into_iter()
        .take(MAX_ASK)
        .map(|m| m.id.clone())
        .collect();
    super::family_ask::tco_asked(q, ids)
}

/// A family word alone (`phi3`, `mixtral`) that the catalog files as one model's alias (the
/// default tag of a model library) while the family has other sizes: the family's models,
/// largest first, so a fit asks which instead of sizing the one the alias guesses. A name
/// written whole (`phi-3-mini`, `phi3 mini`, `glm-4.5`) is that model.
fn bare_family<'c>(
    catalog: &'c Catalog,
    toks: &[String],
    e: &Entities,
) -> Option<Vec<&'c crate::catalog::Model>> {
    let [id] = e.models.as_slice() else {
        return None;
    };
    let m = catalog.find_model(id)?;
    let plain = |s: &str| -> String {
        s.chars()
            .filter(char::is_ascii_alphanumeric)
            .collect::<String>()
            .to_lowercase()
    };
    let family = plain(&m.family);
    if !e.sizes.is_empty() || plain(&m.id) == family || !toks.iter().any(|t| plain(t) == family) {
        return None;
    }
    // Any longer name of the model in the words (`phi3 mini`, `phi3:3.8b`) names it.
    let said = plain(&toks.join(" "));
    if std::iter::once(&m.id)
        .chain(&m.aliases)
        .map(|n| plain(n))
        .any(|n| n.len() > family.len() && said.contains(&n))
    {
        return None;
    }
    let mut ms: Vec<&crate::catalog::Model> = catalog
        .models
        .iter()
        .filter(|o| o.family == m.family && !SPECIAL.iter().any(|s| o.id.contains(s)))
        .collect();
    if ms.iter().all(|o| o.params_b == m.params_b) {
        return None;
    }
    ms.sort_by(|a, b| {
        b.params_b
            .total_cmp(&a.params_b)
            .then_with(|| a.id.cmp(&b.id))
    });
    Some(ms)
}

/// The family's fit asked back, when the question is a fit (`plain` read nothing to size, or
/// a card's specs, or the wrong model) and names a family without a size.
pub(super) fn family_fit(
    catalog: &Catalog,
    toks: &[String],
    e: &Entities,
    padded: &str,
    plain: &Reading,
) -> Option<Reading> {
    // Nothing read: a fit only when one is asked (`要多少显存`, `能跑吗`, `几张`, a method or a
    // card named); `deepseek 哪家便宜` is no fit.
    let asked = e.task.is_some()
        || !e.gpus.is_empty()
        || has(padded, FIT_WORDS)
        || lexicon::memory_said(padded)
        || has(padded, &["几张", "几块", "how many", "多少张"]);
    // Two cards side by side for a family (`h100 or h200 for deepseek`): which model decides
    // which card, so each model's fit is asked without a card (its answer names the cards
    // that hold it).
    let two_cards = e.gpus.len() == 2
        && matches!(plain, Reading::Command(Request::Gpu(g)) if g.gpus.len() == 2);
    // `3090和4090部署qwen哪个性价比高`: which of the two cards is asked, the family only the
    // job: the cards weighed side by side stand.
    if two_cards && two_weighed(padded) {
        return None;
    }
    let fit_like = match plain {
        Reading::Unknown => asked,
        // `what gpu do I need for qwen`: the card a family needs, never guidance from scratch.
        Reading::Command(Request::Pick) => has(padded, CARD_NEEDED),
        Reading::Command(Request::Gpu(g)) => g.gpus.len() == 1 || two_cards,
        Reading::Command(Request::Fit(_)) => true,
        _ => false,
    };
    if !fit_like || (e.gpus.len() > 1 && !two_cards) {
        return None;
    }
    // `gemma 3n e4b`: a variant the catalog lacks, kept under the user's name.
    if let Some(r) = super::unknown_named::variant_fit(catalog, toks, e, e.gpus.first())
        .or_else(|| super::unknown_named::size_fit(catalog, toks, e, e.gpus.first()))
    {
        return Some(r);
    }
    let mut ms = match prefix(catalog, toks, e) {
        Some(p) => models_under(catalog, &p),
        None => bare_family(catalog, toks, e)?,
    };
    if ms.is_empty() {
        return None;
    }
    let card = e.gpus.first().filter(|_| !two_cards);
    // Too many to ask: with a card, those whose 4-bit weights could fit on it (the sizes
    // whose answer the card decides), else the largest.
    // Two cards: the larger one decides which sizes are worth asking.
    let largest = e.gpus.iter().max_by(|a, b| {
        let mem = |c: &&super::request::Cards| {
            catalog
                .find_gpu(&c.gpu)
                .map_or(0.0, |g| g.vram_gb * f64::from(c.count))
        };
        mem(a).total_cmp(&mem(b))
    });
    if ms.len() > MAX_ASK
        && let Some(c) = card.or(largest)
        && let Some(g) = catalog.find_gpu(&c.gpu)
    {
        let memory = g.vram_gb * f64::from(c.count);
        let fitting: Vec<_> = ms
            .iter()
            .copied()
            .filter(|m| m.params_b * 0.5 <= memory)
            .collect();
        if !fitting.is_empty() {
            ms = fitting;
        }
        // One card: the sizes people run on it, each size class's newest first, so that a new
        // model never hides a common size (two cards: the largest, where they differ).
        if card.is_some() && ms.len() > MAX_ASK {
            ms = super::family_sizes::sizes_on_card(ms, MAX_ASK);
        }
    }
    // No card to decide: one model per size class, so the small ones a first question most
    // often means (7B/8B) are among the choices, never only the largest.
    if ms.len() > MAX_ASK && e.gpus.is_empty() {
        ms = super::family_sizes::one_per_size_class(ms, MAX_ASK);
    }
    let asks: Vec<Request> = ms
        .iter()
        .take(MAX_ASK)
        .map(|m| {
            make::fit(
                &m.id,
                e.quant,
                e.task.filter(|t| *t != Task::Infer),
                e.fit_options(),
                card,
            )
        })
        .collect();
    Some(Reading::Ask(asks))
}
