//! mem_em (session 39, issue 24): two PEFT tuner settings the MetaMathQA method comparison
//! (huggingface/peft@5d602fdb `method_comparison/MetaMathQA`) ran and the estimate had no word
//! for, each a hand derivation from PEFT's own code. Llama-3.2-3B: 28 layers, hidden 3072,
//! 24 / 8 heads of 128, FFN 8192; the comparison's loop: bf16 model, no autocast, no gradient
//! checkpointing, batch 4.
//! - IA3's `feedforward_modules` (`tuners/ia3/config.py`, `tuners/ia3/layer.py` forward): a
//!   feed-forward target is scaled at its input (`ia3_l` of `in`, the fp32 cast of the input
//!   kept for its gradient), any other at its output (`ia3_l` of `out`, the 16-bit base output
//!   kept). PEFT fills the list from its mapping (down_proj) only when it is unset; the
//!   comparison's "all-attn" run names down / gate / up (its adapter_config.json), 630,784
//!   trainable parameters as its result file prints.
//! - MiSS's (PEFT's renamed Bone) `init_weights="bat"` (huggingface/peft@04c69f40
//!   `tuners/miss/layer.py`, `MissLinear.forward` / `get_delta_weight`): every forward clones
//!   the base weight, casts it to the adapter's fp32, multiplies its r x r blocks with
//!   `miss_block` (the batched matmul keeps its contiguous fp32 copy of the blocks for
//!   `miss_block`'s gradient), adds the delta (an fp32 weight) and calls `F.linear` with the
//!   input cast to fp32, which keeps that fp32 weight for the input's gradient: 8 bytes a weight
//!   of each adapted Linear, per layer, beside the fp32 input copy.

use super::chat::ask_fresh as ask;
use bot_core::catalog::Catalog;
use bot_core::vram::{
    FitOptions, FitReport, FitRequest, LoraTargets, ModelRef, Quant, Task, Tuner, estimate_with,
};

const GIB: f64 = 1024.0 * 1024.0 * 1024.0;
const LAYERS: f64 = 28.0;
const TOKENS: f64 = 550.0 * 4.0;

fn stated_params(answer: &str) -> u64 {
    let at = answer
        .find(" trainable parameters")
        .unwrap_or_else(|| panic!("no trainable parameter count in:\n{answer}"));
    answer[..at]
        .chars()
        .rev()
        .take_while(|c| c.is_ascii_digit() || *c == ',')
        .filter(char::is_ascii_digit)
        .collect::<String>()
        .chars()
        .rev()
        .collect::<String>()
        .parse()
        .unwrap_or_else(|_| panic!("no count in:\n{answer}"))
}

fn request<'a>(c: &'a Catalog, tuner: &str, targets: LoraTargets) -> FitRequest<'a> {
    let mut r = FitRequest::new(
        ModelRef::Known(c.model("llama-3.2-3b").unwrap()),
        Quant::Bf16,
        Task::Lora,
    );
    r.context = 550;
    r.batch = 4;
    r.cards = 1;
    r.grad_checkpointing = false;
    r.autocast = false;
    r.lora_targets = targets;
    r.targets_said = true;
    r.tuner = Some(Tuner::from_key(tuner).unwrap());
    r
}

fn activations(c: &Catalog, r: &FitRequest) -> f64 {
    let rep: FitReport = estimate_with(c, r, &FitOptions::default()).unwrap();
    rep.per_gpu.activations_gib
}

#[test]
fn ia3_feedforward_modules_as_stated_count_their_inputs() {
    // All seven targets, gate / up / down feed-forward: q, k, v, o scaled at their outputs,
    // gate, up at their 3072-wide inputs, down at its 8192-wide input.
    let a = ask(
        "en",
        "/fit llama-3.2-3b lora bf16 tuner=ia3 targets=all feedforward_modules=down_proj,gate_proj,up_proj",
    );
    assert_eq!(
        stated_params(&a),
        28 * (3072 + 1024 + 1024 + 3072 + 3072 + 3072 + 8192)
    );
    assert_eq!(stated_params(&a), 630_784, "the result file's count");
    // The short word does the same; without it gate and up stay output-scaled (PEFT's default).
    let short = ask(
        "en",
        "/fit llama-3.2-3b lora bf16 tuner=ia3 targets=all ff=gate_proj,up_proj,down_proj",
    );
    assert_eq!(stated_params(&short), 630_784);
    let default = ask("en", "/fit llama-3.2-3b lora bf16 tuner=ia3 targets=all");
    assert_eq!(
        stated_params(&default),
        28 * (3072 + 1024 + 1024 + 3072 + 8192 + 8192 + 8192)
    );

    // Kept per token: gate and up each keep their fp32 input (4 x 3072) instead of their
    // 16-bit output (2 x 8192).
    let c = Catalog::embedded().unwrap();
    let plain = request(&c, "ia3", LoraTargets::AllLinear);
    let mut ff = plain.clone();
    ff.ia3_feedforward = Some(LoraTargets::from_key("down_proj,gate_proj,up_proj").unwrap());
    let diff = activations(&c, &ff) - activations(&c, &plain);
    let want = 2.0 * (4.0 * 3072.0 - 2.0 * 8192.0) * TOKENS * LAYERS / GIB;
    assert!((diff - want).abs() < 0.05 * want.abs(), "{diff} vs {want}");
    // down_proj alone is PEFT's own default: stating it changes nothing.
    let mut down = plain.clone();
    down.ia3_feedforward = Some(LoraTargets::from_key("down_proj").unwrap());
    assert!((activations(&c, &down) - activations(&c, &plain)).abs() < 1e-9);
}

