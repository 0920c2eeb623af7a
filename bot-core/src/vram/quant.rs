//! Weight formats, tasks and engines, with the bits per weight each format stores.

use serde::Serialize;
use std::fmt;

/// A weight format: 16/32-bit floats, FP8, GPTQ/AWQ/bitsandbytes integers, or a GGUF mix.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[allow(non_camel_case_types)]
pub enum Quant {
    Fp32,
    Fp16,
    Bf16,
    Fp8,
    /// bitsandbytes LLM.int8 (8-bit rows with one fp32 scale per row).
    Int8,
    GptqInt8,
    /// Generic 4-bit integer with group size 128 (GPTQ/AWQ layout).
    Int4,
    GptqInt4,
    /// GPTQ at 3 bits, group size 128 (`vram::gptq3`: GPTQ-for-LLaMa's `QuantLinear` packing).
    GptqInt3,
    Awq,
    /// bitsandbytes 4-bit (NF4, as QLoRA; sized without double quantization, the default).
    Nf4,
    /// bitsandbytes' FP4 (`bnb_4bit_quant_type="fp4"`, LitGPT's `bnb.fp4`): NF4's packing with
    /// another 16-value code. bitsandbytes@95f9af309d4d5793847169c39288dcd3fcbdf564
    /// `bitsandbytes/backends/cuda/ops.py`, the `quantize_4bit` kernel: `absmax` of
    /// `ceil(n / blocksize)` fp32 and `out` of `(n + 1) // 2` uint8 are built before the type
    /// only picks `cquantize_blockwise_*_fp4` or `*_nf4`; `functional.quantize_4bit` gives both
    /// the same `QuantState` (double quantization included). Sized wherever NF4 is
    /// (`Quant::is_bnb4`).
    Fp4,
    Q2K,
    Q3KM,
    Q4_0,
    Q4KM,
    Q5KM,
    Q6K,
    Q8_0,
    /// GGUF i-quants (importance-matrix quants; `IQ1_S` ... `IQ4_NL`).
    Iq1S,
    Iq1M,
    Iq2Xxs,
    Iq2Xs,
    Iq2S,
    Iq3Xxs,
    Iq3S,
    Iq4Xs,
    Iq4Nl,
    /// OCP microscaling FP4 (E2M1 values, one 8-bit E8M0 scale per block of 32): gpt-oss
    /// checkpoints store their MoE expert weights this way, the rest in bf16.
    Mxfp4,
    /// compressed-tensors `pack-quantized` INT4 as Kimi-K2-Thinking and Kimi-K2.5 ship it
    /// (quantization-aware training, W4A16): routed experts in symmetric 4-bit integers with
    /// one 16-bit scale per group of 32 and no zero point; attention, the shared expert, the
    /// dense layer and the head stay 16-bit (the config's `ignore` list).
    Int4G32,
    /// NVIDIA's NVFP4 as ModelOpt exports it (`quant_algo` "NVFP4", vLLM `modelopt_fp4`): E2M1
    /// values with one FP8 (E4M3) scale per 16 weights and one fp32 scale per tensor; every
    /// decoder matrix unless the checkpoint's `exclude_modules` keeps it 16-bit (the default
    /// list is `lm_head` alone; a model's published scope: `Model::nvfp4_scope`).
    Nvfp4,
    /// AQLM (additive quantization, Egiazarian et al. 2024) in its "2-bit 1x16" scheme, the
    /// one its published checkpoints and ms-swift's table use (`*-AQLM-2Bit-1x16-hf`): every
    /// decoder matrix stores one 16-bit code per 8 weights (`in_group_size` 8,
    /// `nbits_per_codebook` 16, `num_codebooks` 1) plus one codebook of 2^16 x 8 16-bit values
    /// and one 16-bit scale per output row (`parts::aqlm_codebook_bytes`). vLLM's
    /// `AQLMLinearMethod.create_weights` (vllm-project/vllm@0531c2226a6a25cd96ccc856f3bda3f0bb4efb5f
    /// `vllm/model_executor/layers/quantization/aqlm.py`): `codes` [out, in / 8, 1] int16,
    /// `codebooks` [1 x partitions, 65536, 1, 8] half, `scales` [out, 1, 1, 1] half.
    Aqlm,
    /// ExLlamaV2's EXL2 at a stated average bits per weight (`exl2-4.65bpw`, `vram::exl2`):
    /// the decoder layers' matrices at those bits, the head at ~6.3, the embedding FP16.
    Exl2(super::exl2_format::Bpw),
}

