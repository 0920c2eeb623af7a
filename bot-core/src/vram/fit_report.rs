//! The report that comes back from an estimate: the busiest card's parts, the verdict and its
//! flip with gradient checkpointing (and which trainers default to it), the cards that hold
//! the job. Below `request`, which re-exports it, so the two never import each other.

use super::option::FitOption;
use crate::reply::Msg;
use serde::Serialize;

/// The verdict on the same card with gradient checkpointing the other way round.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CheckpointingFlip {
    /// Whether this verdict has gradient checkpointing on.
    pub checkpointing: bool,
    /// `fits`, `tight`, `short` or `no`, as `FitReport::verdict`.
    pub verdict: String,
    /// Spare (positive) or missing (negative) GiB per card.
    pub margin_gib: f64,
    /// What must be allocated on the busiest card then, GiB.
    pub per_gpu_required_gib: f64,
}

/// Which trainers turn gradient checkpointing on when the user says nothing, each with the
/// source of its default (read 2026-12-02): (name, name in Chinese, on by default, source).
pub const CHECKPOINTING_DEFAULTS: &[(&str, &str, bool, &str)] = &[
    (
        "LLaMA-Factory",
        "LLaMA-Factory",
        true,
        "hiyouga/LLaMA-Factory src/llamafactory/hparams/model_args.py: disable_gradient_checkpointing default False",
    ),
    (
        "ms-swift",
        "ms-swift",
        true,
        "modelscope/ms-swift swift/trainers/arguments.py@7b70996: gradient_checkpointing: bool = True",
    ),
    (
        "Unsloth",
        "Unsloth",
        true,
        "unslothai/unsloth unsloth/models/llama.py get_peft_model: use_gradient_checkpointing = True (\"unsloth\" in later releases)",
    ),
    (
        "Hugging Face Trainer",
        "Hugging Face Trainer",
        false,
        "huggingface/transformers src/transformers/training_args.py: gradient_checkpointing default False",
    ),
    (
        "axolotl",
        "axolotl",
        false,
        "axolotl-ai-cloud/axolotl src/axolotl/utils/schemas/config.py: gradient_checkpointing default False",
    ),
    (
        "LitGPT (one card)",
        "LitGPT（单卡）",
        false,
        "Lightning-AI/litgpt litgpt/finetune/lora.py: strategy \"auto\" on one device; FSDPStrategy(activation_checkpointing_policy={Block}) only on several",
    ),
];

/// One card's share of the memory, GiB.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Default)]
pub struct CardParts {
    pub weights_gib: f64,
    pub kv_cache_gib: f64,
    pub activations_gib: f64,
    pub optimizer_gib: f64,
    pub overhead_gib: f64,
}

/// The KV cache pool vLLM allocates on each card of a named card class at start-up
/// (`vram::vllm_pool::kv_pool`): what its log prints as "Available KV cache memory" and
/// "GPU KV cache size: N tokens".
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct VllmKvPool {
    /// GiB on each card.
    pub gib: f64,
    /// Tokens it holds across every request, all cards together.
    pub tokens: u64,
}

/// vLLM on a named card whose KV pool cannot hold one request at the context asked for: it
/// refuses to start there (`vram::vllm_max_len`).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct VllmMaxLen {
    /// The longest `--max-model-len` whose one request the pool holds (vLLM's own "estimated
    /// maximum model length").
    pub tokens: u32,
    /// What each card shows once the server runs at that length, GiB (nvidia-smi): the share
    /// filled with cache blocks and the CUDA graphs beside it.
    pub shown_gib: f64,
}

/// SGLang on a named card whose token pool is smaller than the job asks for, but not empty: the
/// server starts with it (`vram::sglang_pool`).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct ServerPool {
    /// The `--mem-fraction-static` it runs with (given, or SGLang's default for the card).
    pub fraction: f64,
    /// Tokens the pool holds on each card (`max_total_num_tokens`).
    pub tokens: u64,
    /// Whether the pool is shorter than one request at the context asked for: SGLang then caps
    /// a request at the pool (`max_req_input_len`) and refuses a longer one.
    pub clipped: bool,
    /// Requests at the full context the pool holds at once (0 when clipped).
    pub full_requests: u32,
    /// What each card holds once the server has started and served, GiB (what nvidia-smi
    /// shows): the fraction of the card, the activations and CUDA graphs beside it.
    pub held_gib: f64,
}

