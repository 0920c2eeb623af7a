//! Helper mem_by (session 28): what a TGI server shows in nvidia-smi once started
//! (`vram::tgi_pool`): the pool sized at warm-up beside the warm-up prefill's cached logits, the
//! warm-up released before the pool is allocated, the load's activations growing back. Tested
//! on models, cards and batches of no table row: Mistral-7B and Llama-3-8B on an A100 80GB and
//! an L40S, TGI 1.4, 2.4 and 3.0, vLLM as the engine it leaves alone.
//!
//! And Unsloth before 2024.11 (`unsloth_release::ACCELERATE_FP32_LOGITS_BYTES`): its forward
//! returned every token's logits, which Accelerate copies to fp32 beside the 16-bit ones its
//! Triton loss keeps. Tested on Qwen2.5-7B and Llama-3.1-8B at 1k-64k tokens on an L40S.

use bot_core::Catalog;
use bot_core::vram::unsloth_loss::loss_bytes;
use bot_core::vram::unsloth_release::loss_gib;
use bot_core::vram::{
    Engine, FitOptions, FitReport, FitRequest, GIB, ModelRef, Quant, Server, Shape, Task,
    TgiRelease, UnslothRelease, estimate_with,
};

/// A bf16 inference of `id`, `batch` × `ctx` tokens on one `gpu`, served by TGI of `release`
/// (`None`: today's) or, with `tgi` false, by vLLM.
fn run(id: &str, gpu: &str, ctx: u32, batch: u32, release: Option<&str>, tgi: bool) -> FitReport {
    let c = Catalog::embedded().unwrap();
    let mut r = super::fit_fixtures::request(&c, id, Quant::Bf16, Task::Infer);
    r.engine = Engine::Vllm;
    r.context = ctx;
    r.batch = batch;
    r.gpu = Some(c.gpu(gpu).unwrap());
    r.tgi_release = release.map(|v| TgiRelease::parse(v).unwrap());
    let opts = FitOptions {
        server: tgi.then_some(Server::Tgi),
        ..FitOptions::default()
    };
    estimate_with(&c, &r, &opts).unwrap()
}

fn card(gpu: &str) -> f64 {
    Catalog::embedded().unwrap().gpu(gpu).unwrap().usable_gib()
}

/// 4096 warm-up tokens × the vocabulary × (16-bit logits + 16-bit log-softmax), GiB.
fn warmup_logits_gib(vocab: f64) -> f64 {
    4096.0 * vocab * 4.0 / GIB
}

#[test]
fn a_started_tgi_server_holds_less_than_its_fraction_by_the_warm_up_it_released() {
    for gpu in ["a100-80g-sxm", "l40s"] {
        let t = card(gpu);
        for release in [Some("1.4"), Some("2.4"), None] {
            let r = run("mistral-7b", gpu, 2048, 1, release, true);
            // Below the whole card by the margin and the released warm-up (at least the 0.95 GiB
            // of Mistral's warm-up logits and forward pass, less the graphs), above the need.
            assert!(
                r.per_gpu_gib < t - 1.0,
                "{gpu} {release:?} {}",
                r.per_gpu_gib
            );
            assert!(r.per_gpu_gib > r.per_gpu_required_gib, "{gpu} {release:?}");
            // What it does not hold is the margin and the warm-up (at most a few GiB).
            assert!(r.per_gpu_gib > t - 0.05 * t - 3.0, "{gpu} {release:?}");
        }
    }
}

#[test]
fn the_larger_vocabulary_leaves_a_smaller_pool_by_its_warm_up_logits() {
    // Llama-3-8B's 128256 logits against Mistral-7B's 32768: the warm-up's prefill logprobs
    // cost 4096 × 95488 × 4 bytes more, which the pool (and so nvidia-smi) does not get.
    for release in [Some("1.4"), Some("3.0")] {
        let t = card("a100-80g-sxm");
        let gap = |id| t - run(id, "a100-80g-sxm", 1024, 1, release, true).per_gpu_gib;
        let more = warmup_logits_gib(128_256.0) - warmup_logits_gib(32_768.0);
        let d = gap("llama-3-8b") - gap("mistral-7b");
        // Within the load's and the forward pass's small differences (and 1.4's 5 % of them).
        assert!(
            d > 0.85 * more && d < 1.15 * more,
            "{release:?}: {d} vs {more}"
        );
    }
}

#[test]
fn the_load_grows_the_cache_back_up_to_max_batch_prefill_tokens() {
    let s = |batch| run("llama-3-8b", "l40s", 1024, batch, Some("1.4"), true).per_gpu_gib;
    let (one, four, sixteen, sixty_four) = (s(1), s(4), s(16), s(64));
    // 4 × 1024 tokens is TGI's default max_batch_prefill_tokens: the prefill stops growing there.
    assert!(four > one, "{one} {four}");
    assert!(sixteen >= four && sixteen - four < 0.1, "{four} {sixteen}");
    assert!(sixty_four - sixteen < 0.2, "{sixteen} {sixty_four}");
    // Never more than the card.
    assert!(sixty_four <= card("l40s") + 1e-9);
}

