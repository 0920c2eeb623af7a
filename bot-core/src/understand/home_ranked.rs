//! Where the person is, said beside a stock question (`我在美国，哪里能租到h100`, `I'm in
//! Germany, where can I rent a 4090?`, `based in SG, any a100 in stock`): the `/stock` reading
//! keeps the place to rank its rows by (`StockArgs::home`), never as a filter that would drop a
//! platform of unknown location, and never in the line (a place asked for machines is a need
//! the readers already write: `/offers … region=us`, `/platforms us`). und_cl, issue 26; the
//! same for `/offers` (`OffersArgs::home`: `我在上海，哪里能租到8卡A100`) and a `/platforms` filter
//! (`PlatformsArgs::home`: `I'm in Germany, which platforms take paypal`), und_ct.

use super::Reading;
use super::request::Request;
use crate::lexicon::Need;

/// `reading` with the home place said in `norm` kept on a `/stock` on every platform, an
/// `/offers` or a `/platforms` filter that filters by no place of its own.
pub(super) fn with_home(norm: &str, reading: Reading) -> Reading {
    let Some(home) = crate::lexicon::place_of_home(norm) else {
        return reading;
    };
    match reading {
        Reading::Command(Request::Stock(mut s))
            if s.platform.is_none()
                && !s
                    .needs
                    .iter()
                    .any(|n| matches!(n, Need::Place(_) | Need::Region(_))) =>
        {
            s.home = Some(home);
            Reading::Command(Request::Stock(s))
        }
        // `/offers` with no place asked (`region=`): its rows ordered by where the person is.
        Reading::Command(Request::Offers(mut o)) if o.filter.region.is_none() => {
            o.home = Some(home);
            Reading::Command(Request::Offers(o))
        }
        // `/platforms` filtered by needs, no place asked: the list ordered by it.
        Reading::Command(Request::Platforms(mut p)) if p.place.is_none() && !p.needs.is_empty() => {
            if p.needs
                .iter()
                .any(|n| matches!(n, Need::Place(_) | Need::Region(_)))
            {
                return Reading::Command(Request::Platforms(p));
            }
            p.home = Some(home);
            Reading::Command(Request::Platforms(p))
        }
        other => other,
    }
}
