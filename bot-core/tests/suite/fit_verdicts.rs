//! Verdicts a user can bet a rental on (issue 24): an estimate is only uncertain in what it
//! estimates (a known checkpoint's weights and the KV cache of the tokens asked for are
//! counted), and a training verdict that turns on gradient checkpointing names both outcomes
//! with the trainers that default each way.

use bot_core::reply::Reply;
use bot_core::store::{Store, db_path};
use bot_core::vram::{
    self, CHECKPOINTING_DEFAULTS, FitReport, FitRequest, ModelRef, Quant, Task, estimate,
};
use bot_core::{Bot, Catalog, ChatRef, Input, Localizer};
use std::sync::Arc;

fn cat() -> Catalog {
    Catalog::embedded().unwrap()
}

fn on_card(c: &Catalog, id: &str, quant: Quant, task: Task, gpu: &str, cards: u32) -> FitReport {
    let mut r = FitRequest::new(ModelRef::Known(c.model(id).unwrap()), quant, task);
    r.gpu = Some(c.gpu(gpu).unwrap());
    r.cards = cards;
    estimate(&c.clone(), &r).unwrap()
}

const GIB: f64 = 1_073_741_824.0;

/// The lower edge of the stated margin never goes below what is counted exactly.
#[test]
fn the_margin_never_reaches_below_the_exact_part() {
    let cap = 80.0 * GIB;
    // 10 % over the card with a 15 % margin: "may run" when most of it is estimated ...
    assert_eq!(
        vram::verdict(88.0 * GIB, 88.0 * GIB, 60.0 * GIB, cap, 15.0),
        "short"
    );
    // ... but not when what is counted alone overflows the card.
    assert_eq!(
        vram::verdict(88.0 * GIB, 88.0 * GIB, 81.0 * GIB, cap, 15.0),
        "no"
    );
    // The exact part never raises the estimate itself, nor moves a fit.
    assert_eq!(
        vram::verdict(60.0 * GIB, 60.0 * GIB, 90.0 * GIB, cap, 15.0),
        "fits"
    );
    assert_eq!(
        vram::verdict(78.0 * GIB, 78.0 * GIB, 78.0 * GIB, cap, 15.0),
        "tight"
    );
}

/// DeepSeek-V3 in FP8 on 8 x H100: its FP8 weights alone leave under a GiB per card, so it is
/// a clear miss; on 8 x H200 it fits. A size-only guess (weights not exact) keeps the margin.
#[test]
fn exact_weights_make_a_clear_miss_clear() {
    let c = cat();
    let h100 = on_card(&c, "deepseek-v3", Quant::Fp8, Task::Infer, "h100", 8);
    assert_eq!(h100.verdict.as_deref(), Some("no"), "{h100:?}");
    assert!(h100.per_gpu.weights_gib > 75.0, "{h100:?}");
    let h200 = on_card(&c, "deepseek-v3", Quant::Fp8, Task::Infer, "h200", 8);
    assert!(
        matches!(h200.verdict.as_deref(), Some("fits" | "tight")),
        "{h200:?}"
    );
    // A job whose miss lies in estimated parts (activations of a long prompt) stays "short".
    let mut r = FitRequest::new(
        ModelRef::Known(c.model("qwen2.5-7b").unwrap()),
        Quant::Bf16,
        Task::Infer,
    );
    r.gpu = Some(c.gpu("4090").unwrap());
    let mut found_short = false;
    for ctx in (8_192..=65_536).step_by(1_024) {
        r.context = ctx;
        let rep = estimate(&c, &r).unwrap();
        let exact = rep.per_gpu.weights_gib + rep.per_gpu.kv_cache_gib;
        if rep.verdict.as_deref() == Some("short") {
            assert!(
                exact < 24.0,
                "short although the counted part overflows: {rep:?}"
            );
            found_short = true;
        }
    }
    assert!(found_short, "no context gives a short verdict on a 4090");
}

fn world() -> (Bot, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(Store::open(&db_path(dir.path())).unwrap());
    let mut bot = Bot::new(Arc::new(cat()), store);
    bot.today = bot_core::catalog::parse_date("2026-11-30");
    (bot, dir)
}

fn say(bot: &Bot, locale: &str, line: &str) -> String {
    let who = ChatRef {
        platform: "test".into(),
        chat: "c".into(),
        user: locale.into(),
        locale: Some(locale.into()),
        thread: None,
    };
    let a = bot.handle(&who, Input::Text(line.into()));
    let texts: Vec<String> = a
        .replies
        .iter()
        .map(|r: &Reply| Localizer::get().render_plain(a.lang, r))
        .collect();
    texts.join("\n")
}

