//! torchao's `generate.py` at a long cache (session 12, mem-i; `vram::torchao::generate_bytes`),
//! checked on models, lengths and batches of no table: a short prompt into a static cache of N
//! positions, the N × N boolean causal mask `setup_caches` builds (N rounded up to a multiple of
//! 8), and each decode step's math attention (`sdp_kernel(enable_math=True)`), which holds the
//! whole cache's K and V expanded to every query head in 16-bit, converted to fp32, and K scaled
//! into a third fp32 copy: 16 bytes per query head and head dimension per position.

use super::chat::{say, world};
use bot_core::Catalog;
use bot_core::vram::{Engine, FitRequest, GIB, ModelRef, Quant, Task, Torchao, estimate};

fn cat() -> Catalog {
    Catalog::embedded().unwrap()
}

fn req<'a>(c: &'a Catalog, id: &str, quant: Quant, ctx: u32, batch: u32) -> FitRequest<'a> {
    let mut r = FitRequest::new(ModelRef::Known(c.model(id).unwrap()), quant, Task::Infer);
    r.engine = Engine::Transformers;
    r.context = ctx;
    r.batch = batch;
    r.torchao = Some(Torchao::default());
    r
}

/// The catalog's query heads x head dimension.
fn heads_dim(c: &Catalog, id: &str) -> f64 {
    let m = c.model(id).unwrap();
    let shape = bot_core::vram::Shape::from_model(m).unwrap();
    shape.heads as f64 * shape.head_dim as f64
}

fn act(c: &Catalog, r: &FitRequest) -> f64 {
    estimate(c, r).unwrap().per_gpu.activations_gib
}

fn close(got: f64, want: f64, what: &str) {
    assert!(
        (got - want).abs() <= 0.01 * want.abs() + 0.01,
        "{what}: {got:.3} vs {want:.3}"
    );
}

/// Doubling the cache multiplies the mask by four and the decode's working set by two; the
/// KV cache grows as the same static cache would anywhere. Two shapes (Qwen2.5-7B: 28 query
/// heads on 4 KV heads; Mistral-7B: 32 on 8) at lengths no table holds, 16-bit and int4wo.
#[test]
fn the_mask_grows_with_the_square_and_the_decode_with_the_cache() {
    let c = cat();
    for (id, quant, n) in [
        ("qwen2.5-7b", Quant::Bf16, 40_000u32),
        ("mistral-7b", Quant::Fp16, 24_000),
        ("qwen2.5-7b", Quant::Int4, 52_000),
    ] {
        let hd = heads_dim(&c, id);
        let short = act(&c, &req(&c, id, quant, n, 1));
        let long = act(&c, &req(&c, id, quant, 2 * n, 1));
        let (n, n2) = (n as f64, 2.0 * n as f64);
        let want = (n2 * n2 - n * n + (n2 - n) * hd * 16.0) / GIB;
        close(long - short, want, &format!("{id} {quant:?} {n}"));
        // The mask alone is N² bytes: at 2N it is most of the activations.
        assert!(long > n2 * n2 / GIB, "{id}: {long} GiB");
    }
}

/// A second sequence adds its own decode working set and logits, not a second mask.
#[test]
fn a_second_sequence_adds_its_decode_not_a_second_mask() {
    let c = cat();
    let id = "qwen2.5-7b";
    let n = 60_000u32;
    let one = act(&c, &req(&c, id, Quant::Bf16, n, 1));
    let two = act(&c, &req(&c, id, Quant::Bf16, n, 2));
    let vocab = c.model(id).unwrap().vocab as f64;
    let want = (n as f64 * heads_dim(&c, id) * 16.0 + vocab * 4.0) / GIB;
    close(two - one, want, "batch 2 - batch 1");
}

/// The same job through Transformers has no N × N term (SDPA with `is_causal`): doubling its
/// cache about doubles its activations, where generate.py's grow faster (the mask quadruples);
/// a short cache barely holds anything beyond the logits.
#[test]
fn transformers_has_no_square_term_and_short_caches_barely_move() {
    let c = cat();
    let id = "mistral-7b";
    let n = 45_000u32;
    let via_generate = |n| act(&c, &req(&c, id, Quant::Bf16, n, 1));
    let via_hf = |n| {
        let mut r = req(&c, id, Quant::Bf16, n, 1);
        r.torchao = None;
        act(&c, &r)
    };
    let g = via_generate(2 * n) / via_generate(n);
    let h = via_hf(2 * n) / via_hf(n);
    assert!(h < 2.2, "transformers x{h:.2}");
    assert!(g > h + 0.5, "generate.py x{g:.2}, transformers x{h:.2}");
    let short = via_generate(300);
    assert!(short < 0.1, "300 positions: {short} GiB");
}

/// 16-bit through generate.py is sized now; fp32 and training still are not torchao's.
#[test]
fn sixteen_bit_is_in_scope_and_fp32_or_training_are_not() {
    let c = cat();
    assert!(estimate(&c, &req(&c, "qwen2.5-7b", Quant::Bf16, 8192, 1)).is_ok());
    assert!(estimate(&c, &req(&c, "qwen2.5-7b", Quant::Fp32, 8192, 1)).is_err());
    let mut t = req(&c, "qwen2.5-7b", Quant::Bf16, 8192, 1);
    t.task = Task::Lora;
    assert!(estimate(&c, &t).is_err());
}

/// The answer states the assumption with the mask's and the decode's sizes, in both locales.
#[test]
fn the_answer_states_the_mask_and_the_decode_in_both_locales() {
    let c = cat();
    let w = world();
    let n = 100_000u32;
    let en = say(&w, "en", "/fit mistral-7b bf16 torchao ctx=100000 h100");
    let mask = format!("{:.1} GiB", (n as f64).powi(2) / GIB);
    let decode = format!(
        "{:.1} GiB",
        n as f64 * heads_dim(&c, "mistral-7b") * 16.0 / GIB
    );
    assert!(en.contains("Sized as torchao's generate.py runs"), "{en}");
    assert!(
        en.contains(&mask) && en.contains(&decode),
        "{mask} {decode}:\n{en}"
    );
    let zh = say(&w, "zh-CN", "/fit mistral-7b bf16 torchao ctx=100000 h100");
    assert!(zh.contains("因果掩码") && zh.contains(&mask), "{zh}");
    let plain = say(&w, "en", "/fit mistral-7b bf16 ctx=100000 h100");
    assert!(!plain.contains("generate.py"), "{plain}");
}
