//! The catalog models a size-only guess borrows its shape from (a child of `shape`).

use super::Shape;
use crate::catalog::Model;

impl Shape {
    /// The catalog's dense model nearest in size to a size-only guess (by ratio of sizes, the
    /// first listed on a tie): a plain decoder (no experts, no MLA, no compressed attention)
    /// from the embedded `models.toml`. Its layers, KV heads, head dim and width ratios are
    /// what a model of that size really looks like, where a formula shape is not (a 70B-class
    /// model has 80 layers; a Llama-2 width ratio solved for 72B gives 103, and 29% more KV).
    /// A release its publisher superseded (`superseded_by`: Qwen1.5-72B's 64 KV heads beside
    /// Qwen2.5-72B's 8) is not what a model of that size looks like now, so it is no template.
    pub fn size_template(params_b: f64) -> Option<&'static Model> {
        Shape::template_models().min_by(|a, b| {
            let d = |m: &Model| (m.params_b / params_b).ln().abs();
            d(a).total_cmp(&d(b))
        })
    }

    /// The templates a size-only guess could as well have been shaped like: the nearest
    /// ([`Shape::size_template`]) and the catalog's nearest plain dense models just below and
    /// just above the size. Real models of one size differ in depth, KV heads and width; the
    /// spread of an estimate over these shapes is the guess's own error (`vram::size_guess`).
    pub fn size_templates_near(params_b: f64) -> Vec<&'static Model> {
        let plain = Shape::template_models();
        let mut below: Option<&'static Model> = None;
        let mut above: Option<&'static Model> = None;
        for m in plain {
            if m.params_b <= params_b {
                if below.is_none_or(|b| m.params_b > b.params_b) {
                    below = Some(m);
                }
            } else if above.is_none_or(|a| m.params_b < a.params_b) {
                above = Some(m);
            }
        }
        let mut out: Vec<&'static Model> = Vec::new();
        for m in [Shape::size_template(params_b), below, above]
            .into_iter()
            .flatten()
        {
            if !out.iter().any(|o| o.id == m.id) {
                out.push(m);
            }
        }
        out
    }
}
