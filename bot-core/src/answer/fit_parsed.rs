//! The `/fit` line as read, which every part of the fit answer renders from.

use crate::vram::{FitOptions, FitReport, FitRequest};

/// A `/fit` line as read: the request, the options, and what the user typed rather than
/// left to the defaults (kept below `fit`, so rendering needs nothing from the reader; its own module, so the
/// answer's parts read it without importing `fit_render`).
pub struct Parsed<'a> {
    pub req: FitRequest<'a>,
    pub opts: FitOptions,
    pub quant_given: bool,
    /// Whether the user said `gc=on|off` (else the shared default applies, and is shown).
    pub gc_given: bool,
    pub context_given: bool,
    /// When no quantization was given and BF16 needs more than one 80 GB card: the BF16
    /// estimate, and the job is sized in 4-bit instead ([`advice::default_quant`]).
    pub bf16_instead: Option<FitReport>,
    /// A service sized on vLLM because no engine was typed (`fit::settle`).
    pub serving_default: bool,
    /// The words typed when they named a family and size, not a model (`llama-70b`): the
    /// answer says which model they were read as, and what else they could mean.
    pub read_as: Option<String>,
    /// A fine-tune asked without its method, sized as LoRA (`FitLine::method_assumed`).
    pub method_assumed: bool,
}
