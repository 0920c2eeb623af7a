//! A model read with a slip in its name (`qwen2.5 14n`, `qwen2.5 7v`): the catalog's one
//! clearly nearest model (`Catalog::models_near`) put in the `/fit`, `/tco` or `/trend` read, and
//! said in the echo line as any model is; two as near asked back, each named; none, as read
//! (the answer says the name is unknown). Never a table of slips.

use super::Reading;
use super::request::Request;
use crate::catalog::Catalog;

/// `reading` with a model name the catalog does not know replaced by its one nearest model, or
/// asked back between the nearest ones.
pub(super) fn nearest(catalog: &Catalog, reading: Reading) -> Reading {
    let Reading::Command(r) = reading else {
        return reading;
    };
    let typed = match &r {
        Request::Fit(f) => Some(f.model.clone()),
        Request::Tco(t) => t.model.clone(),
        _ => None,
    };
    // A name `/fit` sizes without the catalog is no slip: an image pipeline (`sd3-medium`), or
    // a shipped name whose size it carries (`gemma-3n-e4b`), kept, never a look-alike.
    let Some(typed) = typed.filter(|m| {
        catalog.find_model(m).is_none()
            && crate::diffusion::find(m).is_none()
            && !matches!(crate::lexicon::model_size_in_name(m), Some(Ok(_)))
    }) else {
        return Reading::Command(r);
    };
    let near: Vec<String> = catalog
        .models_near(&typed)
        .iter()
        .map(|m| m.id.clone())
        .collect();
    let with = |id: &str| {
        let mut r = r.clone();
        match &mut r {
            Request::Fit(f) => f.model = id.to_string(),
            Request::Tco(t) => t.model = Some(id.to_string()),
            _ => {}
        }
        r
    };
    match near.as_slice() {
        [] => Reading::Command(r),
        [one] => Reading::Command(with(one)),
        many => Reading::Ask(many.iter().map(|id| with(id)).collect()),
    }
}

/// Whether a reading lacks the model a slip in the text may have cost it: nothing read, or a
/// `/tco` with no model (`self host mistal nemo?`, `mistrl nemo on an l4, fits?`).
pub(super) fn lacks_model(reading: &Reading) -> bool {
    match reading {
        Reading::Unknown => true,
        Reading::Command(Request::Tco(t)) => t.model.is_none(),
        _ => false,
    }
}

/// The text with one model name typed with a slip over one to three words (`mistal nemo`,
/// `lama 3 8b`) written as each of the catalog's nearest models (`Catalog::models_near`): one
/// text where one model is clearly nearest, one per model where several are; none where no
/// span of words is near a model, or two spans are.
pub(super) fn texts_unslipped(catalog: &Catalog, text: &str) -> Vec<String> {
    let lower = text.to_lowercase();
    // Runs of ASCII letters, digits and dots, with where they are.
    let mut runs: Vec<(usize, usize)> = Vec::new();
    let mut start = None;
    for (i, c) in lower.char_indices().chain([(lower.len(), ' ')]) {
        let word = c.is_ascii_alphanumeric() || c == '.';
        match (word, start) {
            (true, None) => start = Some(i),
            (false, Some(s)) => {
                runs.push((s, i));
                start = None;
            }
            _ => {}
        }
    }
    let word = |k: usize| lower[runs[k].0..runs[k].1].trim_end_matches('.');
    let mut found: Option<((usize, usize), Vec<String>)> = None;
    let mut k = 0;
    while k < runs.len() {
        let head = word(k);
        let letters = head.bytes().take_while(u8::is_ascii_alphabetic).count();
        // A name starts with a word of letters (`mistal`, `lama3`), never an English word.
        if letters < 4
            || crate::lexicon::REAL_WORDS.contains(&head)
            || crate::lexicon::CUE_WORDS.contains(&head)
            || catalog.find_gpu(head).is_some()
            || catalog.find_platform(head).is_some()
        {
            k += 1;
            continue;
        }
        // The longest span first (`lama 3 8b` before `lama 3`).
        let hit = (1..=3).rev().find_map(|n| {
            let end = k + n;
            if end > runs.len() {
                return None;
            }
            let typed: Vec<&str> = (k..end).map(word).collect();
            let near = catalog.models_near(&typed.join("-"));
            (!near.is_empty()).then(|| ((k, end), near.iter().map(|m| m.id.clone()).collect()))
        });
        match (hit, &found) {
            (Some(_), Some(_)) => return Vec::new(),
            (Some((span, ids)), None) => {
                k = span.1;
                found = Some((span, ids));
            }
            (None, _) => k += 1,
        }
    }
    let Some(((from, to), ids)) = found else {
        return Vec::new();
    };
    let (a, b) = (runs[from].0, runs[to - 1].1);
    ids.iter()
        .map(|id| format!("{} {id} {}", &text[..a], &text[b..]))
        .collect()
}
