//! A /pick that listens, round three (issue 26, session 10), on cases of our own in both
//! languages: image and video generation said at the first step (the task and the pipeline
//! kept, sized by the pipeline's estimate, priced like any card); a cap per hour kept, said
//! and used in the card ranking; a refused platform left out of the result.

use super::chat::{message_ids, text, who, world};
use bot_core::reply::Reply;
use bot_core::{ChatRef, Input};

fn say(w: &super::chat::World, me: &ChatRef, line: &str) -> (Vec<String>, String, Vec<Reply>) {
    let replies = w.bot.handle(me, Input::Text(line.into())).replies;
    (
        message_ids(&replies),
        text(&replies, w.bot.lang_for(me)),
        replies,
    )
}

fn walk(w: &super::chat::World, me: &ChatRef, lines: &[&str]) -> (Vec<String>, String, Vec<Reply>) {
    say(w, me, "/cancel");
    let mut last = say(w, me, "/pick");
    for l in lines {
        last = say(w, me, l);
    }
    last
}

fn has(ids: &[String], id: &str) -> bool {
    ids.iter().any(|i| i == id)
}

fn card_choices(replies: &[Reply]) -> Vec<String> {
    replies
        .iter()
        .flat_map(|r| r.choices.iter())
        .filter(|c| c.id.starts_with("g:"))
        .map(|c| c.id.clone())
        .collect()
}

#[test]
fn a_generation_job_is_sized_by_its_pipeline_and_priced() {
    let w = world();
    for (locale, first, kind) in [
        ("zh", "想用flux dev出几张图 跑两个小时", "图像生成"),
        (
            "en",
            "generate images with sdxl for 2 hours",
            "image generation",
        ),
        ("zh", "wan2.1 文生视频 跑3小时", "视频生成"),
    ] {
        let me = who(locale);
        let (ids, t, replies) = walk(&w, &me, &[first]);
        assert!(t.contains(kind), "{first}: {t}");
        assert!(has(&ids, "pick-media-summary"), "{first}: {t}");
        assert!(
            !has(&ids, "pick-ask-task") && !has(&ids, "pick-ask-model"),
            "{first}: {t}"
        );
        let cards = card_choices(&replies);
        assert!(!cards.is_empty(), "{first}: no card offered: {t}");
        // The cheapest card taken, no needs: the platforms for it.
        let (_, _, _) = say(&w, &me, "ok");
        let (ids, t, _) = say(&w, &me, "ok");
        assert!(has(&ids, "pick-result-title"), "{first}: {t}");
    }
    // A family alone asks its pipeline; the tap or the name answers it.
    let me = who("zh");
    let (ids, t, replies) = walk(&w, &me, &["想跑SD出图"]);
    assert!(has(&ids, "pick-ask-pipeline"), "{t}");
    assert!(
        replies
            .iter()
            .flat_map(|r| &r.choices)
            .any(|c| c.id == "p:sdxl"),
        "{t}"
    );
    let (ids, t, _) = say(&w, &me, "sdxl");
    assert!(has(&ids, "pick-ask-usage"), "{t}");
    // A card too small for the pipeline is refused with the reason.
    let (_, _, _) = say(&w, &me, "1h");
    let (ids, t, _) = say(&w, &me, "t4");
    assert!(
        has(&ids, "pick-card-does-not-fit") || has(&ids, "pick-ask-barriers"),
        "{t}"
    );
    // A LoRA on an image model is sized as `/fit <pipeline> lora` sizes it, never priced as
    // generation; a model whose training cannot be sized is said so, never priced.
    let me = who("en");
    let (ids, t, _) = walk(&w, &me, &["flux lora training", "3h"]);
    assert!(has(&ids, "pick-media-train-summary"), "{t}");
    assert!(!has(&ids, "pick-media-summary"), "{t}");
    assert!(!has(&ids, "pick-media-train-unknown"), "{t}");
    let me = who("zh");
    let (ids, t, _) = walk(&w, &me, &["想给sd1.5练个lora", "3h"]);
    assert!(has(&ids, "pick-media-train-unknown"), "{t}");
    assert!(!has(&ids, "pick-media-train-summary"), "{t}");
}

