//! Ollama's own memory estimate: the figure `ollama ps` shows as SIZE, its CPU/GPU split, and
//! how many layers Ollama offloads to the cards. It is not what the cards hold (llama.cpp's
//! buffers, what nvidia-smi shows: the rest of `vram`); Ollama decides the layer split, and
//! whether part of the model runs on the CPU, from this estimate alone.
//!
//! Sources (ollama/ollama):
//! - `llm/memory.go` `EstimateGPULayers` @ 000ce02098f6bfea486601b5cae35ba38f8824fc: per card
//!   with layers `MinimumMemory` (`gpu/gpu.go`: `cudaMinimumMemory = 457 * format.MebiByte`) +
//!   one spare layer (`blk.0` with its KV share) + the compute graph; the projector on the first
//!   card; layers round-robin while `free > allocated + graph + layer`; the output layer
//!   (`output_norm` + `output`, or `token_embd` when tied) last; several cards always take the
//!   partial-offload graph; SIZE (`TotalSize`) = the cards' allocations + what overflowed.
//! - `llm/ggml.go` `GraphSize` @ 000ce020: cases llama (with the Mixtral 8x22B variant),
//!   gemma/gemma2, command-r, qwen2, phi2, stablelm, deepseek2; any other architecture gets the
//!   caller's fallback `GQA × kv / 6`.
//! - `fs/ggml/ggml.go` `GraphSize` @ v0.11.3 (the first release that ran gpt-oss, 2025-08):
//!   its `gptoss` case, `4 × heads / kv_heads × kvTotal / 6`, and its even layers' cache of
//!   `num_parallel × 4096 + batch` tokens (a sliding window); `kvCacheBytesPerElement` (q8_0 1,
//!   q4_0 0.5, else 2); `OLLAMA_GPU_OVERHEAD` taken off each card's free memory (`llm/memory.go`
//!   @ v0.11.3, added in v0.4.0).
//! - gpt-oss by release (`fs/ggml/ggml.go`): v0.11.0-v0.11.4 the `4 ×` graph above; v0.11.5-
//!   v0.11.7 (1a19df1f3) `2 × heads / kv_heads × kvTotal / 6`, partial only; v0.11.8 on
//!   (85ccf7354) flash attention on by default for it, `(4 × parallel + context / 1024 + 110)`
//!   MiB. Unstated release: the `2 ×` graph. From v0.11.5 (ea7657b54) `pickBestFullFitByLibrary`
//!   packs the model into the fewest cards that hold it, trying 1, 2, ... n; before, one card,
//!   else all (ollama#12097: gpt-oss-20b at 131072 tokens per slot, 19.1 GiB more per slot).
//! - Defaults @ 000ce020: `api/types.go` `NumCtx: 2048`, `NumBatch: 512`; `server/sched.go`
//!   `defaultParallel = 4` tried before 1 when `OLLAMA_NUM_PARALLEL` is unset, and
//!   `opts.NumCtx = origNumCtx * numParallel` (each slot holds the full context). Later: 4096 and
//!   2 from v0.6.8 (`envconfig.ContextLength`), parallel 1 by v0.11.3.
//! - `cmd/cmd.go` @ 000ce020 `ollama ps`: SIZE is `format.HumanBytes` (decimal GB, 10^9, whole
//!   numbers from 10 GB), the CPU share `(SIZE - VRAM) / SIZE`.
//!
//! - `fs/ggml/ggml.go` `GraphSize` @ v0.9.0: the `gemma3` arm (since v0.6.3, f66216e39
//!   "Support heterogeneous KV cache layer sizes in memory estimation"): layer i caches
//!   `num_parallel × attention.sliding_window + batch` tokens unless `(i+1) % 6 == 0`.
//!
//! Not modelled: v0.12's new memory layout (it measures the graphs instead of this formula),
//! Gemma-3's vision graph (`VisionGraphSize`, added with the output layer; the catalog holds no
//! Gemma-3 vision tower) and the GraphSize cases of architectures newer than 000ce020 other
//! than gpt-oss and gemma3 (mllama, llama4, chatglm): for those [`arch`] gives `None` and the
//! answer says the Ollama figure is unknown.
//!
//! Here: the model and run types, the KV cache per layer, the layer placement
//! (`EstimateGPULayers`) and the answer's lines. Apart, each read from its own source lines:
//! `graph` (`GraphSize`, one function per architecture), `gguf` (the catalog family →
//! GGUF architecture table), `vision` (`VisionGraphSize`).