/// Where a bits-per-weight figure comes from (shown in answers as the estimate's basis).
pub const GGUF_BPW_SOURCE: &str = "llama.cpp tools/quantize/README.md @ 311c2c9f0ebd6e08f5b20e8827c654cebb7a41d6 (Llama-3.1-8B table, bits/weight column) and tools/quantize/quantize.cpp QUANT_OPTIONS sizes @ Llama-3-8B; i-quant block sizes from ggml/src/ggml-common.h @ 01243c587feceaa5d6a6c2305535ef2f549c48b8";

impl Quant {
    pub const ALL: [Quant; 32] = [
        Quant::Fp32,
        Quant::Fp16,
        Quant::Bf16,
        Quant::Fp8,
        Quant::Int8,
        Quant::GptqInt8,
        Quant::Int4,
        Quant::GptqInt4,
        Quant::GptqInt3,
        Quant::Awq,
        Quant::Nf4,
        Quant::Fp4,
        Quant::Q2K,
        Quant::Q3KM,
        Quant::Q4_0,
        Quant::Q4KM,
        Quant::Q5KM,
        Quant::Q6K,
        Quant::Q8_0,
        Quant::Iq1S,
        Quant::Iq1M,
        Quant::Iq2Xxs,
        Quant::Iq2Xs,
        Quant::Iq2S,
        Quant::Iq3Xxs,
        Quant::Iq3S,
        Quant::Iq4Xs,
        Quant::Iq4Nl,
        Quant::Mxfp4,
        Quant::Int4G32,
        Quant::Nvfp4,
        Quant::Aqlm,
    ];

