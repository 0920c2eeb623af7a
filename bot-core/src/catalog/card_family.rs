//! A card named by its family alone (`a100`, `h100`) covers official variants that differ in
//! memory or form factor (A100 40/80 GB, PCIe or SXM; H100 SXM, PCIe or NVL), each with its own
//! stock and price. The catalog resolves the bare name to one default variant; this says which
//! others the family has, so an alert is asked back per variant and a stock answer for one
//! variant names the others (a `/stock a100` answered for the 80 GB SXM alone had said "out of
//! stock" with no word of the 40 GB card). A card whose only relative is another product (3090
//! Ti, 4090D, a modded 48 GB 4090) has none.

use super::Catalog;
use super::types::Gpu;

/// Words that name a variant's memory or form factor, after the family's name.
fn variant_word(w: &str) -> bool {
    matches!(
        w,
        "pcie" | "sxm" | "sxm4" | "sxm5" | "nvl" | "nvlink" | "gb"
    ) || w
        .strip_suffix("gb")
        .or_else(|| w.strip_suffix('g'))
        .is_some_and(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()))
}

/// The names a card is known by, lower-cased.
pub fn card_names(g: &Gpu) -> impl Iterator<Item = String> + '_ {
    std::iter::once(g.id.to_lowercase()).chain(g.aliases.iter().map(|a| a.to_lowercase()))
}

impl Catalog {
    /// The other official variants that `bare` (one of `g`'s names, lower-cased) leaves open.
    pub fn family_variants(&self, g: &Gpu, bare: &str) -> Vec<&Gpu> {
        self.gpus
            .iter()
            .filter(|o| o.id != g.id && !o.name.to_lowercase().contains("modded"))
            .filter(|o| {
                card_names(o).any(|n| {
                    n.strip_prefix(bare).is_some_and(|rest| {
                        rest.starts_with([' ', '-', '_'])
                            && rest
                                .split([' ', '-', '_'])
                                .filter(|w| !w.is_empty())
                                .all(variant_word)
                    })
                })
            })
            .collect()
    }

    /// The same card sold with another memory size, from the family's own names (its id and
    /// aliases), either way round, in the same form factor: `rtx-3080` (10 GB) and
    /// `rtx-3080-12g`, `rtx-a2000` (6 GB) and `rtx-a2000-12g`, `v100-16g` and `v100-32g`,
    /// `a100-80g-sxm` and `a100-40g-sxm`. Never read from the spelling of an id, which leaves out
    /// a card whose default id carries no size.
    pub fn memory_siblings(&self, g: &Gpu) -> Vec<&Gpu> {
        let own = self.sibling_variants(g);
        let names: Vec<String> = card_names(g).collect();
        // A family shares a name's start (`3080`, `3080 12gb`): a cheap test before the
        // family's own, which reads every card's names.
        let related = |o: &Gpu| {
            card_names(o).any(|n| {
                names
                    .iter()
                    .any(|m| n.starts_with(m.as_str()) || m.starts_with(n.as_str()))
            })
        };
        self.gpus
            .iter()
            .filter(|o| {
                o.id != g.id
                    && o.form_factor == g.form_factor
                    && (o.vram_gb - g.vram_gb).abs() >= 1.0
                    && related(o)
            })
            .filter(|o| {
                own.iter().any(|v| v.id == o.id)
                    || self.sibling_variants(o).iter().any(|v| v.id == g.id)
            })
            .collect()
    }

    /// The card `g` is a cut-down form of (`cut_down_of`, sourced), when the catalog says so.
    pub fn cut_down_base(&self, g: &Gpu) -> Option<&Gpu> {
        g.cut_down_of.as_deref().and_then(|id| self.find_gpu(id))
    }

    /// The other variants of `g`'s family: those its shortest family name leaves open (every
    /// A100 beside the A100 80GB SXM4); empty for a card with no variants.
    pub fn sibling_variants(&self, g: &Gpu) -> Vec<&Gpu> {
        let mut names: Vec<String> = card_names(g).collect();
        names.sort_by_key(|n| n.chars().count());
        names
            .iter()
            .map(|n| self.family_variants(g, n))
            .find(|v| !v.is_empty())
            .unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_family_has_its_variants_and_a_lone_card_none() {
        let c = Catalog::embedded().unwrap();
        let ids = |id: &str| -> Vec<String> {
            let g = c.find_gpu(id).unwrap();
            c.sibling_variants(g).iter().map(|v| v.id.clone()).collect()
        };
        let a100 = ids("a100-80g-sxm");
        assert!(a100.iter().any(|i| i.contains("40g")), "{a100:?}");
        assert!(!a100.iter().any(|i| i == "a100-80g-sxm"), "{a100:?}");
        assert!(!ids("h100-sxm").is_empty());
        for lone in ["rtx-4090", "rtx-3090", "l40s"] {
            assert!(ids(lone).is_empty(), "{lone}: {:?}", ids(lone));
        }
    }

    /// Other memory sizes of one card, found either way round from the family's names; a
    /// form factor or another product (3080 Ti, a modded 48 GB 4090) is no other size.
    #[test]
    fn memory_siblings_are_the_same_card_in_another_size() {
        let c = Catalog::embedded().unwrap();
        let ids = |id: &str| -> Vec<String> {
            let g = c.find_gpu(id).unwrap();
            c.memory_siblings(g).iter().map(|v| v.id.clone()).collect()
        };
        for (a, b) in [
            ("rtx-3080", "rtx-3080-12g"),
            ("rtx-a2000", "rtx-a2000-12g"),
            ("v100-16g", "v100-32g"),
            ("a100-80g-sxm", "a100-40g-sxm"),
            ("a100-40g-pcie", "a100-80g-pcie"),
            ("rtx-4060-ti-8g", "rtx-4060-ti-16g"),
            ("rtx-3080-laptop-16g", "rtx-3080-laptop-8g"),
        ] {
            assert_eq!(ids(a), vec![b.to_string()], "{a}");
            assert_eq!(ids(b), vec![a.to_string()], "{b}");
        }
        for lone in [
            "rtx-4090",
            "rtx-3080-ti",
            "h100-sxm",
            "v100-16g-pcie",
            "rtx-3060",
        ] {
            assert!(ids(lone).is_empty(), "{lone}: {:?}", ids(lone));
        }
    }
}
