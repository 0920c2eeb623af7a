//! Session 28, mem_ca: held-out 44's misses by mechanism, on cases of our own.
//! - Ollama's gpt-oss graph by release (`fs/ggml/ggml.go`: `4 ×` to v0.11.4, `2 ×` from v0.11.5,
//!   the flash-attention figure from v0.11.8) and the scheduler packing a model into the fewest
//!   cards that hold it (v0.11.5 on), `vram::ollama`.
//! - SGLang refusing a stated request whose prompt its token pool cannot hold
//!   (`validate_input_length` against `max_req_input_len = max_total_num_tokens - 1`),
//!   `vram::sglang_pool::refuses`.

use bot_core::Catalog;
use bot_core::vram::ollama::{
    GraphArch, MINIMUM_MEMORY_BYTES, OllamaModel, OllamaRelease, OllamaRun, estimate_gpu_layers,
    graph_size_slots,
};
use bot_core::vram::{FitOptions, FitRequest, ModelRef, Quant, Task, estimate_with};

const MIB: u64 = 1 << 20;
const GIB: f64 = (1u64 << 30) as f64;

/// A gpt-oss-shaped model of our own: 6 blocks of 100 MiB, 16 heads over 4 KV heads of 64.
fn oss(arch: GraphArch) -> OllamaModel {
    OllamaModel {
        arch,
        block_count: 6,
        layer_bytes: 100 * MIB,
        output_bytes: 40 * MIB,
        embedding: 1024,
        heads: 16,
        heads_kv: 4,
        head_dim_k: 64,
        head_dim_v: 64,
        vocab: 1000,
        gate_exps: None,
        projector_bytes: 0,
        projector_graph: 0,
        projector_with_output: false,
    }
}

fn run(ctx: u64, parallel: u64) -> OllamaRun {
    OllamaRun {
        num_ctx: ctx,
        num_parallel: parallel,
        ..OllamaRun::default()
    }
}

#[test]
fn the_gpt_oss_graph_halves_at_0_11_5_and_is_small_with_flash_attention() {
    // The whole cache at 16384 tokens × 2 slots: 32768 × 128 × 4 × 2 bytes × 6 blocks.
    let kv_full: u64 = 32_768 * 128 * 4 * 2 * 6;
    let old = graph_size_slots(&oss(GraphArch::GptOss), 32_768, 512, kv_full, 2);
    let half = graph_size_slots(&oss(GraphArch::GptOssHalf), 32_768, 512, kv_full, 2);
    let flash = graph_size_slots(&oss(GraphArch::GptOssFlash), 32_768, 512, kv_full, 2);
    // v0.11.3: 4 × 16 / 4 × kv / 6, full and partial; v0.11.5: 2 × ..., partial only.
    assert_eq!(old, (16 * kv_full / 6, 16 * kv_full / 6));
    assert_eq!(half, (8 * kv_full / 6, 0));
    // v0.11.8: (4 × 2 + 32768 / 1024 + 110) MiB.
    assert_eq!(flash, ((8 + 32 + 110) * MIB, 0));
    // Through EstimateGPULayers the missing full graph falls back to the partial one.
    let e = estimate_gpu_layers(&oss(GraphArch::GptOssHalf), &run(16_384, 2), &[None]);
    assert_eq!(e.graph, 8 * kv_full / 6);
    // The cache: even blocks hold 2 × 4096 + 512 tokens, odd ones the 32768.
    let kv = 3 * (2 * 4096 + 512) * 1024 + 3 * 32_768 * 1024;
    assert_eq!(e.kv, kv);
    let by_hand = MINIMUM_MEMORY_BYTES
        + (100 * MIB + (2 * 4096 + 512) * 1024)
        + 6 * 100 * MIB
        + kv
        + 40 * MIB
        + 8 * kv_full / 6;
    assert_eq!(e.total, by_hand);
}

