//! torchao weight-only quantization (`int8wo`, `int4wo-G`, `float8wo`, or `torchao` with a
//! format word) as its own method: every linear and the head quantized, the 16-bit segments
//! its quantized weights land in kept reserved (`vram::torchao`), the 16-bit load said. A bare
//! `int8`/`int4` stays bitsandbytes LLM.int8 / GPTQ-AWQ int4, as before.

use super::chat::{say, world};
use bot_core::Catalog;
use bot_core::vram::{FitError, FitRequest, ModelRef, Quant, Task, Torchao, estimate};

fn req<'a>(c: &'a Catalog, id: &str, q: Quant, t: Option<Torchao>) -> FitRequest<'a> {
    let mut r = FitRequest::new(ModelRef::Known(c.model(id).unwrap()), q, Task::Infer);
    r.context = 2048;
    r.torchao = t;
    r
}

/// On models of other shapes than the reference rows (tied and untied heads, GQA ratios):
/// torchao's weights hold the head quantized too, so they are smaller than the bitsandbytes /
/// GPTQ figure by the head's saving; what the card holds is more than the tensors (the pinned
/// segments), and never less than the tensors.
#[test]
fn torchao_holds_more_than_its_tensors_and_quantizes_the_head() {
    let c = Catalog::embedded().unwrap();
    for id in [
        "qwen2.5-7b",
        "qwen2.5-3b",
        "mistral-7b-v0.3",
        "llama-3.1-70b",
    ] {
        for q in [Quant::Int8, Quant::Int4, Quant::Fp8] {
            let plain = estimate(&c, &req(&c, id, q, None)).unwrap();
            let t = Torchao::default();
            let ao = estimate(&c, &req(&c, id, q, Some(t))).unwrap();
            let m = c.model(id).unwrap();
            let head = m.vocab as f64 * m.hidden as f64;
            if q == Quant::Int8 {
                // An untied head: 16-bit vs 8-bit, one byte per parameter less. A tied one:
                // `quantize_` gives the head its own 8-bit copy beside the 16-bit embedding.
                let saved = (plain.weights_gib - ao.weights_gib) * (1u64 << 30) as f64;
                let want = if m.tied_embeddings { -head } else { head };
                // weights_gib is rounded to 0.01 GiB.
                assert!(
                    (saved - want).abs() < 0.011 * (1u64 << 30) as f64,
                    "{id} {q}: {saved} vs {want}"
                );
            }
            let pinned = ao.overhead_gib - plain.overhead_gib;
            assert!(pinned > 0.05, "{id} {q}: pinned {pinned}");
            assert!(ao.per_gpu.overhead_gib < ao.per_gpu.weights_gib, "{id} {q}");
        }
    }
}

/// The group size counts: int4wo-32 keeps four times the scales and zeros of int4wo-128.
#[test]
fn int4wo_group_size_sets_the_scales() {
    let c = Catalog::embedded().unwrap();
    let w = |g| {
        let r = req(
            &c,
            "llama-3.1-8b",
            Quant::Int4,
            Some(Torchao {
                int4_group: g,
                ..Torchao::default()
            }),
        );
        estimate(&c, &r).unwrap().weights_gib
    };
    assert!(w(32) > w(64) && w(64) > w(128) && w(128) > w(256));
    assert_eq!(
        Torchao::parse("int4wo-64").map(|x| x.1.int4_group),
        Some(64)
    );
    assert_eq!(Torchao::parse("int4wo").map(|x| x.1.int4_group), Some(128));
    assert_eq!(
        Torchao::parse("int4wo-48"),
        None,
        "torchao takes 32, 64, 128, 256"
    );
    assert_eq!(
        Torchao::parse("int8wo").and_then(|x| x.0),
        Some(Quant::Int8)
    );
    assert_eq!(
        Torchao::parse("float8wo").and_then(|x| x.0),
        Some(Quant::Fp8)
    );
}

