//! Current open models (issue 24, item 7): each resolves by the names people use, its
//! parameter count from the config's shape matches the figure its publisher states, and a
//! model the catalog does not know is still sized from its name, with a warning.

use super::chat::ask_fresh as ask;
use bot_core::catalog::{Catalog, ModelVariant};
use bot_core::vram::Shape;

fn cat() -> Catalog {
    Catalog::embedded().unwrap()
}

/// (what people type, the catalog id it must name).
const NAMES: &[(&str, &str)] = &[
    ("deepseek-ai/DeepSeek-V3.1", "deepseek-v3.1"),
    ("DeepSeek-V3.1-Terminus", "deepseek-v3.1"),
    ("dsv3.1", "deepseek-v3.1"),
    ("深度求索v3.1", "deepseek-v3.1"),
    ("deepseek-ai/DeepSeek-V3.2-Exp", "deepseek-v3.2-exp"),
    ("deepseek v3.2", "deepseek-v3.2"),
    ("zai-org/GLM-4.6", "glm-4.6"),
    ("glm4.6", "glm-4.6"),
    ("智谱glm-4.6", "glm-4.6"),
    ("GLM-4.7", "glm-4.7"),
    ("zai-org/GLM-5", "glm-5"),
    ("智谱glm-5", "glm-5"),
    (
        "Qwen/Qwen3-Coder-480B-A35B-Instruct",
        "qwen3-coder-480b-a35b",
    ),
    ("qwen3-coder:480b", "qwen3-coder-480b-a35b"),
    ("Qwen/Qwen3-Coder-30B-A3B-Instruct", "qwen3-coder-30b-a3b"),
    ("千问3-coder-30b", "qwen3-coder-30b-a3b"),
    ("MiniMaxAI/MiniMax-M2", "minimax-m2"),
    ("minimax m2", "minimax-m2"),
    ("MiniMax-M2.5", "minimax-m2.5"),
    ("Qwen/QwQ-32B", "qwq-32b"),
    ("qwq", "qwq-32b"),
    ("千问qwq-32b", "qwq-32b"),
    (
        "mistralai/Mistral-Small-3.1-24B-Instruct-2503",
        "mistral-small-3.1-24b",
    ),
    ("mistral-small3.2:24b", "mistral-small-3.2-24b"),
    (
        "mistralai/Mistral-Small-24B-Instruct-2501",
        "mistral-small-24b-2501",
    ),
    ("Qwen/Qwen2.5-VL-3B-Instruct", "qwen2.5-vl-3b"),
    ("qwen2.5-vl:7b", "qwen2.5-vl-7b"),
    ("Qwen2.5-VL-32B", "qwen2.5-vl-32b"),
    ("千问2.5-vl-72b", "qwen2.5-vl-72b"),
    ("Qwen/Qwen3-Next-80B-A3B-Instruct", "qwen3-next-80b-a3b"),
    ("qwen3-next", "qwen3-next-80b-a3b"),
    ("moonshotai/Kimi-K2.5", "kimi-k2.5"),
    ("moonshotai/Kimi-K2-Thinking", "kimi-k2-thinking"),
    ("月之暗面k2.5", "kimi-k2.5"),
    ("google/gemma-4-26B-A4B-it", "gemma-4-26b-a4b"),
    ("gemma4:31b", "gemma-4-31b"),
    ("Qwen/Qwen3-VL-8B-Instruct", "qwen3-vl-8b"),
    ("qwen3-vl:30b", "qwen3-vl-30b-a3b"),
    ("Qwen/Qwen3-VL-235B-A22B-Thinking", "qwen3-vl-235b-a22b"),
    ("千问3-vl-32b", "qwen3-vl-32b"),
    ("deepseek-ai/DeepSeek-V4-Flash", "deepseek-v4-flash"),
    ("dsv4-flash", "deepseek-v4-flash"),
    ("deepseek-ai/DeepSeek-V4-Pro", "deepseek-v4-pro"),
];

