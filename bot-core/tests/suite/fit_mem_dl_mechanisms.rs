//! mem_dl (session 32, issue 24): models renters name that the catalog did not know, or sized
//! from the name alone with a Llama-like shape that is wrong for them (Falcon-7B's one KV head,
//! OLMo-2's 32, Hunyuan-A13B's experts). Each is now read from its config.json (a copy named
//! in the entry's source_note); a model with another entry's shape is a variant of it.

use super::chat::ask_fresh as ask;
use bot_core::catalog::Catalog;
use bot_core::vram::{
    Engine, FitRequest, KvDtype, ModelRef, Quant, Shape, Task, estimate, kv_bytes_per_token,
};

fn cat() -> Catalog {
    Catalog::embedded().unwrap()
}

/// (catalog id, a Hugging Face id, a name people type).
const NAMES: &[(&str, &str, &str)] = &[
    (
        "codellama-34b",
        "codellama/CodeLlama-34b-Instruct-hf",
        "codellama:34b",
    ),
    (
        "codellama-13b",
        "codellama/CodeLlama-13b-hf",
        "code llama 13b",
    ),
    ("codellama-7b", "TheBloke/CodeLlama-7B-AWQ", "codellama:7b"),
    (
        "tinyllama-1.1b",
        "TinyLlama/TinyLlama-1.1B-Chat-v1.0",
        "tinyllama",
    ),
    ("phi-3.5-mini", "microsoft/Phi-3.5-mini-instruct", "phi3.5"),
    ("olmo-2-7b", "allenai/OLMo-2-1124-7B-Instruct", "olmo2:7b"),
    ("olmo-2-13b", "allenai/OLMo-2-1124-13B", "olmo 2 13b"),
    ("hunyuan-a13b", "tencent/Hunyuan-A13B-Instruct", "混元a13b"),
    (
        "baichuan2-13b",
        "baichuan-inc/Baichuan2-13B-Chat",
        "百川2-13b",
    ),
    ("falcon-7b", "tiiuae/falcon-7b-instruct", "falcon 7b"),
    (
        "magistral-small",
        "mistralai/Magistral-Small-2506",
        "magistral small",
    ),
    (
        "devstral-small",
        "mistralai/Devstral-Small-2505",
        "devstral",
    ),
    (
        "qwen3-embedding-8b",
        "Qwen/Qwen3-Embedding-8B",
        "qwen3-embedding:8b",
    ),
    ("llava-1.5-7b", "llava-hf/llava-1.5-7b-hf", "llava:7b"),
];

#[test]
fn each_added_model_resolves_by_id_hf_id_and_a_common_name() {
    resolves_by_id_hf_id_and_a_common_name(NAMES);
}

/// Each `(id, hf_id, typed)` names its model, sourced to huggingface.co with a date and a note
/// of the copy read (shared by the passes that add models).
pub(super) fn resolves_by_id_hf_id_and_a_common_name(names: &[(&str, &str, &str)]) {
    let c = cat();
    for (id, hf, typed) in names {
        for name in [*id, *hf, *typed] {
            let m = c
                .find_model(name)
                .unwrap_or_else(|| panic!("`{name}` names no model"));
            assert_eq!(&m.id, id, "`{name}`");
            assert!(m.source.starts_with("https://huggingface.co/"), "{id}");
            assert!(bot_core::catalog::parse_date(&m.as_of).is_some(), "{id}");
            assert!(m.source_note.is_some(), "{id}: which copy was read");
        }
    }
}