#[test]
fn miss_bat_keeps_each_adapted_linears_fp32_weight_twice() {
    let c = Catalog::embedded().unwrap();
    let mut plain = request(&c, "bone", LoraTargets::QueryValue);
    plain.tuner_rank = Some(64);
    let mut bat = plain.clone();
    bat.miss_bat = true;
    // q (3072 x 3072) and v (1024 x 3072): 8 bytes a weight kept per layer, every layer without
    // checkpointing; the fp32 input copy is what plain MiSS keeps too (LoRA's rule, no autocast);
    // while q runs, 10 more bytes a weight of it are live (module doc of `vram::tuners`).
    let weights = 3072.0 * 3072.0 + 1024.0 * 3072.0;
    let want = (LAYERS * 8.0 * weights + 10.0 * 3072.0 * 3072.0) / GIB;
    let diff = activations(&c, &bat) - activations(&c, &plain);
    assert!((diff - want).abs() < 0.03 * want, "{diff} vs {want}");
    // With gradient checkpointing only the recomputed layer's.
    plain.grad_checkpointing = true;
    bat.grad_checkpointing = true;
    let gc = activations(&c, &bat) - activations(&c, &plain);
    assert!(gc < want / 5.0 && gc > 0.0, "{gc}");
    // Another tuner ignores the word.
    let mut loha = request(&c, "loha", LoraTargets::QueryValue);
    let before = activations(&c, &loha);
    loha.miss_bat = true;
    assert!((activations(&c, &loha) - before).abs() < 1e-9);
}

#[test]
fn the_answer_says_what_bat_keeps_in_both_locales() {
    for (locale, needle) in [("en", "update matrix"), ("zh-CN", "更新矩阵")] {
        let a = ask(
            locale,
            "/fit llama-3.2-3b lora bf16 tuner=bone r=64 targets=qv init_weights=bat gc=off",
        );
        assert!(a.contains(needle) && a.contains("bat"), "{a}");
        let plain = ask(
            locale,
            "/fit llama-3.2-3b lora bf16 tuner=bone r=64 targets=qv gc=off",
        );
        assert!(!plain.contains(needle), "{plain}");
    }
}

// LitGPT's own generate at inference (`ModelLayout::LitGpt`, held-out 58's Falcon-7B rows from
// Lightning-AI/litgpt@982abcbc `tutorials/quantize.md`): `GPT.lm_head` is its own Linear, never
// tied to `transformer.wte`, in the format Lightning's BitsandbytesPrecision gives every Linear;
// a bitsandbytes run holds the largest Linear's 16-bit working set beside the model (NF4's
// prefill `dequantize_4bit(..).to(bf16)`, LLM.int8's load `double_quant`): 4 bytes a weight.

fn infer_report(c: &Catalog, model: &str, quant: Quant, litgpt: bool) -> FitReport {
    let mut r = FitRequest::new(ModelRef::Known(c.model(model).unwrap()), quant, Task::Infer);
    r.context = 261;
    r.batch = 1;
    r.cards = 1;
    // `bnb.nf4` (no double quantization), so the head alone differs below.
    r.double_quant = false;
    if litgpt {
        r.layout = bot_core::vram::ModelLayout::LitGpt;
    }
    estimate_with(c, &r, &FitOptions::default()).unwrap()
}

const FALCON_HEAD: f64 = 65024.0 * 4544.0;

