//! AutoGPTQ's ExLlamaV2 kernel in Transformers (`GPTQConfig(exllama_config={"version": 2})`;
//! `exllamav2=on`, CLI `--exllama-v2`): one fixed scratch per card, allocated when the model is
//! loaded and held for its life.
//!
//! Read at AutoGPTQ's tags v0.5.1 (the same lines at v0.5.0, v0.6.0, v0.7.1):
//! `auto_gptq/modeling/_utils.py` `autogptq_post_init` takes, per device, the largest
//! `scratch_space_fixed()` of the exllamav2 `QuantLinear`s on it and builds
//! `ExLlamaV2DeviceTensors(device.index, scratch_bytes)` ("have persistent buffers, otherwise we
//! will get OOM"); `nn_modules/qlinear/qlinear_exllamav2.py`: `scratch_space_fixed(max_input_len
//! =2048, max_batch_size=8)` = `temp_dq_size()` (`infeatures * outfeatures * 2 + 128`) +
//! `temp_fwd_size` (`outfeatures * max_input_len * max_batch_size * 4 + 128`), `outfeatures`
//! padded to a multiple of 32, and `prepare()` is one `torch.empty` of that many bytes. The
//! default kernel (ExLlama v1: `temp_dq` of the largest `qweight.numel() * 8` halves, and
//! `temp_state` only with act-order) is not sized here: about 0.1 GiB at 7B.
//!
//! Measured (held-out 71, optimum-benchmark, TheBloke/LLaMa-7B-GPTQ on Transformers 4.35.2,
//! `max_memory_allocated`): the v2 series sits 726 MB above the v1 series at every batch
//! (5,609 against 4,883 MB at batch 1; 56,364 against 55,638 at 64): v2's scratch (4096 x
//! 11008 x 2 + 11008 x 2048 x 8 x 4 bytes = 811.6 MB) less v1's `temp_dq` (90.2 MB) is 721.4 MB.

use super::{Engine, FitRequest, Quant, Shape};

/// Bytes of the ExLlamaV2 scratch on each card: the widest quantized matrix's dequantized copy
/// and its forward buffer for 2048 tokens x 8 sequences in fp32. 0 without the word, off
/// Transformers, or for a format the kernel does not run (it takes 4-bit GPTQ only).
pub fn exllama_v2_bytes(shape: &Shape, req: &FitRequest) -> f64 {
    if !req.exllama_v2 || req.engine != Engine::Transformers || req.quant != Quant::GptqInt4 {
        return 0.0;
    }
    let h = f64::from(shape.hidden);
    let attn = f64::from(shape.heads * shape.head_dim);
    let kv = f64::from(shape.kv_heads * shape.head_dim);
    let mut linears = vec![(h, attn), (h, kv), (attn, h)];
    for inter in [shape.intermediate, shape.moe_intermediate] {
        if inter > 0 {
            let i = f64::from(inter);
            linears.extend([(h, i), (i, h)]);
        }
    }
    linears
        .into_iter()
        .map(|(inner, outer)| {
            let outer = (outer / 32.0).ceil() * 32.0;
            (inner * outer * 2.0 + 128.0) + (outer * 2048.0 * 8.0 * 4.0 + 128.0)
        })
        .fold(0.0, f64::max)
}
