//! Held-out 18's fixes, tested on models and cards of no table row: Qwen3-VL-4B in the catalog
//! (Qwen3-4B's shape with the smaller 24-block vision tower), the speed line reading the KV cache
//! in the types the memory estimate sized, and the `/fit` title naming the server typed.

use bot_core::Catalog;
use bot_core::vram::{
    Engine, FitOptions, FitRequest, KvDtype, ModelRef, Quant, Task, decode_tokens_per_second,
    decode_tokens_per_second_kv, estimate_with,
};

fn ask(lang: &str, line: &str) -> String {
    super::chat::ask_fresh(lang, line)
}

/// The "X GiB read per step" figure of a `/fit` answer's speed line (en-US), if any.
fn read_per_step(answer: &str) -> Option<f64> {
    let at = answer.find(" GiB read per step")?;
    let head = &answer[..at];
    let start = head.rfind(|c: char| !(c.is_ascii_digit() || c == '.'))? + 1;
    head[start..].parse().ok()
}

#[test]
fn qwen3_vl_4b_is_qwen3_4b_with_the_smaller_tower() {
    let catalog = Catalog::embedded().unwrap();
    let vl = catalog.model("qwen3-vl-4b").unwrap();
    let text = catalog.model("qwen3-4b").unwrap();
    // The language model is Qwen3-4B's, the tower adds its 0.41B.
    assert_eq!((vl.layers, vl.hidden), (text.layers, text.hidden));
    assert!((vl.params_b - 4.44).abs() < 1e-9, "{}", vl.params_b);
    let tower = vl.vision.as_ref().expect("a vision tower");
    assert_eq!(
        (tower.depth, tower.hidden, tower.intermediate),
        (24, 1024, 4096)
    );
    // The 8B's tower is the larger one: the two sizes are not copies.
    let big = catalog
        .model("qwen3-vl-8b")
        .unwrap()
        .vision
        .as_ref()
        .unwrap();
    assert!(big.depth > tower.depth && big.hidden > tower.hidden);
    for spelled in ["Qwen/Qwen3-VL-4B-Instruct", "qwen3-vl:4b", "千问3-vl-4b"] {
        assert_eq!(
            catalog.model(spelled).unwrap().id,
            "qwen3-vl-4b",
            "{spelled}"
        );
    }
    // Served by vLLM, the start-up profile encodes the largest image through the tower: more
    // than the text model's profile on the same card, less than the 8B tower's encoder peak.
    let served = |id: &str| {
        let mut req = FitRequest::new(
            ModelRef::Known(catalog.model(id).unwrap()),
            Quant::Bf16,
            Task::Infer,
        );
        req.engine = Engine::Vllm;
        req.context = 8192;
        estimate_with(&catalog, &req, &FitOptions::default()).unwrap()
    };
    let (vl_act, text_act) = (
        served("qwen3-vl-4b").per_gpu.activations_gib,
        served("qwen3-4b").per_gpu.activations_gib,
    );
    assert!(vl_act > text_act, "{vl_act} vs {text_act}");
    // A LoRA of it on a card no row names, in both languages.
    let en = ask("en-US", "/fit qwen3-vl-4b lora ctx=4k rtx-4080");
    assert!(en.contains("qwen3-vl-4b"), "{en}");
    assert!(!en.contains("I don't know"), "{en}");
    let zh = ask("zh-CN", "/fit 千问3-vl-4b lora ctx=4k rtx-4080");
    assert!(zh.contains("qwen3-vl-4b"), "{zh}");
}

