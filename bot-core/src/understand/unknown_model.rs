//! A model the catalog has no shape of, named in a question (`xtts voice cloning on a 3060
//! ok?`, `whisper large-v3 用4090能跑吗`, `gpt-sovits 3090够吗`): reading past it answers
//! another question (the card's specs, or a fit of nothing), so the name is said back with
//! what the bot can size, and the reading without it offered as a choice.

use super::text::{normalize, tokens};
use super::{Reading, read};
use crate::catalog::Catalog;

/// Speech, vision and music models people rent cards for that the catalog does not size
/// (a name the catalog learns later is its own again: see `catalog_knows`).
const NAMES: &[&str] = &[
    "xtts",
    "xttsv2",
    "xtts-v2",
    "gpt-sovits",
    "sovits",
    "so-vits-svc",
    "rvc",
    "whisper",
    "faster-whisper",
    "cosyvoice",
    "fish-speech",
    "f5-tts",
    "chattts",
    "tortoise-tts",
    "styletts2",
    "bark",
    "musicgen",
    "yolo",
    "yolov5",
    "yolov8",
    "yolo11",
    "sam2",
];

/// An image or video model the question names that the diffusion data does not size yet
/// (`can a 4090 run cogvideox-5b`, `ltx video 3060够吗`), with its family and the cards named,
/// unless the question's reading already sizes one of the file's pipelines (`stable diffusion
/// xl`, read whole, is SDXL's). A word or two words said apart (`ltx video`) are tried.
pub(super) fn unsized_media(
    catalog: &Catalog,
    text: &str,
) -> Option<(String, String, Vec<String>)> {
    let norm = normalize(text);
    let toks = tokens(&norm);
    let unsized_of = |w: &str| {
        catalog
            .model_by_name(w)
            .is_none()
            .then(|| crate::diffusion::names::unsized_family(w))
            .flatten()
    };
    // Two words read as one name where the first alone is no name or only a family's word
    // (`ltx video`, `stable diffusion 2.1`); else the word (`cogvideox-5b`, never `cogvideox-5b-吗`).
    let (word, family) = toks.iter().enumerate().find_map(|(i, t)| {
        let pair = toks.get(i + 1).map(|n| format!("{t}-{n}"));
        let alone = unsized_of(t);
        let whole = alone.is_none() || crate::diffusion::names::is_family_word(t);
        match pair
            .as_deref()
            .filter(|_| whole)
            .and_then(|p| unsized_of(p).map(|f| (p, f)))
        {
            Some((p, f)) => Some((p.to_string(), f)),
            None => alone.map(|f| (t.clone(), f)),
        }
    })?;
    let reading = read(catalog, &norm);
    let sized = reading.lines().iter().any(|l| {
        l.split_whitespace()
            .any(|w| crate::diffusion::find(w).is_some())
    });
    if sized {
        return None;
    }
    let ids: Vec<String> = super::entities::entities(catalog, &toks)
        .gpus
        .into_iter()
        .map(|c| c.gpu)
        .collect();
    let lines = match ids.is_empty() {
        true => Vec::new(),
        false => vec![super::request::gpus(ids).line()],
    };
    Some((word, family.to_string(), lines))
}

/// The unsized model a question names, and the reading without it (what it would otherwise
/// have answered), when that reading is a card's specs or nothing.
pub(super) fn unknown_model(catalog: &Catalog, text: &str) -> Option<(String, Vec<String>)> {
    let norm = normalize(text);
    let toks = tokens(&norm);
    let word = toks
        .iter()
        .find(|t| NAMES.contains(&t.as_str()) && catalog.model_by_name(t).is_none())?
        .clone();
    let lines = match read(catalog, &norm) {
        Reading::Command(r @ super::Request::Gpu(_)) => vec![r.line()],
        // `whisper 用4090能跑吗`: a fit of nothing; the cards named, side by side.
        Reading::Unknown => {
            let ids: Vec<String> = super::entities::entities(catalog, &toks)
                .gpus
                .into_iter()
                .map(|c| c.gpu)
                .collect();
            if ids.is_empty() {
                Vec::new()
            } else {
                vec![super::request::gpus(ids).line()]
            }
        }
        _ => return None,
    };
    Some((word, lines))
}