mod gguf;
mod graph;
pub mod measured;
mod vision;

use gguf::arch_of;
pub use gguf::{GGUF_ARCH, arch, gguf_arch, ollama_engine};
pub use graph::{graph_size, graph_size_slots};
pub use vision::vision_graph;

use super::parts::weight_split;
use super::request::{FitOptions, FitRequest, ModelRef};
use super::{Engine, KvDtype, Shape};

/// `cudaMinimumMemory` (`gpu/gpu.go` @ 000ce020): what Ollama keeps free on every card it uses.
pub const MINIMUM_MEMORY_BYTES: u64 = 457 * 1024 * 1024;
/// `api/types.go` `DefaultOptions` @ 000ce020.
pub const DEFAULT_NUM_CTX: u32 = 2048;
pub const DEFAULT_NUM_BATCH: u64 = 512;
/// Bytes in one decimal gigabyte, the unit `ollama ps` prints (`format.HumanBytes`).
pub const PS_GB: f64 = 1e9;

pub use super::ollama_release::{
    GEMMA3_WINDOW_FROM, GPTOSS_FLASH_FROM, GPTOSS_HALF_GRAPH_FROM, NEW_ESTIMATES_FROM,
    OllamaRelease, PROJECTOR_WITH_OUTPUT_FROM,
};

/// The words that name Ollama as the engine (llama.cpp inside, Ollama's own estimate on top).
pub fn is_ollama_word(w: &str) -> bool {
    w.trim().eq_ignore_ascii_case("ollama")
}

/// The GGUF architecture's `GraphSize` case.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GraphArch {
    Llama,
    Gemma,
    CommandR,
    Qwen2,
    Phi2,
    StableLm,
    Deepseek2,
    /// `gptoss` @ v0.11.3 (v0.11.0-v0.11.4): `4 × heads / kv_heads × kvTotal / 6`, full and
    /// partial alike.
    GptOss,
    /// `gptoss` @ v0.11.5-v0.11.7 (1a19df1f3): `2 × heads / kv_heads × kvTotal / 6`, the partial
    /// graph, the full one falling back to it; what later releases size with flash attention off.
    GptOssHalf,
    /// `gptoss` @ v0.11.8 on (85ccf7354), flash attention on by default for it:
    /// `(4 × parallel + context / 1024 + 110) MiB`.
    GptOssFlash,
    /// The `gemma3` arm of the gemma case (`fs/ggml/ggml.go` @ v0.9.0, since v0.6.3's
    /// f66216e39): the gemma graph, and every layer but each sixth (`gemma3GlobalCacheCount`)
    /// caches `num_parallel × window + batch` tokens (`attention.sliding_window`).
    Gemma3 {
        window: u64,
    },
    /// `chatglm` (`fs/ggml/ggml.go` @ v0.7.0 = v0.11.3): the vocabulary graph, and with an
    /// `attn_qkv.bias` of `qkv_bias` entries (0: none) the attention graph over it.
    ChatGlm {
        qkv_bias: u64,
    },
    /// No case: the caller's fallback `GQA × kv / 6`.
    Fallback,
}

