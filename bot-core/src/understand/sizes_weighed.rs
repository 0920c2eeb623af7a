//! One family's two sizes weighed for a card (`qwen3 8b 还是 14b，4090 上哪个能跑`, `llama 3.1 8b
//! or 70b on a single h100`, `Qwen2.5 32B 跟 72B`): the larger is sized. It decides the
//! question: when it fits, both do, and when it does not, its answer says by how much and what
//! would make it fit. Before, the first size was sized and the doubted one never was.

use super::question::Question;
use crate::lexicon;

/// Words that weigh one size against another, as said between two sizes (also
/// `sizes_before`'s, which reads them at a position).
pub(super) const OR_WORDS: &[&str] = &[
    "or", "vs", "vs.", "versus", "还是", "還是", "或者", "或", "和", "跟", "與", "与", "/",
];

/// An or-word in `text`: an English one as a whole word, a Chinese one anywhere.
fn weighs(text: &str) -> bool {
    OR_WORDS.iter().any(|w| {
        if w.is_ascii() {
            super::text::word_in(text, w)
        } else {
            text.contains(w)
        }
    })
}

/// The catalog id of the larger size when `q` names one model and one more bare size of its
/// family with an or-word between them; `None` otherwise.
pub(super) fn larger(q: &Question) -> Option<String> {
    let e = q.e;
    let ([model], [size]) = (e.models.as_slice(), e.sizes.as_slice()) else {
        return None;
    };
    if !weighs(q.padded) {
        return None;
    }
    // The model's own size is the last dash-part (`qwen3-8b`, `deepseek-r1-distill-qwen-14b`).
    let (stem, own) = model.rsplit_once('-')?;
    let other = format!("{stem}-{}", size.to_lowercase());
    let m = q.catalog.find_model(&other).filter(|m| m.id == other)?;
    let b = |s: &str| lexicon::params_b(s).and_then(Result::ok).unwrap_or(0.0);
    (b(size) > b(own)).then(|| m.id.clone())
}
