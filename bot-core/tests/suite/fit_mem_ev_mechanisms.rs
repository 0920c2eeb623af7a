//! mem_ev (session 40, issue 24, held-out 68's over-estimates): cases of our own, on models,
//! contexts and batches of no table row, each asserting what the trainers' and PyTorch's source
//! imply for the logits a loss on 16-bit logits holds.
//!
//! A loss taken on the model's own 16-bit logits (`loss=half`: a loop that calls
//! `nn.CrossEntropyLoss` on `output.logits[:, :-1, :]` itself, as ljm565/universal-llm-trainer
//! @aefdc4a4 `src/models/llama3.py` does) holds at its peak, in the log-softmax's backward, the
//! saved log-softmax output, the gradient it is given and the gradient it makes: 3 x 2 bytes a
//! logit (PyTorch's engine frees a node's saved tensors and its incoming gradient once the node
//! has run, `torch/csrc/autograd/engine.cpp` `evaluate_function` / `call_function`). The
//! `loss=half` figure of 8 also counts the model's 16-bit logits, which a loop that keeps the
//! model's output alive through `loss.backward()` holds (LitGPT's `logits` variable); a loop that
//! deletes the output after the loss (that trainer's `del_logits_after_forward: True`: `del
//! output`) frees them: word `del_logits=on`.
//!
//! Gemma 2's final-logit soft-capping (`Gemma2ForCausalLM.forward`: `logits / cap`,
//! `torch.tanh`, `* cap`) saves the tanh output for its backward: one more logit-sized tensor in
//! the head's dtype, held from the forward through the loss's backward.

fn say(q: &str) -> String {
    let w = crate::chat::world();
    crate::chat::say(&w, "en", q)
}

/// The "activations X GiB" figure of an answer.
fn activations(a: &str) -> f64 {
    let at = a
        .find("activations ")
        .unwrap_or_else(|| panic!("no activations in {a}"));
    a[at + 12..]
        .split_whitespace()
        .next()
        .unwrap()
        .parse::<f64>()
        .unwrap_or_else(|_| panic!("{a}"))
}

const GIB: f64 = 1024.0 * 1024.0 * 1024.0;

/// A loop that deletes its output after a 16-bit loss frees the model's logits before the
/// backward: 2 bytes a logit less (qwen2.5-7b's 152,064 entries, 4 x 4096 tokens).
#[test]
fn a_loop_that_deletes_its_output_frees_the_16bit_logits_before_the_backward() {
    let base = "/fit qwen2.5-7b lora bf16 ctx=4096 batch=4 loss=half";
    let kept = activations(&say(base));
    let dropped = activations(&say(&format!("{base} del_logits=on")));
    let want = 2.0 * 4096.0 * 4.0 * 152_064.0 / GIB;
    assert!(
        ((kept - dropped) - want).abs() < 0.11,
        "kept {kept} dropped {dropped}: {:.2} vs {want:.2}",
        kept - dropped
    );
    // `del_logits=off` is the default (the model's output held through the backward).
    assert_eq!(activations(&say(&format!("{base} del_logits=off"))), kept);
}

/// With PEFT's k-bit preparation the output head is fp32, so are its logits: 4 bytes a logit
/// freed, on an untied head (Qwen2.5-7B, 152,064 entries) and on a tied one, which is the
/// embedding PEFT cast (Llama-3.2-3B, 128,256 entries), at 4 x 4096 tokens under QLoRA.
#[test]
fn an_fp32_head_frees_four_bytes_a_logit() {
    for (id, vocab) in [("qwen2.5-7b", 152_064.0), ("llama-3.2-3b", 128_256.0)] {
        let base = format!("/fit {id} qlora nf4 ctx=4096 batch=4 loss=half");
        let kept = activations(&say(&base));
        let dropped = activations(&say(&format!("{base} del_logits=on")));
        let want = 4.0 * 4096.0 * 4.0 * vocab / GIB;
        assert!(
            ((kept - dropped) - want).abs() < 0.11,
            "{id}: kept {kept} dropped {dropped}: {:.2} vs {want:.2}",
            kept - dropped
        );
    }
}

/// Transformers' own loss (`loss=fp32`, the default) is counted after `compute_loss` returns,
/// the model's output already dropped: the word changes nothing there.
#[test]
fn transformers_own_loss_does_not_move_with_the_word() {
    let base = "/fit qwen2.5-7b lora bf16 ctx=4096 batch=4";
    assert_eq!(
        activations(&say(&format!("{base} del_logits=on"))),
        activations(&say(base))
    );
}

/// Bytes a logit the loss head holds, read from the activations' growth with the batch at a
/// length where the loss outweighs one recomputed layer: per token the checkpointed layer
/// inputs (`layers` x `hidden` x 2 bytes) plus that many bytes a vocabulary entry.
fn head_bytes_per_logit(model: &str, words: &str, layers: f64, hidden: f64, vocab: f64) -> f64 {
    let at = |batch: u32| {
        activations(&say(&format!(
            "/fit {model} lora bf16 ctx=4096 batch={batch} {words}"
        )))
    };
    let slope = (at(8) - at(4)) * GIB / (4.0 * 4096.0);
    (slope - layers * hidden * 2.0) / vocab
}

/// Gemma 2's soft-capped logits keep the tanh output for the backward: 2 bytes a logit more
/// than Gemma's (both 256,000 entries, both a deleted output and a 16-bit loss).
#[test]
fn gemma2_soft_capping_keeps_its_tanh_output_through_the_backward() {
    let words = "loss=half del_logits=on";
    let gemma = head_bytes_per_logit("gemma-7b", words, 28.0, 3072.0, 256_000.0);
    assert!(
        (gemma - 6.0).abs() < 0.3,
        "gemma-7b: {gemma:.2} bytes a logit"
    );
    let gemma2 = head_bytes_per_logit("gemma-2-2b", words, 26.0, 2304.0, 256_000.0);
    assert!(
        (gemma2 - 8.0).abs() < 0.3,
        "gemma-2-2b: {gemma2:.2} bytes a logit"
    );
    // Under Transformers' own fp32 loss the tanh output is held too (16-bit, before the
    // loss's upcast).
    let fp32 = head_bytes_per_logit("gemma-2-2b", "", 26.0, 2304.0, 256_000.0);
    let fp32_gemma = head_bytes_per_logit("gemma-7b", "", 28.0, 3072.0, 256_000.0);
    assert!(
        ((fp32 - fp32_gemma) - 2.0).abs() < 0.3,
        "gemma-2-2b {fp32:.2} vs gemma-7b {fp32_gemma:.2}"
    );
}

/// The words in Chinese are read too, and a value that is neither on nor off is refused.
#[test]
fn the_word_is_read_in_both_locales() {
    let w = crate::chat::world();
    let zh = crate::chat::say(
        &w,
        "zh",
        "/fit qwen2.5-7b lora bf16 ctx=4096 batch=4 loss=half del_logits=开",
    );
    assert!(zh.contains("GiB"), "{zh}");
    // The answer says which loss it sized and the word that changes it, in both languages.
    assert!(
        zh.contains("del_logits=on") && zh.contains("16 位 logits"),
        "{zh}"
    );
    let en = say("/fit qwen2.5-7b lora bf16 ctx=4096 batch=4 loss=half");
    assert!(
        en.contains("loss=half") && en.contains("del_logits=on") && en.contains("held through"),
        "{en}"
    );
    let odd = say("/fit qwen2.5-7b lora bf16 ctx=4096 batch=4 loss=half del_logits=maybe");
    assert!(!odd.contains("activations "), "{odd}");
}
