//! The peak memory of one generation on one card, and the changes that bring it under a card.
//!
//! A generation runs in three stages: text encoding, the denoising loop, the VAE decode.
//! Without offload every weight stays on the card and the peak is all weights plus the larger
//! of the step's and the decode's activations. diffusers' `enable_model_cpu_offload()` (and
//! ComfyUI, which loads models as they are needed) keeps one model on the card at a time: the
//! peak is the largest stage. `enable_sequential_cpu_offload()` (ComfyUI `--lowvram` / partial
//! loading) streams the denoiser a leaf module at a time: the peak is the step's activations.

use super::casting::{Cast, stored_gib};
use super::{Kind, Pipeline, Role};
use crate::vram::CUDA_CONTEXT_GIB;

mod cached_weights;
mod cards;
mod conv3d_columns;
mod decode_blocks;
mod decode_stage;
mod load_stage;
mod smaller;
mod text_encoders;

use cached_weights::shown_with_cache;
pub use cards::cards_that_hold;
pub use conv3d_columns::columns_gib as conv3d_columns_gib;
pub use decode_stage::decode_chunks;
use decode_stage::decode_cut;
use load_stage::bnb_loaded_gib;
use smaller::smaller;
use text_encoders::text_weights_gib;

const GIB: f64 = (1u64 << 30) as f64;

/// The caching allocator's reserve above what tensors hold (allocated → what the card shows).
pub const ALLOCATOR_RESERVE: f64 = 0.03;

/// Weight storage of the denoiser (and, with `te=fp8`, the text encoders).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Precision {
    /// fp32 (Wan's own `generate.py` keeps its DiT so: [`super::wan`]).
    Fp32,
    Bf16,
    Fp16,
    /// fp8 e4m3 weights (ComfyUI `fp8_e4m3fn`, diffusers layerwise casting), computed in 16-bit.
    Fp8,
    /// GGUF Q8_0 (ComfyUI-GGUF): 8.5 bits per weight.
    Q8_0,
    /// GGUF Q4_0: 4.5 bits per weight.
    Q4_0,
    /// bitsandbytes NF4 (diffusers `BitsAndBytesConfig`): 4 bits + an fp32 absmax per 64.
    Nf4,
}

impl Precision {
    pub fn parse(word: &str) -> Option<Precision> {
        Some(match word.to_lowercase().replace('-', "_").as_str() {
            "fp32" | "f32" | "float32" => Precision::Fp32,
            "bf16" => Precision::Bf16,
            "fp16" | "f16" => Precision::Fp16,
            "fp8" | "fp8_e4m3fn" | "fp8_e4m3" | "e4m3" => Precision::Fp8,
            "q8_0" | "q8" | "gguf_q8" => Precision::Q8_0,
            "q4_0" | "q4" | "gguf_q4" => Precision::Q4_0,
            "nf4" | "bnb4" => Precision::Nf4,
            _ => return None,
        })
    }

    pub fn bits(self) -> f64 {
        match self {
            Precision::Fp32 => 32.0,
            Precision::Bf16 | Precision::Fp16 => 16.0,
            Precision::Fp8 => 8.0,
            Precision::Q8_0 => 8.5,
            Precision::Q4_0 | Precision::Nf4 => 4.5,
        }
    }

    /// The word that asks for it (`/fit flux.1-dev fp8`), also its label.
    pub fn key(self) -> &'static str {
        match self {
            Precision::Fp32 => "fp32",
            Precision::Bf16 => "bf16",
            Precision::Fp16 => "fp16",
            Precision::Fp8 => "fp8",
            Precision::Q8_0 => "q8_0",
            Precision::Q4_0 => "q4_0",
            Precision::Nf4 => "nf4",
        }
    }
}

/// Where the weights wait while another stage runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Offload {
    None,
    /// One model on the card at a time (diffusers `enable_model_cpu_offload`, ComfyUI).
    Model,
    /// Leaf modules streamed in (diffusers `enable_sequential_cpu_offload`, ComfyUI lowvram).
    Sequential,
}

