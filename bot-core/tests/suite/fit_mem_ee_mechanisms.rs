//! mem_ee (session 37, issue 24, held-out 62): rows the CLI could not state. Cases of our own:
//! - a LoRA / PEFT tuner's target list is any set of a decoder layer's seven linear modules, as
//!   PEFT's `target_modules` takes it (huggingface/peft@5d602fdb `tuners/tuners_utils.py`
//!   `check_target_module_exists`: a module whose name ends with a listed name), not only the
//!   four lists the words `all`, `qkvo`, `qv`, `mlp` stand for. The adapter's parameters are
//!   r x (d_in + d_out) per adapted matrix (Hu et al. 2021, arXiv:2106.09685), counted by hand
//!   below from the models' config.json shapes.
//! - a multi-node job's card count (LLaMA-Factory#5838: 9 x 8 A800, #4616: 16 x 8) is a job the
//!   estimate sizes per card, not an argument error.

use super::chat::ask_fresh as ask;
use bot_core::catalog::Catalog;
use bot_core::vram::{
    FitOptions, FitReport, FitRequest, LoraTargets, ModelRef, Quant, Task, Tuner, estimate_with,
};

fn lora(c: &Catalog, model: &str, quant: Quant, task: Task, targets: &str, rank: u32) -> FitReport {
    let mut r = FitRequest::new(ModelRef::Known(c.model(model).unwrap()), quant, task);
    r.context = 1024;
    r.batch = 1;
    r.cards = 1;
    r.lora_targets =
        LoraTargets::from_key(targets).unwrap_or_else(|| panic!("no targets `{targets}`"));
    r.targets_said = true;
    let opts = FitOptions {
        lora_rank: rank,
        ..FitOptions::default()
    };
    estimate_with(c, &r, &opts).unwrap()
}

#[test]
fn any_list_of_the_seven_modules_is_a_target_list() {
    // PEFT matches by name; `_proj` may be left off as the short words do.
    let kvd = LoraTargets::from_key("k_proj,v_proj,down_proj").expect("k/v/down");
    assert_eq!(kvd.picked(), [false, true, true, false, false, false, true]);
    assert_eq!(kvd.names(), "k_proj, v_proj, down_proj");
    assert_eq!(LoraTargets::from_key("down,k,v"), Some(kvd));
    // A list equal to a word is that word (its figures unchanged).
    assert_eq!(
        LoraTargets::from_key("v_proj,q_proj"),
        Some(LoraTargets::QueryValue)
    );
    // A name outside the seven is none the estimate can size.
    assert_eq!(LoraTargets::from_key("q_proj,lm_head"), None);
    assert_eq!(LoraTargets::from_key(" , "), None);
}

#[test]
fn lora_on_a_module_list_counts_those_matrices() {
    let c = Catalog::embedded().unwrap();
    // Llama-3-8B (meta-llama/Meta-Llama-3-8B config.json): 32 layers, hidden 4096, 32 heads and
    // 8 KV heads of 128, FFN 14336. r 8 on q (4096 -> 4096), k and v (4096 -> 1024).
    let qkv = lora(
        &c,
        "llama-3-8b",
        Quant::Nf4,
        Task::Qlora,
        "q_proj,k_proj,v_proj",
        8,
    );
    let want = 32.0 * 8.0 * ((4096.0 + 4096.0) + 2.0 * (4096.0 + 1024.0));
    // The report carries it in units of 0.1 M (`trainable_params_b` to four decimals).
    let got = qkv.trainable_params_b * 1e9;
    assert!((got - want).abs() <= 5e4, "q/k/v: {got} vs {want}");
    // Qwen3.5-27B's axolotl list q/k/v/o/down/up: every linear layer but gate, so the adapter
    // is the all-linear one less r x (hidden + FFN) per layer, and lies between the two words.
    let six = lora(
        &c,
        "qwen3.5-27b",
        Quant::Nf4,
        Task::Qlora,
        "q_proj,k_proj,v_proj,o_proj,down_proj,up_proj",
        16,
    );
    let all = lora(&c, "qwen3.5-27b", Quant::Nf4, Task::Qlora, "all", 16);
    let attn = lora(&c, "qwen3.5-27b", Quant::Nf4, Task::Qlora, "qkvo", 16);
    assert!(
        attn.trainable_params_b < six.trainable_params_b
            && six.trainable_params_b < all.trainable_params_b,
        "qkvo {} < six {} < all {}",
        attn.trainable_params_b,
        six.trainable_params_b,
        all.trainable_params_b
    );
    let gate = all.trainable_params_b - six.trainable_params_b;
    let down = all.trainable_params_b - attn.trainable_params_b - 2.0 * gate;
    // gate, up and down are each r x (hidden + FFN): the one left out is a third of the FFN's.
    assert!((gate - down).abs() <= 2e-4, "gate {gate} vs down {down}");
    // r 16 x (hidden 5120 + FFN 17408) x 64 layers (Qwen/Qwen3.5-27B config.json).
    assert!(
        (gate - 16.0 * (5120.0 + 17408.0) * 64.0 / 1e9).abs() <= 1e-4,
        "gate {gate}"
    );
}

