//! A generation job's pipeline changed at a later step (`sdxl吧` at the usage step after flux):
//! a correction, kept and said back, the open step asked again (helper und_de, issue 26 §4).

use super::state::{PickState, Step};
use crate::reply::{Msg, Reply};

/// The state with the pipeline said now, and its echo; `None` when no generation job is being
/// sized, its pipeline step is open (its own answer), or the pipeline said is the one kept.
pub(super) fn pipeline_changed(state: &PickState, text: &str) -> Option<(PickState, Reply)> {
    if state.media.is_none() || state.step == Step::Model {
        return None;
    }
    let p = super::media::pipeline_in(text)?;
    if state.pipeline.as_deref() == Some(p.id.as_str()) {
        return None;
    }
    let mut s = state.clone();
    let media = s.media?;
    super::media::apply(&mut s, media, Some(p));
    // A card held for the old pipeline is judged again at the card step.
    if s.gpu.is_some() || s.skip.contains(&Step::Card) {
        super::card::reopen_card_step(&mut s);
    }
    let mut r = Reply::text(Msg::new("pick-noted"));
    r.push(Msg::new("pick-understood-model").arg("name", &p.name));
    Some((s, r))
}
