//! Throughput estimates from memory bandwidth (decode) and TFLOPS (prefill). Estimates, with
//! their basis; calibrated against published measurements named at each constant.

use super::shape::Shape;
use super::{Engine, FitError, GIB, KvDtype, ModelRef, Quant, kv_bytes_per_token_kv, weight_bytes};
use crate::catalog::Gpu;
use crate::reply::Msg;
use serde::Serialize;

/// A number with the basis it was estimated on (a localizable message).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Estimate {
    pub value: f64,
    pub basis: Msg,
}

/// Share of peak memory bandwidth a serving engine reaches in single-stream decode.
/// vLLM/SGLang, 16-bit weights: 0.63-0.71 from Qwen2.5 vLLM 0.6.3 on A100-80GB
/// (QwenLM/Qwen2.5 docs/source/benchmark/speed_benchmark.rst @010c37c3: 7B BF16 84.28 tok/s,
/// 14B 46.30, 32B 22.13, input length 1, 2048 generated). 4-bit (AWQ) weights: 0.40-0.49 from
/// the same table (7B 148.10, 14B 92.66, 32B 51.92). 8-bit: between the two (assumed).
/// llama.cpp and Transformers: not calibrated separately; the same factors are assumed.
pub fn bandwidth_efficiency(_engine: Engine, quant: Quant) -> f64 {
    let bits = quant.linear_bits();
    if bits >= 15.0 {
        0.65
    } else if bits >= 8.0 {
        0.55
    } else {
        0.45
    }
}

/// Hugging Face Transformers decode at batch 1 is bound by Python/kernel-launch overhead as
/// much as by bandwidth: seconds per token = bytes / (eta * BW) + this many seconds per layer.
/// Calibrated on Qwen2.5 transformers rows on A100 (same table: 7B BF16 40.38 tok/s, 14B 24.74,
/// 32B 17.54, 72B GPTQ-Int4 11.07): 0.3-0.8 ms per layer.
pub const HF_SECONDS_PER_LAYER: f64 = 0.0006;

/// Multi-card tensor parallelism does not scale linearly: per-step all-reduce and imbalance.
/// Qwen2.5-72B AWQ on 2 A100 (44.30 tok/s) vs 32B AWQ on 1 (51.92): 2 cards reached ~80% of
/// the ideal 2x bandwidth gain. Assumed 0.8 per doubling.
pub const TP_SCALING_PER_DOUBLING: f64 = 0.8;

/// Share of dense peak TFLOPS reached in prefill (large matmuls): MAMF measurements give
/// 0.77-0.87 for BF16 on A100/H100/B200 (stas00/ml-engineering compute/accelerator/README.md);
/// attention and non-matmul work lower it; 0.5 assumed.
pub const PREFILL_COMPUTE_EFFICIENCY: f64 = 0.5;

fn shape_of(model: ModelRef) -> Result<Shape, FitError> {
    match model {
        ModelRef::Known(m) => Shape::from_model(m),
        ModelRef::BySize { params_b, active_b } => {
            for b in std::iter::once(params_b).chain(active_b) {
                if !(b.is_finite() && (0.01..=10_000.0).contains(&b) && b <= params_b) {
                    return Err(FitError::BadSize(b));
                }
            }
            // A raw MoE size: the total in memory; a decode step reads and computes only the
            // active parameters.
            Ok(Shape::by_size(params_b, active_b))
        }
    }
}

/// The card's memory bandwidth (GB/s) and dense TFLOPS, or which of them the catalog does not
/// know: an unknown figure means no speed estimate, never one computed from a guess.
fn card_figures(gpu: &Gpu) -> Result<(f64, f64), FitError> {
    let bw = gpu
        .bandwidth_gbps()
        .ok_or_else(|| FitError::SpecUnknown(gpu.name.clone(), "bandwidth"))?;
    let tflops = gpu
        .tflops()
        .ok_or_else(|| FitError::SpecUnknown(gpu.name.clone(), "tflops"))?;
    Ok((bw, tflops))
}

