//! A training run's words (LoRA rank, optimizer, checkpointing, caching, block swap), apart
//! from the sizing in [`super::train`] so a request can carry them without the estimate and
//! the training sizing reaching each other.

/// The optimizer over the trained parameters.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OptimizerKind {
    /// torch AdamW: two fp32 moments per parameter.
    AdamW,
    /// bitsandbytes AdamW8bit: two 1-byte moments (block-wise scales aside).
    AdamW8bit,
    /// Adafactor: factored second moment (a row and a column vector per matrix), no first
    /// moment with `beta1=None` (kohya's and musubi's documented settings): about nothing.
    Adafactor,
    /// prodigyopt's Prodigy: exp_avg, exp_avg_sq, the initial weights p0 and s, fp32 each.
    Prodigy,
}

impl OptimizerKind {
    pub fn parse(word: &str) -> Option<OptimizerKind> {
        Some(match word.to_lowercase().replace(['-', '_'], "").as_str() {
            "adamw" | "adam" => OptimizerKind::AdamW,
            "adamw8bit" | "adam8bit" | "8bitadam" | "pagedadamw8bit" => OptimizerKind::AdamW8bit,
            "adafactor" => OptimizerKind::Adafactor,
            "prodigy" => OptimizerKind::Prodigy,
            _ => return None,
        })
    }

    /// Optimizer state bytes per trained parameter.
    pub fn state_bytes(self) -> f64 {
        match self {
            OptimizerKind::AdamW => 8.0,
            OptimizerKind::AdamW8bit => 2.0,
            OptimizerKind::Adafactor => 0.0,
            OptimizerKind::Prodigy => 16.0,
        }
    }

    pub fn key(self) -> &'static str {
        match self {
            OptimizerKind::AdamW => "adamw",
            OptimizerKind::AdamW8bit => "adamw8bit",
            OptimizerKind::Adafactor => "adafactor",
            OptimizerKind::Prodigy => "prodigy",
        }
    }
}

/// The Linears kohya's OFT adapts (`networks/oft_flux.py`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OftTargets {
    /// The `SelfAttention` modules (the double blocks' qkv and proj): the default.
    Attention,
    /// `enable_all_linear=True`: every Linear of the double and single blocks.
    AllLinear,
}

/// A training run's words.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Train {
    /// `None` = every denoiser weight trained (full fine-tune / DreamBooth); `Some(r)` = a LoRA
    /// of rank r.
    pub rank: Option<u32>,
    pub optimizer: OptimizerKind,
    pub grad_ckpt: bool,
    /// VAE latents cached before training: the VAE is off the card.
    pub cache_latents: bool,
    /// Text-encoder outputs cached: the encoders are off the card.
    pub cache_text: bool,
    /// Text encoders trained too (kohya's `text_encoder_lr`): they stay on the card.
    pub train_text: bool,
    /// Blocks kept on the CPU (`blocks_to_swap`).
    pub blocks_to_swap: u32,
    /// The optimizer step fused into the backward pass (kohya `--fused_backward_pass`, Adafactor
    /// only): each parameter's gradient is applied and freed as it is accumulated, so a full
    /// fine-tune holds no gradient buffer ([`super::train::trained_gib`]).
    pub fused_backward: bool,
    /// An exponential moving average of the trained parameters kept on the card (diffusers'
    /// `--use_ema`: `EMAModel` clones every trained parameter, [`super::train::ema_gib`]).
    pub ema: bool,
    /// kohya's FLUX.1 `--split_mode` (with `train_blocks=single`): the frozen double-stream half
    /// and the trained single-stream half take turns on the card ([`super::split_mode`]).
    pub split_mode: bool,
    /// kohya's OFT in place of a LoRA (`rank` is then `None`; [`super::kohya_oft`]).
    pub oft: Option<OftTargets>,
}

impl Train {
    /// The tools' documented low-memory defaults: AdamW8bit, gradient checkpointing, latents
    /// and text-encoder outputs cached, no block swap. LoRA rank 16 (kohya's and ai-toolkit's
    /// FLUX examples).
    pub fn lora() -> Train {
        Train {
            rank: Some(16),
            optimizer: OptimizerKind::AdamW8bit,
            grad_ckpt: true,
            cache_latents: true,
            cache_text: true,
            train_text: false,
            blocks_to_swap: 0,
            fused_backward: false,
            ema: false,
            split_mode: false,
            oft: None,
        }
    }

    /// A full fine-tune with the same words, Adafactor (kohya's FLUX fine-tune README).
    pub fn full() -> Train {
        Train {
            rank: None,
            optimizer: OptimizerKind::Adafactor,
            ..Train::lora()
        }
    }
}
