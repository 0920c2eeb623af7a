//! A picture or a video said as a thing to make (issue 26 §4, helper und_ea, pick_an's
//! `i want make video from text`): a verb of making and its object, with the article dropped as
//! many non-native speakers drop it, or a measure word between (`做几段短视频`), is a generation
//! job of that kind, where `media`'s phrase table had only the forms with an article (`make a
//! video`). Verb x (article or measure) x noun, never a list of sentences.

use super::state::Media;

const EN_VERBS: &[&str] = &[
    "make", "making", "create", "creating", "generate", "produce",
];
/// Words between the verb and its object that change nothing.
const EN_BETWEEN: &[&str] = &[
    "a", "an", "some", "the", "my", "few", "short", "small", "ai",
];
const EN_OBJECTS: &[(&str, Media)] = &[
    ("video", Media::Video),
    ("videos", Media::Video),
    ("clip", Media::Video),
    ("clips", Media::Video),
    ("animation", Media::Video),
    ("animations", Media::Video),
    ("image", Media::Image),
    ("images", Media::Image),
    ("picture", Media::Image),
    ("pictures", Media::Image),
    ("pic", Media::Image),
    ("pics", Media::Image),
    ("poster", Media::Image),
    ("posters", Media::Image),
    ("illustration", Media::Image),
    ("illustrations", Media::Image),
];

const ZH_VERBS: &[&str] = &["做成", "变成", "生成", "做", "弄", "搞", "出"];
const ZH_BETWEEN: &[&str] = &[
    "几段", "一段", "几个", "一个", "一些", "一张", "几张", "个", "些", "段", "张", "点",
];
const ZH_OBJECTS: &[(&str, Media)] = &[
    ("短视频", Media::Video),
    ("视频", Media::Video),
    ("动画", Media::Video),
    ("图片", Media::Image),
    ("图像", Media::Image),
    ("插画", Media::Image),
    ("海报", Media::Image),
];

/// The kind of generation job a making verb and its object say in `t` (lower case).
pub(super) fn made(t: &str) -> Option<Media> {
    en_made(t).or_else(|| zh_made(t))
}

fn en_made(t: &str) -> Option<Media> {
    let words: Vec<&str> = t
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    for (i, w) in words.iter().enumerate() {
        if !EN_VERBS.contains(w) {
            continue;
        }
        let mut k = i + 1;
        while k < words.len() && k <= i + 3 && EN_BETWEEN.contains(&words[k]) {
            k += 1;
        }
        if let Some(obj) = words.get(k)
            && let Some((_, m)) = EN_OBJECTS.iter().find(|(o, _)| o == obj)
        {
            return Some(*m);
        }
    }
    None
}

fn zh_made(t: &str) -> Option<Media> {
    for v in ZH_VERBS {
        for (at, _) in t.match_indices(v) {
            let mut rest = &t[at + v.len()..];
            if let Some(b) = ZH_BETWEEN.iter().find(|b| rest.starts_with(**b)) {
                rest = &rest[b.len()..];
            }
            if let Some((_, m)) = ZH_OBJECTS.iter().find(|(o, _)| rest.starts_with(*o)) {
                return Some(*m);
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_making_verb_and_its_object() {
        for v in ["make", "create", "generate"] {
            for b in ["", "a ", "some short "] {
                for (o, m) in [("video", Media::Video), ("pictures", Media::Image)] {
                    let t = format!("i want {v} {b}{o} from text");
                    assert_eq!(made(&t), Some(m), "{t}");
                }
            }
        }
        assert_eq!(made("想把文字变成视频"), Some(Media::Video));
        assert_eq!(made("想做几段短视频"), Some(Media::Video));
        assert_eq!(made("帮我做张海报"), Some(Media::Image));
    }

    #[test]
    fn other_objects_are_none() {
        for t in [
            "make a model",
            "i want make money",
            "做个客服",
            "video memory of a 4090",
            "做微调",
        ] {
            assert_eq!(made(t), None, "{t}");
        }
    }
}
