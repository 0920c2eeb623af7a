//! An image or video model's size and offload said in words (`跑 2048x2048 的图`, `文生视频
//! 720p`, `开 model cpu offload`, `sequential offload`): `/fit`'s `res=` and `offload=`, whose
//! memory they change. They were dropped and the verdict was given at the default size with
//! everything on the card.

use super::Reading;
use super::request::Request;

/// `2048x2048` (each side 64 to 4096) or `720p`: the size as `res=` writes it.
fn size_said(padded: &str) -> Option<String> {
    // `14b出720p`: Chinese glued around the size parts it off too.
    padded
        .split(|c: char| c.is_whitespace() || !c.is_ascii())
        .filter(|w| !w.is_empty())
        .find_map(|w| {
            let w = w.trim_end_matches(|c: char| !c.is_ascii_alphanumeric());
            let w = w
                .trim_end_matches(|c: char| !c.is_ascii())
                .trim_end_matches("的图");
            let side = |s: &str| s.parse::<u32>().ok().filter(|x| (64..=4096).contains(x));
            if let Some((a, b)) = w.split_once('x')
                && side(a).is_some()
                && side(b).is_some()
            {
                return Some(w.to_string());
            }
            let p = w.strip_suffix('p')?;
            ["480", "540", "576", "720", "1080"]
                .contains(&p)
                .then(|| w.to_string())
        })
}

/// `offload=` as said: sequential (layer by layer) or model (whole parts moved to the CPU).
fn offload_said(padded: &str) -> Option<&'static str> {
    // `without offloading`, `不开offload`: a negation never turns the option on.
    let said = |w: &str| crate::lexicon::said_not_negated(padded, w);
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
    let (res, offload, runner) = (said("res"), said("offload"), said("runner"));
    if let Some(s) = size_said(padded).filter(|_| !res) {
        a.options.push(("res".to_string(), s));
    }
    if let Some(o) = offload_said(padded).filter(|_| !offload) {
        a.options.push(("offload".to_string(), o.to_string()));
    }
    if runner_said(padded, pipeline) && !runner {
        a.options.push(("runner".to_string(), "wan".to_string()));
    }
    Reading::Command(Request::Fit(a))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_and_offload_as_said() {
        assert_eq!(
            size_said("sdxl 跑 2048x2048 的图 3090 "),
            Some("2048x2048".into())
        );
        assert_eq!(size_said("wan2.1 720p h100 "), Some("720p".into()));
        assert_eq!(size_said("wan2.1 14b出720p 4090 "), Some("720p".into()));
        assert_eq!(size_said("2x4090 sdxl "), None);
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
