//! The days a week said, set against a day's hours, and which words are a card, model or
//! platform already read: shared by the question's stages and the facts of `/pick` (a module
//! of its own so that `facts` does not reach into `stages`).

use super::entities::Entities;
use crate::catalog::Catalog;

/// The days a week said (`一周5天`, weekdays as the lexicon writes them: `工作日每天8小时`) set
/// against a day's hours for a reader of facts alone (`/pick`), as `stages::entities_said` sets them
/// for a question: one reading (8 h on weekdays had been 8 h every day of 30 in `/pick`).
pub(super) fn week_share(catalog: &Catalog, toks: &[String], e: &mut Entities) {
    let taken: Vec<bool> = toks.iter().map(|t| taken_word(catalog, e, t)).collect();
    super::period::week_days(toks, &taken, &mut e.usage);
}

/// Whether a word names one of the cards, models or platforms read (no part of a usage).
pub(super) fn taken_word(catalog: &Catalog, e: &Entities, t: &str) -> bool {
    let gpu = catalog
        .find_gpu(t)
        .is_some_and(|g| e.gpus.iter().any(|c| c.gpu == g.id));
    let model = catalog
        .model_by_name(t)
        .is_some_and(|m| e.models.contains(&m.id));
    let platform = catalog
        .find_platform(t)
        .is_some_and(|p| e.platforms.contains(&p.id));
    gpu || model || platform
}
