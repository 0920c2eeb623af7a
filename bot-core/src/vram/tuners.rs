//! PEFT tuners beside LoRA (`FitRequest::tuner`; CLI `--tuner`, the chat's `tuner=`): what
//! trains and what it keeps, from each tuner's own defaults as ms-swift passes them
//! (modelscope/ms-swift@815aa287 `swift/llm/argument/tuner_args.py`: `target_modules`
//! ['all-linear'], `adalora_init_r` 12, `adapter_length` 128, `boft_block_size` 4,
//! `boft_n_butterfly_factor` 1, `lora_rank` 8, `llamapro_num_new_blocks` 4).
//!
//! - AdaLoRA (huggingface/peft `tuners/adalora/layer.py`): LoRA's A and B at `init_r` with an
//!   `r`-vector E, on every target; its `RankAllocator` keeps three fp32 tensors the size of
//!   each trained one (`ipt`, `exp_avg_ipt`, `exp_avg_unc`): 12 more bytes a trained parameter.
//! - Adapter (ms-swift `swift/tuners/adapter.py`, Houlsby): one bottleneck per decoder MLP,
//!   hidden -> `adapter_length` -> hidden with biases.
//! - BOFT (peft `tuners/boft/layer.py`): `boft_R` of (n_butterfly_factor, in / block_size,
//!   block_size, block_size) and a scale `boft_s` of `out` on every target.
//! - Bone (peft `tuners/bone/layer.py`): `bone_block` of (r, out) on every target.
//!
//! BOFT's forward also builds dense matrices as wide as each adapted layer's input
//! (`boft_rotation_bytes`, below): the one cost of these tuners that is not their trained
//! parameters.
//!
//! Each freezes the 16-bit base as LoRA does; its trained parameters are sized like LoRA's
//! adapters (fp32 under PEFT, AdamW). LLaMA-Pro (ms-swift `swift/tuners/llamapro.py`) copies
//! `num_new_blocks` decoder layers into the model and trains those in full, the rest frozen:
//! the base grows by that many layers (`grown`), and the new blocks train in the load's
//! 16-bit dtype (weights, gradients and AdamW moments in it, no master copy).

use super::Shape;

/// A PEFT tuner other than LoRA.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tuner {
    AdaLora,
    Adapter,
    Boft,
    Bone,
    /// LLaMA-Pro with this many new decoder blocks.
    LlamaPro(u32),
}

/// ms-swift's `adalora_init_r`, `adapter_length`, `boft_block_size`, `lora_rank` (Bone's r)
/// and `llamapro_num_new_blocks` defaults (tuner_args.py above).
const ADALORA_INIT_R: f64 = 12.0;
const ADAPTER_LENGTH: f64 = 128.0;
const BOFT_BLOCK_SIZE: f64 = 4.0;
const BONE_R: f64 = 8.0;
pub const LLAMAPRO_NEW_BLOCKS: u32 = 4;

impl Tuner {
    /// The word as ms-swift's `--tuner_type` spells it (`llamapro` with its default blocks,
    /// `llamapro:N` with N of them).
    pub fn from_key(key: &str) -> Option<Tuner> {
        let k = key.trim().to_lowercase().replace(['-', '_'], "");
        match k.as_str() {
            "adalora" => Some(Tuner::AdaLora),
            "adapter" => Some(Tuner::Adapter),
            "boft" => Some(Tuner::Boft),
            "bone" => Some(Tuner::Bone),
            "llamapro" => Some(Tuner::LlamaPro(LLAMAPRO_NEW_BLOCKS)),
            _ => {
                let n = k.strip_prefix("llamapro:")?.parse().ok()?;
                (n > 0).then_some(Tuner::LlamaPro(n))
            }
        }
    }

    pub fn key(&self) -> String {
        match self {
            Tuner::AdaLora => "adalora".into(),
            Tuner::Adapter => "adapter".into(),
            Tuner::Boft => "boft".into(),
            Tuner::Bone => "bone".into(),
            Tuner::LlamaPro(n) => format!("llamapro:{n}"),
        }
    }
}

/// Every linear layer's (in, out) features in one decoder layer of a dense model: q, k, v, o
/// and the gated MLP's three (all-linear).
fn linears(shape: &Shape) -> [(f64, f64); 7] {
    let h = f64::from(shape.hidden);
    let q = f64::from(shape.heads * shape.head_dim);
    let kv = f64::from(shape.kv_heads * shape.head_dim);
    let i = f64::from(shape.intermediate);
    [(h, q), (h, kv), (h, kv), (q, h), (h, i), (h, i), (i, h)]
}

/// The linear layers `targets` names, of `linears` (PEFT wraps each the way it wraps LoRA's).
fn linears_on(shape: &Shape, targets: super::LoraTargets) -> Vec<(f64, f64)> {
    let all = linears(shape);
    let picked: &[usize] = match targets {
        super::LoraTargets::AllLinear => &[0, 1, 2, 3, 4, 5, 6],
        super::LoraTargets::Attention => &[0, 1, 2, 3],
        super::LoraTargets::QueryValue => &[0, 2],
        super::LoraTargets::Mlp => &[4, 5, 6],
    };
    picked.iter().map(|&i| all[i]).collect()
}