    /// Stable lower-case key (JSON, CLI).
    pub fn key(&self) -> &'static str {
        match self {
            Quant::Fp32 => "fp32",
            Quant::Fp16 => "fp16",
            Quant::Bf16 => "bf16",
            Quant::Fp8 => "fp8",
            Quant::Int8 => "int8",
            Quant::GptqInt8 => "gptq-int8",
            Quant::Int4 => "int4",
            Quant::GptqInt4 => "gptq-int4",
            Quant::GptqInt3 => "gptq-int3",
            Quant::Awq => "awq",
            Quant::Nf4 => "nf4",
            Quant::Fp4 => "bnb-fp4",
            Quant::Q2K => "q2_k",
            Quant::Q3KM => "q3_k_m",
            Quant::Q4_0 => "q4_0",
            Quant::Q4KM => "q4_k_m",
            Quant::Q5KM => "q5_k_m",
            Quant::Q6K => "q6_k",
            Quant::Q8_0 => "q8_0",
            Quant::Iq1S => "iq1_s",
            Quant::Iq1M => "iq1_m",
            Quant::Iq2Xxs => "iq2_xxs",
            Quant::Iq2Xs => "iq2_xs",
            Quant::Iq2S => "iq2_s",
            Quant::Iq3Xxs => "iq3_xxs",
            Quant::Iq3S => "iq3_s",
            Quant::Iq4Xs => "iq4_xs",
            Quant::Iq4Nl => "iq4_nl",
            Quant::Mxfp4 => "mxfp4",
            Quant::Int4G32 => "int4-g32",
            Quant::Nvfp4 => "nvfp4",
            Quant::Aqlm => "aqlm",
            Quant::Exl2(_) => "exl2",
        }
    }

    /// A llama.cpp GGUF format (sized by whole-file bits per weight).
    pub fn is_gguf(&self) -> bool {
        self.gguf_bpw().is_some()
    }

    /// Measured whole-file bits per weight of GGUF files (all tensors, embeddings and output
    /// included), from llama.cpp's own tables for Llama-3(.1)-8B (8.03e9 parameters):
    /// `tools/quantize/README.md` gives bpw directly (Q2_K 3.1593, Q4_K_M 4.8944, Q5_K_M 5.7036,
    /// Q6_K 6.5633, Q8_0 8.5008); `tools/quantize/quantize.cpp` gives sizes in GiB for
    /// Q3_K_M (3.74 G) and Q4_0 (4.34 G): bpw = GiB * 2^30 * 8 / 8.03e9.
    ///
    /// I-quants: the same README table (`tools/quantize/README.md` @ 311c2c9f, Llama-3.1-8B,
    /// bits/weight column): IQ1_S 2.0042, IQ1_M 2.1460, IQ2_XXS 2.3824, IQ2_XS 2.5882,
    /// IQ2_S 2.7403, IQ3_XXS 3.2548, IQ3_S 3.6606, IQ4_XS 4.4597, IQ4_NL 4.6818. A whole file is
    /// above its block type's own bits (`gguf_block_bpw`) because llama.cpp keeps the token
    /// embedding, the output and some attention/FFN tensors at higher-bit types. That share
    /// depends on the model and on the quantizer's choices, so for another model the file can
    /// be smaller or larger than this figure says: answers tell users to check the file size.
    pub fn gguf_bpw(&self) -> Option<f64> {
        let gib_to_bpw = |gib: f64| gib * GIB * 8.0 / 8.03e9;
        match self {
            Quant::Q2K => Some(3.1593),
            Quant::Q3KM => Some(gib_to_bpw(3.74)),
            Quant::Q4_0 => Some(gib_to_bpw(4.34)),
            Quant::Q4KM => Some(4.8944),
            Quant::Q5KM => Some(5.7036),
            Quant::Q6K => Some(6.5633),
            Quant::Q8_0 => Some(8.5008),
            Quant::Iq1S => Some(2.0042),
            Quant::Iq1M => Some(2.1460),
            Quant::Iq2Xxs => Some(2.3824),
            Quant::Iq2Xs => Some(2.5882),
            Quant::Iq2S => Some(2.7403),
            Quant::Iq3Xxs => Some(3.2548),
            Quant::Iq3S => Some(3.6606),
            Quant::Iq4Xs => Some(4.4597),
            Quant::Iq4Nl => Some(4.6818),
            _ => None,
        }
    }

    /// Exact bits per weight of an i-quant's own block, the floor under any file of that type:
    /// block bytes x 8 / weights per block, from the `block_iq*` structs and their
    /// `static_assert`s in llama.cpp `ggml/src/ggml-common.h` @ 01243c587feceaa5d6a6c2305535ef2f549c48b8
    /// (QK_K = 256; IQ4_NL blocks hold 32):
    /// IQ1_S d(2) + qs[32] + qh u16[8] = 50 B -> 1.5625; IQ1_M qs[32] + qh[16] + scales[8] = 56 B
    /// (no separate d) -> 1.75; IQ2_XXS d + qs u16[32] = 66 B -> 2.0625; IQ2_XS + scales[8] =
    /// 74 B -> 2.3125; IQ2_S d + qs[64] + qh[8] + scales[8] = 82 B -> 2.5625; IQ3_XXS d + qs[96]
    /// = 98 B -> 3.0625; IQ3_S d + qs[64] + qh[8] + signs[32] + scales[4] = 110 B -> 3.4375;
    /// IQ4_XS d + scales_h u16 + scales_l[4] + qs[128] = 136 B -> 4.25; IQ4_NL d + qs[16] = 18 B
    /// per 32 -> 4.5. `None` for other formats.
    pub fn gguf_block_bpw(&self) -> Option<f64> {
        let per_256 = |bytes: f64| bytes * 8.0 / 256.0;
        match self {
            Quant::Iq1S => Some(per_256(50.0)),
            Quant::Iq1M => Some(per_256(56.0)),
            Quant::Iq2Xxs => Some(per_256(66.0)),
            Quant::Iq2Xs => Some(per_256(74.0)),
            Quant::Iq2S => Some(per_256(82.0)),
            Quant::Iq3Xxs => Some(per_256(98.0)),
            Quant::Iq3S => Some(per_256(110.0)),
            Quant::Iq4Xs => Some(per_256(136.0)),
            Quant::Iq4Nl => Some(18.0 * 8.0 / 32.0),
            _ => None,
        }
    }

    /// Bits per weight of the quantized linear (matmul) layers, metadata included, for
    /// non-GGUF formats. Embeddings and the LM head stay 16-bit (see `keeps_embeddings_16bit`).
    /// - fp8: 8 bits; per-tensor or 128x128-block scales add < 0.01 bit.
    /// - int8 (bitsandbytes LLM.int8): 8 bits + one fp32 scale per row (< 0.01 bit).
    /// - GPTQ-Int8, group 128: 8 + 16/128 (fp16 scale) + 8/128 (packed zero) = 8.1875.
    /// - GPTQ-Int4 / AWQ / int4, group 128: 4 + 16/128 + 4/128 = 4.15625.
    /// - bitsandbytes 4-bit (NF4/FP4): 4 bits + one fp32 absmax per block of 64 = 4.5, the
    ///   library default (`bnb_4bit_use_double_quant=False`). Double quantization would make it
    ///   4 + 8/64 + 32/(64*256) = 4.127 (Dettmers et al. 2023, "QLoRA", arXiv:2305.14314,
    ///   section 3); not assumed, since a plain `load_in_4bit=True` does not turn it on and the
    ///   smaller figure under-counts such a load by ~9 % of the weights (measured: OctoCoder
    ///   15.5B `load_in_4bit`, 9.54 GiB, transformers docs "Optimizing LLMs for Speed and
    ///   Memory").
    pub fn linear_bits(&self) -> f64 {
        match self {
            Quant::Fp32 => 32.0,
            Quant::Fp16 | Quant::Bf16 => 16.0,
            Quant::Fp8 | Quant::Int8 => 8.0,
            Quant::GptqInt8 => 8.0 + 16.0 / 128.0 + 8.0 / 128.0,
            Quant::Int4 | Quant::GptqInt4 | Quant::Awq => 4.0 + 16.0 / 128.0 + 4.0 / 128.0,
            // 3 + 16/128 + 3/128 (`vram::gptq3`).
            Quant::GptqInt3 => super::gptq3::BITS,
            Quant::Nf4 | Quant::Fp4 => 4.0 + 32.0 / 64.0,
            // 4-bit values + one 8-bit scale per 32 (OCP MX spec v1.0, MXFP4).
            Quant::Mxfp4 => 4.0 + 8.0 / 32.0,
            // 4-bit values + one 16-bit scale per 32, symmetric (no zero point):
            // compressed-tensors `pack-quantized`, `group_size` 32, `symmetric` true.
            Quant::Int4G32 => 4.0 + 16.0 / 32.0,
            // 4-bit E2M1 values + one E4M3 scale per 16 (`group_size` 16 in a ModelOpt
            // `hf_quant_config.json`; vLLM `ModelOptNvFp4LinearMethod`: `weight` uint8 of
            // [out, in / 2], `weight_scale` FP8 of [out, in / 16]); the per-tensor fp32
            // `weight_scale_2` and `input_scale` add nothing measurable.
            Quant::Nvfp4 => 4.0 + 8.0 / 16.0,
            // One 16-bit code per 8 weights; the per-row scale adds 16 / in_features (< 0.01
            // bit at any real width) and the codebooks are a fixed size per matrix, counted
            // apart (`parts::aqlm_codebook_bytes`).
            Quant::Aqlm => 16.0 / 8.0,
            // The converter's budget over the decoder layers' matrices, scales included.
            Quant::Exl2(b) => b.bits(),
            q => q.gguf_bpw().unwrap_or(16.0),
        }
    }

    /// Bytes per parameter of tensors a quantizer leaves unquantized (embeddings, LM head,
    /// norms, vision towers): 4 for fp32 models, 2 otherwise.
    pub fn unquantized_bytes(&self) -> f64 {
        if *self == Quant::Fp32 { 4.0 } else { 2.0 }
    }

    /// Whether the format quantizes only the MoE experts' matrices (MXFP4 as gpt-oss ships it:
    /// attention, router, embeddings and head stay bf16; Kimi's INT4).
    pub fn experts_only(&self) -> bool {
        matches!(self, Quant::Mxfp4 | Quant::Int4G32)
    }

    /// Whether a shared expert stays 16-bit too: Kimi's INT4 checkpoints list
    /// `shared_experts` in the quantization config's `ignore`.
    pub fn routed_experts_only(&self) -> bool {
        *self == Quant::Int4G32
    }

    /// The bits per weight of a format defined by them (EXL2); `None` for a fixed format.
    pub fn exl2_bpw(&self) -> Option<super::exl2_format::Bpw> {
        match self {
            Quant::Exl2(b) => Some(*b),
            _ => None,
        }
    }

    /// bitsandbytes' 4-bit storage, NF4 or FP4: one packing, one set of constants, one
    /// dequantize-per-matmul path (the variant docs).
    pub fn is_bnb4(&self) -> bool {
        matches!(self, Quant::Nf4 | Quant::Fp4)
    }

    /// A format meant for GPUs that dequantize at run time (4 bits or fewer per weight).
    pub fn is_low_bit(&self) -> bool {
        self.linear_bits() < 7.0
    }
}

