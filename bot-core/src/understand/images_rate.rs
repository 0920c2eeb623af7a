//! Images an hour (`sdxl出图一小时500张`, `一小时出1000张图`, `200 sdxl images an hour`): a
//! throughput wanted of an image model, never an hour's rental. Its hour had been read as the
//! job's length, which made the sentence a job with its facts and so guidance (`/pick`); the
//! model's fit is what sizes the card (corpus44's convention: an images-per-hour goal for a named
//! model is `/fit model`). The period is taken out; the count of images stays.

/// The hour before the count (`一小时`, `每小时`), a verb of making between.
const HOUR_BEFORE: &[&str] = &[
    "一个小时",
    "1个小时",
    "每个小时",
    "一小时",
    "1小时",
    "每小时",
];
const MAKE: &[&str] = &["出", "生成", "画", "跑", "产出", ""];
/// Counters of images after the count.
const IMAGES_ZH: &[&str] = &["张", "幅"];
/// The hour after an English count of images (`200 images an hour`).
const IMAGES_EN: &[&str] = &["images", "pics", "pictures", "imgs"];
const HOUR_AFTER_EN: &[&str] = &[
    "an hour",
    "per hour",
    "a hour",
    "/hr",
    "/h",
    "hourly",
    "every hour",
];

/// Whether `rest` starts with a count of images (`500张`, `1000 张`).
fn images_count(rest: &str) -> bool {
    let digits = rest
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(rest.len());
    digits > 0
        && IMAGES_ZH
            .iter()
            .any(|u| rest[digits..].trim_start().starts_with(u))
}

/// `s` with the hour of an images-per-hour goal taken out.
pub(super) fn plain(s: &str) -> String {
    let mut out = s.to_string();
    for h in HOUR_BEFORE {
        while let Some(at) = out.find(h).filter(|&at| {
            let rest = &out[at + h.len()..];
            MAKE.iter().any(|m| {
                rest.strip_prefix(m)
                    .is_some_and(|r| images_count(r.trim_start()))
            })
        }) {
            out.replace_range(at..at + h.len(), " ");
        }
    }
    for img in IMAGES_EN {
        let Some(at) = out.find(&format!(" {img} ")) else {
            continue;
        };
        let from = at + img.len() + 2;
        if let Some(h) = HOUR_AFTER_EN.iter().find(|h| out[from..].starts_with(**h)) {
            // `200 images`, `200 sdxl images`: a count a few words before.
            let counted = out[..at].split_whitespace().rev().take(3).any(|w| {
                let w = w.trim_start_matches('~');
                !w.is_empty() && w.bytes().all(|b| b.is_ascii_digit())
            });
            if counted {
                out.replace_range(from..from + h.len(), " ");
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_hour_of_images_is_no_length() {
        assert!(!plain("sdxl出图1小时500张，用啥卡").contains("小时"));
        assert!(!plain("sd1.5 1小时出1000张图").contains("小时"));
        assert!(!plain("make 200 sdxl images an hour, which gpu").contains("an hour"));
        // A rental hour stays: no count of images after it.
        assert!(plain("4090 1小时多少钱").contains("1小时"));
        assert!(plain("4090 跑1小时出图").contains("1小时"));
    }
}
