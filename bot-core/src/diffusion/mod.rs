//! Image and video generation (SDXL, SD3.5, FLUX.1, Wan 2.x): the memory one generation needs
//! on one card, by component (denoiser, text encoders, VAE), precision, resolution, batch and
//! the offload modes of diffusers and ComfyUI. Pure: data from `catalog/diffusion.toml`.
//!
//! - `mod.rs`: the data (pipelines and their components), loaded once, checked strictly;
//! - [`estimate`]: the peak memory of a request and the changes that make it fit;
//! - [`casting`]: a denoiser's weights in each storage precision (what fp8 leaves in 16-bit);
//! - [`wan`]: Wan's own `generate.py` (an fp32 DiT, its activations per token).
//! - [`torch_conv3d`]: the PyTorch release (`torch=2.9`) and a VAE's widest 3-D convolution, for
//!   PyTorch 2.9's decode without cuDNN.

pub mod block_act;
pub mod casting;
pub mod causal_decode;
pub mod decode;
pub mod estimate;
pub mod kohya_oft;
pub mod names;
pub mod split_mode;
pub mod torch_conv3d;
pub mod train;
pub mod train_text;
pub mod train_words;
pub mod wan;

use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::sync::OnceLock;

pub use estimate::{
    DiffusionReport, DiffusionRequest, Offload, Precision, Stage, cards_that_hold, what_fits,
};

/// Whether a figure of diffusion.toml carries its provenance: how it was read, where, and a
/// date (the catalog's rule for every number, shared by each block's own check).
pub(crate) fn cited(basis: &str, source: &str, as_of: &str) -> bool {
    !basis.is_empty() && !source.is_empty() && crate::catalog::parse_date(as_of).is_some()
}

/// The peak memory of `r`: a training run's ([`train::estimate`]) or one generation's.
pub fn estimate(r: &DiffusionRequest) -> DiffusionReport {
    match &r.train {
        Some(t) => train::estimate(r, t),
        None => estimate::generation(r),
    }
}

/// The embedded data file.
pub const EMBEDDED_DIFFUSION: &str = include_str!("../../catalog/diffusion.toml");

/// What a component does in the pipeline.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    Denoiser,
    TextEncoder,
    Vae,
    /// An image classifier the pipeline runs on its output (diffusers' StableDiffusionPipeline
    /// loads `StableDiffusionSafetyChecker`, a CLIP ViT-L/14 vision tower, by default).
    SafetyChecker,
}

/// One set of weights, as published.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Component {
    pub role: Role,
    pub name: String,
    pub params_b: f64,
    /// The precision the checkpoint is published in (`bf16`, `fp16`).
    pub precision: String,
    pub source: String,
    pub as_of: String,
    /// Parameters (billions) that fp8 storage leaves in 16-bit (`casting`); 0 = none.
    #[serde(default)]
    pub fp8_kept_b: f64,
    /// Where `fp8_kept_b` comes from; required when it is set.
    #[serde(default)]
    pub fp8_kept_basis: String,
    /// Parameters (billions) a bitsandbytes 4-bit load keeps in fp32 (transformers'
    /// `_keep_in_fp32_modules`, honoured by `Bnb4BitHfQuantizer`: T5's `wo`) and in 16-bit
    /// (modules that are not `nn.Linear`: the embedding); 0 = every weight 4-bit.
    #[serde(default)]
    pub bnb_fp32_b: f64,
    #[serde(default)]
    pub bnb_16bit_b: f64,
    /// Where `bnb_fp32_b` and `bnb_16bit_b` come from; required when either is set.
    #[serde(default)]
    pub bnb_basis: String,
    /// A text encoder the pipeline also runs without when it is not passed (SD3's T5:
    /// `text_encoder_3=None`); the request's `drop_optional_text` (`t5=off`) leaves it out.
    #[serde(default)]
    pub optional: bool,
    /// Where `optional` comes from; required when it is set.
    #[serde(default)]
    pub optional_basis: String,
    /// A text encoder's transformer layers and width, for sizing it trained
    /// ([`train_text`]); 0 = not stated (training it is then not sized).
    #[serde(default)]
    pub layers: u32,
    #[serde(default)]
    pub width: u32,
    /// Its token and position embeddings, billions of parameters (vocabulary and positions
    /// times the width).
    #[serde(default)]
    pub embeddings_b: f64,
    /// Where `layers`, `width` and `embeddings_b` come from; required with them.
    #[serde(default)]
    pub shape_basis: String,
}

