//! PEFT tuners beside LoRA (`FitRequest::tuner`; CLI `--tuner`, the chat's `tuner=`): what
//! trains and what it keeps. ms-swift's tuners take its defaults
//! (modelscope/ms-swift@815aa287 `swift/llm/argument/tuner_args.py`: `target_modules`
//! ['all-linear'], `adalora_init_r` 12, `adapter_length` 128, `boft_block_size` 4,
//! `boft_n_butterfly_factor` 1, `lora_rank` 8, `llamapro_num_new_blocks` 4); PEFT's own
//! (huggingface/peft@5d602fdb) take PEFT's config defaults and its target mapping by model type
//! (`vram::tuner_targets`). A rank or targets the user states (`FitRequest::tuner_rank`,
//! `FitRequest::targets_said`) replace the defaults for every tuner that has them.
//!
//! - AdaLoRA (peft `tuners/adalora/layer.py`): LoRA's A and B at `init_r` (the rank word) with
//!   an `r`-vector E, on every target; its `RankAllocator` keeps three fp32 tensors the size of
//!   each trained one (`ipt`, `exp_avg_ipt`, `exp_avg_unc`): 12 more bytes a trained parameter.
//! - Adapter (ms-swift `swift/tuners/adapter.py`, Houlsby): one bottleneck per decoder MLP,
//!   hidden -> `adapter_length` -> hidden with biases (no rank, no targets).
//! - BOFT (peft `tuners/boft/layer.py`): `boft_R` of (n_butterfly_factor, in / block_size,
//!   block_size, block_size) and a scale `boft_s` of `out` on every target (no rank).
//! - Bone (peft `tuners/bone/layer.py`): `bone_block` of (r, out) on every target.
//! - OFT (peft `tuners/oft/layer.py`, `update_layer`): `oft_R.weight` of (in / b, b (b - 1) / 2)
//!   for block size b; default `oft_block_size` 32, r 0; a stated r is the block count and
//!   b = in / r (`adjust_oft_parameters` moves either to the nearest divisor of `in`).
//! - VeRA (peft `tuners/vera/layer.py`, `model.py`): trains `vera_lambda_b` (out) and
//!   `vera_lambda_d` (r, default 256) per target; the shared frozen `vera_A` (r, largest in)
//!   and `vera_B` (largest out, r) are buffers on the card (`save_projection` True), fp32
//!   after `cast_adapter_dtype`.
//! - IA3 (peft `tuners/ia3/layer.py`): `ia3_l` of `out` per target, of `in` for a feed-forward
//!   one (no rank).
//! - LoHa (peft `tuners/loha/layer.py`): `hada_w1_a/_b`, `hada_w2_a/_b`: 2 r (in + out) per
//!   target, default r 8.
//! - LoKr (peft `tuners/lokr/layer.py`): `lokr_w1` (out_l, in_m) whole and `lokr_w2`
//!   (out_k, in_n) whole, or as a rank-r pair when r < max(out_k, in_n) / 2, the sizes split
//!   by `factorization` (default `decompose_factor` -1: near the square root), default r 8.
//!
//! What they keep beyond the trained parameters (`per_token_bytes`, `layer_bytes`):
//! BOFT's forward builds dense matrices as wide as each adapted layer's input
//! (`boft_rotation_bytes`, below); LoHa and LoKr build each adapted Linear's dense delta weight
//! and `F.linear` keeps it; VeRA and IA3 keep their own per-token tensors instead of LoRA's
//! input copy.
//!
//! - Prefix tuning / P-Tuning v2 (`prefix:N`, `ptuning-v2:N`, N virtual tokens; no default:
//!   PEFT's `num_virtual_tokens` has none): one trained embedding of N rows holding every
//!   layer's prefix key and value, `num_layers x kv_channels x multi_query_group_num x 2` wide
//!   (ChatGLM's own `PrefixEncoder` with `prefix_projection` off, which ChatGLM3's fine-tuning
//!   demo runs: THUDM/ChatGLM3@9484f8204f1536e338a5557138a65e31d2a3984d
//!   `finetune_demo/finetune_hf.py`, `load_tokenizer_and_model` sets `config.pre_seq_len =
//!   num_virtual_tokens` for `PREFIX_TUNING` and loads the model's own code, which freezes
//!   every other parameter; `_prepare_model_for_training` casts the trained ones to fp32). It
//!   adapts no Linear, so it keeps none of LoRA's input copies; the backward pass still runs
//!   through every layer to reach each layer's prefix, so the frozen base's activations are
//!   LoRA's. The prefix keys and values themselves (batch x N per layer) are not counted: 15 MB
//!   for ChatGLM3-6B at batch 4 and N 64.
//!
//! Each freezes the 16-bit base as LoRA does; its trained parameters are sized like LoRA's
//! adapters (fp32 under PEFT, AdamW). LLaMA-Pro (ms-swift `swift/tuners/llamapro.py`) copies
//! `num_new_blocks` decoder layers into the model and trains those in full, the rest frozen:
//! the base grows by that many layers (`grown`), and the new blocks train in the load's
//! 16-bit dtype (weights, gradients and AdamW moments in it, no master copy).

