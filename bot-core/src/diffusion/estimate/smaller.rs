//! The smaller output [`super::what_fits`] offers last.

use super::DiffusionRequest;
use crate::diffusion::Kind;

/// A smaller output: 768 px on the long side for an image, 480p and 49 frames for a clip.
pub(super) fn smaller(mut r: DiffusionRequest) -> DiffusionRequest {
    let scale = |w: u32, h: u32, long: u32| {
        let f = long as f64 / w.max(h) as f64;
        let round = |x: f64| ((x * f / 16.0).round() as u32).max(1) * 16;
        (round(w as f64), round(h as f64))
    };
    match r.pipeline.kind {
        Kind::Image if r.width.max(r.height) > 768 => {
            (r.width, r.height) = scale(r.width, r.height, 768);
        }
        Kind::Video => {
            if r.width.max(r.height) > 832 {
                (r.width, r.height) = scale(r.width, r.height, 832);
            }
            r.frames = r.frames.min(49);
        }
        Kind::Image => {}
    }
    r
}
