//! A model judged on a memory size (helper fit_vram, issues 24 and 26): a memory said as the
//! card beside a model (`will phi-4 fit on a 16gb card`, `24G显存能微调qwen2.5 14b吗`) is
//! `/fit MODEL 16gb`; a card named with its memory stays the card, a memory with no model stays
//! which models fit it, a floor stays offers (`questions_fit_vram_own.tsv`). Untuned 10/32 (the
//! ten guards); after `understand::memory_as_card` 32/32.

use super::chat::ask_fresh;
use super::fresh19_share::{own_cases_read_right, own_labels_canonical};

const OWN: &str = include_str!("../data/questions_fit_vram_own.tsv");

#[test]
fn fit_vram_mechanisms_on_cases_of_their_own() {
    own_cases_read_right("fit_vram_own", OWN);
}

#[test]
fn fit_vram_own_labels_are_canonical_lines() {
    own_labels_canonical(OWN, |_| false);
}

/// `/fit MODEL 16gb` judges the job on the tightest catalog card sold with 16 GB, named with
/// what it gives a job, in both languages; its verdict agrees with `/fit MODEL t4`'s on that card.
#[test]
fn a_model_on_a_memory_size_is_judged_on_the_tightest_card_of_it() {
    let catalog = bot_core::Catalog::embedded().unwrap();
    let t4 = catalog.find_gpu("t4").unwrap();
    for (line, on_t4, fits) in [
        ("/fit phi-4 int4 16gb", "/fit phi-4 int4 t4", true),
        ("/fit qwen2.5-32b 16gb", "/fit qwen2.5-32b t4", false),
    ] {
        let en = ask_fresh("en", line);
        assert!(en.contains("one 16 GB card"), "{line}: {en}");
        assert!(en.contains(&t4.name), "{line}: {en}");
        assert!(en.contains(&format!("{:.1} GiB", t4.usable_gib())), "{en}");
        assert_eq!(
            en.contains("✅ Fits on one 16 GB card"),
            fits,
            "{line}: {en}"
        );
        let card = ask_fresh("en", on_t4);
        assert_eq!(card.contains("✅ Fits on 1 ×"), fits, "{on_t4}: {card}");
        let zh = ask_fresh("zh-CN", line);
        assert!(zh.contains("一张 16 GB 的卡"), "{line}: {zh}");
    }
}

/// Short of the tightest card, the roomier cards of the same size that hold it are named; a
/// size no card is sold with is refused with the sizes there are; a card's own memory beside
/// it is that card, another size beside it is refused.
#[test]
fn roomier_cards_an_unsold_size_and_a_card_with_its_memory() {
    let out = ask_fresh("en", "/fit qwen2.5-7b 16gb");
    assert!(out.contains("On 16 GB cards that give a job more"), "{out}");
    assert!(out.contains("GeForce RTX 4080"), "{out}");
    for lang in ["en", "zh-CN"] {
        let out = ask_fresh(lang, "/fit phi-4 13gb");
        let sizes = out.contains("16, 20, 24") || out.contains("16、20、24");
        assert!(out.contains("13") && sizes, "{out}");
        assert!(!out.contains("Memory estimate"), "{out}");
    }
    let own = ask_fresh("en", "/fit phi-4 t4 16gb");
    assert!(own.contains("1 × Tesla T4"), "{own}");
    let other = ask_fresh("en", "/fit phi-4 a100 16gb");
    assert!(other.contains("not 16 GB"), "{other}");
    let image = ask_fresh("en", "/fit flux.1-dev 12gb");
    assert!(image.contains("Judged on one 12 GB card"), "{image}");
    assert!(image.contains("GeForce RTX 3060"), "{image}");
    assert!(
        ask_fresh("en", "/fit flux.1-dev 13gb")
            .contains("No card in the catalog is sold with 13 GB")
    );
}
