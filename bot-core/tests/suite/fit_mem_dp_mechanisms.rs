//! mem_dp (session 33, issue 24): models renters name that the catalog lacked (SmolLM2,
//! StarCoder2-7B, Seed-OSS-36B, Qwen2-Audio-7B, InternVL3, Command-R back), each from a copy of
//! its config.json; size-only guesses shaped only like models with grouped-query attention
//! (`Shape::template_models`); a repository id's format suffix read once, by
//! `vram::name_format`, for the catalog's own name lookup too.

use bot_core::catalog::Catalog;
use bot_core::vram::{
    Engine, FitRequest, KvDtype, ModelRef, Quant, Shape, Task, estimate, kv_bytes_per_token,
    vision_tower,
};

fn cat() -> Catalog {
    Catalog::embedded().unwrap()
}

/// Grouped-query attention as Ainslie et al. (2023, arXiv:2305.13245) define it: G KV groups
/// with 1 < G < H. G = H is multi-head attention (Llama-2-7B, OLMo-2, Command-R v01), G = 1
/// multi-query (Falcon-7B): both ends give a KV cache far from a current model's of that size.
fn has_gqa(heads: u32, kv_heads: u32) -> bool {
    kv_heads > 1 && kv_heads < heads
}

#[test]
fn a_size_only_guess_is_never_shaped_like_a_model_without_gqa() {
    let c = cat();
    // Every catalog model with full multi-head or multi-query attention, at its own size: the
    // guess for a model of exactly that size takes another shape.
    let ends: Vec<_> = c
        .models
        .iter()
        .filter(|m| m.experts == 0 && m.params_b > 0.0 && !has_gqa(m.heads, m.kv_heads))
        .collect();
    assert!(ends.len() >= 8, "{}", ends.len());
    for m in ends {
        let t = Shape::size_template(m.params_b).unwrap();
        assert!(has_gqa(t.heads, t.kv_heads), "{} -> {}", m.id, t.id);
    }
    // Every shape a guess's spread is taken over, at sizes renters type.
    for size in [
        0.135, 1.0, 1.1, 1.7, 3.8, 6.9, 7.0, 13.0, 14.0, 35.0, 36.0, 40.0,
    ] {
        for t in Shape::size_templates_near(size) {
            assert!(has_gqa(t.heads, t.kv_heads), "{size}B -> {}", t.id);
        }
        let s = Shape::by_size(size, None);
        assert!(
            has_gqa(s.heads, s.kv_heads),
            "{size}B: {}/{}",
            s.heads,
            s.kv_heads
        );
    }
}

/// Command-R v01 (35B, 64 KV heads) is back in the catalog, and a 35-40B guess or the active
/// skeleton of `671b-a37b` still has a current model's few KV heads (issue 24: "GQA in
/// size-only guesses").
#[test]
fn command_r_is_known_and_no_35b_guess_takes_its_64_kv_heads() {
    let c = cat();
    for name in [
        "command-r",
        "CohereForAI/c4ai-command-r-v01",
        "command r",
        "c4ai-command-r-v01",
    ] {
        assert_eq!(
            c.find_model(name).map(|m| m.id.as_str()),
            Some("command-r"),
            "{name}"
        );
    }
    let m = c.find_model("command-r").unwrap();
    assert_eq!((m.heads, m.kv_heads), (64, 64));
    for size in [34.0, 35.0, 36.0, 37.0, 38.0] {
        let s = Shape::by_size(size, None);
        assert!(s.kv_heads <= 8, "{size}B: {} KV heads", s.kv_heads);
    }
    let moe = Shape::by_size(671.0, Some(37.0));
    assert!(moe.kv_heads <= 8, "671b-a37b: {} KV heads", moe.kv_heads);
    // Its own cache: 40 x 2 x 64 x 128 x 2 bytes = 1.25 MiB a token; at 32K tokens 40 GiB.
    let s = Shape::from_model(m).unwrap();
    assert_eq!(
        kv_bytes_per_token(&s, Engine::Transformers, KvDtype::Fp16),
        2.0 * 40.0 * 64.0 * 128.0 * 2.0
    );
}