fn gpt_oss(
    ctx: u32,
    parallel: u32,
    cards: u32,
    gpu: Option<&str>,
    release: Option<&str>,
) -> bot_core::vram::ollama::OllamaEstimate {
    let c = Catalog::embedded().unwrap();
    let mut req = FitRequest::new(
        ModelRef::Known(c.model("gpt-oss-20b").unwrap()),
        Quant::Mxfp4,
        Task::Infer,
    );
    req.engine = bot_core::vram::Engine::Llamacpp;
    req.context = ctx;
    req.batch = parallel;
    req.cards = cards;
    req.gpu = gpu.map(|g| c.gpu(g).unwrap());
    req.ollama_release = release.map(|r| OllamaRelease::parse(r).unwrap());
    let opts = FitOptions {
        ollama: true,
        ..FitOptions::default()
    };
    estimate_with(&c, &req, &opts).unwrap().ollama.unwrap()
}

#[test]
fn each_slot_adds_its_cache_and_its_graph_by_release() {
    // gpt-oss-20b at 32768 tokens per slot, no card: what one more slot adds is that slot's
    // cache plus the graph's share of it, in the ratio each release's formula gives.
    let step = |r: Option<&str>| {
        let one = gpt_oss(32_768, 1, 1, None, r);
        let two = gpt_oss(32_768, 2, 1, None, r);
        (
            two.total - one.total,
            two.kv - one.kv,
            two.graph - one.graph,
        )
    };
    let (_, kv6, g6) = step(Some("0.11.6"));
    let (_, kv3, g3) = step(Some("0.11.3"));
    assert_eq!(kv6, kv3);
    // 64 heads over 8 KV heads: 2 × 8 / 6 of the full-context cache at 0.11.6, twice at 0.11.3.
    assert!((g3 as f64 / g6 as f64 - 2.0).abs() < 1e-6, "{g3} {g6}");
    // Flash attention (0.11.8): 4 MiB + 32 MiB per slot.
    let (_, _, g8) = step(Some("0.11.8"));
    assert_eq!(g8, 36 * MIB);
    // Unstated: the 0.11.5 graph, never the smaller flash figure.
    assert_eq!(step(None), step(Some("0.11.5")));
}

fn cards_used(e: &bot_core::vram::ollama::OllamaEstimate) -> usize {
    e.per_card.iter().filter(|b| **b > 0).count()
}

#[test]
fn ollama_packs_into_the_fewest_cards_that_hold_the_model_from_0_11_5() {
    // gpt-oss-20b at 65536 tokens × 7 slots on A100 80GB cards: the 0.11.5 graph (56 GiB) sits
    // on every card with layers, and with the model and cache it is too much for one card.
    let four = gpt_oss(65_536, 7, 4, Some("a100-80g-sxm"), None);
    assert!(four.fully_loaded());
    let used = cards_used(&four);
    assert!(used > 1 && used < 4, "{:?}", four.per_card);
    // The figure is that of the fewest cards: stating only that many cards gives the same.
    let fewest = gpt_oss(65_536, 7, used as u32, Some("a100-80g-sxm"), None);
    assert_eq!(fewest.total, four.total);
    // A job one card holds stays on one card whatever the count.
    let small = gpt_oss(8192, 1, 4, Some("a100-80g-sxm"), None);
    assert_eq!(cards_used(&small), 1);
    assert!((small.total as f64) < 20.0 * GIB);
}

