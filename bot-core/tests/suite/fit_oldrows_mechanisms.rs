//! The old held-out tables' misses (session 14, mem-n), by mechanism, on models, lengths and
//! releases of no table. An older Unsloth (`unsloth=2024.5`, `vram::unsloth_release`): one
//! RoPE cos/sin pair per attention layer before 2025.1 (16-bit, fp32 for Gemma; every
//! position up to the model's before 2024.8, at most 32768 from 2024.8, grown by 8192), and
//! Gemma-3's compiled loss over every token's logits before 2025.8.

use super::chat::ask_fresh as ask;
use bot_core::Catalog;
use bot_core::vram::{
    FitOptions, FitReport, FitRequest, GIB, ModelRef, Optimizer, Quant, Task, UnslothRelease,
    estimate_with,
};

fn unsloth(model: &str, ctx: u32, batch: u32, release: Option<&str>) -> FitReport {
    let catalog = Catalog::embedded().unwrap();
    let mut req = FitRequest::new(
        ModelRef::Known(catalog.model(model).unwrap()),
        Quant::Nf4,
        Task::Qlora,
    );
    req.context = ctx;
    req.batch = batch;
    req.grad_checkpointing = true;
    req.unsloth = true;
    req.unsloth_release = release.map(|r| UnslothRelease::parse(r).unwrap());
    let opts = FitOptions {
        optimizer: Optimizer::Adam8bit,
        ..FitOptions::default()
    };
    estimate_with(&catalog, &req, &opts).unwrap()
}

/// The report's parts are rounded to 0.01 GiB: two of them differ by at most that.
const TOL: f64 = 0.011 * GIB;

/// What must be allocated beyond today's release, in bytes: the RoPE tables, as the logits of
/// the lengths used here take as much as today's one chunk. Not the overhead nvidia-smi would
/// show: an old release's whole logits also leave a forward layer's blocks cached beside them
/// (`vram::unsloth_blocks`, mem_ep), which the allocator gives back.
fn rope_added(model: &str, ctx: u32, release: &str) -> f64 {
    let old = unsloth(model, ctx, 1, Some(release)).per_gpu_required_gib;
    let now = unsloth(model, ctx, 1, None).per_gpu_required_gib;
    (old - now) * GIB
}

#[test]
fn before_2025_every_attention_layer_keeps_its_own_rope_tables() {
    // Yi-1.5-9B: 48 layers, head_dim 128, 4096 positions; 16-bit tables.
    let per_pos = 48.0 * 2.0 * 128.0 * 2.0;
    let got = rope_added("yi-1.5-9b", 2048, "2024.5");
    assert!((got - per_pos * 4096.0).abs() < TOL, "{got}");
    // A longer sequence than the model's positions: the table grows to it (2024.5).
    let got = rope_added("yi-1.5-9b", 10_000, "2024.6");
    assert!((got - per_pos * 10_000.0).abs() < TOL, "{got}");
    // From 2024.8 in steps of 8192: 10,000 tokens -> 16,384 positions.
    let got = rope_added("yi-1.5-9b", 10_000, "2024.9");
    assert!((got - per_pos * 16_384.0).abs() < TOL, "{got}");
    // Gemma-2-27B keeps them in fp32: 46 layers x 2 x 8192 x 128 x 4 bytes.
    let got = rope_added("gemma-2-27b", 1024, "2024.10") / GIB;
    assert!(
        (got - 46.0 * 2.0 * 8192.0 * 128.0 * 4.0 / GIB).abs() < 0.011,
        "{got}"
    );
    // 2025.1 on: one shared table, the same as today.
    assert!(rope_added("yi-1.5-9b", 2048, "2025.1").abs() < TOL);
    assert!(rope_added("gemma-2-27b", 1024, "2025.6").abs() < TOL);
}

#[test]
fn gemma3_before_august_2025_holds_every_tokens_logits() {
    // Gemma-3-12B, 4 x 1536 tokens over 262,208 entries: 5.6 GiB of fp32 logits, today in
    // chunks of at most 4 GiB; the 2025.3 loss holds 6 bytes per entry of all of them.
    let tokens = 4.0 * 1536.0;
    let whole = tokens * 262_208.0 * 6.0 / GIB;
    let old = unsloth("gemma-3-12b", 1536, 4, Some("2025.3"));
    let now = unsloth("gemma-3-12b", 1536, 4, None);
    assert!(old.per_gpu.activations_gib >= whole, "{old:?}");
    assert!(now.per_gpu.activations_gib < whole - 1.0, "{now:?}");
    assert!(old.per_gpu_gib > now.per_gpu_gib + 1.0);
    // From 2026.7 the chunked, capped loss: the same as today.
    let later = unsloth("gemma-3-12b", 1536, 4, Some("2026.8"));
    assert!((later.per_gpu_gib - now.per_gpu_gib).abs() < 1e-9);
    // A model Unsloth writes itself, 2025.3: no change in the loss (and the shared RoPE).
    let l_old = unsloth("llama-3.1-8b", 3072, 2, Some("2025.3"));
    let l_now = unsloth("llama-3.1-8b", 3072, 2, None);
    assert!((l_old.per_gpu_gib - l_now.per_gpu_gib).abs() < 1e-9);
}