/// The peak `/pick` states for a LoRA on an image model is `/fit <pipeline> lora`'s, and the
/// cards it lists hold that peak, for pipelines of every kind the data can size.
#[test]
fn a_lora_on_an_image_model_is_sized_as_fit_sizes_it() {
    use bot_core::diffusion::{self, DiffusionRequest, train::Train};
    let w = world();
    for (said, id) in [
        ("sdxl lora training", "sdxl"),
        ("train a lora on qwen-image", "qwen-image"),
        ("想用 sd3.5 large 训练 lora", "sd3.5-large"),
    ] {
        let me = who(if said.is_ascii() { "en" } else { "zh" });
        let (ids, t, _) = walk(&w, &me, &[said, "3h"]);
        assert!(has(&ids, "pick-media-train-summary"), "{said}: {t}");
        let p = diffusion::find(id).unwrap();
        let mut r = DiffusionRequest::new(p);
        r.train = Some(Train::lora());
        let peak = format!("{:.1}", diffusion::estimate(&r).peak_gib);
        assert!(t.contains(&peak), "{said}: {peak} not in {t}");
    }
}

#[test]
fn a_cap_per_hour_is_kept_said_and_ranks() {
    let w = world();
    for (locale, capped, plain) in [
        (
            "zh",
            "lora微调qwen2.5 7b 4小时 每小时不超过2块",
            "lora微调qwen2.5 7b 4小时",
        ),
        (
            "en",
            "lora fine-tune qwen2.5 7b for 4 hours, under $0.3/h",
            "lora fine-tune qwen2.5 7b for 4 hours",
        ),
    ] {
        let me = who(locale);
        let (ids, t, _) = walk(&w, &me, &[capped]);
        assert!(has(&ids, "pick-understood-cap"), "{capped}: {t}");
        // Neither the job's budget nor its duration: the 4 hours stay.
        assert!(!has(&ids, "pick-understood-budget"), "{capped}: {t}");
        assert!(t.contains('4'), "{capped}: {t}");
        let (ids, t, with_cap) = say(&w, &me, "8k");
        assert!(
            has(&ids, "pick-cap-applied") || has(&ids, "pick-cap-none-under"),
            "{capped}: {t}"
        );
        let (_, _, without) = walk(&w, &me, &[plain, "8k"]);
        let (a, b) = (card_choices(&with_cap), card_choices(&without));
        if has(&ids, "pick-cap-applied") {
            // What the cap leaves is what costs no more: never a card the plain run lacks
            // ahead of one it has, and something was left out or everything was under it.
            assert!(
                a.iter().all(|c| b.contains(c) || b.len() == 6),
                "{a:?} {b:?}"
            );
        }
        // A cap nobody meets: everything shown, and said.
        let (ids, t, replies) = walk(&w, &me, &[plain, "每小时不超过0.01元", "8k"]);
        assert!(has(&ids, "pick-cap-none-under"), "{t}");
        assert!(!card_choices(&replies).is_empty(), "{t}");
    }
}

#[test]
fn a_refused_platform_is_left_out_of_the_result() {
    let w = world();
    for (locale, refuse) in [("zh", "不要autodl"), ("en", "not autodl please")] {
        let me = who(locale);
        let (ids, t, _) = walk(
            &w,
            &me,
            &["demo", "qwen2.5 7b", "bf16", "8k", "3h", "4090", refuse],
        );
        assert!(has(&ids, "pick-understood-exclude"), "{refuse}: {t}");
        assert!(!has(&ids, "pick-invalid"), "{refuse}: {t}");
        let (_, t, replies) = say(&w, &me, "ok");
        // The result says it (its lines sit under the phone summary's parts).
        assert!(
            t.contains("按你的要求没有列出：AutoDL") || t.contains("Left out as you asked: AutoDL"),
            "{refuse}: {t}"
        );
        let table: String = replies
            .iter()
            .flat_map(|r| r.parts.iter())
            .filter_map(|p| match p {
                bot_core::reply::Part::Table(tb) => Some(format!("{:?}", tb.rows)),
                _ => None,
            })
            .collect();
        assert!(
            !table.to_lowercase().contains("autodl"),
            "{refuse}: {table}"
        );
    }
}

