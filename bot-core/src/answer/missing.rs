//! The answer to a question that names too little ([`crate::understand::Missing`]): what is
//! missing, asked, with an example to copy.

use crate::context::Ctx;
use crate::i18n::Lang;
use crate::reply::{Msg, Reply};
use crate::understand::Missing;

pub fn reply(ctx: &Ctx, m: &Missing) -> Reply {
    let msg = match m {
        Missing::Price { span: None } => Msg::new("understand-missing-price"),
        Missing::Price { span: Some(s) } => Msg::new("understand-missing-price-span")
            .arg("span", super::common::localize_value(ctx.lang, s)),
        Missing::Fit { card: None } => Msg::new("understand-missing-fit"),
        Missing::Fit { card: Some(id) } => {
            let name = ctx
                .catalog
                .find_gpu(id)
                .map(|g| g.display_name(ctx.lang == Lang::Zh).to_string())
                .unwrap_or_else(|| id.clone());
            Msg::new("understand-missing-fit-card")
                .arg("card", name)
                .arg("id", id.as_str())
        }
        Missing::Alert => Msg::new("understand-missing-alert"),
        Missing::Cancel => Msg::new("understand-missing-cancel"),
        Missing::Stock => Msg::new("understand-missing-stock"),
        Missing::Trend => Msg::new("understand-missing-trend"),
    };
    Reply::text(msg)
}
