//! A background sentence before the question (`I used SDXL on my 3060 before. Does FLUX.1-dev
//! fit on an L4?`, `之前用3060跑过sdxl。flux.1-dev 在L4上能跑吗？`): the question names its own
//! card and model, so those win; the card and model of the story told before it are context,
//! never asked back beside them. Only a question sentence that names both a card and a model
//! is read alone, and only after sentences that ask nothing (no `?`).

use super::entities::{Entities, entities};
use super::story_aside;
use super::text::tokens;
use crate::catalog::Catalog;

/// Marks that end a sentence (a full stop only before a space or the end: `flux.1-dev`,
/// `2.5` stay whole).
fn sentences(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut cur = String::new();
    for (i, &c) in chars.iter().enumerate() {
        cur.push(c);
        let end = match c {
            '。' | '！' | '？' | '!' | '?' | ';' | '；' => true,
            '.' => chars.get(i + 1).is_none_or(|n| n.is_whitespace()),
            _ => false,
        };
        if end {
            out.push(std::mem::take(&mut cur));
        }
    }
    out.push(cur);
    out.into_iter()
        .map(|s| s.trim().to_string())
        .filter(|s| s.chars().any(char::is_alphanumeric))
        .collect()
}

fn named(catalog: &Catalog, s: &str) -> Entities {
    entities(catalog, &tokens(&super::normalize(s)))
}

/// The last sentence alone, where it names a card and a model of its own and the sentences
/// before it tell (no question mark) of another card or model.
pub(super) fn question_part(catalog: &Catalog, text: &str) -> Option<String> {
    let all = sentences(text);
    let (last, before) = all.split_last()?;
    if before.is_empty() || before.iter().any(|s| s.ends_with(['?', '？'])) {
        return None;
    }
    let asked = named(catalog, last);
    let told = named(catalog, &before.join(" "));
    if let Some(part) = story_aside::question_alone(last, &asked, &told) {
        return Some(part);
    }
    if asked.gpus.is_empty() || asked.models.is_empty() {
        return None;
    }
    let other_card = told
        .gpus
        .iter()
        .any(|c| !asked.gpus.iter().any(|a| a.gpu == c.gpu));
    let other_model = told.models.iter().any(|m| !asked.models.contains(m));
    (other_card || other_model).then(|| last.clone())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sentences_end_at_their_marks_only() {
        assert_eq!(
            sentences("I used SDXL on my 3060 before. Does FLUX.1-dev fit on an L4?"),
            vec![
                "I used SDXL on my 3060 before.",
                "Does FLUX.1-dev fit on an L4?"
            ]
        );
        assert_eq!(
            sentences("qwen2.5 7b 4090 够吗"),
            vec!["qwen2.5 7b 4090 够吗"]
        );
        assert_eq!(
            sentences("之前用3060。现在呢？"),
            vec!["之前用3060。", "现在呢？"]
        );
    }
}
