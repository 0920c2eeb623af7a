//! The catalog's entries as the data files write them (`bot-core/catalog/SCHEMA.md`): GPUs,
//! models, FX rates here; platforms in `platform`, prices in `quote`, the loaded whole in `index`.

use crate::fact::Fact;
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

/// Prices older than this many days (or undated) are labelled stale in every answer.
pub const STALE_AFTER_DAYS: i64 = 30;

/// What links several cards of one kind in one host.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum CardLink {
    /// Every card on NVLink/NVSwitch (or AMD Infinity Fabric) by construction of the board.
    NvLink,
    /// An optional bridge (pairs of PCIe cards): whether a rented host has it is not known.
    Bridge,
    /// PCIe only: no NVLink on this card.
    Pcie,
    Unknown,
}

impl CardLink {
    pub const KEYS: [&'static str; 4] = ["nvlink", "bridge", "pcie", "unknown"];

    pub fn key(self) -> &'static str {
        match self {
            CardLink::NvLink => "nvlink",
            CardLink::Bridge => "bridge",
            CardLink::Pcie => "pcie",
            CardLink::Unknown => "unknown",
        }
    }

    pub fn from_key(s: &str) -> Option<Self> {
        match s {
            "nvlink" => Some(CardLink::NvLink),
            "bridge" => Some(CardLink::Bridge),
            "pcie" => Some(CardLink::Pcie),
            "unknown" => Some(CardLink::Unknown),
            _ => None,
        }
    }

    /// Known to be NVLink between every card (the one link a careful engineer does not have
    /// to check before renting several cards for one job).
    pub fn is_known_fast(self) -> bool {
        self == CardLink::NvLink
    }
}

/// How a card's memory capacity is known (`Gpu::capacity`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CapacityBasis {
    /// The driver's own total (`memory_mib`, nvidia-smi), with its source.
    Driver,
    /// No driver reading in the catalog: the marketed size taken as GiB of memory chips (the
    /// driver reports up to ~1 % less, ECC-enabled GDDR cards ~6 % less).
    MarketedAsGib,
}

