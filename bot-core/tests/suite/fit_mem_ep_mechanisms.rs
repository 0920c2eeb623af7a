//! mem_ep (session 39, issue 24, held-out 66's Unsloth+FA2 unders): cases of our own, on
//! models and cards of no table row, each asserting what Unsloth's and PyTorch's source imply.
//!
//! Unsloth's offloaded checkpointing (`Unsloth_Offloaded_Gradient_Checkpointer`,
//! unslothai/unsloth@6dad5dd9 `unsloth/models/_utils.py`, 2024.4; the same class in
//! unslothai/unsloth-zoo@ce232d6c `unsloth_zoo/gradient_checkpointing.py`) runs every layer's
//! forward under `torch.no_grad()`: each layer allocates its working tensors (the norm outputs,
//! q/k/v, the attention output, the MLP's gate, up and product) and frees them, the same sizes
//! in every layer, so the caching allocator keeps one layer's worth of blocks. A loss that holds
//! every token's logits at the forward's end (Unsloth before 2024.11: the 16-bit logits and
//! Accelerate's fp32 copy) asks for blocks larger than any of those, which the allocator cannot
//! build out of them (a cached block is split, never merged with another segment): new segments
//! beside the cached layer blocks. nvidia-smi shows both; the allocated peak, which the verdict
//! reads, is unchanged (the cache is given back before an out-of-memory error).
//!
//! And Transformers' `caching_allocator_warmup` (`vram::bnb_load`): it came with 4.50.0
//! (huggingface/transformers@1603018e, February 2025; transformers#37436 "Cuda Allocation Error
//! with version >= 4.50.0", traced to it): a run on an older release named with its word
//! (`transformers=4.40`, CLI `--transformers-release`) loads without the half-model block.

use bot_core::Catalog;
use bot_core::vram::{
    FitOptions, FitReport, FitRequest, GIB, ModelRef, Quant, Shape, Task, TransformersRelease,
    UnslothRelease, bnb_load_reserved_gib, estimate_with,
};

/// A Q-LoRA of `id` at `ctx` x 1 tokens through Unsloth (`release`: `None` for today's) on one
/// `gpu`, with or without gradient checkpointing.
fn unsloth(id: &str, ctx: u32, release: Option<&str>, gpu: &str, ckpt: bool) -> FitReport {
    let c: &'static Catalog = Box::leak(Box::new(Catalog::embedded().unwrap()));
    let mut r = FitRequest::new(
        ModelRef::Known(c.model(id).unwrap()),
        Quant::Nf4,
        Task::Qlora,
    );
    r.context = ctx;
    r.batch = 1;
    r.unsloth = true;
    r.grad_checkpointing = ckpt;
    r.unsloth_release = release.map(|v| UnslothRelease::parse(v).unwrap());
    r.gpu = Some(c.gpu(gpu).unwrap());
    estimate_with(c, &r, &FitOptions::default()).unwrap()
}

/// One decoder layer's forward under `no_grad`, bytes per token at its fullest: the MLP phase
/// (the residual, the norm's output and the down projection's output, 2 bytes x h each; the
/// gate output, the up output and their SwiGLU product, 2 bytes x f each:
/// `LoRA_MLP.forward`'s `e`, `g`, `h`), or the attention phase (residual, norm output, q, k,
/// v, the attention output and the o projection's output), whichever is larger.
fn forward_layer_bytes(id: &str) -> f64 {
    let c = Catalog::embedded().unwrap();
    let s = Shape::from_model(c.model(id).unwrap()).unwrap();
    let h = f64::from(s.hidden);
    let f = s.ffn_width_active_per_token();
    let qw = f64::from(s.heads * s.head_dim);
    let kvw = f64::from(s.kv_heads * s.head_dim);
    let mlp = 6.0 * h + 6.0 * f;
    let attn = 6.0 * h + 4.0 * qw + 4.0 * kvw;
    mlp.max(attn)
}

/// What nvidia-smi shows beyond what must be allocated, GiB.
fn cached(r: &FitReport) -> f64 {
    r.per_gpu_gib - r.per_gpu_required_gib
}

#[test]
fn an_old_unsloths_whole_logits_leave_a_forward_layers_blocks_reserved_beside_them() {
    for (id, release) in [("mistral-7b-v0.3", "2024.9"), ("qwen2.5-7b", "2024.6")] {
        let per_token = forward_layer_bytes(id);
        for ctx in [16_384u32, 49_152] {
            let r = unsloth(id, ctx, Some(release), "a100-80g-sxm", true);
            let blocks = per_token * f64::from(ctx) / GIB;
            // The layer's cached blocks at least (the allocator's usual share comes on top).
            assert!(
                cached(&r) >= blocks,
                "{id} {ctx}: {:.2} GiB cached beyond the need, one forward layer's blocks {blocks:.2}",
                cached(&r)
            );
        }
        // And they grow with the sequence: 32768 more tokens, one layer's blocks more at least.
        let short = unsloth(id, 16_384, Some(release), "a100-80g-sxm", true);
        let long = unsloth(id, 49_152, Some(release), "a100-80g-sxm", true);
        let grown = cached(&long) - cached(&short);
        assert!(
            grown >= per_token * 32_768.0 / GIB,
            "{id}: cached grew {grown:.2} GiB"
        );
    }
}

