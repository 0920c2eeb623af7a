//! mem_bk (session 26): PPO as its trainer lays it out (`vram::ppo`; TRL f2cd5771
//! `trl/experimental/ppo/ppo_trainer.py`, ms-swift 3602360a `swift/pipelines/train/rlhf.py`):
//! the policy trains; the value model trains beside it, in full under TRL (its wrapper optimizes
//! it whole) and with the policy's tuner under ms-swift; the reward model is frozen; the
//! reference is a frozen copy for a full fine-tune and the policy's adapters switched off for
//! LoRA. Neither trainer turns gradient checkpointing on for PPO, and TRL sets every dropout to
//! 0. Cases on models and settings of no table row (held-out 36's ms-swift row is scored in
//! `fit_reference`).

use super::chat::{say, world};
use bot_core::Catalog;
use bot_core::vram::ppo::{
    ROLLOUT_FORWARD_BATCH, rollout_bytes, scoring_shape, trainer_checkpoints, value_task,
};
use bot_core::vram::{
    Engine, FitOptions, FitReport, FitRequest, GIB, Method, ModelRef, Quant, RlTrainer, Shape,
    Task, Zero, estimate_with,
};

fn req<'a>(c: &'a Catalog, id: &str, task: Task, method: Method) -> FitRequest<'a> {
    let quant = if task == Task::Qlora {
        Quant::Nf4
    } else {
        Quant::Bf16
    };
    let mut r = FitRequest::new(ModelRef::Known(c.model(id).unwrap()), quant, task);
    r.engine = Engine::Transformers;
    r.context = 1024;
    r.batch = 2;
    r.method = method;
    r.completion = Some(256);
    r
}

fn sized(c: &Catalog, r: &FitRequest, zero: Option<Zero>) -> FitReport {
    let opts = FitOptions {
        zero,
        ..FitOptions::default()
    };
    estimate_with(c, r, &opts).unwrap()
}

fn shape(c: &Catalog, id: &str) -> Shape {
    Shape::from_model(c.model(id).unwrap()).unwrap()
}

#[test]
fn ppo_is_a_method_word_with_a_reference_and_no_checkpointing_of_its_own() {
    assert_eq!(Method::from_key("ppo"), Some(Method::Ppo));
    assert_eq!(Method::from_key("PPO"), Some(Method::Ppo));
    assert_eq!(Method::Ppo.key(), "ppo");
    assert_eq!(bot_core::lexicon::training_method_word("PPO"), Some("ppo"));
    // The KL penalty against the reference is always on (`kl_coef` 0.05 in both trainers).
    assert!(Method::Ppo.has_reference());
    assert_eq!(Method::Ppo.sequences_per_example(), 1.0);
    assert!(!trainer_checkpoints(Method::Ppo));
    assert!(trainer_checkpoints(Method::Grpo) && trainer_checkpoints(Method::Sft));
}

#[test]
fn the_value_model_trains_in_full_under_trl_and_with_the_policys_tuner_under_swift() {
    let c = Catalog::embedded().unwrap();
    let mut r = req(&c, "qwen2.5-1.5b", Task::Lora, Method::Ppo);
    assert_eq!(value_task(&r), Task::Full);
    r.rl_trainer = RlTrainer::Trl(Some((0, 11)));
    assert_eq!(value_task(&r), Task::Full);
    r.rl_trainer = RlTrainer::Swift;
    assert_eq!(value_task(&r), Task::Lora);
    r.task = Task::Full;
    assert_eq!(value_task(&r), Task::Full);
}

#[test]
fn a_scoring_model_has_no_vocabulary_head() {
    let c = Catalog::embedded().unwrap();
    // Qwen2.5-7B's head is its own matrix: the value and reward backbones lack it.
    let s = shape(&c, "qwen2.5-7b");
    assert!(s.params.lm_head > 0.0);
    let v = scoring_shape(&s);
    assert_eq!(v.params.lm_head, 0.0);
    assert!((v.params.total - (s.params.total - s.params.lm_head)).abs() < 1.0);
    // A tied model (Qwen2.5-1.5B) keeps its embedding: nothing to remove.
    let t = shape(&c, "qwen2.5-1.5b");
    assert!((scoring_shape(&t).params.total - t.params.total).abs() < 1.0);
}

