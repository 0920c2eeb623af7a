//! A vision-language model's image encoder beyond vLLM's start-up profile (mem_ad, held-out 22):
//! the processor's largest image as the user caps it (`max_pixels=`, vLLM's
//! `mm_processor_kwargs`), and the tiled encoder of Llama-3.2-Vision as Ollama loads and sizes
//! it (its projector file in 16 bits and the projector graph Ollama reserves).

use crate::catalog::VisionTower;

/// The tower with the processor's largest image the user set (`FitRequest::max_pixels`, word
/// `max_pixels=`, CLI `--max-pixels`): Qwen2-VL / Qwen2.5-VL / Qwen3-VL's image processor
/// resizes every image to at most `max_pixels` (`smart_resize` in transformers'
/// `image_processing_qwen2_vl.py`), and vLLM's profile builds its dummy image from the
/// processor's own limit, so `mm_processor_kwargs={"max_pixels": …}` is the image it encodes
/// at start-up (vLLM `model_executor/models/qwen2_vl.py`, `get_image_size_with_most_features`
/// reads `max_pixels` from the processor built with the user's kwargs). At least one merged
/// patch. A tiled tower (Llama-3.2-Vision) has no such word: its tiles are fixed.
pub fn capped(v: &VisionTower, max_pixels: Option<u64>) -> VisionTower {
    let mut t = *v;
    if let Some(cap) = max_pixels.filter(|_| v.tiles == 0) {
        t.max_pixels = cap.max((v.patch as u64 * v.merge as u64).pow(2));
    }
    t
}

/// Image tokens of the largest image the tower takes: patches of `patch`² pixels, every
/// `merge`² patches one language-model token (a tiled tower: each tile's patches and its class
/// token).
pub fn image_tokens(v: &VisionTower) -> u64 {
    let patches = v.max_pixels / (v.patch as u64).pow(2);
    if v.tiles > 0 {
        return patches + v.tiles as u64;
    }
    (patches / (v.merge as u64).pow(2)).max(1)
}

/// Parameters of the encoder's blocks and its projection into the decoder: each block four
/// `hidden`² attention matrices and an MLP of two `hidden` × `intermediate` matrices (the
/// ViT-H of Llama-3.2-Vision and Qwen2-VL's tower are not gated), three where it is gated
/// (`VisionTower::gated`: Pixtral's `PixtralMLP` has gate, up and down); the projection of a tiled
/// tower takes five layers' outputs (`vision_output_dim` 7680 = 5 × 1280, the last layer and
/// four intermediate ones: torchtune `clip_hidden_states` [3, 7, 15, 23, 30]) to the decoder's
/// width. Position and tile embeddings are left out (about 0.08B for Llama-3.2-Vision).
pub fn encoder_params(v: &VisionTower, decoder_hidden: u32) -> f64 {
    let h = v.hidden as f64;
    let mlp = if v.gated { 3.0 } else { 2.0 };
    let blocks = v.depth as f64 * (4.0 * h * h + mlp * h * v.intermediate as f64);
    let projection = if v.tiles > 0 {
        5.0 * h * decoder_hidden as f64
    } else {
        let m = (v.merge as f64).powi(2) * h;
        m * m + m * decoder_hidden as f64
    };
    blocks + projection
}

/// What Ollama reserves on the first card for a tiled (mllama) projector beyond its weights:
/// `projectorMemoryRequirements` in Ollama's `llm/memory.go` (@ 3241b457904a91c709b4c77075a50917fab43aaa,
/// the estimate `ollama ps` reports): 4 bytes × (8 + the image's pixels over every tile + one
/// row of the encoder's width per patch + nine per padded patch + the global layers' attention
/// scores over every tile's padded patches together, per head). A tile of 560² in patches of
/// 14 has 40² patches and a class token (1601), padded as Ollama writes it
/// (`numPatches + 8 - (numPatches%8)%8`: 1608). `None` for an untiled tower or one whose heads
/// were not read.
pub fn ollama_tiled_graph_bytes(v: &VisionTower) -> Option<f64> {
    if v.tiles == 0 || v.heads == 0 {
        return None;
    }
    let tiles = v.tiles as f64;
    let tile_px = v.max_pixels as f64 / tiles;
    let side = (tile_px.sqrt() / v.patch as f64).floor();
    let patches = side * side + 1.0;
    let padded = patches + 8.0 - (patches % 8.0) % 8.0;
    let h = v.hidden as f64;
    Some(
        4.0 * (8.0
            + tile_px * 3.0 * tiles
            + h * patches * tiles
            + 9.0 * h * padded * tiles
            + (padded * tiles).powi(2) * v.heads as f64),
    )
}

