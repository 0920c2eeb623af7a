//! The names an image or video family goes by in Chinese or in an app (`通义万相` for Wan,
//! `混元视频` for HunyuanVideo, Fooocus for SDXL): catalog data (`diffusion.toml`'s `[[family]]`),
//! each the family's own word, which the reader reads in its place.

use serde::Deserialize;
use std::sync::OnceLock;

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Family {
    /// A pipeline's name, or the start of its ids before a version (`wan`).
    pub word: String,
    pub names: Vec<String>,
    pub basis: String,
    pub source: String,
    pub as_of: String,
}

#[derive(Deserialize)]
struct File {
    #[serde(default)]
    family: Vec<Family>,
}

/// An image or video family the file does not size yet (`diffusion.toml`'s `[[unsized]]`):
/// its names are never a language model's size guess (`cogvideox-5b` is no 5B LLM).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Unsized {
    /// As said back to the user (`CogVideoX`).
    pub family: String,
    /// Lower case, no separators: what a name starts with (`cogvideox`, `ltx`, `sd`).
    pub words: Vec<String>,
    pub source: String,
    pub as_of: String,
}

#[derive(Deserialize)]
struct UnsizedFile {
    #[serde(default)]
    r#unsized: Vec<Unsized>,
}

/// Reads and checks the unsized families: words lower case without separators, provenance.
pub fn parse_unsized(text: &str) -> Result<Vec<Unsized>, String> {
    let list = toml::from_str::<UnsizedFile>(text)
        .map_err(|e| format!("diffusion.toml: {e}"))?
        .r#unsized;
    for u in &list {
        let plain = |w: &String| !w.is_empty() && w.chars().all(|c| c.is_ascii_lowercase());
        if u.words.is_empty() || !u.words.iter().all(plain) {
            return Err(format!("diffusion.toml: unsized `{}`: words", u.family));
        }
        if u.source.is_empty() || crate::catalog::parse_date(&u.as_of).is_none() {
            return Err(format!(
                "diffusion.toml: unsized `{}`: source, as_of",
                u.family
            ));
        }
    }
    Ok(list)
}

fn unsized_list() -> &'static [Unsized] {
    static LIST: OnceLock<Vec<Unsized>> = OnceLock::new();
    LIST.get_or_init(|| parse_unsized(super::EMBEDDED_DIFFUSION).unwrap_or_default())
}

/// Whether `name` (its last path part, lower case) starts with `word`, separators inside it
/// skipped, and no letter follows: `LTX-Video` and `ltx-2` start with `ltx`, `sdxl-turbo` with
/// `sdxl`, `stable-diffusion-2-1` with `stablediffusion`; `wanda` does not start with `wan`.
fn starts_with_word(name: &str, word: &str) -> bool {
    let sep = |c: char| matches!(c, ' ' | '-' | '_' | ':');
    let mut chars = name.chars().peekable();
    for (i, w) in word.chars().enumerate() {
        while i > 0 && chars.peek().is_some_and(|c| sep(*c)) {
            chars.next();
        }
        if chars.next() != Some(w) {
            return false;
        }
    }
    !chars.peek().is_some_and(|c| c.is_ascii_alphabetic())
}

/// Whether `word` is exactly one of the unsized families' words (`ltx`, `pixart`): a name's
/// first half when a second word follows (`ltx video`).
pub fn is_family_word(word: &str) -> bool {
    let w = crate::catalog::normalize(word);
    unsized_list().iter().any(|u| u.words.contains(&w))
}

/// The image or video family `name` belongs to when no pipeline of the file answers to it
/// (`cogvideox-5b` → CogVideoX, `wan2.1-vace-14b` → Wan, `sd2.1` → Stable Diffusion): the one
/// place that keeps such a name from the language-model size guess. A family word whose
/// versions the file holds, said alone (`wan`, `sd`), is the reader's to ask back, not this.
pub fn unsized_family(name: &str) -> Option<&'static str> {
    if super::find(name).is_some() {
        return None;
    }
    let last = name
        .rsplit('/')
        .next()
        .unwrap_or(name)
        .trim()
        .to_lowercase();
    if known(&crate::catalog::normalize(&last)) {
        return None;
    }
    // `sdxl-lora`, `flux_lora`: a pipeline's name and a word of training is that pipeline
    // trained so (the reader's task), never an unknown variant of its family.
    if let Some((head, tail)) = last.rsplit_once(['-', '_', ' '])
        && crate::lexicon::training_word(tail)
        && (super::find(head).is_some() || known(&crate::catalog::normalize(head)))
    {
        return None;
    }
    unsized_list()
        .iter()
        .find(|u| u.words.iter().any(|w| starts_with_word(&last, w)))
        .map(|u| u.family.as_str())
}

