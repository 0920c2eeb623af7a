//! How the model words of a `/fit` line were read, said in the answer: a family and a size
//! read as a catalog model (`llama-70b` → Llama-3.1-70B, with what else it could mean), and a
//! bare size sized as a dense model.

use crate::catalog::Catalog;
use crate::reply::Msg;
use crate::vram::ModelRef;

/// Bare sizes at or above this many billions are often MoE models; the answer says that a bare
/// size is sized as dense and how to give the active count.
const LARGE_BARE_SIZE_B: f64 = 200.0;

fn trim_b(x: f64) -> String {
    let s = format!("{x:.1}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// `llama-70b` read as the catalog's Llama-3.1-70B, naming the other models of that family
/// and size (`Catalog::model_by_family_and_size`).
pub(super) fn read_as_note(catalog: &Catalog, typed: Option<&str>) -> Option<Msg> {
    let typed = typed?;
    let found = catalog.model_by_family_and_size(typed)?;
    let others = found
        .others
        .iter()
        .map(|m| m.name.as_str())
        .collect::<Vec<_>>()
        .join(", ");
    let others = if others.is_empty() {
        "none".to_string()
    } else {
        others
    };
    Some(
        Msg::new("fit-read-as")
            .arg("typed", typed)
            .arg("model", found.model.name.as_str())
            .arg("others", others),
    )
}

/// A bare size (`671b`) is sized as a dense model. Say so, with `NNNb-aMMb` for the active
/// count, when it is large or matches a MoE model's total in the catalog (within 3%), naming
/// those models. `None` for a catalog model or a raw MoE size.
pub fn bare_size_warning(catalog: &Catalog, model: ModelRef) -> Option<Msg> {
    let ModelRef::BySize {
        params_b,
        active_b: None,
    } = model
    else {
        return None;
    };
    let like: Vec<&crate::catalog::Model> = catalog
        .models
        .iter()
        .filter(|m| m.is_moe() && (m.params_b - params_b).abs() <= 0.03 * m.params_b)
        .take(3)
        .collect();
    if like.is_empty() && params_b < LARGE_BARE_SIZE_B {
        return None;
    }
    let example = like.first().map_or_else(
        || format!("{}b-aNNb", trim_b(params_b)),
        |m| format!("{}b-a{}b", trim_b(params_b), trim_b(m.active_params_b)),
    );
    let models = like
        .iter()
        .map(|m| m.id.as_str())
        .collect::<Vec<_>>()
        .join(", ");
    Some(
        Msg::new("fit-warn-bare-size")
            .arg("size", format!("{}b", trim_b(params_b)))
            .arg("example", example)
            .arg(
                "models",
                if models.is_empty() {
                    "none".to_string()
                } else {
                    models
                },
            ),
    )
}

/// fp32 weights run under 16-bit autocast (`amp`): the 16-bit weight copies the estimate
/// counts (`vram::autocast_copies_gib`), and the word that avoids them.
pub(super) fn autocast_note(req: &crate::vram::FitRequest) -> Option<Msg> {
    let gib = crate::vram::autocast_copies_gib(req);
    (gib > 0.0).then(|| {
        Msg::new("fit-autocast-copies")
            .arg("gib", format!("{gib:.1}"))
            .arg(
                "gc",
                if req.task.is_training() && req.grad_checkpointing {
                    "on"
                } else {
                    "off"
                },
            )
    })
}
