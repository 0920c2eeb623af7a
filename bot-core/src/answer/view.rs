//! What a catalog answer needs (the catalog, the language, today, the reader's currency),
//! shared by the catalog answers and the side-by-side `/gpu` without either importing the
//! other.

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

/// A figure as catalog answers print it: whole when it is, else one decimal.
pub fn fmt_num(x: f64) -> String {
    if (x - x.round()).abs() < 1e-9 {
        format!("{x:.0}")
    } else {
        format!("{x:.1}")
    }
}