#[test]
fn before_0_11_5_ollama_tried_one_card_then_all() {
    // Qwen2.5-72B Q4_K_M at 2048 on 4 × RTX 4090: more than one card, fewer than four hold it.
    let c = Catalog::embedded().unwrap();
    let at = |release: &str| {
        let mut req = FitRequest::new(
            ModelRef::Known(c.model("qwen2.5-72b").unwrap()),
            Quant::Q4KM,
            Task::Infer,
        );
        req.engine = bot_core::vram::Engine::Llamacpp;
        req.context = 2048;
        req.cards = 4;
        req.gpu = Some(c.gpu("rtx-4090").unwrap());
        req.ollama_release = OllamaRelease::parse(release);
        let opts = FitOptions {
            ollama: true,
            ..FitOptions::default()
        };
        estimate_with(&c, &req, &opts).unwrap().ollama.unwrap()
    };
    let (old, new) = (at("0.11.4"), at("0.11.5"));
    assert!(old.fully_loaded() && new.fully_loaded());
    assert_eq!(cards_used(&old), 4);
    let n = cards_used(&new);
    assert!(n > 1 && n < 4, "{:?}", new.per_card);
    // Each card dropped takes its graph, its minimum and its spare layer with it.
    assert!(old.total > new.total);
}

fn sglang(context: u32, new_tokens: Option<u32>) -> bot_core::vram::FitReport {
    // Qwen2.5-14B BF16 on an A100 40GB at SGLang's default fraction: the weights leave a pool
    // shorter than 32768 tokens (a case of our own, not a table's).
    let c = Catalog::embedded().unwrap();
    let mut req = FitRequest::new(
        ModelRef::Known(c.model("qwen2.5-14b").unwrap()),
        Quant::Bf16,
        Task::Infer,
    );
    req.engine = bot_core::vram::Engine::Vllm;
    req.context = context;
    req.new_tokens = new_tokens;
    req.gpu = Some(c.gpu("a100-40g-pcie").unwrap());
    let opts = FitOptions {
        server: bot_core::vram::Server::parse("sglang"),
        ..FitOptions::default()
    };
    estimate_with(&c, &req, &opts).unwrap()
}

#[test]
fn sglang_refuses_a_stated_prompt_longer_than_its_pool() {
    // The server's limit only (no prompt stated): it starts, capping requests at the pool.
    let server = sglang(32_768, None);
    assert_eq!(server.verdict.as_deref(), Some("pool"), "{server:?}");
    let pool = server.server_pool.expect("pool");
    assert!(pool.clipped && pool.tokens < 32_768);
    // A request of 32768 tokens, 1024 of them generated: its prompt is longer than the pool.
    let long = sglang(32_768, Some(1024));
    assert_eq!(long.verdict.as_deref(), Some("refused"));
    assert_eq!(long.fits, Some(false));
    assert!(!long.holds_all() && !long.starts_short());
    // The same pool, said beside the verdict; the margin is the whole demand's, short.
    assert_eq!(long.server_pool.map(|p| p.tokens), Some(pool.tokens));
    assert!(long.margin_gib.unwrap() < 0.0);
    // A prompt the pool holds is taken, even when prompt and answer together are longer
    // than the pool: SGLang checks the input's length.
    let short_prompt = pool.tokens as u32 / 2;
    let taken = sglang(32_768, Some(32_768 - short_prompt));
    assert_eq!(taken.verdict.as_deref(), Some("pool"), "{taken:?}");
}

#[test]
fn the_refusal_has_its_own_words_in_both_languages() {
    use bot_core::i18n::{Lang, Localizer};
    use bot_core::reply::Msg;
    let msg = |v: &str| {
        Msg::new("fit-verdict")
            .arg("verdict", v)
            .arg("gpu", "H20")
            .arg("cards", 1u32)
            .arg("vram", 95.0)
            .arg("margin", 14.0)
            .arg("pct", 10.0)
    };
    let en = Localizer::get().format(Lang::En, &msg("refused"));
    let zh = Localizer::get().format(Lang::Zh, &msg("refused"));
    assert!(
        en.contains("refuses this request") && en.contains("Input length"),
        "{en}"
    );
    assert_ne!(en, Localizer::get().format(Lang::En, &msg("no")));
    assert!(zh.contains("拒绝这个请求"), "{zh}");
    assert_ne!(zh, Localizer::get().format(Lang::Zh, &msg("no")));
}
