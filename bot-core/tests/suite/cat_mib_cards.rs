//! Card totals as the driver reports them (issue 24 §1, session 26 `cat_mib`): the cards that
//! gained a sourced nvidia-smi total carry it with its quote, `/gpu` shows it and what is left
//! after the CUDA context, and a fit on the card is decided on that figure; every card still
//! without a reading says so in its note instead of guessing one.

use bot_core::Catalog;
use bot_core::catalog::{CapacityBasis, Gpu};
use bot_core::vram::CUDA_CONTEXT_GIB;

use super::chat::{say, world};

/// The cards whose nvidia-smi total was read from a public output (`cat_mib`, then `cat_mib2`:
/// the H100 PCIe and the H800, then `cat_mib3`: the RTX 3090 Ti and the modded 4090 48GB).
const SOURCED: &[&str] = &[
    "rtx-a6000",
    "a800-80g-pcie",
    "v100-32g",
    "rtx-2080-ti",
    "rtx-3080",
    "rtx-4080-super",
    "rtx-4070",
    "rtx-4060-ti-16g",
    "rtx-3070",
    "rtx-4000-ada",
    "rtx-2000-ada",
    "quadro-rtx-6000",
    "h100-pcie",
    "h800",
    "rtx-3090-ti",
    "rtx-4090-48g",
];

/// `/gpu`'s figure for the card's size: whole GiB when it is one, else one decimal (the same
/// rule the answer states, so the check reads the catalog, not a copied number).
fn shown_gib(g: &Gpu) -> String {
    let gib = g.vram_gib();
    if (gib - gib.round()).abs() < 0.05 {
        format!("{:.0}", gib.round())
    } else {
        format!("{gib:.1}")
    }
}

#[test]
fn each_sourced_card_holds_the_driver_total_with_its_quote() {
    let c = Catalog::embedded().unwrap();
    for id in SOURCED {
        let g = c.gpu(id).unwrap();
        let mib = g
            .memory_mib
            .unwrap_or_else(|| panic!("{id}: no memory_mib"));
        let (gib, basis) = g.capacity();
        assert_eq!(basis, CapacityBasis::Driver, "{id}");
        assert!((gib - f64::from(mib) / 1024.0).abs() < 1e-9, "{id}: {gib}");
        // The driver never reports more than the chips hold, and stays near the marketed size.
        assert!(f64::from(mib) <= g.vram_gb * 1024.0, "{id}: {mib} MiB");
        assert!(gib / g.vram_gb > 0.9, "{id}: {gib} GiB of {} GB", g.vram_gb);
        // What a job can hold is never more than the card's total.
        assert!(g.usable_gib() <= gib, "{id}");
        // Where it was read, when, and the quote itself (the figure as nvidia-smi prints it,
        // with the driver that printed it).
        let src = g.memory_source.as_deref().unwrap();
        assert!(src.starts_with("https://github.com/"), "{id}: {src}");
        assert!(g.memory_as_of.is_some(), "{id}");
        let note = g.source_note.as_deref().unwrap_or_default();
        assert!(note.contains("memory_mib:"), "{id}: {note}");
        assert!(note.contains("driver "), "{id}: {note}");
        let quoted = note.contains(&format!("{mib}MiB")) || note.contains(&format!("{mib} MiB"));
        assert!(quoted, "{id}: the note does not quote {mib}: {note}");
    }
}

#[test]
fn gpu_shows_each_sourced_total_and_what_is_left_after_the_context() {
    let c = Catalog::embedded().unwrap();
    let w = world();
    for id in SOURCED {
        let g = c.gpu(id).unwrap();
        let mib = g.memory_mib.unwrap();
        let usable = g.usable_gib() - CUDA_CONTEXT_GIB;
        assert!(usable < g.vram_gib(), "{id}");
        let en = say(&w, "en", &format!("/gpu {id}"));
        let line = format!("{} GiB ({usable:.1} usable", shown_gib(g));
        assert!(en.contains(&line), "{id}: wants {line}: {en}");
        assert!(en.contains(&format!("{mib} MiB")), "{id}: {en}");
        assert!(!en.contains("derived: the marketed"), "{id}: {en}");
        let zh = say(&w, "zh", &format!("/gpu {id}"));
        assert!(zh.contains(&format!("{mib} MiB")), "{id}: {zh}");
        assert!(
            zh.contains(&format!("约 {usable:.1} GiB 可用")),
            "{id}: {zh}"
        );
    }
}

#[test]
fn a_fit_on_each_sourced_card_is_decided_on_its_driver_total() {
    let c = Catalog::embedded().unwrap();
    let w = world();
    for id in SOURCED {
        let g = c.gpu(id).unwrap();
        // A 4-bit 0.5B model fits every card from 8 GB up; the verdict names the card's usable
        // figure, which follows from the reading (not the marketed GB).
        let out = say(&w, "en", &format!("/fit qwen2.5-0.5b q4_k_m {id}"));
        let each = format!("({:.1} GiB each)", g.usable_gib());
        assert!(out.contains(&each), "{id}: wants {each}: {out}");
        assert!(out.contains("Fits on 1 ×"), "{id}: {out}");
    }
    // Where the reading is below the marketed size as GiB of chips (the A6000 with ECC on), the
    // fit has less room than the derived figure would have given it.
    let a6000 = c.gpu("rtx-a6000").unwrap();
    assert!(
        a6000.usable_gib() < a6000.vram_gb - 1.0,
        "{}",
        a6000.usable_gib()
    );
}

