//! The limits a fit request is held to before anything is sized: context, batch, cards, the
//! engine's own bounds, and words that do not go together (split from `vram::request` for the
//! 650-line rule).

use super::limits::{FitError, MAX_BATCH, MAX_CARDS, MAX_CONTEXT, MAX_GRAD_ACCUM, MAX_UBATCH};
use super::request::{FitRequest, ModelRef};
use super::{Quant, Task};

pub(super) fn validate(req: &FitRequest) -> Result<(), FitError> {
    if req.context == 0 || req.context > MAX_CONTEXT {
        return Err(FitError::BadContext(req.context as u64));
    }
    if req.batch == 0 || req.batch > MAX_BATCH {
        return Err(FitError::BadBatch(req.batch as u64));
    }
    if req.beams == 0 || req.beams > super::MAX_BEAMS {
        return Err(FitError::BadValue(format!("beams={}", req.beams)));
    }
    if req.cards == 0 || req.cards > MAX_CARDS {
        return Err(FitError::BadCards(req.cards as u64));
    }
    // vLLM runs `-dp N` ranks of equal tensor-parallel groups: N must divide the cards.
    let dp = req.data_parallel;
    if dp == 0 || (dp > 1 && (req.cards % dp != 0 || req.engine != super::Engine::Vllm)) {
        return Err(FitError::BadValue(format!(
            "data-parallel={dp} ({} x {})",
            req.cards,
            req.engine.key()
        )));
    }
    // EXL2 is ExLlamaV2's format, and ExLlamaV2 runs inference only (`vram::exl2`); it also
    // loads 16-bit and GPTQ models.
    let exl2 = req.quant.exl2_bpw().is_some();
    let exllama = req.engine == super::Engine::Exllamav2;
    if (exl2 && !exllama) || (exllama && req.task.is_training()) {
        let what = format!("{} {} {}", req.quant, req.task.key(), req.engine.key());
        return Err(FitError::Exl2Scope(what));
    }
    if req.task.is_training() && req.quant.is_gguf() {
        return Err(FitError::GgufTraining(req.quant));
    }
    if req.task == Task::Qlora && !req.quant.is_low_bit() {
        return Err(FitError::QloraNeedsLowBit(req.quant, req.task));
    }
    if req.torchao.is_some() {
        let q = matches!(req.quant, Quant::Int8 | Quant::Int4 | Quant::Fp8)
            || matches!(req.quant, Quant::Bf16 | Quant::Fp16);
        if !q || req.task.is_training() || req.engine != super::Engine::Transformers {
            let what = format!(
                "{} {} {}",
                req.quant.key(),
                req.task.key(),
                req.engine.key()
            );
            return Err(FitError::TorchaoScope(what));
        }
    }
    if req.cpu_moe.is_some() && (req.engine != super::Engine::Llamacpp || req.task.is_training()) {
        let what = format!("{} {}", req.task.key(), req.engine.key());
        return Err(FitError::CpuMoeScope(what));
    }
    if super::mxfp4_card::vllm_refuses(req)
        && let Some(g) = req.gpu
    {
        let cc = g.compute_capability.clone().unwrap_or_default();
        return Err(FitError::Mxfp4Card(g.name.clone(), cc));
    }
    // `-ub` is llama.cpp's: out of range, or beside another engine, it is answered, never
    // silently dropped.
    if let Some(u) = req.ubatch
        && (u == 0 || u > MAX_UBATCH || req.engine != super::Engine::Llamacpp)
    {
        return Err(FitError::BadValue(format!("ub={u} ({})", req.engine.key())));
    }
    // `accum=N` is a training setting: out of range, or on an inference run, it is answered.
    if let Some(n) = req.grad_accum
        && (n == 0 || n > MAX_GRAD_ACCUM || !req.task.is_training())
    {
        return Err(FitError::BadValue(format!(
            "accum={n} ({})",
            req.task.key()
        )));
    }
    super::method::check(req)?;
    let completion_out = req.completion.is_some_and(|c| c == 0 || c > req.context);
    if (req.method == super::Method::Grpo && (req.generations == 0 || completion_out))
        || (req.method == super::Method::Ppo && completion_out)
    {
        return Err(FitError::BadValue(format!(
            "generations={} completion={}",
            req.generations,
            req.completion.unwrap_or(0)
        )));
    }
    if let ModelRef::BySize { params_b, active_b } = req.model {
        for b in std::iter::once(params_b).chain(active_b) {
            if !(b.is_finite() && (0.01..=10_000.0).contains(&b) && b <= params_b) {
                return Err(FitError::BadSize(b));
            }
        }
    }
    Ok(())
}