/// A repository named by its format is the model it quantizes, by name: the catalog's lookup
/// reads the suffix with `vram::name_format::parse`, the one reader of a name's format, so
/// every form the reader knows is stripped (not only the three the lookup once listed).
#[test]
fn a_format_suffix_is_read_by_the_one_reader_of_formats() {
    let c = cat();
    for (name, id) in [
        ("Qwen/Qwen2.5-7B-Instruct-GPTQ-Int8", "qwen2.5-7b"),
        ("someone/Qwen2.5-14B-Instruct-FP8-dynamic", "qwen2.5-14b"),
        ("unsloth/Llama-3.2-3B-Instruct-bnb-4bit", "llama-3.2-3b"),
        ("someone/Qwen2.5-7B-Instruct-quantized.w4a16", "qwen2.5-7b"),
        ("mlx-community/Qwen2.5-7B-Instruct-4bit", "qwen2.5-7b"),
        ("bartowski/Qwen2.5-14B-Instruct-GGUF", "qwen2.5-14b"),
        ("Qwen/Qwen2.5-7B-Instruct-AWQ", "qwen2.5-7b"),
        ("someone/SmolLM2-1.7B-Instruct-GGUF", "smollm2-1.7b"),
    ] {
        assert_eq!(
            c.model_by_name(name).map(|m| m.id.as_str()),
            Some(id),
            "`{name}` by name"
        );
    }
    // A name with no format and no model stays unknown.
    assert!(c.model_by_name("someone/Zeta-7B-Instruct-AWQ").is_none());
}

/// (catalog id, a Hugging Face id, a name people type).
const NAMES: &[(&str, &str, &str)] = &[
    (
        "smollm2-135m",
        "HuggingFaceTB/SmolLM2-135M-Instruct",
        "smollm2:135m",
    ),
    ("smollm2-360m", "HuggingFaceTB/SmolLM2-360M", "smollm2 360m"),
    (
        "smollm2-1.7b",
        "HuggingFaceTB/SmolLM2-1.7B-Instruct",
        "smollm2:1.7b",
    ),
    ("starcoder2-7b", "bigcode/starcoder2-7b", "starcoder2:7b"),
    (
        "seed-oss-36b",
        "ByteDance-Seed/Seed-OSS-36B-Instruct",
        "seed-oss 36b",
    ),
    (
        "qwen2-audio-7b",
        "Qwen/Qwen2-Audio-7B-Instruct",
        "qwen2-audio",
    ),
    (
        "exaone-3.5-7.8b",
        "LGAI-EXAONE/EXAONE-3.5-7.8B-Instruct",
        "exaone3.5:7.8b",
    ),
    (
        "granite-3.3-8b",
        "ibm-granite/granite-3.3-8b-instruct",
        "granite3.3:8b",
    ),
    (
        "granite-3.3-2b",
        "ibm-granite/granite-3.3-2b-instruct",
        "granite 3.3 2b",
    ),
    (
        "command-r",
        "CohereForAI/c4ai-command-r-v01",
        "command-r:35b",
    ),
    ("internvl3-2b", "OpenGVLab/InternVL3-2B", "internvl3 2b"),
    ("internvl3-8b", "OpenGVLab/InternVL3-8B", "internvl3:8b"),
    ("internvl3-14b", "OpenGVLab/InternVL3-14B", "internvl3-14b"),
    ("internvl3-38b", "OpenGVLab/InternVL3-38B", "internvl 3 38b"),
    ("internvl3-78b", "OpenGVLab/InternVL3-78B", "internvl3:78b"),
];

#[test]
fn each_added_model_resolves_by_id_hf_id_and_a_common_name() {
    super::fit_mem_dl_mechanisms::resolves_by_id_hf_id_and_a_common_name(NAMES);
    let c = cat();
    for (id, _, _) in NAMES {
        let m = c.find_model(id).unwrap();
        assert!(m.source.ends_with("config.json"), "{id}");
    }
}