use super::Shape;
use super::tuner_targets::{self as targets, Picked};

/// A PEFT tuner other than LoRA.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tuner {
    AdaLora,
    Adapter,
    Boft,
    Bone,
    /// LLaMA-Pro with this many new decoder blocks.
    LlamaPro(u32),
    /// Prefix tuning (P-Tuning v2) with this many virtual tokens.
    Prefix(u32),
    Oft,
    Vera,
    Ia3,
    Loha,
    Lokr,
}

/// ms-swift's `adalora_init_r`, `adapter_length`, `boft_block_size`, `lora_rank` (Bone's r)
/// and `llamapro_num_new_blocks` defaults (tuner_args.py above).
const ADALORA_INIT_R: u32 = 12;
const ADAPTER_LENGTH: f64 = 128.0;
const BOFT_BLOCK_SIZE: f64 = 4.0;
const BONE_R: u32 = 8;
pub const LLAMAPRO_NEW_BLOCKS: u32 = 4;
/// PEFT's config defaults (peft@5d602fdb `tuners/{oft,vera,loha,lokr}/config.py`):
/// `oft_block_size` 32 (r 0), VeRA r 256, LoHa r 8, LoKr r 8 (`decompose_factor` -1).
const OFT_BLOCK_SIZE: u32 = 32;
const VERA_R: u32 = 256;
const LOHA_R: u32 = 8;
const LOKR_R: u32 = 8;

impl Tuner {
    /// The word as ms-swift's `--tuner_type` or PEFT's `peft_type` spells it (`llamapro` with
    /// its default blocks, `llamapro:N` with N of them).
    pub fn from_key(key: &str) -> Option<Tuner> {
        let k = key.trim().to_lowercase().replace(['-', '_'], "");
        match k.as_str() {
            "adalora" => Some(Tuner::AdaLora),
            "adapter" => Some(Tuner::Adapter),
            "boft" => Some(Tuner::Boft),
            "bone" => Some(Tuner::Bone),
            "llamapro" => Some(Tuner::LlamaPro(LLAMAPRO_NEW_BLOCKS)),
            "oft" => Some(Tuner::Oft),
            "vera" => Some(Tuner::Vera),
            "ia3" | "(ia)3" | "ia³" => Some(Tuner::Ia3),
            "loha" => Some(Tuner::Loha),
            "lokr" => Some(Tuner::Lokr),
            _ => {
                let (word, n) = k.split_once(':')?;
                let n: u32 = n.parse().ok().filter(|n| *n > 0)?;
                match word {
                    "llamapro" => Some(Tuner::LlamaPro(n)),
                    // P-Tuning v2 is prefix tuning (Liu et al. 2022, arXiv:2110.07602); P-Tuning
                    // (v1) trains an input prompt encoder, another method, and has no word.
                    "prefix" | "prefixtuning" | "ptuningv2" | "pt2" => Some(Tuner::Prefix(n)),
                    _ => None,
                }
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
            Tuner::Prefix(n) => format!("prefix:{n}"),
            Tuner::Oft => "oft".into(),
            Tuner::Vera => "vera".into(),
            Tuner::Ia3 => "ia3".into(),
            Tuner::Loha => "loha".into(),
            Tuner::Lokr => "lokr".into(),
        }
    }

    /// Sized on PEFT's own defaults (not ms-swift's).
    pub fn peft_native(self) -> bool {
        matches!(
            self,
            Tuner::Oft | Tuner::Vera | Tuner::Ia3 | Tuner::Loha | Tuner::Lokr
        )
    }

    /// Its rank where it has one (OFT: its block count, none by default: the block size is).
    pub fn default_rank(self) -> Option<u32> {
        match self {
            Tuner::AdaLora => Some(ADALORA_INIT_R),
            Tuner::Bone => Some(BONE_R),
            Tuner::Vera => Some(VERA_R),
            Tuner::Loha => Some(LOHA_R),
            Tuner::Lokr => Some(LOKR_R),
            _ => None,
        }
    }

    /// Whether a rank word changes it.
    pub fn has_rank(self) -> bool {
        self.default_rank().is_some() || self == Tuner::Oft
    }

    /// Whether it adapts chosen linear layers (targets).
    pub fn has_targets(self) -> bool {
        !matches!(self, Tuner::Adapter | Tuner::LlamaPro(_) | Tuner::Prefix(_))
    }
}

/// Whose default a rank or target set is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Basis {
    /// The user's (`r=`, `targets=`, CLI `--lora-rank`, `--lora-targets`).
    Said,
    /// ms-swift's `tuner_args.py`.
    Swift,
    /// PEFT's config, or its mapping for this `model_type`.
    Peft(&'static str),
}

/// What a tuner adapts and at what rank, resolved from the request.
#[derive(Debug, Clone, PartialEq)]
pub struct Plan {
    pub tuner: Tuner,
    /// The rank (OFT: blocks) it is sized at; None where it has none (OFT by its block size).
    pub rank: Option<u32>,
    pub rank_from: Basis,
    pub targets: Picked,
    pub targets_from: Basis,
    /// IA3's feed-forward layers (`tuner_targets::ia3_feedforward`), scaled at their input.
    pub feedforward: Picked,
}

impl Plan {
    /// The targets as PEFT's `target_modules` names them.
    pub fn target_names(&self) -> String {
        targets::names(&self.targets)
    }
}

/// The model type of the request's model as PEFT's mappings key it (None: a size, or a type
/// they lack).
fn model_type(req: &super::FitRequest) -> Option<&'static str> {
    match req.model {
        super::ModelRef::Known(m) => targets::peft_model_type(m),
        _ => None,
    }
}