/// A GPU model as sold or rented.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Gpu {
    pub id: String,
    pub name: String,
    /// The name in Chinese answers, when `name` has English words that are not a model
    /// name ("(modded)"); absent: `name` reads the same in both.
    #[serde(default)]
    pub name_zh: Option<String>,
    pub vendor: String,
    #[serde(default)]
    pub arch: Option<String>,
    /// CUDA compute capability ("7.5"), with where it was read. It decides bf16: cards below
    /// 8.0 (V100 7.0, T4 / RTX 20xx 7.5) have no bf16 arithmetic, and vLLM refuses
    /// `--dtype bfloat16` on them. Absent: not known, and answers claim nothing about bf16.
    #[serde(default)]
    pub compute_capability: Option<String>,
    #[serde(default)]
    pub compute_capability_source: Option<String>,
    pub vram_gb: f64,
    /// Total memory the driver reports (nvidia-smi `memory.total`, MiB), with where it was
    /// read (`memory_source`, `memory_as_of`). Absent: derived from `vram_gb` as GiB of memory
    /// chips (`Gpu::capacity`), and answers say it is derived.
    #[serde(default)]
    pub memory_mib: Option<u32>,
    #[serde(default)]
    pub memory_source: Option<String>,
    #[serde(default)]
    pub memory_as_of: Option<String>,
    /// What CUDA reports as the card's total (`torch.cuda.get_device_properties(0).total_memory`,
    /// GiB, the lowest reading on file), with where it was read. The driver keeps part of
    /// nvidia-smi's total for itself (newer drivers list it as "Reserved"), so no allocation,
    /// the CUDA context included, can use it. Absent: the nvidia-smi total stands.
    #[serde(default)]
    pub cuda_total_gib: Option<f64>,
    #[serde(default)]
    pub cuda_total_source: Option<String>,
    #[serde(default)]
    pub cuda_total_as_of: Option<String>,
    #[serde(default)]
    pub mem_type: Option<String>,
    /// Peak memory bandwidth, GB/s; `"unknown"` when no source gives it.
    pub mem_bandwidth_gbps: Fact<f64>,
    /// Dense FP16/BF16 tensor TFLOPS; sparsity is never counted; `"unknown"` when no source
    /// gives a dense tensor figure (speed estimates are then not made, and answers say why).
    pub fp16_tflops: Fact<f64>,
    /// Accumulate precision the TFLOPS figure is for (`fp32` or `fp16`).
    pub fp16_accumulate: String,
    /// Technical text (`PCIe 4.0 x16`, `SXM5; NVLink 4.0 900 GB/s`), shown in English answers.
    pub interconnect: String,
    /// The same in Chinese, for zh answers; required when `interconnect` has English words.
    #[serde(default)]
    pub interconnect_zh: Option<String>,
    #[serde(default)]
    pub nvlink_gbps: Fact<f64>,
    #[serde(default)]
    pub form_factor: Option<String>,
    /// What links several of these cards in one host, when the form factor and
    /// `nvlink_gbps` do not say it (`nvlink` | `bridge` | `pcie` | `unknown`); absent = read
    /// from them (`Gpu::card_link`).
    #[serde(default)]
    pub card_link: Option<String>,
    /// Rough class, 1 (entry) to 6 (flagship), for "drop one tier" advice.
    pub tier: u8,
    /// The card this one is a cut-down form of (the China-market RTX 4090 D of the RTX 4090,
    /// the A800 of the A100, the H800 of the H100 SXM), as its own source states; checked at
    /// load to be a card of the same vendor, architecture, memory and form factor that the
    /// source names. Absent: not known to be one.
    #[serde(default)]
    pub cut_down_of: Option<String>,
    #[serde(default)]
    pub aliases: Vec<String>,
    pub source: String,
    pub as_of: String,
    /// A caveat users should read, in both languages (both or neither).
    #[serde(default)]
    pub note_zh: Option<String>,
    #[serde(default)]
    pub note_en: Option<String>,
    /// How the figures were read or derived (English, provenance only: `--json`, never chat).
    #[serde(default)]
    pub source_note: Option<String>,
}

impl Gpu {
    /// Whether the card computes in bf16: compute capability 8.0 or above (vLLM
    /// `vllm/worker/worker.py _check_if_gpu_supports_dtype`, v0.6 line, later
    /// `vllm/platforms/cuda.py`: "Bfloat16 is only supported on GPUs with compute capability of
    /// at least 8.0"; PyTorch `torch.cuda.is_bf16_supported(including_emulation=False)`).
    /// `None` when the catalog has no compute capability for the card.
    pub fn bf16_native(&self) -> Option<bool> {
        let cc = self.compute_capability.as_deref()?;
        let major: u32 = cc.split('.').next()?.trim().parse().ok()?;
        Some(major >= 8)
    }

    /// The card's name in the answer's language.
    pub fn display_name(&self, zh: bool) -> &str {
        match (&self.name_zh, zh) {
            (Some(n), true) => n,
            _ => &self.name,
        }
    }

    /// The interconnect text in the answer's language.
    pub fn interconnect_text(&self, zh: bool) -> &str {
        match (&self.interconnect_zh, zh) {
            (Some(t), true) => t,
            _ => &self.interconnect,
        }
    }