#[test]
fn the_chat_names_the_release_and_the_word() {
    let en = ask(
        "en-US",
        "/fit gemma-3-12b qlora ctx=1536 batch=4 unsloth=2025.3",
    );
    assert!(
        en.contains("Unsloth 2025.3") && en.contains("every token's logits"),
        "{en}"
    );
    let zh = ask(
        "zh-CN",
        "/fit gemma-3-12b qlora ctx=1536 batch=4 unsloth=2025.3",
    );
    assert!(
        zh.contains("Unsloth 2025.3") && zh.contains("全部 token 的 logits"),
        "{zh}"
    );
    // The release's figure is the estimate's: the RoPE tables of Yi-1.5-9B at 2024.5.
    let yi = ask("en-US", "/fit yi-1.5-9b qlora ctx=2048 unsloth=2024.5");
    let gib = 48.0 * 2.0 * 4096.0 * 128.0 * 2.0 / GIB;
    assert!(yi.contains(&format!("{gib:.1} GiB of RoPE tables")), "{yi}");
    // Without a release: today's, and the word for an older one.
    let now = ask("en-US", "/fit yi-1.5-9b qlora ctx=2048 unsloth");
    assert!(now.contains("unsloth=2024.5"), "{now}");
    // A release that is no release is refused, not guessed.
    let bad = ask("en-US", "/fit yi-1.5-9b qlora ctx=2048 unsloth=2024.13");
    assert!(!bad.contains("RoPE tables"), "{bad}");
}

#[test]
fn from_august_2025_to_june_2026_the_loss_chunks_had_no_4_gib_cap() {
    // Llama-3.1-8B, 4 x 8192 tokens over 128,256 entries: 15.7 GiB of fp32 logits. Today in
    // chunks of at most 4 GiB; 2025.9 with no card named, one chunk of all of them (x 1.5).
    let one_chunk = 4.0 * 8192.0 * 128_256.0 * 6.0 / GIB;
    let old = unsloth("llama-3.1-8b", 8192, 4, Some("2025.9"));
    let now = unsloth("llama-3.1-8b", 8192, 4, None);
    assert!(old.per_gpu.activations_gib >= one_chunk, "{old:?}");
    assert!(now.per_gpu.activations_gib < 8.0, "{now:?}");
    // The cap from 2026.7 on, and before 2025.8 today's figure stands (not sized).
    for r in ["2026.7", "2025.6"] {
        let same = unsloth("llama-3.1-8b", 8192, 4, Some(r));
        assert!((same.per_gpu_gib - now.per_gpu_gib).abs() < 1e-9, "{r}");
    }
    let en = ask(
        "en-US",
        "/fit llama-3.1-8b qlora ctx=8k batch=4 unsloth=2025.9",
    );
    assert!(en.contains("no 4 GiB cap before 2026.7"), "{en}");
    let zh = ask(
        "zh-CN",
        "/fit llama-3.1-8b qlora ctx=8k batch=4 unsloth=2025.9",
    );
    assert!(zh.contains("2026.7 之前没有 4 GiB 上限"), "{zh}");
}

/// Activations per card of `model` under `engine` at 8192 tokens, bf16, on one card.
fn profile_act(model: &str, engine: bot_core::vram::Engine, gpu: &str) -> f64 {
    super::fit_heldout9_mechanisms::engine_report(model, engine, 1, gpu)
        .per_gpu
        .activations_gib
}