/// One GiB in bytes.
pub const GIB: f64 = (1u64 << 30) as f64;

impl fmt::Display for Quant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            // The format is its bits: `exl2-4.65bpw`, as the parser reads it back.
            Quant::Exl2(b) => write!(f, "exl2-{}bpw", b.label()),
            q => f.write_str(q.key()),
        }
    }
}

/// What the memory is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Task {
    Infer,
    Lora,
    Qlora,
    Full,
}

impl Task {
    pub fn key(&self) -> &'static str {
        match self {
            Task::Infer => "infer",
            Task::Lora => "lora",
            Task::Qlora => "qlora",
            Task::Full => "full",
        }
    }
    pub fn is_training(&self) -> bool {
        !matches!(self, Task::Infer)
    }
}

/// The inference/training stack, which decides activations and overhead.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Engine {
    Transformers,
    Vllm,
    Llamacpp,
    /// ExLlamaV2 (and TabbyAPI, which runs it): EXL2 files, its own cache modes (`vram::exl2`).
    Exllamav2,
}

impl Engine {
    pub fn key(&self) -> &'static str {
        match self {
            Engine::Transformers => "transformers",
            Engine::Vllm => "vllm",
            Engine::Llamacpp => "llamacpp",
            Engine::Exllamav2 => "exllamav2",
        }
    }
}

