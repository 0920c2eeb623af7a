//! Where helper und-w's rules join the reader (issue 26: fresh25's and fresh26's leftovers):
//! tried before every other rule, since the general ones read their words as something else (a
//! memory size asked which models it holds as the offers with that memory, a region asked which
//! platform as guidance from scratch).

use super::Reading;
use super::question::Question;
use crate::catalog::Catalog;

/// Asks the general rules would misread.
pub(super) fn first(q: &Question) -> Option<Reading> {
    super::memory_models::models_for_memory(q).or_else(|| super::region_asked::region_asked(q))
}

/// The text with und-w's words written plainly (called before anything reads it): a platform
/// used before said as the one left, a card quoted beside another taken out.
pub(super) fn plain(catalog: &Catalog, norm: &str) -> String {
    super::quoted::plain(catalog, &super::region_asked::used_before(catalog, norm))
}
