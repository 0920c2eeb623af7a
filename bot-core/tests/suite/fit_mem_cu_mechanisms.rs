//! mem_cu (session 30, issue 24's "every verdict right"): what the verdict compares with the
//! card. PyTorch's caching allocator, when `cudaMalloc` fails, frees its cached blocks and
//! retries before it raises out-of-memory (pytorch `c10/cuda/CUDACachingAllocator.cpp`:
//! `release_available_cached_blocks`, then `release_cached_blocks`, then `alloc_block` again),
//! so the cache nvidia-smi shows on a roomy card is not what a full card must hold: the verdict
//! counts what must be allocated (`per_gpu_required_gib`), and the nvidia-smi figure only keeps a
//! job out of a clear "fits". Tabulated over every verdict row (docs/misses/mem_cu_verdicts.md):
//! judging by nvidia-smi, or counting the training reserve as never given back, loses more rows
//! that ran than it gains rows that ran out of memory. Cases of jobs of no table row.

use crate::fit_fixtures::request;
use bot_core::Catalog;
use bot_core::vram::{Engine, FitOptions, FitReport, FitRequest, Quant, Task, estimate_with};

/// Every catalog card at 1, 2, 4 and 8 cards for `base`: the reports on each, with the figure
/// nvidia-smi would show on a card roomy enough for the whole cache (the same job on no named
/// card). On a named card that figure is the card at most (`vram::card_cap`, mem_fc: the cache
/// PyTorch gives back before an out-of-memory error fills the card at most).
fn on_every_card<'a>(c: &'a Catalog, base: &FitRequest<'a>) -> Vec<(f64, FitReport, f64)> {
    let mut out = Vec::new();
    for g in &c.gpus {
        for cards in [1, 2, 4, 8] {
            let mut r = base.clone();
            r.cards = cards;
            let roomy = estimate_with(c, &r, &FitOptions::default()).map(|x| x.per_gpu_gib);
            r.gpu = Some(g);
            if let (Ok(rep), Ok(roomy)) = (estimate_with(c, &r, &FitOptions::default()), roomy) {
                if base.task.is_training() && rep.per_gpu_required_gib <= g.usable_gib() {
                    assert!(rep.per_gpu_gib <= g.usable_gib() + 0.01);
                }
                out.push((g.usable_gib(), rep, roomy));
            }
        }
    }
    out
}

/// The rule on one report: between what must be allocated and what nvidia-smi shows on a roomy
/// card, the job runs but not clearly ("tight"); beyond what must be allocated, it does not
/// ("short"/"no"). Returns how many reports fell between the two figures.
fn judged_by_what_is_allocated(reports: &[(f64, FitReport, f64)]) -> usize {
    let mut between = 0;
    for (usable, rep, shown) in reports {
        let (need, shown) = (rep.per_gpu_required_gib, *shown);
        let v = rep.verdict.as_deref().unwrap();
        // The report rounds to 2 decimals: leave out the cases inside the rounding.
        if (need - usable).abs() < 0.01 || (shown - usable).abs() < 0.01 {
            continue;
        }
        if need < *usable {
            assert_eq!(rep.fits, Some(true), "{} on {usable}", rep.model);
            assert!(matches!(v, "fits" | "tight"), "{v}: {need} of {usable}");
            if shown > *usable {
                between += 1;
                assert_eq!(
                    v, "tight",
                    "nvidia-smi {shown} over {usable}: not a clear fit"
                );
            }
        } else {
            assert_eq!(rep.fits, Some(false), "{} on {usable}", rep.model);
            assert!(matches!(v, "short" | "no"), "{v}: {need} of {usable}");
        }
    }
    between
}

#[test]
fn the_verdict_word_follows_the_allocated_figure_and_nvidia_smi_bars_a_clear_fit() {
    // 20 GiB allocated and 30 shown on a 24 GiB card: runs once the cache is given back.
    assert_eq!(
        bot_core::vram::verdict(30.0, 20.0, 10.0, 24.0, 15.0),
        "tight"
    );
    // The same allocation with nothing cached beyond it: a clear fit.
    assert_eq!(
        bot_core::vram::verdict(20.0, 20.0, 10.0, 24.0, 15.0),
        "fits"
    );
    // 25 GiB allocated: short whatever the cache, inside the margin (25 x 0.85 < 24).
    assert_eq!(
        bot_core::vram::verdict(25.0, 25.0, 10.0, 24.0, 15.0),
        "short"
    );
    assert_eq!(
        bot_core::vram::verdict(40.0, 25.0, 10.0, 24.0, 15.0),
        "short"
    );
    // Beyond the margin: no.
    assert_eq!(bot_core::vram::verdict(40.0, 30.0, 10.0, 24.0, 15.0), "no");
}

#[test]
fn full_fine_tuning_whose_reserve_overflows_the_card_is_tight_not_short() {
    let c = Catalog::embedded().unwrap();
    let mut between = 0;
    // Full fine-tuning under DeepSpeed ZeRO-3 (its reserve: the gathered and freed layers).
    for id in ["qwen2.5-7b", "llama-3.1-8b", "mistral-7b"] {
        let mut r = request(&c, id, Quant::Bf16, Task::Full);
        r.context = 2048;
        r.grad_checkpointing = true;
        between += judged_by_what_is_allocated(&on_every_card(&c, &r));
    }
    // The rule decided somewhere: a card between the allocated and the nvidia-smi figure.
    assert!(between > 0, "no card between the two figures");
}

#[test]
fn lora_and_generation_caches_decide_no_verdict_either() {
    let c = Catalog::embedded().unwrap();
    let mut between = 0;
    for id in ["qwen2.5-7b", "llama-3.1-8b"] {
        // LoRA with gradient checkpointing: the recomputed activations are freed and reused.
        let mut r = request(&c, id, Quant::Bf16, Task::Lora);
        r.context = 4096;
        r.batch = 4;
        r.grad_checkpointing = true;
        between += judged_by_what_is_allocated(&on_every_card(&c, &r));
        // Transformers generating 16 sequences: the outgrown KV blocks stay cached.
        let mut g = request(&c, id, Quant::Bf16, Task::Infer);
        g.engine = Engine::Transformers;
        g.context = 8192;
        g.batch = 16;
        g.new_tokens = Some(512);
        between += judged_by_what_is_allocated(&on_every_card(&c, &g));
    }
    assert!(between > 0, "no card between the two figures");
}