/// Layers of a tiled (mllama) tower whose outputs it keeps for the projection beside the last
/// one: `vision_config.intermediate_layers_indices` [3, 7, 15, 23, 30] of Llama-3.2-Vision
/// (`vision_output_dim` 7680 = (1 + 5) × 1280).
const TILED_KEPT_LAYERS: f64 = 5.0;

/// vLLM V0's start-up profile of an encoder-decoder vision model (Llama-3.2-Vision), in bytes per
/// card: `enc_dec_model_runner.profile_run` builds `max_num_seqs` dummy sequence groups and gives
/// every one its own dummy image of the most tiles (`dummy_encoder_data_for_mllama`: a 1024²
/// image, 4 tiles of 560²; vllm#10569's log: `pixel_values is torch.Size([256, 1, 1, 4, 3,
/// 560, 560])`), and the tower encodes them in one batch. Per image, in `mllama.py`
/// (vllm-project/vllm@005ad95003ff57af6f921ac33a3507780ac756d2, `MllamaVisionModel.forward`): the
/// pixels (fp32 from the processor, cast to 16 bits), the `[tiles × padded, tiles × padded]`
/// attention mask `_prepare_aspect_ratio_attention_mask` builds in 16 bits (a product and its
/// scaled copy alive together), the outputs of the kept layers (`encoder_states`, stacked), and
/// one block's activations over every padded patch (the decoder's rule: `6 × intermediate / TP +
/// 8 × hidden` bytes per token; vLLM splits the tower's linears over the ranks). `None` for an
/// untiled tower. The same server that dies at the default 256 starts at `max_num_seqs` 32
/// (vllm#9445) and passes the profile at 128 on a 96 GB H100 (vllm#9630).
pub fn vllm_v0_tiled_profile_bytes(v: &VisionTower, max_seqs: u32, tp: f64) -> Option<f64> {
    if v.tiles == 0 {
        return None;
    }
    let tiles = v.tiles as f64;
    let tile_px = v.max_pixels as f64 / tiles;
    let side = (tile_px.sqrt() / v.patch as f64).floor();
    let patches = side * side + 1.0;
    let padded = patches + (8.0 - patches % 8.0) % 8.0;
    let tokens = tiles * padded;
    let h = v.hidden as f64;
    let pixels = tiles * 3.0 * tile_px * (4.0 + 2.0);
    let mask = 2.0 * tokens * tokens * 2.0;
    let kept = TILED_KEPT_LAYERS * tokens * h * 2.0;
    let block = tokens * (6.0 * v.intermediate as f64 / tp.max(1.0) + 8.0 * h);
    Some(max_seqs.max(1) as f64 * (pixels + mask + kept + block))
}

/// The projector's weights as llama.cpp and Ollama load them: a separate GGUF file kept in 16
/// bits whatever the text model's quantization (Ollama's `llama3.2-vision` tags ship one
/// projector file, the same for every text quantization). Returns the bytes to add
/// to weights already counted at `bits` per parameter: the tower's parameters at 2 bytes, less
/// what the catalog's total already counted for them at the quantization's width.
pub fn f16_projector_extra_bytes(v: &VisionTower, decoder_hidden: u32, bits: f64) -> f64 {
    encoder_params(v, decoder_hidden) * (2.0 - bits / 8.0).max(0.0)
}

/// The image's tokens in a Transformers run: the processor's largest image as capped
/// ([`capped`]), no more than the whole sequence the request sizes (a smaller image gives
/// fewer).
pub fn image_tokens_in(v: &VisionTower, max_pixels: Option<u64>, context: u32) -> u64 {
    image_tokens(&capped(v, max_pixels)).min(context as u64)
}

