//! mem_dz (session 36, issue 24, group D): bitsandbytes' 4-bit quantization constants are held
//! whole on every card when FSDP or DeepSpeed ZeRO-3 shards a Q-LoRA base.
//!
//! Cases of our own, each asserting what the libraries' source implies:
//! - bitsandbytes 0.43.0 (the FSDP-QLoRA release, 48763245, `bitsandbytes/nn/modules.py`):
//!   `Params4bit._quantize` replaces the weight's data with the packed 4-bit codes and keeps the
//!   block constants (`quant_state`: one absmax per block of 64 weights, 8-bit under double
//!   quantization with one fp32 constant per 256 blocks, else fp32) on the parameter *and* on its
//!   module (`self.module.quant_state = quant_state`). `Linear4bit.forward` puts it back on the
//!   weight "the quant state got lost when the parameter got converted. This happens for example
//!   for fsdp". The constants are neither a parameter nor a buffer, so FSDP's flat parameter never
//!   holds them: no shard, no CPU offload. They stay on the card they were quantized on, whole.
//! - DeepSpeed ZeRO-3 (v0.14.0 `deepspeed/runtime/zero/partition_parameters.py` `free_param`)
//!   partitions by replacing `param.data` only. The `Params4bit` object keeps its `quant_state`
//!   attribute, so the same constants stay whole on every rank.
//!
//! So under FSDP / ZeRO-3 each card holds its shard of the packed codes *plus all* the
//! constants: 0.127 bits per weight with double quantization, 0.5 without (a 70B base: about
//! 1.0 and 4.0 GiB a card, however many cards). ZeRO-1/2 and one card hold the whole base
//! anyway: nothing changes there.

use bot_core::catalog::Catalog;
use bot_core::vram::shape::Shape;
use bot_core::vram::{
    FitOptions, FitReport, FitRequest, ModelRef, Quant, Task, Zero, estimate_with,
};

/// ZeRO stage, FSDP (not DeepSpeed), parameters offloaded to CPU RAM.
type Sharding = (Option<Zero>, bool, bool);

const GIB: f64 = 1024.0 * 1024.0 * 1024.0;

fn cat() -> Catalog {
    Catalog::embedded().unwrap()
}

/// Q-LoRA (NF4, double quantization `dq`) of `model` over `cards`, sharded by `zero` (FSDP when
/// `fsdp`, CPU offload when `offload`), 512 tokens x 1, gradient checkpointing on.
fn qlora(model: &str, cards: u32, (zero, fsdp, offload): Sharding, dq: bool) -> FitReport {
    let c = cat();
    let m = c.model(model).unwrap();
    let mut req = FitRequest::new(ModelRef::Known(m), Quant::Nf4, Task::Qlora);
    req.context = 512;
    req.batch = 1;
    req.cards = cards;
    req.grad_checkpointing = true;
    req.double_quant = dq;
    let opts = FitOptions {
        zero,
        fsdp,
        offload,
        ..FitOptions::default()
    };
    estimate_with(&c, &req, &opts).unwrap()
}

/// GiB one card's weights grow by when double quantization is off: the constants' extra bits
/// (0.5 − 0.127 per quantized weight), as the busiest card holds them.
fn dq_off_extra(model: &str, cards: u32, sharding: Sharding) -> f64 {
    let off = qlora(model, cards, sharding, false).per_gpu.weights_gib;
    let on = qlora(model, cards, sharding, true).per_gpu.weights_gib;
    off - on
}

/// The constants' extra bits without double quantization, whole-model GiB, from the shape.
fn constants_extra_gib(model: &str) -> f64 {
    let c = cat();
    let s = Shape::from_model(c.model(model).unwrap()).unwrap();
    let dq_bits = 8.0 / 64.0 + 32.0 / (64.0 * 256.0);
    s.params.linear * (32.0 / 64.0 - dq_bits) / 8.0 / GIB
}

/// Asserts each sharding of Llama-2-70B over its card count keeps the constants' extra bits
/// whole on the card (`label` names the case in the failure).
fn constants_stay_whole(cases: &[(&str, u32, Sharding)]) {
    let want = constants_extra_gib("llama-2-70b");
    for (label, cards, sharding) in cases {
        let got = dq_off_extra("llama-2-70b", *cards, *sharding);
        assert!(
            (got - want).abs() < 0.05,
            "{label} x{cards}: +{got:.2} a card, want the whole {want:.2}"
        );
    }
}

#[test]
fn fsdp_does_not_shard_the_quantization_constants() {
    // Llama-2-70B: 68.7e9 quantized weights, 2.98 GiB of extra constants without double
    // quantization. One card holds them whole; FSDP over 2 or 4 cards must too.
    assert!(constants_extra_gib("llama-2-70b") > 2.5);
    let fsdp = (Some(Zero::Three), true, false);
    constants_stay_whole(&[
        ("one card", 1, (None, false, false)),
        ("FSDP", 2, fsdp),
        ("FSDP", 4, fsdp),
    ]);
}