impl Offload {
    pub fn parse(word: &str) -> Option<Offload> {
        Some(match word.to_lowercase().as_str() {
            "none" | "off" | "no" => Offload::None,
            "model" | "cpu" | "on" | "model_cpu_offload" => Offload::Model,
            "seq" | "sequential" | "lowvram" | "sequential_cpu_offload" => Offload::Sequential,
            _ => return None,
        })
    }

    pub fn key(self) -> &'static str {
        match self {
            Offload::None => "none",
            Offload::Model => "model",
            Offload::Sequential => "seq",
        }
    }
}

/// One generation to size.
#[derive(Debug, Clone, Copy)]
pub struct DiffusionRequest<'a> {
    pub pipeline: &'a Pipeline,
    /// The denoiser's storage; `None` = as published.
    pub precision: Option<Precision>,
    /// The text encoders' storage (the chat's `te=fp8` / `te=nf4`: ComfyUI's
    /// `t5xxl_fp8_e4m3fn`, diffusers' `PipelineQuantizationConfig` on `text_encoder_2`);
    /// `None` = as published.
    pub text_precision: Option<Precision>,
    /// Text encoders run on the CPU and never take the card (Wan's `--t5_cpu`, a diffusers
    /// pipeline whose `text_encoder` stays on "cpu", ComfyUI's CLIP on the CPU).
    pub text_on_cpu: bool,
    /// The pipeline loaded without its optional text encoder (`Component::optional`: SD3's
    /// T5 with `text_encoder_3=None`; the chat's `t5=off`).
    pub drop_optional_text: bool,
    /// The VAE loaded in fp32 (`AutoencoderKLWan.from_pretrained(..., torch_dtype=torch.float32)`,
    /// as diffusers' Wan docs load it, wan.md @ 58eb52c0; the chat's `vae=fp32`).
    pub vae_fp32: bool,
    /// `vae.enable_tiling()` (the chat's `vae=tiled`): the decode in overlapping tiles of the
    /// VAE class's default size ([`super::decode::size`]).
    pub vae_tiled: bool,
    /// `vae.enable_slicing()` (the chat's `vae=sliced`): one batch element decoded at a time.
    pub vae_sliced: bool,
    /// Attention without a fused kernel (the chat's `attn=eager`): diffusers before 0.13, or any
    /// release on torch < 2.0, whose `AttnProcessor2_0` default needs
    /// `F.scaled_dot_product_attention` ([`eager_scores_gib`]).
    pub eager_attention: bool,
    pub offload: Offload,
    /// The pipeline was moved to the card (`pipe.to("cuda")`) before the offload call, on a
    /// diffusers that neither moves it back nor empties the cache (the chat's `to_cuda=first`,
    /// CLI `--to-cuda-first`): the weights' blocks stay in PyTorch's cache, which nvidia-smi
    /// shows, though the allocator hands them back before it would fail
    /// ([`DiffusionReport::shown_gib`]).
    pub cuda_first: bool,
    /// The bitsandbytes components were loaded with `device_map="cpu"` before the offload call
    /// (the chat's `load=cpu`; BFL's FLUX.2-dev guide for 24-32 GB cards, docs/flux2_dev_hf.md
    /// @ ab7cca68): they wait in host memory, not quantized on the card together, so no load
    /// stage ([`load_stage`]).
    pub load_on_cpu: bool,
    /// Run by Wan's own `generate.py` ([`super::wan`]): an fp32 DiT unless a precision is
    /// given, and its activations per token. Only for the pipelines it runs.
    pub wan_generate: bool,
    /// The PyTorch release it ran on (the chat's `torch=2.9`); `None` = today's, which runs 3-D
    /// convolutions on cuDNN (`estimate/conv3d_columns.rs`).
    pub torch: Option<super::torch_conv3d::TorchRelease>,
    pub width: u32,
    pub height: u32,
    /// Frames of a clip (video); 1 for an image.
    pub frames: u32,
    pub batch: u32,
    /// A training run (LoRA or full) instead of a generation ([`super::train`]).
    pub train: Option<super::train_words::Train>,
}