/// (id, the card's total, its active count, tolerance, where the card says it). Within 3 % of
/// the card; a card that states only a rounded size label ("7B") is held to 5 %, said below.
const CARDS: &[(&str, f64, f64, f64, &str)] = &[
    // Code Llama card (huggingface.co/codellama/CodeLlama-34b-hf): "34B".
    ("codellama-34b", 34.0, 34.0, 0.03, "Code Llama 34B"),
    // Code Llama card: "13B" (Llama-2-13B's shape).
    ("codellama-13b", 13.0, 13.0, 0.03, "Code Llama 13B"),
    // Code Llama card: "7B", a label: Llama-2-7B's 6.74B is 3.7 % under it.
    ("codellama-7b", 7.0, 7.0, 0.05, "Code Llama 7B (label)"),
    // TinyLlama card: "only 1.1B parameters".
    ("tinyllama-1.1b", 1.1, 1.1, 0.03, "1.1B parameters"),
    // Phi-3.5-mini card: "Phi-3.5-mini has 3.8B parameters".
    ("phi-3.5-mini", 3.8, 3.8, 0.03, "3.8B parameters"),
    // OLMo 2 card: "OLMo 2 7B", a label (7.30B counted).
    ("olmo-2-7b", 7.0, 7.0, 0.05, "OLMo 2 7B (label)"),
    // OLMo 2 card: "OLMo 2 13B", a label (13.72B counted).
    ("olmo-2-13b", 13.0, 13.0, 0.06, "OLMo 2 13B (label)"),
    // Hunyuan-A13B README: "800亿总参数和130亿激活参数" (80B total, 13B activated).
    ("hunyuan-a13b", 80.0, 13.0, 0.03, "80B total, 13B active"),
    // Falcon-7B card: "Falcon-7B is a 7B parameters causal decoder-only model".
    ("falcon-7b", 7.0, 7.0, 0.03, "7B parameters"),
    // Magistral Small card: "a small, efficient reasoning model with 24B parameters".
    ("magistral-small", 24.0, 24.0, 0.03, "24B parameters"),
    // Devstral card: "its compact size of just 24 billion parameters".
    ("devstral-small", 24.0, 24.0, 0.03, "24 billion parameters"),
    // Qwen3-Embedding-8B card: "Number of Parameters: 8B".
    ("qwen3-embedding-8b", 8.0, 8.0, 0.03, "8B"),
];

#[test]
fn parameters_counted_from_each_shape_match_the_card() {
    let c = cat();
    for (id, total, active, tol, quote) in CARDS {
        let m = c.find_model(id).unwrap();
        let p = Shape::from_model(m).unwrap().count(None, None);
        let counted = (p.embed + p.lm_head + p.linear + p.other) / 1e9;
        let off = (counted - total) / total;
        println!("{id}: counted {counted:.2}B vs {total}B ({off:+.3})");
        assert!(
            off.abs() < *tol,
            "{id}: {counted:.2}B vs {total}B ({quote})"
        );
        // Active: with or without the input embedding (publishers differ), within 5 %.
        let with = p.active / 1e9;
        let without = (p.active - p.embed) / 1e9;
        let best = [with, without]
            .into_iter()
            .map(|a| ((a - active) / active).abs())
            .fold(f64::MAX, f64::min);
        assert!(
            best < 0.05,
            "{id}: active {with:.2}B vs {active}B ({quote})"
        );
        // What answers print agrees with the count.
        assert!(((m.params_b - counted) / counted).abs() < 0.03, "{id}");
    }
}

/// A shared shape is written once: the variants carry their base's numbers, their own names
/// and sources.
#[test]
fn shared_shapes_are_variants_of_one_entry() {
    let c = cat();
    for (id, base) in [
        ("codellama-7b", "llama-2-7b"),
        ("codellama-13b", "llama-2-13b"),
        ("phi-3.5-mini", "phi-3-mini-128k"),
        ("magistral-small", "mistral-small-3.1-24b"),
        ("devstral-small", "mistral-small-3.1-24b"),
        ("qwen3-embedding-8b", "qwen3-8b"),
        ("llava-1.5-7b", "llama-2-7b"),
    ] {
        let (v, b) = (c.find_model(id).unwrap(), c.find_model(base).unwrap());
        assert_eq!(
            (v.layers, v.hidden, v.heads, v.kv_heads, v.intermediate),
            (b.layers, b.hidden, b.heads, b.kv_heads, b.intermediate),
            "{id}"
        );
        assert_ne!(v.source, b.source, "{id}");
        assert!(v.source_note.as_deref().unwrap().contains(base), "{id}");
    }
    // Magistral and Devstral are text only: Mistral-Small-3.1's image encoder is not theirs.
    assert!(c.find_model("magistral-small").unwrap().vision.is_none());
    assert!(
        c.find_model("mistral-small-3.1-24b")
            .unwrap()
            .vision
            .is_some()
    );
    // CodeLlama reads 16K tokens where Llama-2 reads 4K (config.json max_position_embeddings).
    assert_eq!(c.find_model("codellama-13b").unwrap().max_context, 16_384);
    assert_eq!(c.find_model("llama-2-13b").unwrap().max_context, 4096);
}

