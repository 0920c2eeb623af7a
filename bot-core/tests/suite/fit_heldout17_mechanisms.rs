//! Held-out 17's mechanisms, tested on models and cards of no table: the KV cache's element type
//! as each engine runs it (`vram::kv_cache`): llama.cpp's block types at their block bytes, K and
//! V apart, vLLM's fp8 in place of a block type, llama.cpp's q8_0 in place of fp8, and llama.cpp's
//! refusal of a quantized V cache without flash attention; Ollama's parallel slots.

use bot_core::Catalog;
use bot_core::vram::{
    Attention, Engine, FitOptions, FitReport, FitRequest, KvDtype, ModelRef, Quant, Task,
    estimate_with,
};

fn sized(model: &str, engine: Engine, ctx: u32, k: KvDtype, v: Option<KvDtype>) -> FitReport {
    sized_with(model, engine, ctx, k, v, None)
}

fn sized_with(
    model: &str,
    engine: Engine,
    ctx: u32,
    k: KvDtype,
    v: Option<KvDtype>,
    attention: Option<Attention>,
) -> FitReport {
    let catalog = Catalog::embedded().unwrap();
    let quant = if engine == Engine::Llamacpp {
        Quant::Q4KM
    } else {
        Quant::Awq
    };
    let mut req = FitRequest::new(
        ModelRef::Known(catalog.model(model).unwrap()),
        quant,
        Task::Infer,
    );
    req.engine = engine;
    req.context = ctx;
    req.attention = attention;
    let opts = FitOptions {
        kv_cache: k,
        kv_cache_v: v,
        ..FitOptions::default()
    };
    estimate_with(&catalog, &req, &opts).unwrap()
}

#[test]
fn llamacpps_block_types_cost_their_block_bytes() {
    // Yi-1.5-34B (60 layers, 8 KV heads of 128) at 64k in llama.cpp: every type against f16,
    // 32 values a block with an fp16 scale (and an fp16 minimum for the `_1` types).
    let f16 = sized("yi-1.5-34b", Engine::Llamacpp, 65536, KvDtype::Fp16, None);
    let want_f16 = 60.0 * 2.0 * 8.0 * 128.0 * 2.0 * 65536.0 / (1u64 << 30) as f64;
    assert!(
        (f16.kv_cache_gib - want_f16).abs() < 0.02,
        "{}",
        f16.kv_cache_gib
    );
    for (t, block) in [
        (KvDtype::Q8_0, 34.0),
        (KvDtype::Q5_1, 24.0),
        (KvDtype::Q5_0, 22.0),
        (KvDtype::Q4_1, 20.0),
        (KvDtype::Q4_0, 18.0),
        (KvDtype::Iq4Nl, 18.0),
    ] {
        let r = sized("yi-1.5-34b", Engine::Llamacpp, 65536, t, None);
        let want = want_f16 * block / 64.0;
        assert!(
            (r.kv_cache_gib - want).abs() < 0.02,
            "{}: {} vs {want:.2}",
            t.key(),
            r.kv_cache_gib
        );
        assert_eq!(r.kv_cache, t.key());
        // Never the round 1/2 or 1/4: the scale is stored.
        assert!(r.kv_cache_gib > want_f16 * (block - 2.0) / 64.0);
    }
    // K in q8_0 with V in f16 (`-ctk q8_0` alone): half of each.
    let k_only = sized(
        "yi-1.5-34b",
        Engine::Llamacpp,
        65536,
        KvDtype::Q8_0,
        Some(KvDtype::Fp16),
    );
    let want = want_f16 * (34.0 / 64.0 + 1.0) / 2.0;
    assert!(
        (k_only.kv_cache_gib - want).abs() < 0.02,
        "{}",
        k_only.kv_cache_gib
    );
    assert_eq!(k_only.kv_cache, "q8_0/f16");
    // The smaller cache is in the per-card total the verdict reads.
    assert!(f16.per_gpu_gib - k_only.per_gpu_gib > (want_f16 - want) * 0.99);
}

