//! An image or video job's options as creators say them, decided here once: a resolution
//! (`720p`, `1024x1024`; one side, `1024的图`, `1024分辨率`, `at 768`), the memory modes of
//! ComfyUI and the WebUIs (`--lowvram`, `--medvram`) as `/fit`'s offload modes, a LoRA rank
//! (`rank 32`, kohya's `network_dim`), and a setting asked about (`要开 offload 吗`, `do I need
//! offload`) rather than asked for. A resolution is never a card number (`480p` was RTX 4080).

/// `480p` … `2160p`: the short side `/fit` reads (`answer::fit_diffusion::words::named_size`).
const P_SIDES: std::ops::RangeInclusive<u32> = 240..=2160;
/// One side of an image, in pixels, as `/fit`'s `res=` reads it.
const SIDES: std::ops::RangeInclusive<u32> = 64..=4096;

/// A word that is a resolution (`720p`, `1080P`, `1024x1024`), as `res=` writes it.
pub fn resolution_word(w: &str) -> Option<String> {
    let w = w.to_lowercase();
    let side = |s: &str| s.parse::<u32>().ok().filter(|x| SIDES.contains(x));
    if let Some((a, b)) = w.split_once('x')
        && side(a).is_some()
        && side(b).is_some()
    {
        return Some(w);
    }
    let p = w.strip_suffix('p')?;
    (p.bytes().all(|b| b.is_ascii_digit()) && p.parse::<u32>().is_ok_and(|x| P_SIDES.contains(&x)))
        .then_some(w)
}

/// Words after a number that make it one side of an image (`1024的图`, `1024分辨率`,
/// `1024 px`, `1024 resolution`).
const SIDE_AFTER: &[&str] = &[
    "的图",
    "分辨率",
    "的分辨率",
    "px",
    "pixels",
    "resolution",
    "res",
    "的尺寸",
    "尺寸",
    "像素",
];
/// Words before a number that make it one side (`at 768`, `分辨率 1024`, `res 1024`); `出`
/// is not one (`出 1000 张图` is a count).
const SIDE_BEFORE: &[&str] = &["at", "分辨率", "resolution", "res"];

/// One side said alone (`出 1024 的图`, `at 768`), a multiple of 8 in 256..=4096: the image is
/// that square. Read only beside an image model.
pub fn side_said(words: &[&str]) -> Option<u32> {
    words.iter().enumerate().find_map(|(k, w)| {
        let n: u32 = w.parse().ok()?;
        if !(256..=4096).contains(&n) || n % 8 != 0 {
            return None;
        }
        // A Chinese run goes on after the word (`分辨率出图`); an English word is whole.
        let after = words.get(k + 1).is_some_and(|a| {
            SIDE_AFTER.iter().any(|s| {
                if s.is_ascii() {
                    a == s
                } else {
                    a.starts_with(s)
                }
            })
        });
        let before = k > 0 && SIDE_BEFORE.contains(&words[k - 1]);
        // `at 768` only where nothing after makes it a count of something else (`at 512 tokens`).
        let free = words.get(k + 1).is_none_or(|a| {
            !a.starts_with(|c: char| c.is_ascii_alphabetic()) || CONNECTIVE.contains(a)
        });
        (after || (before && free)).then_some(n)
    })
}
const CONNECTIVE: &[&str] = &["on", "with", "in", "using", "for", "and", "res", "px"];

/// The memory modes of ComfyUI and the WebUIs as `/fit`'s offload: ComfyUI's `--lowvram` splits
/// the model into parts loaded as needed and `--novram` keeps even less on the card
/// (`comfy/cli_args.py`), both layer by layer (`seq`); the WebUIs' `--medvram` keeps one whole
/// model (text encoder, denoiser, VAE) on the card at a time (`modules/lowvram.py`,
/// `use_medvram`), as diffusers' model offload does (`model`). `--highvram` offloads nothing.
pub const MEMORY_MODES: &[(&str, &str)] =
    &[("lowvram", "seq"), ("novram", "seq"), ("medvram", "model")];

/// The memory mode said (`--lowvram`, `lowvram模式`, `开 medvram`), not negated.
pub fn memory_mode_said(padded: &str) -> Option<&'static str> {
    MEMORY_MODES
        .iter()
        .find(|(w, _)| super::said_not_negated(padded, w))
        .map(|(_, o)| *o)
}