#[test]
fn qwen3_vl_has_its_vision_tower_and_vllm_profiles_it() {
    use bot_core::vram::Engine;
    let catalog = Catalog::embedded().unwrap();
    // Every Qwen VL entry carries its tower: vLLM's profile cannot be sized without it.
    for m in &catalog.models {
        if m.family.starts_with("qwen") && m.family.contains("-vl") {
            assert!(m.vision.is_some(), "{} has no vision facts", m.id);
        }
    }
    // Qwen3-VL's processor: 16-pixel patches, 4096 x 4096 at most: 16384 image tokens.
    let v = catalog.model("qwen3-vl-32b").unwrap().vision.unwrap();
    assert_eq!(v.max_pixels / u64::from(v.patch * v.merge).pow(2), 16_384);
    // Qwen3-VL-32B on an H200 and -8B on an L40S: vLLM's start-up profile keeps at least
    // the 16384 image tokens' outputs at the decoder's width; Transformers profiles nothing.
    for (vl, text, gpu) in [
        ("qwen3-vl-32b", "qwen3-32b", "h200-sxm"),
        ("qwen3-vl-8b", "qwen3-8b", "l40s"),
    ] {
        let hidden = f64::from(catalog.model(vl).unwrap().hidden);
        let kept = 16_384.0 * hidden * 2.0 / GIB;
        let rise = profile_act(vl, Engine::Vllm, gpu) - profile_act(text, Engine::Vllm, gpu);
        assert!(
            rise >= kept - 0.01,
            "{vl}: +{rise:.2} GiB, outputs {kept:.2}"
        );
        let hf = profile_act(vl, Engine::Transformers, gpu)
            - profile_act(text, Engine::Transformers, gpu);
        assert!(hf.abs() < 1e-9, "{vl}: {hf}");
    }
}

/// Activations per card of a bf16 LoRA of Llama-3.1-8B at 2048 tokens over `cards` L40S.
fn lora_act(cards: u32, zero: Option<bot_core::vram::Zero>, fsdp: bool) -> f64 {
    let catalog = Catalog::embedded().unwrap();
    let mut req = FitRequest::new(
        ModelRef::Known(catalog.model("llama-3.1-8b").unwrap()),
        Quant::Bf16,
        Task::Lora,
    );
    req.context = 2048;
    req.cards = cards;
    req.grad_checkpointing = true;
    req.gpu = Some(catalog.gpu("l40s").unwrap());
    let opts = FitOptions {
        zero,
        fsdp,
        ..FitOptions::default()
    };
    estimate_with(&catalog, &req, &opts)
        .unwrap()
        .per_gpu
        .activations_gib
}

#[test]
fn deepspeed_zero_1_and_2_hold_a_whole_gradient_bucket_through_the_backward_pass() {
    use bot_core::vram::Zero;
    // 5e8 elements of bf16 whatever few parameters train (a LoRA's 40M here).
    let bucket = 5e8 * 2.0 / GIB;
    let alone = lora_act(1, None, false);
    for zero in [Zero::One, Zero::Two] {
        for cards in [2, 4] {
            let got = lora_act(cards, Some(zero), false) - alone;
            assert!((got - bucket).abs() < 0.02, "{zero:?} x {cards}: {got}");
        }
    }
    // Not under ZeRO-3 (hidden-squared buckets) nor plain DDP.
    assert!((lora_act(2, Some(Zero::Three), false) - alone).abs() < bucket / 2.0);
    assert!((lora_act(2, Some(Zero::Off), false) - alone).abs() < 0.02);
}

fn served(model: &str, ctx: u32, v0: bool) -> FitReport {
    let catalog = Catalog::embedded().unwrap();
    let mut req = FitRequest::new(
        ModelRef::Known(catalog.model(model).unwrap()),
        Quant::Bf16,
        Task::Infer,
    );
    req.engine = bot_core::vram::Engine::Vllm;
    req.context = ctx;
    req.vllm_v0 = v0;
    req.gpu = Some(catalog.gpu("l40s").unwrap());
    estimate_with(&catalog, &req, &FitOptions::default()).unwrap()
}

