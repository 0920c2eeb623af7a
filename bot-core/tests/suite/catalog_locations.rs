//! `[platform.locations]` as data: each list sourced and dated, each region text placed by the
//! lexicon (or named below with why it cannot be), so `/pick` and `/platforms <place>` answer
//! from what a provider says rather than from where it sells.

use bot_core::Catalog;
use bot_core::lexicon::{placed, platform_in_place};

/// Region texts the lexicon places nowhere, each with why: such a text leaves every place the
/// list does not name unknown (`lexicon::platform_in_place`), never a no.
const UNPLACED: &[(&str, &str, &str)] = &[
    (
        "paperspace",
        "East Coast (NY2)",
        "no source read names NY2's country (SITES has no NY2)",
    ),
    (
        "paperspace",
        "West Coast (CA1)",
        "no source read names CA1's country (SITES has no CA1)",
    ),
];

/// Platforms with no list, and why: no primary source read names where their machines are.
const NO_LIST: &[(&str, &str)] = &[];

/// The platforms issue 26's data pass names.
const NAMED: &[&str] = &[
    "jarvislabs",
    "verda",
    "hyperstack",
    "nebius",
    "coreweave",
    "crusoe",
    "modal",
    "vultr",
    "saladcloud",
    "colab",
    "thundercompute",
    "hotaisle",
    "cloudrift",
    "autodl",
    "gpushare",
    "matpool",
    "featurize",
    "openbayes",
    "aliyun-pai",
    "tencent-hai",
    "volcengine",
    "ucompshare",
    "spacehpc",
    "zhixingyun",
    "shengsuanyun",
    "mornai",
    "gongji",
    "lanrui",
    "suanjiayun",
    "virtai",
    "baidu-aihc",
    "huawei-modelarts",
    "cloud-studio",
    "lanyun",
];

fn is_date(s: &str) -> bool {
    let b = s.as_bytes();
    s.len() == 10
        && b[4] == b'-'
        && b[7] == b'-'
        && s.chars()
            .enumerate()
            .all(|(i, c)| i == 4 || i == 7 || c.is_ascii_digit())
}

#[test]
fn every_locations_entry_is_sourced_dated_and_non_empty() {
    let cat = Catalog::embedded().unwrap();
    let mut lists = 0;
    for p in &cat.platforms {
        let Some(l) = &p.locations else { continue };
        lists += 1;
        assert!(!l.regions.is_empty(), "{}: empty region list", p.id);
        assert!(
            l.regions.iter().all(|r| !r.trim().is_empty()),
            "{}: blank region text",
            p.id
        );
        let mut seen = l.regions.clone();
        seen.sort();
        seen.dedup();
        assert_eq!(seen.len(), l.regions.len(), "{}: a region twice", p.id);
        assert!(l.source.starts_with("https://"), "{}: source", p.id);
        assert!(is_date(&l.as_of), "{}: as_of {:?}", p.id, l.as_of);
        assert!(
            l.source_note.as_deref().is_some_and(|n| n.len() > 20),
            "{}: source_note says where the list was read",
            p.id
        );
    }
    assert!(lists > 0);
}

#[test]
fn every_region_text_is_placed_or_named_unplaced_with_a_reason() {
    let cat = Catalog::embedded().unwrap();
    let mut unplaced = Vec::new();
    for p in &cat.platforms {
        let Some(l) = &p.locations else { continue };
        for r in &l.regions {
            if !placed(r) {
                unplaced.push((p.id.as_str(), r.as_str()));
            }
        }
    }
    for (id, r) in &unplaced {
        assert!(
            UNPLACED.iter().any(|(i, t, _)| i == id && t == r),
            "{id}: {r:?} is placed by no place of the lexicon and not in UNPLACED"
        );
    }
    // The allow-list holds only texts that are there and really unplaced.
    for (id, r, why) in UNPLACED {
        assert!(!why.is_empty());
        assert!(
            unplaced.contains(&(*id, *r)),
            "UNPLACED names {id}: {r:?}, which is placed or not in the catalog"
        );
    }
}

#[test]
fn each_platform_named_has_a_list_or_says_why_not() {
    let cat = Catalog::embedded().unwrap();
    let missing: Vec<&str> = NAMED
        .iter()
        .copied()
        .filter(|id| {
            let p = cat.platform(id).unwrap();
            p.locations.is_none() && !NO_LIST.iter().any(|(i, _)| i == id)
        })
        .collect();
    assert!(missing.is_empty(), "no list and no reason: {missing:?}");
    for (id, why) in NO_LIST {
        assert!(!why.is_empty());
        assert!(cat.platform(id).unwrap().locations.is_none(), "{id}");
    }
}

#[test]
fn a_whole_list_answers_yes_and_no_a_partial_one_yes_or_unknown() {
    let cat = Catalog::embedded().unwrap();
    let at = |id: &str, place: &str| platform_in_place(cat.platform(id).unwrap(), place);
    // Hyperstack's docs name its three regions as the whole set.
    assert_eq!(at("hyperstack", "canada"), Some(true));
    assert_eq!(at("hyperstack", "norway"), Some(true));
    assert_eq!(at("hyperstack", "us"), Some(true));
    assert_eq!(at("hyperstack", "japan"), Some(false));
    // CoreWeave's general-access regions: a partial list (dedicated zones are elsewhere too).
    assert_eq!(at("coreweave", "us"), Some(true));
    assert_eq!(at("coreweave", "japan"), None);
}