/// How Wan's own `generate.py` runs this pipeline ([`wan`]); absent for every other model.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WanGenerate {
    /// Wan2.2's forward expands the timestep to every token (Wan2.1's is per sample).
    pub per_token_timestep: bool,
    /// Wan2.2's `--convert_model_dtype` exists (Wan2.1 always keeps the DiT in fp32).
    pub convert_flag: bool,
    /// The decoder of the causal VAE generate.py builds, for sizing its decode from its own
    /// shapes ([`causal_decode`]); absent where not read (the pipeline's decode figure stands).
    #[serde(default)]
    pub causal_vae: Option<CausalVae>,
    pub source: String,
    pub as_of: String,
}

/// The decoder of a causal video VAE as its code builds it (Wan2.2's `Decoder3d`,
/// `wan/modules/vae2_2.py`): what [`causal_decode::size`] reads.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CausalVae {
    /// The class (`Wan2_2_VAE`).
    pub class: String,
    /// Latent channels into the decoder (`z_dim`).
    pub z_dim: u32,
    /// The decoder's base width (`dec_dim`) and its multipliers (`dim_mult`), as the code
    /// orders them for the encoder: the decoder runs them reversed.
    pub dec_dim: u32,
    pub dim_mult: Vec<u32>,
    /// Residual blocks per decoder stage (`num_res_blocks + 1`).
    pub res_blocks: u32,
    /// Which decoder stages double the frames (`temperal_upsample`, decoder order).
    pub temporal_up: Vec<bool>,
    /// Channels the head writes, before `unpatchify` (3 x patch²).
    pub out_channels: u32,
    /// `patchify`'s factor: the decoder works at the output size over this.
    pub patch: u32,
    /// Frames of its input every causal conv keeps from the chunk before (`CACHE_T`).
    pub cache_frames: u32,
    /// Each stage clones its input and adds a `DupUp3D` shortcut to its upsample (Wan2.2's
    /// `Up_ResidualBlock`); Wan2.1's decoder runs a flat list of blocks instead.
    #[serde(default)]
    pub stage_clone: bool,
    /// The upsample's conv halves the channels, so every stage after the first reads half its
    /// predecessor's width (Wan2.1's `Resample`: `nn.Conv2d(dim, dim // 2, 3)`).
    #[serde(default)]
    pub resample_halves: bool,
    /// Bytes of one value as generate.py decodes (fp32: `dtype=torch.float` under autocast).
    pub bytes: f64,
    pub basis: String,
    pub source: String,
    pub as_of: String,
}

/// What the VAE class's `enable_tiling()` cuts the decode into (diffusers' defaults for the
/// class; `estimate::DiffusionRequest::vae_tiled`).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VaeTiling {
    /// The diffusers class (`AutoencoderKL`, `AutoencoderKLWan`, ...).
    pub class: String,
    /// A tile's side in output pixels, and the step between tiles (the rest overlaps).
    pub tile_px: u32,
    pub stride_px: u32,
    /// Output frames one tile decodes at once (HunyuanVideo's frame-wise chunks); 0 = the
    /// pipeline's own chunk (`vae_time`).
    #[serde(default)]
    pub tile_frames: u32,
    pub basis: String,
    pub source: String,
    pub as_of: String,
}

/// Image or video.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    Image,
    Video,
}

