//! mem_ff (session 43, issue 24 §4, held-out 31's QwQ-32B pair): cases of our own, on models
//! and cards of no held-out row.
//!
//! vLLM's V0 engine runs pipeline parallel as one virtual engine per stage, each with its own
//! scheduler and block manager over `num_gpu_blocks // pipeline_parallel_size` of the pool
//! (vllm#7039: "Available context (gpu blocks) gets halved by pipeline parallel size"), and its
//! worker refuses to start when one `max_model_len` request does not fit one of them
//! (`vllm/worker/worker.py` `raise_if_cache_size_invalid`: `max_seq_len = block_size *
//! (num_gpu_blocks // pipeline_parallel_size)`, "The model's max seq len (N) is larger than the
//! maximum number of tokens that can be stored in KV cache (M)"). So under V0 with PP stages a
//! card's pool must hold one request's cache PP times over; tensor parallel, and the V1 engine
//! (one scheduler), hold it once.

use bot_core::Catalog;

/// The verdict word of an en-US `/fit` answer's verdict line.
pub(super) fn verdict(a: &str) -> &'static str {
    // "short" and "tight" share the mark; "short" says it is short on paper.
    if a.contains("⚠️ Tight on") && a.contains("short per card on paper") {
        return "short";
    }
    for (mark, v) in [
        ("✅ Fits on", "fits"),
        ("⚠️ Tight on", "tight"),
        ("❌ Does not fit on", "no"),
        ("⚠️ vLLM starts on", "starts"),
    ] {
        if a.contains(mark) {
            return v;
        }
    }
    panic!("no verdict in {a}")
}

/// The answer says the job runs (a clear fit or one inside the margin).
pub(super) fn runs(a: &str) -> bool {
    matches!(verdict(a), "fits" | "tight" | "starts")
}

pub(super) fn ask(locale: &str, line: &str) -> String {
    crate::chat::ask_fresh(locale, line)
}

/// Llama-3.1-8B at its own 128k on two RTX 4090s: two pipeline stages under V0 each hold
/// 16 layers, 64 KiB of cache a token, and a card's pool (about 12 GiB) holds some 190k tokens:
/// one 131,072-token request fits the pool, not the half a virtual engine gets.
#[test]
fn v0_pipeline_stages_split_the_pool_and_vllm_refuses_the_length() {
    let base = "/fit llama-3.1-8b bf16 ctx=128k 2x 4090 engine=vllm";
    let tp = ask("en-US", &format!("{base} vllm=v0"));
    let pp_v0 = ask("en-US", &format!("{base} vllm=v0 pp=2"));
    let pp_v1 = ask("en-US", &format!("{base} pp=2"));
    // Before mem_ff: pp=2 under V0 answered "fits" like tensor parallel.
    assert!(runs(&tp), "{tp}");
    assert!(runs(&pp_v1), "{pp_v1}");
    assert!(
        !runs(&pp_v0),
        "V0 with two stages holds half its pool per request: {pp_v0}"
    );
    // The answer says the rule that decides it, and the length it starts at.
    assert!(
        pp_v0.contains("virtual engine") && pp_v0.contains("--max-model-len"),
        "{pp_v0}"
    );
}

/// The same rule at a length half the pool holds: it starts (the split does not make every
/// V0 pipeline a miss), and a shorter context is what the refusal offers.
#[test]
fn v0_pipeline_starts_where_one_request_fits_a_stage_share() {
    let a = ask(
        "en-US",
        "/fit llama-3.1-8b bf16 ctx=64k 2x 4090 engine=vllm vllm=v0 pp=2",
    );
    assert!(runs(&a), "{a}");
    assert!(!a.contains("virtual engine"), "{a}");
}

/// The chat's word in Chinese and the answer's rule in zh-CN, with no English sentence left.
#[test]
fn the_rule_is_said_in_chinese_too() {
    let a = ask(
        "zh-CN",
        "/fit llama-3.1-8b bf16 ctx=128k 2x 4090 engine=vllm vllm=v0 流水线并行=2",
    );
    assert!(a.contains("虚拟引擎"), "{a}");
    assert!(!a.contains("virtual engine"), "{a}");
}

/// A count vLLM cannot run as tensor parallel is already sized as TP x PP
/// (`vram::pipeline`); under V0 those stages split the pool the same way. Qwen2.5-7B's 28
/// heads refuse 8-way TP on eight cards: 4 x 2.
#[test]
fn an_automatic_pipeline_split_under_v0_follows_the_same_rule() {
    let c = Catalog::embedded().unwrap();
    let m = c.model("qwen2.5-7b").unwrap();
    let card = c.gpu("rtx-4090").unwrap();
    let need = |v0: bool, ctx: u32| {
        let mut r = bot_core::vram::FitRequest::new(
            bot_core::vram::ModelRef::Known(m),
            bot_core::vram::Quant::Bf16,
            bot_core::vram::Task::Infer,
        );
        r.engine = bot_core::vram::Engine::Vllm;
        r.cards = 8;
        r.context = ctx;
        r.vllm_v0 = v0;
        r.gpu = Some(card);
        bot_core::vram::estimate_with(&c, &r, &bot_core::vram::FitOptions::default()).unwrap()
    };
    let v1 = need(false, 32_768);
    let v0 = need(true, 32_768);
    assert_eq!(v1.fits, Some(true));
    // The same job, the same need; V0 only asks its pool for the request twice.
    assert!((v0.per_gpu_required_gib - v1.per_gpu_required_gib).abs() < 1.0);
    let kv = v0.per_gpu.kv_cache_gib;
    let core = v0.per_gpu.weights_gib + v0.per_gpu.activations_gib + 2.0 * kv;
    let share = 0.9 * card.usable_gib();
    assert_eq!(
        v0.fits,
        Some(core <= share),
        "core {core:.2} share {share:.2}"
    );
}
