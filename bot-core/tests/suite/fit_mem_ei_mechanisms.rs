//! mem_ei (session 38, issue 24, held-out 62's unders): two mechanisms of axolotl on a
//! bitsandbytes base, each case asserting what the libraries' source implies, sized from the
//! models' config.json shapes, not from a measured row.
//! - Under FSDP2 (`--zero=fsdp`) axolotl loads the whole quantized model on every card
//!   (axolotl@067b021c `loaders/model.py` `_set_device_map_config`: `device_map = {"":
//!   LOCAL_RANK}` for Q-LoRA + FSDP; Transformers' bitsandbytes quantizer puts an unset map on
//!   the current card for LoRA on LLM.int8), and `fsdp2_prepare_model` keeps `original_sd =
//!   model.state_dict()` while `fully_shard` copies every shard into a new tensor
//!   (pytorch/pytorch@17a7e1e0 `_fsdp_param.py` `FSDPParam._init_sharded_param`: the whole
//!   tensor is freed "when its ref count reaches 0"). At that moment each card holds the whole
//!   model and its shard of every parameter.
//! - With `quantize_moe_experts` axolotl keeps each routed-expert stack as a bitsandbytes
//!   parametrization that dequantizes the whole stack on access (`monkeypatch/moe_quant.py`,
//!   bitsandbytes `nn/parametrize.py`), and Transformers' experts loop saves
//!   `gate_up_proj[expert_idx]`, a view of it, for the backward (`Glm4MoeLiteNaiveMoe.forward`):
//!   one MoE layer's dequantized stack is held from its recompute to its backward, in 16-bit
//!   from a 4-bit base and as fp32 plus 16-bit copies from an 8-bit one.

use bot_core::catalog::Catalog;
use bot_core::vram::{
    FitOptions, FitReport, FitRequest, LossHead, ModelRef, Optimizer, Quant, Task, Zero,
    estimate_with,
};

const GIB: f64 = 1024.0 * 1024.0 * 1024.0;

/// GLM-4.7-Flash (zai-org/GLM-4.7-Flash config.json): hidden 2048, 64 routed experts of
/// width 1536 (`moe_intermediate_size`), 47 layers of which the first is dense.
const GLM_STACK_PARAMS: f64 = 64.0 * 3.0 * 2048.0 * 1536.0;
const GLM_MOE_LAYERS: f64 = 46.0;

/// How the run is laid out: cards, FSDP or not, axolotl or not.
#[derive(Clone, Copy)]
struct Run {
    cards: u32,
    fsdp: bool,
    axolotl: bool,
    gc: bool,
    /// `moeq=off`: the routed experts left 16-bit, plain parameters.
    experts_16bit: bool,
}

/// The held-out 62 setup (packed 2048 x 2, r 32 on q/k/v/o, 8-bit AdamW, Cut Cross Entropy,
/// FlashAttention) for `model` on `quant` as `task`.
fn fit(model: &str, quant: Quant, task: Task, run: Run) -> FitReport {
    let c = Catalog::embedded().unwrap();
    let m = c.model(model).unwrap();
    let mut req = FitRequest::new(ModelRef::Known(m), quant, task);
    req.context = 2048;
    req.batch = 2;
    req.cards = run.cards;
    req.grad_checkpointing = run.gc;
    req.axolotl = run.axolotl;
    req.experts_16bit = run.experts_16bit;
    req.loss = LossHead::Fused;
    req.lora_targets = bot_core::vram::LoraTargets::from_key("qkvo").unwrap();
    req.targets_said = true;
    let opts = FitOptions {
        lora_rank: 32,
        optimizer: Optimizer::Adam8bit,
        zero: run.fsdp.then_some(Zero::Three),
        fsdp: run.fsdp,
        ..FitOptions::default()
    };
    estimate_with(&c, &req, &opts).unwrap()
}

