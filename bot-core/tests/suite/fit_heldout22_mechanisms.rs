//! Held-out 22's session (mem_ab): a card's bf16 support as catalog data (compute capability,
//! sourced) and what a bf16 job on a card without it is told - serving runs fp16 at the same
//! size, bf16 training is not available, a bf16 image pipeline risks fp16 overflow. Tested on
//! cards and models of no table row (Quadro RTX 6000, V100 32GB, L4, Llama-3.1-8B, SD3.5 Large).

use bot_core::Catalog;
use bot_core::answer::fit::no_bf16_note;
use bot_core::answer::fit_diffusion::no_bf16_image_note;
use bot_core::diffusion::train::Train;
use bot_core::diffusion::{self, DiffusionRequest, Precision};
use bot_core::vram::{Quant, Task};

fn ask(lang: &str, line: &str) -> String {
    super::chat::ask_fresh(lang, line)
}

#[test]
fn bf16_follows_the_compute_capability_the_catalog_sources() {
    let c = Catalog::embedded().unwrap();
    let gpu = |id: &str| c.gpus.iter().find(|g| g.id == id).unwrap();
    for id in ["v100-32g", "v100-16g-pcie", "t4", "quadro-rtx-6000"] {
        assert_eq!(gpu(id).bf16_native(), Some(false), "{id}");
    }
    for id in [
        "a100-40g-pcie",
        "a30",
        "l4",
        "rtx-3060",
        "h20",
        "b200",
        "rtx-5090",
    ] {
        assert_eq!(gpu(id).bf16_native(), Some(true), "{id}");
    }
    // A card whose silicon is not published claims nothing.
    assert_eq!(gpu("vgpu-32g").bf16_native(), None);
    // Every stated capability carries where it was read.
    for g in &c.gpus {
        assert_eq!(
            g.compute_capability.is_some(),
            g.compute_capability_source.is_some(),
            "{}",
            g.id
        );
        if g.vendor == "nvidia" && g.id != "vgpu-32g" {
            assert!(g.compute_capability.is_some(), "{} has no capability", g.id);
        }
    }
}

#[test]
fn a_bf16_job_on_a_card_without_bf16_is_told_what_runs_instead() {
    let c = Catalog::embedded().unwrap();
    let gpu = |id: &str| c.gpus.iter().find(|g| g.id == id).unwrap();
    let key = |m: Option<bot_core::Msg>| m.map(|m| m.id);
    let qrtx = gpu("quadro-rtx-6000");
    assert_eq!(
        key(no_bf16_note(qrtx, Quant::Bf16, Task::Infer)).as_deref(),
        Some("fit-no-bf16-infer")
    );
    assert_eq!(
        key(no_bf16_note(gpu("v100-32g"), Quant::Bf16, Task::Full)).as_deref(),
        Some("fit-no-bf16-train")
    );
    assert_eq!(
        key(no_bf16_note(gpu("v100-32g"), Quant::Bf16, Task::Lora)).as_deref(),
        Some("fit-no-bf16-train")
    );
    // Not bf16, or a card with bf16, or QLoRA (the trainer picks its compute dtype): nothing said.
    assert!(no_bf16_note(qrtx, Quant::Fp16, Task::Infer).is_none());
    assert!(no_bf16_note(qrtx, Quant::Awq, Task::Infer).is_none());
    assert!(no_bf16_note(gpu("l4"), Quant::Bf16, Task::Full).is_none());
    assert!(no_bf16_note(qrtx, Quant::Bf16, Task::Qlora).is_none());
}

#[test]
fn a_bf16_image_pipeline_on_volta_or_turing_says_the_fp16_risk() {
    let c = Catalog::embedded().unwrap();
    let gpu = |id: &str| c.gpus.iter().find(|g| g.id == id).unwrap();
    let sd35 = diffusion::find("sd3.5-large").expect("sd3.5-large");
    let mut r = DiffusionRequest::new(sd35);
    if r.denoiser_precision() == Precision::Bf16 {
        let m = no_bf16_image_note(gpu("v100-32g"), &r).expect("a note on a V100");
        assert_eq!(m.id, "fit-no-bf16-image");
        assert!(no_bf16_image_note(gpu("l40s"), &r).is_none());
        r.train = Some(Train::lora());
        let m = no_bf16_image_note(gpu("quadro-rtx-6000"), &r).expect("a note on Turing");
        assert_eq!(m.id, "fit-no-bf16-train");
    }
    // Typed fp16: the user chose it, nothing to warn.
    r.precision = Some(Precision::Fp16);
    assert!(no_bf16_image_note(gpu("v100-32g"), &r).is_none());
}

#[test]
fn fit_says_it_in_both_languages_and_not_on_a_card_with_bf16() {
    let en = ask("en", "/fit llama-3.1-8b bf16 v100-32g");
    assert!(en.contains("No bf16"), "{en}");
    assert!(en.contains("7.0"), "{en}");
    let zh = ask("zh", "/fit llama-3.1-8b bf16 v100-32g");
    assert!(zh.contains("不支持 bf16"), "{zh}");
    let train = ask("en", "/fit llama-3.1-8b full bf16 quadro rtx 6000");
    assert!(train.contains("not available"), "{train}");
    let l4 = ask("en", "/fit llama-3.1-8b bf16 l4");
    assert!(!l4.contains("bf16 needs 8.0"), "{l4}");
}

#[test]
fn fit_of_a_bf16_image_model_on_a_v100_says_the_fp16_risk() {
    let en = ask("en", "/fit sd3.5-large v100-32g");
    assert!(en.contains("overflow"), "{en}");
    let zh = ask("zh", "/fit sd3.5-large v100-32g");
    assert!(zh.contains("溢出"), "{zh}");
    let l40s = ask("en", "/fit sd3.5-large l40s");
    assert!(!l40s.contains("overflow"), "{l40s}");
}