#[test]
fn each_engine_runs_the_cache_types_it_has() {
    // vLLM has no llama.cpp block type: q4_0 asked on Phi-4 is vLLM's fp8, said so.
    let q4 = sized("phi-4", Engine::Vllm, 16384, KvDtype::Q4_0, None);
    let fp8 = sized("phi-4", Engine::Vllm, 16384, KvDtype::Fp8, None);
    assert_eq!(q4.kv_cache_gib, fp8.kv_cache_gib);
    assert_eq!(q4.kv_cache, "fp8");
    assert!(q4.warning_ids.iter().any(|w| w == "fit-warn-kv-engine"));
    assert!(!fp8.warning_ids.iter().any(|w| w == "fit-warn-kv-engine"));
    // llama.cpp has no fp8 cache: fp8 asked on Gemma-2-27B is q8_0, the larger of the two.
    let as_fp8 = sized("gemma-2-27b", Engine::Llamacpp, 8192, KvDtype::Fp8, None);
    let q8 = sized("gemma-2-27b", Engine::Llamacpp, 8192, KvDtype::Q8_0, None);
    assert_eq!(as_fp8.kv_cache_gib, q8.kv_cache_gib);
    assert_eq!(as_fp8.kv_cache, "q8_0");
    assert!(as_fp8.warning_ids.iter().any(|w| w == "fit-warn-kv-engine"));
    // Transformers keeps the cache as asked and says what it takes to get it.
    let hf = sized("phi-4", Engine::Transformers, 16384, KvDtype::Fp8, None);
    assert_eq!(hf.kv_cache, "fp8");
    assert!(
        hf.warning_ids
            .iter()
            .any(|w| w == "fit-warn-kv-transformers")
    );
    let plain = sized("phi-4", Engine::Transformers, 16384, KvDtype::Fp16, None);
    assert!(
        plain.warning_ids.is_empty()
            || !plain
                .warning_ids
                .iter()
                .any(|w| w.starts_with("fit-warn-kv-"))
    );
}

#[test]
fn llamacpp_refuses_a_quantized_v_cache_without_flash_attention() {
    let refuses = |v: Option<KvDtype>, attn: Option<Attention>| {
        sized_with(
            "mistral-7b-v0.3",
            Engine::Llamacpp,
            32768,
            KvDtype::Q4_0,
            v,
            attn,
        )
        .warning_ids
        .iter()
        .any(|w| w == "fit-warn-kv-needs-fa")
    };
    // -fa off with a q4_0 V cache: llama.cpp does not create the context.
    assert!(refuses(None, Some(Attention::Eager)));
    assert!(refuses(None, Some(Attention::Sdpa)));
    // With flash attention, or the engine's own choice (llama.cpp's auto), it runs.
    assert!(!refuses(None, Some(Attention::Flash)));
    assert!(!refuses(None, None));
    // A quantized K cache alone runs without it.
    assert!(!refuses(Some(KvDtype::Fp16), Some(Attention::Eager)));
    // vLLM is not llama.cpp: nothing to refuse there.
    let v = sized_with(
        "mistral-7b-v0.3",
        Engine::Vllm,
        32768,
        KvDtype::Fp8,
        None,
        Some(Attention::Eager),
    );
    assert!(!v.warning_ids.iter().any(|w| w == "fit-warn-kv-needs-fa"));
}

#[test]
fn every_spelling_of_the_cache_type_sizes_the_same_job() {
    let ask = |lang: &str, line: &str| super::chat::ask_fresh(lang, line);
    let base = "/fit qwen2.5-14b q4_k_m ctx=32k engine=llamacpp rtx-4080";
    let kv = ask("en-US", &format!("{base} kv=q8_0"));
    for spelled in [
        "ctk=q8_0 ctv=q8_0",
        "cache_type_k=q8_0 cache_type_v=q8_0",
        "OLLAMA_KV_CACHE_TYPE=q8_0",
        "kv_cache_dtype=q8",
        "kv缓存=q8_0",
    ] {
        assert_eq!(ask("en-US", &format!("{base} {spelled}")), kv, "{spelled}");
    }
    assert!(
        kv.contains("KV cache in q8_0: 8.5 bits a value, 53% of the 16-bit cache"),
        "{kv}"
    );
    let plain = ask("en-US", base);
    assert_ne!(plain, kv);
    assert!(!plain.contains("KV cache in"), "{plain}");
    // K alone: the echo names both.
    let k_only = ask("en-US", &format!("{base} ctk=q4_0"));
    assert!(
        k_only.contains("KV cache in q4_0/f16: 10.25 bits a value, 64%"),
        "{k_only}"
    );
    // In Chinese, the same figures and no English sentence.
    let zh = ask("zh-CN", &format!("{base} kv缓存=q4_0"));
    assert!(
        zh.contains("KV 缓存用 q4_0：每个值 4.5 位，是 16 位缓存的 28%"),
        "{zh}"
    );
    assert!(!zh.contains("bits a value"), "{zh}");
    // Without flash attention llama.cpp refuses, said in both languages.
    let eager = ask("en-US", &format!("{base} kv=q4_0 attn=eager"));
    assert!(eager.contains("llama.cpp will not start this"), "{eager}");
    let eager_zh = ask("zh-CN", &format!("{base} kv=q4_0 attn=eager"));
    assert!(eager_zh.contains("llama.cpp 跑不起来"), "{eager_zh}");
    // A type no engine has is a clear error, not a size.
    let bad = ask("en-US", &format!("{base} kv=q3"));
    assert!(bad.contains("kv=q3"), "{bad}");
    assert!(!bad.contains("KV cache in"), "{bad}");
}

