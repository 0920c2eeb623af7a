//! A platform the sentence names is either in the reading, or set aside by the reader that read
//! it, with the reason (`SetAside`), or — dropped by accident — carried where the command takes
//! a platform or asked back: never dropped in silence (issue 26; `docs/misses/und_und_ci.md`).
//!
//! Readers set a platform aside on purpose: refused (`除了vast`, `not lambda`), left for another
//! (`moving off runpod`), found wanting (`colab 那个太慢了`), out of stock there (`runpod's out of
//! h100s`), a price paid there as the reference (`costs me $3.67/h on GCP`), the platform to beat
//! (`比autodl便宜的4090`), or the user's own price on it costed as said. The words stage records
//! the platforms its passes take out of the text with the pass's reason ([`taken_from`]); a rule
//! records its own through [`super::question::Question::set_aside`]. One guard ([`guarded`]) then
//! checks "named − set aside ⊆ carried" once, after every reader. und_cf's guard without these
//! records newly missed 52 corpus rows, all platforms set aside on purpose.

use super::Reading;
use super::request::Request;
use crate::catalog::Catalog;

pub(crate) use super::aside::{Aside, SetAside};

/// The platforms the catalog names in `text` (ids, in the order said), found as the question's
/// entities are.
pub(super) fn named(catalog: &Catalog, text: &str) -> Vec<String> {
    super::entities::entities(catalog, &super::text::tokens(text)).platforms
}

/// The platforms named before a words pass (`before`, as [`named`] finds them) and no longer
/// after it (`after`), set aside for `why` (a words pass that took them out of the text).
pub(super) fn taken_from(before: &[String], after: &[String], why: Aside) -> Vec<SetAside> {
    before
        .iter()
        .filter(|p| !after.contains(p))
        .map(|platform| SetAside {
            platform: platform.clone(),
            why,
        })
        .collect()
}

/// The platforms a request carries: the catalog ids among its line's words (`/cost autodl …`,
/// `/stock h100-sxm runpod`, `/compare rtx-4090 autodl gpushare 3h`).
pub(super) fn carried(catalog: &Catalog, r: &Request) -> Vec<String> {
    r.line()
        .split([' ', '='])
        .filter(|w| catalog.platforms.iter().any(|p| p.id == *w))
        .map(str::to_string)
        .collect()
}

