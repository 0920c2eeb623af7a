//! Image and video models the diffusion data does not size (issue 24, helper mem_dm): a name
//! of an image or video family (`cogvideox-5b`, `LTX-Video`, `sd2.1`) is never sized as a
//! language model from the size in its name; it answers "an image/video model the bot does
//! not size yet" in /fit, the CLI's lexicon path and plain questions, from one list
//! (`diffusion.toml`'s `[[unsized]]`, read by `diffusion::names::unsized_family`). Families'
//! own names: THUDM/CogVideo's README (CogVideoX-2B/5B/5B-I2V, CogVideoX1.5-5B), Lightricks'
//! LTX-Video, genmo's Mochi, Stability's SD2.1 / SDXL-Lightning, PixArt-Sigma, NVlabs' Sana.

use super::chat::ask_fresh as ask;
use bot_core::Catalog;
use bot_core::diffusion::{self, Role, names::unsized_family};
use bot_core::lexicon::model_size_in_name;
use bot_core::understand::{Unheard, unheard};
use bot_core::vram::FitError;

/// Names people type for generators the file lacks, and the family each is said back as.
const UNSIZED: &[(&str, &str)] = &[
    ("cogvideox-5b", "CogVideoX"),
    ("THUDM/CogVideoX-5b-I2V", "CogVideoX"),
    ("CogVideoX1.5-5B", "CogVideoX"),
    ("ltx-video", "LTX-Video"),
    ("Lightricks/LTX-Video-0.9.7-dev", "LTX-Video"),
    ("ltxv-13b", "LTX-Video"),
    ("sd2.1", "Stable Diffusion"),
    ("stabilityai/stable-diffusion-2-1", "Stable Diffusion"),
    ("sdxl-lightning", "Stable Diffusion"),
    ("stable-cascade", "Stable Diffusion"),
    ("pixart-sigma", "PixArt"),
    ("genmo/mochi-1-preview", "Mochi"),
    ("wan2.1-vace-14b", "Wan"),
    ("hunyuanvideo-i2v", "HunyuanVideo / Hunyuan-DiT"),
    ("Efficient-Large-Model/Sana_1600M_1024px", "Sana"),
    ("hidream-i1-full", "HiDream"),
    ("flux.1-fill-dev", "FLUX"),
    ("step-video-t2v", "Step-Video"),
    ("cogview4-6b", "CogView"),
];

#[test]
fn an_image_or_video_name_is_never_an_llm_size_guess() {
    for (name, family) in UNSIZED {
        assert_eq!(unsized_family(name), Some(*family), "{name}");
        match model_size_in_name(name) {
            Some(Err(FitError::MediaUnsized(n, f))) => {
                assert_eq!((n.as_str(), f.as_str()), (*name, *family), "{name}")
            }
            other => panic!("{name}: {other:?}"),
        }
    }
}

/// Near misses: language models whose names share letters with a family (CogVLM is GLM's
/// vision LLM, Hunyuan-A13B Tencent's MoE LLM, `wanda` no `wan`), and sizes alone.
#[test]
fn language_models_near_a_family_name_are_still_sized() {
    // Hunyuan-A13B's name carries only its active size, which the name reader does not take
    // for a total: no size, and no "image/video" answer either.
    for (name, b) in [
        ("qwen2.5-7b", Some(7.0)),
        ("THUDM/cogvlm2-llama3-chat-19B", Some(19.0)),
        ("tencent/Hunyuan-A13B-Instruct", None),
        ("acme/wanda-7b", Some(7.0)),
        ("acme/Foo-14B-Instruct", Some(14.0)),
        ("stepfun-ai/step-3-321b", Some(321.0)),
        ("13b", Some(13.0)),
    ] {
        assert_eq!(unsized_family(name), None, "{name}");
        let size = model_size_in_name(name);
        assert!(
            !matches!(size, Some(Err(FitError::MediaUnsized(..)))),
            "{name}"
        );
        let size = size.and_then(Result::ok).map(|s| s.total_b);
        assert_eq!(size, b, "{name}");
    }
}