#[test]
fn lora_ppo_holds_three_backbones_full_ppo_four() {
    let c = Catalog::embedded().unwrap();
    let s = shape(&c, "qwen2.5-1.5b");
    // A tied model: the scoring backbones are the same size as the policy.
    let backbone = s.params.total * 2.0 / GIB;
    for trainer in [RlTrainer::Trl(None), RlTrainer::Swift] {
        let mut lora = req(&c, "qwen2.5-1.5b", Task::Lora, Method::Ppo);
        lora.rl_trainer = trainer;
        // Policy, value and reward; the reference is the policy with its adapters off.
        let w = sized(&c, &lora, None).weights_gib;
        assert!(
            (w / (3.0 * backbone) - 1.0).abs() < 0.03,
            "{trainer:?}: {w}"
        );
        let mut full = lora.clone();
        full.task = Task::Full;
        // Policy, its frozen reference copy, value and reward.
        let w = sized(&c, &full, None).weights_gib;
        assert!(
            (w / (4.0 * backbone) - 1.0).abs() < 0.03,
            "{trainer:?}: {w}"
        );
    }
}

#[test]
fn trl_optimizes_a_whole_value_model_beside_a_lora_policy() {
    let c = Catalog::embedded().unwrap();
    let s = shape(&c, "qwen2.5-1.5b");
    let trl = req(&c, "qwen2.5-1.5b", Task::Lora, Method::Ppo);
    let mut swift = trl.clone();
    swift.rl_trainer = RlTrainer::Swift;
    let t = sized(&c, &trl, None).optimizer_gib;
    let w = sized(&c, &swift, None).optimizer_gib;
    // At least a bf16 gradient and two bf16 moments a value parameter under TRL (6 bytes)...
    assert!(t >= s.params.total * 6.0 / GIB, "{t}");
    // ...against two sets of adapters under ms-swift.
    assert!(w < 0.5, "{w}");
}

#[test]
fn zero3_shards_the_frozen_models_zero2_keeps_them_whole() {
    let c = Catalog::embedded().unwrap();
    let s = shape(&c, "qwen2.5-7b");
    let mut r = req(&c, "qwen2.5-7b", Task::Lora, Method::Ppo);
    r.rl_trainer = RlTrainer::Swift;
    r.cards = 4;
    let z2 = sized(&c, &r, Some(Zero::Two)).per_gpu.weights_gib;
    let z3 = sized(&c, &r, Some(Zero::Three)).per_gpu.weights_gib;
    let scoring = scoring_shape(&s).params.total * 2.0 / GIB;
    // ZeRO-2: the policy and both scoring backbones whole on every card.
    assert!(
        z2 >= (s.params.total * 2.0 / GIB + 2.0 * scoring) * 0.98,
        "{z2}"
    );
    // ZeRO-3: about a quarter of each, plus the layers gathered.
    assert!(z3 < z2 * 0.5, "{z3} vs {z2}");
}

#[test]
fn the_value_model_runs_unchekpointed_beside_a_checkpointed_policy() {
    let c = Catalog::embedded().unwrap();
    let s = shape(&c, "qwen2.5-7b");
    let mut ppo = req(&c, "qwen2.5-7b", Task::Lora, Method::Ppo);
    ppo.rl_trainer = RlTrainer::Swift;
    ppo.grad_checkpointing = true;
    let mut sft = ppo.clone();
    sft.method = Method::Sft;
    let a_ppo = sized(&c, &ppo, None).activations_gib;
    let a_sft = sized(&c, &sft, None).activations_gib;
    // The value backbone keeps every layer's hidden-width tensors (at least 8 bf16 of them a
    // layer and token) while the policy keeps its checkpoints only.
    let tokens = (ppo.context * ppo.batch) as f64;
    let floor = s.layers as f64 * 16.0 * s.hidden as f64 * tokens / GIB;
    assert!(a_ppo - a_sft >= floor, "{a_ppo} - {a_sft} < {floor}");
    // Without checkpointing both hold every layer.
    ppo.grad_checkpointing = false;
    assert!(sized(&c, &ppo, None).activations_gib > a_ppo + floor);
}

#[test]
fn trl_turns_every_dropout_off_so_a_stated_lora_dropout_adds_nothing() {
    let c = Catalog::embedded().unwrap();
    let mut r = req(&c, "qwen2.5-7b", Task::Lora, Method::Ppo);
    r.rl_trainer = RlTrainer::Swift;
    let plain = sized(&c, &r, None).per_gpu_gib;
    r.lora_dropout = true;
    assert_eq!(sized(&c, &r, None).per_gpu_gib, plain);
    // Outside PPO the dropout copies count.
    r.method = Method::Sft;
    let sft = sized(&c, &r, None).per_gpu_gib;
    r.lora_dropout = false;
    assert!(sized(&c, &r, None).per_gpu_gib < sft);
}