/// `reading` with every platform named in the normalized question (`named`, found once by the
/// words stage) that no reading carries and no reader set aside carried where the command takes
/// one, or asked back:
/// - `/compare` of named platforms: the others named join it;
/// - `/cost` on one platform beside another named: both ranked (`/compare`);
/// - `/stock` or `/subscribe` with no platform: that platform, when one is left; with another
///   (or several left): each one's asked back.
///
/// A card, model, amount or need that a page reading (`/gpu`, `/platform`, `/platforms`) drops
/// is asked back first (`dropped::kept`). Commands whose line has no platform slot are left as
/// read
/// (`docs/misses/und_und_ci.md`,
/// "Left").
pub(super) fn guarded(
    catalog: &Catalog,
    things: &super::dropped::Named,
    named: &[String],
    aside: &[SetAside],
    two_asks: bool,
    reading: Reading,
) -> Reading {
    let Reading::Command(r) = &reading else {
        return reading;
    };
    // A card, model, amount or need a page reading drops: asked back beside it (und_ct).
    if let Some(widened) = super::dropped::kept(things, two_asks, r) {
        return widened;
    }
    let have = carried(catalog, r);
    let dropped: Vec<String> = named
        .iter()
        .filter(|p| !have.contains(p) && !aside.iter().any(|a| a.platform == **p))
        .cloned()
        .collect();
    if dropped.is_empty() {
        return reading;
    }
    match r {
        Request::Compare(j) if !j.platforms.is_empty() => {
            let mut j = j.clone();
            j.platforms.extend(dropped);
            Reading::Command(Request::Compare(j))
        }
        Request::Cost(j) if have.len() == 1 => {
            let mut j = j.clone();
            j.names.retain(|n| *n != have[0]);
            j.platforms = have.into_iter().chain(dropped).collect();
            Reading::Command(Request::Compare(j))
        }
        // A ranking everywhere beside one platform: that platform's bill, or the ranking.
        Request::Compare(j) if dropped.len() == 1 && j.names.len() == 1 => {
            let mut names = dropped.clone();
            names.extend(j.names.iter().cloned());
            let cost = crate::answer::billing::JobRequest {
                names,
                needs: Vec::new(),
                ..j.clone()
            };
            Reading::Ask(vec![Request::Cost(cost), r.clone()])
        }
        // One card's page beside one platform: its hour there, its stock there, or the page.
        Request::Gpu(g) if dropped.len() == 1 && g.gpus.len() == 1 => {
            let card = crate::lexicon::Cards {
                gpu: g.gpus[0].clone(),
                count: 1,
            };
            let hour = super::request::Usage::Once(rust_decimal::Decimal::from(3600));
            let mut rs: Vec<Request> = super::request::cost(&dropped[0], &card, &hour)
                .into_iter()
                .collect();
            rs.push(Request::Stock(super::request::stock_args(
                &card.gpu,
                Some(&dropped[0]),
                None,
            )));
            rs.push(r.clone());
            Reading::Ask(rs)
        }
        // `/tco` priced on the platform named; several named: each one's asked back (und_ct).
        Request::Tco(t) if t.platform.is_none() => {
            let each = dropped.into_iter().map(|p| {
                Request::Tco(crate::commands::tco::TcoArgs {
                    platform: Some(p),
                    ..t.clone()
                })
            });
            pick_or_ask(each.collect())
        }
        Request::Stock(s) => {
            let each = stock_each(s.platform.iter().cloned().chain(dropped), s);
            pick_or_ask(each.into_iter().map(Request::Stock).collect())
        }
        Request::Subscribe(s) => {
            let each = stock_each(s.stock.platform.iter().cloned().chain(dropped), &s.stock);
            let each = each.into_iter().map(|stock| {
                Request::Subscribe(crate::commands::subscribe::SubscribeArgs { stock, ..s.clone() })
            });
            pick_or_ask(each.collect())
        }
        _ => reading,
    }
}

/// The stock request on each of `platforms`.
fn stock_each(
    platforms: impl Iterator<Item = String>,
    s: &crate::commands::stock::StockArgs,
) -> Vec<crate::commands::stock::StockArgs> {
    platforms
        .map(|p| crate::commands::stock::StockArgs {
            platform: Some(p),
            ..s.clone()
        })
        .collect()
}

/// One request as it is; several asked back.
fn pick_or_ask(mut rs: Vec<Request>) -> Reading {
    if rs.len() == 1 {
        Reading::Command(rs.remove(0))
    } else {
        Reading::Ask(rs)
    }
}

#[cfg(test)]
mod tests {
    use super::{Aside, named, taken_from};
    use crate::catalog::Catalog;
    use crate::understand::{Reading, normalize, read};

    #[test]
    fn a_pass_that_takes_a_platform_out_sets_it_aside_with_its_reason() {
        let c = Catalog::embedded().unwrap();
        let t = normalize("除了autodl 哪里还能租到4090");
        let out = super::super::refused::plain(&c, &t);
        let aside = taken_from(&named(&c, &t), &named(&c, &out), Aside::Refused);
        assert_eq!(aside.len(), 1, "{out}");
        assert_eq!(
            (aside[0].platform.as_str(), aside[0].why),
            ("autodl", Aside::Refused)
        );
        // A pass that changed nothing sets nothing aside.
        assert!(taken_from(&named(&c, &t), &named(&c, &t), Aside::Refused).is_empty());
    }

    #[test]
    fn a_platform_no_reader_set_aside_is_never_read_past() {
        let c = Catalog::embedded().unwrap();
        // Main read `/stock rtx-4090 vast`, runpod dropped: each platform's stock is asked.
        match read(&c, "4090 offers on vast and runpod") {
            Reading::Ask(rs) => {
                let lines: Vec<String> = rs.iter().map(|r| r.line()).collect();
                assert!(lines.iter().any(|l| l.ends_with(" runpod")), "{lines:?}");
                assert!(lines.iter().any(|l| l.ends_with(" vast")), "{lines:?}");
            }
            other => panic!("{:?}", other.lines()),
        }
    }
}
