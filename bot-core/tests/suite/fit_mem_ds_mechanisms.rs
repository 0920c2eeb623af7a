//! mem_ds (session 34, issue 24, group G of `docs/misses/mem_do_unders.md`): servers that died
//! where the answer said fits / tight / starts. Cases of our own, each asserting what the
//! engines' source implies, written before the engine change:
//! - vLLM V1 as it launched: the default `max_num_seqs` was 1024 on every card ("The default
//!   `max_num_seqs` has been raised from `256` in V0 to `1024` in V1", vllm PR 15357's docs,
//!   2025-03-24) until vllm PR 16158 (merged 2025-04-07, "[V1] Revert the default
//!   `max_num_seqs` to V0 values for most hardware": 256 except H100/H200), so 0.8.0 - 0.8.3;
//!   the start-up profile samples one row of logits per request (`vram::vllm_seqs`), so the
//!   sampler's share of the budget is four times the 256 default's. Batched tokens stayed
//!   8192 on H100/H200 and 2048 elsewhere for the API server (vllm PR 12369).
//! - Hugging Face Transformers before 4.56: `DynamicCache.update` stores the prefill's key and
//!   value states as passed (`self.key_cache.append(key_states)`; 4.56's lazily initialized
//!   `DynamicLayer` concatenates onto an empty tensor, a copy). Phi-3's attention
//!   (`Phi3Attention.forward`, `models/phi3/modeling_phi3.py`) slices q, k and v out of one
//!   fused `qkv_proj` output; the key goes through RoPE (a new tensor) but the value is a view,
//!   so every layer's whole `qkv` output stays referenced until the first decode step
//!   concatenates: the prefill holds q + k widths per token and layer beyond the cache.

use bot_core::catalog::Catalog;
use bot_core::vram::{
    Attention, Engine, FitOptions, FitReport, FitRequest, ModelRef, Quant, Task,
    TransformersRelease, VllmRelease, estimate_with,
};

fn cat() -> Catalog {
    Catalog::embedded().unwrap()
}

const GIB: f64 = 1024.0 * 1024.0 * 1024.0;

/// Qwen2.5-32B W8A16 (read as GPTQ-Int8) over 2 x RTX 3090 at 4096 tokens, vLLM V1, as
/// vllm-project/vllm#17238 served it (`--gpu-memory-utilization 0.9 --enforce-eager`), under
/// `release` (None: today's) with `seqs` as `--max-num-seqs`.
fn qwen32b_on_3090s(
    c: &Catalog,
    release: Option<&str>,
    batch: u32,
    seqs: Option<u32>,
) -> FitReport {
    let mut r = FitRequest::new(
        ModelRef::Known(c.model("qwen2.5-32b").unwrap()),
        Quant::GptqInt8,
        Task::Infer,
    );
    r.context = 4096;
    r.batch = batch;
    r.engine = Engine::Vllm;
    r.gpu = Some(c.gpu("rtx-3090").unwrap());
    r.cards = 2;
    r.vllm_release = release.map(|s| VllmRelease::parse(s).unwrap());
    let o = FitOptions {
        vllm_utilization: 0.9,
        vllm_max_seqs: seqs,
        ..FitOptions::default()
    };
    estimate_with(c, &r, &o).unwrap()
}

#[test]
fn vllm_v1_as_launched_samples_for_1024_requests_on_a_small_card() {
    let c = cat();
    let vocab = f64::from(c.model("qwen2.5-32b").unwrap().vocab);
    let launch = qwen32b_on_3090s(&c, Some("0.8.1"), 1, None);
    let reverted = qwen32b_on_3090s(&c, Some("0.8.4"), 1, None);
    let today = qwen32b_on_3090s(&c, None, 1, None);
    // 0.8.4 and today sample 256 rows on a 3090: the same profile.
    assert!((reverted.per_gpu.activations_gib - today.per_gpu.activations_gib).abs() < 0.01);
    // 0.8.1 samples 1024: 768 more rows of the whole vocabulary at the sampler's bytes per logit
    // (39 B, `parts::VLLM_SAMPLER_BYTES_PER_LOGIT`), on every rank.
    let more = launch.per_gpu.activations_gib - reverted.per_gpu.activations_gib;
    let expected = 768.0 * vocab * 39.0 / GIB;
    assert!(
        (more - expected).abs() / expected < 0.05,
        "0.8.1 over 0.8.4: {more:.2} GiB, expected {expected:.2}"
    );
}