#[test]
fn litgpt_holds_its_own_head_at_inference() {
    let c = Catalog::embedded().unwrap();
    // Falcon-7B is tied: LitGPT's converted checkpoint holds a second, untied head.
    for (quant, bytes) in [(Quant::Bf16, 2.0), (Quant::Fp32, 4.0)] {
        let lit = infer_report(&c, "falcon-7b", quant, true)
            .per_gpu
            .weights_gib;
        let hf = infer_report(&c, "falcon-7b", quant, false)
            .per_gpu
            .weights_gib;
        let want = FALCON_HEAD * bytes / GIB;
        assert!(
            ((lit - hf) - want).abs() < 0.01 * want,
            "{quant:?}: {lit} - {hf} vs {want}"
        );
    }
    // Quantized, the head takes the matrices' bytes (NF4 without double quantization: 4.5
    // bits), not 16.
    let lit = infer_report(&c, "falcon-7b", Quant::Nf4, true)
        .per_gpu
        .weights_gib;
    let hf = infer_report(&c, "falcon-7b", Quant::Nf4, false)
        .per_gpu
        .weights_gib;
    let d = lit - hf;
    assert!(
        d > FALCON_HEAD * 0.45 / GIB && d < FALCON_HEAD * 0.6 / GIB,
        "{d}"
    );
    // Llama-2-7B is untied already: 16-bit changes nothing, NF4 stores its head in 4 bits.
    let lit = infer_report(&c, "llama-2-7b", Quant::Bf16, true)
        .per_gpu
        .weights_gib;
    let hf = infer_report(&c, "llama-2-7b", Quant::Bf16, false)
        .per_gpu
        .weights_gib;
    assert!((lit - hf).abs() < 1e-9, "{lit} vs {hf}");
    let lit = infer_report(&c, "llama-2-7b", Quant::Nf4, true)
        .per_gpu
        .weights_gib;
    let hf = infer_report(&c, "llama-2-7b", Quant::Nf4, false)
        .per_gpu
        .weights_gib;
    assert!(lit < hf, "{lit} vs {hf}");
}

#[test]
fn litgpt_bitsandbytes_holds_its_largest_linear_in_16_bits_beside_the_model() {
    let c = Catalog::embedded().unwrap();
    let want = 4.0 * FALCON_HEAD / GIB;
    for quant in [Quant::Nf4, Quant::Int8] {
        let lit = infer_report(&c, "falcon-7b", quant, true);
        assert!(
            lit.per_gpu.activations_gib >= want * 0.99,
            "{quant:?}: {} vs {want}",
            lit.per_gpu.activations_gib
        );
        // Transformers' bitsandbytes path (tied head in 16 bits, its own quant state) has no
        // such term here.
        let hf = infer_report(&c, "falcon-7b", quant, false);
        assert!(hf.per_gpu.activations_gib < want / 4.0, "{quant:?}");
    }
    // 16-bit and LitGPT's own GPTQ are not bitsandbytes: no transient.
    for quant in [Quant::Bf16, Quant::GptqInt4] {
        let lit = infer_report(&c, "falcon-7b", quant, true)
            .per_gpu
            .activations_gib;
        let hf = infer_report(&c, "falcon-7b", quant, false)
            .per_gpu
            .activations_gib;
        assert!((lit - hf).abs() < 1e-9, "{quant:?}: {lit} vs {hf}");
    }
}

#[test]
fn litgpt_nf4_dq_stores_every_matrix_at_double_quantizations_bits() {
    // bnb.nf4-dq against bnb.nf4: (decoder matrices + LitGPT's head) x (4.5 - 4.127) / 8 bytes.
    let c = Catalog::embedded().unwrap();
    let at = |dq: bool, litgpt: bool| {
        let mut r = FitRequest::new(
            ModelRef::Known(c.model("falcon-7b").unwrap()),
            Quant::Nf4,
            Task::Infer,
        );
        r.context = 261;
        r.double_quant = dq;
        if litgpt {
            r.layout = bot_core::vram::ModelLayout::LitGpt;
        }
        estimate_with(&c, &r, &FitOptions::default())
            .unwrap()
            .per_gpu
            .weights_gib
    };
    let saved = at(false, true) - at(true, true);
    let bits = 4.5 - (4.0 + 8.0 / 64.0 + 32.0 / (64.0 * 256.0));
    let want = (6.626e9 + FALCON_HEAD) * bits / 8.0 / GIB;
    assert!((saved - want).abs() < 0.03 * want, "{saved} vs {want}");
    // Transformers' inference path is unchanged by the word (not read there).
    assert!((at(false, false) - at(true, false)).abs() < 1e-9);
}
