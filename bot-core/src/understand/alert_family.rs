//! An alert for a card named by its family (`notify me when an A100 is under $1.5`): the bare
//! name covers official variants that differ in memory or form factor (A100 40/80 GB, PCIe or
//! SXM; H100 SXM, PCIe or NVL), each with its own stock and price, so the alert is asked back
//! with each variant, never set on one of them in silence. A name that settles the variant
//! (`a100 80gb sxm`), and a card whose only relative is another product (3090 Ti, 4090D, a
//! modded 48 GB 4090), is subscribed as before.

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

/// A `/subscribe` on a card the message named by its family alone: asked back with each
/// variant (the catalog's default first); `reading` unchanged otherwise.
pub(super) fn asked_back(catalog: &Catalog, norm: &str, reading: Reading) -> Reading {
    let Reading::Command(Request::Subscribe(args)) = &reading else {
        return reading;
    };
    let Some(g) = catalog.find_gpu(&args.stock.gpu) else {
        return reading;
    };
    // The longest of the card's names the message says: `a100 80gb`, not `a100`.
    let Some(bare) = names(g)
        .filter(|n| said(norm, n))
        .max_by_key(|n| n.chars().count())
    else {
        return reading;
    };
    let others = catalog.family_variants(g, &bare);
    if others.is_empty() {
        return reading;
    }
    let ask = std::iter::once(g)
        .chain(others)
        .take(6)
        .map(|v| {
            let mut a = args.clone();
            a.stock.gpu = v.id.clone();
            Request::Subscribe(a)
        })
        .collect();
    Reading::Ask(ask)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(c: &Catalog, q: &str) -> (bool, Vec<String>) {
        let r = super::super::read(c, q);
        (matches!(r, Reading::Ask(_)), r.lines())
    }

    #[test]
    fn a_family_alert_is_asked_with_each_variant() {
        let c = Catalog::embedded().unwrap();
        for (q, want) in [
            (
                "notify me when an A100 is under $1.5",
                &[
                    "a100-80g-sxm",
                    "a100-40g-sxm",
                    "a100-80g-pcie",
                    "a100-40g-pcie",
                ][..],
            ),
            (
                "H100到货了提醒我",
                &["h100-sxm", "h100-pcie", "h100-nvl"][..],
            ),
        ] {
            let (asked, lines) = lines(&c, q);
            assert!(asked, "{q}: {lines:?}");
            for id in want {
                assert!(
                    lines
                        .iter()
                        .any(|l| l.starts_with("/subscribe") && l.contains(id)),
                    "{q}: {id}: {lines:?}"
                );
            }
            // The price cap travels with every variant.
            if q.contains("$1.5") {
                assert!(lines.iter().all(|l| l.contains("max=1.5")), "{lines:?}");
            }
        }
        // A name that settles the variant, or a card with no official variant, is set at once.
        for (q, id) in [
            (
                "notify me when an a100 80gb sxm is under $1.5",
                "a100-80g-sxm",
            ),
            ("4090 到货了提醒我", "rtx-4090"),
            ("alert me when a 3090 is back in stock", "rtx-3090"),
        ] {
            let (asked, lines) = lines(&c, q);
            assert!(!asked, "{q}: {lines:?}");
            assert!(lines[0].contains(id), "{q}: {lines:?}");
        }
    }
}
