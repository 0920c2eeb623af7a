//! Held-out 16's mechanisms (`vram::method`), tested on models, cards and settings of no table
//! row: a pair method runs chosen and rejected in one forward; DPO/KTO/GRPO keep a frozen
//! reference copy for full fine-tuning only (the LoRA base with adapters off otherwise), sharded
//! by ZeRO-3 and dropped by `ref=off`; a reward model holds no vocabulary logits; GRPO's logits
//! cover the completion only, its rollout holds a KV cache or a colocated vLLM's share; DoRA adds
//! magnitude vectors, saved outputs and a weight-norm transient. And the words: the CLI's and
//! the chat's, the lines the answer adds in both languages, and the errors.

use super::chat::{say, world};
use bot_core::Catalog;
use bot_core::vram::{
    FitError, FitOptions, FitReport, FitRequest, GIB, Method, ModelRef, Quant, Rollout, Task, Zero,
    estimate_with,
};

fn req<'a>(catalog: &'a Catalog, model: &str, task: Task, method: Method) -> FitRequest<'a> {
    let quant = if task == Task::Qlora {
        Quant::Nf4
    } else {
        Quant::Bf16
    };
    let mut r = FitRequest::new(ModelRef::Known(catalog.model(model).unwrap()), quant, task);
    r.method = method;
    r.context = 1536;
    r.grad_checkpointing = true;
    r
}

fn est(catalog: &Catalog, r: &FitRequest, opts: &FitOptions) -> FitReport {
    estimate_with(catalog, r, opts).unwrap()
}

#[test]
fn a_pair_method_is_the_sft_of_twice_the_sequences() {
    let c = Catalog::embedded().unwrap();
    let opts = FitOptions::default();
    for (model, task) in [("llama-3.1-8b", Task::Lora), ("gemma-2-9b", Task::Qlora)] {
        for m in [Method::Dpo, Method::Orpo, Method::Simpo, Method::Cpo] {
            let mut pair = req(&c, model, task, m);
            pair.batch = 3;
            let mut sft = req(&c, model, task, Method::Sft);
            sft.batch = 6;
            let (p, s) = (est(&c, &pair, &opts), est(&c, &sft, &opts));
            // LoRA's reference is the base with its adapters off: no second copy either.
            assert!(
                (p.per_gpu_gib - s.per_gpu_gib).abs() < 1e-9,
                "{model} {m:?}: {} vs {}",
                p.per_gpu_gib,
                s.per_gpu_gib
            );
        }
        // KTO trains on one completion per example.
        let kto = est(&c, &req(&c, model, task, Method::Kto), &opts);
        let sft = est(&c, &req(&c, model, task, Method::Sft), &opts);
        assert!((kto.per_gpu_gib - sft.per_gpu_gib).abs() < 1e-9);
    }
}

#[test]
fn full_dpo_keeps_a_reference_copy_in_the_load_dtype_sharded_by_zero3_only() {
    let c = Catalog::embedded().unwrap();
    let model = c.model("qwen3-4b").unwrap();
    let params = bot_core::vram::Shape::from_model(model)
        .unwrap()
        .params
        .total;
    let weights = |m: Method, cards: u32, zero: Zero, amp: bool, reference: bool| {
        let mut r = req(&c, "qwen3-4b", Task::Full, m);
        r.cards = cards;
        r.mixed_precision = amp;
        r.reference = Some(reference);
        let opts = FitOptions {
            zero: Some(zero),
            ..FitOptions::default()
        };
        est(&c, &r, &opts).per_gpu.weights_gib
    };
    for (cards, zero, share) in [
        (1, Zero::Off, 1.0),
        (2, Zero::Two, 1.0),
        (4, Zero::Three, 4.0),
    ] {
        for (amp, bytes) in [(false, 2.0), (true, 4.0)] {
            let dpo = weights(Method::Dpo, cards, zero, amp, true);
            let orpo = weights(Method::Orpo, cards, zero, amp, true);
            let want = params * bytes / share / GIB;
            assert!(
                (dpo - orpo - want).abs() < 0.02,
                "{cards} cards {zero:?} amp {amp}: {dpo:.2} - {orpo:.2}, want {want:.2}"
            );
            // Precomputed reference log-probs (`ref=off`): no copy.
            let off = weights(Method::Dpo, cards, zero, amp, false);
            assert!((off - orpo).abs() < 1e-9);
        }
    }
    // GRPO and KTO load the same copy; SimPO and the reward model none.
    let grpo = weights(Method::Grpo, 1, Zero::Off, false, true);
    let kto = weights(Method::Kto, 1, Zero::Off, false, true);
    let simpo = weights(Method::Simpo, 1, Zero::Off, false, true);
    let reward = weights(Method::Reward, 1, Zero::Off, false, true);
    assert!((grpo - kto).abs() < 1e-9 && grpo > simpo + 7.0);
    assert!((simpo - reward).abs() < 1e-9);
}

