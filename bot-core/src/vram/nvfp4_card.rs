//! NVFP4 (ModelOpt's 4-bit floats with FP8 scales per 16 weights) on the card a job runs on, and
//! which matrices the checkpoint leaves 16-bit.
//!
//! - Native FP4 matrix multiplies exist on Blackwell only: vLLM's `cutlass_fp4_supported()`
//!   asks `cutlass_scaled_mm_supports_fp4(capability)` (sm_100 / sm_120 kernels). On an older
//!   card `ModelOptNvFp4LinearMethod` picks the `"marlin"` backend when
//!   `is_fp4_marlin_supported()`, i.e. `current_platform.has_device_capability(80)`
//!   (`vllm/model_executor/layers/quantization/modelopt.py` and
//!   `utils/marlin_utils_fp4.py`, vllm-project/vllm @ c9a59901113ccfe729e9c2be54062abee99b37f7,
//!   read 2026-12-05): weight-only FP4 that dequantizes inside the kernel. Marlin repacks the
//!   packed weights and converts the FP8 block scales in place of the originals, so the weights
//!   stay 4.5 bits on the card: the estimate does not change, the speed does. Below 8.0 no
//!   backend is found and vLLM raises "No valid NVFP4 GEMM backend found".
//! - Which matrices stay 16-bit is the checkpoint's `exclude_modules`: ModelOpt's default is
//!   `lm_head` alone (nvidia/Qwen3-32B-NVFP4's `hf_quant_config.json`: `"exclude_modules":
//!   ["lm_head"]`, `"group_size": 16`, ai-dynamo/aiconfigurator @
//!   f577ab8432dfc9970fea27853a24861a6d3076cf); a model whose published checkpoint keeps more
//!   says so in the catalog (`Model::nvfp4_scope`, `Shape::nvfp4_kept_16bit`).

use super::mxfp4_card::compute_capability;
use super::{FitRequest, Quant, Shape};
use crate::reply::Msg;

/// The lowest compute capability with native FP4 matrix kernels (Blackwell: 10.0 and 12.0).
pub const NATIVE_MIN_CC: (u32, u32) = (10, 0);
/// The lowest compute capability vLLM runs NVFP4 on at all (Marlin's weight-only FP4).
pub const MARLIN_MIN_CC: (u32, u32) = (8, 0);

/// How a named card runs NVFP4 matrices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Nvfp4Path {
    /// Blackwell's FP4 tensor cores (CUTLASS / FlashInfer kernels).
    Native,
    /// Weight-only FP4 through Marlin (Ampere, Ada, Hopper): same memory, slower.
    Marlin,
    /// No kernel: vLLM does not start.
    None,
}

/// The path on `req`'s card; `None` when the request is not NVFP4 or the card (or its compute
/// capability) is unknown.
pub fn path(req: &FitRequest) -> Option<Nvfp4Path> {
    if req.quant != Quant::Nvfp4 {
        return None;
    }
    let cc = compute_capability(req.gpu?)?;
    Some(if cc >= NATIVE_MIN_CC {
        Nvfp4Path::Native
    } else if cc >= MARLIN_MIN_CC {
        Nvfp4Path::Marlin
    } else {
        Nvfp4Path::None
    })
}

/// The lines an NVFP4 answer carries: a card without native FP4 kernels, and a checkpoint that
/// keeps its attention in 16-bit.
pub(super) fn notes(shape: &Shape, req: &FitRequest) -> Vec<Msg> {
    let mut out = Vec::new();
    if req.quant != Quant::Nvfp4 {
        return out;
    }
    if let (Some(p), Some(g)) = (path(req), req.gpu) {
        let cc = g.compute_capability.clone().unwrap_or_default();
        match p {
            Nvfp4Path::Native => {}
            Nvfp4Path::Marlin => out.push(
                Msg::new("fit-note-nvfp4-marlin")
                    .arg("card", g.name.as_str())
                    .arg("cc", cc),
            ),
            Nvfp4Path::None => out.push(
                Msg::new("fit-warn-nvfp4-no-kernel")
                    .arg("card", g.name.as_str())
                    .arg("cc", cc),
            ),
        }
    }
    if shape.nvfp4_kept_16bit > 0.0 {
        out.push(
            Msg::new("fit-note-nvfp4-scope")
                .arg("kept_b", (shape.nvfp4_kept_16bit / 1e8).round() / 10.0),
        );
    }
    out
}