/// (id, the card's count, tolerance, where the card says it): the decoder counted from the
/// shape, plus the encoder where the entry has one, against the card.
const CARDS: &[(&str, f64, f64, &str)] = &[
    // SmolLM2 cards: 135M, 360M, 1.7B.
    ("smollm2-135m", 0.135, 0.03, "135M"),
    ("smollm2-360m", 0.36, 0.03, "360M"),
    ("smollm2-1.7b", 1.7, 0.03, "1.7B"),
    // StarCoder2 card / Transformers' doc: "3B, 7B and 15B parameters".
    ("starcoder2-7b", 7.0, 0.03, "7B"),
    // Seed-OSS card: Seed-OSS-36B.
    ("seed-oss-36b", 36.0, 0.03, "36B"),
    // EXAONE 3.5 card: 7.8B.
    ("exaone-3.5-7.8b", 7.8, 0.03, "7.8B"),
    // Granite 3.3 card: 8B (8,170,864,640 in the safetensors, as tabulated publicly).
    ("granite-3.3-8b", 8.0, 0.03, "8B"),
    // Granite 3.3 2B: the card's "2B" is a label; the safetensors of this shape hold 2.53B
    // (tabulated for granite-3.1-2b, the same shape), against which the count is held.
    ("granite-3.3-2b", 2.53, 0.01, "2.53B in the weights"),
    // Command-R card: "a 35 billion parameter highly performant generative model".
    ("command-r", 35.0, 0.03, "35 billion parameter"),
];

#[test]
fn parameters_counted_from_each_shape_match_the_card() {
    let c = cat();
    for (id, card, tol, quote) in CARDS {
        let m = c.find_model(id).unwrap();
        let p = Shape::from_model(m).unwrap().count(None, None);
        let counted = (p.embed + p.lm_head + p.linear + p.other) / 1e9;
        let off = (counted - card) / card;
        println!("{id}: counted {counted:.3}B vs {card}B ({off:+.3})");
        assert!(off.abs() < *tol, "{id}: {counted:.3}B vs {card}B ({quote})");
        assert!(((m.params_b - counted) / counted).abs() < 0.01, "{id}");
    }
}

/// Qwen2-Audio-7B: a Qwen2 decoder of 7.75B with no GQA and a Whisper-style encoder of 0.63B
/// (32 x (4 x 1280^2 + 2 x 1280 x 5120)); the technical report: 8.2B in all.
#[test]
fn qwen2_audio_counts_its_encoder_and_keeps_a_full_kv_cache() {
    let c = cat();
    let m = c.find_model("qwen2-audio-7b").unwrap();
    let s = Shape::from_model(m).unwrap();
    let p = s.count(None, None);
    let decoder = (p.embed + p.lm_head + p.linear + p.other) / 1e9;
    let encoder = 32.0 * (4.0 * 1280f64.powi(2) + 2.0 * 1280.0 * 5120.0) / 1e9;
    assert!(
        (m.params_b - (decoder + encoder)).abs() < 0.02,
        "{}",
        m.params_b
    );
    assert!(((m.params_b - 8.2) / 8.2).abs() < 0.03, "{}", m.params_b);
    assert_eq!(
        kv_bytes_per_token(&s, Engine::Transformers, KvDtype::Fp16),
        2.0 * 32.0 * 32.0 * 128.0 * 2.0
    );
    // bf16 weights are the whole 8.39B: 15.6 GiB, not a 7B's 13.
    let r = FitRequest::new(ModelRef::Known(m), Quant::Bf16, Task::Infer);
    let w = estimate(&c, &r).unwrap().weights_gib;
    assert!((15.0..16.2).contains(&w), "weights {w:.2} GiB");
}