    /// What links several of these cards in one host: `card_link` when the entry states it;
    /// else an SXM/OAM module with a known link rate sits on a baseboard that wires every card
    /// (HGX NVLink/NVSwitch, AMD's Infinity Fabric mesh); a PCIe or NVL card with a link rate
    /// has an optional bridge, which the host may or may not fit; a zero rate is PCIe only.
    pub fn card_link(&self) -> CardLink {
        if let Some(l) = self.card_link.as_deref() {
            return CardLink::from_key(l).unwrap_or(CardLink::Unknown);
        }
        match (self.nvlink_gbps.known(), self.form_factor.as_deref()) {
            (None, _) => CardLink::Unknown,
            (Some(x), _) if *x <= 0.0 => CardLink::Pcie,
            (Some(_), Some("sxm" | "oam")) => CardLink::NvLink,
            (Some(_), Some("pcie" | "nvl")) => CardLink::Bridge,
            (Some(_), _) => CardLink::Unknown,
        }
    }

    /// A laptop GPU (`form_factor = "laptop"`): a card people own, never one a platform
    /// rents, so it is answered when named and never offered as a card to rent.
    pub fn is_laptop(&self) -> bool {
        self.form_factor.as_deref() == Some("laptop")
    }

    /// Memory bandwidth in GB/s, when known.
    pub fn bandwidth_gbps(&self) -> Option<f64> {
        self.mem_bandwidth_gbps.known().copied()
    }

    /// Dense FP16/BF16 tensor TFLOPS, when known.
    pub fn tflops(&self) -> Option<f64> {
        self.fp16_tflops.known().copied()
    }

    /// The card's memory in GiB (2^30 bytes), the unit memory estimates use: what the driver
    /// reports (`memory_mib`), else the marketed size read as GiB of memory chips (a "24 GB"
    /// card carries 24 GiB of chips: nvidia-smi shows 24564 MiB on an RTX 4090, 81920 MiB on an
    /// A100 80GB), never the marketed GB divided by 2^30 (which would lose 7 %).
    pub fn vram_gib(&self) -> f64 {
        self.capacity().0
    }

    /// What a job can hold on the card, GiB: what CUDA reports as its total
    /// (`cuda_total_gib`) where a reading is on file, else [`Gpu::vram_gib`]. vLLM's budget is
    /// `gpu_memory_utilization` of this figure (`vllm/v1/worker/gpu_worker.py`:
    /// `requested_memory = total_memory * gpu_memory_utilization`, the total from
    /// `torch.cuda.mem_get_info()`), and every engine's allocations, the CUDA context's
    /// included, come out of it. Fits are decided on it; `vram_gib` stays the card's size.
    pub fn usable_gib(&self) -> f64 {
        self.cuda_total_gib.unwrap_or_else(|| self.vram_gib())
    }

    /// [`Gpu::vram_gib`] and how it is known.
    pub fn capacity(&self) -> (f64, CapacityBasis) {
        match self.memory_mib {
            Some(mib) => (f64::from(mib) / 1024.0, CapacityBasis::Driver),
            None => (self.vram_gb, CapacityBasis::MarketedAsGib),
        }
    }
}

/// Free text in both languages: `{ zh = "…", en = "…" }`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Text {
    pub zh: String,
    pub en: String,
}

impl Text {
    pub fn get(&self, zh: bool) -> &str {
        if zh { &self.zh } else { &self.en }
    }
}

/// The localized note of an entry: `note_zh` in Chinese answers, `note_en` otherwise.
pub fn note_in<'a>(
    zh: bool,
    note_zh: &'a Option<String>,
    note_en: &'a Option<String>,
) -> Option<&'a str> {
    if zh {
        note_zh.as_deref()
    } else {
        note_en.as_deref()
    }
}