/// Whether `word` names something of the file: a pipeline, or a family with versions (`wan` →
/// `wan2.1-…`).
fn known(word: &str) -> bool {
    super::find(word).is_some()
        || super::pipelines().iter().any(|p| {
            p.id.strip_prefix(word)
                .is_some_and(|rest| rest.starts_with(|c: char| c.is_ascii_digit()))
        })
}

/// Reads and checks the families: each word known, provenance on each, no name claimed twice.
pub fn parse(text: &str) -> Result<Vec<Family>, String> {
    let list = toml::from_str::<File>(text)
        .map_err(|e| format!("diffusion.toml: {e}"))?
        .family;
    let mut seen: Vec<String> = Vec::new();
    for f in &list {
        let bad = |what: &str| Err(format!("diffusion.toml: family `{}`: {what}", f.word));
        if !known(&f.word) {
            return bad("names no pipeline nor family");
        }
        if f.source.is_empty() || crate::catalog::parse_date(&f.as_of).is_none() {
            return bad("needs source and as_of");
        }
        for n in &f.names {
            let n = n.to_lowercase();
            if n.is_empty() || seen.contains(&n) || super::find(&n).is_some() {
                return bad(&format!("name `{n}` is empty or another's"));
            }
            seen.push(n);
        }
    }
    Ok(list)
}

/// Every name (lower case) with its family's word, the longest name first, so `通义万相` is
/// read whole before `万相` and `千问图像编辑` before `千问图像`.
pub fn family_names() -> &'static [(String, String)] {
    static LIST: OnceLock<Vec<(String, String)>> = OnceLock::new();
    LIST.get_or_init(|| {
        let mut names: Vec<(String, String)> = parse(super::EMBEDDED_DIFFUSION)
            .unwrap_or_default()
            .into_iter()
            .flat_map(|f| {
                let word = f.word;
                f.names
                    .into_iter()
                    .map(move |n| (n.to_lowercase(), word.clone()))
            })
            .collect();
        names.sort_by_key(|(n, _)| std::cmp::Reverse(n.chars().count()));
        names
    })
}

/// Whether `word` is a family's start before a version (`wan`), which a version said after
/// its name joins (`万相2.1` → `wan2.1`), rather than a whole name.
pub fn takes_version(word: &str) -> bool {
    super::find(word).is_none()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unsized_families_read_and_match_at_a_word_boundary() {
        assert!(
            parse_unsized(super::super::EMBEDDED_DIFFUSION)
                .unwrap()
                .len()
                >= 10
        );
        assert!(starts_with_word("ltx-video-0.9.7", "ltxvideo"));
        assert!(starts_with_word("stable-diffusion-2-1", "stablediffusion"));
        assert!(starts_with_word("sd2.1", "sd"));
        assert!(!starts_with_word("wanda-7b", "wan"));
        assert!(!starts_with_word("-wan2.1", "wan"));
        let bad = "[[unsized]]\nfamily = \"X\"\nwords = [\"Ltx-V\"]\nsource = \"s\"\n\
                   as_of = \"2026-01-01\"\n";
        assert!(parse_unsized(bad).is_err());
    }

    #[test]
    fn the_families_are_valid() {
        let list = parse(super::super::EMBEDDED_DIFFUSION).unwrap();
        assert!(list.iter().any(|f| f.word == "wan"));
        assert!(family_names().len() >= list.len());
        // Longest first.
        let first_wan = family_names().iter().position(|(n, _)| n == "通义万相");
        let short_wan = family_names().iter().position(|(n, _)| n == "万相");
        assert!(first_wan < short_wan);
        assert!(takes_version("wan") && !takes_version("hunyuanvideo"));
        let twice = "[[family]]\nword = \"wan\"\nnames = [\"a\", \"a\"]\nbasis = \"x\"\n\
                     source = \"s\"\nas_of = \"2026-01-01\"\n";
        assert!(parse(twice).is_err());
        let unknown = twice
            .replace("\"wan\"", "\"kolors\"")
            .replace("\"a\", ", "");
        assert!(parse(&unknown).is_err());
    }
}
