//! mem_ed (session 37, issue 24): a full fine-tune under DeepSpeed ZeRO-3 whose trainer turns
//! on neither fp16 nor bf16 trains in fp32, whatever dtype the checkpoint was saved in. Cases
//! of our own, each asserting what the sources imply:
//! - Transformers fills the DeepSpeed config's `"auto"` precision from the trainer's arguments
//!   (huggingface/transformers@02348331 `src/transformers/integrations/deepspeed.py`,
//!   `HfTrainerDeepSpeedConfig.trainer_config_process`: `bf16.enabled` ← `args.bf16`,
//!   `fp16.enabled` ← `args.fp16`), and under ZeRO-3 loads the model inside
//!   `deepspeed.zero.Init(config_dict_or_path=deepspeed_config())`.
//! - `zero.Init` takes its dtype from that config: bf16 if enabled, fp16 if enabled, else
//!   `torch.float` (deepspeedai/DeepSpeed v0.13.1 (1d35db76)
//!   `deepspeed/runtime/zero/partition_parameters.py` `_set_dtype`), and its tensor
//!   constructors cast every floating tensor they make to it (`zero_wrapper_for_fp_tensor_
//!   constructor`: `tensor.data = tensor.data.to(target_fp_dtype)`), a layer built with an
//!   explicit 16-bit `dtype` too. The parameters, their gradients, AdamW's moments and
//!   DeepSpeed's partition clone are then fp32, and so is every activation.
//! - With `bf16`/`fp16` on (the default the engine assumes: autocast on) nothing changes, and
//!   neither does a run without ZeRO-3 (no `zero.Init`) or under PyTorch FSDP.

use bot_core::catalog::Catalog;
use bot_core::vram::{
    FitOptions, FitReport, FitRequest, ModelRef, Quant, Task, Zero, estimate_with,
};

fn fit(quant: Quant, autocast: bool, set: impl Fn(&mut FitRequest, &mut FitOptions)) -> FitReport {
    let c = Catalog::embedded().unwrap();
    let m = c.model("chatglm3-6b").unwrap();
    let mut req = FitRequest::new(ModelRef::Known(m), quant, Task::Full);
    req.context = 384;
    req.cards = 4;
    req.grad_checkpointing = false;
    req.autocast = autocast;
    let mut opts = FitOptions {
        zero: Some(Zero::Three),
        ..FitOptions::default()
    };
    set(&mut req, &mut opts);
    estimate_with(&c, &req, &opts).unwrap()
}

fn parts(r: &FitReport) -> [f64; 3] {
    let p = &r.per_gpu;
    [p.weights_gib, p.optimizer_gib, p.activations_gib]
}

#[test]
fn zero3_without_16_bit_precision_sizes_the_fp32_model_zero_init_builds() {
    // An fp16 checkpoint under ZeRO-3 with neither fp16 nor bf16: sized as the fp32 model.
    let off = fit(Quant::Fp16, false, |_, _| {});
    let fp32 = fit(Quant::Fp32, false, |_, _| {});
    let on = fit(Quant::Fp16, true, |_, _| {});
    for (a, b) in parts(&off).iter().zip(parts(&fp32)) {
        assert!(
            (a - b).abs() < 0.01,
            "{:?} vs fp32 {:?}",
            parts(&off),
            parts(&fp32)
        );
    }
    // fp32 weights are twice the fp16 ones; the busiest card needs more.
    let w = off.per_gpu.weights_gib / on.per_gpu.weights_gib;
    assert!((w - 2.0).abs() < 0.05, "weights {w}");
    assert!(off.per_gpu_gib > on.per_gpu_gib + 5.0);
    // The answer says why.
    assert!(
        off.warnings
            .iter()
            .any(|m| m.id == "fit-note-zero-init-fp32"),
        "{:?}",
        off.warnings.iter().map(|m| &m.id).collect::<Vec<_>>()
    );
    assert!(
        !on.warnings
            .iter()
            .any(|m| m.id == "fit-note-zero-init-fp32")
    );
}

#[test]
fn held_out_58s_chatglm3_full_finetune_lands_near_its_nvidia_smi_figure() {
    // ChatGLM3's finetune_demo (THUDM/ChatGLM3@9484f820 configs/sft.yaml: no bf16 / fp16 in
    // training_args; ds_zero_3.json: `bf16.enabled` "auto") on 4 cards: 48346 MiB each.
    let measured = 48346.0 / 1024.0;
    let r = fit(Quant::Fp16, false, |_, _| {});
    // `per_gpu_gib` is the busiest card as nvidia-smi shows it (the `smi` basis).
    let shown = r.per_gpu_gib;
    let err = (shown - measured) / measured;
    assert!(
        err.abs() <= 0.15,
        "{shown:.2} GiB vs {measured:.2} ({err:+.3})"
    );
}

#[test]
fn the_fp32_reading_needs_zero3_deepspeed_and_both_16_bit_modes_off() {
    let on = parts(&fit(Quant::Fp16, true, |_, _| {}));
    // ZeRO-2 (no zero.Init), FSDP, a layer split, LoRA: as with 16-bit precision on.
    let same = |set: &dyn Fn(&mut FitRequest, &mut FitOptions)| {
        let a = parts(&fit(Quant::Fp16, false, set));
        let b = parts(&fit(Quant::Fp16, true, set));
        a.iter().zip(b).all(|(x, y)| (x - y).abs() < 0.01)
    };
    assert!(same(&|_, o| o.zero = Some(Zero::Two)));
    assert!(same(&|_, o| o.fsdp = true));
    assert!(same(&|_, o| {
        o.zero = None;
        o.device_map = true;
    }));
    // Mixed precision (`amp`) asked for keeps the 16-bit load with fp32 masters.
    assert!(same(&|r, _| r.mixed_precision = true));
    // bf16 checkpoints follow the same rule as fp16 ones.
    let bf = parts(&fit(Quant::Bf16, false, |_, _| {}));
    assert!(bf[0] > on[0] * 1.9, "{bf:?} vs {on:?}");
}

#[test]
fn the_answer_says_the_checkpoint_is_built_in_fp32_in_both_languages() {
    let line = "/fit chatglm3-6b full fp16 ctx=384 cards=4 zero=3 autocast=off gc=off";
    let en = super::chat::ask_fresh("en-US", line);
    // The note, and the precision line of an fp32 model (not DeepSpeed's masters of a
    // 16-bit one).
    assert!(en.contains("zero.Init"), "{en}");
    assert!(en.contains("Model in fp32"), "{en}");
    assert!(!en.contains("even for a model loaded in"), "{en}");
    let zh = super::chat::ask_fresh("zh-CN", line);
    assert!(zh.contains("zero.Init") && zh.contains("fp32"), "{zh}");
    // With the trainer's bf16 on, neither.
    let on = super::chat::ask_fresh(
        "en-US",
        "/fit chatglm3-6b full fp16 ctx=384 cards=4 zero=3 gc=off",
    );
    assert!(!on.contains("zero.Init"), "{on}");
}