/// A generation pipeline. An entry with `of` shares every figure of the pipeline it names
/// (FLUX.1-schnell is FLUX.1-dev's weights) and carries only its names and provenance.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Pipeline {
    pub id: String,
    pub name: String,
    #[serde(default)]
    pub of: Option<String>,
    #[serde(default = "image")]
    pub kind: Kind,
    #[serde(default)]
    pub hf_ids: Vec<String>,
    #[serde(default)]
    pub aliases: Vec<String>,
    /// Default output size, pixels.
    #[serde(default)]
    pub width: u32,
    #[serde(default)]
    pub height: u32,
    /// Default frame count of a clip (video only).
    #[serde(default)]
    pub frames: u32,
    #[serde(default)]
    pub latent_channels: u32,
    /// Pixels per latent pixel, each side.
    #[serde(default)]
    pub vae_scale: u32,
    /// Frames per latent frame (video; the first frame stands alone).
    #[serde(default)]
    pub vae_time: u32,
    /// Latent pixels per token, each side (DiT patchify; 1 for a UNet).
    #[serde(default)]
    pub patch: u32,
    /// Text tokens in the denoiser's sequence (joint attention); 0 for cross-attention.
    #[serde(default)]
    pub text_tokens: u32,
    /// The denoiser's width.
    #[serde(default)]
    pub hidden: u32,
    /// Classifier-free guidance: a conditional and an unconditional pass per step.
    #[serde(default)]
    pub cfg: bool,
    /// Reference images whose latents join the denoiser's sequence beside the output's
    /// (FLUX.1-Kontext, Qwen-Image-Edit: `torch.cat([latents, image_latents], dim=1)` every
    /// step); 0 for a text-to-image or text-to-video pipeline ([`estimate::reference_tokens`]).
    #[serde(default)]
    pub ref_images: u32,
    /// The side of the square whose area each reference image is resized to before encoding
    /// (both pipelines resize the input to about 1024 x 1024 pixels, whatever the output size).
    #[serde(default)]
    pub ref_image_side: u32,
    /// Where `ref_images` and `ref_image_side` come from; required when they are set.
    #[serde(default)]
    pub ref_basis: String,
    #[serde(default)]
    pub act_bytes_per_token: f64,
    #[serde(default)]
    pub act_basis: String,
    /// VAE decode activations per output pixel (video: per pixel of a frame).
    #[serde(default)]
    pub decode_bytes_per_px: f64,
    #[serde(default)]
    pub decode_basis: String,
    /// Latent frames the VAE decodes at once with tiling off, and the step between those
    /// chunks (HunyuanVideo's `use_framewise_decoding`, on by default: 5 every 3); 0 = the
    /// pipeline's `vae_time` output frames at a time (Wan's causal cache, one latent frame).
    #[serde(default)]
    pub decode_latent_frames: u32,
    #[serde(default)]
    pub decode_latent_stride: u32,
    /// Where `decode_latent_frames` and `decode_latent_stride` come from; required with them.
    #[serde(default)]
    pub decode_frames_basis: String,
    /// `decode_bytes_per_px` is already an fp32 decode's (SDXL: its VAE config sets
    /// `force_upcast`, and diffusers upcasts before decoding), so `vae=fp32` adds nothing.
    #[serde(default)]
    pub decode_fp32: bool,
    pub source: String,
    pub as_of: String,
    #[serde(default)]
    pub note_en: Option<String>,
    #[serde(default)]
    pub note_zh: Option<String>,
    /// The VAE's tiled decode; absent where the tile size is not sourced (the word then
    /// sizes the decode whole and says so).
    #[serde(default)]
    pub vae_tiling: Option<VaeTiling>,
    /// Wan's own `generate.py`, for the pipelines it runs.
    #[serde(default)]
    pub wan_generate: Option<WanGenerate>,
    /// The VAE's widest 3-D convolution, for PyTorch 2.9's decode without cuDNN
    /// ([`torch_conv3d`]); absent where the VAE has none or its code was not read.
    #[serde(default)]
    pub conv3d: Option<torch_conv3d::Conv3d>,
    /// Transformer blocks of the denoiser at its width, for sizing training: the activations
    /// each keeps for the backward pass and what `blocks_to_swap` moves off the card. 0 = not
    /// stated: training this pipeline is not sized.
    #[serde(default)]
    pub blocks: u32,
    /// Where `blocks` comes from.
    #[serde(default)]
    pub blocks_basis: String,
    /// The halves kohya's FLUX.1 split mode cuts the denoiser into ([`split_mode`]); absent:
    /// `split=on` is not a word for the pipeline.
    #[serde(default)]
    pub kohya_split: Option<split_mode::KohyaSplit>,
    /// The weights kohya's FLUX.1 OFT adapts per block ([`kohya_oft`]); absent: no `oft=`.
    #[serde(default)]
    pub kohya_oft: Option<kohya_oft::KohyaOft>,
    /// Heads of the denoiser's self-attention over its longest sequence, for sizing eager
    /// attention (`attn=eager`, [`estimate::eager_scores_gib`]); 0 = not stated.
    #[serde(default)]
    pub eager_heads: u32,
    /// How many times shorter that attention's sequence is than the denoiser's latent tokens (a
    /// UNet whose first attention level is below full latent resolution: SDXL's 2 x 2 = 4).
    #[serde(default = "one")]
    pub eager_seq_div: u32,
    /// Where `eager_heads` and `eager_seq_div` come from; required when they are set.
    #[serde(default)]
    pub eager_basis: String,
    #[serde(default)]
    pub component: Vec<Component>,
}

fn image() -> Kind {
    Kind::Image
}

fn one() -> u32 {
    1
}

