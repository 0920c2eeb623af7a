//! The labelled member / student price beside an answer priced on what any user can pay:
//! "member price: ¥5.64, only with membership" — never the figure the answer ranks on unless
//! the user said they qualify (`member`, `会员`, `学生`).

use crate::billing::RankedOffer;
use crate::catalog::Catalog;
use crate::i18n::Lang;
use crate::reply::Msg;

/// The line for `member`, the cheapest member offer for the job, when it is cheaper than
/// `than` (the answer's own first figure; `None`: show it whenever there is one).
pub(crate) fn member_line(
    catalog: &Catalog,
    lang: Lang,
    member: Option<&RankedOffer>,
    than: Option<&RankedOffer>,
) -> Option<Msg> {
    let m = member.filter(|m| than.is_none_or(|o| m.cost.total_cost < o.cost.total_cost))?;
    let zh = lang == Lang::Zh;
    let platform = super::reply::platform_name(catalog, zh, &m.platform_id);
    let q = &m.quote;
    // Who qualifies, as the source says it (the quote's own note), or that it was not found.
    let note = if zh { &q.note_zh } else { &q.note_en };
    Some(
        Msg::new("billing-member-line")
            .arg("platform", platform)
            .arg("total", super::total_text(m))
            .arg("as_of", q.as_of.as_str())
            .arg("note", note.clone().unwrap_or_default()),
    )
}
