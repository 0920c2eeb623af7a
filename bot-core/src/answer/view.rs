//! What a catalog answer reads ([`View`]) and how it prints a figure; below the catalog
//! answers and their side-by-side view, which both use it.

use crate::catalog::Catalog;
use crate::context::Ctx;
use crate::i18n::Lang;

/// What a catalog answer needs: the catalog, the language, and today (for staleness labels).
/// The chat builds it from its [`Ctx`]; the CLI builds it from its flags.
#[derive(Debug, Clone, Copy)]
pub struct View<'a> {
    pub catalog: &'a Catalog,
    pub lang: Lang,
    pub today: i64,
    /// The currency the reader sees prices in (the chat's; the CLI's is USD).
    pub currency: &'a str,
}

impl<'a> View<'a> {
    pub fn of(ctx: &'a Ctx<'_>) -> View<'a> {
        View {
            catalog: ctx.catalog,
            lang: ctx.lang,
            today: ctx.today,
            currency: &ctx.currency,
        }
    }
}

pub(super) fn fmt_num(x: f64) -> String {
    if (x - x.round()).abs() < 1e-9 {
        format!("{x:.0}")
    } else {
        format!("{x:.1}")
    }
}