#[test]
fn a_card_without_a_reading_says_so_and_keeps_the_derived_figure() {
    let c = Catalog::embedded().unwrap();
    let w = world();
    let mut derived = 0;
    for g in c
        .gpus
        .iter()
        .filter(|g| g.memory_mib.is_none() && !g.is_laptop())
    {
        derived += 1;
        assert_eq!(
            g.capacity(),
            (g.vram_gb, CapacityBasis::MarketedAsGib),
            "{}",
            g.id
        );
        let note = g.source_note.as_deref().unwrap_or_default();
        assert!(note.contains("memory_mib absent"), "{}: {note}", g.id);
        let en = say(&w, "en", &format!("/gpu {}", g.id));
        assert!(en.contains("derived"), "{}: {en}", g.id);
    }
    assert!(derived > 0);
    for id in SOURCED {
        assert!(
            !c.gpu(id)
                .unwrap()
                .source_note
                .as_deref()
                .unwrap_or_default()
                .contains("memory_mib absent"),
            "{id}"
        );
    }
}

#[test]
fn a_cut_down_card_read_by_the_driver_holds_what_its_full_card_holds() {
    // A cut-down card (`cut_down_of`) keeps its full card's memory; where both totals were
    // read, from different machines and sources, they agree (the H800 and the H100 SXM both
    // print 81559 MiB), so a reading that disagreed would be the wrong card or a typo.
    let c = Catalog::embedded().unwrap();
    let mut both = 0;
    for g in &c.gpus {
        let Some(base) = g.cut_down_of.as_deref() else {
            continue;
        };
        let b = c.gpu(base).unwrap();
        if let (Some(mib), Some(base_mib)) = (g.memory_mib, b.memory_mib) {
            both += 1;
            assert_eq!(mib, base_mib, "{} vs {base}", g.id);
            assert_eq!(g.vram_gib(), b.vram_gib(), "{}", g.id);
        }
    }
    assert!(both >= 3, "{both}");
}

/// The cards whose CUDA total (cudaMemGetInfo / `total_memory`, what vLLM's budget is a share
/// of) was read from a public log naming the card (`cat_mib4`, then `mem_fi`; issue 24 §1).
const CUDA_SOURCED: &[&str] = &[
    "h100-sxm",
    "h100-nvl",
    "h200-sxm",
    "rtx-pro-6000",
    "b200",
    "l20",
    // mem_fi (session 44): a V100 32GB's "31.74 GiB total capacity", an H20 96G's 95.00.
    "v100-32g",
    "h20",
    "rtx-3080",
    "rtx-3070",
    "rtx-4060-ti-16g",
];

#[test]
fn each_cuda_sourced_card_holds_its_total_just_below_the_driver_total() {
    let c = Catalog::embedded().unwrap();
    for id in CUDA_SOURCED {
        let g = c.gpu(id).unwrap();
        let cuda = g
            .cuda_total_gib
            .unwrap_or_else(|| panic!("{id}: no cuda_total_gib"));
        let smi = f64::from(g.memory_mib.unwrap()) / 1024.0;
        // The driver keeps a reservation before any context: CUDA's total sits below
        // nvidia-smi's by a few hundred MiB, never a whole GiB.
        assert!(cuda < smi, "{id}: {cuda} vs {smi}");
        assert!(smi - cuda < 1.0, "{id}: {cuda} vs {smi}");
        // Fits are decided on it; the card's size stays nvidia-smi's.
        assert_eq!(g.usable_gib(), cuda, "{id}");
        assert_eq!(g.vram_gib(), smi, "{id}");
        // Where it was read, when, and the figure as the log prints it.
        let src = g.cuda_total_source.as_deref().unwrap();
        assert!(src.starts_with("https://github.com/"), "{id}: {src}");
        assert!(g.cuda_total_as_of.is_some(), "{id}");
        let note = g.source_note.as_deref().unwrap_or_default();
        assert!(note.contains("cuda_total_gib:"), "{id}: {note}");
        assert!(note.contains(&format!("{cuda:.2} G")), "{id}: {note}");
    }
}

#[test]
fn a_fit_and_gpu_on_each_cuda_sourced_card_use_cudas_total() {
    let c = Catalog::embedded().unwrap();
    let w = world();
    for id in CUDA_SOURCED {
        let g = c.gpu(id).unwrap();
        let cuda = g.cuda_total_gib.unwrap();
        let out = say(&w, "en", &format!("/fit qwen2.5-0.5b q4_k_m {id}"));
        assert!(
            out.contains(&format!("({cuda:.1} GiB each)")),
            "{id}: {out}"
        );
        let en = say(&w, "en", &format!("/gpu {id}"));
        assert!(
            en.contains(&format!("CUDA sees {cuda:.2} GiB")),
            "{id}: {en}"
        );
        let zh = say(&w, "zh", &format!("/gpu {id}"));
        assert!(
            zh.contains(&format!("CUDA 只看到其中 {cuda:.2} GiB")),
            "{id}: {zh}"
        );
    }
}

#[test]
fn a_card_left_without_a_cuda_total_says_why() {
    // Every card with a driver total but no CUDA reading says in its note that none was
    // found (or why one seen was not used), rather than carrying a guess.
    let c = Catalog::embedded().unwrap();
    let mut left = 0;
    for g in c.gpus.iter().filter(|g| g.cuda_total_gib.is_none()) {
        let note = g.source_note.as_deref().unwrap_or_default();
        if note.contains("No cuda_total_gib") {
            left += 1;
            assert_eq!(g.usable_gib(), g.vram_gib(), "{}", g.id);
        }
    }
    // The H100 PCIe shares the SXM board's driver total (81559 MiB) but no reading of its
    // own: the SXM reading is not carried over to it.
    let (sxm, pcie) = (c.gpu("h100-sxm").unwrap(), c.gpu("h100-pcie").unwrap());
    assert_eq!(sxm.memory_mib, pcie.memory_mib);
    assert!(pcie.cuda_total_gib.is_none());
    assert!(left >= 20, "{left}");
}
