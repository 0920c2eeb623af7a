//! mem_er (session 39, issue 24, the held-out rows the CLI could not state): cases of our own,
//! written before the change.
//! - bitsandbytes' FP4 is NF4's packing with another 16-value code: the same uint8 buffer of two
//!   values a byte and the same fp32 absmax per block of 64 (bitsandbytes@95f9af30
//!   `bitsandbytes/backends/cuda/ops.py`, the `quantize_4bit` kernel builds `absmax` and `out`
//!   before it picks `cquantize_blockwise_*_fp4` or `*_nf4`). So a `bnb.fp4` load is sized as an
//!   NF4 one, and double quantization (`bnb.fp4-dq`) shrinks it the same way. A bare `fp4` stays
//!   unread: NVFP4 and MXFP4 are FP4 too.
//! - P-Tuning v2 is prefix tuning: ChatGLM3's fine-tuning demo (THUDM/ChatGLM3@9484f820
//!   `finetune_demo/finetune_hf.py`) sets `pre_seq_len` to the config's `num_virtual_tokens`
//!   and ChatGLM's own `PrefixEncoder` trains one embedding of `pre_seq_len` rows, each layer's
//!   key and value (`num_layers x kv_channels x multi_query_group_num x 2`). It adapts no
//!   Linear, so it keeps none of LoRA's input copies; the frozen base and its activations stay.
//! - SD3 runs without its T5: `StableDiffusion3Pipeline.from_pretrained(..., text_encoder_3=None,
//!   tokenizer_3=None)` (huggingface/blog@04fdd03d `sd3.md`, "Dropping the T5 Text Encoder
//!   during Inference"). `t5=off` leaves that encoder's weights off the card; under model
//!   offload the prompt-encoding stage is no longer the peak.

use super::chat::ask_fresh as ask;
use bot_core::catalog::Catalog;
use bot_core::vram::{
    FitOptions, FitReport, FitRequest, ModelRef, Quant, Task, Tuner, estimate_with,
};

fn cat() -> &'static Catalog {
    Box::leak(Box::new(Catalog::embedded().unwrap()))
}

fn weights(model: &str, quant: Quant, task: Task, double_quant: bool) -> f64 {
    let c = cat();
    let mut req = FitRequest::new(ModelRef::Known(c.model(model).unwrap()), quant, task);
    req.double_quant = double_quant;
    estimate_with(c, &req, &FitOptions::default())
        .unwrap()
        .weights_gib
}

fn bnb_fp4() -> Quant {
    "bnb.fp4".parse().expect("bnb.fp4 is a weight format")
}

#[test]
fn bitsandbytes_fp4_is_a_word_and_a_bare_fp4_is_not() {
    for w in ["bnb.fp4", "bnb-fp4", "bnb_fp4", "BNB-FP4", "fp4-bnb"] {
        assert_eq!(w.parse::<Quant>().ok(), Some(bnb_fp4()), "{w}");
    }
    assert_ne!(bnb_fp4(), Quant::Nf4, "FP4 is its own code, said as such");
    assert!(Quant::ALL.contains(&bnb_fp4()));
    // NVFP4 and MXFP4 are FP4s too: a bare `fp4` names none of them.
    assert!("fp4".parse::<Quant>().is_err());
}

#[test]
fn a_bnb_fp4_base_holds_what_an_nf4_base_holds() {
    for task in [Task::Infer, Task::Qlora] {
        for dq in [false, true] {
            let nf4 = weights("falcon-7b", Quant::Nf4, task, dq);
            let fp4 = weights("falcon-7b", bnb_fp4(), task, dq);
            assert!((fp4 - nf4).abs() < 1e-9, "{task:?} dq={dq}: {fp4} vs {nf4}");
        }
    }
    // 4 bits + an fp32 absmax per 64: well under a 16-bit load, above a GPTQ int4 one.
    let fp4 = weights("falcon-7b", bnb_fp4(), Task::Infer, false);
    let bf16 = weights("falcon-7b", Quant::Bf16, Task::Infer, false);
    assert!(fp4 < 0.4 * bf16, "{fp4} vs {bf16}");
}

#[test]
fn a_qlora_on_an_fp4_base_double_quantized_is_smaller_than_without() {
    let plain = weights("llama-2-7b", bnb_fp4(), Task::Qlora, false);
    let dq = weights("llama-2-7b", bnb_fp4(), Task::Qlora, true);
    assert!(dq < plain - 0.2, "{dq} vs {plain}");
}