#[test]
fn the_rollout_holds_every_query_generated_and_its_fp32_scores() {
    let c = Catalog::embedded().unwrap();
    let s = shape(&c, "qwen2.5-1.5b");
    let v = s.vocab as f64;
    let kv = 50e6;
    let (ctx, completion) = (1024.0, 256.0);
    let one = rollout_bytes(&s, 1.0, kv, (ctx, completion));
    // The reference forward's 16-bit logits over the whole sequence dominate one query here.
    assert_eq!(
        one,
        (kv + 2.0 * completion * v * 4.0).max(completion * v * 4.0 + ctx * v * 2.0)
    );
    // Sixteen queries: the cache and scores of each, the reference forward in one chunk.
    let sixteen = rollout_bytes(&s, 16.0, kv, (ctx, completion));
    let scores = 16.0 * completion * v * 4.0;
    assert_eq!(
        sixteen,
        (16.0 * kv + 2.0 * scores).max(scores + 16.0 * ctx * v * 2.0)
    );
    // Beyond `local_rollout_forward_batch_size` the reference forward stays one chunk wide.
    let many = 4.0 * ROLLOUT_FORWARD_BATCH;
    let big = rollout_bytes(&s, many, 0.0, (ctx, completion));
    let scores = many * completion * v * 4.0;
    assert_eq!(
        big,
        (2.0 * scores).max(scores + ROLLOUT_FORWARD_BATCH * ctx * v * 2.0)
    );
}

#[test]
fn the_answer_states_the_layout_in_both_languages() {
    let w = world();
    let en = say(&w, "en", "/fit qwen2.5-7b lora ppo ctx=1024 h100");
    assert!(en.contains("PPO (TRL's layout)"), "{en}");
    assert!(en.contains("in full"), "{en}");
    assert!(en.contains("No gradient checkpointing"), "{en}");
    let sw = say(
        &w,
        "en",
        "/fit qwen2.5-7b lora ppo trainer=swift ctx=1024 gc=on h100",
    );
    assert!(sw.contains("PPO (ms-swift's layout)"), "{sw}");
    assert!(sw.contains("with LoRA adapters"), "{sw}");
    assert!(sw.contains("on the policy only"), "{sw}");
    let zh = say(&w, "zh", "/fit qwen2.5-7b lora ppo ctx=1024 h100");
    assert!(zh.contains("价值模型") && zh.contains("奖励模型"), "{zh}");
    assert!(zh.contains("不开梯度检查点"), "{zh}");
}

#[test]
fn an_amd_cards_capacity_names_rocms_tools_not_nvidia_smi() {
    let w = world();
    let c = Catalog::embedded().unwrap();
    let mi = c.gpu("mi300x").unwrap();
    // rocminfo's pool on an MI300X: 201310208 KB = 196592 MiB, just under 192 GiB.
    assert_eq!(mi.memory_mib, Some(196_592));
    assert!(mi.memory_source.as_deref().unwrap().starts_with("https://"));
    assert!((mi.vram_gib() - 196_592.0 / 1024.0).abs() < 1e-9);
    for (lang, tool, not) in [
        ("en", "the amdgpu driver reports 196592 MiB", "nvidia-smi"),
        ("zh", "amdgpu 驱动报告 196592 MiB", "nvidia-smi"),
    ] {
        let a = say(&w, lang, "/gpu mi300x");
        let line = a
            .lines()
            .find(|l| l.contains("196592"))
            .unwrap_or_else(|| panic!("{a}"));
        assert!(line.contains(tool) && !line.contains(not), "{line}");
        assert!(line.contains("HIP") && !line.contains("CUDA"), "{line}");
    }
    // A card with no reading on file says it is derived, with the vendor's runtime.
    let a = say(&w, "en", "/gpu mi325x");
    let line = a.lines().find(|l| l.contains("derived")).unwrap();
    assert!(
        line.contains("ROCm (HIP) context") && !line.contains("CUDA"),
        "{line}"
    );
    // NVIDIA cards keep nvidia-smi.
    let a = say(&w, "en", "/gpu 4090");
    assert!(a.contains("nvidia-smi shows 24564 MiB"), "{a}");
}
