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
    /// Any other list of a decoder layer's seven linear modules, in q, k, v, o, gate, up, down
    /// order (`tuner_targets::Picked`): axolotl's Qwen3.5-27B QLoRA on q/k/v/o/down/up, PEFT's
    /// IA3 default k/v/down, Unsloth's q/k/v. A list equal to one of the words above is that word.
    Modules([bool; 7]),
}

/// The seven linear modules of a decoder layer as PEFT's `target_modules` names them, in the
/// order of `LoraTargets::Modules`.
pub const MODULE_NAMES: [&str; 7] = [
    "q_proj",
    "k_proj",
    "v_proj",
    "o_proj",
    "gate_proj",
    "up_proj",
    "down_proj",
];

impl LoraTargets {
    /// The word for the targets (`all`, `qkvo`, `qv`, `mlp`), or `modules` for a list of its own
    /// (its names: [`LoraTargets::names`]).
    pub fn key(self) -> &'static str {
        match self {
            LoraTargets::AllLinear => "all",
            LoraTargets::Attention => "qkvo",
            LoraTargets::QueryValue => "qv",
            LoraTargets::Mlp => "mlp",
            LoraTargets::Modules(_) => "modules",
        }
    }

    /// Which of the seven modules (q, k, v, o, gate, up, down) carry adapters.
    pub fn picked(self) -> [bool; 7] {
        match self {
            LoraTargets::AllLinear => [true; 7],
            LoraTargets::Attention => [true, true, true, true, false, false, false],
            LoraTargets::QueryValue => [true, false, true, false, false, false, false],
            LoraTargets::Mlp => [false, false, false, false, true, true, true],
            LoraTargets::Modules(p) => p,
        }
    }

    /// Whether any of the attention's q, k, v or o projections carries adapters.
    pub fn adapts_attention(self) -> bool {
        self.picked()[..4].iter().any(|on| *on)
    }

    /// Whether any of the FFN's gate, up or down projections carries adapters.
    pub fn adapts_ffn(self) -> bool {
        self.picked()[4..].iter().any(|on| *on)
    }

    /// Input elements per token of one decoder layer's adapted modules (`parts::lora_dropout_inputs`):
    /// q, k, v, gate and up read the hidden size `h`, o the attention output `o`, down the FFN width
    /// `i`; the FFN's inputs once per adapted expert of the token (`per_token`); LitGPT's fused
    /// qkv (`fused_qkv`) has one adapter for the three.
    pub fn inputs_per_token(self, [h, o, i]: [f64; 3], per_token: f64, fused_qkv: bool) -> f64 {
        let p = self.picked();
        let on = |r: std::ops::Range<usize>| p[r].iter().filter(|x| **x).count() as f64;
        let qkv = if fused_qkv {
            on(0..3).min(1.0)
        } else {
            on(0..3)
        };
        let down = if p[6] { i } else { 0.0 };
        qkv * h + if p[3] { o } else { 0.0 } + per_token * (on(4..6) * h + down)
    }

    /// r x (d_in + d_out) summed over the adapted attention projections of a plain (not MLA)
    /// layer: q (h -> `q` wide), k and v (h -> `kv`), o (`q` -> h).
    pub fn attention_width(self, h: f64, q: f64, kv: f64) -> f64 {
        let each = [h + q, h + kv, h + kv, q + h];
        each.iter()
            .zip(self.picked())
            .filter(|(_, on)| *on)
            .map(|(w, _)| w)
            .sum()
    }

    /// The adapted modules as PEFT's `target_modules` writes them ("k_proj, v_proj, down_proj").
    pub fn names(self) -> String {
        MODULE_NAMES
            .iter()
            .zip(self.picked())
            .filter(|(_, on)| *on)
            .map(|(n, _)| *n)
            .collect::<Vec<_>>()
            .join(", ")
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
        // Any list of the seven modules (PEFT matches `target_modules` by name suffix, so
        // `q_proj` and `q` name the same layer); a name outside them (`lm_head`, Qwen3.5's
        // `linear_attn` projections) is no target the estimate can size: None.
        let mut picked = [false; 7];
        let mut any = false;
        for m in s.split(',').map(str::trim).filter(|m| !m.is_empty()) {
            let short = m.trim_end_matches("_proj");
            let i = MODULE_NAMES
                .iter()
                .position(|n| n.trim_end_matches("_proj") == short)?;
            picked[i] = true;
            any = true;
        }
        if !any {
            return None;
        }
        Some(
            [
                LoraTargets::AllLinear,
                LoraTargets::Attention,
                LoraTargets::QueryValue,
                LoraTargets::Mlp,
            ]
            .into_iter()
            .find(|t| t.picked() == picked)
            .unwrap_or(LoraTargets::Modules(picked)),
        )
    }
}