/// Bytes of one vision block's attention scores when Transformers runs the tower's attention
/// eagerly (`attn_implementation="eager"`): Qwen2-VL's `VisionAttention` and Qwen2.5-VL's
/// `eager_attention_forward` build `[heads, patches, patches]` scores over the whole image (a
/// full-attention block: all 32 of Qwen2-VL's, `fullatt_block_indexes` of Qwen2.5-VL's, whose
/// window blocks used a full `[1, patches, patches]` mask until transformers#37363), with the
/// fp32 softmax beside them: `EAGER_SCORE_BYTES` per element and head plus the 16-bit mask once.
/// Measured in transformers#37363 (A100, Qwen2.5-VL-7B bf16, one 1000 × 2530 image: 3240
/// tokens, 12 960 patches): peak allocated 38 783 MiB eager against 16 295 MiB with flash
/// attention, 21.96 GiB more, where this gives 20.3. `None` for a tiled tower or one whose
/// heads were not read.
pub fn eager_scores_bytes(v: &VisionTower, image_tokens: u64) -> Option<f64> {
    scores_bytes(v, image_tokens, super::parts::EAGER_SCORE_BYTES)
}

/// [`eager_scores_bytes`] at `per_score` bytes per element and head: SDPA's math path holds
/// fp32 scores and more (`vram::sdpa_math::MATH_SCORE_BYTES`).
pub fn scores_bytes(v: &VisionTower, image_tokens: u64, per_score: f64) -> Option<f64> {
    if v.tiles > 0 || v.heads == 0 {
        return None;
    }
    let patches = image_tokens as f64 * (v.merge as f64).powi(2);
    Some(patches * patches * (per_score * v.heads as f64 + 2.0))
}

/// What the answer says about the image encoder it sized: the image vLLM's start-up profile
/// encodes and the word that caps it, Ollama's tiled projector, the eager scores over the image.
pub(super) fn notes(shape: &super::Shape, req: &super::FitRequest) -> Vec<crate::reply::Msg> {
    use super::{Engine, GIB, ModelRef, round2};
    use crate::reply::Msg;
    let ModelRef::Known(m) = req.model else {
        return Vec::new();
    };
    let Some(v) = m.vision.as_ref() else {
        return Vec::new();
    };
    let mut out = Vec::new();
    if req.task.is_training() {
        return out;
    }
    let t = capped(v, req.max_pixels);
    // V0's profile carries every image a prompt may (`infer::profile_images`): said, with its word.
    if req.engine == Engine::Vllm && req.vllm_v0 && v.tiles == 0 {
        let n = req.images_per_prompt.unwrap_or(1);
        let given = if req.images_per_prompt.is_some() {
            "yes"
        } else {
            "no"
        };
        out.push(
            Msg::new("fit-warn-vision-images-v0")
                .arg("images", n)
                .arg("given", given),
        );
    }
    // `--mm-encoder-tp-mode data` over several ranks: the profile's item whole on one.
    let ranks = super::data_parallel::tensor_size(req);
    if req.engine == Engine::Vllm && req.mm_encoder_dp && ranks > 1 && v.tiles == 0 {
        out.push(Msg::new("fit-warn-vision-encoder-dp").arg("ranks", ranks));
    }
    // V1's dummy video, where it holds more tokens than the image (`vram::vllm_video_profile`).
    let video = super::vllm_video_profile::dummy_video(req, &t);
    match req.engine {
        Engine::Vllm if v.tiles == 0 => out.push(
            Msg::new("fit-warn-vision-image")
                .arg("pixels", t.max_pixels as f64)
                .arg("tokens", image_tokens(&t) as f64)
                .arg(
                    "given",
                    if req.max_pixels.is_some() {
                        "yes"
                    } else {
                        "no"
                    },
                ),
        ),
        Engine::Llamacpp => {
            if let Some(graph) = ollama_tiled_graph_bytes(v) {
                out.push(
                    Msg::new("fit-warn-ollama-projector")
                        .arg(
                            "weights",
                            round2(encoder_params(v, shape.hidden) * 2.0 / GIB),
                        )
                        .arg("graph", round2(graph / GIB)),
                );
            }
        }
        // SDPA's math path has its own warning (`vram::sdpa_math`, report.rs).
        // Eager scores in the tower: `vram::vision_calls::notes`.
        _ => {}
    }
    if let Some(d) = video.filter(|_| v.tiles == 0) {
        out.push(
            Msg::new("fit-warn-vision-video")
                .arg("frames", d.frames)
                .arg("tokens", d.tokens)
                .arg("patches", d.patches)
                .arg("ctx", req.context),
        );
    }
    out
}
