//! Which linear layers of each decoder layer carry LoRA adapters (`FitRequest::lora_targets`),
//! and the words that name them: the chat's `targets=`, the CLI's `--lora-targets`.

use serde::Serialize;

/// Which matrices of each decoder layer carry LoRA adapters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum LoraTargets {
    /// q, k, v, o and the FFN matrices (LLaMA-Factory `lora_target: all`, QLoRA paper).
    #[default]
    AllLinear,
    /// q, k, v and o only (PEFT examples, fms-acceleration benchmarks).
    Attention,
    /// q and v only (LoRA paper; LitGPT `config_hub/finetune/*/lora.yaml`).
    QueryValue,
    /// The FFN matrices only, gate, up and down (PEFT `target_modules=["gate_proj", "up_proj",
    /// "down_proj"]`, PEFT's MetaMathQA experiment `lora/llama-3.2-3B-rank10-target-mlp`).
    Mlp,
}

impl LoraTargets {
    pub fn key(self) -> &'static str {
        match self {
            LoraTargets::AllLinear => "all",
            LoraTargets::Attention => "qkvo",
            LoraTargets::QueryValue => "qv",
            LoraTargets::Mlp => "mlp",
        }
    }

    /// The chat's `targets=` / the CLI's `--lora-targets` value: a short word, or the module
    /// list a trainer's config writes (PEFT `target_modules`, LLaMA-Factory `lora_target`),
    /// comma-separated in any order.
    pub fn from_key(s: &str) -> Option<Self> {
        let s = s.trim().to_ascii_lowercase();
        match s.as_str() {
            "all" | "all-linear" | "all_linear" => return Some(LoraTargets::AllLinear),
            "qkvo" | "attention" | "attn" => return Some(LoraTargets::Attention),
            "qv" => return Some(LoraTargets::QueryValue),
            "mlp" | "ffn" => return Some(LoraTargets::Mlp),
            _ => {}
        }
        let mut names: Vec<&str> = s
            .split(',')
            .map(|m| m.trim().trim_end_matches("_proj"))
            .filter(|m| !m.is_empty())
            .collect();
        names.sort_unstable();
        names.dedup();
        match names.as_slice() {
            ["q", "v"] => Some(LoraTargets::QueryValue),
            ["k", "o", "q", "v"] => Some(LoraTargets::Attention),
            ["down", "gate", "up"] => Some(LoraTargets::Mlp),
            ["down", "gate", "k", "o", "q", "up", "v"] => Some(LoraTargets::AllLinear),
            _ => None,
        }
    }
}
