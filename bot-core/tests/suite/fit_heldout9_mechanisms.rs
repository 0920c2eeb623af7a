//! Held-out 9's mechanism (session 13, mem-k) on models, lengths and cards of no table: vLLM's
//! `--gpu-memory-utilization` is the share of each card it may fill with the weights, its
//! start-up profile's activations and the KV cache (`vllm/v1/worker/gpu_worker.py`,
//! `determine_available_memory`: requested = total × utilization, the cache gets what the
//! weights and the profile leave). The chat's `gmu=0.95` and the CLI's flag set it; the answer
//! says the share in both languages.

use bot_core::vram::{
    Engine, FitOptions, FitReport, FitRequest, ModelRef, Quant, Task, estimate_with,
    vllm_utilization,
};
use bot_core::{Catalog, Lang, Localizer};

#[test]
fn the_share_is_read_as_users_write_it() {
    for (word, share) in [
        ("0.95", 0.95),
        ("95%", 0.95),
        ("95", 0.95),
        (" 80 % ", 0.80),
        ("1", 1.0),
        ("0.5", 0.5),
        ("100", 1.0),
    ] {
        let got = vllm_utilization(word).unwrap_or_else(|| panic!("{word}"));
        assert!((got - share).abs() < 1e-12, "{word}: {got}");
    }
    for bad in ["0", "-0.5", "1.5", "120", "101%", "NaN", "inf", "high", ""] {
        assert_eq!(vllm_utilization(bad), None, "{bad}");
    }
}

fn report(model: &str, quant: Quant, ctx: u32, cards: u32, gpu: &str, util: f64) -> FitReport {
    let catalog = Catalog::embedded().unwrap();
    let mut req = FitRequest::new(
        ModelRef::Known(catalog.model(model).unwrap()),
        quant,
        Task::Infer,
    );
    req.engine = Engine::Vllm;
    req.context = ctx;
    req.cards = cards;
    req.gpu = Some(catalog.gpu(gpu).unwrap());
    let opts = FitOptions {
        vllm_utilization: util,
        ..FitOptions::default()
    };
    estimate_with(&catalog, &req, &opts).unwrap()
}

#[test]
fn the_budget_is_the_weights_the_profile_and_the_cache_over_the_share() {
    // Qwen2.5-Coder-32B AWQ over two 4090s at 16384 tokens; GLM-4-9B-Chat-1M at 65536 on an L40S.
    for (model, quant, ctx, cards, gpu) in [
        ("qwen2.5-coder-32b", Quant::Awq, 16384, 2, "rtx-4090"),
        ("glm-4-9b-chat-1m", Quant::Bf16, 65536, 1, "l40s"),
    ] {
        let base = report(model, quant, ctx, cards, gpu, 0.90);
        let mut last = f64::NEG_INFINITY;
        for util in [0.70, 0.80, 0.90, 0.95, 1.0] {
            let r = report(model, quant, ctx, cards, gpu, util);
            let (p, b) = (&r.per_gpu, &base.per_gpu);
            // What vLLM loads and profiles does not depend on the share ...
            assert_eq!(p.weights_gib, b.weights_gib);
            assert_eq!(p.kv_cache_gib, b.kv_cache_gib);
            assert_eq!(p.activations_gib, b.activations_gib);
            // ... nor does what the job needs: the three parts plus the CUDA context and graphs
            // outside the share (mem_ea: the share is a limit on the card, `vram::vllm_share`).
            // What the share decides is the room left: inside the share where the three parts
            // over it exceed that need, else the card's. (On the named card nvidia-smi shows the
            // whole budget, `per_gpu_gib`.)
            let core = p.weights_gib + p.kv_cache_gib + p.activations_gib;
            let need = r.per_gpu_required_gib;
            assert!(
                (need - base.per_gpu_required_gib).abs() < 0.02,
                "{model} {util}"
            );
            assert!(need > core, "{model} {util}");
            let usable = Catalog::embedded().unwrap().gpu(gpu).unwrap().usable_gib();
            let spare = r.margin_gib.unwrap();
            if core / util > need {
                // The share holds the parts: its spare is the share less the parts.
                assert!(
                    (spare - (util * usable - core)).abs() < 0.03,
                    "{model} {util}: {r:?}"
                );
            } else {
                assert!((spare - (usable - need)).abs() < 0.03, "{model} {util}");
            }
            assert!(
                spare >= last - 0.02,
                "{model}: a larger share never leaves less room"
            );
            assert!(r.per_gpu_gib >= need, "{model} {util}");
            last = spare;
        }
        // A lower share leaves strictly less room where the share, not the context, decides.
        let low = report(model, quant, ctx, cards, gpu, 0.70);
        assert!(
            low.margin_gib.unwrap() + 1.0 < base.margin_gib.unwrap(),
            "{model}"
        );
    }
}

