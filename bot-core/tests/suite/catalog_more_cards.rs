//! Cards rental catalogs list and cards people own that the catalog lacked (issue 24 §1): the
//! Ada workstation cards, the RTX A2000 (6 and 12 GB), NVIDIA A2 / A16, the 12 GB RTX 3080, the RTX 5060, and laptop GPUs.
//! Each resolves by the spellings people and providers type, `/gpu` states its memory (the
//! driver's MiB where a reading is on file), a fit on it answers in both languages, and a laptop
//! GPU is never priced nor offered as a card to rent.

use bot_core::Catalog;

use super::chat::{priced, say, with_platforms, world};

/// (as typed, catalog id): forms from questions, provider names (RunPod's `NVIDIA RTX 4000 Ada
/// Generation`, Vast's `RTX 4000Ada`) and laptop names (`NVIDIA GeForce RTX 4090 Laptop GPU`).
const SPELLINGS: &[(&str, &str)] = &[
    ("4000ada", "rtx-4000-ada"),
    ("rtx 4000 ada", "rtx-4000-ada"),
    ("NVIDIA RTX 4000 Ada Generation", "rtx-4000-ada"),
    ("RTX 4000Ada", "rtx-4000-ada"),
    ("RTX 2000 Ada", "rtx-2000-ada"),
    ("NVIDIA RTX 2000 Ada Generation", "rtx-2000-ada"),
    ("rtx 5000 ada", "rtx-5000-ada"),
    ("NVIDIA RTX 5000 Ada Generation", "rtx-5000-ada"),
    ("a2", "a2"),
    ("NVIDIA A2", "a2"),
    ("a16", "a16"),
    ("NVIDIA A16", "a16"),
    ("RTX A2000", "rtx-a2000"),
    ("NVIDIA RTX A2000", "rtx-a2000"),
    ("a2000 12gb", "rtx-a2000-12g"),
    ("RTX A2000 12GB", "rtx-a2000-12g"),
    ("3080 12g", "rtx-3080-12g"),
    ("RTX 3080 12GB", "rtx-3080-12g"),
    ("5060", "rtx-5060"),
    ("GeForce RTX 5060", "rtx-5060"),
    ("4060 laptop", "rtx-4060-laptop"),
    ("NVIDIA GeForce RTX 4060 Laptop GPU", "rtx-4060-laptop"),
    ("4070 laptop", "rtx-4070-laptop"),
    ("4080 laptop", "rtx-4080-laptop"),
    ("4090 laptop", "rtx-4090-laptop"),
    ("4090笔记本", "rtx-4090-laptop"),
    ("4090 移动版", "rtx-4090-laptop"),
    ("4090m", "rtx-4090-laptop"),
    ("3080 laptop", "rtx-3080-laptop-8g"),
    ("3080 laptop 16g", "rtx-3080-laptop-16g"),
];

/// Cards given a driver reading in this round, beside the new ones.
const NEWLY_READ: &[&str] = &["rtx-a4000", "rtx-a5000", "b200", "v100-16g", "rtx-pro-6000"];

fn new_ids() -> Vec<&'static str> {
    let mut ids: Vec<&str> = SPELLINGS.iter().map(|(_, id)| *id).collect();
    ids.dedup();
    ids
}

#[test]
fn each_new_card_resolves_by_its_common_spellings_and_old_names_keep_theirs() {
    let c = Catalog::embedded().unwrap();
    for (typed, id) in SPELLINGS {
        let g = c.gpu(typed).unwrap_or_else(|e| panic!("{typed}: {e}"));
        assert_eq!(&g.id, id, "{typed}");
    }
    // A size or a laptop word picks the new card; without it the name stays the card it was.
    for (typed, id) in [
        ("3080", "rtx-3080"),
        ("rtx 3080 10gb", "rtx-3080"),
        ("4090", "rtx-4090"),
        ("4060", "rtx-4060"),
        ("5060 ti", "rtx-5060-ti-16g"),
        ("a10", "a10"),
        ("a100", "a100-80g-sxm"),
        ("rtx 6000 ada", "rtx-6000-ada"),
        ("a4000", "rtx-a4000"),
    ] {
        assert_eq!(c.gpu(typed).unwrap().id, id, "{typed}");
    }
}

#[test]
fn gpu_states_each_card_memory_in_both_languages() {
    let c = Catalog::embedded().unwrap();
    let w = world();
    for id in new_ids().into_iter().chain(NEWLY_READ.iter().copied()) {
        let g = c.gpu(id).unwrap();
        let en = say(&w, "en", &format!("/gpu {id}"));
        assert!(en.contains(&g.name), "{id}: {en}");
        let zh = say(&w, "zh", &format!("/gpu {id}"));
        assert!(zh.contains(g.display_name(true)), "{id}: {zh}");
        match g.memory_mib {
            Some(mib) => {
                assert!(en.contains(&format!("{mib} MiB")), "{id}: {en}");
                assert!(zh.contains(&format!("{mib} MiB")), "{id}: {zh}");
            }
            None => {
                assert!(en.contains("derived"), "{id}: {en}");
                assert!(zh.contains(&format!("{} GiB", g.vram_gb)), "{id}: {zh}");
            }
        }
    }
    for id in NEWLY_READ {
        assert!(c.gpu(id).unwrap().memory_mib.is_some(), "{id}");
    }
}