/// KV-cache element type: the 16-bit default, vLLM's / SGLang's `--kv-cache-dtype fp8`, or one
/// of llama.cpp's block types (`-ctk` / `-ctv`, Ollama's `OLLAMA_KV_CACHE_TYPE`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum KvDtype {
    #[default]
    Fp16,
    Fp8,
    #[serde(rename = "q8_0")]
    Q8_0,
    #[serde(rename = "q5_1")]
    Q5_1,
    #[serde(rename = "q5_0")]
    Q5_0,
    #[serde(rename = "q4_1")]
    Q4_1,
    #[serde(rename = "q4_0")]
    Q4_0,
    #[serde(rename = "iq4_nl")]
    Iq4Nl,
    /// ExLlamaV2's quantized caches (`cache_mode` Q4 / Q6 / Q8, `KvDtype::bytes`).
    #[serde(rename = "exl2_q4")]
    Exl2Q4,
    #[serde(rename = "exl2_q6")]
    Exl2Q6,
    #[serde(rename = "exl2_q8")]
    Exl2Q8,
}

impl KvDtype {
    /// Bytes a cached value takes. llama.cpp's block types hold 32 values a block with their
    /// fp16 scale (and fp16 minimum for the `_1` types): `block_q8_0` d + qs[32] = 34 B,
    /// `block_q5_1` d + m + qh[4] + qs[16] = 24 B, `block_q5_0` d + qh[4] + qs[16] = 22 B,
    /// `block_q4_1` d + m + qs[16] = 20 B, `block_q4_0` and `block_iq4_nl` d + qs[16] = 18 B
    /// (`ggml/src/ggml-common.h` @ 01243c587feceaa5d6a6c2305535ef2f549c48b8, QK8_0 = QK5_0 =
    /// QK4_0 = 32): 8.5, 6, 5.5, 5 and 4.5 bits, a little more than the round 1/2 and 1/4 of
    /// f16 that Ollama's own estimate uses (`fs/ggml/ggml.go` `kvCacheBytesPerElement`).
    pub fn bytes(&self) -> f64 {
        match self {
            KvDtype::Fp16 => 2.0,
            KvDtype::Fp8 => 1.0,
            KvDtype::Q8_0 => 34.0 / 32.0,
            KvDtype::Q5_1 => 24.0 / 32.0,
            KvDtype::Q5_0 => 22.0 / 32.0,
            KvDtype::Q4_1 => 20.0 / 32.0,
            KvDtype::Q4_0 | KvDtype::Iq4Nl => 18.0 / 32.0,
            // ExLlamaV2's modes (`cache.py`): Q4 packs K and V two to a byte, Q6 K one byte
            // and V two to a byte, Q8 one byte each, every mode with an FP16 scale per 32 values
            // (`shape_s`, `head_dim // 32`); Q6's K and V averaged, as `kv_cache::mean_bytes`
            // averages them.
            KvDtype::Exl2Q4 => 0.5 + 2.0 / 32.0,
            KvDtype::Exl2Q6 => (1.0 + 0.5) / 2.0 + 2.0 / 32.0,
            KvDtype::Exl2Q8 => 1.0 + 2.0 / 32.0,
        }
    }