#[test]
fn a_tuner_takes_a_stated_module_list() {
    let c = Catalog::embedded().unwrap();
    // IA3 on k, v, down of Llama-3.2-3B (PEFT's default list, now also stated): k and v scaled
    // at their 1024-wide outputs, down (feed-forward) at its 8192-wide input, 28 layers -
    // PEFT's run prints 286720 trainable (ia3--llama-3.2-3B-default.json).
    let mut r = FitRequest::new(
        ModelRef::Known(c.model("llama-3.2-3b").unwrap()),
        Quant::Bf16,
        Task::Lora,
    );
    r.context = 550;
    r.batch = 4;
    r.tuner = Tuner::from_key("ia3");
    r.lora_targets = LoraTargets::from_key("k_proj,v_proj,down_proj").unwrap();
    r.targets_said = true;
    estimate_with(&c, &r, &FitOptions::default()).expect("IA3 on a stated list");
    let en = ask(
        "en",
        "/fit llama-3.2-3b lora bf16 tuner=ia3 targets=k_proj,v_proj,down_proj",
    );
    assert!(en.contains("286,720 trainable parameters"), "{en}");
    // The chat says the list it sized, in both languages.
    let en = ask("en", "/fit llama-3-8b qlora targets=q_proj,k_proj,v_proj");
    assert!(en.contains("q_proj, k_proj, v_proj"), "{en}");
    let zh = ask("zh", "/fit llama-3-8b qlora targets=q_proj,k_proj,v_proj");
    assert!(zh.contains("只挂在 q_proj, k_proj, v_proj 上"), "{zh}");
}

#[test]
fn a_multi_node_card_count_is_sized_per_card() {
    let c = Catalog::embedded().unwrap();
    let mut r = FitRequest::new(
        ModelRef::Known(c.model("qwen2-72b").unwrap()),
        Quant::Bf16,
        Task::Full,
    );
    r.context = 8192;
    r.batch = 1;
    r.cards = 128;
    let opts = FitOptions {
        zero: Some(bot_core::vram::Zero::Three),
        ..FitOptions::default()
    };
    let big = estimate_with(&c, &r, &opts).expect("128 cards is a job, not an error");
    r.cards = 64;
    let half = estimate_with(&c, &r, &opts).unwrap();
    // ZeRO-3 partitions the model's state over the cards: twice the cards, less state each.
    assert!(
        big.per_gpu.optimizer_gib < half.per_gpu.optimizer_gib,
        "{} vs {}",
        big.per_gpu.optimizer_gib,
        half.per_gpu.optimizer_gib
    );
    let en = ask("en", "/fit qwen2-72b full 128x a800 ctx=8k zero3");
    assert!(!en.contains("between 1 and"), "{en}");
}

#[test]
fn routed_experts_asked_apart_carry_adapters_beside_an_attention_list() {
    // axolotl's GLM-4.7-Flash QLoRA: lora_target_modules q/k/v/o and, uncommented,
    // lora_target_parameters mlp.experts.gate_up_proj / down_proj (PEFT's `target_parameters`,
    // a list apart from `target_modules`): the experts flag must add the routed experts'
    // adapters. zai-org/GLM-4.7-Flash config.json: 47 layers, the first dense, 64 routed
    // experts of width 1536, hidden 2048; r 32 on each expert's three projections.
    let c = Catalog::embedded().unwrap();
    let run = |experts: bool| {
        let mut r = FitRequest::new(
            ModelRef::Known(c.model("glm-4.7-flash").unwrap()),
            Quant::Nf4,
            Task::Qlora,
        );
        r.context = 2048;
        r.batch = 2;
        r.lora_targets = LoraTargets::Attention;
        r.targets_said = true;
        r.lora_experts = experts;
        let opts = FitOptions {
            lora_rank: 32,
            ..FitOptions::default()
        };
        estimate_with(&c, &r, &opts).unwrap()
    };
    let (off, on) = (run(false), run(true));
    let want = 32.0 * 46.0 * 64.0 * 3.0 * (2048.0 + 1536.0) / 1e9;
    let got = on.trainable_params_b - off.trainable_params_b;
    assert!((got - want).abs() <= 2e-4, "{got} vs {want}");
    // Their fp32 weights, gradients and optimizer state are memory the card holds.
    assert!(
        on.per_gpu_required_gib > off.per_gpu_required_gib + 3.0,
        "{} vs {}",
        on.per_gpu_required_gib,
        off.per_gpu_required_gib
    );
    let en = ask(
        "en",
        "/fit glm-4.7-flash qlora targets=qkvo experts=on r=32",
    );
    assert!(en.contains("including all 64 routed experts"), "{en}");
}