/// InternVL3 is an InternViT in front of a Qwen2.5 decoder: each size a variant of that
/// decoder, its total the decoder, the lm_head InternVL keeps apart where Qwen2.5 ties it, the
/// tower and its projector.
#[test]
fn internvl3_is_qwen25_with_its_vision_tower() {
    let c = cat();
    for (id, base, card) in [
        ("internvl3-2b", "qwen2.5-1.5b", 2.0),
        ("internvl3-8b", "qwen2.5-7b", 8.0),
        ("internvl3-14b", "qwen2.5-14b", 14.0),
        ("internvl3-38b", "qwen2.5-32b", 38.0),
        ("internvl3-78b", "qwen2.5-72b", 78.0),
    ] {
        let (v, b) = (c.find_model(id).unwrap(), c.find_model(base).unwrap());
        assert_eq!(
            (v.layers, v.hidden, v.heads, v.kv_heads, v.intermediate),
            (b.layers, b.hidden, b.heads, b.kv_heads, b.intermediate),
            "{id}"
        );
        assert!(v.source_note.as_deref().unwrap().contains(base), "{id}");
        let tower = v.vision.expect("a vision tower");
        let vit = tower.depth as f64
            * (4.0 * (tower.hidden as f64).powi(2)
                + 2.0 * tower.hidden as f64 * tower.intermediate as f64)
            / 1e9;
        let head = if b.tied_embeddings {
            b.vocab as f64 * b.hidden as f64 / 1e9
        } else {
            0.0
        };
        let extra = v.params_b - b.params_b - head - vit;
        // What is left is the projector (LayerNorm, 4h -> d -> d): under 0.2B.
        assert!((0.0..0.2).contains(&extra), "{id}: {extra:.3}");
        // The name is its size (14B names its language part: 15.1B in all).
        let tol = if id == "internvl3-14b" { 0.09 } else { 0.05 };
        assert!(
            ((v.params_b - card) / card).abs() < tol,
            "{id}: {}",
            v.params_b
        );
        // 256 tokens a 448^2 tile, 12 tiles and a thumbnail.
        assert_eq!(vision_tower::image_tokens(&tower), 13 * 256, "{id}");
    }
}

/// Issue 24's held-out row (vllm#16749): InternVL3-78B in bf16 on four A100 40GB died of OOM at
/// start-up; the bf16 weights alone are 146 GiB, 36.5 a card.
#[test]
fn internvl3_78b_in_bf16_does_not_fit_four_40gb_cards() {
    let c = cat();
    let m = c.find_model("internvl3-78b").unwrap();
    let mut r = FitRequest::new(ModelRef::Known(m), Quant::Bf16, Task::Infer);
    r.engine = Engine::Vllm;
    r.cards = 4;
    let e = estimate(&c, &r).unwrap();
    assert!((140.0..150.0).contains(&e.weights_gib), "{}", e.weights_gib);
}

/// A plain question naming one of them reads to `/fit` with its id.
#[test]
fn a_question_naming_one_reads_to_fit_with_its_id() {
    let c = cat();
    for (q, id) in [
        ("4090能跑smollm2 1.7b吗", "smollm2-1.7b"),
        ("can a 4090 run starcoder2 7b?", "starcoder2-7b"),
        ("seed-oss-36b 需要几张a100", "seed-oss-36b"),
        ("can I run command-r on two 3090s?", "command-r"),
        ("internvl3-8b 在4090上能跑吗", "internvl3-8b"),
        ("qwen2-audio-7b fits a 3090?", "qwen2-audio-7b"),
        // A new family's name is no slip of an ordinary word beside a size: `small` stays
        // Mistral Small's (not SmolLM's), `need` stays a verb (not Seed-OSS's first word).
        ("mistral small 3.1 24b on 2 x 3090", "mistral-small-3.1-24b"),
        ("need 2 a100 for qwen2.5-72b awq", "qwen2.5-72b"),
    ] {
        let lines = bot_core::understand::read(&c, q).lines();
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with("/fit") && l.contains(id)),
            "`{q}` → {lines:?}"
        );
    }
}