/// A model as Ollama's estimator reads its GGUF: bytes per layer and the attention sizes.
#[derive(Debug, Clone, PartialEq)]
pub struct OllamaModel {
    pub arch: GraphArch,
    pub block_count: u64,
    /// One decoder block's weights (`blk.N`), bytes.
    pub layer_bytes: u64,
    /// `output_norm` + `output` (or `token_embd` when the head is tied), bytes.
    pub output_bytes: u64,
    pub embedding: u64,
    pub heads: u64,
    pub heads_kv: u64,
    pub head_dim_k: u64,
    pub head_dim_v: u64,
    pub vocab: u64,
    /// Mixtral 8x22B's variant of the llama case: `blk.0.ffn_gate_exps.weight` bytes and
    /// `feed_forward_length`.
    pub gate_exps: Option<(u64, u64)>,
    /// The vision projector (its own 16-bit file), loaded on the first card; 0 without one.
    pub projector_bytes: u64,
    /// The vision graph Ollama reserves beside the projector (`VisionGraphSize`); 0 without one.
    pub projector_graph: u64,
    /// Where the projector goes: with the output layer, placed last and only when every block
    /// is on the cards (the Ollama engine from v0.7.1, d75557747 "Estimate projector memory
    /// correctly for Ollama engine"), else on the first card before any layer.
    pub projector_with_output: bool,
}

/// How Ollama is run: the context per slot, the slots, the KV cache type, the overhead.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct OllamaRun {
    pub num_ctx: u64,
    pub num_batch: u64,
    pub num_parallel: u64,
    /// `kvCacheBytesPerElement`: 2 (f16), 1 (q8_0), 0.5 (q4_0).
    pub kv_bytes_per_element: f64,
    /// `OLLAMA_GPU_OVERHEAD`, bytes taken off each card's free memory.
    pub gpu_overhead: u64,
}

impl Default for OllamaRun {
    fn default() -> Self {
        OllamaRun {
            num_ctx: DEFAULT_NUM_CTX as u64,
            num_batch: DEFAULT_NUM_BATCH,
            num_parallel: 1,
            kv_bytes_per_element: 2.0,
            gpu_overhead: 0,
        }
    }
}

pub use super::fit_report::OllamaEstimate;

impl OllamaEstimate {
    /// Every layer on the cards: `ollama ps` says 100% GPU.
    pub fn fully_loaded(&self) -> bool {
        self.layers_offloaded >= self.layers_model
    }

    /// The CPU's share of SIZE in whole percent, as `ollama ps` prints it.
    pub fn cpu_percent(&self) -> u64 {
        if self.total == 0 {
            return 0;
        }
        let cpu = self.total.saturating_sub(self.vram) as f64 / self.total as f64 * 100.0;
        cpu as u64
    }
}

/// The KV cache per layer, bytes (`GraphSize`'s `kv` @ v0.11.3; 000ce020's single figure is
/// the same split evenly): `context × (head_dim_k + head_dim_v) × kv_heads × bytes`, where
/// `context` is already `num_ctx × num_parallel`. gpt-oss's even layers keep a 4096-token window
/// per slot plus one batch; Gemma-3's local layers its window per slot plus one batch.
pub fn kv_per_layer(m: &OllamaModel, run: &OllamaRun) -> Vec<u64> {
    let ctx = run.num_ctx * run.num_parallel;
    let batch = ctx.min(run.num_batch);
    let per_token = ((m.head_dim_k + m.head_dim_v) * m.heads_kv) as f64 * run.kv_bytes_per_element;
    (0..m.block_count)
        .map(|i| {
            let tokens = match m.arch {
                GraphArch::GptOss | GraphArch::GptOssHalf | GraphArch::GptOssFlash
                    if i % 2 == 0 =>
                {
                    run.num_parallel * 4096 + batch
                }
                GraphArch::Gemma3 { window } if (i + 1) % 6 != 0 => {
                    run.num_parallel * window + batch
                }
                _ => ctx,
            };
            (tokens as f64 * per_token) as u64
        })
        .collect()
}

