//! Where helper und-s's mechanisms join the reader (one call per stage): its words written
//! plainly before reading (a bare English ceiling per hour, [`super::bare_ceiling`]; fresh23's
//! words, [`super::fresh23_words`]) and its
//! rules tried before the general ones (half a year as a price history's window,
//! [`super::half_year`]; a card's memory asked as its specs, [`super::memory_asked`]).

use super::Reading;
use super::question::Question;
use crate::catalog::Catalog;

/// The text with und-s's words written plainly (called before anything reads it).
pub(super) fn plain(catalog: &Catalog, norm: &str) -> String {
    super::bare_ceiling::plain(&super::fresh23_words::plain(catalog, norm))
}

/// Asks the general rules misread, tried before them.
pub(super) fn rules(q: &Question) -> Option<Reading> {
    super::half_year::half_year(q).or_else(|| super::memory_asked::memory_asked(q))
}
