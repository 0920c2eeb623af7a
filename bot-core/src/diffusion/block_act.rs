//! The activations a transformer block keeps for its backward pass, per token and unit of
//! width: one figure shared by the denoiser's training sizing ([`super::train`]) and the text
//! encoders trained beside it ([`super::train_text`]), kept below both so neither imports the
//! other for it.

/// Activation bytes one transformer block keeps per token for its backward pass in 16-bit, flash
/// attention (no s² term): 34 × width (Korthikanti et al. 2022, "Reducing Activation
/// Recomputation in Large Transformer Models", §4.1: 34·s·b·h per layer).
pub const BLOCK_ACT_PER_WIDTH: f64 = 34.0;