/// The dense `in x in` matrices BOFT's forward builds for each adapted Linear
/// (huggingface/peft@5d602fdb `src/peft/tuners/boft/layer.py`, `Linear.forward`): the
/// permutation buffer `boft_P` (created on the CPU in fp32 by `update_layer`, `torch.empty`
/// with no device, and not among the names `_move_adapter_to_device_of_base_layer` moves)
/// copied to the input's device and dtype (`self.boft_P.to(x)`), the block-diagonal rotation
/// (`FastBlockDiag` / `torch.block_diag`, fp32: "cayley_batch, dropout and FastBlockDiag ONLY
/// return fp32 outputs") cast to that dtype, the two `torch.bmm` products with the
/// permutation, `torch.eye(self.in_features)` and the rotation `butterfly_oft_mat @
/// boft_rotation`; then `x @ boft_rotation`. Autograd keeps three of them per Linear for the
/// backward pass: the permutation copy (the `bmm`s' other factor), the identity (the
/// rotation product's) and the rotation (`x @ R`'s); a product's operand is saved only when
/// the other one needs a gradient (pytorch/pytorch `tools/autograd/gen_variable_type.py`,
/// `guard_for`), so nothing else of them is kept: `3 e` bytes per `in x in` element at
/// `e` bytes an activation element (default `boft_n_butterfly_factor` 1: one permutation).
/// While one Linear runs, the copy, the cast rotation, the second product, the identity and
/// the rotation are live together (`5 e`), or at the cast the fp32 rotation beside the copy
/// and its cast (`2 e + 4`).
///
/// Returns (bytes a decoder layer keeps for the backward pass over its adapted Linears, bytes
/// beyond those live while its widest one runs); (0, 0) for another tuner.
pub(crate) fn boft_rotation_bytes(shape: &Shape, req: &super::FitRequest, e: f64) -> (f64, f64) {
    if req.tuner != Some(Tuner::Boft) || !req.task.is_training() || req.task == super::Task::Full {
        return (0.0, 0.0);
    }
    let adapted = linears_on(shape, req.lora_targets);
    let kept: f64 = adapted.iter().map(|(i, _)| 3.0 * e * i * i).sum();
    let widest = adapted.iter().map(|(i, _)| *i).fold(0.0, f64::max);
    let running = (5.0 * e).max(2.0 * e + 4.0) - 3.0 * e;
    (kept, running * widest * widest)
}

/// One decoder layer's matmul weights (norms are a rounding error beside them).
fn layer_params(shape: &Shape) -> f64 {
    shape.params.linear / f64::from(shape.layers.max(1))
}

/// The parameters a tuner trains on `shape`.
pub fn trainable_params(shape: &Shape, tuner: Tuner) -> f64 {
    let layers = f64::from(shape.layers);
    let per_layer: f64 = match tuner {
        Tuner::AdaLora => linears(shape)
            .iter()
            .map(|(i, o)| ADALORA_INIT_R * (i + o + 1.0))
            .sum(),
        Tuner::Adapter => {
            let h = f64::from(shape.hidden);
            2.0 * h * ADAPTER_LENGTH + ADAPTER_LENGTH + h
        }
        Tuner::Boft => linears(shape)
            .iter()
            .map(|(i, o)| i / BOFT_BLOCK_SIZE * BOFT_BLOCK_SIZE * BOFT_BLOCK_SIZE + o)
            .sum(),
        Tuner::Bone => linears(shape).iter().map(|(_, o)| BONE_R * o).sum(),
        Tuner::LlamaPro(n) => return f64::from(n) * layer_params(shape),
    };
    per_layer * layers
}

/// Optimizer-side bytes a trained parameter keeps beyond AdamW's own: AdaLoRA's rank
/// allocator (three fp32 tensors).
pub(crate) fn extra_state_bytes(req: &super::FitRequest) -> f64 {
    match (req.task, req.tuner) {
        (super::Task::Full, _) => 0.0,
        (_, Some(Tuner::AdaLora)) => 12.0,
        _ => 0.0,
    }
}

/// The model LLaMA-Pro trains: `n` more decoder layers of the same shape; None for the others.
pub fn grown(shape: &Shape, tuner: Option<Tuner>) -> Option<Shape> {
    let Some(Tuner::LlamaPro(n)) = tuner else {
        return None;
    };
    let added = f64::from(n) * layer_params(shape);
    let mut s = shape.clone();
    s.params.linear += added;
    s.params.total += added;
    s.params.active += added;
    s.layers += n;
    Some(s)
}

/// Whether the trained parameters are in the base already (LLaMA-Pro's new blocks, in the load's
/// 16-bit dtype: moments in it, no separate adapter copy).
pub(crate) fn trains_in_base(req: &super::FitRequest) -> bool {
    req.task != super::Task::Full && matches!(req.tuner, Some(Tuner::LlamaPro(_)))
}