#[test]
fn ollamas_parallel_slots_are_sequences_of_the_context_each() {
    // Ollama starts llama-server with `-c num_ctx × OLLAMA_NUM_PARALLEL`: four slots of 8k on
    // Llama-3.2-3B hold four times one slot's cache.
    let ask = |line: &str| super::chat::ask_fresh("en-US", line);
    let one = ask("/fit llama-3.2-3b q4_k_m ctx=8k engine=ollama rtx-3060");
    let four = ask("/fit llama-3.2-3b q4_k_m ctx=8k engine=ollama parallel=4 rtx-3060");
    let np = ask("/fit llama-3.2-3b q4_k_m ctx=8k engine=ollama OLLAMA_NUM_PARALLEL=4 rtx-3060");
    let batch = ask("/fit llama-3.2-3b q4_k_m ctx=8k engine=ollama batch=4 rtx-3060");
    assert_eq!(four, np);
    assert_eq!(four, batch);
    assert_ne!(four, one);
    let catalog = Catalog::embedded().unwrap();
    let kv = |batch: u32| {
        let mut req = FitRequest::new(
            ModelRef::Known(catalog.model("llama-3.2-3b").unwrap()),
            Quant::Q4KM,
            Task::Infer,
        );
        req.engine = Engine::Llamacpp;
        req.context = 8192;
        req.batch = batch;
        estimate_with(&catalog, &req, &FitOptions::default())
            .unwrap()
            .kv_cache_gib
    };
    assert!((kv(4) - 4.0 * kv(1)).abs() < 0.05, "{} vs {}", kv(4), kv(1));
}

#[test]
fn sglangs_default_fraction_follows_the_card_and_the_tensor_parallel_size() {
    use bot_core::vram::server::sglang_default_fraction as f;
    // 24 GB (24564 MiB): 2048-token chunks, 24 graph batches: 512 + 3072 + 48 + 128 MiB kept.
    assert_eq!(f(24564.0, 1), 0.847);
    // 16 GB: 8 graph batches.
    assert_eq!(f(16384.0, 1), 0.772);
    // 80 GB (81559 MiB): 8192-token chunks, 256 graph batches, 512 from TP 4: 13440 and 14336.
    assert_eq!(f(81559.0, 1), 0.835);
    assert_eq!(f(81559.0, 4), 0.824);
    // A card over 60 GiB keeps at least 10 GiB, whatever the heuristic: 64 GiB, TP 1.
    assert_eq!(
        f(65536.0, 1),
        ((65536.0_f64 - 13440.0) / 65536.0 * 1000.0).round() / 1000.0
    );
    // Larger cards keep the same MiB, so a larger share goes to the pool.
    assert!(f(143771.0, 1) > f(81559.0, 1));
}

fn served(engine: &str, ctx: u32, fraction: Option<f64>) -> FitReport {
    let catalog = Catalog::embedded().unwrap();
    let mut req = FitRequest::new(
        ModelRef::Known(catalog.model("qwen2.5-14b").unwrap()),
        Quant::Bf16,
        Task::Infer,
    );
    req.engine = engine.parse::<Engine>().unwrap();
    req.context = ctx;
    req.gpu = Some(catalog.gpu("a100-40g-pcie").unwrap());
    let opts = FitOptions {
        server: bot_core::vram::Server::parse(engine),
        server_fraction: fraction,
        ..FitOptions::default()
    };
    estimate_with(&catalog, &req, &opts).unwrap()
}

