//! Issue 24: a model published in a non-16-bit format (config.json `quantization_config`) is
//! sized in that format when no quantization is typed, says so, and never borrows another
//! model's 4-bit quality figures. The format is catalog data (`checkpoint_quant`), so every
//! model that carries it is checked, in both languages.

use bot_core::{Catalog, Input};

use super::chat::{World, say, text, who, world};

/// The weights figure of an en `/fit` answer ("Weights ... 640.3 GiB").
fn weights(text: &str) -> String {
    let at = text
        .find("Weights")
        .unwrap_or_else(|| panic!("no Weights in {text}"));
    text[at..].lines().next().unwrap().to_string()
}

#[test]
fn every_published_format_is_sized_as_published_in_both_languages() {
    let c = Catalog::embedded().unwrap();
    let w = world();
    let native: Vec<_> = c
        .models
        .iter()
        .filter_map(|m| m.checkpoint_quant.as_deref().map(|q| (m, q)))
        .collect();
    // The FP8 publishers QA named, and the MXFP4 ones that were a code match before.
    for id in [
        "deepseek-v3",
        "deepseek-r1",
        "kimi-k2",
        "minimax-m2.5",
        "minimax-m2",
    ] {
        assert!(
            native.iter().any(|(m, q)| m.id == id && *q == "fp8"),
            "{id} is published in FP8"
        );
    }
    for id in ["gpt-oss-20b", "gpt-oss-120b", "deepseek-v4-flash"] {
        assert!(
            native.iter().any(|(m, q)| m.id == id && *q == "mxfp4"),
            "{id}"
        );
    }
    for (m, q) in &native {
        let en = say(&w, "en", &format!("/fit {}", m.id));
        assert!(en.contains("is published in"), "{}: {en}", m.id);
        assert!(en.contains("config.json"), "{}: {en}", m.id);
        assert!(en.contains(&format!("({q})")), "{}: {en}", m.id);
        // No other model's quality figures, no "served on one or two cards".
        assert!(!en.contains("Qwen2-72B"), "{}: {en}", m.id);
        assert!(!en.contains("one or two cards"), "{}: {en}", m.id);
        assert!(!en.contains("assuming"), "{}: {en}", m.id);
        // The same figure as typing the format.
        let typed = say(&w, "en", &format!("/fit {} {q}", m.id));
        assert_eq!(weights(&en), weights(&typed), "{}", m.id);
        let zh = say(&w, "zh", &format!("/fit {}", m.id));
        assert!(zh.contains("官方发布的权重就是"), "{}: {zh}", m.id);
        assert!(zh.contains(&format!("（{q}）")), "{}: {zh}", m.id);
        assert!(!zh.contains("Qwen2-72B"), "{}: {zh}", m.id);
        assert!(!zh.contains("一两张卡"), "{}: {zh}", m.id);
        if *q == "fp8" {
            // The 4-bit estimate is one word away, and gives a smaller figure.
            assert!(en.contains("Add awq"), "{}: {en}", m.id);
            assert!(zh.contains("加上 awq"), "{}: {zh}", m.id);
            let four = say(&w, "en", &format!("/fit {} awq", m.id));
            assert_ne!(weights(&four), weights(&en), "{}", m.id);
        }
    }
}

#[test]
fn a_variant_keeps_its_own_checkpoint_format() {
    let c = Catalog::embedded().unwrap();
    let get = |id: &str| c.models.iter().find(|m| m.id == id).unwrap();
    // Kimi-K2.5 has K2's shape but an INT4 checkpoint: K2's FP8 does not carry over.
    assert_eq!(get("kimi-k2").checkpoint_quant.as_deref(), Some("fp8"));
    assert_eq!(
        get("kimi-k2.5").checkpoint_quant.as_deref(),
        Some("int4-g32")
    );
    let w = world();
    let en = say(&w, "en", "/fit kimi-k2.5");
    assert!(en.contains("is published in native INT4"), "{en}");
    let k2 = say(&w, "en", "/fit kimi-k2");
    assert_ne!(weights(&en), weights(&k2));
    // A 16-bit model's inference default is still decided by its size, with the figures.
    let qwen = say(&w, "en", "/fit qwen2.5-72b");
    assert!(!qwen.contains("is published in"), "{qwen}");
    assert!(qwen.contains("Qwen2-72B"), "{qwen}");
}

