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
    (
        "vast",
        "RU",
        "the lexicon has no Russia place (nor RU among Europe's or Asia's codes)",
    ),
    (
        "vast",
        "Moscow Oblas, RU",
        "the lexicon has no Russia place (nor RU among Europe's or Asia's codes)",
    ),
    (
        "vast",
        "Türkiye, TR",
        "the lexicon has no Türkiye place (nor TR among Europe's or Asia's codes)",
    ),
    (
        "lambda",
        "me-west-1",
        "no source read says where Lambda's me-west-1 is; the lexicon has no Middle East place",
    ),
    (
        "nebius",
        "me-west1",
        "no source read says where Nebius's me-west1 is; the lexicon has no Middle East place",
    ),
    (
        "aliyun-pai",
        "China (Hangzhou)",
        "mainland China: the lexicon's `cn` is the catalog's split of platforms, no place a region text lies in",
    ),
    (
        "aliyun-pai",
        "China (Shanghai)",
        "mainland China: the lexicon's `cn` is the catalog's split of platforms, no place a region text lies in",
    ),
    (
        "aliyun-pai",
        "China (Beijing)",
        "mainland China: the lexicon's `cn` is the catalog's split of platforms, no place a region text lies in",
    ),
    (
        "aliyun-pai",
        "China (Ulanqab)",
        "mainland China: the lexicon's `cn` is the catalog's split of platforms, no place a region text lies in",
    ),
    (
        "aliyun-pai",
        "China (Shenzhen)",
        "mainland China: the lexicon's `cn` is the catalog's split of platforms, no place a region text lies in",
    ),
    (
        "aliyun-pai",
        "China (Guangzhou)",
        "mainland China: the lexicon's `cn` is the catalog's split of platforms, no place a region text lies in",
    ),
    (
        "aliyun-pai",
        "China (Hong Kong)",
        "the lexicon's `hk` place matches the word hk only, not Hong Kong spelled out",
    ),
    (
        "aliyun-pai",
        "Malaysia (Kuala Lumpur)",
        "the lexicon has no Malaysia place (Asia's codes hold my, a code this text does not carry)",
    ),
    (
        "aliyun-pai",
        "Indonesia (Jakarta)",
        "the lexicon has no Indonesia place (Asia's codes hold id, a code this text does not carry)",
    ),
];

/// Platforms with no list, and why: no primary source read names where their machines are.
const NO_LIST: &[(&str, &str)] = &[
    (
        "verda",
        "only gpuhunt's test fixture (FIN-01, FIN-02, ICE-01: test data, not a list); Verda's own location list not found, its codes explained by no source read",
    ),
    (
        "crusoe",
        "gpuhunt reads locations from Crusoe's API at run time (no list in its source); no Crusoe docs page found",
    ),
    (
        "modal",
        "Modal's region-selection page read names price groups (US/EU/UK/AP, CA/SA/ME/MX/AF), not where its GPUs are",
    ),
    (
        "vultr",
        "gpuhunt reads plan locations from Vultr's API; its test fixture's ewr/ord/sea are sample codes no source read explains",
    ),
    (
        "saladcloud",
        "a network of consumer machines; no region list found",
    ),
    (
        "colab",
        "Google names no place for Colab runtimes in any source found",
    ),
    (
        "thundercompute",
        "no region or location found in its docs or API material searched",
    ),
    (
        "cloudrift",
        "gpuhunt reads nodes per datacenter from CloudRift's API at run time; no list in its source",
    ),
    (
        "autodl",
        "its region names (西北B区, beijing-A …) seen only in a third-party client's docstrings (autodl-gpuhunter), not AutoDL's own docs",
    ),
    ("gpushare", "no region list in its own docs found"),
    ("matpool", "no region list in its own docs found"),
    ("featurize", "no region list in its own docs found"),
    ("openbayes", "no region list in its own docs found"),
    (
        "tencent-hai",
        "HAI's DescribeRegions doc shows only an example reply (ap-guangzhou, ap-chongqing unavailable), not the list",
    ),
    ("volcengine", "no region list for its GPU product found"),
    ("ucompshare", "no region list in its own docs found"),
    ("spacehpc", "no region list in its own docs found"),
    ("zhixingyun", "no region list in its own docs found"),
    ("shengsuanyun", "no region list in its own docs found"),
    ("mornai", "no region list in its own docs found"),
    ("gongji", "no region list in its own docs found"),
    ("lanrui", "no region list in its own docs found"),
    ("suanjiayun", "no region list in its own docs found"),
    ("virtai", "no region list in its own docs found"),
    ("baidu-aihc", "no region list for AIHC found"),
    (
        "huawei-modelarts",
        "ModelArts regions not found in the sources searched (only other Huawei Cloud services' regions)",
    ),
    ("cloud-studio", "no region list in its own docs found"),
    ("lanyun", "no region list in its own docs found"),
];

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