    /// The name the engines use (llama.cpp's `-ctk` values, vLLM's `--kv-cache-dtype`).
    pub fn key(&self) -> &'static str {
        match self {
            KvDtype::Fp16 => "f16",
            KvDtype::Fp8 => "fp8",
            KvDtype::Q8_0 => "q8_0",
            KvDtype::Q5_1 => "q5_1",
            KvDtype::Q5_0 => "q5_0",
            KvDtype::Q4_1 => "q4_1",
            KvDtype::Q4_0 => "q4_0",
            KvDtype::Iq4Nl => "iq4_nl",
            KvDtype::Exl2Q4 => "Q4",
            KvDtype::Exl2Q6 => "Q6",
            KvDtype::Exl2Q8 => "Q8",
        }
    }

    /// One of llama.cpp's quantized block types (`ggml_is_quantized`): what its V cache may
    /// hold only with flash attention, and what vLLM's `--kv-cache-dtype` does not offer.
    pub fn is_block_quantized(&self) -> bool {
        !matches!(self, KvDtype::Fp16 | KvDtype::Fp8) && !self.is_exl2()
    }

    /// One of ExLlamaV2's quantized cache modes.
    pub fn is_exl2(&self) -> bool {
        matches!(self, KvDtype::Exl2Q4 | KvDtype::Exl2Q6 | KvDtype::Exl2Q8)
    }
}

/// Optimizer state for training.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Optimizer {
    /// AdamW: two moments in the trainable parameters' dtype; with mixed precision, fp32
    /// master weights + two fp32 moments = 12 B/param.
    #[default]
    AdamW,
    /// bitsandbytes 8-bit Adam (`adamw8bit`, `paged_adamw_8bit`: the paged variant holds the
    /// same state on the card and only pages it out under pressure): two 1-byte moments; with
    /// mixed precision + fp32 master = 6 B/param.
    Adam8bit,
}

impl Optimizer {
    /// Optimizer bytes per trainable parameter with mixed precision (K in the ZeRO paper's
    /// 2+2+K accounting), also what fp32 LoRA adapters hold (PEFT keeps adapters in fp32:
    /// 4 master + 8 moments).
    pub fn state_bytes(&self) -> f64 {
        match self {
            Optimizer::AdamW => 12.0,
            Optimizer::Adam8bit => 6.0,
        }
    }

    /// Stable key shown in answers.
    pub fn key(&self) -> &'static str {
        match self {
            Optimizer::AdamW => "adamw",
            Optimizer::Adam8bit => "adamw8bit",
        }
    }

    /// Optimizer bytes per parameter when the parameters themselves are trained in a 16-bit
    /// dtype (no master copy): two moments of `param_bytes` each, or two 1-byte moments.
    pub fn state_bytes_in_param_dtype(&self, param_bytes: f64) -> f64 {
        match self {
            Optimizer::AdamW => 2.0 * param_bytes,
            Optimizer::Adam8bit => 2.0,
        }
    }
}

/// ZeRO / FSDP sharding stage over the cards.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum Zero {
    /// Plain data parallel: every card holds everything.
    Off,
    /// Optimizer states sharded.
    One,
    /// + gradients sharded.
    Two,
    /// + parameters sharded (FSDP full shard).
    Three,
}