/// The estimate, with its breakdown. JSON names are part of the CLI contract.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FitReport {
    pub model: String,
    pub quant: String,
    pub task: String,
    pub engine: String,
    pub context: u32,
    pub batch: u32,
    pub cards: u32,
    /// Sum over all cards.
    pub total_gib: f64,
    /// The busiest card, as nvidia-smi would show it: allocated tensors, CUDA context and the
    /// caching allocator's reserve.
    pub per_gpu_gib: f64,
    /// What must be allocated on the busiest card, CUDA context included, without the
    /// allocator's cache (given back before an out-of-memory error): the figure a fit, its
    /// margin and the options are decided on.
    pub per_gpu_required_gib: f64,
    /// What the busiest card holds, part by part (sums to `per_gpu_gib` up to rounding). None of these rises
    /// with the card count.
    pub per_gpu: CardParts,
    /// How the job is spread over the cards: `none` (one card), `tensor` (vLLM), `layer`
    /// (Transformers `device_map="auto"`, llama.cpp), `data`, `zero1`, `zero2`, `zero3`.
    pub parallelism: String,
    /// Attention implementation assumed: `eager` (score matrix materialized), `sdpa`, `flash`.
    pub attention: String,
    /// The parts below are summed over all cards: replicated parts (hidden-width activations
    /// under tensor parallelism, each card's own workspace under a layer split) count once per
    /// card, so `total_gib` is what all the cards together must hold.
    pub weights_gib: f64,
    pub kv_cache_gib: f64,
    pub activations_gib: f64,
    /// Optimizer states + gradients + trainable master weights (training only; else 0).
    pub optimizer_gib: f64,
    pub overhead_gib: f64,
    /// Parameters counted from the config (billions), and those read per token.
    pub params_b: f64,
    pub active_params_b: f64,
    /// Trainable (adapter or full) parameters, billions; 0 for inference.
    pub trainable_params_b: f64,
    /// KV cache bytes per token per sequence, all layers.
    pub kv_bytes_per_token: f64,
    /// The KV cache type the engine runs: `f16`, `fp8`, a llama.cpp block type, or `K/V` when
    /// the two differ (`vram::kv_cache::label`).
    pub kv_cache: String,
    /// Only when a card was given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub gpu: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fits: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub margin_gib: Option<f64>,
    /// Only when a card was given: `fits` (clear, with the stated margin), `tight` (fits, but
    /// inside the margin), `short` (misses by less than the margin), `no` (clear miss); see
    /// `estimate::verdict`. `starts`: a vLLM service whose KV pool holds one of its requests at
    /// full length but not all of them, so vLLM starts and queues the rest
    /// (`vllm_pool::starts_margin_gib`; the margin is over one request). `pool`: SGLang starts
    /// with a token pool smaller than the job asks for (`server_pool`; the margin is over the
    /// server as it starts, the figures stay the whole demand).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub verdict: Option<String>,
    /// With the `pool` verdict: the pool SGLang starts with (`vram::sglang_pool`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub server_pool: Option<ServerPool>,
    /// vLLM on a named card: the KV cache pool it allocates there (`vram::vllm_pool::kv_pool`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub vllm_kv_pool: Option<VllmKvPool>,
    /// vLLM on a named card that refuses to start at this context: the longest it starts at.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub vllm_max_len: Option<VllmMaxLen>,
    /// Training on a named card, only when the verdict turns on gradient checkpointing (fits
    /// one way, not the other): the verdict with the other setting. Trainers disagree on the
    /// default (`CHECKPOINTING_DEFAULTS`), so the answer names both.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub checkpointing_flip: Option<CheckpointingFlip>,
    /// A trainer that loads the whole model on every card before sharding it
    /// (`vram::whole_load`): the GiB that load holds on each card, whatever the card count
    /// (under axolotl's FSDP2 wrap of a bitsandbytes base, the whole model with its shard).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub whole_load_gib: Option<f64>,
    /// When no card was given: card types and the fewest cards that fit, cheapest first.
    pub options: Vec<FitOption>,
    pub size_only: bool,
    #[serde(skip)]
    pub warnings: Vec<Msg>,
    /// Warning ids, for JSON readers.
    pub warning_ids: Vec<String>,
    /// How far off this kind of estimate has been on public measurements, in percent of the
    /// estimate (`estimate::margin_pct`): answers can say "±N%". Wider where no measured
    /// row covers the configuration.
    pub margin_pct: f64,
    /// Whether measured public rows cover this kind of configuration (false: `margin_pct` is
    /// a stated guess, not a measured error).
    pub margin_measured: bool,
    /// Under Ollama (`FitOptions::ollama`): Ollama's own estimate, what `ollama ps` shows
    /// (`vram::ollama`); absent for another engine or an architecture not modelled.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ollama: Option<OllamaEstimate>,
}

impl FitReport {
    /// Whether the named card holds the whole job: it fits, and not only as a vLLM service that
    /// starts holding fewer than all its requests at once (`starts`). What a service sized for
    /// its concurrency (`/tco`, `/pick`'s card, a remedy) must ask, not merely whether it runs.
    pub fn holds_all(&self) -> bool {
        self.fits == Some(true) && !self.starts_short()
    }

    /// A server that starts on the named card short of the job's demand: vLLM holding fewer
    /// than all its requests at full length (`starts`), SGLang with a smaller token pool
    /// (`pool`). The answer adds what the whole demand needs, as for a job that does not fit.
    pub fn starts_short(&self) -> bool {
        matches!(self.verdict.as_deref(), Some("starts" | "pool"))
    }
}

/// Ollama's estimate (`MemoryEstimate`), bytes.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct OllamaEstimate {
    /// Layers Ollama counts: blocks + the output layer (`layers.model` in its log).
    pub layers_model: u64,
    /// Layers it puts on the cards (`layers.offload`).
    pub layers_offloaded: u64,
    /// Per card (`memory.required.allocations`); 0 for a card with no layers.
    pub per_card: Vec<u64>,
    /// Summed over the cards (`memory.required.partial`, `ollama ps`'s GPU part).
    pub vram: u64,
    /// `ollama ps` SIZE (`memory.required.full`): the cards + what overflowed to the CPU.
    pub total: u64,
    /// `memory.required.kv`.
    pub kv: u64,
    /// The graph each card with layers reserves (full or partial offload).
    pub graph: u64,
    /// Laid out as the Ollama engine measures it from v0.11.11 (weights, cache and the larger
    /// of its reserved graphs: `vram::ollama::measured`), not by `llm/memory.go`'s formula.
    pub measured: bool,
}