#[test]
fn a_pool_that_cannot_hold_one_sequence_does_not_start() {
    let c = cat();
    // vllm#17238: "No available memory for the cache blocks" at the 0.8.1 defaults.
    let died = qwen32b_on_3090s(&c, Some("0.8.1"), 256, None);
    let v = died.verdict.as_deref().unwrap();
    assert!(
        !matches!(v, "fits" | "tight" | "starts"),
        "0.8.1 at its default max_num_seqs: {v}"
    );
    assert_eq!(died.fits, Some(false));
    // The pool left in 0.9 of the card after the weights and the profile holds less than one
    // sequence of 4096 tokens (a quarter of the 8 KV heads' 64 layers on each card is 0.5 GiB).
    let one_seq = 4096.0 * died.kv_bytes_per_token / 2.0 / GIB;
    assert!(
        died.vllm_kv_pool.is_none_or(|p| p.gib < one_seq),
        "pool {:?} against one sequence {one_seq:.2} GiB",
        died.vllm_kv_pool.map(|p| p.gib)
    );
    // The same server with `max_num_seqs` 8 "can be started normally" (the thread's answer).
    let eight = qwen32b_on_3090s(&c, Some("0.8.1"), 8, Some(8));
    assert!(
        matches!(eight.verdict.as_deref(), Some("fits" | "tight" | "starts")),
        "0.8.1 at max_num_seqs 8: {:?}",
        eight.verdict
    );
}

#[test]
fn launch_release_keeps_the_h100_class_sampler_and_says_fewer_requests() {
    let c = cat();
    // On an H100 V1 sampled 1024 rows before and after the revert: no change there.
    let h100 = |rel: Option<&str>| {
        let mut r = FitRequest::new(
            ModelRef::Known(c.model("qwen2.5-7b").unwrap()),
            Quant::Bf16,
            Task::Infer,
        );
        r.context = 8192;
        r.engine = Engine::Vllm;
        r.gpu = Some(c.gpu("h100-sxm").unwrap());
        r.vllm_release = rel.map(|s| VllmRelease::parse(s).unwrap());
        estimate_with(&c, &r, &FitOptions::default()).unwrap()
    };
    let a = h100(Some("0.8.2")).per_gpu.activations_gib;
    let b = h100(None).per_gpu.activations_gib;
    assert!((a - b).abs() < 0.01, "H100: 0.8.2 {a:.2} vs today {b:.2}");
    // The 3090 server that died is told what 256 requests would need.
    let died = qwen32b_on_3090s(&c, Some("0.8.1"), 256, None);
    assert!(
        died.warning_ids
            .iter()
            .any(|w| w == "fit-warn-vllm-launch-seqs"),
        "{:?}",
        died.warning_ids
    );
}

#[test]
fn a_release_is_read_to_its_patch() {
    let a = VllmRelease::parse("0.8.3").unwrap();
    let b = VllmRelease::parse("v0.8.4").unwrap();
    let c = VllmRelease::parse("0.8").unwrap();
    assert!(a < b && c < a);
    assert!(VllmRelease::parse("0.8.x").is_none());
}

/// Phi-3-mini in fp16 under Transformers' `generate`, `batch` sequences of `ctx` tokens.
fn phi3<'a>(c: &'a Catalog, release: Option<&str>, batch: u32, ctx: u32) -> FitRequest<'a> {
    let mut r = FitRequest::new(
        ModelRef::Known(c.model("phi-3-mini").unwrap()),
        Quant::Fp16,
        Task::Infer,
    );
    r.context = ctx;
    r.batch = batch;
    r.engine = Engine::Transformers;
    r.transformers_release = release.map(|s| TransformersRelease::parse(s).unwrap());
    r
}

fn need_gib(c: &Catalog, r: &FitRequest) -> f64 {
    estimate_with(c, r, &FitOptions::default())
        .unwrap()
        .per_gpu_required_gib
}

#[test]
fn phi3_prefill_holds_the_fused_qkv_output_before_4_56() {
    let c = cat();
    let m = c.model("phi-3-mini").unwrap();
    let (batch, ctx) = (8, 4096);
    let old = need_gib(&c, &phi3(&c, Some("4.42"), batch, ctx));
    let lazy = need_gib(&c, &phi3(&c, Some("4.56"), batch, ctx));
    let today = need_gib(&c, &phi3(&c, None, batch, ctx));
    assert!(
        (lazy - today).abs() < 0.01,
        "4.56 {lazy:.2} vs today {today:.2}"
    );
    // Beyond the cache: the q and k widths of every layer's qkv output, 16-bit.
    let head_dim = f64::from(m.head_dim);
    let held = f64::from(batch)
        * f64::from(ctx)
        * f64::from(m.layers)
        * f64::from(m.heads + m.kv_heads)
        * head_dim
        * 2.0
        / GIB;
    assert!(
        ((old - lazy) - held).abs() / held < 0.02,
        "4.42 over 4.56: {:.2} GiB, expected {held:.2}",
        old - lazy
    );
}

#[test]
fn separate_projections_and_training_hold_nothing_more() {
    let c = cat();
    // Llama's q, k and v are their own projections: the value is its own tensor.
    let llama = |rel: Option<&str>| {
        let mut r = FitRequest::new(
            ModelRef::Known(c.model("llama-3-8b").unwrap()),
            Quant::Bf16,
            Task::Infer,
        );
        r.context = 4096;
        r.batch = 4;
        r.engine = Engine::Transformers;
        r.transformers_release = rel.map(|s| TransformersRelease::parse(s).unwrap());
        need_gib(&c, &r)
    };
    assert!((llama(Some("4.45")) - llama(None)).abs() < 0.01);
    // Training runs no cache.
    let lora = |rel: Option<&str>| {
        let mut r = phi3(&c, rel, 2, 2048);
        r.task = Task::Lora;
        r.quant = Quant::Bf16;
        need_gib(&c, &r)
    };
    assert!((lora(Some("4.42")) - lora(None)).abs() < 0.01);
}