#[test]
fn an_unknown_checkpoint_format_is_refused_by_the_loader() {
    let toml = std::fs::read_to_string("catalog/models.toml")
        .unwrap()
        .replacen(
            "checkpoint_quant = \"fp8\"",
            "checkpoint_quant = \"fp7\"",
            1,
        );
    let file = |name: &str| std::fs::read_to_string(format!("catalog/{name}")).unwrap();
    let err = Catalog::from_sources(
        &file("gpus.toml"),
        &file("platforms.toml"),
        &toml,
        &file("fx.toml"),
    )
    .unwrap_err()
    .to_string();
    assert!(err.contains("checkpoint_quant"), "{err}");
}

#[test]
fn h200_and_a40_have_the_memory_their_driver_reports() {
    let c = Catalog::embedded().unwrap();
    // nvidia-smi: H200 143771 MiB = 140.4 GiB (not 141); A40 46068 MiB = 45.0 GiB (not 48).
    for (id, mib) in [("h200-sxm", 143_771.0), ("a40", 46_068.0)] {
        let g = c.gpu(id).unwrap();
        assert!((g.vram_gib() - mib / 1024.0).abs() < 1e-9, "{id}");
        assert!(g.memory_source.as_deref().unwrap().contains("github.com"));
    }
    let w = world();
    // The fit is decided on what CUDA sees of the H200 (cat_mib4: its CUDA total, below the
    // driver's 140.4 GiB).
    let h200 = c.gpu("h200-sxm").unwrap();
    assert!(h200.usable_gib() < h200.vram_gib());
    let en = say(&w, "en", "/fit qwen2.5-72b bf16 h200");
    let each = format!("({:.1} GiB each)", h200.usable_gib());
    assert!(en.contains(&each), "{en}");
    let zh = say(&w, "zh", "/fit qwen2.5-7b a40");
    assert!(zh.contains("每张 45.0 GiB"), "{zh}");
}

/// The text and the choice ids of one turn.
fn turn(w: &World, locale: &str, input: Input) -> (String, Vec<String>) {
    let a = w.bot.handle(&who(locale), input);
    let ids = a
        .replies
        .iter()
        .flat_map(|r| r.choices.iter().map(|c| c.id.clone()))
        .collect();
    (text(&a.replies, a.lang), ids)
}

#[test]
fn pick_leads_with_the_published_format_as_fit_sizes_it() {
    let c = Catalog::embedded().unwrap();
    for (m, q) in c
        .models
        .iter()
        .filter_map(|m| m.checkpoint_quant.as_deref().map(|q| (m, q)))
    {
        for lang in ["en", "zh"] {
            let w = world();
            turn(&w, lang, Input::Text("/pick".into()));
            turn(&w, lang, Input::Choice("t:serve".into()));
            let (out, ids) = turn(&w, lang, Input::Text(m.id.clone()));
            assert_eq!(
                ids.first().map(String::as_str),
                Some(&*format!("q:{q}")),
                "{} {lang}: {out}",
                m.id
            );
            assert_eq!(
                ids.iter()
                    .filter(|i| i.starts_with("q:"))
                    .filter(|i| **i == format!("q:{q}"))
                    .count(),
                1
            );
            let said = if lang == "en" {
                "is published in"
            } else {
                "官方发布的权重就是"
            };
            assert!(out.contains(said), "{} {lang}: {out}", m.id);
            assert!(!out.contains("Qwen2-72B"), "{} {lang}: {out}", m.id);
        }
    }
    // A 16-bit model keeps the usual order.
    let w = world();
    turn(&w, "en", Input::Text("/pick".into()));
    turn(&w, "en", Input::Choice("t:serve".into()));
    let (_, ids) = turn(&w, "en", Input::Text("qwen2.5-7b".into()));
    assert_eq!(ids.first().map(String::as_str), Some("q:bf16"));
}