#[test]
fn a_reward_model_holds_no_vocabulary_logits() {
    let c = Catalog::embedded().unwrap();
    let opts = FitOptions::default();
    for model in ["qwen3-8b", "phi-3-mini"] {
        let reward = est(&c, &req(&c, model, Task::Lora, Method::Reward), &opts);
        let dpo = est(&c, &req(&c, model, Task::Lora, Method::Dpo), &opts);
        // Same sequences, no logits: the loss head's share is gone (most of it with a
        // 152k vocabulary, less with Phi-3's 32k).
        let share = if model == "qwen3-8b" { 0.5 } else { 0.9 };
        assert!(
            reward.per_gpu.activations_gib < dpo.per_gpu.activations_gib * share,
            "{model}: {} vs {}",
            reward.per_gpu.activations_gib,
            dpo.per_gpu.activations_gib
        );
    }
}

#[test]
fn grpo_logits_cover_the_completion_and_the_rollout_is_counted_where_it_runs() {
    let c = Catalog::embedded().unwrap();
    let opts = FitOptions::default();
    let mut g = req(&c, "llama-3.1-8b", Task::Lora, Method::Grpo);
    g.context = 3072;
    g.batch = 6;
    g.rollout = Rollout::Separate;
    let whole = est(&c, &g, &opts).per_gpu.activations_gib;
    g.completion = Some(512);
    let part = est(&c, &g, &opts).per_gpu.activations_gib;
    assert!(part < whole * 0.5, "{part} vs {whole}");
    // The policy generating on the card: the completions' KV cache when it outweighs the step.
    g.rollout = Rollout::Generate;
    g.batch = 256;
    g.context = 8192;
    g.completion = Some(7680);
    let generate = est(&c, &g, &opts).per_gpu.activations_gib;
    g.rollout = Rollout::Separate;
    let separate = est(&c, &g, &opts).per_gpu.activations_gib;
    assert!(generate >= separate, "{generate} vs {separate}");
    // A colocated vLLM keeps its share of the named card; Unsloth's shares the weights.
    let mut g = req(&c, "qwen3-4b", Task::Lora, Method::Grpo);
    g.gpu = Some(c.gpu("l40s").unwrap());
    g.rollout = Rollout::Separate;
    let alone = est(&c, &g, &opts).per_gpu_gib;
    g.rollout = Rollout::Colocate;
    let with = |u: f64| {
        let o = FitOptions {
            vllm_utilization: u,
            ..FitOptions::default()
        };
        est(&c, &g, &o).per_gpu_gib
    };
    let card = c.gpu("l40s").unwrap().vram_gib();
    for u in [0.3, 0.5] {
        assert!(
            (with(u) - alone - u * card).abs() < 0.02,
            "gmu {u}: {} vs {alone}",
            with(u)
        );
    }
    g.unsloth = true;
    let unsloth_colocate = est(&c, &g, &opts).per_gpu_gib;
    g.rollout = Rollout::Separate;
    assert!((unsloth_colocate - est(&c, &g, &opts).per_gpu_gib).abs() < 1e-9);
}

