//! mem_ey (session 41, issue 24, held-out 68 and 69): cases of our own, on models and settings
//! of no held-out row.
//!
//! 1. A tied embedding held twice while Transformers 4.38 loads the checkpoint
//!    (`vram::tied_load`): Qwen2's own speed table measured it on that release in BF16, GPTQ and
//!    AWQ alike (Qwen2-0.5B / 1.5B at input 1 sit one embedding above their tensors), and its
//!    Qwen2.5 table on 4.46 did not (GPTQ at the tensors, AWQ alone above them). The release is
//!    the word that says it (`transformers=4.38`, CLI `--transformers-release 4.38`); an untied
//!    head, a later release and no release move nothing; AutoAWQ keeps its own copy whatever the
//!    release.
//! 2. Where a training answer is tight or short, PyTorch's allocator setting that keeps
//!    fragmentation from deciding it (`answer::fit_alloc_conf`), in both locales; never for an
//!    inference server or a clear fit.

use bot_core::Catalog;
use bot_core::vram::{
    Engine, FitOptions, FitRequest, GIB, ModelRef, Quant, Task, TransformersRelease, estimate_with,
};

/// Inference of `id` in `quant` on Transformers `release` (`None`: today's), a 256-token prompt
/// and 256 generated, batch 1; the card's need, GiB.
fn infer_need(id: &str, quant: Quant, release: Option<&str>) -> f64 {
    let c = Catalog::embedded().unwrap();
    let mut r = FitRequest::new(ModelRef::Known(c.model(id).unwrap()), quant, Task::Infer);
    r.engine = Engine::Transformers;
    r.context = 512;
    r.new_tokens = Some(256);
    r.batch = 1;
    r.transformers_release = release.map(|v| TransformersRelease::parse(v).unwrap());
    estimate_with(&c, &r, &FitOptions::default())
        .unwrap()
        .per_gpu_required_gib
}

/// The 16-bit embedding of `id` (vocabulary x hidden x 2 bytes), GiB.
fn embedding_gib(id: &str) -> f64 {
    let m = Catalog::embedded().unwrap().model(id).unwrap().clone();
    f64::from(m.vocab) * f64::from(m.hidden) * 2.0 / GIB
}

/// 4.38 against 4.40: the same per-layer RoPE rule for these classes (Llama until 4.41, Gemma
/// none), so the difference is the load's second copy alone: close to one 16-bit embedding
/// (less what the prompt's own peak already covers), never more.
#[test]
fn a_tied_embedding_is_held_twice_while_4_38_loads_it() {
    for (id, quant) in [
        ("gemma-7b", Quant::Bf16),
        ("gemma-7b", Quant::GptqInt4),
        ("llama-3.2-1b", Quant::GptqInt8),
        ("llama-3.2-1b", Quant::Bf16),
    ] {
        let d = infer_need(id, quant, Some("4.38")) - infer_need(id, quant, Some("4.40"));
        let e = embedding_gib(id);
        assert!(
            d > 0.6 * e && d <= e + 1e-9,
            "{id} {quant:?}: 4.38 over 4.40 by {d}, embedding {e}"
        );
    }
}

#[test]
fn an_untied_head_a_later_release_or_none_hold_no_second_copy() {
    // Untied: the checkpoint's head is its own matrix, already counted once.
    let a = infer_need("llama-3.1-8b", Quant::GptqInt4, Some("4.38"));
    let b = infer_need("llama-3.1-8b", Quant::GptqInt4, Some("4.40"));
    assert!((a - b).abs() < 1e-9, "{a} vs {b}");
    // Tied, after the measured release or with none said: today's loader. 4.49, not 4.46: a
    // GPTQ checkpoint on 4.32-4.48 also holds ExLlama (v1)'s buffer (`vram::gptq_scratch`,
    // mem_fh), which today's Transformers leaves to GPTQModel; the copy is what is compared.
    let later = infer_need("gemma-7b", Quant::GptqInt4, Some("4.49"));
    let today = infer_need("gemma-7b", Quant::GptqInt4, None);
    assert!((later - today).abs() < 1e-9, "{later} vs {today}");
}

#[test]
fn autoawq_keeps_its_own_copy_whatever_the_release() {
    // The AWQ copy was counted already; 4.38's is the same embedding, not a third one.
    let old = infer_need("llama-3.2-1b", Quant::Awq, Some("4.38"));
    let new = infer_need("llama-3.2-1b", Quant::Awq, Some("4.40"));
    assert!((old - new).abs() < 1e-9, "{old} vs {new}");
}

#[test]
fn the_chat_word_says_the_release_for_the_copy() {
    let total = super::fit_mem_ex_mechanisms::total;
    let base = "/fit gemma-7b gptq-int4 ctx=512 transformers";
    let old = total(&crate::chat::ask_fresh(
        "en-US",
        &format!("{base} transformers=4.38"),
    ));
    let new = total(&crate::chat::ask_fresh(
        "en-US",
        &format!("{base} transformers=4.40"),
    ));
    let e = embedding_gib("gemma-7b");
    assert!(old - new > 0.6 * e - 0.01, "{old} vs {new}, embedding {e}");
}

/// The first answer of `lines` (each in a fresh chat: /fit is rate-limited) whose verdict is
/// tight, or short inside the margin.
fn first_tight(locale: &str, lines: &[String]) -> Option<String> {
    let mark = if locale == "zh-CN" {
        "⚠️"
    } else {
        "⚠️ Tight on"
    };
    lines
        .iter()
        .map(|l| crate::chat::ask_fresh(locale, l))
        .find(|a| a.contains(mark))
}

/// A LoRA of Qwen2.5-7B on a 4090 at growing contexts: one of them lands inside the margin.
fn lora_lines() -> Vec<String> {
    (1..=32)
        .map(|k| format!("/fit qwen2.5-7b lora ctx={} batch=2 rtx-4090", k * 512))
        .collect()
}

#[test]
fn a_tight_training_answer_names_the_allocator_setting_in_both_locales() {
    let en = first_tight("en-US", &lora_lines()).expect("no tight LoRA answer at any context");
    assert!(
        en.contains("PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True")
            && en.contains("docs.pytorch.org/docs/stable/notes/cuda.html"),
        "{en}"
    );
    let zh = first_tight("zh-CN", &lora_lines()).expect("no tight LoRA answer in Chinese");
    assert!(
        zh.contains("PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True") && zh.contains("显存碎片"),
        "{zh}"
    );
}

#[test]
fn no_allocator_line_for_a_clear_fit_or_an_inference_server() {
    let clear = crate::chat::ask_fresh("en-US", "/fit qwen2.5-0.5b lora ctx=512 a100");
    assert!(clear.contains("✅"), "{clear}");
    assert!(!clear.contains("expandable_segments"), "{clear}");
    // Servers sized on their own pools or not on PyTorch's allocator: a tight answer of each
    // must exist among the contexts tried, and none names the setting.
    for (model, engine, quant, card) in [
        ("qwen2.5-7b", "vllm", "awq", "rtx-3060"),
        ("qwen2.5-14b", "llamacpp", "q4_k_m", "rtx-3060"),
        ("qwen2.5-7b", "transformers", "bf16", "rtx-4090"),
    ] {
        let lines: Vec<String> = (1..=32)
            .map(|k| format!("/fit {model} {quant} ctx={} {engine} {card}", k * 1024))
            .collect();
        let a = first_tight("en-US", &lines)
            .unwrap_or_else(|| panic!("no tight {engine} answer at any context"));
        assert!(!a.contains("expandable_segments"), "{engine}: {a}");
    }
}