impl Pipeline {
    pub fn weights_b(&self, role: Role) -> f64 {
        self.component
            .iter()
            .filter(|c| c.role == role)
            .map(|c| c.params_b)
            .sum()
    }

    /// Names it answers to, normalized as catalog names are (case, separators).
    fn keys(&self) -> impl Iterator<Item = String> + '_ {
        [&self.id, &self.name]
            .into_iter()
            .chain(&self.hf_ids)
            .chain(&self.aliases)
            .map(|k| crate::catalog::normalize(k))
    }
}

#[derive(Deserialize)]
struct File {
    pipeline: Vec<Pipeline>,
}

/// Reads and checks the data: every figure positive, provenance on every entry and component,
/// `of` naming an entry without `of`, no name claimed twice.
pub fn parse(text: &str) -> Result<Vec<Pipeline>, String> {
    let mut list = toml::from_str::<File>(text)
        .map_err(|e| format!("diffusion.toml: {e}"))?
        .pipeline;
    let bases = list.clone();
    for p in &mut list {
        if let Some(of) = p.of.clone() {
            let base = bases
                .iter()
                .find(|b| b.id == of && b.of.is_none())
                .ok_or_else(|| {
                    format!("diffusion.toml: `{}`: `of` names no pipeline `{of}`", p.id)
                })?;
            let own = p.clone();
            *p = base.clone();
            p.id = own.id;
            p.name = own.name;
            p.of = Some(of);
            p.hf_ids = own.hf_ids;
            p.aliases = own.aliases;
            p.source = own.source;
            p.as_of = own.as_of;
            p.note_en = own.note_en;
            p.note_zh = own.note_zh;
            // An editing pipeline's default output is its input's size, not its base's.
            if own.width > 0 && own.height > 0 {
                (p.width, p.height) = (own.width, own.height);
            }
            // An editing pipeline shares its base's weights but feeds a reference image.
            if own.ref_images > 0 {
                p.ref_images = own.ref_images;
                p.ref_image_side = own.ref_image_side;
                p.ref_basis = own.ref_basis;
            }
        }
    }
    // A name may repeat inside one entry (`FLUX.1-dev`, `flux.1 dev`), never across two.
    let mut seen: Vec<(String, &str)> = Vec::new();
    for p in &list {
        check(p)?;
        p.conv3d.as_ref().map_or(Ok(()), |c| c.check(&p.id))?;
        p.kohya_split.as_ref().map_or(Ok(()), |s| s.check(p))?;
        p.kohya_oft.as_ref().map_or(Ok(()), |o| o.check(p))?;
        for k in p.keys() {
            match seen.iter().find(|(s, _)| *s == k) {
                Some((_, other)) if *other != p.id => {
                    return Err(format!(
                        "diffusion.toml: `{}`: name `{k}` is `{other}`'s",
                        p.id
                    ));
                }
                Some(_) => {}
                None => seen.push((k, &p.id)),
            }
        }
    }
    Ok(list)
}