#[test]
fn dora_adds_magnitudes_saved_outputs_and_the_weight_norm() {
    let c = Catalog::embedded().unwrap();
    let opts = FitOptions::default();
    for (model, task) in [("yi-1.5-9b", Task::Lora), ("qwen3-8b", Task::Qlora)] {
        let lora = est(&c, &req(&c, model, task, Method::Sft), &opts);
        let mut d = req(&c, model, task, Method::Sft);
        d.dora = true;
        let dora = est(&c, &d, &opts);
        assert!(dora.trainable_params_b > lora.trainable_params_b);
        let shape = bot_core::vram::Shape::from_model(c.model(model).unwrap()).unwrap();
        let norm = bot_core::vram::method::dora_transient_bytes(&shape, task == Task::Qlora);
        // At least the weight norm's transient on top of LoRA's activations.
        assert!(
            dora.per_gpu.activations_gib - lora.per_gpu.activations_gib >= norm / GIB - 1e-9,
            "{model}: {} vs {}",
            dora.per_gpu.activations_gib,
            lora.per_gpu.activations_gib
        );
        // Without checkpointing every layer keeps DoRA's outputs: the gap widens.
        let mut l2 = req(&c, model, task, Method::Sft);
        l2.grad_checkpointing = false;
        let mut d2 = l2.clone();
        d2.dora = true;
        let gap_gc = dora.per_gpu_gib - lora.per_gpu_gib;
        let gap_nogc = est(&c, &d2, &opts).per_gpu_gib - est(&c, &l2, &opts).per_gpu_gib;
        assert!(gap_nogc > gap_gc, "{gap_nogc} vs {gap_gc}");
    }
}

#[test]
fn methods_and_dora_outside_a_fine_tune_are_clear_errors() {
    let c = Catalog::embedded().unwrap();
    let opts = FitOptions::default();
    let mut r = req(&c, "qwen3-4b", Task::Infer, Method::Grpo);
    assert!(matches!(
        estimate_with(&c, &r, &opts),
        Err(FitError::MethodScope(_))
    ));
    r.method = Method::Sft;
    r.task = Task::Full;
    r.dora = true;
    assert!(matches!(
        estimate_with(&c, &r, &opts),
        Err(FitError::DoraScope)
    ));
    let mut g = req(&c, "qwen3-4b", Task::Lora, Method::Grpo);
    g.completion = Some(4096);
    g.context = 1024;
    assert!(matches!(
        estimate_with(&c, &g, &opts),
        Err(FitError::BadValue(_))
    ));
}

#[test]
fn the_chat_words_size_the_method_and_the_answer_says_what_it_assumed() {
    let w = world();
    // A method word alone is a fine-tune: LoRA assumed, the reference named with its word.
    let en = say(&w, "en", "/fit llama-3.1-8b dpo ctx=1k l40s");
    assert!(en.contains("lora DPO"), "{en}");
    assert!(en.contains("adapters off"), "{en}");
    assert!(en.contains("2 sequences of 1024 tokens"), "{en}");
    let zh = say(&w, "zh", "/fit llama-3.1-8b dpo ctx=1k l40s");
    assert!(zh.contains("LoRA 微调（DPO）"), "{zh}");
    assert!(zh.contains("参考模型") && zh.contains("关掉适配器"), "{zh}");
    // Full DPO: the copy, and ref=off among the remedies when it is tight.
    let full = say(
        &w,
        "en",
        "/fit qwen3-4b full method=dpo ctx=1k batch=2 a100-40g-sxm",
    );
    assert!(full.contains("frozen copy"), "{full}");
    assert!(full.contains("ref=off ("), "{full}");
    let off = say(
        &w,
        "en",
        "/fit qwen3-4b full method=dpo ctx=2k batch=2 ref=off a100-40g-sxm",
    );
    assert!(off.contains("No reference model"), "{off}");
    // GRPO's words: completions, their length and the rollout.
    let g = say(
        &w,
        "en",
        "/fit qwen3-8b lora grpo ctx=2k completion=1536 generations=16 batch=16 rollout=colocate gmu=0.3 h100",
    );
    assert!(
        g.contains("16 per prompt") && g.contains("1536 completion tokens"),
        "{g}"
    );
    assert!(g.contains("colocated"), "{g}");
    let gz = say(
        &w,
        "zh",
        "/fit qwen3-8b grpo completion=512 rollout=separate h100",
    );
    assert!(gz.contains("单独的卡"), "{gz}");
    // DoRA by its word, and the errors in both languages.
    let d = say(&w, "en", "/fit yi-1.5-9b dora ctx=512 a10");
    assert!(
        d.contains("lora DoRA") && d.contains("magnitude vector"),
        "{d}"
    );
    let e = say(&w, "en", "/fit qwen3-4b full dora");
    assert!(e.contains("DoRA is a LoRA variant"), "{e}");
    let ez = say(&w, "zh", "/fit qwen3-4b infer method=kto");
    assert!(ez.contains("微调方法"), "{ez}");
    let bad = say(&w, "en", "/fit qwen3-4b lora method=ppo2");
    assert!(bad.contains("method=ppo2"), "{bad}");
}
