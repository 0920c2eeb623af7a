//! Session 24's verdict helper (mem_au): vLLM V0's CUDA graphs against the room its share
//! leaves on the card (`vram::vllm_v0_graphs`). V0 fills `gpu_memory_utilization` of the card
//! with its KV cache, then captures graphs that its own start-up log says "can take additional
//! 1~3 GiB memory per GPU"; a card with less room than that is "tight", never a plain fit.
//! Tested on models and cards of no table row: Qwen2.5-7B-AWQ and Llama-3.1-8B on an RTX 4090,
//! an L40S, an H100 and an RTX 4060 Ti 16G.

use bot_core::Catalog;
use bot_core::vram::vllm_v0_graphs::VLLM_V0_GRAPHS_STATED_GIB;
use bot_core::vram::{Engine, FitOptions, FitReport, FitRequest, ModelRef, Quant, Task};

const ROOM_MSG: &str = "fit-warn-vllm-v0-graph-room";

fn serve(c: &Catalog, model: &str, quant: Quant, gpu: &str, util: f64, v0: bool) -> FitReport {
    let mut req = FitRequest::new(ModelRef::Known(c.model(model).unwrap()), quant, Task::Infer);
    req.engine = Engine::Vllm;
    req.vllm_v0 = v0;
    req.context = 4096;
    req.gpu = Some(c.gpu(gpu).unwrap());
    let opts = FitOptions {
        vllm_utilization: util,
        ..FitOptions::default()
    };
    bot_core::vram::estimate_with(c, &req, &opts).unwrap()
}

fn room_said(r: &FitReport) -> bool {
    r.warning_ids.iter().any(|w| w == ROOM_MSG)
}

#[test]
fn v0_at_the_default_share_of_a_24_gb_card_is_tight_not_a_fit() {
    let c = Catalog::embedded().unwrap();
    // 10 % of a 4090 is about 2.4 GiB: inside the 1~3 GiB vLLM V0's log states for its graphs.
    let r = serve(&c, "qwen2.5-7b", Quant::Awq, "rtx-4090", 0.9, true);
    assert_eq!(r.verdict.as_deref(), Some("tight"), "{:?}", r.verdict);
    assert!(room_said(&r), "{:?}", r.warning_ids);
    // It still runs by the need: "tight" is a warning, not "does not fit".
    assert_eq!(r.fits, Some(true));
    // A lower share leaves room for the whole range: a plain fit again, nothing to warn.
    let r = serve(&c, "qwen2.5-7b", Quant::Awq, "rtx-4090", 0.8, true);
    assert_eq!(r.verdict.as_deref(), Some("fits"), "{:?}", r.verdict);
    assert!(!room_said(&r));
}

#[test]
fn the_room_is_the_cards_share_left_whatever_the_model() {
    let c = Catalog::embedded().unwrap();
    for (gpu, util, tight) in [
        // 48 GB at 0.9: 4.4 GiB of room; at 0.95: 2.2.
        ("l40s", 0.9, false),
        ("l40s", 0.95, true),
        // 80 GB at 0.9: 7.9 GiB; at 0.97: 2.4.
        ("h100-sxm", 0.9, false),
        ("h100-sxm", 0.97, true),
        // 16 GB at 0.85: 2.4 GiB; at 0.75: 4.0.
        ("rtx-4060-ti-16g", 0.85, true),
        ("rtx-4060-ti-16g", 0.75, false),
    ] {
        let r = serve(&c, "llama-3.1-8b", Quant::Awq, gpu, util, true);
        let room = (1.0 - util) * c.gpu(gpu).unwrap().usable_gib();
        assert_eq!(room < VLLM_V0_GRAPHS_STATED_GIB[1], tight, "{gpu} {util}");
        assert_eq!(room_said(&r), tight, "{gpu} {util}: {:?}", r.warning_ids);
        if tight {
            assert_eq!(r.verdict.as_deref(), Some("tight"), "{gpu} {util}");
        }
    }
}

#[test]
fn v1_and_a_miss_are_left_as_they_were() {
    let c = Catalog::embedded().unwrap();
    // V1 is not V0: its graphs are not this rule's (the same card and share fit plainly).
    let r = serve(&c, "qwen2.5-7b", Quant::Awq, "rtx-4090", 0.9, false);
    assert!(!room_said(&r), "{:?}", r.warning_ids);
    assert_eq!(r.verdict.as_deref(), Some("fits"), "{:?}", r.verdict);
    // A job that does not fit stays a miss: the graphs cannot make it fit, nor is it said.
    let r = serve(&c, "llama-3.1-70b", Quant::Bf16, "rtx-4090", 0.9, true);
    assert!(
        matches!(r.verdict.as_deref(), Some("no" | "short")),
        "{:?}",
        r.verdict
    );
    assert!(!room_said(&r));
}

#[test]
fn the_answer_says_why_in_both_languages() {
    let en = super::chat::ask_fresh("en", "/fit qwen2.5-7b awq vllm=v0 ctx=4k 4090");
    assert!(en.contains("1~3 GiB"), "{en}");
    assert!(en.contains("Tight"), "{en}");
    let zh = super::chat::ask_fresh("zh", "/fit qwen2.5-7b awq vllm=v0 ctx=4k 4090");
    assert!(zh.contains("1~3 GiB") && zh.contains("偏紧"), "{zh}");
}