#[test]
fn a_bad_share_from_a_caller_falls_back_to_vllms_default() {
    let d = report("glm-4-9b-chat-1m", Quant::Bf16, 65536, 1, "l40s", 0.90);
    for bad in [0.0, -1.0, 1.5, f64::NAN] {
        let r = report("glm-4-9b-chat-1m", Quant::Bf16, 65536, 1, "l40s", bad);
        assert_eq!(r.per_gpu_gib, d.per_gpu_gib, "{bad}");
    }
}

use super::chat::ask_fresh as ask;

#[test]
fn the_chat_takes_the_share_and_says_it_in_both_languages() {
    let line = "/fit qwen2.5-coder-32b awq 2x4090 ctx=16k engine=vllm";
    let plain = ask("en", line);
    let set = ask("en", &format!("{line} gmu=0.95"));
    assert!(plain.contains("takes 90% of each card"), "{plain}");
    assert!(set.contains("takes 95% of each card"), "{set}");
    assert!(set.contains("gmu=0.95"), "{set}");
    // The figure is the estimate's at that share.
    let r = report("qwen2.5-coder-32b", Quant::Awq, 16384, 2, "rtx-4090", 0.95);
    let need = format!("{:.1}", r.per_gpu_gib);
    assert!(set.contains(&need), "{need} missing:\n{set}");
    assert_ne!(plain, set);
    let zh = ask("zh", &format!("{line} 显存利用率=95%"));
    assert!(zh.contains("95% 的显存"), "{zh}");
    assert!(zh.contains("显存利用率"), "{zh}");
    // A share vLLM refuses is refused, not sized.
    let bad = ask("en", &format!("{line} gmu=1.5"));
    assert!(!bad.contains("takes"), "{bad}");
    assert!(bad.contains("gmu=1.5"), "{bad}");
}