#[test]
fn fit_answers_a_bnb_fp4_model_and_names_the_format() {
    let en = ask("en-US", "/fit falcon-7b bnb-fp4 a100");
    assert!(en.contains("bnb-fp4"), "{en}");
    assert!(!en.contains("quantization"), "{en}");
    let zh = ask("zh-CN", "/fit falcon-7b bnb-fp4 a100");
    assert!(zh.contains("bnb-fp4"), "{zh}");
}

fn chatglm3_training(tuner: Option<Tuner>) -> FitReport {
    let c = cat();
    let m = c.model("chatglm3-6b").unwrap();
    let mut req = FitRequest::new(ModelRef::Known(m), Quant::Fp16, Task::Lora);
    req.context = 768;
    req.batch = 4;
    req.grad_checkpointing = false;
    req.autocast = false;
    req.tuner = tuner;
    estimate_with(c, &req, &FitOptions::default()).unwrap()
}

#[test]
fn p_tuning_v2_is_a_tuner_word_with_its_virtual_tokens() {
    for w in [
        "prefix:64",
        "ptuning-v2:64",
        "p-tuning-v2:64",
        "prefix-tuning:64",
        "ptuning_v2:64",
    ] {
        assert_eq!(
            Tuner::from_key(w).map(|t| t.key()),
            Some("prefix:64".to_string()),
            "{w}"
        );
    }
    // No default count (PEFT's `num_virtual_tokens` has none), and P-Tuning v1 is another method.
    assert!(Tuner::from_key("prefix").is_none());
    assert!(Tuner::from_key("ptuning:64").is_none());
}

#[test]
fn chatglm3_prefix_trains_each_layers_key_and_value_and_no_adapter() {
    let prefix = Tuner::from_key("ptuning-v2:64").expect("a tuner word");
    let en = ask(
        "en-US",
        "/fit chatglm3-6b lora fp16 ctx=768 batch=4 tuner=ptuning-v2:64 gc=off a100",
    );
    // 64 tokens x 28 layers x 2 (key, value) x 2 groups x 128 channels.
    assert!(en.contains("917,504"), "{en}");
    assert!(en.contains("P-Tuning v2"), "{en}");
    let zh = ask(
        "zh-CN",
        "/fit chatglm3-6b lora fp16 ctx=768 batch=4 tuner=ptuning-v2:64 gc=off a100",
    );
    assert!(zh.contains("前缀微调"), "{zh}");
    // Same frozen base and activations as LoRA, less LoRA's adapters and input copies.
    let p = chatglm3_training(Some(prefix));
    let lora = chatglm3_training(None);
    // The weights line holds the trained parameters too: LoRA's rank-16 adapters on every
    // Linear (~0.06 GiB here) against the prefix's 0.9M.
    assert!(
        p.weights_gib <= lora.weights_gib,
        "{} vs {}",
        p.weights_gib,
        lora.weights_gib
    );
    assert!(
        lora.weights_gib - p.weights_gib < 0.1,
        "{} vs {}",
        p.weights_gib,
        lora.weights_gib
    );
    assert!(
        p.total_gib < lora.total_gib,
        "{} vs {}",
        p.total_gib,
        lora.total_gib
    );
    // The backward pass still runs through every layer to reach each layer's prefix: 3072
    // tokens without checkpointing keep several GiB of the frozen base's activations.
    assert!(p.activations_gib > 4.0, "{}", p.activations_gib);
}

#[test]
fn sd3_without_its_t5_leaves_the_encoder_off_the_card() {
    let with = ask("en-US", "/fit sd3-medium fp16 offload=model");
    let without = ask("en-US", "/fit sd3-medium fp16 offload=model t5=off");
    assert!(with.contains("while encoding the prompt"), "{with}");
    assert!(without.contains("T5 left out"), "{without}");
    assert!(without.contains("during the denoising steps"), "{without}");
    let zh = ask("zh-CN", "/fit sd3-medium fp16 offload=model t5=off");
    assert!(zh.contains("不加载 T5"), "{zh}");
    // A pipeline whose text encoders are all needed has no such word.
    let flux = ask("en-US", "/fit flux.1-dev fp8 t5=off");
    assert!(!flux.contains("T5 left out"), "{flux}");
}
