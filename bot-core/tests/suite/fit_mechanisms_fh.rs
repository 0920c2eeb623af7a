//! mem_fh (session 44, issue 24): cases of our own for AutoGPTQ's ExLlama (v1) kernel, the
//! kernel Transformers 4.32-4.48 hands a 4-bit GPTQ checkpoint by default.
//!
//! Transformers' `GPTQConfig` sets `use_exllama = True` and `exllama_config = {"version": 1}`
//! when neither is given (transformers 4.38.2 and 4.48.3 `utils/quantization_config.py`
//! `post_init`; 4.49.0 adds `backend` and GPTQModel). Optimum then calls AutoGPTQ's
//! `autogptq_post_init` (AutoGPTQ v0.5.1 / v0.7.1 `auto_gptq/modeling/_utils.py`), which holds
//! per card one `temp_dq` of the largest `qweight.numel() * 8` halves (the widest quantized
//! matrix in fp16) and, only for an act-order checkpoint, `temp_state` of `max_input_len`
//! (2048) x the widest side in fp16. Measured: optimum-benchmark@f75d9f93's Llama-7b report puts
//! the ExLlamaV2 series 726 MB above the ExLlama (v1) series at every batch (generate
//! `max_memory_allocated`: 5,609 against 4,883 MB at batch 1), where the v2 scratch is 811.6 MB.

use bot_core::Catalog;
use bot_core::vram::{
    Attention, Engine, FitOptions, FitReport, FitRequest, ModelRef, Quant, Task,
    TransformersRelease, estimate_with,
};

const GIB: f64 = 1024.0 * 1024.0 * 1024.0;

struct Job<'a> {
    id: &'a str,
    quant: Quant,
    task: Task,
    release: Option<&'a str>,
    v2: bool,
    batch: u32,
}

fn job<'a>(id: &'a str, release: Option<&'a str>) -> Job<'a> {
    Job {
        id,
        quant: Quant::GptqInt4,
        task: Task::Infer,
        release,
        v2: false,
        batch: 1,
    }
}

/// Greedy generate of 512 tokens after a 256-token prompt (held-out 71's (A) settings).
fn report(j: &Job<'_>) -> FitReport {
    let c = Catalog::embedded().unwrap();
    let mut r = FitRequest::new(ModelRef::Known(c.model(j.id).unwrap()), j.quant, j.task);
    r.engine = Engine::Transformers;
    r.context = 768;
    r.new_tokens = Some(512);
    r.batch = j.batch;
    r.attention = Some(Attention::Eager);
    r.exllama_v2 = j.v2;
    r.transformers_release = j.release.map(|v| TransformersRelease::parse(v).unwrap());
    estimate_with(&c, &r, &FitOptions::default()).unwrap()
}

fn allocated(j: &Job<'_>) -> f64 {
    let r = report(j);
    r.per_gpu_required_gib - r.per_gpu.overhead_gib
}

/// The report's v2 series sits 726 MB above its v1 series at batch 1 and at 64: the v2 scratch
/// (811.6 MB) less v1's `temp_dq` (4096 x 11008 halves, 90.2 MB). Before this pass the estimate
/// put the whole 811.6 MB between them (v1 held nothing).
#[test]
fn exllama_v2_sits_726_mb_above_v1_as_measured() {
    for batch in [1, 64] {
        let at = |v2| {
            allocated(&Job {
                v2,
                batch,
                ..job("llama-2-7b", Some("4.35"))
            })
        };
        let gap_mb = (at(true) - at(false)) * GIB / 1e6;
        assert!(
            (gap_mb - 726.0).abs() < 15.0,
            "batch {batch}: v2 - v1 = {gap_mb:.1} MB, measured 726"
        );
    }
}

/// Qwen2.5-7B's widest quantized matrix is its FFN's, 3584 x 18944 halves (0.126 GiB): held on
/// the card at 4.46 and 4.48 beside what AWQ (the same 4-bit weights, no buffer) holds; nothing
/// from 4.49 (GPTQModel may pick another kernel) or with no release word (today's
/// Transformers), nothing for GPTQ 8-bit (ExLlama runs 4 bits only) or a LoRA (trainers load
/// with exllama off: `vram::gptq_train`), and ExLlamaV2's scratch in its place with the word.
/// Qwen2's other release rules (RoPE per layer before 4.45, two caches before 4.42) do not
/// differ between 4.46 and 4.49.
#[test]
fn v1_holds_the_widest_matrix_in_fp16_on_the_releases_that_default_to_it() {
    let dq = 3584.0 * 18944.0 * 2.0 / GIB;
    let at = |quant, task, release| {
        allocated(&Job {
            quant,
            task,
            ..job("qwen2.5-7b", release)
        })
    };
    for r in ["4.46", "4.48"] {
        let gap = at(Quant::GptqInt4, Task::Infer, Some(r)) - at(Quant::Awq, Task::Infer, Some(r));
        assert!(
            (gap - dq).abs() < 0.005,
            "{r}: GPTQ over AWQ {gap:.4} GiB, temp_dq {dq:.4}"
        );
        let rise = at(Quant::GptqInt4, Task::Infer, Some(r))
            - at(Quant::GptqInt4, Task::Infer, Some("4.49"));
        assert!((rise - dq).abs() < 0.005, "{r} over 4.49: {rise:.4} GiB");
    }
    for (quant, task) in [
        (Quant::GptqInt4, Task::Infer),
        (Quant::GptqInt8, Task::Infer),
        (Quant::GptqInt4, Task::Lora),
    ] {
        let now = at(quant, task, None);
        for r in ["4.49", "4.46"] {
            let moved = at(quant, task, Some(r)) - now;
            let expect = if r == "4.46" && quant == Quant::GptqInt4 && task == Task::Infer {
                dq
            } else {
                0.0
            };
            assert!(
                (moved - expect).abs() < 0.005,
                "{quant:?} {task:?} at {r}: {moved:.4} GiB over today"
            );
        }
    }
    let v2 = allocated(&Job {
        v2: true,
        ..job("qwen2.5-7b", Some("4.46"))
    }) - at(Quant::Awq, Task::Infer, Some("4.46"));
    assert!(
        v2 > 1.0,
        "ExLlamaV2's scratch replaces the v1 buffer: {v2:.3} GiB"
    );
}

/// The answer names the buffer and its GiB, and the act-order buffer it did not count
/// (2048 x 14336 halves for Mistral-7B, 0.05 GiB), in both languages; without a release word
/// it says nothing.
#[test]
fn the_answer_names_the_buffer_in_both_languages() {
    let w = crate::chat::world();
    let q = "/fit mistral-7b-v0.1 gptq ctx=2048 transformers=4.35";
    let en = crate::chat::say(&w, "en", q);
    assert!(
        en.contains("ExLlama") && en.contains("0.11 GiB") && en.contains("0.05 GiB"),
        "{en}"
    );
    let zh = crate::chat::say(&w, "zh", q);
    assert!(
        zh.contains("ExLlama") && zh.contains("0.11 GiB") && zh.contains("desc_act"),
        "{zh}"
    );
    let plain = crate::chat::say(&w, "en", "/fit mistral-7b-v0.1 gptq ctx=2048");
    assert!(!plain.contains("ExLlama (v1)"), "{plain}");
}