fn check(p: &Pipeline) -> Result<(), String> {
    let bad = |what: &str| Err(format!("diffusion.toml: `{}`: {what}", p.id));
    let dated = |d: &str| crate::catalog::parse_date(d).is_some();
    if p.source.is_empty() || !dated(&p.as_of) {
        return bad("needs source and as_of");
    }
    if p.blocks > 0 && p.blocks_basis.is_empty() {
        return bad("blocks needs blocks_basis");
    }
    let sizes = [
        p.width,
        p.height,
        p.latent_channels,
        p.vae_scale,
        p.patch,
        p.hidden,
    ];
    if sizes.contains(&0)
        || p.act_bytes_per_token <= 0.0
        || p.act_basis.is_empty()
        || p.decode_bytes_per_px <= 0.0
        || p.decode_basis.is_empty()
    {
        return bad(
            "width, height, latent_channels, vae_scale, patch, hidden, act_*, decode_* must be set",
        );
    }
    if p.kind == Kind::Video && (p.frames == 0 || p.vae_time == 0) {
        return bad("a video pipeline needs frames and vae_time");
    }
    if p.decode_latent_frames > 0
        && (p.decode_latent_stride == 0
            || p.decode_latent_stride > p.decode_latent_frames
            || p.decode_frames_basis.is_empty()
            || p.kind != Kind::Video)
    {
        return bad("decode_latent_frames needs a video, 0 < decode_latent_stride <= it, a basis");
    }
    if p.note_en.is_some() != p.note_zh.is_some() {
        return bad("a note needs both languages");
    }
    if p.eager_heads > 0 && (p.eager_seq_div == 0 || p.eager_basis.is_empty()) {
        return bad("eager_heads needs eager_seq_div >= 1 and eager_basis");
    }
    if p.ref_images > 0 && (p.ref_image_side == 0 || p.ref_basis.is_empty()) {
        return bad("ref_images needs ref_image_side and ref_basis");
    }
    if let Some(w) = &p.wan_generate
        && (w.source.is_empty() || !dated(&w.as_of))
    {
        return bad("wan_generate needs source and as_of");
    }
    if let Some(v) = p.wan_generate.as_ref().and_then(|w| w.causal_vae.as_ref())
        && (v.dim_mult.is_empty()
            || v.temporal_up.len() >= v.dim_mult.len()
            || [v.z_dim, v.dec_dim, v.res_blocks, v.out_channels, v.patch].contains(&0)
            || v.bytes <= 0.0
            || v.basis.is_empty()
            || v.source.is_empty()
            || !dated(&v.as_of))
    {
        return bad(
            "causal_vae needs its shapes (temporal_up shorter than dim_mult), basis, source, as_of",
        );
    }
    if let Some(t) = &p.vae_tiling
        && (t.tile_px == 0
            || !(1..=t.tile_px).contains(&t.stride_px)
            || t.basis.is_empty()
            || t.source.is_empty()
            || !dated(&t.as_of))
    {
        return bad("vae_tiling needs tile_px, 0 < stride_px <= tile_px, basis, source, as_of");
    }
    for role in [Role::Denoiser, Role::TextEncoder, Role::Vae] {
        if p.weights_b(role) <= 0.0 {
            return bad("needs a denoiser, a text encoder and a VAE");
        }
    }
    for c in &p.component {
        check_component(&p.id, c)?;
    }
    Ok(())
}

/// One component of pipeline `id`: its size, sources, and the fields that go together.
fn check_component(id: &str, c: &Component) -> Result<(), String> {
    let bad = |what: &str| Err(format!("diffusion.toml: `{id}`: {what}"));
    let dated = |d: &str| crate::catalog::parse_date(d).is_some();
    if !(c.params_b > 0.0 && c.params_b.is_finite()) || c.source.is_empty() || !dated(&c.as_of) {
        return bad(&format!("component `{}`: params_b, source, as_of", c.name));
    }
    if !(0.0..c.params_b).contains(&c.fp8_kept_b)
        || (c.fp8_kept_b > 0.0) == c.fp8_kept_basis.is_empty()
    {
        return bad(&format!("component `{}`: fp8_kept_b and its basis", c.name));
    }
    let bnb = c.bnb_fp32_b + c.bnb_16bit_b;
    if c.bnb_fp32_b < 0.0
        || c.bnb_16bit_b < 0.0
        || bnb >= c.params_b
        || (bnb > 0.0) == c.bnb_basis.is_empty()
    {
        return bad(&format!("component `{}`: bnb_* and bnb_basis", c.name));
    }
    if c.optional == c.optional_basis.is_empty() || (c.optional && c.role != Role::TextEncoder) {
        return bad(&format!(
            "component `{}`: optional is a text encoder's, with its basis",
            c.name
        ));
    }
    let shaped = c.layers > 0 || c.width > 0 || c.embeddings_b > 0.0;
    if shaped
        && (c.layers == 0
            || c.width == 0
            || !(c.embeddings_b > 0.0 && c.embeddings_b < c.params_b)
            || c.shape_basis.is_empty()
            || c.role != Role::TextEncoder)
    {
        return bad(&format!(
            "component `{}`: a text encoder's layers, width, embeddings_b and shape_basis",
            c.name
        ));
    }
    if Precision::parse(&c.precision).is_none() {
        return bad(&format!(
            "component `{}`: precision `{}`",
            c.name, c.precision
        ));
    }
    Ok(())
}

/// The embedded pipelines (checked by a test; a broken file is a build-time bug).
pub fn pipelines() -> &'static [Pipeline] {
    static LIST: OnceLock<Vec<Pipeline>> = OnceLock::new();
    LIST.get_or_init(|| parse(EMBEDDED_DIFFUSION).unwrap_or_default())
}