/// Architecture facts from a model's `config.json`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Model {
    pub id: String,
    pub name: String,
    pub family: String,
    #[serde(default)]
    pub hf_ids: Vec<String>,
    #[serde(default)]
    pub aliases: Vec<String>,
    pub params_b: f64,
    pub active_params_b: f64,
    pub layers: u32,
    pub hidden: u32,
    pub heads: u32,
    pub kv_heads: u32,
    pub head_dim: u32,
    pub intermediate: u32,
    pub vocab: u32,
    pub tied_embeddings: bool,
    pub max_context: u32,
    #[serde(default)]
    pub experts: u32,
    #[serde(default)]
    pub experts_per_token: u32,
    #[serde(default)]
    pub moe_intermediate: u32,
    #[serde(default)]
    pub shared_experts: u32,
    #[serde(default)]
    pub dense_layers: u32,
    #[serde(default)]
    pub kv_lora_rank: u32,
    #[serde(default)]
    pub q_lora_rank: u32,
    #[serde(default)]
    pub qk_rope_head_dim: u32,
    #[serde(default)]
    pub qk_nope_head_dim: u32,
    #[serde(default)]
    pub v_head_dim: u32,
    /// DeepSeek-V4's hybrid attention (config.json `compress_ratios`, one per layer; extra
    /// entries belong to the MTP module): 0 = sliding window only, 4 = compressed sparse
    /// attention with an indexer, 128 = heavily compressed attention. Empty = not this kind.
    #[serde(default)]
    pub compress_ratios: Vec<u32>,
    /// Tokens every layer keeps at full width (config.json `sliding_window`); with
    /// `compress_ratios`, or with `sliding_layers`.
    #[serde(default)]
    pub sliding_window: u32,
    /// Layers that attend over the last `sliding_window` tokens only (config.json
    /// `layer_types`: `sliding_attention`), in a model without `compress_ratios`: their KV
    /// cache stops growing at the window (Transformers' sliding cache layers, vLLM's hybrid KV
    /// cache manager, llama.cpp's SWA cache). 0 = every layer attends over the whole context.
    #[serde(default)]
    pub sliding_layers: u32,
    /// The full-attention layers' own KV heads and head width where they differ from the
    /// sliding layers' (Gemma-4's text_config `num_global_key_value_heads` and
    /// `global_head_dim`); 0 = as `kv_heads` / `head_dim`. Only with `sliding_layers`.
    #[serde(default)]
    pub global_kv_heads: u32,
    #[serde(default)]
    pub global_head_dim: u32,
    /// Width of the indexer's key per compressed entry (config.json `index_head_dim`).
    #[serde(default)]
    pub index_head_dim: u32,
    /// Low-rank grouped output projection (config.json `o_lora_rank`, `o_groups`).
    #[serde(default)]
    pub o_lora_rank: u32,
    #[serde(default)]
    pub o_groups: u32,
    /// Which matrices the publisher's own FP8 checkpoint quantizes: absent = every decoder
    /// matrix; `"ffn-inner"` = the FFN of every layer but the first and last, attention in
    /// 16-bit (Llama 3.1 405B: arXiv:2407.21783 section 6.2). Sizes `fp8` for that model.
    #[serde(default)]
    pub fp8_scope: Option<String>,
    /// Which matrices the most-used NVFP4 checkpoint of this model quantizes, when not every
    /// decoder matrix (ModelOpt's default `exclude_modules` is `lm_head` alone): `"mlp"` = the
    /// MLP projections only, attention in 16-bit (nvidia/Gemma-4-31B-IT-NVFP4). Sizes `nvfp4`.
    #[serde(default)]
    pub nvfp4_scope: Option<String>,
    /// The format the publisher's own checkpoint stores its weights in when that is not
    /// 16-bit, as its config.json `quantization_config` says (`"fp8"`, `"mxfp4"`, `"int4-g32"`: a
    /// [`crate::vram::Quant`] key). Inference with no quantization typed is sized in it
    /// (`advice::default_quant`). Absent = 16-bit or not verified: never inherited by a
    /// `[[variant]]`, whose own checkpoint says its own.
    #[serde(default)]
    pub checkpoint_quant: Option<String>,
    /// The `quant_method` the checkpoint's config.json declares where it differs from
    /// `checkpoint_quant`: DeepSeek-V4 declares `"fp8"` for the whole model while its routed
    /// experts are stored in FP4 (`expert_dtype: "fp4"`), so `fp8` typed for it is the published
    /// checkpoint (`vram::declared_quant`). Never inherited by a `[[variant]]`.
    #[serde(default)]
    pub checkpoint_declared: Option<String>,
    /// The group size of this checkpoint's 4-bit GPTQ / AWQ weights where it is not 128 (its
    /// config.json `quantization_config.group_size`): one 16-bit scale and one 4-bit zero per
    /// group, so a smaller group stores more bits per weight. Absent = 128, AutoAWQ's and
    /// AutoGPTQ's default. Never inherited by a `[[variant]]`.
    #[serde(default)]
    pub int4_group_size: Option<u32>,
    /// A vision-language model's image encoder (`VisionTower`); absent = text only.
    #[serde(default)]
    pub vision: Option<VisionTower>,
    /// A hybrid model's layers that keep a fixed-size state per sequence, not a KV cache
    /// (`RecurrentLayers`); absent = every layer is attention.
    #[serde(default)]
    pub recurrent: Option<RecurrentLayers>,
    /// Multi-token-prediction layers the checkpoint ships beside the model (config.json
    /// `mtp_num_hidden_layers` in Qwen3.5 / Qwen3.6, `num_nextn_predict_layers` in DeepSeek-V3 /
    /// GLM-4.5): what vLLM loads as the draft model under `--speculative-config` method `mtp`
    /// (`vram::spec_decode`). 0: none known to this catalog.
    #[serde(default)]
    pub mtp_layers: u32,
    /// A positional bias the model's own modelling code (`trust_remote_code`) materializes per
    /// head over the whole length, whatever kernel then runs the attention (`OwnCodeBias`,
    /// sized by `vram::alibi_bias`); absent = none known (rotary or learned positions).
    #[serde(default)]
    pub own_code_bias: Option<OwnCodeBias>,
    /// The same publisher's newer release of this size (`qwen1.5-7b` → `qwen2.5-7b`). A family
    /// word with no generation (`qwen 7b`) means the current line, so an entry it supersedes is
    /// reached only by its own names (`Catalog::model_by_family_and_size`). Absent = current.
    #[serde(default)]
    pub superseded_by: Option<String>,
    /// Why a family word said with no version and no size (`qwen`, `千问`) offers this model
    /// for its size class (`understand::family_sizes`): the class's default is named here, so a
    /// newer line the catalog grows by (`qwen3.5-9b` beside `qwen3-8b`) never moves what a bare
    /// family reads; it is offered when its version is written. Absent = the class's newest.
    #[serde(default)]
    pub bare_default: Option<String>,
    pub source: String,
    pub as_of: String,
    #[serde(default)]
    pub note_zh: Option<String>,
    #[serde(default)]
    pub note_en: Option<String>,
    /// How the facts were read (English, provenance only: `--json`, never chat).
    #[serde(default)]
    pub source_note: Option<String>,
}