/// Words before a setting that ask whether it is needed (`需要`, `要不要`, `do I need`,
/// `should I`): a setting said after one of them in a question is asked about, not asked for.
const NEED_ASKED: &[&str] = &[
    "需不需要",
    "要不要",
    "需要",
    "必须",
    "得开",
    "要开",
    "do i need",
    "do you need",
    "do we need",
    "should i",
    "should we",
    "must i",
    "do i have to",
    "is it necessary",
];
/// Words after a setting that ask whether it is needed (`is offload needed?`).
const NEEDED_AFTER: &[&str] = &["needed", "required", "necessary", "必要"];
/// Marks of a yes-or-no question (`…吗`, `…?`, `要不要`, `does …`).
const ASKED: &[&str] = &[
    "吗",
    "?",
    "要不要",
    "需不需要",
    "是否",
    "do i",
    "does ",
    "should i",
    "should we",
    "is ",
];

/// Whether the setting said at byte `at` of `padded` is asked about: a need word about it in its
/// clause (`SD3.5 要开 offload 吗`, `does X need offload`, `is offload needed`) and the sentence
/// a question.
pub fn setting_asked(padded: &str, at: usize) -> bool {
    let start = padded[..at]
        .rfind([',', ';', '!', '\n'])
        .map_or(0, |k| k + 1);
    let end = padded[at..]
        .find([',', ';', '\n'])
        .map_or(padded.len(), |k| at + k);
    let (before, after) = (&padded[start..at], &padded[at..end]);
    // `does qwen-image need cpu offload`: a question opened with `does`/`do`, `need` before it.
    let does_need = before.contains(" need")
        && ["does ", "do "]
            .iter()
            .any(|d| before.trim_start().starts_with(d));
    let need = NEED_ASKED.iter().any(|w| before.contains(w))
        || does_need
        || NEEDED_AFTER.iter().any(|w| after.contains(w));
    need && ASKED.iter().any(|w| padded.contains(w))
}

/// A LoRA rank said beside an image model's training (`rank 32`, `rank=16`, `lora rank 64`,
/// kohya's `network_dim 32` / `--network_dim=32`): 1 to 1024.
const RANK_WORDS: &[&str] = &["network_dim", "network dim", "rank", "秩"];

/// The rank said, if any.
pub fn rank_said(padded: &str) -> Option<u32> {
    RANK_WORDS.iter().find_map(|k| {
        padded.match_indices(k).find_map(|(at, _)| {
            let rest = padded[at + k.len()..].trim_start_matches([' ', '=', ':', '是', '为', '设']);
            let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
            // `rank 32b` is no rank; `rank 32` and `rank=32,` are.
            if rest[digits.len()..].starts_with(|c: char| c.is_ascii_alphabetic()) {
                return None;
            }
            digits.parse().ok().filter(|n| (1..=1024).contains(n))
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn image_options_as_said() {
        assert_eq!(resolution_word("720P").as_deref(), Some("720p"));
        assert_eq!(resolution_word("1440p").as_deref(), Some("1440p"));
        assert_eq!(resolution_word("832x1216").as_deref(), Some("832x1216"));
        assert_eq!(resolution_word("4090"), None);
        assert_eq!(resolution_word("2x4090"), None);
        assert_eq!(resolution_word("8p"), None);
        let side = |s: &str| side_said(&s.split_whitespace().collect::<Vec<_>>());
        assert_eq!(side("出 1024 的图 行不行"), Some(1024));
        assert_eq!(side("1328 分辨率 4090"), Some(1328));
        assert_eq!(side("flux 2048 分辨率出图"), Some(2048));
        assert_eq!(side("sdxl at 1536 on a 4070"), Some(1536));
        assert_eq!(side("at 512 tokens"), None);
        assert_eq!(side("4090 跑 2 个小时"), None);
        assert_eq!(side("一小时出 1000 张图"), None);
        assert_eq!(side("sdxl 4090 batch 8"), None);
        assert_eq!(memory_mode_said(" comfyui --lowvram 跑 "), Some("seq"));
        assert_eq!(memory_mode_said(" webui --medvram "), Some("model"));
        assert_eq!(memory_mode_said(" 不开 lowvram "), None);
        let asked = |s: &str| setting_asked(s, s.find("offload").unwrap());
        assert!(asked(" sd3.5 在 3090 上要开 offload 吗 "));
        assert!(asked(" does qwen-image need cpu offload on a 4090? "));
        assert!(asked(" 4090 要不要开 offload "));
        assert!(!asked(" flux 在 3060 上开 model offload 跑 "));
        assert!(!asked(" sdxl with cpu offload on a 3060 ti "));
        assert!(asked(" is offload needed for wan2.1 on a 4090? "));
        assert!(!asked(" i need offload for flux on a 3060, will it fit? "));
        assert_eq!(rank_said(" flux lora rank 32 "), Some(32));
        assert_eq!(rank_said(" --network_dim=64 "), Some(64));
        assert_eq!(rank_said(" rank 32b "), None);
    }
}