/// `EstimateGPULayers` over cards with `free` bytes each (`None`: a card of unstated size,
/// taken as holding everything, so the figure is the full-offload one).
pub fn estimate_gpu_layers(
    m: &OllamaModel,
    run: &OllamaRun,
    free: &[Option<u64>],
) -> OllamaEstimate {
    let blocks = m.block_count.max(1);
    let context = run.num_ctx * run.num_parallel;
    let batch = context.min(run.num_batch);
    let kv_layers = kv_per_layer(m, run);
    let kv: u64 = kv_layers.iter().sum();
    // The gpt-oss case's graph is over the cache at the full context, window or not.
    let kv_full = (context as f64
        * ((m.head_dim_k + m.head_dim_v) * m.heads_kv) as f64
        * run.kv_bytes_per_element) as u64
        * blocks;
    let (mut partial, mut full) = graph_size_slots(m, context, batch, kv_full, run.num_parallel);
    if partial == 0 {
        // The caller's fallback for an architecture with no case.
        let gqa = m.heads / m.heads_kv.max(1);
        partial = gqa * kv_full / 6;
    }
    if full == 0 {
        full = partial;
    }
    if free.len() > 1 {
        // "multigpu should always use the partial graph size"
        full = partial;
    }
    let graph_max = partial.max(full);
    let unlimited = u64::MAX / 4;
    let free: Vec<u64> = free
        .iter()
        .map(|f| f.unwrap_or(unlimited).saturating_sub(run.gpu_overhead))
        .collect();
    let first_layer = m.layer_bytes + kv_layers.first().copied().unwrap_or(0);

    let n = free.len();
    let mut alloc = vec![0u64; n];
    let mut counts = vec![0u64; n];
    let mut with_space: Vec<usize> = Vec::new();
    // `gpuZeroOverhead` (before v0.7.1: projector weights + graph; the llama engine: weights) or
    // `memoryLastLayer` (the Ollama engine from v0.7.1: output + projector weights + graph).
    let projector = m.projector_bytes + m.projector_graph;
    let (gpu_zero, last_extra) = if m.projector_with_output {
        (0, projector)
    } else {
        (projector, 0)
    };
    let last_layer = m.output_bytes + last_extra;
    for (i, f) in free.iter().enumerate() {
        let gzo = if with_space.is_empty() { gpu_zero } else { 0 };
        // Only cards that fit the graph, the minimum, the spare layer and one more layer.
        if *f < gzo + graph_max + MINIMUM_MEMORY_BYTES + 2 * first_layer {
            continue;
        }
        with_space.push(i);
        alloc[i] += MINIMUM_MEMORY_BYTES + first_layer;
    }
    let mut offloaded = 0u64;
    let mut overflow = 0u64;
    if let Some(&g0) = with_space.first() {
        alloc[g0] += gpu_zero;
    }
    for (i, kv_i) in kv_layers.iter().enumerate() {
        let layer = m.layer_bytes + kv_i;
        let mut placed = false;
        let mut j = with_space.len();
        while j > 0 {
            let g = with_space[i % j];
            if free[g] > alloc[g] + graph_max + layer {
                alloc[g] += layer;
                counts[g] += 1;
                offloaded += 1;
                placed = true;
                break;
            }
            with_space.remove(i % j);
            j -= 1;
        }
        if !placed {
            overflow += layer;
        }
    }
    let mut fully = offloaded >= blocks;
    if last_layer > 0 {
        let mut j = with_space.len();
        while j > 0 {
            let g = with_space[(offloaded as usize) % j];
            if free[g] > alloc[g] + graph_max + last_layer {
                alloc[g] += last_layer;
                counts[g] += 1;
                offloaded += 1;
                break;
            }
            // The output layer's loop drops no card (`memory.go` @ 000ce020).
            j -= 1;
        }
        if offloaded < blocks + 1 {
            fully = false;
            overflow += last_layer;
        }
    }
    let graph = if fully { full } else { partial };
    for i in 0..n {
        if counts[i] > 0 {
            alloc[i] += graph;
        }
    }
    let vram: u64 = alloc.iter().sum();
    OllamaEstimate {
        layers_model: blocks + 1,
        layers_offloaded: offloaded,
        per_card: alloc,
        vram,
        total: vram + overflow,
        kv,
        graph,
        measured: false,
    }
}

/// gpt-oss's `GraphSize` case under a release (`None`: unstated, the v0.11.5 half graph).
fn gptoss_graph(r: Option<OllamaRelease>) -> GraphArch {
    match r {
        Some(r) if r < GPTOSS_HALF_GRAPH_FROM => GraphArch::GptOss,
        Some(r) if r >= GPTOSS_FLASH_FROM => GraphArch::GptOssFlash,
        _ => GraphArch::GptOssHalf,
    }
}