const ONE: Run = Run {
    cards: 1,
    fsdp: false,
    axolotl: true,
    gc: true,
    experts_16bit: false,
};
const FSDP2: Run = Run {
    cards: 2,
    fsdp: true,
    axolotl: true,
    gc: true,
    experts_16bit: false,
};

#[test]
fn axolotl_fsdp2_on_a_bnb_base_holds_the_whole_model_beside_its_shards() {
    for (quant, task) in [(Quant::Nf4, Task::Qlora), (Quant::Int8, Task::Lora)] {
        // The whole base as one card loads it, and the two-card run's sharded weights.
        let one = fit("glm-4.7-flash", quant, task, ONE);
        let two = fit("glm-4.7-flash", quant, task, FSDP2);
        let whole = one.per_gpu.weights_gib;
        // The shard is at least half the base less its constants (a small share of 4-bit).
        let shard_floor = 0.45 * whole;
        assert!(
            two.per_gpu_required_gib >= whole + shard_floor,
            "{quant:?}: {} GiB a card under FSDP2, below the whole {whole:.2} + shard {shard_floor:.2}",
            two.per_gpu_required_gib
        );
        // The report carries that load's peak per card.
        let peak = two.whole_load_gib.expect("whole_load_gib");
        assert!(peak >= whole + shard_floor, "{quant:?}: peak {peak}");
        // So two cards need more each than one card alone, as axolotl's README shows
        // (QLoRA ~29 vs ~24, LoRA on 8-bit ~43 vs ~35).
        assert!(
            two.per_gpu_required_gib > one.per_gpu_required_gib,
            "{quant:?}: FSDP2 {} vs one card {}",
            two.per_gpu_required_gib,
            one.per_gpu_required_gib
        );
        // The answer says it, with the sizes.
        assert!(
            two.warning_ids
                .iter()
                .any(|w| w == "fit-warn-whole-load-axolotl-fsdp"),
            "{quant:?}: {:?}",
            two.warning_ids
        );
    }
}

#[test]
fn fsdp2_without_axolotl_or_on_a_16bit_base_is_not_a_whole_load() {
    // Another trainer's FSDP (no whole-load word) and a 16-bit LoRA base are sharded as before:
    // the rule is axolotl's bitsandbytes path, not every FSDP run.
    let plain = Run {
        axolotl: false,
        ..FSDP2
    };
    let two = fit("glm-4.7-flash", Quant::Nf4, Task::Qlora, plain);
    let one = fit(
        "glm-4.7-flash",
        Quant::Nf4,
        Task::Qlora,
        Run {
            axolotl: false,
            ..ONE
        },
    );
    assert!(
        two.per_gpu_required_gib < one.per_gpu_required_gib,
        "plain FSDP {} vs one card {}",
        two.per_gpu_required_gib,
        one.per_gpu_required_gib
    );
    let bf16 = fit("glm-4.7-flash", Quant::Bf16, Task::Lora, FSDP2);
    assert!(
        !bf16
            .warning_ids
            .iter()
            .any(|w| w == "fit-warn-whole-load-axolotl-fsdp"),
        "{:?}",
        bf16.warning_ids
    );
}

/// Activations (GiB) of axolotl's one-card run with its experts quantized (parametrized)
/// less the same run with them left 16-bit (`moeq=off`: plain parameters, no dequantized stack).
fn stack_delta(quant: Quant, task: Task, gc: bool) -> f64 {
    let run = Run { gc, ..ONE };
    let quantized = fit("glm-4.7-flash", quant, task, run);
    let kept = fit(
        "glm-4.7-flash",
        quant,
        task,
        Run {
            experts_16bit: true,
            ..run
        },
    );
    quantized.per_gpu.activations_gib - kept.per_gpu.activations_gib
}

