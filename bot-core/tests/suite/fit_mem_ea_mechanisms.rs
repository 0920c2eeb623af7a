//! mem_ea (session 36, issue 24, held-out 61): cases of our own, each asserting what the
//! engines' source implies.
//! - vLLM's `--gpu-memory-utilization` is a share of the card the server takes, not memory the
//!   job needs (`vllm/v1/worker/gpu_worker.py` @ 35d5cda1, `determine_available_memory`:
//!   `requested_memory = total × utilization`, the KV cache gets what the weights and the
//!   profile leave of it). The job needs its weights, the profile's peak, its KV cache and the
//!   CUDA context and graphs, whatever the share; the share decides only whether vLLM starts,
//!   and a wider share (`gmu=`), not a second card, is what widens it (`vram::vllm_share`).
//! - A vision-language model's tower-in-training note belongs to training answers only.

use super::chat::ask_fresh as ask;
use bot_core::catalog::Catalog;
use bot_core::vram::{
    Engine, FitOptions, FitReport, FitRequest, ModelRef, Quant, Task, estimate_with,
};

fn cat() -> &'static Catalog {
    Box::leak(Box::new(Catalog::embedded().unwrap()))
}

/// Qwen3-14B AWQ on vLLM at 512 tokens, `max_num_seqs` 4 and utilization `util`, on `gpu`.
fn vllm_14b(util: f64, gpu: Option<&str>) -> FitReport {
    let c = cat();
    let mut req = FitRequest::new(
        ModelRef::Known(c.model("qwen3-14b").unwrap()),
        Quant::Awq,
        Task::Infer,
    );
    req.engine = Engine::Vllm;
    req.context = 512;
    req.batch = 1;
    req.cards = 1;
    req.gpu = gpu.map(|g| c.gpu(g).unwrap());
    let opts = FitOptions {
        vllm_utilization: util,
        vllm_max_seqs: Some(4),
        ..FitOptions::default()
    };
    estimate_with(c, &req, &opts).unwrap()
}

#[test]
fn the_need_does_not_grow_when_the_share_shrinks() {
    // Without a card, the job's need is the same at any share: the half of a card left
    // outside a 0.5 share holds nothing of it.
    let half = vllm_14b(0.5, None);
    let default = vllm_14b(0.9, None);
    assert!(
        (half.per_gpu_required_gib - default.per_gpu_required_gib).abs() < 0.05,
        "0.5: {} GiB, 0.9: {} GiB",
        half.per_gpu_required_gib,
        default.per_gpu_required_gib
    );
    // What the need is made of: weights, KV, the profile's peak, and outside the share only
    // the CUDA context and graphs (about 1.15 GiB), not a share-sized overhead.
    let parts = half.weights_gib + half.kv_cache_gib + half.activations_gib;
    assert!(
        half.overhead_gib < 2.0,
        "overhead {} GiB",
        half.overhead_gib
    );
    assert!(
        half.per_gpu_required_gib < parts + 2.0,
        "need {} GiB over parts {parts} GiB",
        half.per_gpu_required_gib
    );
}

#[test]
fn at_half_share_a_3090_holds_it_and_the_answer_says_the_share_decides() {
    let r = vllm_14b(0.5, Some("rtx-3090"));
    assert!(r.fits == Some(true), "{:?}", r.verdict);
    // The need stated is the job's (about 11 GiB), not the card its share implies (19+ GiB).
    assert!(
        r.per_gpu_required_gib < 12.5,
        "need {} GiB",
        r.per_gpu_required_gib
    );
    // The spare is what is left inside the share (11.85 GiB less ~9.7 GiB), not the card's.
    let spare = r.margin_gib.unwrap();
    assert!(spare > 1.0 && spare < 3.0, "spare {spare} GiB");
    assert!(
        r.warning_ids.iter().any(|w| w == "fit-note-vllm-share"),
        "{:?}",
        r.warning_ids
    );
}

#[test]
fn a_share_too_small_is_a_no_and_a_wider_share_is_the_remedy() {
    // A 16 GB card at 0.5: a share of 8 GiB cannot hold 9.3 GiB of weights; vLLM does not
    // start whatever the card's size, and a wider share does.
    let r = vllm_14b(0.5, Some("rtx-4080"));
    assert_eq!(r.fits, Some(false), "{:?}", r.verdict);
    assert!(r.per_gpu_required_gib < 12.5, "{}", r.per_gpu_required_gib);
    let wide = vllm_14b(0.9, Some("rtx-4080"));
    assert_eq!(wide.fits, Some(true), "{:?}", wide.verdict);
    // The answer names a share that holds it, in both languages: above the 0.58 that the
    // weights alone take of a 16 GiB card, at most vLLM's default that fits above.
    let line = "/fit qwen3-14b awq vllm gmu=0.5 seqs=4 ctx=512 4080";
    let named = |answer: &str| -> f64 {
        let at = answer.rfind("gmu=0.").unwrap_or_else(|| panic!("{answer}"));
        answer[at + 4..]
            .chars()
            .take_while(|c| c.is_ascii_digit() || *c == '.')
            .collect::<String>()
            .parse()
            .unwrap()
    };
    let en = ask("en-US", line);
    assert!(en.contains("vLLM's share"), "{en}");
    let u = named(&en);
    assert!(u > 0.58 && u <= 0.9, "{u}: {en}");
    let zh = ask("zh-CN", line);
    assert!(zh.contains("份额"), "{zh}");
    assert!((named(&zh) - u).abs() < 1e-9, "{zh}");
}

#[test]
fn a_tight_share_is_made_safe_by_a_wider_share_not_only_a_second_card() {
    let en = ask(
        "en-US",
        "/fit qwen3-14b awq vllm gmu=0.5 seqs=4 ctx=512 3090",
    );
    let safe = en
        .lines()
        .find(|l| l.starts_with("What makes it safe"))
        .unwrap_or_else(|| panic!("{en}"));
    assert!(safe.contains("gmu=0.6"), "{safe}");
    // The need stated is the job's, not the share's card.
    assert!(!en.contains("19.4 GiB"), "{en}");
}

#[test]
fn the_vision_tower_training_note_follows_the_task() {
    let c = cat();
    let m = c.model("qwen2.5-vl-7b").unwrap();
    let ids = |task: Task, quant: Quant| {
        let mut req = FitRequest::new(ModelRef::Known(m), quant, task);
        req.context = 4096;
        req.batch = 1;
        req.cards = 1;
        estimate_with(c, &req, &FitOptions::default())
            .unwrap()
            .warning_ids
    };
    let infer = ids(Task::Infer, Quant::Bf16);
    assert!(
        !infer.iter().any(|w| w == "fit-note-vit-train"),
        "{infer:?}"
    );
    let lora = ids(Task::Lora, Quant::Bf16);
    assert!(lora.iter().any(|w| w == "fit-note-vit-train"), "{lora:?}");
}
