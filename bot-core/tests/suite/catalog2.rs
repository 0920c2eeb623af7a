//! Issue 12's coverage: the new models, the cards with honestly unknown speed figures, the GGUF
//! i-quants and raw MoE sizes (`671b-a37b`), read as a user types them.

use super::chat::ask_fresh as ask;
use bot_core::Catalog;
use bot_core::vram::{
    Engine, FitError, FitRequest, ModelRef, Quant, Task, decode_tokens_per_second, estimate,
    prefill_tokens_per_second,
};

#[test]
fn new_models_resolve_by_id_alias_chinese_name_and_hf_id() {
    let c = Catalog::embedded().unwrap();
    for (query, id) in [
        ("gpt-oss:120b", "gpt-oss-120b"),
        ("openai/gpt-oss-20b", "gpt-oss-20b"),
        ("Llama-4-Scout-17B-16E-Instruct", "llama-4-scout"),
        ("llama4:maverick", "llama-4-maverick"),
        ("moonshotai/Kimi-K2-Instruct", "kimi-k2"),
        ("月之暗面kimi-k2", "kimi-k2"),
        ("智谱glm-4.5", "glm-4.5"),
        ("GLM-4.5-Air", "glm-4.5-air"),
        ("Qwen/Qwen3-235B-A22B-Instruct-2507", "qwen3-235b-a22b-2507"),
        ("qwen3-30b-a3b-thinking-2507", "qwen3-30b-a3b-2507"),
        ("千问3-4b-2507", "qwen3-4b-2507"),
    ] {
        assert_eq!(c.model(query).unwrap().id, id, "{query}");
    }
    // The originals keep their own entries.
    assert_eq!(c.model("qwen3:4b").unwrap().id, "qwen3-4b");
    assert_eq!(c.model("qwen3-235b").unwrap().id, "qwen3-235b-a22b");
}

#[test]
fn new_moe_models_count_total_and_active_parameters_from_their_configs() {
    let c = Catalog::embedded().unwrap();
    for (id, total, active) in [
        ("kimi-k2", 1000.0, 32.0),
        ("glm-4.5", 355.0, 32.0),
        ("glm-4.5-air", 106.0, 12.0),
        ("gpt-oss-120b", 116.8, 5.1),
        ("llama-4-maverick", 400.0, 17.0),
    ] {
        let m = c.model(id).unwrap();
        assert!(m.is_moe(), "{id}");
        let s = bot_core::vram::Shape::from_model(m).unwrap();
        let (t, a) = (s.params.total / 1e9, s.params.active / 1e9);
        assert!((t - total).abs() / total < 0.05, "{id}: total {t}");
        assert!((a - active).abs() / active < 0.25, "{id}: active {a}");
    }
    assert!(c.model("kimi-k2").unwrap().uses_mla());
}

#[test]
fn cards_without_a_published_figure_say_unknown_and_get_no_speed_estimate() {
    let c = Catalog::embedded().unwrap();
    let l20 = c.gpu("l20").unwrap();
    assert_eq!(l20.bandwidth_gbps(), Some(864.0));
    assert_eq!(l20.tflops(), None);
    let modded = c.gpu("4090-48g").unwrap();
    assert_eq!(modded.id, "rtx-4090-48g");
    assert_eq!((modded.bandwidth_gbps(), modded.tflops()), (None, None));
    assert_eq!(c.gpu("魔改4090").unwrap().id, "rtx-4090-48g");
    // The 24 GB cards are not the modded one.
    assert_eq!(c.gpu("4090").unwrap().id, "rtx-4090");
    assert_eq!(c.gpu("4090d").unwrap().id, "rtx-4090d");

    let m = ModelRef::Known(c.model("qwen2.5-7b").unwrap());
    let d = decode_tokens_per_second(m, Quant::Q4KM, l20, 1, Engine::Llamacpp, 1, 2048);
    assert_eq!(d, Err(FitError::SpecUnknown(l20.name.clone(), "tflops")));
    let d = decode_tokens_per_second(m, Quant::Q4KM, modded, 1, Engine::Llamacpp, 1, 2048);
    assert_eq!(
        d,
        Err(FitError::SpecUnknown(modded.name.clone(), "bandwidth"))
    );
    assert!(prefill_tokens_per_second(m, l20, 1).is_err());
    // Memory does not need them: the fit still answers.
    let mut req = FitRequest::new(m, Quant::Q4KM, Task::Infer);
    req.gpu = Some(l20);
    assert_eq!(estimate(&c, &req).unwrap().fits, Some(true));

    let en = ask("en", "/gpu l20");
    assert!(
        en.contains("864 GB/s") && en.contains("FP16/BF16 tensor: unknown"),
        "{en}"
    );
    let zh = ask("zh-CN", "/gpu rtx-4090-48g");
    assert!(
        zh.contains("显存带宽：未知") && zh.contains("张量算力：未知"),
        "{zh}"
    );
    let fit = ask("en", "/fit qwen2.5-7b q4_k_m l20");
    assert!(fit.contains("Fits on 1"), "{fit}");
    assert!(
        fit.contains("No speed estimate") && !fit.contains("tokens/s"),
        "{fit}"
    );
    let fit = ask("zh-CN", "/fit qwen2.5-7b q4_k_m 4090-48g");
    assert!(
        fit.contains("无法估算速度") && fit.contains("显存带宽"),
        "{fit}"
    );
    let tco = ask("zh-CN", "/tco qwen2.5-7b int4 l20 10m 0.3 price=2.5");
    assert!(tco.contains("无法估算速度"), "{tco}");
    let tco = ask("en", "/tco qwen2.5-7b int4 4090 10m 0.3");
    assert!(!tco.contains("No speed estimate"), "{tco}");
}