impl<'a> DiffusionRequest<'a> {
    /// The pipeline's defaults: published precision, no offload, its default size, one output.
    pub fn new(pipeline: &'a Pipeline) -> Self {
        DiffusionRequest {
            pipeline,
            precision: None,
            text_precision: None,
            text_on_cpu: false,
            drop_optional_text: false,
            vae_fp32: false,
            vae_tiled: false,
            vae_sliced: false,
            eager_attention: false,
            offload: Offload::None,
            cuda_first: false,
            load_on_cpu: false,
            wan_generate: false,
            torch: None,
            width: pipeline.width,
            height: pipeline.height,
            frames: if pipeline.kind == Kind::Video {
                pipeline.frames
            } else {
                1
            },
            batch: 1,
            train: None,
        }
    }

    /// The denoiser's precision in effect.
    pub fn denoiser_precision(&self) -> Precision {
        self.precision.unwrap_or_else(|| match self.wan() {
            // `WanModel.from_pretrained` without a dtype: fp32 ([`super::wan`]).
            Some(_) => Precision::Fp32,
            None => self.published(Role::Denoiser),
        })
    }

    /// How `generate.py` runs it, when asked and when it runs this pipeline.
    pub fn wan(&self) -> Option<&'a super::WanGenerate> {
        self.pipeline
            .wan_generate
            .as_ref()
            .filter(|_| self.wan_generate)
    }

    /// Activation bytes per token of one denoiser forward.
    pub fn act_bytes_per_token(&self) -> f64 {
        match self.wan() {
            Some(w) => super::wan::act_bytes_per_token(self.pipeline.hidden, w.per_token_timestep),
            None => self.pipeline.act_bytes_per_token,
        }
    }

    fn published(&self, role: Role) -> Precision {
        self.pipeline
            .component
            .iter()
            .find(|c| c.role == role)
            .and_then(|c| Precision::parse(&c.precision))
            .unwrap_or(Precision::Bf16)
    }
}

/// The stage at which the peak happens.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Stage {
    /// Loading: bitsandbytes components are quantized on the card and all sit there together
    /// before offload moves any ([`bnb_loaded_gib`]).
    Load,
    Text,
    Denoise,
    Decode,
}

impl Stage {
    pub fn key(self) -> &'static str {
        match self {
            Stage::Load => "load",
            Stage::Text => "text",
            Stage::Denoise => "denoise",
            Stage::Decode => "decode",
        }
    }
}

/// The estimate, GiB (2^30 bytes); `--json` carries these fields.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct DiffusionReport {
    pub denoiser_gib: f64,
    pub text_gib: f64,
    pub vae_gib: f64,
    /// The safety checker the pipeline loads beside them (0 where it has none).
    pub checker_gib: f64,
    /// Activations of one denoising step (both CFG halves when they are batched).
    pub step_gib: f64,
    /// What training the text encoders adds (their LoRA or weights' gradients and state, the
    /// embeddings' gradients, their activations: [`super::train_text`]); 0 otherwise.
    pub text_train_gib: f64,
    /// Weights on the card during a denoising step (all of them, one model, or one leaf
    /// module, by offload mode).
    pub denoise_weights_gib: f64,
    /// Activations of the VAE decode (and the decoded tiles or slices it keeps).
    pub decode_gib: f64,
    /// How the decode was sized: whole, one batch element at a time, or in tiles.
    pub decode_mode: super::decode::DecodeMode,
    /// The allocator's reserve on top of the peak.
    pub reserve_gib: f64,
    /// The 2-D decode's cached blocks the allocator hands back before it fails: out of the
    /// peak (the need), in what nvidia-smi shows ([`decode_blocks`]); 0 otherwise.
    pub released_gib: f64,
    /// The CUDA context (and cuBLAS workspaces) the process holds on the card.
    pub context_gib: f64,
    /// What the card must hold at the busiest moment, reserve and CUDA context included.
    pub peak_gib: f64,
    /// What nvidia-smi shows at the busiest moment: the peak, or more where the allocator's
    /// cache still holds blocks the job no longer needs (`to_cuda=first`).
    pub shown_gib: f64,
    pub stage: Stage,
    /// Tokens in one denoiser forward (batch and CFG included).
    pub tokens: f64,
}