/// How much faster `cards` cards decode than one. vLLM is tensor parallel: every card reads
/// its share of every layer at once ([`TP_SCALING_PER_DOUBLING`], measured over NVLink); over a
/// link not known to be NVLink (`fast_link` false) each layer's all-reduce crosses PCIe, often
/// without peer-to-peer on consumer cards, and no public measurement says what is left of
/// the gain: none is counted (the worst case, as for an unknown link elsewhere). Transformers
/// (`device_map="auto"`) and llama.cpp split whole layers: a token passes the cards one after
/// the other, each reading its layers while the rest wait, so a step takes as long as on one
/// card that held everything: no speed-up.
fn scaling(cards: u32, engine: Engine, fast_link: bool) -> f64 {
    let n = cards.max(1) as f64;
    match engine {
        Engine::Vllm if fast_link || cards == 1 => n * TP_SCALING_PER_DOUBLING.powf(n.log2()),
        Engine::Vllm | Engine::Transformers | Engine::Llamacpp | Engine::Exllamav2 => 1.0,
    }
}

/// Bytes read from memory per decode step: the active weights (MoE: the routed experts only)
/// plus the KV cache of every sequence, in the cache's own element types (`kv`: K and V, as
/// the engine runs them, `vram::kv_cache::engine_types`): a q4_0 cache is read at its 4.5 bits
/// a value, so the speed line's "read per token" is the cache the memory estimate sized.
fn bytes_per_step(
    shape: &Shape,
    quant: Quant,
    engine: Engine,
    batch: u32,
    context: u32,
    kv: (KvDtype, KvDtype),
) -> f64 {
    let w_total = weight_bytes(shape, quant);
    let active_share = shape.params.active / shape.params.total.max(1.0);
    let kv = kv_bytes_per_token_kv(shape, engine, kv.0, kv.1) * context as f64 * batch as f64;
    w_total * active_share + kv
}

/// The 16-bit cache every engine runs unless told otherwise.
const KV_F16: (KvDtype, KvDtype) = (KvDtype::Fp16, KvDtype::Fp16);

/// Decode tokens per second summed over `batch` concurrent sequences at `context` tokens each
/// (use the average context during generation), on `cards` cards of `gpu`:
/// min over memory time (bytes per step / (eta * bandwidth * TP scaling)) and compute time
/// (2 * active params * batch FLOPs / (efficiency * TFLOPS * cards)). Both card figures are
/// needed: `FitError::SpecUnknown` when the catalog does not know one.
pub fn decode_tokens_per_second(
    model: ModelRef,
    quant: Quant,
    gpu: &Gpu,
    cards: u32,
    engine: Engine,
    batch: u32,
    context: u32,
) -> Result<Estimate, FitError> {
    decode_tokens_per_second_kv(model, quant, gpu, cards, engine, batch, context, KV_F16)
}

/// [`decode_tokens_per_second`] with the KV cache in the element types `kv` (K, V) the
/// engine runs for the request (`vram::kv_cache::engine_types`).
#[allow(clippy::too_many_arguments)]
pub fn decode_tokens_per_second_kv(
    model: ModelRef,
    quant: Quant,
    gpu: &Gpu,
    cards: u32,
    engine: Engine,
    batch: u32,
    context: u32,
    kv: (KvDtype, KvDtype),
) -> Result<Estimate, FitError> {
    if cards == 0 || cards > super::MAX_CARDS {
        return Err(FitError::BadCards(cards as u64));
    }
    if batch == 0 || batch > super::MAX_BATCH {
        return Err(FitError::BadBatch(batch as u64));
    }
    let shape = shape_of(model)?;
    // vLLM on a count it runs as TP x PP (`vram::pipeline`): one token passes the stages one
    // after the other, so a step reads as fast as one stage's tensor-parallel group.
    let cards = match model {
        ModelRef::Known(_) if engine == Engine::Vllm => {
            super::pipeline::split_cards(&shape, cards).map_or(cards, |s| s.tp)
        }
        _ => cards,
    };
    let d = decode_parts(&shape, quant, gpu, cards, engine, batch, context, kv)?;
    let ms = |s: f64| (s * 1e4).round() / 10.0;
    let mem_bound = d.t_mem + d.t_overhead >= d.t_comp;
    Ok(Estimate {
        value: d.value,
        // Every term of the figure, so the printed speed follows from the printed numbers.
        basis: Msg::new("fit-basis-decode")
            .arg("bandwidth", d.bandwidth)
            .arg("eta", (d.eta * 100.0).round())
            .arg("gib", (d.bytes / GIB * 100.0).round() / 100.0)
            .arg("scale", (d.scale * 100.0).round())
            .arg("batch", batch)
            .arg("mem_ms", ms(d.t_mem))
            .arg("overhead", if d.t_overhead > 0.0 { "yes" } else { "no" })
            .arg("overhead_ms", ms(d.t_overhead))
            .arg("layers", shape.layers)
            .arg("bound", if mem_bound { "memory" } else { "compute" })
            .arg("comp_ms", ms(d.t_comp))
            .arg("step_ms", ms(d.step)),
    })
}