#[test]
fn current_models_resolve_by_their_common_names() {
    let c = cat();
    for (typed, id) in NAMES {
        let m = c
            .find_model(typed)
            .unwrap_or_else(|| panic!("`{typed}` names no model"));
        assert_eq!(&m.id, id, "`{typed}`");
        assert!(m.source.starts_with("https://huggingface.co/"), "{id}");
        assert!(bot_core::catalog::parse_date(&m.as_of).is_some(), "{id}");
    }
}

/// One row of tests/data/model_cards.tsv: a publisher's stated parameter counts.
struct Card {
    id: String,
    total: f64,
    active: f64,
    source: String,
    as_of: String,
    quote: String,
}

fn cards() -> Vec<Card> {
    include_str!("../data/model_cards.tsv")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("id\t") && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            assert_eq!(f.len(), 6, "6 columns: {l}");
            Card {
                id: f[0].into(),
                total: f[1].parse().expect("total_b"),
                active: f[2].parse().expect("active_b"),
                source: f[3].into(),
                as_of: f[4].into(),
                quote: f[5].into(),
            }
        })
        .collect()
}

/// Every model issue 24 names (item 7) has a card row.
const NAMED_BY_THE_ISSUE: &[&str] = &[
    "deepseek-v3.1",
    "deepseek-v3.2-exp",
    "deepseek-v3.2",
    "deepseek-v4-flash",
    "deepseek-v4-pro",
    "glm-4.6",
    "glm-4.7",
    "glm-5",
    "qwen3-coder-480b-a35b",
    "qwen3-coder-30b-a3b",
    "minimax-m2",
    "minimax-m2.5",
    "qwq-32b",
    "mistral-small-3.1-24b",
    "mistral-small-3.2-24b",
    "qwen2.5-vl-7b",
    "qwen3-vl-8b",
    "qwen3-next-80b-a3b",
    "kimi-k2.5",
    "kimi-k2-thinking",
    "gemma-4-26b-a4b",
    "gemma-4-31b",
    "gpt-oss-20b",
];

/// Within 3% of the stated total and 5% of the stated active count (the published ones are
/// rounded: "10B", "3B").
const TOLERANCE_TOTAL: f64 = 0.03;
const TOLERANCE_ACTIVE: f64 = 0.05;

/// Publishers differ on whether the input embedding (a lookup, no matmul) is "activated":
/// Qwen counts it, MiniMax does not; `active` must match the count one way or the other.
#[test]
fn parameters_counted_from_the_shape_match_the_cards() {
    let c = cat();
    let rows = cards();
    for id in NAMED_BY_THE_ISSUE {
        assert!(rows.iter().any(|r| r.id == *id), "{id}: no card row");
    }
    for r in &rows {
        let id = &r.id;
        assert!(r.source.starts_with("https://"), "{id}: source");
        assert!(
            bot_core::catalog::parse_date(&r.as_of).is_some(),
            "{id}: as_of"
        );
        let m = c.find_model(id).unwrap_or_else(|| panic!("{id} missing"));
        assert_eq!(&m.id, id);
        let s = Shape::from_model(m).unwrap();
        // The count alone: no published figure used as a floor.
        let p = s.count(None, None);
        let counted_total = (p.embed + p.lm_head + p.linear + p.other) / 1e9;
        let with_embed = p.active / 1e9;
        let without = (p.active - p.embed) / 1e9;
        let off = |x: f64| (x - r.active) / r.active;
        let (counted_active, off_active) = if off(with_embed).abs() < off(without).abs() {
            (with_embed, off(with_embed))
        } else {
            (without, off(without))
        };
        let off_total = (counted_total - r.total) / r.total;
        println!(
            "{id}: total {counted_total:.2}B ({:+.1}%), active {counted_active:.2}B ({:+.1}%)",
            off_total * 100.0,
            off_active * 100.0
        );
        assert!(
            off_total.abs() < TOLERANCE_TOTAL,
            "{id}: counted {counted_total:.2}B vs {}B ({}), {:+.1}%",
            r.total,
            r.quote,
            off_total * 100.0
        );
        assert!(
            off_active.abs() < TOLERANCE_ACTIVE,
            "{id}: active {counted_active:.2}B vs {}B ({}), {:+.1}%",
            r.active,
            r.quote,
            off_active * 100.0
        );
        // The catalog's own published figure (what answers print) says the same as the card;
        // a VL entry's is the whole checkpoint, its vision tower (Qwen2.5-VL's 0.67B) on top
        // of the decoder's card.
        let stated = (m.params_b - r.total) / r.total;
        let above = if id.contains("-vl-") {
            0.25
        } else {
            TOLERANCE_TOTAL
        };
        assert!(
            (-TOLERANCE_TOTAL..above).contains(&stated),
            "{id}: catalog params_b {} vs card {}",
            m.params_b,
            r.total
        );
    }
}

