//! An image or video model's size and offload said in words (`跑 2048x2048 的图`, `文生视频
//! 720p`, `开 model cpu offload`, `sequential offload`): `/fit`'s `res=` and `offload=`, whose
//! memory they change. They were dropped and the verdict was given at the default size with
//! everything on the card.

use super::Reading;
use super::request::Request;

/// `2048x2048`, `720p` (the lexicon's resolution words), or one side of an image said alone
/// (`出 1024 的图`, `1024分辨率`, `at 768`): the size as `res=` writes it.
fn size_said(padded: &str, image: bool) -> Option<String> {
    // `14b出720p`: Chinese glued around the size parts it off too.
    let words: Vec<&str> = padded
        .split(|c: char| c.is_whitespace() || !c.is_ascii())
        .filter(|w| !w.is_empty())
        .map(|w| w.trim_end_matches(|c: char| !c.is_ascii_alphanumeric()))
        .collect();
    if let Some(r) = words
        .iter()
        .find_map(|w| crate::lexicon::resolution_word(w))
    {
        return Some(r);
    }
    // A side alone is a square image; a clip's other side is not said, so it is left to ask.
    let spaced = super::text::tokens(padded);
    let spaced: Vec<&str> = spaced.iter().map(String::as_str).collect();
    let side = crate::lexicon::side_said(&spaced).filter(|_| image)?;
    Some(format!("{side}x{side}"))
}

/// `offload=` as said: sequential (layer by layer) or model (whole parts moved to the CPU), also
/// as ComfyUI's and the WebUIs' memory modes (`--lowvram`, `--medvram`); never where it is only
/// asked whether it is needed (`要开 offload 吗`, `do I need offload`).
fn offload_said(padded: &str) -> Option<&'static str> {
    if let Some(mode) = crate::lexicon::memory_mode_said(padded) {
        return Some(mode);
    }
    // `without offloading`, `不开offload`: a negation never turns the option on.
    let said = |w: &str| {
        padded
            .match_indices(w)
            .any(|(at, _)| !crate::lexicon::setting_asked(padded, at))
            && crate::lexicon::said_not_negated(padded, w)
    };
    if !(said("offload") || said("卸载到cpu") || said("卸载到内存")) {
        return None;
    }
    Some(
        if padded.contains("sequential") || padded.contains("逐层") {
            "sequential"
        } else {
            "model"
        },
    )
}

/// Wan's own `generate.py` named (`用官方 generate.py 跑`): `runner=wan`, for the pipelines it
/// runs (`diffusion::wan`).
fn runner_said(padded: &str, pipeline: &crate::diffusion::Pipeline) -> bool {
    pipeline.wan_generate.is_some()
        && crate::lexicon::said_not_negated(&padded.to_lowercase(), "generate.py")
}

/// `r` with the size, offload and runner said, when it sizes an image or video model.
pub(super) fn with_diffusion_options(padded: &str, r: Reading) -> Reading {
    let Reading::Command(Request::Fit(mut a)) = r else {
        return r;
    };
    let Some(pipeline) = crate::diffusion::find(&a.model) else {
        return Reading::Command(Request::Fit(a));
    };
    let said = |k: &str| a.options.iter().any(|(key, _)| key == k);
    let (res, offload, runner, rank) = (said("res"), said("offload"), said("runner"), said("rank"));
    let image = pipeline.kind == crate::diffusion::Kind::Image;
    if let Some(s) = size_said(padded, image).filter(|_| !res) {
        a.options.push(("res".to_string(), s));
    }
    if let Some(o) = offload_said(padded).filter(|_| !offload) {
        a.options.push(("offload".to_string(), o.to_string()));
    }
    if runner_said(padded, pipeline) && !runner {
        a.options.push(("runner".to_string(), "wan".to_string()));
    }
    // `rank 32` beside an image model's LoRA training: the fit sizes its adapter.
    if a.task == Some(crate::vram::Task::Lora)
        && !rank
        && crate::diffusion::train::sizable(pipeline)
        && let Some(n) = crate::lexicon::rank_said(padded)
    {
        a.options.push(("rank".to_string(), n.to_string()));
    }
    Reading::Command(Request::Fit(a))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_and_offload_as_said() {
        assert_eq!(
            size_said("sdxl 跑 2048x2048 的图 3090 ", true),
            Some("2048x2048".into())
        );
        assert_eq!(size_said("wan2.1 720p h100 ", false), Some("720p".into()));
        assert_eq!(
            size_said("wan2.1 14b出720p 4090 ", false),
            Some("720p".into())
        );
        assert_eq!(size_said("2x4090 sdxl ", true), None);
        assert_eq!(offload_said("开 model cpu offload "), Some("model"));
        assert_eq!(offload_said("sequential cpu offload "), Some("sequential"));
        assert_eq!(offload_said("flux 3080 "), None);
        assert_eq!(offload_said("flux on an l4 without offloading "), None);
        assert_eq!(offload_said("不开 cpu offload 能跑吗 "), None);
        let wan = crate::diffusion::find("wan2.2-ti2v-5b").unwrap();
        let flux = crate::diffusion::find("flux.1-dev").unwrap();
        assert!(runner_said("用官方 Generate.py 跑 wan2.2 5b ", wan));
        assert!(!runner_said("用 comfyui 跑 wan2.2 5b ", wan));
        assert!(!runner_said("flux generate.py ", flux));
    }
}
