//! The labelled member / student price beside an answer priced on what any user can pay:
//! "member price: ¥5.64, only with membership" — never the figure the answer ranks on unless
//! the user said they qualify (`member`, `会员`, `学生`).

use crate::billing::RankedOffer;
use crate::i18n::Lang;
use crate::reply::Msg;

/// The cheapest member offer for the job, when it is cheaper than `than` (the answer's own
/// first figure; `None`: whenever there is one).
pub(super) fn cheaper<'a>(
    member: Option<&'a RankedOffer>,
    than: Option<&RankedOffer>,
) -> Option<&'a RankedOffer> {
    member.filter(|m| than.is_none_or(|o| m.cost.total_cost < o.cost.total_cost))
}

/// The line for member offer `m` on `platform` (its name as the reader knows it), whose job
/// costs `total` (as the answer writes totals).
pub(super) fn member_line(lang: Lang, platform: String, m: &RankedOffer, total: String) -> Msg {
    let q = &m.quote;
    // Who qualifies, as the source says it (the quote's own note), or nothing.
    let note = if lang == Lang::Zh {
        &q.note_zh
    } else {
        &q.note_en
    };
    Msg::new("billing-member-line")
        .arg("platform", platform)
        .arg("total", total)
        .arg("as_of", q.as_of.as_str())
        .arg("note", note.clone().unwrap_or_default())
}
