//! mem_eq (session 39, issue 24, held-out 67's rows the CLI could not state or sized as another
//! model): cases of our own, written before the change.
//! - A size inside a model id: Qwen writes 1.8B as `1_8B` (`Qwen/Qwen-1_8B-Chat`), and the old
//!   reader split at `_` and sized it from the fragment `8B`, a model four times larger. Digits
//!   glued by `_` to a size inside one piece (`qwen_1_8b`, `llama_2_7b`) read two ways and are
//!   not sized at all.
//! - Qwen v1 (QWenLMHeadModel, 2023) and Baichuan2-7B are catalog models from their config.json,
//!   not Qwen2.5 (another shape) or a generic size.
//! - `aqlm` is a weight format: AQLM 2-bit 1x16 stores one 16-bit code per 8 weights and one
//!   1 MiB codebook per matrix (vLLM `aqlm.py` @ 0531c222).

use super::chat::ask_fresh as ask;
use bot_core::catalog::Catalog;
use bot_core::lexicon::model_size_in_name;
use bot_core::vram::{FitOptions, FitRequest, ModelRef, Quant, Task, estimate_with};

fn cat() -> &'static Catalog {
    Box::leak(Box::new(Catalog::embedded().unwrap()))
}

fn size(word: &str) -> Option<(f64, Option<f64>)> {
    model_size_in_name(word)?
        .ok()
        .map(|s| (s.total_b, s.active_b))
}

#[test]
fn a_decimal_written_with_an_underscore_is_one_size() {
    assert_eq!(size("Qwen/Qwen-1_8B-Chat"), Some((1.8, None)));
    assert_eq!(size("Qwen/Qwen-1_8B"), Some((1.8, None)));
    assert_eq!(size("someone/Foo-0_5B-Instruct"), Some((0.5, None)));
    assert_eq!(size("1_8b"), Some((1.8, None)));
    assert_eq!(size("1.8b"), Some((1.8, None)));
}

#[test]
fn real_ids_keep_their_sizes() {
    assert_eq!(size("Qwen/Qwen1.5-0.5B-Chat"), Some((0.5, None)));
    assert_eq!(size("meta-llama/Llama-3.2-1B-Instruct"), Some((1.0, None)));
    assert_eq!(size("google/gemma-2-2b-it"), Some((2.0, None)));
    assert_eq!(size("meta-llama/Llama-2-7b-chat-hf"), Some((7.0, None)));
    assert_eq!(size("Qwen/Qwen3-30B-A3B"), Some((30.0, Some(3.0))));
    assert_eq!(
        size("deepseek-ai/DeepSeek-V2-Lite_16b_a2b"),
        Some((16.0, Some(2.0)))
    );
    // No size written: none read (a context `4k`, a T5 size word).
    assert_eq!(size("microsoft/Phi-3-mini-4k-instruct"), None);
    assert_eq!(size("google/mt5-xl"), None);
}

#[test]
fn digits_glued_to_a_size_inside_one_piece_are_not_read_as_a_fragment() {
    // `qwen_1_8b` is 1.8B or 8B, `llama_2_7b` a version 2 and 7B: either way, not `8b`.
    assert_eq!(size("someone/qwen_1_8b_chat"), None);
    assert_eq!(size("someone/llama_2_7b"), None);
}

#[test]
fn an_unknown_id_with_an_underscore_decimal_is_sized_as_written_and_says_so() {
    let en = ask("en-US", "/fit acme/Foo-1_8B-Instruct lora a100");
    assert!(en.contains("1.8b"), "{en}");
    assert!(en.contains("Known only by size"), "{en}");
}

#[test]
fn qwen_v1_ids_are_qwen_v1() {
    let c = cat();
    for (id, want, layers, hidden, kv) in [
        ("Qwen/Qwen-1_8B-Chat", "qwen1-1.8b", 24, 2048, 16),
        ("Qwen/Qwen-7B-Chat", "qwen1-7b", 32, 4096, 32),
        ("Qwen/Qwen-14B-Chat", "qwen1-14b", 40, 5120, 40),
        ("Qwen/Qwen-72B-Chat", "qwen1-72b", 80, 8192, 64),
        ("Qwen/Qwen-7B-Chat-Int4", "qwen1-7b", 32, 4096, 32),
        ("Qwen/Qwen-7B", "qwen1-7b", 32, 4096, 32),
        ("Qwen/Qwen-1_8B", "qwen1-1.8b", 24, 2048, 16),
    ] {
        let m = c.model(id).unwrap();
        assert_eq!(m.id, want, "{id}");
        assert_eq!(
            (m.layers, m.hidden, m.kv_heads),
            (layers, hidden, kv),
            "{id}"
        );
        assert!(
            m.source.contains("huggingface.co/Qwen/"),
            "{id}: {}",
            m.source
        );
    }
    let small = c.model("Qwen/Qwen-1_8B-Chat").unwrap();
    assert!((small.params_b - 1.84).abs() < 0.05, "{}", small.params_b);
    // A bare family and size still means today's line, not the 2023 release.
    assert_eq!(c.model("qwen-7b").unwrap().id, "qwen2.5-7b");
    assert_eq!(c.model("qwen 14b").unwrap().id, "qwen2.5-14b");
}

#[test]
fn baichuan2_7b_is_a_catalog_model() {
    let c = cat();
    let m = c.model("baichuan-inc/Baichuan2-7B-Chat").unwrap();
    assert_eq!(m.id, "baichuan2-7b");
    assert_eq!((m.layers, m.hidden, m.vocab), (32, 4096, 125_696));
    assert_eq!(c.model("baichuan2-13b").unwrap().id, "baichuan2-13b");
    // Baichuan (2023) is another model (64000-entry vocabulary), not read as Baichuan2.
    let v1 = c.model("baichuan-7b").unwrap();
    assert_eq!((v1.id.as_str(), v1.vocab), ("baichuan-7b", 64_000));
}

fn weights(model: &str, quant: Quant) -> f64 {
    let c = cat();
    let req = FitRequest::new(ModelRef::Known(c.model(model).unwrap()), quant, Task::Qlora);
    estimate_with(c, &req, &FitOptions::default())
        .unwrap()
        .weights_gib
}

#[test]
fn aqlm_is_a_two_bit_format_with_codebooks() {
    for w in ["aqlm", "AQLM", "aqlm-2bit-1x16", "aqlm-1x16"] {
        assert_eq!(w.parse::<Quant>().ok(), Some(Quant::Aqlm), "{w}");
    }
    assert!(Quant::ALL.contains(&Quant::Aqlm));
    // Llama-2-7B: 32 layers x 7 matrices x 1 MiB of codebooks = 0.22 GiB, 6.48 B decoder
    // weights at 2 bits = 1.51 GiB, the 16-bit embedding and head 0.49 GiB.
    let aqlm = weights("llama-2-7b", Quant::Aqlm);
    assert!((aqlm - 2.22).abs() < 0.15, "aqlm weights {aqlm} GiB");
    let gptq = weights("llama-2-7b", Quant::GptqInt4);
    assert!(aqlm < 0.65 * gptq, "aqlm {aqlm} vs gptq {gptq}");
    let en = ask("en-US", "/fit llama-2-7b aqlm qlora a100");
    assert!(!en.contains("don't know the quant"), "{en}");
    assert!(en.contains("GiB"), "{en}");
}
