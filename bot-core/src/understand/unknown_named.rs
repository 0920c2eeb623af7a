//! A card or a model the catalog lacks, named whole (`B300 显存多大`, `mi355x tflops`, `phi-4-mini
//! on a t4`, `gemma 3n e4b 能在 t4 上跑吗`): a shipped name, not a slip of a known one, so the
//! reading keeps the user's name and the command says it is not in the catalog (its "did you
//! mean" after that plain statement), never a look-alike answered in its place. A slip of a
//! known name (`4009`, `a10o`, `qwne2.5-7b`) is still asked back by `typo`.

use super::Reading;
use super::entities::Entities;
use super::request::{self as make, Request};
use crate::catalog::Catalog;
use crate::lexicon;
use crate::vram::Task;

/// The reading with a catalog card (`id`, the first look-alike) in place of the unknown card
/// name `word`, given back with `word` itself: a card's specs or its stock, where the answer
/// is the one card's and so can say it is unknown.
pub(super) fn card_kept(word: &str, id: &str, read_with: &Reading) -> Option<Reading> {
    if !super::unheard::card_shape(word, false) {
        return None;
    }
    let word = word.to_string();
    match read_with {
        Reading::Command(Request::Gpu(g)) if g.gpus == [id] => {
            Some(Reading::Command(make::gpus(vec![word])))
        }
        Reading::Command(Request::Stock(s)) if s.gpu == id => {
            let mut s = s.clone();
            s.gpu = word;
            Some(Reading::Command(Request::Stock(s)))
        }
        _ => None,
    }
}

/// What a checkpoint's name adds to its model's without making another model
/// (`llama-3.1-8b-instruct`); a variant (`phi-4-mini`) is another model.
const QUALIFIERS: &[&str] = &[
    "instruct", "chat", "it", "base", "hf", "gguf", "awq", "gptq",
];

/// The fit read with a catalog model (`id`, the first look-alike) in place of `word`, given
/// back with `word`, when `word` is a family's name with a variant the catalog lacks
/// (`phi-4-mini`, `qwen2.5-8b`): the family written whole, and no catalog id that the word
/// merely extends or shortens (`llama-3.1-8b-instruct` is that model).
pub(super) fn model_kept(
    catalog: &Catalog,
    word: &str,
    ids: &[String],
    read_with: &Reading,
) -> Option<Reading> {
    let [id, ..] = ids else { return None };
    let family: String = word.chars().take_while(char::is_ascii_alphabetic).collect();
    let known_family = catalog.models.iter().any(|m| {
        m.id.starts_with(&family)
            && m.id[family.len()..].starts_with(|c: char| c.is_ascii_digit() || c == '-')
    });
    let extends = ids.iter().any(|c| {
        c.starts_with(word)
            || word
                .strip_prefix(c.as_str())
                .is_some_and(|rest| QUALIFIERS.contains(&rest.trim_start_matches(['-', '_', ':'])))
    });
    if family.len() < 3 || !known_family || extends {
        return None;
    }
    match read_with {
        Reading::Command(Request::Fit(f)) if f.model == *id => {
            let mut f = f.clone();
            f.model = word.to_string();
            Some(Reading::Command(Request::Fit(f)))
        }
        _ => None,
    }
}

/// `gemma 3n e4b`: a family word followed by a variant the catalog has no model under (a word
/// of letters and digits that is no size, no version alone and no name part it knows), read
/// as that model's fit under the user's name.
pub(super) fn variant_fit(
    catalog: &Catalog,
    toks: &[String],
    e: &Entities,
    card: Option<&super::request::Cards>,
) -> Option<Reading> {
    if !e.models.is_empty() || !e.sizes.is_empty() {
        return None;
    }
    let k = toks
        .iter()
        .position(|t| super::family_ask::family_word(t).is_some())?;
    let variant = |w: &String| {
        w.is_ascii()
            && w.chars().all(|c| c.is_ascii_alphanumeric())
            && w.chars().any(|c| c.is_ascii_digit())
            && w.chars().any(|c| c.is_ascii_alphabetic())
            && lexicon::params_b(w).is_none()
            && w.parse::<crate::vram::Quant>().is_err()
            && catalog.find_gpu(w).is_none()
            && !name_part(w)
    };
    let first = toks.get(k + 1).filter(|w| variant(w))?;
    let mut name = format!("{}-{first}", toks[k]);
    if let Some(next) = toks.get(k + 2).filter(|w| variant(w)) {
        name = format!("{name}-{next}");
    }
    unknown_fit(catalog, &name, e, card)
}

/// `qwen2.5 8b`, `llama 3.1 13b`, `gemma 2 12b`: a family word (with its version) right before
/// the one size said, when the catalog has no model of that family and size: that model's fit
/// under the user's name, which `/fit` answers as unknown with the family's names to choose
/// from, never a bare size with the family dropped, nor another line of the family.
pub(super) fn size_fit(
    catalog: &Catalog,
    toks: &[String],
    e: &Entities,
    card: Option<&super::request::Cards>,
) -> Option<Reading> {
    let [size] = e.sizes.as_slice() else {
        return None;
    };
    if !e.models.is_empty() {
        return None;
    }
    let at = toks.iter().position(|t| t == size)?;
    // The family word just before (`qwen2.5 8b`), or two before with a version between
    // (`llama 3.1 13b`, `gemma 2 12b`).
    let version = |w: &String| w.len() <= 3 && w.chars().all(|c| c.is_ascii_digit() || c == '.');
    let name = match at.checked_sub(1).map(|k| &toks[k]) {
        Some(v)
            if at >= 2 && version(v) && super::family_ask::family_word(&toks[at - 2]).is_some() =>
        {
            format!("{}-{v}-{size}", toks[at - 2])
        }
        Some(f) if super::family_ask::family_word(f).is_some() => format!("{f}-{size}"),
        _ => return None,
    };
    unknown_fit(catalog, &name, e, card)
}

/// The fit of `name` as the user said it, when the catalog holds no model of that name.
fn unknown_fit(
    catalog: &Catalog,
    name: &str,
    e: &Entities,
    card: Option<&super::request::Cards>,
) -> Option<Reading> {
    if catalog.find_model(name).is_some() {
        return None;
    }
    Some(Reading::Command(make::fit(
        name,
        e.quant,
        e.task.filter(|t| *t != Task::Infer),
        e.fit_options(),
        card,
    )))
}

/// Words of a model's name after its family (`r1`, `v3`, `distill`, a version `3`).
pub(super) fn name_part(word: &str) -> bool {
    matches!(
        word,
        "r1" | "v3" | "v4" | "k2" | "distill" | "coder" | "vl" | "oss"
    ) || (word.len() <= 3 && word.chars().all(|c| c.is_ascii_digit() || c == '.'))
}
