//! mem_eh (session 37, issue 24 item 7, held-out 64): Gemma-4 E2B, E4B and 12B from the
//! configs Google's conversion writes, per-layer embeddings counted as loaded.
//!
//! Cases of our own, each from the source, not from a measured row:
//! - transformers @0f3f0632 `models/gemma4/convert_gemma4_weights.py` `_VARIANTS`: E2B is 35
//!   layers of 1536 (8 heads, 1 KV head, MLP 4 x 1536), E4B 42 layers of 2560 (8 heads, 2 KV
//!   heads, MLP 4 x 2560), both with `hidden_size_per_layer_input` 256; `configuration_gemma4.py`
//!   @008e5743: the per-layer embedding (PLE) is one table of `[vocab_size_per_layer_input,
//!   num_hidden_layers * hidden_size_per_layer_input]` = 262144 x (L x 256), an `nn.Embedding`.
//! - transformers @aa291ac4 `models/gemma4_unified/convert_gemma4_unified_weights.py`: the 12B is
//!   48 layers of 3840 (16 heads, 8 KV heads, MLP 4 x 3840), no PLE, tied 262144 vocabulary.
//! - bitsandbytes replaces `nn.Linear` modules only (`replace_with_bnb_linear`), so loading an E
//!   model in 4-bit keeps its PLE table 16-bit: 2 bytes a parameter, 2.8B of them in E4B.
//! - The published totals: E2B 5.1B "with embeddings" (Google's Gemma 4 overview), E4B
//!   8,014,506,528 and 12B 11,992,514,560 as Unsloth prints them loading the checkpoints.

use bot_core::catalog::Catalog;
use bot_core::vram::shape::Shape;
use bot_core::vram::{FitOptions, FitReport, FitRequest, ModelRef, Quant, Task, estimate_with};

const GIB: f64 = 1024.0 * 1024.0 * 1024.0;
const VOCAB: f64 = 262_144.0;
const PLE_WIDTH: f64 = 256.0;

fn cat() -> Catalog {
    Catalog::embedded().unwrap()
}

fn fit(model: &str, quant: Quant, task: Task) -> FitReport {
    let c = cat();
    let m = c.find_model(model).unwrap();
    let mut req = FitRequest::new(ModelRef::Known(m), quant, task);
    req.context = 1024;
    req.batch = 1;
    req.grad_checkpointing = true;
    estimate_with(&c, &req, &FitOptions::default()).unwrap()
}

/// Each name a user types resolves to its own entry, not to a neighbour's shape.
#[test]
fn mem_eh_gemma4_small_models_resolve() {
    let c = cat();
    for (query, id) in [
        ("gemma-4-e2b", "gemma-4-e2b"),
        ("google/gemma-4-E2B-it", "gemma-4-e2b"),
        ("gemma 4 e4b", "gemma-4-e4b"),
        ("unsloth/gemma-4-E4B-it", "gemma-4-e4b"),
        ("gemma-4-12b-it", "gemma-4-12b"),
        ("google/gemma-4-12B-it", "gemma-4-12b"),
    ] {
        let m = c.find_model(query);
        assert_eq!(m.map(|m| m.id.as_str()), Some(id), "{query}");
    }
}

/// The shapes from the conversion's configs: the 12B (no PLE, no tower) counts to its published
/// total from its dimensions alone; the E models' decoder counts are what the config gives,
/// and their totals exceed them by at least the PLE table.
#[test]
fn mem_eh_gemma4_shapes_count_from_the_config() {
    let c = cat();
    let s12 = Shape::from_model(c.find_model("gemma-4-12b").unwrap()).unwrap();
    let counted12 = s12.params.embed + s12.params.linear;
    // 48 layers at the sliding width leave out the 8 global layers' wider heads (~0.2B).
    assert!(
        (counted12 / 11.99e9 - 1.0).abs() < 0.03,
        "12B from its dims: {:.2}B",
        counted12 / 1e9
    );
    for (id, layers, total) in [("gemma-4-e2b", 35.0, 5.1e9), ("gemma-4-e4b", 42.0, 8.01e9)] {
        let s = Shape::from_model(c.find_model(id).unwrap()).unwrap();
        let ple = VOCAB * layers * PLE_WIDTH;
        assert!(
            (s.params.total / total - 1.0).abs() < 0.02,
            "{id} total {:.2}B",
            s.params.total / 1e9
        );
        // The PLE table is outside the decoder's matrices: in the part kept unquantized.
        assert!(
            s.params.other >= ple,
            "{id}: {:.2}B beside the decoder, PLE alone {:.2}B",
            s.params.other / 1e9,
            ple / 1e9
        );
        assert!(s.params.linear < total - ple - s.params.embed);
    }
}

/// Loaded in 4-bit, E4B keeps its PLE table and token embedding 16-bit: the weights are at
/// least those two at 2 bytes plus the decoder matrices at 4 bits, counted from the config.
#[test]
fn mem_eh_e4b_in_4bit_keeps_per_layer_embeddings_16bit() {
    let r = fit("gemma-4-e4b", Quant::Nf4, Task::Qlora);
    let ple = VOCAB * 42.0 * PLE_WIDTH;
    let embed = VOCAB * 2560.0;
    // Decoder matrices: 42 layers of attention (q, o 2560 x 2048; k, v 2560 x 512) and MLP.
    let decoder = 42.0 * (2.0 * 2560.0 * 2048.0 + 2.0 * 2560.0 * 512.0 + 3.0 * 2560.0 * 10240.0);
    let floor = ((ple + embed) * 2.0 + decoder * 0.5) / GIB;
    assert!(
        r.per_gpu.weights_gib >= floor,
        "E4B nf4 weights {:.2} GiB, floor {floor:.2}",
        r.per_gpu.weights_gib
    );
    // ... and not as if the whole 8B were 16-bit (the decoder is quantized).
    assert!(r.per_gpu.weights_gib < 8.01e9 * 2.0 / GIB - decoder * 1.0 / GIB);
}

/// In 16-bit, E2B loads every weight (PLE, towers) at 2 bytes: 5.1B x 2.
#[test]
fn mem_eh_e2b_in_16bit_loads_every_weight() {
    let r = fit("gemma-4-e2b", Quant::Fp16, Task::Lora);
    let want = 5.1e9 * 2.0 / GIB;
    assert!(
        (r.per_gpu.weights_gib / want - 1.0).abs() < 0.05,
        "E2B fp16 weights {:.2} GiB, want about {want:.2}",
        r.per_gpu.weights_gib
    );
}
