//! A checkpoint that declares one format for the whole model and stores part of it in another.
//! DeepSeek-V4's config.json `quantization_config` declares `quant_method: "fp8"` while its
//! routed experts are packed FP4 (`expert_dtype: "fp4"`, two e2m1 values a byte and a ue8m0
//! scale per 32): the engines read the expert contract, not the model-wide word
//! (github.com/lightseekorg/tokenspeed PR 1095, 2026-08-14: "The DeepSeek V4 Flash checkpoint
//! declares model-wide FP8 quantization while storing its routed experts as packed FP4
//! through `expert_dtype: fp4`"; vllm PR 53847, 2026-08-26: "stores routed MoE experts as
//! MXFP4 but the always-on shared expert as FP8"; SGLang logs the load as "quant=fp8").
//! So `fp8` typed for such a model is the published checkpoint, sized in its stored format
//! (`Model::checkpoint_quant`) as the engines load it, and the answer says so.

use super::{FitRequest, ModelRef, Quant};
use crate::reply::Msg;

/// The stored format `req` is sized in when its quantization is the one its model's checkpoint
/// declares (`Model::checkpoint_declared`) but stores otherwise; `None` for every other request.
pub fn published(req: &FitRequest) -> Option<Quant> {
    let ModelRef::Known(m) = req.model else {
        return None;
    };
    let declared: Quant = m.checkpoint_declared.as_deref()?.parse().ok()?;
    let stored: Quant = m.checkpoint_quant.as_deref()?.parse().ok()?;
    (req.quant == declared && stored != declared).then_some(stored)
}

/// The line that says which format a declared word was sized in.
pub(super) fn note(req: &FitRequest, stored: Quant) -> Msg {
    Msg::new("fit-note-declared-quant")
        .arg("typed", req.quant.to_string())
        .arg("stored", stored.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::Catalog;
    use crate::vram::Task;

    #[test]
    fn only_the_declared_word_of_a_declaring_model_is_resolved() {
        let c = Catalog::embedded().unwrap();
        let v4 = c.model("deepseek-v4-flash").unwrap();
        let oss = c.model("gpt-oss-20b").unwrap();
        let at = |m, q| published(&FitRequest::new(ModelRef::Known(m), q, Task::Infer));
        assert_eq!(at(v4, Quant::Fp8), Some(Quant::Mxfp4));
        // The stored format and any other word stay as typed.
        assert_eq!(at(v4, Quant::Mxfp4), None);
        assert_eq!(at(v4, Quant::Bf16), None);
        // gpt-oss declares what it stores (mxfp4): an FP8 conversion of it is another file.
        assert_eq!(at(oss, Quant::Fp8), None);
    }
}