/// float8wo multiplies by a dequantized 16-bit copy of each matrix (the head the largest);
/// float8dq runs `_scaled_mm` on the fp8 weight: the same weights, no copy.
#[test]
fn float8_weight_only_holds_a_16_bit_copy_and_dq_does_not() {
    let c = Catalog::embedded().unwrap();
    let act = |dynamic| {
        let t = Torchao {
            dynamic,
            ..Torchao::default()
        };
        let r = estimate(&c, &req(&c, "llama-3.1-8b", Quant::Fp8, Some(t))).unwrap();
        (r.weights_gib, r.activations_gib)
    };
    let (w_wo, a_wo) = act(false);
    let (w_dq, a_dq) = act(true);
    assert_eq!(w_wo, w_dq);
    // Llama-3.1-8B's head: 128256 x 4096 x 2 bytes = 0.98 GiB.
    assert!((a_wo - a_dq - 0.98).abs() < 0.02, "{a_wo} {a_dq}");
}

/// Outside int8/int4/fp8 (and, through generate.py, 16-bit) inference on PyTorch it is
/// refused, not silently ignored.
#[test]
fn torchao_outside_its_scope_is_an_error() {
    let c = Catalog::embedded().unwrap();
    let t = Some(Torchao::default());
    let awq = req(&c, "qwen2.5-7b", Quant::Awq, t);
    assert!(matches!(estimate(&c, &awq), Err(FitError::TorchaoScope(_))));
    let mut lora = req(&c, "qwen2.5-7b", Quant::Int4, t);
    lora.task = Task::Lora;
    assert!(matches!(
        estimate(&c, &lora),
        Err(FitError::TorchaoScope(_))
    ));
    let w = world();
    let en = say(&w, "en", "/fit qwen2.5-7b awq torchao");
    assert!(en.contains("torchao weight-only"), "{en}");
    let zh = say(&w, "zh", "/fit qwen2.5-7b awq torchao");
    assert!(zh.contains("torchao 仅权重量化"), "{zh}");
    // fp32 is not a precision torchao's generate.py is sized in.
    let fp32 = req(&c, "qwen2.5-7b", Quant::Fp32, t);
    assert!(matches!(
        estimate(&c, &fp32),
        Err(FitError::TorchaoScope(_))
    ));
}

/// The chat's words: `int4wo-64` names the scheme and its group; a bare `int8` is LLM.int8
/// with no torchao line; batch > 1 stays on PyTorch (torchao is its own stack, not vLLM); a
/// card too small for the 16-bit load is told how to avoid it, in both languages.
#[test]
fn torchao_words_in_the_chat() {
    let w = world();
    let a = say(&w, "en", "/fit llama-3.1-8b int4wo-64 4090");
    assert!(
        a.contains("torchao int4wo-64") && a.contains("16-bit"),
        "{a}"
    );
    let b = say(&w, "en", "/fit llama-3.1-8b int8 4090");
    assert!(!b.contains("torchao"), "{b}");
    let c = say(&w, "en", "/fit llama-3.1-8b int8wo batch=4 4090");
    assert!(
        c.contains("Transformers") && c.contains("torchao int8wo"),
        "{c}"
    );
    // Llama-3.1-8B in bf16 is 15 GiB before quantizing: more than a 16 GB card's usable room.
    let d = say(&w, "en", "/fit llama-3.1-8b int4wo rtx-4080");
    assert!(
        d.contains("more than the card holds") && d.contains("TorchAoConfig"),
        "{d}"
    );
    // Over several cards each holds its layers' share of the 16-bit load: Qwen3-235B's
    // 438 GiB of bf16 is 55 GiB a card over eight H100s (it loads), 220 over two (it does not).
    let eight = say(&w, "en", "/fit qwen3-235b-a22b int8wo 8x h100");
    assert!(
        eight.contains("torchao int8wo") && !eight.contains("more than the card"),
        "{eight}"
    );
    let two = say(&w, "en", "/fit qwen3-235b-a22b int8wo 2x h100");
    assert!(two.contains("more than the card holds"), "{two}");
    let z = say(&w, "zh", "/fit llama-3.1-8b int4wo rtx-4080");
    assert!(
        z.contains("超出了卡的显存") && z.contains("TorchAoConfig"),
        "{z}"
    );
}
