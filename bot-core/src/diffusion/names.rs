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