fn gib(params_b: f64, bits: f64) -> f64 {
    params_b * 1e9 * bits / 8.0 / GIB
}

/// Tokens of one sample: latent pixels over the patch, each latent frame, plus the reference
/// image's and the text's in a joint-attention sequence.
pub(super) fn sample_tokens(r: &DiffusionRequest) -> f64 {
    let p = r.pipeline;
    let side = (p.vae_scale * p.patch) as f64;
    let per_frame = (r.width as f64 / side).ceil() * (r.height as f64 / side).ceil();
    let latent_frames = match p.kind {
        Kind::Image => 1.0,
        Kind::Video => ((r.frames.max(1) - 1) / p.vae_time + 1) as f64,
    };
    per_frame * latent_frames + reference_tokens(p) + p.text_tokens as f64
}

/// The score tensors eager attention holds at once, GiB (0 unless `attn=eager` and the heads are
/// on file). diffusers 0.11's `CrossAttention._attention` (and `AttnProcessor` after it) runs
/// `torch.baddbmm(torch.empty(b*heads, s, s), q, kᵀ, beta=0)` and then `scores.softmax(-1)`:
/// two `b·heads × s × s` tensors alive together in the compute dtype (`upcast_softmax` is off
/// by default), where SDPA keeps none. `s` is the longest self-attention's sequence.
pub fn eager_scores_gib(r: &DiffusionRequest) -> f64 {
    let p = r.pipeline;
    if !r.eager_attention || p.eager_heads == 0 {
        return 0.0;
    }
    let cfg = if p.cfg { 2.0 } else { 1.0 };
    let rows = r.batch.max(1) as f64 * cfg * p.eager_heads as f64;
    let s = sample_tokens(r) / p.eager_seq_div.max(1) as f64;
    2.0 * rows * s * s * 2.0 / GIB
}

/// Tokens of one forward: one sample's times the batch, doubled when CFG is batched.
fn tokens(r: &DiffusionRequest) -> f64 {
    let cfg = if r.pipeline.cfg { 2.0 } else { 1.0 };
    sample_tokens(r) * r.batch.max(1) as f64 * cfg
}

/// Tokens an editing pipeline's reference images add to every denoiser forward. FLUX.1-Kontext
/// and Qwen-Image-Edit encode the input image with the VAE and concatenate its patches to the
/// noisy latents along the sequence (diffusers `pipeline_flux_kontext.py` @ 3d99b272,
/// `pipeline_qwenimage_edit.py` @ fed2c464: `torch.cat([latents, image_latents], dim=1)`), after
/// resizing it to about `ref_image_side`² pixels whatever the output size: a 1024² edit runs a
/// sequence twice an image's length.
pub fn reference_tokens(p: &Pipeline) -> f64 {
    let side = (p.vae_scale * p.patch) as f64;
    p.ref_images as f64 * (p.ref_image_side as f64 / side).powi(2)
}

/// Each denoiser's weights as stored at `bits` (fp8 casts layer by layer).
fn denoisers_stored_gib(r: &DiffusionRequest, bits: f64) -> Vec<f64> {
    let cast = match r.denoiser_precision() {
        Precision::Fp8 => Cast::Fp8Layerwise,
        _ => Cast::All,
    };
    r.pipeline
        .component
        .iter()
        .filter(|c| c.role == Role::Denoiser)
        .map(|c| stored_gib(c, bits, cast))
        .collect()
}

