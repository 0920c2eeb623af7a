//! Beam search in Hugging Face Transformers' `generate` (`num_beams=N`; `/fit` word `beams=N`,
//! CLI `--beams`): what it holds at once, read in transformers 4.57.1
//! (`transformers/generation/utils.py`, `cache_utils.py` of the published wheel).
//!
//! - `generate` expands the prompt to `batch × num_beams` rows before the first forward pass
//!   (`_expand_inputs_for_generation(expand_size=max(num_beams, num_return_sequences))`), so the
//!   prefill runs every beam's copy of the prompt and the KV cache holds one row per beam for the
//!   whole sequence: beams are sequences, for the cache and for the prefill's workspace
//!   (`sequences`).
//! - Each step of `_beam_search` keeps the last position's logits (`logits_to_keep=1`) in the
//!   model's 16-bit dtype, copies them to fp32 (`.to(copy=True, dtype=torch.float32)`), takes
//!   `log_softmax` and adds the running beam scores (a new `[batch, beams × vocab]` tensor) before
//!   `topk`: 2 + 4 + 4 + 4 bytes per vocabulary entry per beam (`STEP_BYTES_PER_LOGIT`).
//! - It then reorders the cache to the surviving beams: `DynamicLayer.reorder_cache` replaces
//!   each layer's keys, then its values, by an `index_select` copy, so one layer's keys are held
//!   twice for a moment (`reorder_bytes`).
//! - The token ids (`running_sequences`, `sequences`, the top-k copies, int64 over `max_length`)
//!   are a few MiB and not counted.
//!
//! The steps come after the prefill has freed its workspace, so the transient part of the peak
//! is the larger of the prefill's and a step's (`vram::infer`).

/// Most beams accepted (a typo beyond this).
pub const MAX_BEAMS: u32 = 256;

/// Bytes per vocabulary entry and beam a beam-search step holds at once: the 16-bit logits of
/// the last position, their fp32 copy, the fp32 log-probabilities and the fp32 scores with the
/// running beam scores added.
pub const STEP_BYTES_PER_LOGIT: f64 = 2.0 + 4.0 + 4.0 + 4.0;

/// Sequences the request holds: each beam is one row of the cache and of the prefill.
pub(super) fn sequences(batch: u32, beams: u32) -> f64 {
    f64::from(batch) * f64::from(beams.max(1))
}

/// A beam-search step's transient bytes on the card holding the LM head: the scores over the
/// vocabulary for every beam, and one layer's keys copied while the cache is reordered
/// (`kv_card`: this card's cache, `layers_card`: its layers).
pub(super) fn step_bytes(vocab: f64, seqs: f64, kv_card: f64, layers_card: f64) -> f64 {
    let scores = STEP_BYTES_PER_LOGIT * vocab * seqs;
    let reorder = kv_card / (2.0 * layers_card.max(1.0));
    scores + reorder
}

/// GiB of the scores a beam-search step holds over the vocabulary for every beam, for the
/// answer to state; 0 without beams or for a size-only guess (no vocabulary known).
pub fn beam_scores_gib(req: &super::FitRequest) -> f64 {
    let super::ModelRef::Known(m) = req.model else {
        return 0.0;
    };
    if req.beams <= 1 {
        return 0.0;
    }
    super::Shape::from_model(m)
        .map(|s| STEP_BYTES_PER_LOGIT * s.vocab as f64 * sequences(req.batch, req.beams))
        .map_or(0.0, |b| b / super::GIB)
}