#[test]
fn before_3_0_the_margin_is_five_percent_of_the_free_share_from_3_0_of_the_card() {
    let t = card("a100-80g-sxm");
    let old = run("mistral-7b", "a100-80g-sxm", 2048, 1, Some("2.4"), true);
    let new = run("mistral-7b", "a100-80g-sxm", 2048, 1, Some("3.0"), true);
    // 2.4 keeps 0.05 × (card − weights − context − warm-up) back, 3.0 keeps 0.05 × card: the old
    // rule shows 0.05 × (weights + ...) more, both with CUDA graphs.
    let d = old.per_gpu_gib - new.per_gpu_gib;
    let w = old.per_gpu.weights_gib;
    assert!(d > 0.05 * w && d < 0.05 * (w + 4.0), "{d} {w} of {t}");
    // What must fit is the need, whatever the release.
    assert!((old.per_gpu_required_gib - new.per_gpu_required_gib).abs() < 1e-9);
}

#[test]
fn vllm_still_fills_its_budget_and_1_4_captures_no_cuda_graphs() {
    let t = card("l40s");
    let vllm = run("mistral-7b", "l40s", 2048, 1, None, false);
    let tgi = run("mistral-7b", "l40s", 2048, 1, None, true);
    // vLLM: 0.9 of the card and its graphs, as before; TGI's default fraction is 1.0, less 5 %
    // of the card (3.x) and the warm-up.
    assert!(
        (vllm.per_gpu_gib - (0.9 * t + 0.5)).abs() < 0.02,
        "{}",
        vllm.per_gpu_gib
    );
    assert!(
        tgi.per_gpu_gib < 0.95 * t + 0.5 - 0.5,
        "{}",
        tgi.per_gpu_gib
    );
    // 1.4 vs 2.0: the same margin rule; 2.0 adds the CUDA graphs captured after the pool.
    let a = run("mistral-7b", "l40s", 2048, 1, Some("1.4"), true).per_gpu_gib;
    let b = run("mistral-7b", "l40s", 2048, 1, Some("2.0"), true).per_gpu_gib;
    assert!((b - a - 0.5).abs() < 0.01, "{a} {b}");
}

/// A Q-LoRA of `id` at `ctx` tokens x 1 through Unsloth of `release`, on `gpu` when named.
fn unsloth<'a>(
    c: &'a Catalog,
    id: &str,
    ctx: u32,
    release: &str,
    gpu: Option<&str>,
) -> FitRequest<'a> {
    let mut r = FitRequest::new(
        ModelRef::Known(c.model(id).unwrap()),
        Quant::Nf4,
        Task::Qlora,
    );
    r.context = ctx;
    r.unsloth = true;
    r.grad_checkpointing = true;
    r.unsloth_release = UnslothRelease::parse(release);
    r.gpu = gpu.map(|g| c.gpu(g).unwrap());
    r
}

fn vocab(c: &Catalog, id: &str) -> f64 {
    Shape::from_model(c.model(id).unwrap()).unwrap().vocab as f64
}

#[test]
fn unsloth_before_2024_11_holds_the_logits_and_accelerates_fp32_copy_whole() {
    let c = Catalog::embedded().unwrap();
    let v = vocab(&c, "qwen2.5-7b");
    // 32768 tokens of a 152k vocabulary: 6 bytes an entry, never chunked.
    let old = loss_gib(&unsloth(&c, "qwen2.5-7b", 32_768, "2024.9", None));
    assert!((old - 32_768.0 * v * 6.0 / GIB).abs() < 1e-6, "{old}");
    // Today's chunks (Cut Cross Entropy from 2024.11 falls back to them in the sizing) hold less.
    let today = loss_bytes(32_768.0, v, None) / GIB;
    assert!(old > 3.0 * today, "{old} {today}");
    // A short sequence: one chunk today, as much as the old loss.
    let short = loss_gib(&unsloth(&c, "qwen2.5-7b", 1024, "2024.9", None));
    assert!((short - loss_bytes(1024.0, v, None) / GIB).abs() < 1e-6);
    // The copy scales with the vocabulary: Llama-3.1-8B's 128k against Qwen2.5's 152k.
    let llama = loss_gib(&unsloth(&c, "llama-3.1-8b", 32_768, "2024.9", None));
    let ratio = llama / old;
    assert!(
        (ratio - vocab(&c, "llama-3.1-8b") / v).abs() < 1e-6,
        "{ratio}"
    );
}

#[test]
fn the_fp32_copy_turns_a_long_unsloth_run_from_fits_to_does_not_on_a_48_gb_card() {
    let c = Catalog::embedded().unwrap();
    let need = |release| {
        let r = unsloth(&c, "llama-3.1-8b", 57_344, release, Some("l40s"));
        estimate_with(&c, &r, &FitOptions::default())
            .unwrap()
            .per_gpu_required_gib
    };
    let (old, new) = (need("2024.9"), need("2024.11"));
    let t = card("l40s");
    // 57344 x 128256 x 6 bytes = 41.1 GiB of logits beside the 4-bit model: more than the card.
    assert!(old > t && new < t, "{old} {new} of {t}");
    assert!(
        old - new > 0.8 * 57_344.0 * 128_256.0 * 4.0 / GIB,
        "{old} {new}"
    );
}