#[test]
fn a_variant_shares_its_base_shape_and_keeps_its_own_provenance() {
    let c = cat();
    let base = c.find_model("deepseek-v3").unwrap();
    let v = c.find_model("deepseek-v3.1").unwrap();
    assert_eq!(
        (v.layers, v.hidden, v.experts, v.kv_lora_rank, v.vocab),
        (
            base.layers,
            base.hidden,
            base.experts,
            base.kv_lora_rank,
            base.vocab
        )
    );
    assert_ne!(v.source, base.source);
    assert!(v.source_note.as_deref().unwrap().contains("`deepseek-v3`"));
    // A variant overrides only what its config changes.
    let glm46 = c.find_model("glm-4.6").unwrap();
    assert_eq!(glm46.max_context, 202_752);
    assert_eq!(c.find_model("glm-4.5").unwrap().max_context, 131_072);
    // The base's own names do not leak into the variant.
    assert_eq!(c.find_model("deepseek-v3-0324").unwrap().id, "deepseek-v3");
}

#[test]
fn a_variant_of_an_unknown_model_is_refused_by_name() {
    let broken = format!(
        "{}\n[[variant]]\nid = \"x-1\"\nname = \"X-1\"\nof = \"no-such-model\"\n\
         source = \"https://example.org\"\nas_of = \"2026-12-02\"\n",
        bot_core::catalog::EMBEDDED_MODELS
    );
    let err = Catalog::from_sources(
        bot_core::catalog::EMBEDDED_GPUS,
        bot_core::catalog::EMBEDDED_PLATFORMS,
        &broken,
        bot_core::catalog::EMBEDDED_FX,
    )
    .unwrap_err()
    .to_string();
    assert!(
        err.contains("no-such-model") && err.contains("x-1"),
        "{err}"
    );
    // A typed field: the struct is the schema.
    let _ = std::mem::size_of::<ModelVariant>();
}

#[test]
fn new_models_answer_fit_in_both_languages() {
    for (line, lang) in [
        ("/fit qwq-32b awq 4090", "en"),
        ("/fit mistral-small-3.1-24b q4_k_m 4090", "zh"),
        ("/fit Qwen/Qwen3-Coder-30B-A3B-Instruct awq 4090", "en"),
    ] {
        let out = ask(lang, line);
        assert!(
            !out.contains("don't know") && !out.contains("不认识"),
            "{line}: {out}"
        );
        assert!(out.contains("GiB"), "{line}: {out}");
    }
}

#[test]
fn an_unknown_hf_id_is_sized_from_its_name_with_a_warning() {
    let c = cat();
    assert!(c.find_model("acme-lab/Foo-14B-Instruct").is_none());
    let out = ask("en", "/fit acme-lab/Foo-14B-Instruct q4_k_m 4090");
    assert!(out.contains("Known only by size: shaped like"), "{out}");
    let zh = ask("zh", "/fit acme-lab/Foo-14B-Instruct q4_k_m 4090");
    assert!(zh.contains("GiB"), "{zh}");
}