/// The peak memory of one generation `r` (a training run is [`super::train::estimate`]'s;
/// [`super::estimate`] picks).
pub fn generation(r: &DiffusionRequest) -> DiffusionReport {
    let p = r.pipeline;
    let bits = r.denoiser_precision().bits();
    let denoisers = denoisers_stored_gib(r, bits);
    let denoiser_gib: f64 = denoisers.iter().sum();
    let largest_denoiser = denoisers.iter().copied().fold(0.0, f64::max);
    let text_gib = text_weights_gib(r);
    // The encoders' weights exist either way; on the CPU the card never holds them.
    let text_on_card = if r.text_on_cpu { 0.0 } else { text_gib };
    // Wan's generate.py builds its VAE in fp32 (`WanVAE(dtype=torch.float)`) on the card and
    // never moves it off: it waits beside every stage ([`super::wan`]).
    let (vae_bits, vae_resident) = match r.wan() {
        Some(_) => (Precision::Fp32.bits(), true),
        None if r.vae_fp32 => (Precision::Fp32.bits(), false),
        None => (r.published(Role::Vae).bits(), false),
    };
    let vae_gib = gib(p.weights_b(Role::Vae), vae_bits);
    // `pipe.to("cuda")` moves the safety checker with every other module; model offload
    // gives it its own turn after the decode (smaller than any other stage), sequential
    // offload streams it.
    let checker_gib = gib(
        p.weights_b(Role::SafetyChecker),
        r.published(Role::SafetyChecker).bits(),
    );
    let resident = if vae_resident { vae_gib } else { 0.0 };
    let t = tokens(r);
    let step_gib = t * r.act_bytes_per_token() / GIB + eager_scores_gib(r);
    // What the decode adds to the reserved memory: its working tensors and the allocator's
    // blocks beside them (`decode::split`), plus what a tiled or sliced decode keeps.
    let cut = decode_cut(r, vae_bits);
    // A causal decode reuses the same block sizes chunk after chunk: the allocator's ordinary
    // share on its tensors (`causal_decode`), not the 2-D decodes' measured ratio.
    let (working_gib, decode_blocks_gib) = if cut.mode == super::decode::DecodeMode::Causal {
        (cut.working_gib, cut.working_gib * ALLOCATOR_RESERVE)
    } else {
        super::decode::split(cut.working_gib)
    };
    let released_gib = decode_blocks::released_gib(r, cut.mode, working_gib, decode_blocks_gib);
    let decode_blocks_gib = decode_blocks_gib - released_gib;
    let decode_gib = working_gib + cut.kept_gib;
    // A leaf module of the denoiser: its widest linear, about 5 x width^2 weights (FLUX's
    // 15360 -> 3072 output projection).
    let leaf = gib(5.0 * (p.hidden as f64).powi(2) / 1e9, bits);
    // On one card generate.py holds one expert of an MoE DiT even without offload: its
    // `_prepare_model_for_timestep` moves the other off whenever `init_on_cpu` (the single-GPU
    // default) is set ([`super::wan`]).
    let on_card_denoisers = if r.wan().is_some() {
        largest_denoiser
    } else {
        denoiser_gib
    };
    let denoise_weights_gib = match r.offload {
        Offload::None => on_card_denoisers + text_on_card + vae_gib + checker_gib,
        Offload::Model => largest_denoiser + resident,
        Offload::Sequential => leaf + resident,
    };
    // Offload starts from what loading left on the card (with none, everything stays anyway).
    let loaded = bnb_loaded_gib(r, denoiser_gib, text_gib);
    let mut stages = match r.offload {
        Offload::None => {
            let all = on_card_denoisers + text_on_card + vae_gib + checker_gib;
            vec![
                (Stage::Denoise, all + step_gib),
                (Stage::Decode, all + decode_gib),
            ]
        }
        Offload::Model => vec![
            (Stage::Text, text_on_card + resident),
            (Stage::Denoise, largest_denoiser + resident + step_gib),
            (Stage::Decode, vae_gib + decode_gib),
        ],
        Offload::Sequential => vec![
            (Stage::Denoise, leaf + resident + step_gib),
            (Stage::Decode, vae_gib + decode_gib),
        ],
    };
    if r.offload != Offload::None && loaded > 0.0 {
        stages.push((Stage::Load, loaded + resident));
    }
    let decode_held = decode_blocks::held(&stages);
    // Each stage's reserve: a share of what it holds, and the decode's own blocks it keeps.
    let reserve_of = |stage: Stage, held: f64| match stage {
        Stage::Decode => (held - working_gib) * ALLOCATOR_RESERVE + decode_blocks_gib,
        _ => held * ALLOCATOR_RESERVE,
    };
    let (stage, held) = stages.into_iter().fold((Stage::Denoise, 0.0), |best, s| {
        if s.1 + reserve_of(s.0, s.1) > best.1 + reserve_of(best.0, best.1) {
            s
        } else {
            best
        }
    });
    let reserve_gib = reserve_of(stage, held);
    // The CUDA context, as an LLM fit counts it: the verdict compares the card's whole memory.
    let context_gib = CUDA_CONTEXT_GIB;
    let peak_gib = held + reserve_gib + context_gib;
    let all = denoiser_gib + text_on_card + vae_gib + checker_gib;
    let decode_shown = decode_held + reserve_of(Stage::Decode, decode_held) + released_gib;
    let shown_gib = shown_with_cache(r, all, [step_gib, decode_gib], reserve_of, context_gib)
        .max(peak_gib)
        .max(decode_shown + context_gib);
    DiffusionReport {
        denoiser_gib,
        text_gib,
        vae_gib,
        checker_gib,
        step_gib,
        text_train_gib: 0.0,
        denoise_weights_gib,
        decode_gib,
        decode_mode: cut.mode,
        reserve_gib,
        released_gib,
        context_gib,
        peak_gib,
        shown_gib,
        stage,
        tokens: t,
    }
}

