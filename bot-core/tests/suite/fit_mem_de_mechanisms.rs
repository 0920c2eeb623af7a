//! Helper mem_de (session 31, issue 24): models people fine-tune that the catalog lacked, and
//! what an unknown mixture of experts is sized as.
//!
//! - A size-only guess (`ModelRef::BySize`) takes its shape from the catalog's dense model
//!   nearest in size (at the active size for a MoE). Real models of one size differ in depth,
//!   KV heads and width (Qwen2.5-7B: 28 layers, 4 KV heads; Llama-3.1-8B: 32 layers, 8 KV
//!   heads, both config.json), so the part of the estimate that follows the shape is itself
//!   uncertain: the stated error widens by the estimate's spread over the neighbouring real
//!   shapes (`vram::size_guess`), and no "fits" is firm on less spare than that.
//! - Weights of a raw MoE size are the TOTAL (every expert is resident: vLLM and Transformers
//!   load all of them; only the active ones are read per token).
//! - A shared shape is an alias: Qwen2-72B / 0.5B / 1.5B are variants of the Qwen2.5 entries
//!   (config.json transcriptions cited in models.toml).
//! - Plain data parallel keeps a full copy on each card (PyTorch DDP replicates the module on
//!   every rank: torch.nn.parallel.DistributedDataParallel docs), so the breakdown is per card.

use bot_core::Catalog;
use bot_core::vram::{
    FitOptions, FitRequest, ModelRef, Quant, Shape, Task, Zero, estimate_with, margin_pct,
};

fn ask(lang: &str, line: &str) -> String {
    super::chat::ask_fresh(lang, line)
}

fn by_size(params_b: f64, active_b: Option<f64>, task: Task) -> FitRequest<'static> {
    FitRequest::new(ModelRef::BySize { params_b, active_b }, Quant::Bf16, task)
}

#[test]
fn a_raw_moe_size_holds_its_total_and_reads_its_active() {
    for (total, active) in [(200.0, 20.0), (60.0, 6.0)] {
        let s = Shape::by_size(total, Some(active));
        assert!(
            (s.params.total / 1e9 - total).abs() / total < 0.02,
            "{total}"
        );
        assert!(
            (s.params.active / 1e9 - active).abs() / active < 0.05,
            "{active}"
        );
        // KV and activations follow the active skeleton: the layers of a dense model of the
        // active size, not of the total.
        assert_eq!(s.layers, Shape::size_only(active).layers);
    }
}

#[test]
fn a_size_only_guess_states_a_wider_error_than_a_config_read_shape() {
    let c = Catalog::embedded().unwrap();
    let opts = FitOptions::default();
    // A guess is never stated surer than a config-read shape, and where the neighbouring real
    // shapes (different depth, KV heads, width) need more, the stated error grows by that.
    let mut wider = 0;
    for (p, a) in [(8.0, None), (13.0, None), (30.0, None), (150.0, Some(12.0))] {
        let mut r = by_size(p, a, Task::Infer);
        r.context = 32_768;
        let rep = estimate_with(&c, &r, &opts).unwrap();
        let measured = margin_pct(&r).0;
        assert!(
            rep.margin_pct >= measured,
            "{p}: {} < {measured}",
            rep.margin_pct
        );
        if rep.margin_pct > measured {
            assert!(!rep.margin_measured);
            wider += 1;
        }
    }
    assert!(wider >= 1);
    // A catalog model keeps the measured margin.
    let m = c.model("qwen2.5-7b").unwrap();
    let r = FitRequest::new(ModelRef::Known(m), Quant::Bf16, Task::Infer);
    let rep = estimate_with(&c, &r, &opts).unwrap();
    assert_eq!(rep.margin_pct, margin_pct(&r).0);
}

#[test]
fn a_guess_never_fits_firmly_on_less_spare_than_its_stated_error() {
    let c = Catalog::embedded().unwrap();
    let opts = FitOptions {
        zero: Some(Zero::Three),
        ..FitOptions::default()
    };
    for gpu in ["a100-80g-sxm", "l40s", "rtx-4090"] {
        let g = c.gpu(gpu).unwrap();
        for (p, a) in [(150.0, Some(12.0)), (90.0, Some(9.0)), (30.0, None)] {
            for cards in [2, 4, 8] {
                let mut r = by_size(p, a, Task::Lora);
                r.gpu = Some(g);
                r.cards = cards;
                r.context = 2048;
                let rep = estimate_with(&c, &r, &opts).unwrap();
                if rep.verdict.as_deref() == Some("fits") {
                    let spare = g.usable_gib() - rep.per_gpu_required_gib;
                    assert!(
                        spare >= rep.per_gpu_required_gib * rep.margin_pct / 100.0 - 0.01,
                        "{p} {a:?} on {cards} x {gpu}: {spare} spare, ±{}%",
                        rep.margin_pct
                    );
                }
            }
        }
    }
}

#[test]
fn qwen2_sizes_resolve_as_aliases_of_the_qwen25_shapes() {
    let c = Catalog::embedded().unwrap();
    for (q2, q25) in [
        ("qwen2-72b", "qwen2.5-72b"),
        ("qwen2-0.5b", "qwen2.5-0.5b"),
        ("qwen2-1.5b", "qwen2.5-1.5b"),
        ("qwen2-7b", "qwen2.5-7b"),
    ] {
        let a = Shape::from_model(c.model(q2).unwrap()).unwrap();
        let b = Shape::from_model(c.model(q25).unwrap()).unwrap();
        assert_eq!(
            (a.layers, a.hidden, a.kv_heads, a.intermediate, a.vocab),
            (b.layers, b.hidden, b.kv_heads, b.intermediate, b.vocab),
            "{q2}"
        );
    }
    assert!(c.model("Qwen/Qwen2-72B-Instruct").is_ok());
    assert!(c.model("qwen2-57b-a14b").is_ok());
}

#[test]
fn qwen35_moe_releases_weigh_their_total_and_keep_kv_on_a_quarter_of_the_layers() {
    let c = Catalog::embedded().unwrap();
    for (id, total, active) in [
        ("qwen3.5-122b-a10b", 122.0, 10.0),
        ("qwen3.5-397b-a17b", 397.0, 17.0),
    ] {
        let m = c.model(id).unwrap();
        let s = Shape::from_model(m).unwrap();
        assert!((s.params.total / 1e9 - total).abs() / total < 0.03, "{id}");
        assert!(
            (s.params.active / 1e9 - active).abs() / active < 0.15,
            "{id}"
        );
        let r = FitRequest::new(ModelRef::Known(m), Quant::Bf16, Task::Infer);
        let rep = estimate_with(&c, &r, &FitOptions::default()).unwrap();
        // bf16: 2 bytes a parameter of the total, whatever is active.
        assert!(rep.weights_gib > total * 1e9 * 2.0 / (1u64 << 30) as f64 * 0.95);
    }
}

#[test]
fn plain_data_parallel_states_the_weights_per_card() {
    // Llama-3.1-8B LoRA under plain DDP on 4 cards: each holds ~15 GiB of bf16 weights; the
    // line must not read as 60 GiB of weights.
    let en = ask("en", "/fit llama-3.1-8b lora 4x a100 ddp");
    let line = en.lines().find(|l| l.contains("weights")).unwrap_or("");
    assert!(line.contains("Per card"), "{en}");
    let zh = ask("zh-CN", "/fit llama-3.1-8b lora 4x a100 ddp");
    assert!(zh.contains("每张卡各放一份完整的模型"), "{zh}");
}