#[test]
fn one_moe_layers_dequantized_expert_stack_is_held_through_its_backward() {
    // 4-bit base, checkpointing: one layer's stack in 16-bit, 1.125 GiB for GLM-4.7-Flash.
    let want = GLM_STACK_PARAMS * 2.0 / GIB;
    let got = stack_delta(Quant::Nf4, Task::Qlora, true);
    assert!(
        (got - want).abs() <= 0.03 * want,
        "nf4 + checkpointing: {got:.3} GiB vs {want:.3}"
    );
    // 8-bit base: the fp32 stack and the 16-bit copies autocast saves, 6 bytes a weight.
    let want8 = GLM_STACK_PARAMS * 6.0 / GIB;
    let got8 = stack_delta(Quant::Int8, Task::Lora, true);
    assert!(
        (got8 - want8).abs() <= 0.03 * want8,
        "int8 + checkpointing: {got8:.3} GiB vs {want8:.3}"
    );
    // Without checkpointing every MoE layer's stack waits for its backward.
    let want_all = GLM_MOE_LAYERS * want;
    let got_all = stack_delta(Quant::Nf4, Task::Qlora, false);
    assert!(
        (got_all - want_all).abs() <= 0.03 * want_all,
        "nf4 without checkpointing: {got_all:.2} GiB vs {want_all:.2}"
    );
}

#[test]
fn a_dense_model_another_trainer_or_experts_kept_16bit_hold_no_stack() {
    let c = Catalog::embedded().unwrap();
    let stack = |model: &str, axolotl: bool, experts_16bit: bool, quant: Quant| {
        let mut req = FitRequest::new(ModelRef::Known(c.model(model).unwrap()), quant, Task::Qlora);
        req.grad_checkpointing = true;
        req.axolotl = axolotl;
        req.experts_16bit = experts_16bit;
        bot_core::vram::expert_stack_gib(&req)
    };
    // GLM-4.7-Flash under axolotl on NF4: one layer's stack.
    assert!(stack("glm-4.7-flash", true, false, Quant::Nf4) > 1.0);
    // No routed experts (Llama-3-8B), no parametrization (another trainer), the experts left
    // 16-bit (`moeq=off`: plain parameters), or no bitsandbytes base (GPTQ): nothing.
    assert_eq!(stack("llama-3-8b", true, false, Quant::Nf4), 0.0);
    assert_eq!(stack("glm-4.7-flash", false, false, Quant::Nf4), 0.0);
    assert_eq!(stack("glm-4.7-flash", true, true, Quant::Nf4), 0.0);
    assert_eq!(stack("glm-4.7-flash", true, false, Quant::GptqInt4), 0.0);
}

#[test]
fn the_chat_says_both_terms_in_both_locales_and_takes_the_words_that_remove_them() {
    let ask = super::chat::ask_fresh;
    let line = "/fit glm-4.7-flash qlora 2x a6000 axolotl fsdp ctx=2048 batch=2 r=32 targets=qkvo";
    let en = ask("en", line);
    assert!(
        en.contains("axolotl under FSDP2 loads a bitsandbytes base whole"),
        "{en}"
    );
    assert!(en.contains("ramload=on"), "{en}");
    assert!(
        en.contains("dequantized whole when an MoE layer runs"),
        "{en}"
    );
    let zh = ask("zh", line);
    assert!(zh.contains("整个量化模型"), "{zh}");
    assert!(zh.contains("整体反量化"), "{zh}");
    // `ramload=on` (cpu_ram_efficient_loading) and `scattermoe` take each term away.
    let ram = ask("en", &format!("{line} ramload=on"));
    assert!(!ram.contains("loads a bitsandbytes base whole"), "{ram}");
    assert!(ram.contains("dequantized whole when"), "{ram}");
    let scatter = ask("en", &format!("{line} scattermoe=on"));
    assert!(!scatter.contains("dequantized whole when"), "{scatter}");
    assert!(
        scatter.contains("loads a bitsandbytes base whole"),
        "{scatter}"
    );
}