/// Changes to `r` that bring its peak under `capacity_gib`, the least intrusive first: a
/// lighter denoiser, then offload, then both, then 4-bit, then streaming, then a smaller
/// output. At most `limit`.
pub fn what_fits<'a>(
    r: &DiffusionRequest<'a>,
    capacity_gib: f64,
    limit: usize,
) -> Vec<(DiffusionRequest<'a>, DiffusionReport)> {
    // fp8 and GGUF are ComfyUI's and diffusers' storage: `generate.py` has neither.
    let fp8 = |mut x: DiffusionRequest<'a>| {
        if x.denoiser_precision().bits() > 8.0 {
            x.precision = Some(Precision::Fp8);
            x.wan_generate = false;
        }
        x
    };
    let offload = |mut x: DiffusionRequest<'a>, o: Offload| {
        x.offload = o;
        x
    };
    // Wan2.2's `--convert_model_dtype` (the word `bf16`) halves an fp32 DiT.
    let converted = |mut x: DiffusionRequest<'a>| {
        if x.wan().is_some_and(|w| w.convert_flag) && x.denoiser_precision() == Precision::Fp32 {
            x.precision = Some(Precision::Bf16);
        }
        x
    };
    let mut tries = vec![
        // The same run on a PyTorch whose cuDNN runs the VAE's 3-D convolutions.
        conv3d_columns::with_cudnn(*r),
        converted(*r),
        offload(converted(*r), Offload::Model),
        fp8(*r),
        offload(*r, Offload::Model),
        offload(fp8(*r), Offload::Model),
        {
            let mut x = offload(fp8(*r), Offload::Model);
            x.text_precision = Some(Precision::Fp8);
            x
        },
        {
            let mut x = offload(*r, Offload::Model);
            x.precision = Some(Precision::Q4_0);
            x.wan_generate = false;
            x
        },
        // A 4-bit transformer and text encoder with model offload, loaded on the CPU first:
        // the diffusers recipe for a pipeline whose encoder alone outgrows the card (FLUX.2-dev's
        // 24B Mistral on a 24-32 GB card, docs/flux2_dev_hf.md @ ab7cca68).
        {
            let mut x = offload(*r, Offload::Model);
            x.precision = Some(Precision::Nf4);
            x.text_precision = Some(Precision::Nf4);
            x.load_on_cpu = true;
            x.wan_generate = false;
            x
        },
        offload(*r, Offload::Sequential),
    ];
    tries.push(smaller(offload(fp8(*r), Offload::Model)));
    let mut out: Vec<(DiffusionRequest<'a>, DiffusionReport)> = Vec::new();
    for t in tries {
        let same = |a: &DiffusionRequest| {
            a.precision.map(Precision::bits) == t.precision.map(Precision::bits)
                && a.offload == t.offload
                && a.text_precision == t.text_precision
                && a.text_on_cpu == t.text_on_cpu
                && a.vae_fp32 == t.vae_fp32
                && (a.vae_tiled, a.vae_sliced) == (t.vae_tiled, t.vae_sliced)
                && (a.wan_generate, a.torch) == (t.wan_generate, t.torch)
                && a.cuda_first == t.cuda_first
                && a.load_on_cpu == t.load_on_cpu
                && (a.width, a.height, a.frames) == (t.width, t.height, t.frames)
        };
        if same(r) || out.iter().any(|(a, _)| same(a)) {
            continue;
        }
        let e = super::estimate(&t);
        // A change that saves nothing over one already listed (te=fp8 while the peak is
        // the denoiser's) is not worth a line.
        let new = out.iter().all(|(_, o)| e.peak_gib < o.peak_gib - 0.05);
        if e.peak_gib <= capacity_gib && new {
            out.push((t, e));
        }
        if out.len() == limit {
            break;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diffusion::{estimate, find};

    #[test]
    fn tokens_follow_resolution_batch_and_cfg() {
        let flux = find("flux.1-dev").unwrap();
        let r = DiffusionRequest::new(flux);
        // 1024 / (8 x 2) = 64 per side: 4096 image tokens + 512 text tokens, no CFG batch.
        assert_eq!(tokens(&r), 4608.0);
        let sdxl = find("sdxl").unwrap();
        let mut s = DiffusionRequest::new(sdxl);
        s.batch = 2;
        // 128 x 128 latent, patch 1, CFG doubles, batch 2.
        assert_eq!(tokens(&s), 128.0 * 128.0 * 2.0 * 2.0);
        let wan = find("wan2.1-t2v-14b").unwrap();
        let w = DiffusionRequest::new(wan);
        // 832x480 / 16 = 52 x 30 = 1560 per latent frame; (81 - 1) / 4 + 1 = 21 latent frames.
        assert_eq!(tokens(&w), 1560.0 * 21.0);
    }

    #[test]
    fn offload_lowers_the_peak_in_order() {
        let flux = find("flux.1-dev").unwrap();
        let mut r = DiffusionRequest::new(flux);
        let none = estimate(&r).peak_gib;
        r.offload = Offload::Model;
        let model = estimate(&r);
        r.offload = Offload::Sequential;
        let seq = estimate(&r).peak_gib;
        assert!(
            none > model.peak_gib && model.peak_gib > seq,
            "{none} {model:?} {seq}"
        );
        assert_eq!(model.stage, Stage::Denoise);
        // Without offload every weight is held: 16.87B parameters in bf16 = 31.4 GiB.
        assert!((estimate(&DiffusionRequest::new(flux)).denoiser_gib - 22.17).abs() < 0.05);
    }

    #[test]
    fn suggestions_fit_and_differ_from_the_request() {
        let flux = find("flux.1-dev").unwrap();
        let r = DiffusionRequest::new(flux);
        for cap in [8.0, 12.0, 16.0, 23.5] {
            for (t, e) in what_fits(&r, cap, 3) {
                assert!(e.peak_gib <= cap);
                assert!(t.offload != r.offload || t.precision.is_some());
            }
        }
        assert!(what_fits(&r, 0.1, 3).is_empty());
    }
}