/// DeepSeek-V4's hybrid attention (CSA + HCA) is sized from its `compress_ratios`: per token
/// of context it caches about a tenth of what DeepSeek-V3.2's MLA does (DeepSeek states 10 %
/// of V3.2's KV cache at 1M tokens for V4), and the 128-token sliding window of every layer is
/// a per-sequence amount that does not grow with the context.
#[test]
fn deepseek_v4_caches_its_compressed_attention() {
    use bot_core::vram::{
        Engine, FitRequest, KvDtype, ModelRef, Quant, Task, estimate, kv_bytes_per_token,
    };
    let c = cat();
    let v4 = c.find_model("deepseek-v4-flash").unwrap();
    let v32 = c.find_model("deepseek-v3.2").unwrap();
    let s4 = Shape::from_model(v4).unwrap();
    let s32 = Shape::from_model(v32).unwrap();
    let per4 = kv_bytes_per_token(&s4, Engine::Vllm, KvDtype::Fp16);
    let per32 = kv_bytes_per_token(&s32, Engine::Vllm, KvDtype::Fp16);
    // 21 layers at ratio 4 ((512 + 128) / 4 values), 20 at ratio 128 (512 / 128), 2 window only.
    assert_eq!(per4, (21.0 * 160.0 + 20.0 * 4.0) * 2.0);
    let share = per4 / per32;
    assert!(
        (0.08..0.12).contains(&share),
        "V4 / V3.2 KV per token {share:.3}"
    );
    // At the full 1M context one sequence holds about 6.6 GiB of cache, the window included.
    let kv_at = |context: u32| {
        let mut req = FitRequest::new(ModelRef::Known(v4), Quant::Mxfp4, Task::Infer);
        req.engine = Engine::Vllm;
        req.cards = 8;
        req.context = context;
        // Replicated on every card (one shared key-value head), so the busiest card's share.
        estimate(&c, &req).unwrap().per_gpu.kv_cache_gib
    };
    let long = kv_at(1_048_576);
    assert!((6.0..7.5).contains(&long), "1M tokens: {long:.2} GiB");
    // The window does not grow with the context: from 64k to 128k tokens the cache grows by
    // exactly 64k tokens' compressed entries (answers are rounded to 0.01 GiB).
    let grown = (kv_at(131_072) - kv_at(65_536)) * (1u64 << 30) as f64;
    let expected = 65_536.0 * per4;
    assert!(
        (grown - expected).abs() < 0.011 * (1u64 << 30) as f64,
        "64k more tokens: {grown} bytes, expected {expected}"
    );
    // ... and a short sequence is mostly window: 43 layers x 128 tokens x 512 values x 2 bytes.
    let window = 43.0 * 128.0 * 512.0 * 2.0 / (1u64 << 30) as f64;
    assert!(kv_at(128) >= window - 0.005, "128 tokens hold the window");
}

/// GLM-4-9B-Chat-1M is its own config (four KV groups, 1M context), not GLM-4-9B read by
/// family and size; GLM-4-9B-Chat is the base's shape with the chat repo's 128K context.
#[test]
fn glm_4_9b_chat_1m_has_its_own_shape_and_context() {
    let c = cat();
    let m = c.find_model("THUDM/glm-4-9b-chat-1m").unwrap();
    assert_eq!(m.id, "glm-4-9b-chat-1m");
    assert_eq!((m.kv_heads, m.max_context), (4, 1_048_576));
    let chat = c.find_model("glm-4-9b-chat").unwrap();
    assert_eq!((chat.id.as_str(), chat.kv_heads), ("glm-4-9b-chat", 2));
    assert_eq!(chat.max_context, 131_072);
    assert_eq!(c.find_model("glm-4-9b").unwrap().max_context, 8192);
    // Twice the KV cache per token of the 128K chat model.
    let kv = |id: &str| {
        let mut r = bot_core::vram::FitRequest::new(
            bot_core::vram::ModelRef::Known(c.find_model(id).unwrap()),
            bot_core::vram::Quant::Bf16,
            bot_core::vram::Task::Infer,
        );
        r.context = 131_072;
        bot_core::vram::estimate(&c, &r).unwrap().kv_cache_gib
    };
    let (one_m, chat) = (kv("glm-4-9b-chat-1m"), kv("glm-4-9b-chat"));
    assert!((one_m / chat - 2.0).abs() < 0.01, "{one_m} vs {chat}");
}
