//! A picture or a video said as a thing to make (`i want make video from text`, `create some
//! clips`, `generate pics for my shop`): a verb of making and, within two words after it, a noun
//! of the medium (helper und_dy, issue 26 §4). The fixed phrases (`text to video`, `生成视频`)
//! stay in `dialogue::media`; this reads the ones said in a learner's or a casual word order. A
//! noun that names hardware (`video card`, `video memory`) is no medium.

/// What is made.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Made {
    Image,
    Video,
}

/// Verbs of making, as typed.
const MAKE_VERBS: &[&str] = &[
    "make",
    "makes",
    "making",
    "made",
    "generate",
    "generates",
    "generating",
    "create",
    "creates",
    "creating",
    "produce",
    "producing",
    "render",
    "rendering",
    "draw",
    "drawing",
];

/// Nouns of a medium.
const MEDIUM_NOUNS: &[(&str, Made)] = &[
    ("video", Made::Video),
    ("videos", Made::Video),
    ("clip", Made::Video),
    ("clips", Made::Video),
    ("animation", Made::Video),
    ("animations", Made::Video),
    ("image", Made::Image),
    ("images", Made::Image),
    ("picture", Made::Image),
    ("pictures", Made::Image),
    ("pic", Made::Image),
    ("pics", Made::Image),
    ("photo", Made::Image),
    ("photos", Made::Image),
    ("poster", Made::Image),
    ("posters", Made::Image),
    ("illustration", Made::Image),
    ("illustrations", Made::Image),
    ("artwork", Made::Image),
];

/// Words after a medium's noun that make it hardware or another job on the medium (`video
/// card`, `image classifier`): no medium made.
const HARDWARE_AFTER: &[&str] = &[
    "card",
    "cards",
    "memory",
    "ram",
    "encoder",
    "decoder",
    "classifier",
    "classification",
    "dataset",
    "caption",
    "captioning",
    "captions",
    "search",
    "recognition",
    "understanding",
    "analysis",
];

/// The medium `text` says is to be made, where a verb of making stands within two words before
/// its noun; `None` where none, or both media, are.
pub fn medium_made(text: &str) -> Option<Made> {
    let lower = text.to_lowercase();
    let words: Vec<&str> = lower
        .split(|c: char| !c.is_ascii_alphabetic())
        .filter(|w| !w.is_empty())
        .collect();
    let mut found = None;
    for (i, w) in words.iter().enumerate() {
        if !MAKE_VERBS.contains(w) {
            continue;
        }
        for (j, next) in words.iter().enumerate().skip(i + 1).take(3) {
            let Some((_, made)) = MEDIUM_NOUNS.iter().find(|(n, _)| n == next) else {
                continue;
            };
            if words.get(j + 1).is_some_and(|a| HARDWARE_AFTER.contains(a)) {
                break;
            }
            match found {
                Some(m) if m != *made => return None,
                _ => found = Some(*made),
            }
            break;
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::{Made, medium_made};

    #[test]
    fn a_medium_after_a_verb_of_making() {
        for (t, m) in [
            ("i want make video from text", Made::Video),
            ("make short videos from my photos", Made::Video),
            ("creating some clips for tiktok", Made::Video),
            ("generate pics for my shop", Made::Image),
            ("I want to render a few posters", Made::Image),
            ("making anime pictures", Made::Image),
        ] {
            assert_eq!(medium_made(t), Some(m), "{t}");
        }
        for t in [
            "need ready images and a web terminal",
            "make sure the video card has 24gb",
            "a video about gpus",
            "make a chatbot",
            "make images, then make videos",
            "make a picture classifier",
        ] {
            assert_eq!(medium_made(t), None, "{t}");
        }
    }
}