/// The plan for the request's tuner: None without one; an error when PEFT would ask for
/// `target_modules` (no stated targets, a model type its mapping lacks).
pub fn plan(req: &super::FitRequest) -> Result<Option<Plan>, super::FitError> {
    let Some(tuner) = req.tuner else {
        return Ok(None);
    };
    let swift_or = |peft: Basis| {
        if tuner.peft_native() {
            peft
        } else {
            Basis::Swift
        }
    };
    let mt = model_type(req);
    let (rank, rank_from) = match (tuner.has_rank(), req.tuner_rank) {
        (true, Some(r)) => (Some(r), Basis::Said),
        _ => (
            tuner.default_rank(),
            swift_or(Basis::Peft(mt.unwrap_or(""))),
        ),
    };
    let (picked, targets_from) = if req.targets_said && tuner.has_targets() {
        (targets::from_lora(req.lora_targets), Basis::Said)
    } else if !tuner.peft_native() {
        (
            targets::from_lora(super::LoraTargets::AllLinear),
            Basis::Swift,
        )
    } else {
        let found = mt.and_then(|t| targets::peft_default(tuner == Tuner::Ia3, t).map(|p| (t, p)));
        let Some((t, p)) = found else {
            return Err(super::FitError::TunerTargets(tuner.key()));
        };
        (p, Basis::Peft(t))
    };
    Ok(Some(Plan {
        tuner,
        rank,
        rank_from,
        targets: picked,
        targets_from,
        feedforward: targets::ia3_feedforward(req.ia3_feedforward),
    }))
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

/// The adapted linear layers' (in, out, index) under a target set.
fn picked_linears(shape: &Shape, picked: &Picked) -> Vec<(f64, f64, usize)> {
    linears(shape)
        .iter()
        .enumerate()
        .filter(|(i, _)| picked[*i])
        .map(|(i, (a, b))| (*a, *b, i))
        .collect()
}

/// The plan's adapted linears; empty without a tuner that adapts linears, on an MoE shape
/// (whose experts these dense widths do not describe) or for a plan PEFT would refuse.
fn adapted(shape: &Shape, req: &super::FitRequest) -> (Option<Plan>, Vec<(f64, f64, usize)>) {
    match plan(req) {
        Ok(Some(p)) if p.tuner.has_targets() => {
            let l = picked_linears(shape, &p.targets);
            (Some(p), l)
        }
        _ => (None, Vec::new()),
    }
}

/// Whether the request trains adapters of a tuner (not full fine-tuning, not inference).
fn tuning(req: &super::FitRequest) -> bool {
    req.tuner.is_some() && req.task.is_training() && req.task != super::Task::Full
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
    if req.tuner != Some(Tuner::Boft) || !tuning(req) {
        return (0.0, 0.0);
    }
    let (_, adapted) = adapted(shape, req);
    let kept: f64 = adapted.iter().map(|(i, _, _)| 3.0 * e * i * i).sum();
    let widest = adapted.iter().map(|(i, _, _)| *i).fold(0.0, f64::max);
    let running = (5.0 * e).max(2.0 * e + 4.0) - 3.0 * e;
    (kept, running * widest * widest)
}

/// LoHa's and LoKr's dense delta weights (peft@5d602fdb `tuners/loha/layer.py`,
/// `tuners/lokr/layer.py`; `LycorisLayer` forward: `result + self._get_delta_activations(...)`,
/// which calls `get_delta_weight` and `F.linear(input, delta_weight)` on every forward). The
/// delta is `out x in`, and `F.linear` keeps it for the input's gradient: every adapted
/// Linear's, per layer, in the dtype the product reaches it in - bf16 under 16-bit autocast
/// (`linear` is on autocast's lower-precision list, so the fp32 delta's cast copy is the one
/// saved), fp32 without it. While the widest runs, more of them are live: LoHa's `HadaWeight`
/// backward holds the incoming gradient, its scaled copy and two of `(w1a @ w1b)`,
/// `(w2a @ w2b)`, `temp` at once (fp32 without autocast: 20 bytes an element; under autocast
/// the incoming pair is bf16: 16); LoKr's `torch.kron` result and its `* scale` (8, fp32: kron
/// promotes the rank-r factor). VeRA under autocast: `F.linear` keeps the bf16 cast of its
/// `vera_A` / `vera_B` slices (each call a new copy: autocast caches only leaves that need a
/// gradient), 2 r (in + out) bytes a target.
///
/// MiSS / Bone with `init_weights="bat"` (`FitRequest::miss_bat`; huggingface/peft@04c69f40
/// `src/peft/tuners/miss/layer.py`, `MissLinear.forward` and `get_delta_weight`): every forward
/// clones the base weight, casts it to `miss_block`'s dtype (fp32 after PEFT's
/// `autocast_adapter_dtype`), views it as r x r blocks permuted (`W`), computes
/// `W @ miss_block + miss_block`, permutes that back (a copy), adds it to the clone (an fp32
/// weight) and calls `F.linear` on the input cast to that dtype. Kept for the backward pass per
/// adapted Linear: the batched matmul's contiguous copy of `W` (its `reshape` of a permuted
/// view copies; `miss_block`'s gradient needs it) and the combined weight `F.linear` keeps for
/// the input's gradient - 4 + 4 bytes a weight without autocast; under 16-bit autocast both
/// products run in bf16 and keep bf16 casts, 2 + 2. The input copy is LoRA's rule
/// (`per_token_bytes`). While the widest runs, beyond its kept copy: the bf16 clone (2), the
/// fp32 cast (4), the product (4) and its permuted copy (4), less the combined weight not yet
/// built (4): 10 bytes a weight, the fp32 figure (an upper bound under autocast). The first
/// layer's input needs no gradient, so `F.linear` keeps no weight there: one layer of 28 over-
/// counted by half, not modelled.
///
/// Returns (bytes a decoder layer keeps, bytes beyond them while its widest one runs).
pub(crate) fn layer_bytes(shape: &Shape, req: &super::FitRequest, boft_e: f64) -> (f64, f64) {
    if !tuning(req) {
        return (0.0, 0.0);
    }
    let (p, adapted) = adapted(shape, req);
    let Some(p) = p else {
        return (0.0, 0.0);
    };
    let delta_e = if req.autocast { 2.0 } else { 4.0 };
    let widest = adapted.iter().map(|(i, o, _)| i * o).fold(0.0, f64::max);
    let dense: f64 = adapted.iter().map(|(i, o, _)| delta_e * i * o).sum();
    match p.tuner {
        Tuner::Boft => boft_rotation_bytes(shape, req, boft_e),
        Tuner::Loha => (dense, if req.autocast { 16.0 } else { 20.0 } * widest),
        Tuner::Lokr => (dense, 8.0 * widest),
        Tuner::Bone if req.miss_bat => (2.0 * dense, 10.0 * widest),
        Tuner::Vera if req.autocast => {
            let r = f64::from(p.rank.unwrap_or(VERA_R));
            (adapted.iter().map(|(i, o, _)| 2.0 * r * (i + o)).sum(), 0.0)
        }
        _ => (0.0, 0.0),
    }
}

/// Bytes a decoder layer keeps per token for the tuner's own tensors, where they are not LoRA's
/// input copies (`layer_kept::adapter_input_bytes` per adapted input, passed as `lora_copy`):
/// - VeRA (`tuners/vera/layer.py` forward: `lambda_b * F.linear(lambda_d * F.linear(x, A), B)`):
///   `F.linear` with a frozen buffer keeps no input, the products keep their other factor: the
///   r-wide `F.linear(x, A)` and the out-wide `F.linear(.., B)`, fp32, or bf16 under autocast.
/// - IA3 (`tuners/ia3/layer.py` forward): a scaled output keeps the 16-bit base output
///   (`result * ia3_scaling`), a feed-forward input its fp32 cast (`x.to(dtype) * ia3_scaling`).
/// - LoHa under autocast: the delta is already bf16 (its `HadaWeight` matmuls autocast), so
///   `_cast_input_dtype` leaves the input alone and nothing is copied.
/// - OFT (`OFTRotationModule.forward`: the cast input's `einsum` with the rotation, which keeps
///   it, then the frozen base), LoKr, AdaLoRA, BOFT, Bone: LoRA's copy of each adapted input.
///
/// None where LoRA's rule holds as it stands (no tuner; Adapter and LLaMA-Pro; an MoE shape).
pub(crate) fn per_token_bytes(
    shape: &Shape,
    req: &super::FitRequest,
    lora_copy: f64,
) -> Option<f64> {
    if !tuning(req) || shape.is_moe() || req.layout != super::ModelLayout::Transformers {
        return None;
    }
    // A prefix adapts no Linear: no input copies (module doc).
    if matches!(req.tuner, Some(Tuner::Prefix(_))) {
        return Some(0.0);
    }
    let (p, adapted) = adapted(shape, req);
    let p = p?;
    let e = if req.autocast { 2.0 } else { 4.0 };
    let inputs: f64 = adapted.iter().map(|(i, _, _)| i).sum();
    Some(match p.tuner {
        Tuner::Vera => {
            let r = f64::from(p.rank.unwrap_or(VERA_R));
            adapted.iter().map(|(_, o, _)| e * (r + o)).sum()
        }
        Tuner::Ia3 => adapted
            .iter()
            .map(
                |(i, o, k)| {
                    if p.feedforward[*k] { 4.0 * i } else { 2.0 * o }
                },
            )
            .sum(),
        Tuner::Loha if req.autocast => 0.0,
        _ => lora_copy * inputs,
    })
}

/// Frozen bytes a tuner puts on the card beside its trained parameters: VeRA's shared
/// `vera_A` (r, largest in) and `vera_B` (largest out, r), fp32 (`_init_vera_A_vera_B` sizes
/// them by `_find_dim`; `cast_adapter_dtype` upcasts the BufferDict entries).
pub(crate) fn frozen_buffer_bytes(shape: &Shape, req: &super::FitRequest) -> f64 {
    if !tuning(req) || req.tuner != Some(Tuner::Vera) {
        return 0.0;
    }
    let (p, adapted) = adapted(shape, req);
    let Some(p) = p else {
        return 0.0;
    };
    let r = f64::from(p.rank.unwrap_or(VERA_R));
    let max_in = adapted.iter().map(|(i, _, _)| *i).fold(0.0, f64::max);
    let max_out = adapted.iter().map(|(_, o, _)| *o).fold(0.0, f64::max);
    4.0 * r * (max_in + max_out)
}

/// One decoder layer's matmul weights (norms are a rounding error beside them).
fn layer_params(shape: &Shape) -> f64 {
    shape.params.linear / f64::from(shape.layers.max(1))
}

/// PEFT's `factorization` (`tuners/lokr/layer.py`): two factors of `dim`, the first the
/// smaller, walked up from 1 over the divisors until they cross (`length` is never updated
/// there, so only `factor` stops the walk early).
pub fn factorization(dim: u64, factor: i64) -> (u64, u64) {
    if factor > 0 && dim % factor as u64 == 0 {
        return (factor as u64, dim / factor as u64);
    }
    let factor = if factor == -1 { dim as i64 } else { factor };
    let (mut m, mut n) = (1u64, dim);
    let length = m + n;
    while m < n {
        let mut new_m = m + 1;
        while dim % new_m != 0 {
            new_m += 1;
        }
        let new_n = dim / new_m;
        if new_m + new_n > length || new_m as i64 > factor {
            break;
        }
        (m, n) = (new_m, new_n);
    }
    if m > n { (n, m) } else { (m, n) }
}

/// PEFT's `adjust_oft_parameters`: the divisor of `features` nearest `params` (the lower on a
/// tie), or `features` itself when `params` is not below it.
fn oft_divisor(features: u64, params: u64) -> u64 {
    if params >= features {
        return features;
    }
    let mut higher = params.max(1);
    while higher <= features && features % higher != 0 {
        higher += 1;
    }
    let mut lower = params.max(1);
    while lower > 1 && features % lower != 0 {
        lower -= 1;
    }
    if params - lower <= higher.saturating_sub(params) {
        lower
    } else {
        higher
    }
}

/// One adapted Linear's trained parameters under a plan.
fn per_linear(p: &Plan, (i, o, k): (f64, f64, usize)) -> f64 {
    let r = f64::from(p.rank.unwrap_or(0));
    match p.tuner {
        Tuner::AdaLora => r * (i + o + 1.0),
        Tuner::Boft => i / BOFT_BLOCK_SIZE * BOFT_BLOCK_SIZE * BOFT_BLOCK_SIZE + o,
        Tuner::Bone => r * o,
        Tuner::Oft => {
            let features = i as u64;
            let (blocks, size) = match p.rank {
                Some(r) => {
                    let r = oft_divisor(features, u64::from(r));
                    (r, features / r)
                }
                None => {
                    let b = oft_divisor(features, u64::from(OFT_BLOCK_SIZE));
                    (features / b, b)
                }
            };
            (blocks * size * size.saturating_sub(1) / 2) as f64
        }
        Tuner::Vera => o + r,
        Tuner::Ia3 if p.feedforward[k] => i,
        Tuner::Ia3 => o,
        Tuner::Loha => 2.0 * r * (i + o),
        Tuner::Lokr => {
            let (out_l, out_k) = factorization(o as u64, -1);
            let (in_m, in_n) = factorization(i as u64, -1);
            let w1 = (out_l * in_m) as f64;
            let (ok, inn) = (out_k as f64, in_n as f64);
            w1 + if r < ok.max(inn) / 2.0 {
                r * (ok + inn)
            } else {
                ok * inn
            }
        }
        Tuner::Adapter | Tuner::LlamaPro(_) | Tuner::Prefix(_) => 0.0,
    }
}

/// The parameters a plan trains on `shape`.
pub fn plan_params(shape: &Shape, p: &Plan) -> f64 {
    let layers = f64::from(shape.layers);
    let per_layer: f64 = match p.tuner {
        Tuner::Adapter => {
            let h = f64::from(shape.hidden);
            2.0 * h * ADAPTER_LENGTH + ADAPTER_LENGTH + h
        }
        Tuner::LlamaPro(n) => return f64::from(n) * layer_params(shape),
        // One key and one value row per virtual token and layer (module doc).
        Tuner::Prefix(n) => f64::from(n) * 2.0 * f64::from(shape.kv_heads * shape.head_dim),
        _ => picked_linears(shape, &p.targets)
            .into_iter()
            .map(|l| per_linear(p, l))
            .sum(),
    };
    per_layer * layers
}

/// The parameters a tuner trains on `shape` at its default rank on every linear layer
/// (ms-swift's all-linear).
pub fn trainable_params(shape: &Shape, tuner: Tuner) -> f64 {
    let p = Plan {
        tuner,
        rank: tuner.default_rank(),
        rank_from: Basis::Swift,
        targets: [true; 7],
        targets_from: Basis::Swift,
        feedforward: targets::ia3_feedforward(None),
    };
    plan_params(shape, &p)
}

/// The parameters the request's tuner trains (its plan: the user's rank and targets, else the
/// defaults); 0 without a plan.
pub fn trainable_for(shape: &Shape, req: &super::FitRequest) -> f64 {
    match plan(req) {
        Ok(Some(p)) => plan_params(shape, &p),
        _ => 0.0,
    }
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