/// The pipeline of `p`'s family (the id before its first `-`: `wan2.1`) whose id ends in the
/// size said apart from the name (`wan 2.1, 1.3b model` → `wan2.1-t2v-1.3b`, never the 14B the
/// bare name stands for; a MoE's `a14b` read as `14b`): the one place a family with several
/// sizes is resolved by a size, for the reader and `/pick` alike. `None` when no pipeline of
/// the family has that size, or more than one does.
pub fn sized_kin(p: &Pipeline, size: &str) -> Option<&'static Pipeline> {
    let said = crate::catalog::size_word(size)?.total_b;
    let (family, _) = p.id.split_once('-')?;
    let of_size = |q: &&Pipeline| {
        let (f, rest) = q.id.split_once('-').unwrap_or((q.id.as_str(), ""));
        let last = rest.rsplit('-').next().unwrap_or("");
        let last = last.strip_prefix('a').unwrap_or(last);
        f == family
            && crate::catalog::size_word(last).is_some_and(|s| (s.total_b - said).abs() < 1e-9)
    };
    let mut found = pipelines().iter().filter(of_size);
    match (found.next(), found.next()) {
        (Some(q), None) => Some(q),
        _ => None,
    }
}

/// A pipeline by any of its names: `flux.1-dev`, `FLUX.1-dev`, `black-forest-labs/FLUX.1-dev`.
pub fn find(name: &str) -> Option<&'static Pipeline> {
    // Every name normalized once: the reader asks this of each span of a question, and
    // normalizing every pipeline's names per call was a quarter of a question's reading time.
    static BY_KEY: OnceLock<HashMap<String, usize>> = OnceLock::new();
    let index = BY_KEY.get_or_init(|| {
        let mut index = HashMap::new();
        for (i, p) in pipelines().iter().enumerate() {
            for k in p.keys() {
                index.entry(k).or_insert(i);
            }
        }
        index
    });
    let key = crate::catalog::normalize(name);
    index.get(&key).map(|&i| &pipelines()[i])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_file_is_valid_and_complete() {
        let list = parse(EMBEDDED_DIFFUSION).unwrap();
        assert_eq!(list.len(), pipelines().len());
        for id in [
            "sdxl",
            "sd3.5-large",
            "sd3.5-medium",
            "flux.1-dev",
            "flux.1-schnell",
        ] {
            assert!(list.iter().any(|p| p.id == id), "{id}");
        }
        assert!(list.iter().filter(|p| p.kind == Kind::Video).count() >= 4);
    }

    #[test]
    fn a_size_said_apart_picks_the_familys_pipeline_of_that_size() {
        let id =
            |name: &str, size: &str| sized_kin(find(name).unwrap(), size).map(|p| p.id.as_str());
        assert_eq!(id("wan 2.1", "1.3b"), Some("wan2.1-t2v-1.3b"));
        assert_eq!(id("wan2.1-t2v-1.3b", "1.3B"), Some("wan2.1-t2v-1.3b"));
        assert_eq!(id("wan 2.2", "5b"), Some("wan2.2-ti2v-5b"));
        // A MoE's `a14b` is its 14B.
        assert_eq!(id("wan2.2-ti2v-5b", "14b"), Some("wan2.2-t2v-a14b"));
        // Two pipelines of one size (T2V and I2V 14B): none picked by the size alone.
        assert_eq!(id("wan 2.1", "14b"), None);
        // A size no pipeline of the family has, or a family of one size: none.
        assert_eq!(id("wan 2.1", "7b"), None);
        assert_eq!(id("flux.1-dev", "12b"), None);
    }

    #[test]
    fn names_and_shared_weights() {
        assert_eq!(
            find("black-forest-labs/FLUX.1-dev").unwrap().id,
            "flux.1-dev"
        );
        assert_eq!(find("Flux Schnell").unwrap().id, "flux.1-schnell");
        assert_eq!(find("wan2.1").unwrap().id, "wan2.1-t2v-14b");
        let (dev, schnell) = (find("flux.1-dev").unwrap(), find("flux.1-schnell").unwrap());
        assert_eq!(
            dev.weights_b(Role::Denoiser),
            schnell.weights_b(Role::Denoiser)
        );
        assert_ne!(dev.source, schnell.source);
        assert!(find("qwen2.5-7b").is_none());
    }

    #[test]
    fn broken_data_is_refused_with_the_entry_named() {
        let broken = EMBEDDED_DIFFUSION.replacen("params_b = 11.9", "params_b = -1", 1);
        assert!(parse(&broken).unwrap_err().contains("flux.1-dev"));
        let broken = EMBEDDED_DIFFUSION.replacen("of = \"flux.1-dev\"", "of = \"nope\"", 1);
        assert!(parse(&broken).unwrap_err().contains("nope"));
    }
}