/// The KV cache type's bytes per element as Ollama counts them (`kvCacheBytesPerElement`).
fn kv_bytes(t: KvDtype) -> f64 {
    match t {
        KvDtype::Q8_0 => 1.0,
        KvDtype::Q4_0 => 0.5,
        _ => 2.0,
    }
}

/// Ollama's estimate for an inference request run under Ollama (`FitOptions::ollama`) on
/// `req.cards` cards of the request's card (`None`: an unstated card, the full-offload figure);
/// `None` for another engine, a training task, a model by size or an architecture not modelled.
pub fn estimate(shape: &Shape, req: &FitRequest, opts: &FitOptions) -> Option<OllamaEstimate> {
    if !opts.ollama || req.engine != Engine::Llamacpp || req.task.is_training() {
        return None;
    }
    let ModelRef::Known(model) = req.model else {
        return None;
    };
    let gguf = gguf_arch(&model.family, &model.id)?;
    // Ollama-engine models from v0.11.11 are laid out by measuring their graphs (eb10390de
    // "Enable new memory estimates by default", #11090), not by this formula: no figure.
    if let Some(r) = req.ollama_release.filter(|r| *r >= NEW_ESTIMATES_FROM)
        && ollama_engine(gguf)
    {
        return measured_estimate(gguf, shape, req, r, kv_bytes(opts.kv_cache));
    }
    // ChatGLM's fused QKV bias: heads × head_dim + 2 × kv_heads × head_dim entries.
    let qkv_bias = ((shape.heads + 2 * shape.kv_heads) * shape.head_dim) as u64;
    let arch = match arch_of(gguf, model.sliding_window as u64, qkv_bias)? {
        // Before 0.6.3 the gemma3 arm sized every layer at the full context.
        GraphArch::Gemma3 { .. } if !OllamaRelease::gemma3_window(req.ollama_release) => {
            GraphArch::Gemma
        }
        // gpt-oss's graph by release; unstated: the half graph, what every release from
        // v0.11.5 sizes without flash attention (never the far smaller flash figure, which
        // would under-state what any release before v0.11.8 prints).
        GraphArch::GptOss => gptoss_graph(req.ollama_release),
        a => a,
    };
    let split = weight_split(shape, req.quant, Engine::Llamacpp);
    let blocks = shape.layers.max(1) as u64;
    let output = if shape.tied || split.head <= 0.0 {
        split.embed
    } else {
        split.head
    };
    // The vision tower: in the model's GGUF for the Ollama engine's vision architectures
    // (`VisionGraphSize`, weights and graph, with the output layer from v0.7.1), else the
    // projector file's weights on the first card (`projectorMemoryRequirements`).
    let vision_case = matches!(gguf, "mistral3" | "gemma3" | "qwen25vl" | "llama4");
    let (projector, projector_graph, with_output) = match &model.vision {
        Some(v) if vision_case => {
            let (w, g) = vision_graph(gguf, v);
            (
                w as f64,
                g,
                OllamaRelease::projector_with_output(req.ollama_release),
            )
        }
        Some(v) => (
            super::vision_tower::encoder_params(v, shape.hidden) * 2.0,
            0,
            false,
        ),
        None => (0.0, 0, false),
    };
    // Mixtral 8x22B's variant of the llama case keys on `blk.0.ffn_gate_exps.weight`, which
    // Llama-4's GGUF has too: its bytes at the quant's bits.
    let gate_exps = (gguf == "llama4" && shape.experts > 0).then(|| {
        let n = shape.experts as f64 * shape.hidden as f64 * shape.moe_intermediate as f64;
        (
            (n * req.quant.linear_bits() / 8.0) as u64,
            shape.moe_intermediate as u64,
        )
    });
    let m = OllamaModel {
        arch,
        block_count: blocks,
        layer_bytes: (split.layers / blocks as f64) as u64,
        output_bytes: output as u64,
        embedding: shape.hidden as u64,
        heads: shape.heads as u64,
        heads_kv: shape.kv_heads.max(1) as u64,
        head_dim_k: shape.head_dim as u64,
        head_dim_v: shape.head_dim as u64,
        vocab: shape.vocab as u64,
        gate_exps,
        projector_bytes: projector as u64,
        projector_graph,
        projector_with_output: with_output,
    };
    let run = OllamaRun {
        // "multimodal models require at least 2048 context"
        num_ctx: if projector > 0.0 {
            (req.context as u64).max(2048)
        } else {
            req.context as u64
        },
        num_parallel: req.batch.max(1) as u64,
        kv_bytes_per_element: kv_bytes(opts.kv_cache),
        ..OllamaRun::default()
    };
    let free: Option<u64> = req.gpu.map(|g| (g.usable_gib() * super::GIB) as u64);
    let n = req.cards.max(1) as usize;
    if free.is_none() {
        // Cards of unstated size hold everything: no subset to choose.
        return Some(estimate_gpu_layers(&m, &run, &vec![free; n]));
    }
    Some(fewest_cards(&m, &run, free, n, req.ollama_release))
}