#[test]
fn each_server_holds_its_own_pool() {
    // Qwen2.5-14B in bf16 on an A100 40GB at 32k: SGLang's default (0.83 of this card) must hold
    // the weights and one 32k sequence's cache; vLLM's 0.90 must hold them with the activations.
    let sglang = served("sglang", 32768, None);
    let pool = sglang.per_gpu.weights_gib + sglang.per_gpu.kv_cache_gib;
    let card = Catalog::embedded()
        .unwrap()
        .gpu("a100-40g-pcie")
        .unwrap()
        .usable_gib();
    let f = bot_core::vram::server::sglang_default_fraction(card * 1024.0, 1);
    assert!(
        (sglang.per_gpu_required_gib - pool / f).abs() < 0.05,
        "{} vs {:.2}",
        sglang.per_gpu_required_gib,
        pool / f
    );
    assert!(
        sglang
            .warning_ids
            .iter()
            .any(|w| w == "fit-warn-server-pool")
    );
    assert!(
        !sglang
            .warning_ids
            .iter()
            .any(|w| w == "fit-warn-vllm-prealloc")
    );
    // A larger fraction needs less card.
    let high = served("sglang", 32768, Some(0.95));
    assert!(high.per_gpu_required_gib < sglang.per_gpu_required_gib);
    // TGI takes the whole card by default: weights, KV and activations with the CUDA context.
    // vLLM's job needs the same (mem_ea: its 0.90 share is a limit on the card, not part of
    // the need, `vram::vllm_share`), but that share leaves it less room on the card.
    let tgi = served("tgi", 32768, None);
    let vllm = served("vllm", 32768, None);
    assert!(tgi.per_gpu_required_gib <= vllm.per_gpu_required_gib + 0.01);
    assert!(tgi.margin_gib.unwrap() > vllm.margin_gib.unwrap());
    // LMDeploy gives 0.8 of what the weights leave to the cache: the cache over 0.8 beside them.
    let lm = served("lmdeploy", 32768, None);
    let want = lm.per_gpu.weights_gib + lm.per_gpu.kv_cache_gib / 0.8;
    assert!(
        lm.per_gpu_required_gib >= want - 0.05,
        "{} < {want:.2}",
        lm.per_gpu_required_gib
    );
    // The same job without a server word is vLLM's, and says vLLM's share.
    assert!(
        vllm.warning_ids
            .iter()
            .any(|w| w == "fit-warn-vllm-prealloc")
    );
    // Training is never a server's.
    let catalog = Catalog::embedded().unwrap();
    let mut req = FitRequest::new(
        ModelRef::Known(catalog.model("qwen2.5-14b").unwrap()),
        Quant::Bf16,
        Task::Lora,
    );
    req.engine = Engine::Vllm;
    let opts = FitOptions {
        server: bot_core::vram::Server::parse("sglang"),
        ..FitOptions::default()
    };
    assert!(opts.server_pool(&req).is_none());
}

#[test]
fn the_server_words_are_said_in_both_languages() {
    let ask = |lang: &str, line: &str| super::chat::ask_fresh(lang, line);
    let base = "/fit qwen2.5-14b bf16 ctx=32k a100-40g-pcie";
    let sg = ask("en-US", &format!("{base} engine=sglang"));
    assert!(sg.contains("SGLang keeps 83.3% of each card"), "{sg}");
    assert!(sg.contains("an assumption for this server"), "{sg}");
    let mfs = ask(
        "en-US",
        &format!("{base} engine=sglang mem_fraction_static=0.95"),
    );
    assert_eq!(mfs, ask("en-US", &format!("{base} engine=sglang mfs=95%")));
    assert!(mfs.contains("SGLang keeps 95% of each card"), "{mfs}");
    assert_ne!(mfs, sg);
    let tgi = ask("en-US", &format!("{base} engine=tgi"));
    assert!(tgi.contains("TGI takes 100% of each card"), "{tgi}");
    let lm = ask("en-US", &format!("{base} engine=lmdeploy"));
    assert!(lm.contains("LMDeploy gives 80%"), "{lm}");
    let trt = ask("en-US", &format!("{base} engine=trt-llm"));
    assert_eq!(trt, ask("en-US", &format!("{base} engine=tensorrt-llm")));
    assert!(trt.contains("TensorRT-LLM gives 90%"), "{trt}");
    let zh = ask("zh-CN", &format!("{base} engine=sglang"));
    assert!(
        zh.contains("SGLang 为权重和 KV 缓存池预留每张卡 83.3%"),
        "{zh}"
    );
    assert!(!zh.contains("assumption"), "{zh}");
    let bad = ask("en-US", &format!("{base} engine=sglang mfs=1.5"));
    assert!(bad.contains("mfs=1.5"), "{bad}");
}
