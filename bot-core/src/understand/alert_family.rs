//! An alert for a card named by its family (`notify me when an A100 is under $1.5`): the bare
//! name covers official variants that differ in memory or form factor (A100 40/80 GB, PCIe or
//! SXM; H100 SXM, PCIe or NVL), each with its own stock and price. The question takes the form
//! the typed command takes (`/subscribe a100` is the catalog's default, the 80G SXM4; H100 and
//! H200 the SXM), and its answer says which form is watched and offers each other one with the
//! same terms (`commands/subscribe.rs`, `alerts-family-others`): one grammar for the typed line
//! and the question. A name that settles the variant (`a100 80gb sxm`), and a card whose only
//! relative is another product (3090 Ti, 4090D, a modded 48 GB 4090), names no family.

use super::Reading;
use super::request::Request;
use crate::catalog::Catalog;

use crate::catalog::card_names as names;

/// Whether `name` occurs in `norm` as a whole word (ASCII letters and digits on neither side).
fn said(norm: &str, name: &str) -> bool {
    norm.match_indices(name).any(|(i, _)| {
        let before = norm[..i].chars().next_back();
        let after = norm[i + name.len()..].chars().next();
        !before.is_some_and(|c| c.is_ascii_alphanumeric())
            && !after.is_some_and(|c| c.is_ascii_alphanumeric())
    })
}

/// A `/subscribe` on a card the message named by its family alone: set on the default variant
/// (the one the reader and the typed command both resolve the name to), marked as named by its
/// family so the answer names it and offers the others; `reading` unchanged otherwise.
pub(super) fn defaulted(catalog: &Catalog, norm: &str, reading: Reading) -> Reading {
    let Reading::Command(Request::Subscribe(mut args)) = reading else {
        return reading;
    };
    args.family_named = family_named(catalog, norm, &args.stock.gpu);
    Reading::Command(Request::Subscribe(args))
}

/// Whether the longest of the card's names the message says (`a100 80gb`, not `a100`) leaves
/// other variants of its family open.
fn family_named(catalog: &Catalog, norm: &str, gpu: &str) -> bool {
    let Some(g) = catalog.find_gpu(gpu) else {
        return false;
    };
    names(g)
        .filter(|n| said(norm, n))
        .max_by_key(|n| n.chars().count())
        .is_some_and(|bare| !catalog.family_variants(g, &bare).is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(c: &Catalog, q: &str) -> Reading {
        super::super::read(c, q)
    }

    #[test]
    fn a_family_alert_takes_the_default_form_and_says_so() {
        let c = Catalog::embedded().unwrap();
        for (q, id) in [
            ("notify me when an A100 is under $1.5", "a100-80g-sxm"),
            ("H100到货了提醒我", "h100-sxm"),
            ("h200 有货通知我", "h200-sxm"),
        ] {
            let Reading::Command(Request::Subscribe(a)) = read(&c, q) else {
                panic!("{q}: {:?}", read(&c, q).lines());
            };
            assert_eq!(a.stock.gpu, id, "{q}");
            assert!(a.family_named, "{q}: the answer names the others");
            // The price cap is kept.
            if q.contains("$1.5") {
                assert!(a.stock.max.is_some(), "{q}");
            }
        }
        // A name that settles the variant, or a card with no official variant, names no family.
        for (q, id) in [
            (
                "notify me when an a100 80gb sxm is under $1.5",
                "a100-80g-sxm",
            ),
            ("4090 到货了提醒我", "rtx-4090"),
            ("alert me when a 3090 is back in stock", "rtx-3090"),
        ] {
            let Reading::Command(Request::Subscribe(a)) = read(&c, q) else {
                panic!("{q}: {:?}", read(&c, q).lines());
            };
            assert_eq!(a.stock.gpu, id, "{q}");
            assert!(!a.family_named, "{q}");
        }
    }
}
