//! Which linear layers a PEFT tuner beside LoRA adapts (`vram::tuners`): the ones the user
//! named (`targets=`, CLI `--lora-targets`), else the tuner's own default - ms-swift's
//! `target_modules` ['all-linear'] for the tuners it passes (AdaLoRA, BOFT, Bone), PEFT's
//! mapping by the checkpoint's `model_type` for the rest (huggingface/peft@5d602fdb
//! `src/peft/utils/constants.py`: `TRANSFORMERS_MODELS_TO_{OFT,VERA,LOHA,LOKR}_TARGET_MODULES_MAPPING`,
//! copies of LoRA's, q_proj / v_proj on llama, mistral, gemma, gemma2, qwen2 and qwen3;
//! `TRANSFORMERS_MODELS_TO_IA3_TARGET_MODULES_MAPPING`: k_proj / v_proj / down_proj on llama
//! and mistral, q_proj / v_proj / down_proj on gemma, gemma2, qwen2 and qwen3, with
//! `..._IA3_FEEDFORWARD_MODULES_MAPPING` down_proj). A model type outside the mapping has no
//! default: PEFT's `_prepare_adapter_config` raises "Please specify `target_modules` in
//! `peft_config`", and so does the estimate (`FitError::TunerTargets`).

use super::LoraTargets;
use crate::catalog::Model;

/// The seven linear layers of a dense decoder layer, in `tuners::linears` order: q, k, v, o,
/// gate, up, down.
pub type Picked = [bool; 7];

/// The layers a LoRA target word or module list names.
pub fn from_lora(t: LoraTargets) -> Picked {
    t.picked()
}

/// The module names, as PEFT's `target_modules` writes them ("q_proj, v_proj").
pub fn names(p: &Picked) -> String {
    super::lora_targets::MODULE_NAMES
        .iter()
        .zip(p)
        .filter(|(_, on)| **on)
        .map(|(n, _)| *n)
        .collect::<Vec<_>>()
        .join(", ")
}

/// The `model_type` a catalog model's config.json carries, where PEFT's mappings have it: dense
/// text models of the Llama, Mistral, Qwen2, Qwen3 and Gemma(2) classes. None for the rest (MoE
/// types such as `qwen3_moe`, multimodal classes, types the mappings lack such as `glm4` or
/// `phi3`), which PEFT asks `target_modules` for.
pub fn peft_model_type(m: &Model) -> Option<&'static str> {
    if m.is_moe() || m.vision.is_some() {
        return None;
    }
    let f = m.family.as_str();
    match f {
        // LlamaForCausalLM checkpoints (config.json `model_type: llama`).
        "llama1" | "llama2" | "llama3" | "llama3.1" | "llama3.2" | "llama3.3" | "codellama"
        | "tinyllama" | "smollm2" | "yi1.5" => Some("llama"),
        // Mistral-7B, Mistral-Nemo, Ministral-8B, Mistral-Small-2409: `model_type: mistral`.
        "mistral" => Some("mistral"),
        // Qwen1.5 / Qwen2 / Qwen2.5 (and its coder) / QwQ: `model_type: qwen2`.
        "qwen1.5" | "qwen2" | "qwen2.5" | "qwen2.5-coder" | "qwq" => Some("qwen2"),
        "qwen3" => Some("qwen3"),
        "gemma" => Some("gemma"),
        "gemma2" => Some("gemma2"),
        // The R1 distills keep their base's class: Llama or Qwen2.
        "deepseek-r1-distill" if m.id.contains("-llama-") => Some("llama"),
        "deepseek-r1-distill" if m.id.contains("-qwen-") => Some("qwen2"),
        _ => None,
    }
}

/// PEFT's default targets for a tuner on a model type (q/v for OFT, VeRA, LoHa and LoKr; IA3's
/// three), with IA3's feed-forward layers (its `feedforward_modules`, scaled at their input).
pub fn peft_default(ia3: bool, model_type: &str) -> Option<Picked> {
    let known = ["llama", "mistral", "qwen2", "qwen3", "gemma", "gemma2"];
    if !known.contains(&model_type) {
        return None;
    }
    Some(if !ia3 {
        from_lora(LoraTargets::QueryValue)
    } else if matches!(model_type, "llama" | "mistral") {
        [false, true, true, false, false, false, true]
    } else {
        [true, false, true, false, false, false, true]
    })
}

/// IA3's feed-forward layers: the `feedforward_modules` the user stated, else PEFT's default,
/// the mapping's down_proj for every type above (`IA3Model._prepare_adapter_config` fills it
/// only when unset, whoever named the targets). PEFT refuses a list that is not a subset of
/// the targets (`IA3Config.__post_init__`); only targeted layers are asked here.
pub fn ia3_feedforward(stated: Option<LoraTargets>) -> Picked {
    match stated {
        Some(t) => t.picked(),
        None => [false, false, false, false, false, false, true],
    }
}