/// `ollama ps` SIZE of an Ollama-engine model under the measured layout ([`measured`]): every
/// weight, the KV cache and the larger of the text and vision graphs. Only Qwen2.5-VL, only the
/// releases read, and only where every layer sits on the cards (a partial offload is laid out
/// from per-layer measurements not modelled): `None` otherwise.
fn measured_estimate(
    gguf: &str,
    shape: &Shape,
    req: &FitRequest,
    release: OllamaRelease,
    kv_bytes_per_element: f64,
) -> Option<OllamaEstimate> {
    let ModelRef::Known(model) = req.model else {
        return None;
    };
    let v = model.vision.as_ref().filter(|v| v.heads > 0)?;
    if gguf != "qwen25vl" || !measured::read_for(release) {
        return None;
    }
    // "multimodal models require at least 2048 context"; every slot holds the full context.
    let parallel = req.batch.max(1) as u64;
    let cells = (req.context as u64).max(2048) * parallel;
    let per_token = (2 * shape.head_dim * shape.kv_heads.max(1)) as f64 * kv_bytes_per_element;
    let kv = (cells as f64 * per_token) as u64 * shape.layers.max(1) as u64;
    let batch = cells.min(DEFAULT_NUM_BATCH);
    let graph = measured::vision_graph_bytes(v, release).max(measured::text_graph_bytes(
        cells,
        batch,
        shape.heads as u64,
    ));
    // Ollama's quantizer leaves the vision tensors (`v.`, `mm.`) as converted, 16-bit ("don't
    // quantize vision stuff", `server/quantization.go` @ v0.13.3 `newType`): the tower at 2
    // bytes a parameter, the rest at the file's bits.
    let tower = super::vision_tower::encoder_params(v, shape.hidden);
    let bits = req.quant.gguf_bpw().unwrap_or(16.0);
    let weights = (weight_split(shape, req.quant, Engine::Llamacpp).total() - tower * bits / 8.0
        + tower * 2.0) as u64;
    let total = weights + kv + graph;
    // One card that holds it all (the fewest cards, `pickBestFullFitByLibrary`); a spread over
    // several cards or onto the CPU is not modelled.
    if let Some(g) = req.gpu {
        let free = (g.usable_gib() * super::GIB) as u64;
        if total > free.saturating_sub(MINIMUM_MEMORY_BYTES) {
            return None;
        }
    }
    let mut per_card = vec![0; req.cards.max(1) as usize];
    per_card[0] = total;
    let layers = shape.layers.max(1) as u64 + 1;
    Some(OllamaEstimate {
        layers_model: layers,
        layers_offloaded: layers,
        per_card,
        vram: total,
        total,
        kv,
        graph,
        measured: true,
    })
}

