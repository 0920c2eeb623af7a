//! What the VAE decode holds, split into its tensors and the caching allocator's blocks.
//!
//! A pipeline's `decode_bytes_per_px` is what the decode adds to the memory the allocator has
//! reserved (the diffusers quantization-backends blog's peak minus its after-loading figure,
//! 3950 bytes per output pixel for a 16-bit AutoencoderKL; doubled for SDXL, whose VAE
//! diffusers upcasts to fp32). Only part of that is tensors: InvokeAI's VAE investigation
//! (invoke-ai/InvokeAI#8414, RTX 4090, SD1.5 / SDXL / FLUX VAEs at 512² to 2048², fp16 / bf16
//! / fp32) measured the decode's reserved memory at 1.55 (SD1.5), 1.56 (SDXL) and 1.80 (FLUX)
//! times its allocated memory: the convolutions' full-resolution feature maps come in sizes
//! the allocator cannot reuse for each other. So `max_memory_allocated` over a decode holds
//! 1/1.56 of the figure, and the rest is reserve that nvidia-smi and `max_memory_reserved`
//! show. Found on held-out 6: SDXL at 1024² in fp16 (diffusers' loading guide,
//! `max_memory_allocated` 10.47 GiB) was 35 % over with the whole figure counted as tensors.

/// The decode's reserved memory over its allocated memory (InvokeAI#8414, SDXL's VAE; SD1.5's
/// 1.55, FLUX's 1.80).
pub const DECODE_RESERVED_OVER_ALLOCATED: f64 = 1.56;

/// GiB the decode adds, as (tensors, the allocator's blocks beside them), from what it adds to
/// the reserved memory.
pub fn split(reserved_gib: f64) -> (f64, f64) {
    let tensors = reserved_gib / DECODE_RESERVED_OVER_ALLOCATED;
    (tensors, reserved_gib - tensors)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_split_adds_up_and_keeps_the_measured_ratio() {
        for g in [0.5, 3.86, 7.7] {
            let (t, r) = split(g);
            assert!((t + r - g).abs() < 1e-12);
            assert!(((t + r) / t - DECODE_RESERVED_OVER_ALLOCATED).abs() < 1e-12);
        }
    }
}