#[test]
fn vllm_v0_profiles_the_whole_context_below_32k() {
    use bot_core::vram::VllmDefaults;
    for (ctx, mm, want) in [
        (29_000, false, 29_000),
        (1_000, false, 2048),
        (40_000, false, 2048),
        (32_768, false, 32_768),
        (3_000, true, 5120),
        (8_192, true, 8_192),
    ] {
        assert_eq!(VllmDefaults::v0(ctx, mm).batched_tokens, want, "{ctx} {mm}");
        assert_eq!(VllmDefaults::v0(ctx, mm).max_seqs, 256);
    }
    // Qwen2.5-14B on an L40S at 24,000 tokens: one forward pass over all of them
    // (6 x FFN + 8 x hidden bytes a token), far above V1's 2048-token chunks.
    let (ffn, hidden) = (13_824.0, 5120.0);
    let v0 = served("qwen2.5-14b", 24_000, true);
    let v1 = served("qwen2.5-14b", 24_000, false);
    let pass = 24_000.0 * (6.0 * ffn + 8.0 * hidden) / GIB;
    assert!(v0.per_gpu.activations_gib >= pass - 0.01, "{v0:?}");
    // What each needs (nvidia-smi would show the budget on the named card either way).
    assert!(v0.per_gpu_required_gib > v1.per_gpu_required_gib + 1.0);
    // Past 32K V0 chunks its prefill too: the same as V1's smaller card class.
    let (a, b) = (
        served("qwen2.5-14b", 40_000, true),
        served("qwen2.5-14b", 40_000, false),
    );
    assert!(
        (a.per_gpu_required_gib - b.per_gpu_required_gib).abs() < 0.02,
        "{a:?} {b:?}"
    );
    // A VL model's dummy prompt carries the whole largest image (16,384 tokens) in V0.
    let vl = served("qwen2.5-vl-3b", 4096, true);
    let (ffn3, hidden3) = (11_008.0, 2048.0);
    let image_pass = 16_384.0 * (6.0 * ffn3 + 8.0 * hidden3) / GIB;
    assert!(vl.per_gpu.activations_gib >= image_pass, "{vl:?}");
}

#[test]
fn the_chat_reads_the_v0_words_and_says_so() {
    let v0 = ask("en-US", "/fit qwen2.5-14b ctx=24000 l40s vllm=0.6.4");
    assert!(
        v0.contains("V0 engine") && v0.contains("24000 tokens in one pass"),
        "{v0}"
    );
    let env = ask("en-US", "/fit qwen2.5-14b ctx=24000 l40s VLLM_USE_V1=0");
    assert!(env.contains("V0 engine"), "{env}");
    let v1 = ask("en-US", "/fit qwen2.5-14b ctx=24000 l40s vllm=0.9.2");
    assert!(!v1.contains("V0 engine"), "{v1}");
    let zh = ask("zh-CN", "/fit qwen2.5-14b ctx=24000 l40s vllm=v0");
    assert!(zh.contains("V0 引擎"), "{zh}");
    let bad = ask("en-US", "/fit qwen2.5-14b ctx=24000 l40s vllm=banana");
    assert!(!bad.contains("V0 engine"), "{bad}");
}

/// Activations per card of a full fine-tuning of Qwen2.5-14B at 512 tokens over H100s.
fn full_act(zero: bot_core::vram::Zero, cards: u32) -> (f64, f64) {
    let catalog = Catalog::embedded().unwrap();
    let mut req = FitRequest::new(
        ModelRef::Known(catalog.model("qwen2.5-14b").unwrap()),
        Quant::Bf16,
        Task::Full,
    );
    req.context = 512;
    req.cards = cards;
    req.grad_checkpointing = true;
    req.gpu = Some(catalog.gpu("h100-sxm").unwrap());
    let opts = FitOptions {
        zero: Some(zero),
        ..FitOptions::default()
    };
    let r = estimate_with(&catalog, &req, &opts).unwrap();
    (r.per_gpu.activations_gib, r.trainable_params_b)
}

#[test]
fn deepspeeds_step_casts_a_gradient_partition_to_fp32() {
    use bot_core::vram::{Optimizer, Zero, deepspeed_step_bytes_per_element};
    // ZeRO-3: a sub-group of at most 1e9 elements: its fp32 gradient and, with the trainer's
    // AdamW stepping it on the multi-tensor path, the square root of its second moment
    // (8 bytes an element), larger here than 512 tokens' activations.
    let per = deepspeed_step_bytes_per_element(Optimizer::AdamW);
    assert_eq!(per, 8.0);
    let (z3, params_b) = full_act(Zero::Three, 8);
    let partition = params_b * 1e9 / 8.0;
    let sub = partition.min(1e9) * per / GIB;
    assert!(partition > 1e9 && (z3 - sub).abs() < 0.02, "{z3} vs {sub}");
    // Over 32 cards the partition is below a sub-group: all of it.
    let (z3_32, _) = full_act(Zero::Three, 32);
    let whole = params_b * 1e9 / 32.0 * per / GIB;
    assert!((z3_32 - whole).abs() < 0.02, "{z3_32} vs {whole}");
    // ZeRO-2: the whole partition at once.
    let (z2, _) = full_act(Zero::Two, 8);
    assert!(z2 >= partition * per / GIB - 0.02 && z2 > z3, "{z2}");
    // An 8-bit Adam steps each tensor in place: the cast's bf16 flatten and fp32 copy (6).
    assert_eq!(deepspeed_step_bytes_per_element(Optimizer::Adam8bit), 6.0);
}