/// LoRA jobs that fit with gradient checkpointing (LLaMA-Factory's, ms-swift's and Unsloth's
/// default) and not without it (Hugging Face Trainer's, axolotl's): the report carries the
/// other verdict, and it agrees with sizing the other way directly.
#[test]
fn a_verdict_that_turns_on_checkpointing_carries_the_other_one() {
    let c = cat();
    let mut flips = 0;
    for (id, ctx, batch) in [
        ("qwen2.5-7b", 2048, 1),
        ("llama-3.1-8b", 1024, 2),
        ("qwen2.5-3b", 4096, 1),
        ("qwen2.5-1.5b", 2048, 4),
    ] {
        let mut r = FitRequest::new(
            ModelRef::Known(c.model(id).unwrap()),
            Quant::Bf16,
            Task::Lora,
        );
        r.gpu = Some(c.gpu("4090").unwrap());
        r.context = ctx;
        r.batch = batch;
        r.grad_checkpointing = true;
        let with = estimate(&c, &r).unwrap();
        let mut off = r.clone();
        off.grad_checkpointing = false;
        let without = estimate(&c, &off).unwrap();
        let runs = |v: Option<&str>| matches!(v, Some("fits" | "tight"));
        let differ = runs(with.verdict.as_deref()) != runs(without.verdict.as_deref());
        assert_eq!(with.checkpointing_flip.is_some(), differ, "{id}: {with:?}");
        assert_eq!(without.checkpointing_flip.is_some(), differ, "{id}");
        if let Some(f) = &with.checkpointing_flip {
            flips += 1;
            assert!(!f.checkpointing);
            assert_eq!(Some(f.verdict.as_str()), without.verdict.as_deref());
            assert_eq!(f.per_gpu_required_gib, without.per_gpu_required_gib);
            let back = without.checkpointing_flip.as_ref().unwrap();
            assert!(back.checkpointing);
            assert_eq!(back.margin_gib, with.margin_gib.unwrap());
        }
    }
    assert!(
        flips >= 2,
        "only {flips} of the cases turn on checkpointing"
    );
    // Inference never carries one; a job that fits either way neither.
    let small = on_card(&c, "qwen2.5-0.5b", Quant::Bf16, Task::Lora, "h100", 1);
    assert!(small.checkpointing_flip.is_none(), "{small:?}");
    let infer = on_card(&c, "qwen2.5-7b", Quant::Bf16, Task::Infer, "4090", 1);
    assert!(infer.checkpointing_flip.is_none());
}

/// The answer says which way it sized, and names the trainers on each side, in both languages;
/// without a flip it only states the assumption.
#[test]
fn the_answer_names_the_trainers_on_each_side() {
    let (bot, _dir) = world();
    let on_by_default: Vec<&str> = CHECKPOINTING_DEFAULTS
        .iter()
        .filter(|t| t.2)
        .map(|t| t.0)
        .collect();
    assert!(on_by_default.contains(&"LLaMA-Factory") && on_by_default.contains(&"ms-swift"));
    assert!(CHECKPOINTING_DEFAULTS.iter().all(|t| t.3.contains('/')));
    let en = say(&bot, "en", "/fit qwen2.5-7b lora ctx=2k 4090");
    assert!(en.contains("✅"), "{en}");
    assert!(
        en.contains("That is with gradient checkpointing on")
            && en.contains("Hugging Face Trainer")
            && en.contains("GiB short per card"),
        "{en}"
    );
    let off = say(&bot, "en", "/fit qwen2.5-7b lora ctx=2k 4090 gc=off");
    assert!(off.contains("❌"), "{off}");
    assert!(off.contains("With it on (gc=on"), "{off}");
    assert!(off.contains("it fits with"), "{off}");
    let zh = say(&bot, "zh", "/fit qwen2.5-7b lora ctx=2k 4090");
    assert!(
        zh.contains("以上按开启梯度检查点计算") && zh.contains("LLaMA-Factory"),
        "{zh}"
    );
    // A job that fits both ways: no such line.
    let small = say(&bot, "en", "/fit qwen2.5-0.5b lora ctx=2k h100");
    assert!(
        !small.contains("That is with gradient checkpointing"),
        "{small}"
    );
    assert!(
        small.contains("LLaMA-Factory, ms-swift and Unsloth"),
        "{small}"
    );
}

/// A configuration the catalog has no price for is said to be unpriced, never "at ?"
/// (kimi-k2-thinking in bf16 only fits eight of the largest cards).
#[test]
fn an_unpriced_configuration_is_named_unpriced() {
    let (bot, _dir) = world();
    for (lang, model) in [
        ("en", "kimi-k2-thinking"),
        ("zh", "kimi-k2-thinking"),
        ("en", "qwen3-coder-480b-a35b"),
        ("en", "deepseek-v3"),
        ("en", "qwen3-235b-a22b"),
    ] {
        let a = say(&bot, lang, &format!("/fit {model}"));
        assert!(!a.contains("at ?") && !a.contains("，?"), "{a}");
        let bf16 = a
            .lines()
            .find(|l| l.starts_with("In bf16") || l.starts_with("如果用 bf16"));
        // Sized in AWQ by its size, with bf16 beside (Kimi is published in INT4: no bf16 line).
        assert!(bf16.is_some() || model != "qwen3-coder-480b-a35b", "{a}");
        assert!(
            !a.lines().any(|l| l.split_whitespace().any(|w| w == "?")),
            "{a}"
        );
        if let Some(l) = bf16 {
            let priced = l.contains('$') || l.contains('¥') || l.contains('€');
            let unpriced = l.contains("no list price") || l.contains("没有已知的公开价格");
            assert!(priced != unpriced, "{l}");
        }
    }
    // In bf16 only eight of a card the catalog has no price for hold it: the table says so.
    for (lang, words) in [("en", "no known price"), ("zh", "价格未知")] {
        let a = say(&bot, lang, "/fit kimi-k2-thinking bf16");
        assert!(a.contains(words), "{a}");
        assert!(
            !a.lines().any(|l| l.split_whitespace().any(|w| w == "?")),
            "{a}"
        );
    }
}