#[test]
fn deepspeed_zero3_keeps_the_constants_whole_too() {
    let z3 = (Some(Zero::Three), false, false);
    constants_stay_whole(&[("ZeRO-3", 2, z3), ("ZeRO-3", 8, z3)]);
}

#[test]
fn cpu_offload_leaves_the_constants_on_the_card() {
    // FSDP's `offload_params` and ZeRO-3's `offload_param` move the flat (packed) partitions to
    // CPU RAM; the constants are not in them.
    constants_stay_whole(&[
        ("FSDP offload", 2, (Some(Zero::Three), true, true)),
        ("ZeRO-3 offload", 2, (Some(Zero::Three), false, true)),
    ]);
    // With double quantization the card still holds the constants themselves (0.127 bits a
    // weight, ~1 GiB for 70B) beyond the gathered layers and the root unit of the old sizing.
    let c = cat();
    let s = Shape::from_model(c.model("llama-2-70b").unwrap()).unwrap();
    let dq_constants = s.params.linear * (8.0 / 64.0 + 32.0 / (64.0 * 256.0)) / 8.0 / GIB;
    let with = qlora("llama-2-70b", 2, (Some(Zero::Three), true, true), true);
    let packed_layer = s.params.linear * 4.0 / 8.0 / s.layers as f64 / GIB;
    assert!(
        with.per_gpu.weights_gib >= dq_constants + packed_layer,
        "weights {:.2} a card, constants {dq_constants:.2} + a layer {packed_layer:.2}",
        with.per_gpu.weights_gib
    );
}

#[test]
fn zero2_and_bf16_lora_are_unchanged() {
    // Control (holds before and after): ZeRO-2 keeps the whole base on every card, so the
    // constants were whole already.
    let want = constants_extra_gib("llama-2-70b");
    let z2 = dq_off_extra("llama-2-70b", 2, (Some(Zero::Two), false, false));
    assert!((z2 - want).abs() < 0.05, "ZeRO-2: +{z2:.2}, want {want:.2}");
    // A 16-bit LoRA base has no constants: FSDP over 4 cards holds less per card than over 2.
    let c = cat();
    let m = c.model("llama-2-70b").unwrap();
    let lora = |cards: u32| {
        let mut req = FitRequest::new(ModelRef::Known(m), Quant::Bf16, Task::Lora);
        req.context = 512;
        req.cards = cards;
        req.grad_checkpointing = true;
        let opts = FitOptions {
            zero: Some(Zero::Three),
            fsdp: true,
            ..FitOptions::default()
        };
        estimate_with(&c, &req, &opts).unwrap().per_gpu.weights_gib
    };
    let (two, four) = (lora(2), lora(4));
    let s = Shape::from_model(m).unwrap();
    let quarter = (s.params.total - s.params.embed - s.params.lm_head) * 2.0 / 4.0 / GIB;
    assert!(
        (two - four - quarter).abs() < 0.05,
        "bf16 LoRA: {two:.2} on 2 cards, {four:.2} on 4, want a quarter of the layers ({quarter:.2}) apart"
    );
}

/// The answer states the constants with their size under FSDP / ZeRO-3, in both languages, and
/// not on one card, where the whole base is on the card anyway.
#[test]
fn the_answer_states_the_constants_each_card_keeps() {
    let w = crate::chat::world();
    let say = |lang: &str, q: &str| crate::chat::say(&w, lang, q);
    // Llama-2-70B's 68.7e9 quantized weights x 0.127 bits: 1.0 GiB.
    let en = say("en", "/fit llama-2-70b qlora 2x3090 fsdp ctx=512");
    assert!(
        en.contains("quantization constants") && en.contains("1.0 GiB whole on every card"),
        "{en}"
    );
    let zh = say("zh", "/fit llama-2-70b qlora 2x3090 fsdp ctx=512");
    assert!(zh.contains("量化常数") && zh.contains("1.0 GiB"), "{zh}");
    let one = say("en", "/fit llama-2-70b qlora a100 ctx=512");
    assert!(!one.contains("quantization constants"), "{one}");
}

// DeepSpeed ZeRO-3 loads a bitsandbytes base whole on every card first. Transformers creates
// the model under `deepspeed.zero.Init` only when it is not quantized (`get_init_context`:
// `if is_deepspeed_zero3_enabled() and not is_quantized and not _is_ds_init_called`), and
// bitsandbytes' quantizer puts an unset `device_map` on the current card
// (`Bnb4BitHfQuantizer.update_device_map`: `{"": torch.cuda.current_device()}`). So each rank
// holds the whole quantized model until `deepspeed.initialize` partitions it; the freed
// blocks stay in PyTorch's cache. deepspeedai/DeepSpeed#5660 (bitsandbytes 0.43.1,
// transformers 4.41.1): "parameters first be fully loaded to each GPU and then be sharded",
// while the same script without the BitsAndBytesConfig shards first.