#[test]
fn the_speed_line_reads_the_cache_in_its_own_types() {
    // Mistral-7B (32 layers, 8 KV heads of 128) at 16k in llama.cpp on an RTX 3080: the speed
    // line's bytes per step hold the cache of half the context (the average while generating).
    let base = "/fit mistral-7b q4_k_m ctx=16k engine=llamacpp rtx-3080 attn=flash";
    let f16 = ask("en-US", base);
    let q8 = ask("en-US", &format!("{base} kv=q8_0"));
    let q4 = ask("en-US", &format!("{base} kv=q4_0"));
    let (b16, b8, b4) = (
        read_per_step(&f16).expect(&f16),
        read_per_step(&q8).expect(&q8),
        read_per_step(&q4).expect(&q4),
    );
    // 8192 tokens x 32 layers x 2 x 8 x 128 values: 2 bytes in f16, 34/32 in q8_0, 18/32 in q4_0.
    let values = 8192.0 * 32.0 * 2.0 * 8.0 * 128.0 / (1u64 << 30) as f64;
    assert!(
        ((b16 - b8) - values * (2.0 - 34.0 / 32.0)).abs() < 0.015,
        "{b16} {b8}"
    );
    assert!(
        ((b16 - b4) - values * (2.0 - 18.0 / 32.0)).abs() < 0.015,
        "{b16} {b4}"
    );
    // Fewer bytes a step, more tokens a second: the sentence follows its own numbers.
    let tps = |a: &str| -> f64 {
        let at = a.find(" tokens/s for one stream").expect(a);
        let head = &a[..at];
        head[head.rfind(' ').unwrap() + 1..].parse().unwrap()
    };
    assert!(tps(&q4) > tps(&q8) && tps(&q8) > tps(&f16), "{f16}\n{q4}");
    // The same figure in Chinese.
    let zh = ask("zh-CN", &format!("{base} kv缓存=q4_0"));
    assert!(zh.contains(&format!("{b4:.2}")), "{zh}");
    // The 16-bit default reads as before, through the API too.
    let catalog = Catalog::embedded().unwrap();
    let g = catalog.gpu("rtx-3080").unwrap();
    let m = ModelRef::Known(catalog.model("mistral-7b").unwrap());
    let plain = decode_tokens_per_second(m, Quant::Q4KM, g, 1, Engine::Llamacpp, 1, 8192).unwrap();
    let same = decode_tokens_per_second_kv(
        m,
        Quant::Q4KM,
        g,
        1,
        Engine::Llamacpp,
        1,
        8192,
        (KvDtype::Fp16, KvDtype::Fp16),
    )
    .unwrap();
    assert_eq!(plain.value, same.value);
    // vLLM has no block type: a q4_0 cache asked of it is read as the fp8 it runs.
    let vbase = "/fit qwen2.5-7b awq ctx=32k vllm rtx-4090";
    let v4 = read_per_step(&ask("en-US", &format!("{vbase} kv=q4_0"))).unwrap();
    let v8 = read_per_step(&ask("en-US", &format!("{vbase} kv=fp8"))).unwrap();
    assert!((v4 - v8).abs() < 1e-9, "{v4} {v8}");
}

#[test]
fn the_title_names_the_server_typed() {
    let title = |lang: &str, line: &str| ask(lang, line).lines().next().unwrap().to_string();
    let base = "/fit qwen2.5-14b bf16 ctx=8k batch=4 l40s";
    for (word, named, zh_named) in [
        ("engine=sglang", "sglang", "SGLang"),
        ("engine=tgi", "tgi", "TGI"),
        ("engine=lmdeploy", "lmdeploy", "LMDeploy"),
        ("engine=tensorrt-llm", "trt-llm", "TensorRT-LLM"),
        ("vllm", "vllm", "vLLM"),
    ] {
        let t = title("en-US", &format!("{base} {word}"));
        assert!(t.ends_with(&format!("· {named}")), "{word}: {t}");
        let zh = title("zh-CN", &format!("{base} {word}"));
        assert!(zh.ends_with(&format!("· {zh_named}")), "{word}: {zh}");
    }
}

/// The "holds N of the B requests" line of a `/fit` answer (en-US): (N, B), if said.
fn holds(answer: &str) -> Option<(u32, u32)> {
    let line = answer.lines().find(|l| l.contains("vLLM still starts"))?;
    let at = line.find(" holds ")? + " holds ".len();
    let mut words = line[at..].split_whitespace();
    let n = words.next()?.parse().ok()?;
    let b = words.nth(2)?.parse().ok()?;
    Some((n, b))
}

#[test]
fn a_vllm_service_says_how_many_requests_its_pool_holds_at_once() {
    // Qwen3-14B AWQ served at 16k for 24 users on an L4: the pool holds a few of them at full
    // length; vLLM starts and queues the rest.
    let base = "/fit qwen3-14b awq vllm l4";
    let at16k = ask("en-US", &format!("{base} ctx=16k batch=24"));
    let (n16, b) = holds(&at16k).expect(&at16k);
    assert_eq!(b, 24);
    assert!((1..24).contains(&n16), "{at16k}");
    // Half the context, about twice the requests at once (the pool is the same).
    let at8k = ask("en-US", &format!("{base} ctx=8k batch=24"));
    let (n8, _) = holds(&at8k).expect(&at8k);
    assert!(n8 >= 2 * n16 && n8 <= 2 * n16 + 1, "{n16} {n8}");
    // A larger share of the card, more requests.
    let gmu = ask("en-US", &format!("{base} ctx=16k batch=24 gmu=0.95"));
    assert!(holds(&gmu).expect(&gmu).0 >= n16, "{gmu}");
    // Said in Chinese with the same figures.
    let zh = ask("zh-CN", &format!("{base} ctx=16k batch=24"));
    assert!(
        zh.contains(&format!("能同时容纳 24 个请求中的 {n16} 个")),
        "{zh}"
    );
    // Not said: when every request fits, for one request, on a card the weights alone do not
    // fit, for Transformers, and for a server with its own pool rule.
    for line in [
        format!("{base} ctx=4k batch=2"),
        format!("{base} ctx=16k"),
        "/fit llama-3.1-70b bf16 vllm l4 ctx=8k batch=8".to_string(),
        "/fit qwen3-14b awq engine=transformers l4 ctx=16k batch=24".to_string(),
        format!("{base} ctx=16k batch=24 engine=sglang"),
    ] {
        let a = ask("en-US", &line);
        assert!(holds(&a).is_none(), "{line}: {a}");
    }
}