#[test]
fn a_four_bit_default_says_one_or_two_cards_only_where_that_is_so() {
    let w = world();
    // Qwen3-Coder-480B-A35B (a 16-bit checkpoint): 4-bit by size, 480B parameters.
    let big = say(&w, "en", "/fit qwen3-coder-480b-a35b");
    assert!(big.contains("sized in awq"), "{big}");
    assert!(!big.contains("one or two cards"), "{big}");
    let n = big
        .split("still take at least ")
        .nth(1)
        .and_then(|t| t.split_whitespace().next())
        .and_then(|t| t.parse::<u32>().ok())
        .unwrap_or_else(|| panic!("{big}"));
    assert!(n >= 3, "{big}");
    let zh = say(&w, "zh", "/fit qwen3-coder-480b-a35b");
    assert!(
        zh.contains("即便如此也至少要") && !zh.contains("一两张卡"),
        "{zh}"
    );
    let q72 = say(&w, "en", "/fit qwen2.5-72b");
    assert!(q72.contains("one or two cards"), "{q72}");
}

/// Kimi-K2-Thinking and Kimi-K2.5 ship compressed-tensors INT4 (config.json
/// `quantization_config`: `pack-quantized`, 4-bit symmetric integers, `group_size` 32, `ignore`
/// lm_head, self_attn, shared_experts and the dense mlp): the routed experts at 4 + 16/32 bits,
/// everything else 16-bit. Counted here from the config's numbers, apart from the estimator.
#[test]
fn kimi_int4_counts_routed_experts_at_four_and_a_half_bits_and_the_rest_16_bit() {
    use bot_core::vram::{FitRequest, ModelRef, Quant, Shape, Task, estimate};
    let c = Catalog::embedded().unwrap();
    for id in ["kimi-k2-thinking", "kimi-k2.5"] {
        let m = c.model(id).unwrap();
        assert_eq!(m.checkpoint_quant.as_deref(), Some("int4-g32"), "{id}");
        // 60 MoE layers x 384 routed experts x (gate, up, down) of 7168 x 2048.
        let routed = 60.0 * 384.0 * 3.0 * 7168.0 * 2048.0;
        let s = Shape::from_model(m).unwrap();
        let p = s.count(None, None);
        let all = p.embed + p.lm_head + p.linear + p.other;
        let want = (routed * 4.5 / 8.0 + (all - routed) * 2.0) / bot_core::vram::GIB;
        let req = FitRequest::new(ModelRef::Known(m), Quant::Int4G32, Task::Infer);
        let got = estimate(&c, &req).unwrap().weights_gib;
        assert!(
            (got - want).abs() / want < 0.005,
            "{id}: {got:.1} vs {want:.1}"
        );
        // Between a 4-bit-everything and a shared-expert-in-4-bit reading: ~550 GiB, not
        // K2's FP8 (~960 GiB) nor an all-linear group-128 int4 (~490 GiB).
        assert!((530.0..580.0).contains(&got), "{id}: {got:.1} GiB");
        // Typed, the format reads back as itself in both spellings.
        assert_eq!("int4-g32".parse::<Quant>().unwrap(), Quant::Int4G32);
        assert_eq!("W4A16-G32".parse::<Quant>().unwrap(), Quant::Int4G32);
    }
    // zh: the published format said in Chinese, no English leftover.
    let w = world();
    let zh = say(&w, "zh", "/fit kimi-k2-thinking");
    assert!(zh.contains("路由专家为原生 INT4"), "{zh}");
}
