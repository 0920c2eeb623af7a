use super::*;

fn said(s: &str) -> Vec<Task> {
    tasks_in(&s.split_whitespace().map(String::from).collect::<Vec<_>>())
}

#[test]
fn a_bare_full_is_alone_before_the_model_or_after_it() {
    let alone = |s: &str| full_alone(&s.split_whitespace().map(String::from).collect::<Vec<_>>());
    assert!(alone("qwen2.5-7b full 4090"));
    assert!(alone("4090 full qwen2.5-7b"));
    assert!(!alone("full finetune qwen2.5-7b 4090"));
}

#[test]
fn a_checkpoints_name_ends_with_the_weights_it_holds() {
    let q = checkpoint_quant;
    assert_eq!(
        q("unsloth/Mistral-7B-Instruct-v0.3-bnb-4bit"),
        Some(("unsloth/Mistral-7B-Instruct-v0.3".into(), Quant::Nf4, true))
    );
    assert_eq!(
        q("Qwen/Qwen2.5-32B-Instruct-GPTQ-Int4"),
        Some(("Qwen/Qwen2.5-32B-Instruct".into(), Quant::GptqInt4, false))
    );
    assert_eq!(q("Qwen3-8B-FP8").map(|x| x.1), Some(Quant::Fp8));
    assert_eq!(q("TheBloke/Llama-2-7B-AWQ").map(|x| x.1), Some(Quant::Awq));
    assert_eq!(
        q("mlx-community/Qwen3-4B-4bit").map(|x| x.1),
        Some(Quant::Int4)
    );
    // No ending that is a quantization, or nothing before it: no reading.
    assert_eq!(q("Qwen/Qwen2.5-7B-Instruct"), None);
    assert_eq!(q("mistral-7b-v0.3"), None);
    assert_eq!(q("awq"), None);
}

#[test]
fn a_suffix_on_a_method_word_says_the_method() {
    assert_eq!(said("qwen lora-wise on 4090"), vec![Task::Lora]);
    assert_eq!(said("qwen lora wise on 4090"), vec![Task::Lora]);
    assert_eq!(said("qlora-based run"), vec![Task::Qlora]);
    assert_eq!(said("lorawise"), vec![Task::Lora]);
    // A word that only ends like one is no method.
    assert!(said("otherwise likewise").is_empty());
}

#[test]
fn an_inference_engine_named() {
    for t in [
        "想租卡用llama.cpp跑3个小时",
        "用ollama跑llama3.1 8b",
        "vllm serve qwen",
        "run it on sglang",
    ] {
        assert!(super::engine_named(t), "{t}");
    }
    // A family, a file format and training frameworks name no inference engine.
    for t in [
        "llama 3.1 8b",
        "qwen2.5-7b-instruct-q4_k_m.gguf",
        "用pytorch训练",
        "transformers",
    ] {
        assert!(!super::engine_named(t), "{t}");
    }
}
