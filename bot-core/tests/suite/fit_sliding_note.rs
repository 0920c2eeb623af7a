//! A model with sliding-window layers asked past its window: the answer says how many layers
//! slide and what the engine keeps of them (`vram::swa::note`), and `swafull=on` (llama.cpp's
//! `--swa-full`) sizes them at full length. Session 23, lead, after mem_ap's `vram::swa`.

fn ask(lang: &str, line: &str) -> String {
    super::chat::ask_fresh(lang, line)
}

/// The busiest card's GiB in an English answer ("the busiest card needs X GiB").
fn needs(answer: &str) -> f64 {
    let at = answer.find("the busiest card needs ").expect(answer) + 23;
    answer[at..].split(' ').next().unwrap().parse().unwrap()
}

#[test]
fn the_answer_says_what_each_engine_keeps_of_a_sliding_layer() {
    let cpp = ask("en", "/fit gemma-3-12b q8_0 ctx=64k engine=llamacpp");
    assert!(
        cpp.contains("attend over a 1024-token window only"),
        "{cpp}"
    );
    assert!(cpp.contains("plus one micro-batch"), "{cpp}");
    let full = ask(
        "en",
        "/fit gemma-3-12b q8_0 ctx=64k engine=llamacpp swafull=on",
    );
    assert!(full.contains("the whole context all the same"), "{full}");
    assert!(needs(&full) > needs(&cpp) + 5.0, "{full}\n{cpp}");
    let vllm = ask("en", "/fit gemma-3-12b ctx=64k engine=vllm");
    assert!(vllm.contains("plus one prefill chunk"), "{vllm}");
    let hf = ask("en", "/fit gemma-2-9b ctx=8k");
    assert!(hf.contains("that window (Transformers"), "{hf}");
    let zh = ask("zh", "/fit gemma-3-12b q8_0 ctx=64k engine=llamacpp");
    assert!(zh.contains("层只看 1024 个 token 的滑动窗口"), "{zh}");
}

#[test]
fn no_note_inside_the_window_or_for_a_model_without_sliding_layers() {
    let short = ask("en", "/fit gemma-3-12b ctx=1k");
    assert!(!short.contains("attend over"), "{short}");
    let qwen = ask("en", "/fit qwen2.5-7b ctx=64k engine=llamacpp q4_k_m");
    assert!(!qwen.contains("attend over"), "{qwen}");
}