fn kv_per_token(id: &str) -> f64 {
    let c = cat();
    let s = Shape::from_model(c.find_model(id).unwrap()).unwrap();
    kv_bytes_per_token(&s, Engine::Transformers, KvDtype::Fp16)
}

/// The KV cache is 2 x layers x KV heads x head dim x bytes per token (Transformers'
/// DynamicCache keeps keys and values per layer, shape [batch, kv_heads, tokens, head_dim]):
/// a name-only guess shaped like a 7B of its size class gets it wrong. Falcon-7B has one KV
/// head of 64 over 32 layers (8 KiB a token, multi-query attention); OLMo-2-7B none shared
/// (32 KV heads of 128: 512 KiB); CodeLlama-34B 8 of 128 over 48 layers.
#[test]
fn kv_cache_follows_each_configs_kv_heads() {
    assert_eq!(kv_per_token("falcon-7b"), 2.0 * 32.0 * 1.0 * 64.0 * 2.0);
    assert_eq!(kv_per_token("olmo-2-7b"), 2.0 * 32.0 * 32.0 * 128.0 * 2.0);
    assert_eq!(
        kv_per_token("codellama-34b"),
        2.0 * 48.0 * 8.0 * 128.0 * 2.0
    );
    // OLMo-2-7B at 32K tokens needs 16 GiB of cache per sequence, Falcon-7B its whole 2K
    // context 16 MiB.
    let c = cat();
    let kv = |id: &str, context: u32| {
        let mut r = FitRequest::new(
            ModelRef::Known(c.find_model(id).unwrap()),
            Quant::Awq,
            Task::Infer,
        );
        r.context = context;
        estimate(&c, &r).unwrap().kv_cache_gib
    };
    let olmo = kv("olmo-2-7b", 32_768);
    assert!(
        (15.5..16.5).contains(&olmo),
        "olmo-2-7b 32K KV {olmo:.2} GiB"
    );
    let falcon = kv("falcon-7b", 2048);
    assert!(
        (0.01..0.03).contains(&falcon),
        "falcon-7b 2K KV {falcon:.3} GiB"
    );
}

/// Hunyuan-A13B is a mixture of experts: every expert is in memory (80B), 13B are read a token.
#[test]
fn hunyuan_a13b_is_sized_as_its_experts() {
    let c = cat();
    let m = c.find_model("hunyuan-a13b").unwrap();
    assert!(m.is_moe());
    let r = FitRequest::new(ModelRef::Known(m), Quant::Bf16, Task::Infer);
    let w = estimate(&c, &r).unwrap().weights_gib;
    // 80.3B x 2 bytes = 149.6 GiB.
    assert!((145.0..155.0).contains(&w), "weights {w:.1} GiB");
}

/// A name the catalog does not know is still sized from its size, and both languages say the
/// shape is a guess (catalog::name_size, vram::size_guess; locales fit-warn-size-only).
#[test]
fn an_unknown_family_is_sized_with_its_warning_in_both_languages() {
    let c = cat();
    for name in ["acme-lab/Zeta-13B-Chat", "zeta-13b"] {
        assert!(c.find_model(name).is_none(), "{name}");
        let en = ask("en", &format!("/fit {name} q4_k_m 4090"));
        assert!(en.contains("Known only by size"), "{en}");
        assert!(en.contains("GiB"), "{en}");
        let zh = ask("zh", &format!("/fit {name} q4_k_m 4090"));
        assert!(zh.contains("只知道参数量"), "{zh}");
        assert!(!zh.contains("Known only"), "{zh}");
    }
    // A model now in the catalog carries no such warning.
    let out = ask("en", "/fit falcon-7b q4_k_m 4090");
    assert!(!out.contains("Known only by size"), "{out}");
    let out = ask("zh", "/fit hunyuan-a13b awq 4090");
    assert!(!out.contains("只知道参数量"), "{out}");
}