/// The image encoder of a vision-language model: config.json `vision_config` (`depth`,
/// `hidden_size`, `intermediate_size`, `patch_size`, `temporal_patch_size`,
/// `spatial_merge_size`) and the image processor's largest image (preprocessor_config.json
/// `max_pixels`). vLLM's start-up profile encodes that image (`vram::infer`).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VisionTower {
    pub depth: u32,
    pub hidden: u32,
    pub intermediate: u32,
    /// Pixels per side of one patch.
    pub patch: u32,
    /// Frames per patch (an image is repeated to fill them).
    pub temporal_patch: u32,
    /// Patches per side merged into one language-model token.
    pub merge: u32,
    pub max_pixels: u64,
    /// A tiled encoder (Llama-3.2-Vision's `max_num_tiles`): the image is cut into this many
    /// square tiles of `max_pixels / tiles` pixels, each encoded with one class token, and the
    /// global layers attend over every tile's patches together. 0: not tiled (Qwen-VL).
    #[serde(default)]
    pub tiles: u32,
    /// Attention heads of the encoder (`vision_config.attention_heads`); 0 where not read.
    #[serde(default)]
    pub heads: u32,
    /// A gated MLP in each block (gate, up and down matrices: Pixtral's `PixtralMLP`,
    /// `hidden_act` silu); false = two matrices (Qwen2-VL's, Llama-3.2-Vision's ViT-H).
    #[serde(default)]
    pub gated: bool,
}

