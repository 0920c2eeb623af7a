//! The consumer cards students and hobbyists own or rent (issue 24 §1): each resolves by the
//! spellings people type, `/gpu` states its memory (the driver's MiB where a reading is on
//! file, else says it is derived), and a fit on it answers in both languages.

use bot_core::Catalog;

use super::chat::{say, world};

/// (as typed, catalog id): the forms seen in questions and rental listings.
const SPELLINGS: &[(&str, &str)] = &[
    ("2080ti", "rtx-2080-ti"),
    ("RTX 2080 Ti", "rtx-2080-ti"),
    ("NVIDIA GeForce RTX 2080 Ti", "rtx-2080-ti"),
    ("titan rtx", "titan-rtx"),
    ("3060ti", "rtx-3060-ti"),
    ("3070", "rtx-3070"),
    ("3070 Ti", "rtx-3070-ti"),
    ("4060", "rtx-4060"),
    ("4060ti", "rtx-4060-ti-16g"),
    ("4060 Ti 16GB", "rtx-4060-ti-16g"),
    ("4060ti-16g", "rtx-4060-ti-16g"),
    ("4060ti 8g", "rtx-4060-ti-8g"),
    ("RTX 4060 Ti 8GB", "rtx-4060-ti-8g"),
    ("4070", "rtx-4070"),
    ("4070s", "rtx-4070-super"),
    ("4070 super", "rtx-4070-super"),
    ("4070ti", "rtx-4070-ti"),
    ("4070 ti super", "rtx-4070-ti-super"),
    ("4070tis", "rtx-4070-ti-super"),
    ("5060ti", "rtx-5060-ti-16g"),
    ("5060 ti 16gb", "rtx-5060-ti-16g"),
    ("5060ti 8g", "rtx-5060-ti-8g"),
    ("5070", "rtx-5070"),
    ("GeForce RTX 5070 Ti", "rtx-5070-ti"),
];

#[test]
fn consumer_cards_resolve_by_their_common_spellings() {
    let c = Catalog::embedded().unwrap();
    for (typed, id) in SPELLINGS {
        let g = c.gpu(typed).unwrap_or_else(|e| panic!("{typed}: {e}"));
        assert_eq!(&g.id, id, "{typed}");
    }
    // The cards already in the catalog keep their names: a new alias takes none of them.
    for (typed, id) in [
        ("3060", "rtx-3060"),
        ("3080 ti", "rtx-3080-ti"),
        ("4080s", "rtx-4080-super"),
    ] {
        assert_eq!(c.gpu(typed).unwrap().id, id, "{typed}");
    }
}

#[test]
fn gpu_states_each_new_card_memory_in_both_languages() {
    let c = Catalog::embedded().unwrap();
    let w = world();
    let mut with_reading = 0;
    for id in SPELLINGS.iter().map(|(_, id)| *id) {
        let g = c.gpu(id).unwrap();
        let en = say(&w, "en", &format!("/gpu {id}"));
        assert!(en.contains(&g.name), "{id}: {en}");
        match g.memory_mib {
            Some(mib) => {
                with_reading += 1;
                assert!(en.contains(&format!("{mib} MiB")), "{id}: {en}");
            }
            None => assert!(en.contains("derived"), "{id}: {en}"),
        }
        // Chinese answers carry the same reading, or the marketed size as GiB of chips.
        let zh = say(&w, "zh", &format!("/gpu {id}"));
        let memory = match g.memory_mib {
            Some(mib) => format!("{mib} MiB"),
            None => format!("{} GiB", g.vram_gb),
        };
        assert!(zh.contains(&memory), "{id}: {zh}");
    }
    assert!(with_reading >= 2, "driver readings on file: {with_reading}");
}

#[test]
fn a_4060_ti_without_its_size_is_the_16_gb_card_and_says_the_8_gb_exists() {
    let w = world();
    let en = say(&w, "en", "/gpu 4060 ti");
    assert!(en.contains("RTX 4060 Ti 16GB"), "{en}");
    assert!(en.contains("8 GB RTX 4060 Ti"), "{en}");
    let zh = say(&w, "zh", "/gpu 4060ti");
    assert!(zh.contains("8 GB 的 4060 Ti"), "{zh}");
}

#[test]
fn a_fit_on_a_consumer_card_answers_in_both_languages() {
    let w = world();
    // A 4-bit 7B model fits a 16 GB card and an 8 GB one.
    for (line, name) in [
        ("/fit qwen2.5-7b q4_k_m 4060ti-16g", "RTX 4060 Ti 16GB"),
        ("/fit qwen2.5-7b q4_k_m 4060ti 8g", "RTX 4060 Ti 8GB"),
        ("/fit qwen2.5-7b awq 4070ti", "RTX 4070 Ti"),
        ("/fit qwen2.5-7b awq 2080ti", "RTX 2080 Ti"),
    ] {
        let en = say(&w, "en", line);
        assert!(en.contains(name), "{line}: {en}");
        assert!(en.contains("Fits on 1 ×"), "{line}: {en}");
        let zh = say(&w, "zh", line);
        assert!(zh.contains(name), "{line}: {zh}");
        assert!(!zh.contains("不认识"), "{line}: {zh}");
    }
    // 16-bit 7B weights alone (~14 GiB) do not fit 8 GB.
    let en = say(&w, "en", "/fit qwen2.5-7b bf16 4060ti 8g");
    assert!(en.contains("Does not fit") || en.contains("❌"), "{en}");
    // A question names the card the way people type it.
    let zh = say(&w, "zh", "4070ti能跑qwen2.5-7b awq吗");
    assert!(zh.contains("RTX 4070 Ti"), "{zh}");
    let en = say(&w, "en", "can a 2080 ti run mistral-7b awq?");
    assert!(en.contains("RTX 2080 Ti"), "{en}");
}
