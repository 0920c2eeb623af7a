//! mem_bh (session 26): card capacity as nvidia-smi reports it for the cards that were still
//! read as marketed GB (H20, GH200, H100 NVL), and Ministral-8B's shape from its model card.

use bot_core::Catalog;
use bot_core::catalog::CapacityBasis;
use bot_core::vram::shape::Shape;

#[test]
fn h20_gh200_and_h100_nvl_hold_what_their_driver_reports() {
    let c = Catalog::embedded().unwrap();
    // nvidia-smi totals quoted in public threads (sources in gpus.toml): a "96 GB" H20 or GH200
    // module is 97871 MiB, a "94 GB" H100 NVL 95830 MiB — under the marketed size read as GiB.
    for (id, mib, marketed) in [
        ("h20", 97871.0, 96.0),
        ("gh200", 97871.0, 96.0),
        ("h100-nvl", 95830.0, 94.0),
    ] {
        let g = c.gpu(id).unwrap();
        let (gib, basis) = g.capacity();
        assert_eq!(basis, CapacityBasis::Driver, "{id}");
        assert!((gib - mib / 1024.0).abs() < 1e-9, "{id}: {gib}");
        assert!(gib < marketed, "{id}: {gib} not under {marketed}");
        assert!(
            g.memory_source
                .as_deref()
                .unwrap()
                .starts_with("https://github.com/")
        );
        // The usable share is taken from the driver's figure, never above it.
        assert!(g.usable_gib() <= gib, "{id}");
    }
}

#[test]
fn ministral_8b_counts_to_its_cards_parameters() {
    let c = Catalog::embedded().unwrap();
    for name in [
        "ministral-8b",
        "mistralai/Ministral-8B-Instruct-2410",
        "ministral 8b",
    ] {
        let m = c.model(name).unwrap_or_else(|_| panic!("{name}"));
        assert_eq!(m.id, "ministral-8b");
    }
    let m = c.model("ministral-8b").unwrap();
    // The card's 8,019,808,256 parameters follow from its table alone (untied head, norms):
    // a tied head would count 0.54 B fewer.
    let counted = Shape::from_model(m).unwrap().count(None, None);
    assert!(
        (counted.total - 8_019_808_256.0).abs() < 1.0,
        "{}",
        counted.total
    );
    assert!(counted.lm_head > 0.0);
    // Not a copy of Llama-3.1-8B's shape (vocab 128256, 32 layers, 14336 MLP).
    let llama = c.model("llama-3.1-8b").unwrap();
    assert_ne!(m.layers, llama.layers);
    assert_ne!(m.vocab, llama.vocab);
}