/// What a model's own code builds for its positions: `kind` `"alibi"` is Baichuan's 13B code
/// (`vram::alibi_bias`: a cached `[heads, L, L]` ALiBi mask and, per step, its sum with the
/// padding mask, `[batch, heads, L, L]`, in the embeddings' dtype). Sourced like a model.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OwnCodeBias {
    pub kind: String,
    /// The modelling file read (repository@commit path, or the Hub file).
    pub source: String,
    pub as_of: String,
    #[serde(default)]
    pub source_note: Option<String>,
}

/// What a recurrent layer keeps per sequence, whatever the context.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RecurrentKind {
    /// Gated DeltaNet linear attention (Qwen3-Next, Qwen3.5: config.json `layer_types`
    /// `linear_attention`, `full_attention_interval`).
    GatedDeltanet,
    /// Mamba-2 (Nemotron-H: `hybrid_override_pattern` `M`).
    Mamba2,
}

/// The layers of a hybrid model that hold a fixed state per sequence in place of a KV cache,
/// read from config.json. One layout covers both kinds: a state of `heads x value_dim x key_dim`
/// and a short-convolution window of `conv_kernel - 1` inputs of
/// `heads x value_dim + 2 x groups x key_dim` channels (Gated DeltaNet: `linear_num_value_heads`,
/// `linear_value_head_dim`, `linear_key_head_dim`, `linear_num_key_heads` (q and k),
/// `linear_conv_kernel_dim`; Mamba-2: `mamba_num_heads`, `mamba_head_dim`, `ssm_state_size`,
/// `n_groups` (B and C), `conv_kernel`).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RecurrentLayers {
    pub kind: RecurrentKind,
    /// Layers that keep the state.
    pub layers: u32,
    /// Layers that keep a KV cache (full or sliding attention); the rest of the model's
    /// layers keep neither (Nemotron-H's MoE-only `E` layers).
    pub attention_layers: u32,
    pub heads: u32,
    pub groups: u32,
    pub key_dim: u32,
    pub value_dim: u32,
    pub conv_kernel: u32,
}

impl Model {
    /// The version its family's name writes (`qwen2.5` 2.5, `qwen3-next` 3, `llama3.1` 3.1;
    /// none 0): which of two models of one size is the newer line.
    pub fn family_version(&self) -> f64 {
        let digits: String = self
            .family
            .chars()
            .skip_while(|c| !c.is_ascii_digit())
            .take_while(|c| c.is_ascii_digit() || *c == '.')
            .collect();
        digits.parse().unwrap_or(0.0)
    }

    /// Whether a family word (`qwen`, `qwen1.5`) that lists this model's family means it: a
    /// release its publisher superseded only when the words name its generation; a plain
    /// `qwen` means today's line, whose successor of the same size is listed already.
    pub fn current_or_named(&self, family_word: &str) -> bool {
        self.superseded_by.is_none() || family_word.contains(|c: char| c.is_ascii_digit())
    }

    pub fn is_moe(&self) -> bool {
        self.experts > 0
    }
    pub fn uses_mla(&self) -> bool {
        self.kv_lora_rank > 0
    }
}

/// A dated exchange rate: `rate` units of `quote` per one `base`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FxRate {
    pub base: String,
    pub quote: String,
    pub rate: Decimal,
    pub source: String,
    pub as_of: String,
    #[serde(default)]
    pub source_note: Option<String>,
}