#[test]
fn the_note_says_the_share_the_figure_used() {
    // A caller's bad value is sized at vLLM's default, and the note says that default.
    let opts = FitOptions {
        vllm_utilization: 1.5,
        ..FitOptions::default()
    };
    assert_eq!(opts.vllm_share(), 0.90);
    let good = FitOptions {
        vllm_utilization: 0.85,
        ..FitOptions::default()
    };
    assert_eq!(good.vllm_share(), 0.85);
    let catalog = Catalog::embedded().unwrap();
    let mut req = FitRequest::new(
        ModelRef::Known(catalog.model("glm-4-9b-chat-1m").unwrap()),
        Quant::Bf16,
        Task::Infer,
    );
    req.engine = Engine::Vllm;
    let said = |o: &FitOptions| {
        estimate_with(&catalog, &req, o)
            .unwrap()
            .warnings
            .iter()
            .map(|m| Localizer::get().format(Lang::En, m))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert!(
        said(&opts).contains("takes 90% of each card"),
        "{}",
        said(&opts)
    );
    assert!(
        said(&good).contains("takes 85% of each card"),
        "{}",
        said(&good)
    );
}

// Held-out 9, second part (mem-l): vLLM's start-up profile of a vision-language model encodes
// the largest image its processor accepts and keeps the encoder's outputs through the text
// dummy run and the sampler (`gpu_model_runner.py`, `profile_run`). Models and cards of no table.

/// One bf16 inference at 8192 tokens of `model` on `cards` × `gpu` under `engine`.
pub(super) fn engine_report(model: &str, engine: Engine, cards: u32, gpu: &str) -> FitReport {
    let catalog = Catalog::embedded().unwrap();
    let mut req = FitRequest::new(
        ModelRef::Known(catalog.model(model).unwrap()),
        Quant::Bf16,
        Task::Infer,
    );
    req.engine = engine;
    req.context = 8192;
    req.cards = cards;
    req.gpu = Some(catalog.gpu(gpu).unwrap());
    estimate_with(&catalog, &req, &FitOptions::default()).unwrap()
}

/// Activations per card of a VL model above its own text decoder's.
fn vision_rise(vl: &str, text: &str, engine: Engine, cards: u32, gpu: &str) -> f64 {
    let a = engine_report(vl, engine, cards, gpu)
        .per_gpu
        .activations_gib;
    let b = engine_report(text, engine, cards, gpu)
        .per_gpu
        .activations_gib;
    a - b
}

#[test]
fn a_vision_model_on_vllm_profiles_its_largest_image() {
    let catalog = Catalog::embedded().unwrap();
    for (vl, text, gpu) in [
        ("qwen2.5-vl-7b", "qwen2.5-7b", "l40s"),
        ("qwen2.5-vl-3b", "qwen2.5-3b", "rtx-4090"),
    ] {
        let m = catalog.model(vl).unwrap();
        let v = m.vision.expect("a vision tower in the catalog");
        // The encoder's outputs alone: one 16-bit row of the decoder's width per image token.
        let tokens = (v.max_pixels / (v.patch as u64 * v.merge as u64).pow(2)) as f64;
        let kept = tokens * m.hidden as f64 * 2.0 / (1u64 << 30) as f64;
        let rise = vision_rise(vl, text, Engine::Vllm, 1, gpu);
        assert!(
            rise >= kept - 0.01,
            "{vl} on {gpu}: +{rise:.2} GiB, outputs {kept:.2}"
        );
        // Whole-card sizing takes it: the VL model never needs less than its decoder.
        let need = |id: &str| engine_report(id, Engine::Vllm, 1, gpu).per_gpu_required_gib;
        assert!(need(vl) > need(text), "{vl}");
        // Only vLLM profiles an image at start-up.
        let hf = vision_rise(vl, text, Engine::Transformers, 1, gpu);
        assert!(hf.abs() < 1e-9, "{vl} in Transformers: {hf}");
    }
}

#[test]
fn the_vision_blocks_split_over_tensor_parallel_ranks() {
    // Qwen2.5-VL-3B on one, two and four 4090s: the encoder's blocks (its FFN) are split, the
    // outputs and the fp32 pixels are not, so the rise shrinks but never below the outputs.
    let one = vision_rise("qwen2.5-vl-3b", "qwen2.5-3b", Engine::Vllm, 1, "rtx-4090");
    let two = vision_rise("qwen2.5-vl-3b", "qwen2.5-3b", Engine::Vllm, 2, "rtx-4090");
    let four = vision_rise("qwen2.5-vl-3b", "qwen2.5-3b", Engine::Vllm, 4, "rtx-4090");
    assert!(one > two && two >= four && four > 0.0, "{one} {two} {four}");
}

#[test]
fn the_catalog_refuses_a_vision_tower_it_cannot_size() {
    let sources = |models: &str| {
        Catalog::from_sources(
            include_str!("../../catalog/gpus.toml"),
            include_str!("../../catalog/platforms.toml"),
            models,
            include_str!("../../catalog/fx.toml"),
        )
    };
    let models = include_str!("../../catalog/models.toml");
    assert!(sources(models).is_ok());
    for (from, to) in [
        ("patch = 14,", "patch = 0,"),
        ("merge = 2,", "merge = 0,"),
        ("max_pixels = 12845056", "max_pixels = 100"),
    ] {
        assert!(models.contains(from), "{from}");
        let err = sources(&models.replacen(from, to, 1))
            .unwrap_err()
            .to_string();
        assert!(err.contains("vision"), "{to}: {err}");
    }
}
