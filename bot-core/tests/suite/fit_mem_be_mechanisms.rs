//! mem_be (session 25): the note a multi-card training answer closes with says how the job is
//! spread as it was sized. A layer split in one process (`zero=device_map`, `vram::device_map`)
//! is not ZeRO sharding, so it has its own note; every other multi-card training keeps the ZeRO
//! note with its stage.

use bot_core::vram::{
    FitOptions, FitReport, FitRequest, ModelRef, Quant, Task, Zero, estimate_with,
};
use bot_core::{Catalog, Lang, Localizer};

fn sized(model: &str, task: Task, quant: Quant, cards: u32, opts: &FitOptions) -> FitReport {
    let catalog = Catalog::embedded().unwrap();
    let mut req = FitRequest::new(ModelRef::Known(catalog.model(model).unwrap()), quant, task);
    req.cards = cards;
    req.context = 2048;
    req.grad_checkpointing = true;
    estimate_with(&catalog, &req, &opts.clone()).unwrap()
}

fn note_ids(r: &FitReport) -> Vec<&str> {
    r.warnings
        .iter()
        .map(|m| m.id.as_str())
        .filter(|id| *id == "fit-warn-zero" || *id == "fit-warn-device-map")
        .collect()
}

#[test]
fn a_layer_split_is_not_called_zero_sharding() {
    let split = FitOptions {
        device_map: true,
        zero: Some(Zero::Off),
        ..FitOptions::default()
    };
    // Models of no held-out row: a 14B LoRA and a 32B QLoRA split over 2 and 4 cards.
    for (model, task, quant, cards) in [
        ("qwen3-14b", Task::Lora, Quant::Bf16, 2),
        ("qwen2.5-32b", Task::Qlora, Quant::Nf4, 4),
    ] {
        let r = sized(model, task, quant, cards, &split);
        assert_eq!(note_ids(&r), ["fit-warn-device-map"], "{model}");
        for lang in Lang::ALL {
            let note = r
                .warnings
                .iter()
                .find(|m| m.id == "fit-warn-device-map")
                .unwrap();
            let text = Localizer::get().try_format(lang, note).unwrap();
            assert!(text.contains(&cards.to_string()), "{lang:?}: {text}");
            assert!(text.contains("device_map"), "{lang:?}: {text}");
            assert!(!text.contains("DeepSpeed"), "{lang:?}: {text}");
        }
    }
}

#[test]
fn zero_stages_keep_the_zero_note_and_one_card_has_none() {
    for (zero, key) in [(None, "3"), (Some(Zero::Two), "2"), (Some(Zero::Off), "0")] {
        let opts = FitOptions {
            zero,
            ..FitOptions::default()
        };
        let r = sized("qwen3-14b", Task::Lora, Quant::Bf16, 2, &opts);
        assert_eq!(note_ids(&r), ["fit-warn-zero"], "{zero:?}");
        let note = r.warnings.iter().find(|m| m.id == "fit-warn-zero").unwrap();
        let text = Localizer::get().try_format(Lang::En, note).unwrap();
        assert!(text.contains(&format!("ZeRO stage {key}")), "{text}");
    }
    // One card, split or not: no note on spreading at all.
    let split = FitOptions {
        device_map: true,
        ..FitOptions::default()
    };
    let r = sized("qwen3-14b", Task::Lora, Quant::Bf16, 1, &split);
    assert!(note_ids(&r).is_empty(), "{:?}", r.warnings);
    // Inference over several cards is not a training note either.
    let r = sized("qwen3-14b", Task::Infer, Quant::Bf16, 2, &split);
    assert!(note_ids(&r).is_empty(), "{:?}", r.warnings);
}
