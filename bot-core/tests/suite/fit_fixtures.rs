//! Requests the fit mechanism tests build again and again: one catalog model at a quantization
//! and task, and a vLLM inference on a named card at a share of it. One place, so a new field
//! of `FitRequest`/`FitOptions` is defaulted once for every test that does not care about it.

use bot_core::catalog::Catalog;
use bot_core::vram::{
    Engine, FitOptions, FitReport, FitRequest, ModelRef, Quant, Task, estimate_with,
};

/// A request for catalog model `id` (which must exist) at `quant` for `task`, all else default.
pub fn request<'a>(c: &'a Catalog, id: &str, quant: Quant, task: Task) -> FitRequest<'a> {
    FitRequest::new(ModelRef::Known(c.model(id).unwrap()), quant, task)
}

/// A bf16 vLLM inference of `id` at `ctx` tokens on `cards` × `gpu`, vLLM taking `util` of each.
pub fn vllm_on(c: &Catalog, id: &str, gpu: &str, ctx: u32, cards: u32, util: f64) -> FitReport {
    let mut r = request(c, id, Quant::Bf16, Task::Infer);
    r.engine = Engine::Vllm;
    r.gpu = Some(c.gpu(gpu).unwrap());
    r.context = ctx;
    r.cards = cards;
    let o = FitOptions {
        vllm_utilization: util,
        ..FitOptions::default()
    };
    estimate_with(c, &r, &o).unwrap()
}
