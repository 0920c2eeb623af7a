//! Card names of several words (`4090 48g`, `rtx 6000 ada`) read the same in /fit, /tco and
//! /gpu as in questions and /compare: one reading of card names everywhere.

use bot_core::Catalog;

use super::chat::{say, world};

#[test]
fn fit_reads_a_card_name_of_several_words() {
    let w = world();
    for line in [
        "/fit qwen2.5-32b 4090 48g",
        "/fit qwen2.5-32b awq 4090 48gb",
        "/fit qwen2.5-32b rtx 4090 48g bf16",
    ] {
        let en = say(&w, "en", line);
        assert!(
            en.contains("GeForce RTX 4090 48GB (modded)"),
            "{line}: {en}"
        );
        assert!(!en.contains("48g\""), "{line}: {en}");
        let zh = say(&w, "zh", line);
        assert!(zh.contains("RTX 4090 48GB（魔改）"), "{line}: {zh}");
    }
    // With its count, before or after.
    for line in [
        "/fit qwen2.5-72b awq 2x4090 48g",
        "/fit qwen2.5-72b awq 4090 48g x2",
    ] {
        let en = say(&w, "en", line);
        assert!(
            en.contains("2 × GeForce RTX 4090 48GB (modded)"),
            "{line}: {en}"
        );
    }
    // An official name of three words.
    let en = say(&w, "en", "/fit qwen2.5-14b rtx 6000 ada");
    assert!(en.contains("RTX 6000 Ada"), "{en}");
    // A card and a bare count stay two words.
    let en = say(&w, "en", "/fit qwen2.5-72b awq 4090 2");
    assert!(en.contains("2 × GeForce RTX 4090 ("), "{en}");
}

#[test]
fn gpu_lists_cards_whose_names_have_several_words() {
    let c = Catalog::embedded().unwrap();
    let w = world();
    let en = say(&w, "en", "/gpu 4090 4090 48g");
    let a = c.gpu("4090").unwrap();
    let b = c.gpu("4090 48g").unwrap();
    assert_ne!(a.id, b.id);
    assert!(en.contains(&a.name) && en.contains(&b.name), "{en}");
    assert!(!en.contains("48g\""), "{en}");
    let zh = say(&w, "zh", "/gpu 4090 48g a100 rtx 6000 ada");
    assert!(zh.contains("RTX 4090 48GB（魔改）"), "{zh}");
    assert!(zh.contains("6000 Ada"), "{zh}");
}
