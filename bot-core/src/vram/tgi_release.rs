//! Which TGI (text-generation-inference) release serves the model (`tgi=3.2`; CLI
//! `--tgi-release`), for the one thing its source changed that the card feels: how Gemma-3's
//! prefill with an image attends before 3.3 (held-out 25, mem_ao). Without the word the
//! estimate sizes today's TGI, whose prefill takes no such path.
//!
//! - **The warm-up carries an image.** TGI's router sizes the KV cache by a warm-up prefill
//!   whose first request is `min(max_input_tokens, max_batch_prefill_tokens)` tokens of text plus
//!   an image (`backends/v3/src/client/grpc_client.rs` `warmup`, `WARMUP_IMAGE_BASE64`, tag
//!   v3.2.1): the longest prompt the server accepts, with `pixel_values`.
//! - **With `pixel_values`, Gemma-3 attends through a dense mask.** `flash_gemma3_modeling.py`
//!   (v3.2.0 to v3.2.3) builds `get_attention_mask`'s `[batch, 1, n, n]` 16-bit mask, and a
//!   sliding-window copy, whenever an image is present, and calls
//!   `F.scaled_dot_product_attention(…, attn_mask=mask, enable_gqa=True)` in place of flash
//!   attention. PyTorch's flash kernel refuses any `attn_mask` (`check_for_attn_mask`) and its
//!   memory-efficient kernel refuses grouped-query heads
//!   (`check_batch_size_and_num_heads_dense<false>` in `sdp_utils.cpp`), so it is the math path
//!   (`vram::sdpa_math`): fp32 scores at 13 bytes per element and head, one layer at a time,
//!   over the heads of one shard, beside the two 16-bit masks every layer reads.
//! - **3.3 moved it to flashinfer.** "Support flashinfer for Gemma3 prefill" (#3167, commit
//!   84ab88d8, 2025-04-17) is in v3.3.0 and in none of v3.2.x: from 3.3 the prefill takes
//!   TGI's default attention and holds no scores.
//!
//! Checked on TGI#3105 (4 × H100, TGI `sha-411a282` = the "Release 3.2.0" commit: 64k OOM, the
//! 23k TGI chose starts) and TGI#3130 (4 × A100 80GB, TGI 3.2.1, a 31 000-token prefill: "Not
//! enough memory to handle 31000 prefill tokens"). Tested on other models, cards and contexts in
//! `tests/suite/fit_mem_ao_mechanisms.rs`.

use super::request::{FitRequest, ModelRef};
use super::{Engine, Shape, TgiRelease};
use crate::reply::Msg;

/// Gemma-3's image prefill through flashinfer from here on (#3167, v3.3.0).
pub const FLASHINFER_GEMMA3_FROM: TgiRelease = TgiRelease { major: 3, minor: 3 };

/// Bytes per score element and head on the math path (`vram::sdpa_math`).
const SCORE_BYTES: f64 = super::sdpa_math::MATH_SCORE_BYTES;

/// Bytes per element of the masks every layer reads: `get_attention_mask`'s 16-bit mask and
/// its sliding-window copy (`attention_mask_local`), 2 + 2.
const MASK_BYTES: f64 = 4.0;

/// Whether the request's prefill takes that path: TGI named as the server, a release before
/// [`FLASHINFER_GEMMA3_FROM`], and a Gemma-3 checkpoint that loads with its vision tower
/// (`Gemma3ForConditionalGeneration`: the 4B, 12B and 27B; the text-only 1B gets no
/// `pixel_values`).
pub fn masked_prefill(req: &FitRequest, tgi: bool) -> bool {
    tgi && req.engine == Engine::Vllm
        && !req.task.is_training()
        && req.tgi_release.is_some_and(|r| r < FLASHINFER_GEMMA3_FROM)
        && matches!(req.model, ModelRef::Known(m) if super::unsloth_loss::compiled_chunked(m))
}

/// Bytes one shard holds at the warm-up prefill's peak on that path: one layer's fp32 scores
/// over the shard's heads for a prefill of the request's context, and the two masks; 0 when
/// the path does not apply.
pub fn masked_prefill_bytes(shape: &Shape, req: &FitRequest, tgi: bool, shards: f64) -> f64 {
    if !masked_prefill(req, tgi) {
        return 0.0;
    }
    let n = f64::from(req.context);
    let heads = (f64::from(shape.heads) / shards.max(1.0)).ceil();
    n * n * (heads * SCORE_BYTES + MASK_BYTES)
}

/// The answer's note when the path applies: the release, the prefill and what one shard's
/// scores take, with the release that ends it.
pub fn warning(shape: &Shape, req: &FitRequest, server: super::Server) -> Option<Msg> {
    let tgi = server == super::Server::Tgi;
    let r = req.tgi_release.filter(|_| masked_prefill(req, tgi))?;
    let bytes = masked_prefill_bytes(shape, req, tgi, f64::from(req.cards.max(1)));
    Some(
        Msg::new("fit-warn-tgi-masked-prefill")
            .arg("release", r.label())
            .arg("tokens", req.context)
            .arg("gib", super::round2(bytes / super::GIB)),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn releases_parse_and_order() {
        let a = TgiRelease::parse("3.2").unwrap();
        let b = TgiRelease::parse("v3.2.1").unwrap();
        let c = TgiRelease::parse("3.3.0").unwrap();
        assert_eq!(a, b);
        assert!(b < FLASHINFER_GEMMA3_FROM && c >= FLASHINFER_GEMMA3_FROM);
        assert_eq!(TgiRelease::parse("2.4.1").unwrap().label(), "2.4");
        for bad in ["", "3", "3.x", "0.9", "10.1", "3.2.1.4", "sha-411a282"] {
            assert_eq!(TgiRelease::parse(bad), None, "{bad}");
        }
    }
}
