//! Image and video families by their Chinese or app names (`通义万相2.1`, `混元视频`, `fooocus`):
//! each read as the family's own word (catalog data: `diffusion::names`), so the version and
//! size said after it read as they do after the English name. Unknown, `万相` was dropped and a
//! bare size was sized as a language model; `混元视频 480p` left `480` to be read as a card.

use crate::diffusion::names::{family_names, takes_version};

/// `text` (lower case) with every family name in Chinese or an app's name replaced by its word.
pub fn family_words(text: &str) -> String {
    let names = family_names();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < text.len() {
        let rest = &text[i..];
        let before = out.chars().next_back();
        let hit = names.iter().find(|(n, _)| {
            rest.starts_with(n.as_str())
                // An ASCII name (`wanx`) is a word of its own: never inside `swanx` or `wanxiang`.
                && (!n.is_ascii()
                    || (before.is_none_or(|c| !c.is_ascii_alphanumeric())
                        && rest[n.len()..]
                            .chars()
                            .next()
                            .is_none_or(|c| !c.is_ascii_alphabetic())))
        });
        if let Some((name, word)) = hit {
            if before.is_some_and(|c| c.is_ascii_alphanumeric()) {
                out.push(' ');
            }
            out.push_str(word);
            // A whole name stands apart from what follows (`混元视频720p`); a family's start
            // joins the version said after it (`万相2.1` → `wan2.1`).
            if !takes_version(word) {
                out.push(' ');
            }
            i += name.len();
            continue;
        }
        let c = rest.chars().next().unwrap_or(' ');
        out.push(c);
        i += c.len_utf8();
    }
    out
}

/// Image to video said apart from a model's name (`图生视频`, `image to video`, `img2vid`):
/// the I2V pipeline of the family named, where the catalog has one.
const I2V_WORDS: &[&str] = &[
    " i2v ",
    "图生视频",
    "图片生成视频",
    "图转视频",
    "image to video",
    "image-to-video",
    "img2vid",
    "img2video",
    "image2video",
];

/// Whether `padded` (normalized, spaces around) asks to make a video from an image.
pub fn image_to_video_said(padded: &str) -> bool {
    I2V_WORDS.iter().any(|w| super::said_not_negated(padded, w))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chinese_and_app_names_are_the_family_word() {
        assert_eq!(family_words("万相2.1的1.3b模型"), "wan2.1的1.3b模型");
        assert_eq!(family_words("通义万相 2.2 5b"), "wan 2.2 5b");
        assert_eq!(family_words("混元视频480p"), "hunyuanvideo 480p");
        assert_eq!(family_words("4090混元视频"), "4090 hunyuanvideo ");
        assert_eq!(family_words("千问图像编辑 5090"), "qwen-image-edit  5090");
        assert_eq!(family_words("wanx 2.1 1.3b"), "wan 2.1 1.3b");
        assert_eq!(family_words("fooocus 3060"), "sdxl  3060");
        // Not a name of its own.
        assert_eq!(family_words("swanx wanxiang"), "swanx wanxiang");
        assert_eq!(family_words("混元大模型"), "混元大模型");
    }
}