/// The file's own pipelines and the bare family words the reader asks back (`wan`, `sd`) are
/// not the guard's.
#[test]
fn the_files_own_pipelines_are_never_unsized() {
    for name in [
        "flux.1-dev",
        "sdxl",
        "sdxl-turbo",
        "stabilityai/sdxl-turbo",
        "wan2.1",
        "hunyuanvideo",
        "qwen-image",
        "sd3.5-large",
        "wan",
        "sd",
    ] {
        assert_eq!(unsized_family(name), None, "{name}");
    }
}

/// SDXL-Turbo: "the exact same architecture as SDXL" (diffusers' SDXL Turbo page), trained
/// at 512x512: SDXL's components, its own default size.
#[test]
fn sdxl_turbo_is_sdxl_at_512() {
    let (turbo, sdxl) = (
        diffusion::find("stabilityai/sdxl-turbo").unwrap(),
        diffusion::find("sdxl").unwrap(),
    );
    assert_eq!(turbo.id, "sdxl-turbo");
    assert_eq!(diffusion::find("sdxl turbo").unwrap().id, "sdxl-turbo");
    for role in [Role::Denoiser, Role::TextEncoder, Role::Vae] {
        assert_eq!(turbo.weights_b(role), sdxl.weights_b(role));
    }
    assert_eq!((turbo.width, turbo.height), (512, 512));
    let at = |p| diffusion::estimate(&diffusion::DiffusionRequest::new(p)).peak_gib;
    assert!(at(turbo) < at(sdxl), "512x512 needs less than 1024x1024");
}

#[test]
fn fit_of_an_unsized_video_model_says_so_in_both_languages() {
    for line in [
        "/fit cogvideox-5b 4090",
        "/fit THUDM/CogVideoX-5b rtx-4090",
        "/fit ltx-video 4090",
    ] {
        let en = ask("en", line);
        assert!(en.contains("image/video model"), "{line}: {en}");
        assert!(
            !en.contains("Weights") && !en.contains("Known only by size"),
            "{line}: {en}"
        );
        let zh = ask("zh", line);
        assert!(zh.contains("图像/视频生成模型"), "{line}: {zh}");
        assert!(!zh.contains("权重"), "{line}: {zh}");
    }
}

#[test]
fn a_plain_question_names_the_unsized_model_with_the_card_alone() {
    let catalog = Catalog::embedded().unwrap();
    for (q, word, family, lines) in [
        (
            "can a 4090 run cogvideox-5b?",
            "cogvideox-5b",
            "CogVideoX",
            vec!["/gpu rtx-4090"],
        ),
        (
            "4090能跑cogvideox-5b吗",
            "cogvideox-5b",
            "CogVideoX",
            vec!["/gpu rtx-4090"],
        ),
        (
            "ltx video 3060够吗",
            "ltx-video",
            "LTX-Video",
            vec!["/gpu rtx-3060"],
        ),
        (
            "is pixart-sigma ok on a 3060",
            "pixart-sigma",
            "PixArt",
            vec!["/gpu rtx-3060"],
        ),
        (
            "how much vram does sd2.1 need",
            "sd2.1",
            "Stable Diffusion",
            vec![],
        ),
    ] {
        match unheard(&catalog, q) {
            Some(Unheard::Media {
                word: w,
                family: f,
                lines: l,
            }) => {
                assert_eq!((w.as_str(), f.as_str()), (word, family), "{q}");
                assert_eq!(l, lines, "{q}");
            }
            other => panic!("{q}: {other:?}"),
        }
    }
    for q in [
        "can a 4090 run flux.1-dev",
        "can a 3060 run stable diffusion xl",
        "wan 用 4090 能跑吗",
        "qwen2.5-7b on a 3060 ok?",
        "sdxl turbo on a 3060?",
    ] {
        assert!(
            !matches!(unheard(&catalog, q), Some(Unheard::Media { .. })),
            "{q}"
        );
    }
    let en = ask("en", "can a 4090 run cogvideox-5b?");
    assert!(en.contains("image/video model (CogVideoX)"), "{en}");
    let zh = ask("zh", "4090能跑cogvideox-5b吗");
    assert!(zh.contains("图像/视频生成模型（CogVideoX）"), "{zh}");
}