#[test]
fn gguf_i_quants_parse_and_carry_llama_cpp_bits_per_weight() {
    let rows = [
        ("iq1_s", Quant::Iq1S, 2.0042, 1.5625),
        ("IQ1_M", Quant::Iq1M, 2.1460, 1.75),
        ("iq2_xxs", Quant::Iq2Xxs, 2.3824, 2.0625),
        ("IQ2-XS", Quant::Iq2Xs, 2.5882, 2.3125),
        ("iq2s", Quant::Iq2S, 2.7403, 2.5625),
        ("IQ3_XXS", Quant::Iq3Xxs, 3.2548, 3.0625),
        ("iq3_s", Quant::Iq3S, 3.6606, 3.4375),
        ("iq4_xs", Quant::Iq4Xs, 4.4597, 4.25),
        ("IQ4_NL", Quant::Iq4Nl, 4.6818, 4.5),
    ];
    let mut last = 0.0;
    for (typed, q, file_bpw, block_bpw) in rows {
        assert_eq!(typed.parse::<Quant>().unwrap(), q, "{typed}");
        assert_eq!(q.key().parse::<Quant>().unwrap(), q);
        assert!(q.is_gguf() && q.is_low_bit(), "{q}");
        assert_eq!(q.gguf_bpw(), Some(file_bpw), "{q}");
        assert_eq!(q.gguf_block_bpw(), Some(block_bpw), "{q}");
        // A file holds more than its blocks (embeddings, output at higher-bit types).
        assert!(file_bpw > block_bpw, "{q}");
        assert!(file_bpw > last, "{q}: sizes grow with the type");
        last = file_bpw;
        assert!(Quant::ALL.contains(&q));
    }
    assert_eq!(Quant::Q4KM.gguf_block_bpw(), None);
    assert!("iq5_xs".parse::<Quant>().is_err());
    // Fine-tuning GGUF weights is refused, as for the other GGUF types.
    let c = Catalog::embedded().unwrap();
    let m = ModelRef::Known(c.model("qwen2.5-7b").unwrap());
    let req = FitRequest::new(m, Quant::Iq4Xs, Task::Lora);
    assert_eq!(
        estimate(&c, &req).unwrap_err(),
        FitError::GgufTraining(Quant::Iq4Xs)
    );
    // In chat, both languages, with the file-size caveat.
    let en = ask("en", "/fit qwen2.5-72b iq2_xxs");
    assert!(en.contains("iq2_xxs") && en.contains(".gguf file"), "{en}");
    let zh = ask("zh-CN", "/fit qwen2.5-72b IQ4_XS");
    assert!(
        zh.contains("iq4_xs") && zh.contains("gguf 文件大小"),
        "{zh}"
    );
}

#[test]
fn raw_moe_sizes_use_the_total_for_memory_and_the_active_count_for_speed() {
    let c = Catalog::embedded().unwrap();
    let h100 = c.gpu("h100-sxm").unwrap();
    let dense = ModelRef::BySize {
        params_b: 671.0,
        active_b: None,
    };
    let moe = ModelRef::BySize {
        params_b: 671.0,
        active_b: Some(37.0),
    };
    let mem = |m: ModelRef| {
        let mut req = FitRequest::new(m, Quant::Q4KM, Task::Infer);
        req.engine = Engine::Llamacpp;
        estimate(&c, &req).unwrap()
    };
    let (d, m) = (mem(dense), mem(moe));
    // Memory holds every expert: the same weights; the KV cache follows the active-size
    // skeleton of a MoE (issue 24), not a 671B dense shape.
    assert!(
        (d.weights_gib - m.weights_gib).abs() <= 0.01 * d.weights_gib,
        "memory holds every expert: {} vs {}",
        d.weights_gib,
        m.weights_gib
    );
    assert!(m.kv_cache_gib < d.kv_cache_gib, "{m:?}");
    assert_eq!(m.model, "671b-a37b");
    let tps = |m: ModelRef| {
        decode_tokens_per_second(m, Quant::Q4KM, h100, 8, Engine::Llamacpp, 1, 2048)
            .unwrap()
            .value
    };
    let (td, tm) = (tps(dense), tps(moe));
    assert!(
        tm > 10.0 * td,
        "a step reads only the active weights: {tm} vs {td}"
    );
    // Active above total is refused, not silently swapped.
    let bad = ModelRef::BySize {
        params_b: 37.0,
        active_b: Some(671.0),
    };
    assert!(estimate(&c, &FitRequest::new(bad, Quant::Q4KM, Task::Infer)).is_err());

    // In chat: the raw size is read; a bare large size warns that it is sized as dense and
    // names the catalog's MoE models of that size.
    let en = ask("en", "/fit 671b-a37b q4_k_m h100-sxm 8");
    assert!(en.contains("671b-a37b") && en.contains("tokens/s"), "{en}");
    assert!(!en.contains("sized as a dense model"), "{en}");
    let en = ask("en", "/fit 671b q4_k_m");
    assert!(
        en.contains("sized as a dense model") && en.contains("671b-a37b"),
        "{en}"
    );
    assert!(en.contains("deepseek-v3"), "{en}");
    let zh = ask("zh-CN", "/fit 355b q4_k_m");
    assert!(
        zh.contains("按稠密模型估算") && zh.contains("glm-4.5"),
        "{zh}"
    );
    let small = ask("en", "/fit 13b");
    assert!(!small.contains("sized as a dense model"), "{small}");
    let tco = ask("en", "/tco 671b q4_k_m h100-sxm cards=8 10m 0.5");
    assert!(tco.contains("sized as a dense model"), "{tco}");
}