impl Zero {
    /// The `zero=` value that names this stage (the answer's notes and the command line).
    pub fn key(self) -> &'static str {
        match self {
            Zero::Off => "0",
            Zero::One => "1",
            Zero::Two => "2",
            Zero::Three => "3",
        }
    }
}

/// How attention scores are computed. `Eager` materializes the score matrix
/// (batch x heads x query tokens x cached tokens) per layer; `Sdpa` (PyTorch
/// `scaled_dot_product_attention`) and `Flash` (FlashAttention, vLLM's paged kernels,
/// llama.cpp `-fa`) tile it in on-chip memory and keep nothing of size s^2.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Attention {
    Eager,
    Sdpa,
    Flash,
}

impl Attention {
    pub const ALL: [Attention; 3] = [Attention::Eager, Attention::Sdpa, Attention::Flash];

    pub fn key(&self) -> &'static str {
        match self {
            Attention::Eager => "eager",
            Attention::Sdpa => "sdpa",
            Attention::Flash => "flash",
        }
    }

    /// Reads a stable key (`eager`, `sdpa`, `flash`) and the engines' own spellings
    /// (`flash_attention_2`, `fa`, `fa=off` is the caller's business).
    pub fn from_key(s: &str) -> Option<Attention> {
        match s.trim().to_ascii_lowercase().as_str() {
            "eager" | "naive" | "math" | "no-fa" | "nofa" => Some(Attention::Eager),
            "sdpa" => Some(Attention::Sdpa),
            "flash" | "fa" | "fa2" | "flash_attention_2" | "flash-attn" | "flash_attn" => {
                Some(Attention::Flash)
            }
            _ => None,
        }
    }

    /// What each engine uses when nobody says otherwise:
    /// - Transformers: `sdpa` (the default `attn_implementation` since transformers 4.36 with
    ///   PyTorch >= 2.1.1; `eager` only where a model has no SDPA path).
    /// - vLLM: `flash` (FlashAttention / FlashInfer paged backends; no score matrix).
    /// - llama.cpp: `flash` (`-fa auto`, the default since build b6325, enables it on CUDA).
    ///   Older builds default to `-fa off`: ask for `eager` to size that (score buffer of
    ///   `n_ubatch x n_ctx x heads` f32).
    pub fn engine_default(engine: Engine) -> Attention {
        match engine {
            Engine::Transformers => Attention::Sdpa,
            // ExLlamaV2 runs flash-attn (or xformers, or SDPA) where installed; without them
            // its matmul attention is `eager` (`vram::exl2`).
            Engine::Vllm | Engine::Llamacpp | Engine::Exllamav2 => Attention::Flash,
        }
    }

    /// The score matrix is materialized.
    pub fn materializes_scores(&self) -> bool {
        *self == Attention::Eager
    }
}

impl fmt::Display for Attention {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

/// How a job is spread over several cards (what the estimate assumes; `FitReport::parallelism`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Parallelism {
    /// One card.
    None,
    /// Tensor parallel (vLLM `--tensor-parallel-size`): every layer's matrices, the vocabulary
    /// and the KV heads are split; norms and the hidden-width activations are replicated.
    Tensor,
    /// vLLM's tensor parallel inside pipeline stages (`vram::pipeline`): each stage holds its
    /// own decoder layers and their KV cache, split over the stage's ranks.
    Pipeline,
    /// Layer split (Transformers `device_map="auto"`, llama.cpp `--split-mode layer`): each card
    /// holds whole layers and their KV cache; every card needs its own activation workspace.
    Layer,
    /// Data parallel training without sharding: every card holds everything.
    Data,
    /// ZeRO stage 1/2/3 (DeepSpeed; FSDP full shard = 3) data-parallel training.
    Zero1,
    Zero2,
    Zero3,
}

impl Parallelism {
    pub fn key(&self) -> &'static str {
        match self {
            Parallelism::None => "none",
            Parallelism::Tensor => "tensor",
            Parallelism::Pipeline => "pipeline",
            Parallelism::Layer => "layer",
            Parallelism::Data => "data",
            Parallelism::Zero1 => "zero1",
            Parallelism::Zero2 => "zero2",
            Parallelism::Zero3 => "zero3",
        }
    }
}
