//! A bare `full` beside a model and a card, with no training or serving word (`qwen2.5-7b full
//! 4090行吗`, [`crate::lexicon::full_alone`]): a full fine-tune to `/fit`, the whole model in
//! its published precision to the person who wrote it. Both are asked back where they print
//! different verdicts (the house's rule for a card's memory sizes); where they print the same,
//! the full fine-tune is kept, as `/fit` reads the word.

use super::super::Reading;
use super::super::request::Request;
use super::verdict;
use crate::catalog::Catalog;
use crate::vram::Task;

/// `r` asked back between the full fine-tune and the model whole, where the verdicts differ.
pub(in crate::understand) fn full_asked(catalog: &Catalog, padded: &str, r: Reading) -> Reading {
    let Reading::Command(Request::Fit(a)) = &r else {
        return r;
    };
    let method = a.options.iter().any(|(k, _)| k == "method");
    if a.task != Some(Task::Full)
        || a.gpu.is_none()
        || method
        || !crate::lexicon::full_alone(&super::super::text::tokens(padded))
    {
        return r;
    }
    let mut whole = a.clone();
    whole.task = None;
    let (Some(full), Some(other)) = (
        verdict(catalog, a, a.gpu.as_deref().unwrap_or_default()),
        verdict(catalog, &whole, a.gpu.as_deref().unwrap_or_default()),
    ) else {
        return r;
    };
    if full == other {
        return r;
    }
    Reading::Ask(vec![Request::Fit(a.clone()), Request::Fit(whole)])
}