/// The terms of one decode step (seconds) and the figures they come from.
struct DecodeParts {
    bandwidth: f64,
    eta: f64,
    scale: f64,
    /// Bytes read per step (all sequences of the batch).
    bytes: f64,
    t_mem: f64,
    t_overhead: f64,
    t_comp: f64,
    step: f64,
    /// Tokens per second over the batch, rounded to 0.1.
    value: f64,
}

#[allow(clippy::too_many_arguments)]
fn decode_parts(
    shape: &Shape,
    quant: Quant,
    gpu: &Gpu,
    cards: u32,
    engine: Engine,
    batch: u32,
    context: u32,
    kv: (KvDtype, KvDtype),
) -> Result<DecodeParts, FitError> {
    let (bandwidth, tflops) = card_figures(gpu)?;
    let eta = bandwidth_efficiency(engine, quant);
    let scale = scaling(cards, engine, gpu.card_link().is_known_fast());
    let bytes = bytes_per_step(shape, quant, engine, batch, context, kv);
    let t_mem = bytes / (bandwidth * 1e9 * eta * scale);
    let t_overhead = if engine == Engine::Transformers {
        HF_SECONDS_PER_LAYER * shape.layers as f64
    } else {
        0.0
    };
    let flops = 2.0 * shape.params.active * batch as f64;
    let t_comp = flops / (tflops * 1e12 * PREFILL_COMPUTE_EFFICIENCY * scale);
    let step = (t_mem + t_overhead).max(t_comp);
    let value = if step > 0.0 { batch as f64 / step } else { 0.0 };
    Ok(DecodeParts {
        bandwidth,
        eta,
        scale,
        bytes,
        t_mem,
        t_overhead,
        t_comp,
        step,
        value: (value * 10.0).round() / 10.0,
    })
}

/// [`decode_tokens_per_second`]'s figure for a shape already built (the options table asks it
/// for every card type), rounded to 0.1 tok/s.
pub(super) fn decode_with_shape(
    shape: &Shape,
    quant: Quant,
    gpu: &Gpu,
    cards: u32,
    engine: Engine,
    batch: u32,
    context: u32,
) -> Result<f64, FitError> {
    Ok(decode_parts(shape, quant, gpu, cards, engine, batch, context, KV_F16)?.value)
}

/// Prefill (prompt) tokens per second: compute bound, 2 FLOPs per active parameter per token,
/// at `PREFILL_COMPUTE_EFFICIENCY` of the card's dense FP16/BF16 TFLOPS
/// (`FitError::SpecUnknown` when the catalog does not know them).
pub fn prefill_tokens_per_second(
    model: ModelRef,
    gpu: &Gpu,
    cards: u32,
) -> Result<Estimate, FitError> {
    if cards == 0 || cards > super::MAX_CARDS {
        return Err(FitError::BadCards(cards as u64));
    }
    let shape = shape_of(model)?;
    let tflops = gpu
        .tflops()
        .ok_or_else(|| FitError::SpecUnknown(gpu.name.clone(), "tflops"))?;
    // Several cards counted as tensor parallel (the best case: a layer split runs one prompt
    // through the cards one after the other).
    let value = tflops * 1e12 * PREFILL_COMPUTE_EFFICIENCY * scaling(cards, Engine::Vllm, true)
        / (2.0 * shape.params.active);
    Ok(Estimate {
        value: value.round(),
        basis: Msg::new("fit-basis-prefill")
            .arg("tflops", tflops)
            .arg("eff", PREFILL_COMPUTE_EFFICIENCY * 100.0),
    })
}