#[test]
fn the_kv_cache_docs_forty_beams_die_on_a_48_gb_card_under_4_42() {
    // Transformers' `kv_cache.md` (04d5adf3): Phi-3-mini fp16, 40 beams over a ~1006-token
    // prompt, eager attention, "CUDA out of memory. Tried to allocate 4.83 GiB" on 50 GB.
    let c = cat();
    let run = |rel: Option<&str>| {
        let mut r = phi3(&c, rel, 1, 1029);
        r.beams = 40;
        r.new_tokens = Some(23);
        r.attention = Some(Attention::Eager);
        r.gpu = Some(c.gpu("rtx-a6000").unwrap());
        estimate_with(&c, &r, &FitOptions::default()).unwrap()
    };
    let old = run(Some("4.42"));
    assert_eq!(old.fits, Some(false), "{:?}", old.verdict);
    // With today's cache (a copy at the first update) the estimate is what it was.
    let today = run(None);
    assert!(old.per_gpu_required_gib > today.per_gpu_required_gib + 10.0);
}

/// `model` in `quant` on one `gpu` under vLLM at `util` (`--gpu-memory-utilization`), V0 or V1.
fn on_vllm(c: &Catalog, model: &str, quant: Quant, gpu: &str, util: f64, v0: bool) -> FitReport {
    let mut r = FitRequest::new(ModelRef::Known(c.model(model).unwrap()), quant, Task::Infer);
    r.context = 128;
    r.engine = Engine::Vllm;
    r.vllm_v0 = v0;
    r.gpu = Some(c.gpu(gpu).unwrap());
    let o = FitOptions {
        vllm_utilization: util,
        ..FitOptions::default()
    };
    estimate_with(c, &r, &o).unwrap()
}

const NO_ROOM: &str = "fit-warn-vllm-no-room";

#[test]
fn a_share_that_leaves_no_room_for_the_graphs_does_not_start() {
    // vllm#16199: gemma-3-27b-it-int4-awq, V0, `--max-model-len 128 --gpu-memory-utilization
    // 0.98` on a 24 GB card: "total_gpu_memory (21.99GiB) x gpu_memory_utilization (0.98)", then
    // "capture_end ... CUDA error: out of memory". The KV cache fills the share first; the CUDA
    // graphs are captured after it, outside the share (vllm#11251), in 0.44 GiB.
    let c = cat();
    let m = "gaunernst-gemma-3-27b-it-int4-awq";
    let tight = on_vllm(&c, m, Quant::Awq, "a10", 0.98, true);
    assert_eq!(tight.fits, Some(false), "{:?}", tight.verdict);
    assert_eq!(tight.verdict.as_deref(), Some("no"));
    assert!(tight.warning_ids.iter().any(|w| w == NO_ROOM));
    // At vLLM's default share the same server has 2.2 GiB outside: no such line.
    let default = on_vllm(&c, m, Quant::Awq, "a10", 0.9, true);
    assert!(!default.warning_ids.iter().any(|w| w == NO_ROOM));
    assert_ne!(default.verdict.as_deref(), Some("no"));
}

#[test]
fn todays_v1_refuses_a_share_the_free_memory_cannot_hold() {
    // Today's V1 checks at start that the free memory holds `total x utilization`
    // (`gpu_worker.py` `init_device`: "Free memory on device ... is less than desired GPU memory
    // utilization"); the CUDA context is already taken then, so 1.0 never starts.
    let c = cat();
    let all = on_vllm(&c, "qwen2.5-0.5b", Quant::Bf16, "rtx-4090", 1.0, false);
    assert_eq!(all.verdict.as_deref(), Some("no"), "{:?}", all.verdict);
    assert!(all.warning_ids.iter().any(|w| w == NO_ROOM));
    let usual = on_vllm(&c, "qwen2.5-0.5b", Quant::Bf16, "rtx-4090", 0.9, false);
    assert_eq!(usual.fits, Some(true), "{:?}", usual.verdict);
}

#[test]
fn the_chat_says_why_the_server_does_not_start_in_both_languages() {
    use super::chat::ask_fresh as ask;
    let en = ask("en-US", "/fit qwen2.5-0.5b 4090 vllm gmu=1.0");
    assert!(en.contains("refuses to start"), "{en}");
    let zh = ask("zh-CN", "/fit qwen2.5-0.5b 4090 vllm gmu=1.0");
    assert!(zh.contains("直接拒绝"), "{zh}");
    let launch = ask(
        "en-US",
        "/fit qwen2.5-32b gptq-int8 2x3090 ctx=4096 vllm=0.8.1",
    );
    assert!(launch.contains("V1 as it launched"), "{launch}");
    assert!(launch.contains("short per card"), "{launch}");
    let zh = ask(
        "zh-CN",
        "/fit qwen2.5-32b gptq-int8 2x3090 ctx=4096 vllm=0.8.1",
    );
    assert!(zh.contains("V1 刚推出时"), "{zh}");
}
