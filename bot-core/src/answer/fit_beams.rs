//! The `/fit` line for beam search (`beams=N`, `vram::beams`): how many sequences the beams make,
//! the KV cache they hold on the busiest card and a step's scores over the vocabulary, with the
//! word that changes it.

use crate::reply::{Msg, Reply};
use crate::vram::{FitReport, FitRequest};

/// States the beams' share of the figure when the request searches with more than one beam.
pub(super) fn push_beams(r: &mut Reply, req: &FitRequest<'_>, rep: &FitReport) {
    if req.beams <= 1 {
        return;
    }
    let engine = if req.engine == crate::vram::Engine::Transformers {
        "transformers"
    } else {
        "other"
    };
    r.push(
        Msg::new("fit-assume-beams")
            .arg("beams", req.beams)
            .arg("batch", req.batch)
            .arg("sequences", req.beams.saturating_mul(req.batch))
            .arg("kv", format!("{:.1}", rep.per_gpu.kv_cache_gib))
            .arg(
                "scores",
                format!("{:.2}", crate::vram::beam_scores_gib(req)),
            )
            .arg("engine", engine),
    );
}
