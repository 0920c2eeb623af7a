//! Images made at once by an image or video model (`4 images at once`, `一次出4张图`, `4张一起`,
//! `2 images per batch`): `/fit`'s `batch=` for the pipeline, whose activations grow with it.
//! A count of images with no word for "at once" (`生成100张图多少钱`) is a workload, no batch.

/// Words after a number that make it a count of images (or clips).
const IMAGE_WORDS: &[&str] = &[
    "images", "image", "imgs", "img", "pics", "pictures", "picture", "photos", "videos", "clips",
];

/// Words saying the images are made together.
const AT_ONCE_EN: &[&str] = &[
    " at once",
    " at a time",
    " per batch",
    " a batch",
    " in parallel",
    " simultaneously",
    " same time",
    " together",
    " each batch",
    " in one go",
];

/// … in Chinese (after the numerals are digits: `一次` is `1次` or kept).
const AT_ONCE_ZH: &[&str] = &[
    "一次",
    "1次",
    "同时",
    "一起",
    "每批",
    "一批",
    "1批",
    "批量",
    "并行",
    "一口气",
];

/// Chinese counters of images: `4张图`, `4幅`, `4个图`.
fn image_counter(t: &str) -> bool {
    [
        "张",
        "幅",
        "个图",
        "个视频",
        "段视频",
        "条视频",
        "段",
        "个video",
    ]
    .iter()
    .any(|c| t.starts_with(c))
}

/// The images a pipeline makes at once, when the sentence says so; `pipeline`: an image or
/// video model is named (a count of `张` beside a language model counts cards).
pub(super) fn images_at_once(toks: &[String], padded: &str, pipeline: bool) -> Option<u32> {
    if !pipeline {
        return None;
    }
    let n = |t: &str| {
        t.parse::<u32>()
            .ok()
            .filter(|n| (1..=crate::vram::MAX_BATCH).contains(n))
    };
    let en = AT_ONCE_EN.iter().any(|w| padded.contains(w));
    let zh = AT_ONCE_ZH.iter().any(|w| padded.contains(w));
    toks.iter().enumerate().find_map(|(k, t)| {
        let b = n(t)?;
        let next = toks.get(k + 1).map_or("", String::as_str);
        let english = en && IMAGE_WORDS.contains(&next);
        // `4张图`, and `4张一起出` with an image model named (no card follows: `4张4090` is
        // four cards).
        let chinese = zh
            && image_counter(next)
            && (next.chars().count() > 1 || {
                let after = toks.get(k + 2).map_or("", String::as_str);
                !after.starts_with(|c: char| c.is_ascii_alphanumeric())
            });
        (english || chinese).then_some(b)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::understand::text::{normalize, tokens};

    fn batch(s: &str) -> Option<u32> {
        let n = normalize(s);
        images_at_once(&tokens(&n), &format!(" {n} "), true)
    }

    #[test]
    fn images_said_made_together_are_the_batch() {
        assert_eq!(batch("4 images at once"), Some(4));
        assert_eq!(batch("generate 8 pics at a time"), Some(8));
        assert_eq!(batch("2 images per batch"), Some(2));
        assert_eq!(batch("一次出4张图"), Some(4));
        assert_eq!(batch("一次生成八张图片"), Some(8));
        assert_eq!(batch("4张一起出"), Some(4));
        assert_eq!(batch("同时出6张"), Some(6));
        assert_eq!(batch("每批 4 张图"), Some(4));
        assert_eq!(batch("一次生成2个视频"), Some(2));
        // A workload, or cards: no batch.
        assert_eq!(batch("生成100张图多少钱"), None);
        assert_eq!(batch("make 100 images"), None);
        assert_eq!(batch("4张4090一起跑"), None);
        let n = normalize("一次出4张图");
        assert_eq!(images_at_once(&tokens(&n), &n, false), None);
    }
}
