//! A tied embedding held twice while Hugging Face Transformers 4.38 loads a checkpoint onto the
//! card (`transformers=4.38`; CLI `--transformers-release 4.38`).
//!
//! Measured, not read in the loader's code: Qwen2's speed table (QwenLM/Qwen2.5
//! `docs/source/benchmark/speed_benchmark.rst` @4da996c5, Transformers 4.38.2, `device_map="auto"`,
//! `max_memory_allocated`) puts the tied Qwen2-0.5B / 1.5B one 16-bit embedding above their
//! tensors at input length 1 in BF16, GPTQ-Int8, GPTQ-Int4 and AWQ alike (0.5B BF16: 1.17 GiB
//! for 0.92 of weights, 0.25 of embedding; GPTQ-Int4 and AWQ both 0.68), while the untied 7B
//! and 72B sit at their tensors; the Qwen2.5 table of the same script on 4.46 puts GPTQ-Int4 at
//! its tensors (0.48) and only AWQ above them (0.68, AutoAWQ's own copy, `infer::later_peaks`).
//! So the copy belongs to the loader of that release, not to a quantization. The release where
//! it stops was not read (between 4.39 and 4.46): only a release at or before the measured one
//! holds it; a later one, or none said, is today's loader. AutoGPTQ 0.7.1's exllama buffers
//! were read and ruled out (pass 135): a few MiB to 70 MiB, and GPTQ-Int8 (no exllama kernel)
//! shows the same gap.
//!
//! The copy is gone once the load ties the head back to the embedding, before the first
//! forward: it peaks beside the weights, not beside the prompt's workspace (the larger of the
//! two, as AutoAWQ's).

use super::{Engine, FitRequest, TransformersRelease};

/// The last release measured holding the copy (4.38.2).
pub const LAST_MEASURED: TransformersRelease = TransformersRelease {
    major: 4,
    minor: 38,
};

/// Whether loading holds a second 16-bit copy of a tied embedding: Transformers at or before
/// [`LAST_MEASURED`], or a reference row that states it (`FitRequest::tied_embedding_copy`).
pub fn holds_second_copy(req: &FitRequest) -> bool {
    req.tied_embedding_copy
        || (req.engine == Engine::Transformers
            && req.transformers_release.is_some_and(|r| r <= LAST_MEASURED))
}