#[test]
fn the_blocks_are_given_back_so_the_verdict_reads_the_allocated_need() {
    // Mistral-7B v0.3 at 65536 tokens on an A100 40GB through Unsloth 2024.9: about 12 GiB of
    // logits (16-bit and fp32), the 4-bit base and the checkpoint in flight are allocated; the
    // forward layer's 6.8 GiB of cached blocks are not (given back first): the verdict stays "fits".
    let r = unsloth(
        "mistral-7b-v0.3",
        65_536,
        Some("2024.9"),
        "a100-40g-sxm",
        true,
    );
    let blocks = forward_layer_bytes("mistral-7b-v0.3") * 65_536.0 / GIB;
    assert!(
        cached(&r) >= blocks,
        "{:.2} cached, {blocks:.2}",
        cached(&r)
    );
    assert!(
        r.per_gpu_required_gib < 25.0,
        "need {:.2}",
        r.per_gpu_required_gib
    );
    assert_eq!(r.fits, Some(true), "{:?}", r.verdict);
}

#[test]
fn guard_no_blocks_where_no_loss_holds_every_tokens_logits_or_nothing_is_freed() {
    // Guards (they held before this pass too): today's chunked loss (4 GiB chunks at most) and a
    // run without checkpointing (the forward only allocates, nothing cached below its peak) take
    // no such blocks, so their cached share stays below one forward layer's blocks.
    let id = "mistral-7b-v0.3";
    let blocks = forward_layer_bytes(id) * 49_152.0 / GIB;
    let today = unsloth(id, 49_152, None, "a100-80g-sxm", true);
    assert!(cached(&today) < blocks, "today {:.2}", cached(&today));
    let no_ckpt = unsloth(id, 4096, Some("2024.9"), "a100-80g-sxm", false);
    let small = forward_layer_bytes(id) * 4096.0 / GIB;
    assert!(cached(&no_ckpt) < small, "no ckpt {:.2}", cached(&no_ckpt));
}

/// A Q-LoRA of Qwen2.5-14B loaded from its 16-bit checkpoint on an A100 40GB at 512 tokens,
/// PEFT on Transformers of `release` (`None`: today's).
fn peft_qlora(release: Option<&str>) -> (FitReport, f64) {
    let c: &'static Catalog = Box::leak(Box::new(Catalog::embedded().unwrap()));
    let mut r = FitRequest::new(
        ModelRef::Known(c.model("qwen2.5-14b").unwrap()),
        Quant::Nf4,
        Task::Qlora,
    );
    r.context = 512;
    r.grad_checkpointing = true;
    r.gpu = Some(c.gpu("a100-40g-sxm").unwrap());
    r.transformers_release = release.map(|v| TransformersRelease::parse(v).unwrap());
    let o = FitOptions::default();
    let load = bnb_load_reserved_gib(&r, &o);
    (estimate_with(c, &r, &o).unwrap(), load)
}

#[test]
fn a_transformers_before_4_50_loads_without_the_warm_up_block() {
    let (today, today_load) = peft_qlora(None);
    let (old, old_load) = peft_qlora(Some("4.49"));
    let (first, first_load) = peft_qlora(Some("4.50"));
    // Today's loader reserves half the 16-bit model (about 13.8 GiB for 14.8B parameters) while
    // loading, beside PEFT's fp32 embedding and head: more than the short step's own peak.
    assert!(today_load > 12.0, "{today_load}");
    // 4.50 is the release that brought it: the same.
    assert!((first_load - today_load).abs() < 1e-9, "{first_load}");
    assert!((first.per_gpu_gib - today.per_gpu_gib).abs() < 1e-9);
    // 4.49 had none (a release late enough for no other release word to change the sizing): no
    // load reserve, and less shown by nvidia-smi at this short length, where the block was above
    // the step's own peak; the allocated need is the same.
    assert!(old_load.abs() < 1e-9, "{old_load}");
    assert!(
        old.per_gpu_gib < today.per_gpu_gib - 1.0,
        "{} against {}",
        old.per_gpu_gib,
        today.per_gpu_gib
    );
    assert!((old.per_gpu_required_gib - today.per_gpu_required_gib).abs() < 0.02);
}