#[test]
fn a_budget_per_month_is_kept_and_said_so() {
    let w = world();
    for (locale, line, shown) in [
        ("zh", "部署qwen2.5 7b 一直在线 预算每月2000", "2,000"),
        ("zh", "每个月预算500块 部署qwen2.5 7b 一直在线", "500"),
        (
            "en",
            "always-on llama 3.1 8b api for my app, budget $300 a month",
            "300",
        ),
    ] {
        let me = who(locale);
        let (ids, t, _) = walk(&w, &me, &[line]);
        assert!(has(&ids, "pick-understood-budget-month"), "{line}: {t}");
        assert!(has(&ids, "pick-understood-task"), "{line}: {t}");
        assert!(
            t.contains(shown) || t.contains(&shown.replace(',', "")),
            "{line}: {t}"
        );
        assert!(!has(&ids, "pick-invalid"), "{line}: {t}");
    }
    // A budget per hour is a cap, not a month's or a job's budget.
    let me = who("zh");
    let (ids, t, _) = walk(&w, &me, &["lora微调qwen2.5 7b 3小时 预算每小时3块"]);
    assert!(has(&ids, "pick-understood-cap"), "{t}");
    assert!(!has(&ids, "pick-understood-budget"), "{t}");
}

#[test]
fn a_refused_method_gives_way_to_the_one_asked_for() {
    let w = world();
    for (locale, lines, want) in [
        (
            "zh",
            &["lora微调qwen2.5 7b", "算了不用lora了 全参微调"][..],
            "全参",
        ),
        (
            "en",
            &["lora finetune llama 3.1 8b", "actually no lora, use qlora"][..],
            "QLoRA",
        ),
        // Refusing quantization names the method (BF16): never dropped as a refusal.
        ("zh", &["demo", "qwen2.5 7b", "不要量化"][..], "BF16"),
        ("en", &["demo", "qwen2.5 7b", "no quantization"][..], "BF16"),
    ] {
        let me = who(locale);
        let (ids, t, _) = walk(&w, &me, lines);
        assert!(has(&ids, "pick-understood-method"), "{lines:?}: {t}");
        assert!(t.contains(want), "{lines:?}: {want}: {t}");
        assert!(has(&ids, "pick-ask-context"), "{lines:?}: {t}");
    }
}

/// A platform refused before the card step never prices a card there: the card step's lines
/// with `不要autodl` differ from the same walk without it where AutoDL was a card's cheapest,
/// and AutoDL's own 4090 list price is never the one shown.
#[test]
fn a_refused_platform_never_prices_a_card_at_the_card_step() {
    let w = world();
    let me = who("zh");
    let steps = ["demo", "qwen2.5 7b", "bf16", "8k", "3h"];
    let (_, _, plain) = walk(&w, &me, &steps);
    let (_, _, refused) = walk(
        &w,
        &me,
        &["demo 不要autodl", "qwen2.5 7b", "bf16", "8k", "3h"],
    );
    // The card step's priced options: its table rows and its buttons.
    let priced = |r: &[Reply]| -> String {
        let rows: String = r
            .iter()
            .flat_map(|x| x.parts.iter())
            .filter_map(|p| match p {
                bot_core::reply::Part::Table(tb) => Some(format!("{:?}", tb.rows)),
                _ => None,
            })
            .collect();
        let labels: Vec<String> = r
            .iter()
            .flat_map(|x| x.choices.iter())
            .map(|c| format!("{:?}", c))
            .collect();
        rows + &labels.join("|")
    };
    let (a, b) = (priced(&plain), priced(&refused));
    assert!(a.contains('¥') && b.contains('¥'), "{a}\n---\n{b}");
    assert_ne!(a, b, "the refusal changed no price:\n{a}\n---\n{b}");
}

/// A bf16 image pipeline is not listed on a card without bf16 (V100, T4): the card step says
/// which cards were left out and why; a pipeline published in fp16 leaves none out for it.
#[test]
fn a_bf16_pipeline_leaves_out_cards_without_bf16_and_says_which() {
    let w = world();
    for (lang, said) in [
        ("en", "flux lora training"),
        ("zh", "想用 sd3.5 large 出图"),
    ] {
        let me = who(lang);
        let (ids, t, _) = walk(&w, &me, &[said, "3h"]);
        assert!(has(&ids, "pick-media-no-bf16"), "{said}: {t}");
        assert!(t.contains("V100"), "{said}: {t}");
    }
    let me = who("en");
    let (ids, t, _) = walk(&w, &me, &["sdxl lora training", "3h"]);
    let sdxl = bot_core::diffusion::find("sdxl").unwrap();
    let bf16 = bot_core::diffusion::DiffusionRequest::new(sdxl).denoiser_precision()
        == bot_core::diffusion::Precision::Bf16;
    assert_eq!(has(&ids, "pick-media-no-bf16"), bf16, "{t}");
}