#[test]
fn a_fit_on_each_new_card_answers_in_both_languages() {
    let c = Catalog::embedded().unwrap();
    let w = world();
    for id in new_ids() {
        let g = c.gpu(id).unwrap();
        // A 4-bit 7B model (~6.6 GiB) fits every one of them from 8 GB up; a 4-bit 3B one
        // (~3 GiB) fits the 6 GB RTX A2000.
        let model = if g.vram_gb < 8.0 {
            "qwen2.5-3b"
        } else {
            "qwen2.5-7b"
        };
        let line = format!("/fit {model} awq {id}");
        let en = say(&w, "en", &line);
        assert!(en.contains(&g.name), "{line}: {en}");
        assert!(
            en.contains("Fits on 1 ×") || en.contains("Tight on 1 ×"),
            "{line}: {en}"
        );
        let zh = say(&w, "zh", &line);
        assert!(zh.contains(g.display_name(true)), "{line}: {zh}");
        assert!(
            !zh.contains("不认识") && zh.contains("放得下"),
            "{line}: {zh}"
        );
    }
    // 16-bit 7B weights alone (~14 GiB) do not fit 8 GB; 4-bit 7B ones (~6.6 GiB) do not fit
    // the 6 GB RTX A2000, while its 12 GB sibling holds them.
    for line in ["/fit qwen2.5-7b bf16 5060", "/fit qwen2.5-7b awq a2000"] {
        let en = say(&w, "en", line);
        assert!(
            en.contains("Does not fit") || en.contains("❌"),
            "{line}: {en}"
        );
    }
    let en = say(&w, "en", "/fit qwen2.5-7b awq a2000 12gb");
    assert!(
        en.contains("Fits on 1 ×") || en.contains("Tight on 1 ×"),
        "{en}"
    );
}

#[test]
fn a_question_names_a_laptop_gpu_the_way_people_type_it() {
    let w = world();
    let zh = say(&w, "zh", "4090笔记本能跑qwen2.5-7b awq吗");
    assert!(zh.contains("RTX 4090 笔记本显卡"), "{zh}");
    let zh = say(&w, "zh", "4070 移动版能跑qwen2.5-7b awq吗");
    assert!(zh.contains("RTX 4070 笔记本显卡"), "{zh}");
    let en = say(&w, "en", "can a 4060 laptop run qwen2.5-7b awq?");
    assert!(en.contains("RTX 4060 Laptop GPU"), "{en}");
    // Without the laptop word the desktop card stands.
    let zh = say(&w, "zh", "4090能跑qwen2.5-7b awq吗");
    assert!(
        zh.contains("GeForce RTX 4090") && !zh.contains("笔记本显卡"),
        "{zh}"
    );
}

#[test]
fn a_laptop_gpu_is_never_priced_nor_offered_to_rent() {
    let c = Catalog::embedded().unwrap();
    let laptops: Vec<_> = c.gpus.iter().filter(|g| g.is_laptop()).collect();
    assert!(laptops.len() >= 6, "{} laptop cards", laptops.len());
    // No platform quotes one, and the catalog refuses a quote that would.
    for p in &c.platforms {
        assert!(
            p.prices.iter().all(|q| !q.gpu.contains("laptop")),
            "{}",
            p.id
        );
    }
    let mut platforms = c.platforms.clone();
    platforms[0]
        .prices
        .push(priced("rtx-4090-laptop", "0.5", "USD", "on_demand"));
    let refused = bot_core::catalog::Catalog::from_parts(
        c.gpus.clone(),
        platforms,
        c.models.clone(),
        c.fx.clone(),
    );
    let Err(err) = refused else {
        panic!("a quote on a laptop GPU was accepted");
    };
    let err = err.to_string();
    assert!(err.contains("laptop"), "{err}");
    // The same row on a desktop card is accepted: the refusal is the laptop's.
    let mut platforms = c.platforms.clone();
    platforms[0]
        .prices
        .push(priced("rtx-4090", "0.5", "USD", "on_demand"));
    with_platforms(&c, platforms);
    // A fit with no card lists cards to rent: no laptop among them, in either language.
    let w = world();
    for lang in ["en", "zh"] {
        let out = say(&w, lang, "/fit qwen2.5-7b awq");
        for g in &laptops {
            assert!(!out.contains(g.display_name(lang == "zh")), "{lang}: {out}");
        }
    }
    // Asked for a price, it has none.
    let en = say(&w, "en", "/compare 4060 laptop 3h");
    assert!(en.contains("No platform"), "{en}");
}

#[test]
fn a_short_card_id_is_read_only_as_a_word_of_its_own() {
    let w = world();
    // `a2 的价格`: the card's price, nothing else taken from the line.
    let zh = say(&w, "zh", "a2 的价格");
    assert!(zh.contains("NVIDIA A2"), "{zh}");
    // `w4a16` is a quantization scheme and `a3b` an active size: no A16 or A2 in them.
    for line in ["/fit qwen2.5-7b w4a16", "qwen3-30b-a3b w4a16 要多少显存"] {
        for lang in ["en", "zh"] {
            let out = say(&w, lang, line);
            assert!(
                !out.contains("NVIDIA A16") && !out.contains("NVIDIA A2 "),
                "{line}: {out}"
            );
        }
    }
}