/// The cards Ollama loads a model on (`pickBestFullFitByLibrary`): one card if it holds every
/// layer; from v0.11.5 (and for an unstated release) the fewest cards that do, trying 2, 3, ...
/// before; else all of them (the partial fit). `OLLAMA_SCHED_SPREAD` (all cards at once) is
/// not a word here.
fn fewest_cards(
    m: &OllamaModel,
    run: &OllamaRun,
    free: Option<u64>,
    n: usize,
    release: Option<OllamaRelease>,
) -> OllamaEstimate {
    let tries: Vec<usize> = if OllamaRelease::packs_cards(release) {
        (1..n).collect()
    } else {
        vec![1]
    };
    for k in tries.into_iter().filter(|&k| k < n) {
        let e = estimate_gpu_layers(m, run, &vec![free; k]);
        if e.fully_loaded() {
            return e;
        }
    }
    estimate_gpu_layers(m, run, &vec![free; n])
}

/// SIZE as `ollama ps` prints it (`format.HumanBytes` @ 000ce020): decimal units, whole numbers
/// from 10 (truncated), one decimal below.
pub fn ps_size(bytes: u64) -> String {
    let b = bytes as f64;
    let (value, unit) = if b >= 1e12 {
        (b / 1e12, "TB")
    } else if b >= 1e9 {
        (b / 1e9, "GB")
    } else {
        (b / 1e6, "MB")
    };
    if value >= 10.0 || value == value.trunc() {
        format!("{} {unit}", value as u64)
    } else {
        format!("{value:.1} {unit}")
    }
}

/// What the answer says under Ollama: the `ollama ps` figure and its split, the layers Ollama
/// leaves on the CPU when its estimate exceeds the card, or that no Ollama figure is modelled
/// for this architecture.
pub(super) fn notes(
    req: &FitRequest,
    opts: &FitOptions,
    est: Option<&OllamaEstimate>,
    margin_pct: f64,
) -> Vec<crate::reply::Msg> {
    use crate::reply::Msg;
    if !opts.ollama || req.engine != Engine::Llamacpp || req.task.is_training() {
        return Vec::new();
    }
    let Some(e) = est else {
        return vec![Msg::new("fit-warn-ollama-unknown")];
    };
    let gib = |b: u64| super::round2(b as f64 / super::GIB);
    let cpu = e.cpu_percent();
    let id = if e.measured {
        "fit-warn-ollama-measured"
    } else {
        "fit-warn-ollama-ps"
    };
    let mut out = vec![
        Msg::new(id)
            .arg("size", ps_size(e.total))
            .arg("gib", gib(e.total))
            .arg("ctx", req.context)
            .arg("parallel", req.batch.max(1))
            .arg("card", if req.gpu.is_some() { "yes" } else { "no" })
            .arg("cpu", cpu as u32)
            .arg("gpu", (100 - cpu.min(100)) as u32)
            .arg("spill", if e.fully_loaded() { "no" } else { "yes" })
            .arg(
                "tight",
                match req.gpu {
                    Some(g) if verdict(e, g.usable_gib() * super::GIB, margin_pct) == "tight" => {
                        "yes"
                    }
                    _ => "no",
                },
            )
            .arg("margin", margin_pct.round() as u32)
            .arg("graph", gib(e.graph))
            .arg("kv", gib(e.kv)),
    ];
    if let Some(g) = req.gpu
        && !e.fully_loaded()
    {
        out.push(
            Msg::new("fit-warn-ollama-spill")
                .arg("card", g.name.clone())
                .arg("cards", req.cards)
                .arg("several", if req.cards > 1 { "yes" } else { "no" })
                .arg("free", super::round2(g.usable_gib()))
                .arg("cpu_layers", (e.layers_model - e.layers_offloaded) as u32)
                .arg("layers", e.layers_model as u32),
        );
    }
    out
}

/// Ollama's verdict on cards of `free` bytes each: `no` when it leaves layers on the CPU,
/// `tight` when every layer is on the cards but the busiest card's share, widened by the
/// estimate's margin (`margin_pct`), passes `free` (Ollama 0.12 and later lay the model out by
/// measuring its graphs, not by this formula, and may split it there), else `fits`.
pub fn verdict(e: &OllamaEstimate, free: f64, margin_pct: f64) -> &'static str {
    if !e.fully_loaded() {
        return "no";
    }
    let busiest = e.per_card.iter().copied().max().unwrap_or(0) as f64;
    if busiest * (1.0 + margin_pct.max(0.0) / 100.0) > free {
        "tight"
    } else {
        "fits"
    }
}
