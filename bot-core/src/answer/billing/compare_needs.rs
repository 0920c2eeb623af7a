//! `/compare` with needs said beside the card (`/compare 4090 alipay 1h`, or a question's
//! `支持支付宝的平台 4090 哪家便宜`): only the platforms known to meet every need are ranked;
//! when none that lists the card is, every one is ranked and that is said, never dropped
//! silently.

use crate::billing::RankedOffer;
use crate::catalog::Catalog;
use crate::i18n::Lang;
use crate::lexicon::Need;
use crate::reply::{Msg, Part, Reply};

/// The ranked platforms known to meet every need (empty when no need is said or none does).
pub(super) fn meeting(catalog: &Catalog, needs: &[Need], offers: &[RankedOffer]) -> Vec<String> {
    if needs.is_empty() {
        return Vec::new();
    }
    offers
        .iter()
        .filter_map(|o| catalog.platform(&o.platform_id).ok())
        .filter(|p| needs.iter().all(|n| n.met_by(p) == Some(true)))
        .map(|p| p.id.clone())
        .collect()
}

/// Says under the title which needs the ranking keeps to, or that no platform listing the
/// card is known to meet them and every one is ranked.
pub(super) fn needs_said(lang: Lang, needs: &[Need], met: bool, mut r: Reply) -> Reply {
    if needs.is_empty() {
        return r;
    }
    let keys: Vec<&str> = needs.iter().map(Need::key).collect();
    let names = crate::answer::platform_filter::need_names(lang, &keys);
    let id = if met {
        "billing-compare-needs"
    } else {
        "billing-compare-needs-none"
    };
    r.insert(1, Part::Text(Msg::new(id).arg("needs", names)));
    r
}
