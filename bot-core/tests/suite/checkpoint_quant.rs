//! A checkpoint named with its quantization (`Qwen/Qwen2.5-7B-Instruct-AWQ`,
//! `unsloth/…-bnb-4bit`, `…-FP8`) holds those weights: `/fit` and a plain question size it so,
//! as if the quantization had been typed; a quantization typed beside it wins. It had been sized
//! in BF16, a verdict for weights the user never downloads.

use super::chat::{say, world};

#[test]
fn a_quantization_in_a_checkpoint_name_sizes_the_fit_as_typed() {
    let w = world();
    for (named, typed) in [
        (
            "/fit Qwen/Qwen2.5-14B-Instruct-AWQ 3090",
            "/fit qwen2.5-14b awq 3090",
        ),
        (
            "/fit Qwen/Qwen2.5-32B-Instruct-GPTQ-Int4 l40s",
            "/fit qwen2.5-32b gptq-int4 l40s",
        ),
        (
            "/fit unsloth/Meta-Llama-3.1-8B-Instruct-bnb-4bit qlora t4",
            "/fit llama-3.1-8b nf4 qlora t4 warmup=off",
        ),
        ("/fit Qwen/Qwen3-14B-FP8 l4", "/fit qwen3-14b fp8 l4"),
        (
            "/fit Qwen/Qwen2.5-7B-Instruct-GGUF 3060",
            "/fit qwen2.5-7b q4_k_m 3060",
        ),
    ] {
        let (a, b) = (say(&w, "en", named), say(&w, "en", typed));
        assert_eq!(without_name_note(&a), without_name_note(&b), "{named}");
    }
    // The named line says where its format came from (`vram::name_format`).
    let named = say(&w, "en", "/fit Qwen/Qwen2.5-14B-Instruct-AWQ 3090");
    assert!(
        named.contains("Format read from the model's name (AWQ)"),
        "{named}"
    );
    // A quantization typed beside the name says which weights the user loads, and that the
    // name stated another.
    let typed_wins = say(&w, "en", "/fit Qwen/Qwen2.5-14B-Instruct-AWQ bf16 3090");
    assert!(
        typed_wins.contains("The model's name says awq"),
        "{typed_wins}"
    );
    assert_eq!(
        without_name_note(&typed_wins),
        without_name_note(&say(&w, "en", "/fit qwen2.5-14b bf16 3090"))
    );
    // A name with no quantization stays the default reading.
    let plain = say(&w, "en", "/fit Qwen/Qwen2.5-14B-Instruct 3090");
    assert_eq!(plain, say(&w, "en", "/fit qwen2.5-14b 3090"));
}

/// The answer without its notes on how a long name was read (`No model is called …`, the
/// format read from it or overridden), which only the long name gets.
fn without_name_note(a: &str) -> String {
    a.lines()
        .filter(|l| {
            !l.contains("No model is called")
                && !l.contains("Format read from the model's name")
                && !l.contains("The model's name says")
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// A checkpoint saved by bitsandbytes in 4-bit is loaded as it is: none of the 16-bit load's
/// warm-up reserve, which a 16-bit checkpoint quantized while loading keeps.
#[test]
fn a_bnb_checkpoint_is_sized_without_the_16_bit_load_warm_up() {
    let w = world();
    let saved = say(
        &w,
        "en",
        "/fit unsloth/Qwen2.5-14B-Instruct-bnb-4bit qlora l4",
    );
    let loaded = say(&w, "en", "/fit qwen2.5-14b qlora l4");
    let warm = "reserves half the 16-bit model";
    assert!(!saved.contains(warm), "{saved}");
    assert!(
        saved.contains("loaded without the loader's half-model reserve"),
        "{saved}"
    );
    assert!(loaded.contains(warm), "{loaded}");
}

#[test]
fn a_question_naming_a_bnb_checkpoint_reads_nf4_not_a_plain_4bit() {
    let w = world();
    for (q, line) in [
        (
            "unsloth/Mistral-7B-Instruct-v0.3-bnb-4bit fit on a 3060?",
            "/fit mistral-7b-v0.3 nf4 rtx-3060",
        ),
        ("Qwen/Qwen3-14B-FP8 用L4能跑吗", "/fit qwen3-14b fp8 l4"),
    ] {
        let a = say(&w, "en", q);
        assert!(a.contains(line), "{q}: {a}");
    }
}
