//! The card a memory size is judged on, shared by `/fit 16gb` (which models fit it,
//! `fit_memory`) and `/fit <model> 16gb` (one job on it, `fit_vram`, and an image model's,
//! `fit_diffusion`): the tightest card the catalog sells with that memory, and whether a size
//! said in a line is one a card is sold with.

use crate::catalog::{Catalog, Gpu};
use crate::fact::Fact;
use crate::reply::{Msg, Reply};

/// The catalog's card sold as `gb` GB that leaves a job the least (`Gpu::usable_gib`: CUDA's
/// total where read): a model that fits it fits every such card the catalog knows.
fn tightest(catalog: &Catalog, gb: u32) -> Option<&Gpu> {
    catalog
        .gpus
        .iter()
        .filter(|g| g.vram_gb == f64::from(gb) && g.usable_gib() < g.vram_gb)
        .min_by(|a, b| a.usable_gib().total_cmp(&b.usable_gib()))
}

/// The card a memory size is judged on, and the catalog card it is read as: a card with `gb`
/// of memory and nothing else known, holding what the tightest catalog card of that size
/// holds ([`tightest`]), so what fits it fits every such card the catalog knows. `/fit 16gb`
/// and `/fit <model> 16gb` both judge on it.
pub fn judged_on(catalog: &Catalog, gb: u32) -> (Gpu, Option<&Gpu>) {
    let tight = tightest(catalog, gb);
    let mut card = memory_card(gb, tight.map(Gpu::usable_gib));
    if let Some(t) = tight {
        card.memory_mib = t.memory_mib;
        card.memory_source.clone_from(&t.memory_source);
    }
    (card, tight)
}

/// Whether the catalog knows a card sold with `gb` of memory: a model is judged only on a
/// size some card has (`/fit phi-4 13gb` is refused, with the sizes there are).
pub fn sold_with(catalog: &Catalog, gb: u32) -> bool {
    catalog.gpus.iter().any(|g| g.vram_gb == f64::from(gb))
}

/// The memory sizes the catalog's cards are sold with, smallest first (`8, 10, 11, 12, 16`).
pub fn sizes_sold(catalog: &Catalog) -> Vec<u32> {
    let mut v: Vec<u32> = catalog
        .gpus
        .iter()
        .filter(|g| g.vram_gb.fract() == 0.0)
        .map(|g| g.vram_gb as u32)
        .collect();
    v.sort_unstable();
    v.dedup();
    v
}

/// A card with `gb` of memory and nothing else known: `usable` what the tightest catalog card
/// of that size leaves a job ([`tightest`]), else read as the catalog reads a card with no
/// driver reading (GiB of memory chips, `Gpu::vram_gib`); its CUDA context is the estimate's.
pub(super) fn memory_card(gb: u32, usable: Option<f64>) -> Gpu {
    Gpu {
        id: format!("{gb}gb"),
        name: format!("{gb} GB"),
        name_zh: None,
        vendor: "nvidia".into(),
        arch: None,
        compute_capability: None,
        compute_capability_source: None,
        vram_gb: f64::from(gb),
        memory_mib: None,
        memory_source: None,
        memory_as_of: None,
        cuda_total_gib: usable,
        cuda_total_source: None,
        cuda_total_as_of: None,
        mem_type: None,
        mem_bandwidth_gbps: Fact::Unknown,
        fp16_tflops: Fact::Unknown,
        fp16_accumulate: "fp32".into(),
        interconnect: String::new(),
        interconnect_zh: None,
        nvlink_gbps: Fact::Unknown,
        form_factor: None,
        card_link: None,
        tier: 1,
        cut_down_of: None,
        aliases: Vec::new(),
        source: "the memory asked".into(),
        as_of: String::new(),
        note_zh: None,
        note_en: None,
        source_note: None,
    }
}

/// A memory size said in a `/fit` line: beside a card named it is that card's own memory
/// (`t4 16gb`, dropped) or refused when the card is not sold with it; alone it is kept when some
/// catalog card is sold with it, else refused with the sizes there are (`13gb`).
pub fn memory_kept(
    catalog: &Catalog,
    gpu: Option<&Gpu>,
    gb: u32,
    zh: bool,
) -> Result<Option<u32>, Box<Reply>> {
    if let Some(g) = gpu {
        if g.vram_gb == f64::from(gb) {
            return Ok(None);
        }
        return Err(Box::new(
            Reply::text(
                Msg::new("fit-vram-card-size")
                    .arg("card", g.display_name(zh))
                    .arg("gb", gb)
                    .arg("card_gb", g.vram_gb),
            )
            .with(Msg::new("usage-fit")),
        ));
    }
    if !sold_with(catalog, gb) {
        let sizes: Vec<String> = sizes_sold(catalog).iter().map(u32::to_string).collect();
        return Err(Box::new(
            Reply::text(
                Msg::new("fit-vram-size-unknown")
                    .arg("gb", gb)
                    .arg("sizes", sizes.join(if zh { "、" } else { ", " })),
            )
            .with(Msg::new("usage-fit")),
        ));
    }
    Ok(Some(gb))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_card_holds_the_memory_asked_as_gib() {
        assert_eq!(memory_card(16, None).vram_gib(), 16.0);
    }

    #[test]
    fn a_memory_is_judged_on_the_tightest_card_sold_with_it() {
        let catalog = Catalog::embedded().unwrap();
        let (card, tight) = judged_on(&catalog, 16);
        let tight = tight.expect("a 16 GB card with a driver reading");
        assert_eq!(card.usable_gib(), tight.usable_gib());
        assert_eq!(card.vram_gib(), tight.vram_gib());
        for g in catalog.gpus.iter().filter(|g| g.vram_gb == 16.0) {
            assert!(g.usable_gib() >= card.usable_gib(), "{}", g.id);
        }
        assert!(sold_with(&catalog, 16) && !sold_with(&catalog, 13));
        assert!(memory_kept(&catalog, None, 13, false).is_err());
        assert_eq!(memory_kept(&catalog, None, 24, false).ok(), Some(Some(24)));
        let t4 = catalog.find_gpu("t4");
        assert_eq!(memory_kept(&catalog, t4, 16, false).ok(), Some(None));
        assert!(memory_kept(&catalog, t4, 24, false).is_err());
    }
}