/// Q-LoRA (NF4) of `model` over `cards` of `gpu`, 512 tokens, under `zero` (FSDP when `fsdp`).
fn qlora_on(model: &str, gpu: &str, cards: u32, zero: Zero, fsdp: bool) -> FitReport {
    let c = cat();
    let m = c.model(model).unwrap();
    let mut req = FitRequest::new(ModelRef::Known(m), Quant::Nf4, Task::Qlora);
    req.context = 512;
    req.batch = 1;
    req.cards = cards;
    req.gpu = Some(c.gpu(gpu).unwrap());
    req.grad_checkpointing = true;
    let opts = FitOptions {
        zero: Some(zero),
        fsdp,
        ..FitOptions::default()
    };
    estimate_with(&c, &req, &opts).unwrap()
}

/// The whole 4-bit base (packed codes with double quantization's constants, 16-bit embedding
/// and head), GiB, from the shape.
fn whole_4bit_gib(model: &str) -> f64 {
    let c = cat();
    let s = Shape::from_model(c.model(model).unwrap()).unwrap();
    let bits = 4.0 + 8.0 / 64.0 + 32.0 / (64.0 * 256.0);
    (s.params.linear * bits / 8.0 + (s.params.embed + s.params.lm_head) * 2.0) / GIB
}

#[test]
fn deepspeed_zero3_must_hold_the_whole_quantized_base_at_load() {
    // Llama-2-70B in 4 bits is ~33 GiB: under DeepSpeed ZeRO-3 it cannot load on a 24 GB card,
    // however many there are.
    let whole = whole_4bit_gib("llama-2-70b");
    assert!(whole > 30.0, "whole {whole:.2}");
    for cards in [2, 4] {
        let z3 = qlora_on("llama-2-70b", "rtx-3090", cards, Zero::Three, false);
        assert!(
            z3.per_gpu_required_gib >= whole,
            "ZeRO-3 x{cards}: needs {:.2}, the whole base is {whole:.2}",
            z3.per_gpu_required_gib
        );
        assert_eq!(z3.fits, Some(false), "ZeRO-3 x{cards}: {:?}", z3.verdict);
    }
}

#[test]
fn fsdp_and_a_16bit_zero3_base_are_sharded_at_load() {
    // Controls (hold before and after): FSDP's Q-LoRA as the engine assumes it, with Accelerate's
    // `cpu_ram_efficient_loading` (Transformers' `is_fsdp_enabled()` requires
    // `FSDP_CPU_RAM_EFFICIENT_LOADING=1`; without it the bitsandbytes load is whole on every
    // card too: `wholeload=on`), and a bf16 LoRA under ZeRO-3 (`zero.Init`), never hold the whole
    // base on one card.
    let whole = whole_4bit_gib("llama-2-70b");
    let fsdp = qlora_on("llama-2-70b", "rtx-3090", 2, Zero::Three, true);
    assert!(
        fsdp.per_gpu_required_gib < whole,
        "FSDP: needs {:.2}",
        fsdp.per_gpu_required_gib
    );
    let c = cat();
    let m = c.model("llama-2-70b").unwrap();
    let mut req = FitRequest::new(ModelRef::Known(m), Quant::Bf16, Task::Lora);
    req.context = 512;
    req.cards = 8;
    req.grad_checkpointing = true;
    let opts = FitOptions {
        zero: Some(Zero::Three),
        ..FitOptions::default()
    };
    let lora = estimate_with(&c, &req, &opts).unwrap();
    let bf16_whole = s_total_gib("llama-2-70b");
    assert!(
        lora.per_gpu_required_gib < bf16_whole / 2.0,
        "bf16 LoRA x8: needs {:.2} of a {bf16_whole:.2} GiB model",
        lora.per_gpu_required_gib
    );
}

fn s_total_gib(model: &str) -> f64 {
    let c = cat();
    let s = Shape::from_model(c.model(model).unwrap()).unwrap();
    s.params.total * 2.0 / GIB
}

/// The answer says why, with the size, in both languages.
#[test]
fn the_answer_says_zero3_loads_a_quantized_base_whole() {
    let w = crate::chat::world();
    let say = |lang: &str, q: &str| crate::chat::say(&w, lang, q);
    let en = say("en", "/fit llama-2-70b qlora 2x3090 zero3 ctx=512");
    assert!(
        en.contains("zero.Init") && en.contains("whole quantized model") && en.contains("say fsdp"),
        "{en}"
    );
    let zh = say("zh", "/fit llama-2-70b qlora 2x3090 zero3 ctx=512");
    assert!(zh.contains("zero.Init") && zh.contains("完整"), "{zh}");
    let fsdp = say("en", "/fit llama-2-70b qlora 2x3090 fsdp ctx=512");
    assert!(!fsdp.contains("whole quantized model"), "{fsdp}");
}
