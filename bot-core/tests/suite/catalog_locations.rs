//! `[platform.locations]` as data: each list sourced and dated, each region text placed by the
//! lexicon (or named below with why it cannot be), so `/pick` and `/platforms <place>` answer
//! from what a provider says rather than from where it sells.

use bot_core::Catalog;
use bot_core::availability::region_text_in;
use bot_core::lexicon::{
    PLACES, UNPLACED as CITIES_SAID_BACK, place_codes, place_word, placed, platform_in_place,
};

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
const NO_LIST: &[(&str, &str)] = &[
    (
        "verda",
        "only gpuhunt's test fixture (FIN-01, FIN-02, ICE-01: test data, not a list); Verda's own location list not found (docs/pages/code searched again 2026-12-06: third-party API wrappers only), its codes explained by no source read",
    ),
    (
        "modal",
        "Modal's region-selection page read names price groups (US/EU/UK/AP, CA/SA/ME/MX/AF), not where its GPUs are",
    ),
    (
        "vultr",
        "gpuhunt reads plan locations from Vultr's API; its test fixture's ewr/ord/sea are sample codes no source read explains; Vultr's docs read list Object Storage locations, not GPU ones",
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
        "no region or location found in its docs or API material searched; its blog says its instances are 'many of them' hosted on Amazon or Google Cloud, naming no region",
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
        "HAI's DescribeRegions doc shows only an example reply (ap-guangzhou, ap-chongqing unavailable), not the list; Tencent Cloud's CVM region list is not HAI's",
    ),
    (
        "volcengine",
        "no region list for its GPU product found (only 火山方舟's model-API region, 华北2 北京)",
    ),
    ("ucompshare", "no region list in its own docs found"),
    ("spacehpc", "no region list in its own docs found"),
    ("zhixingyun", "no region list in its own docs found"),
    ("shengsuanyun", "no region list in its own docs found"),
    ("mornai", "no region list in its own docs found"),
    ("gongji", "no region list in its own docs found"),
    ("lanrui", "no region list in its own docs found"),
    ("suanjiayun", "no region list in its own docs found"),
    ("virtai", "no region list in its own docs found"),
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

/// The places a region text lies in, by the matcher `/platforms <place>` and `/offers region=`
/// share.
fn places_of(text: &str) -> Vec<&'static str> {
    PLACES
        .iter()
        .filter(|p| p.text != "global")
        .filter(|p| region_text_in(text, p.text, &place_codes(p.text)))
        .map(|p| p.text)
        .collect()
}

#[test]
fn every_catalog_location_lies_in_a_place_the_lexicon_can_name() {
    // Each placed text lies in a place a `/platforms` word names (and so a label in both
    // locales, `label_sets`), or in mainland China, the catalog's `cn`.
    let cat = Catalog::embedded().unwrap();
    for p in &cat.platforms {
        let Some(l) = &p.locations else { continue };
        for r in &l.regions {
            if !placed(r) {
                continue;
            }
            let named: Vec<_> = places_of(r)
                .into_iter()
                .filter(|t| *t == "cn" || place_word(t) == Some(*t))
                .collect();
            assert!(
                !named.is_empty(),
                "{}: {r:?} lies in no nameable place",
                p.id
            );
        }
    }
}

#[test]
fn a_city_said_back_is_one_no_catalog_text_names() {
    // `UNPLACED` cities are said back because no provider's text names them; a catalog text
    // that names one makes it its place's word instead.
    let cat = Catalog::embedded().unwrap();
    let texts: Vec<String> = cat
        .platforms
        .iter()
        .filter_map(|p| p.locations.as_ref())
        .flat_map(|l| l.regions.iter().map(|r| r.to_lowercase()))
        .collect();
    for city in CITIES_SAID_BACK {
        let city = city.trim();
        let named = texts.iter().any(|t| {
            if city.is_ascii() {
                let words: Vec<&str> = t
                    .split(|c: char| !c.is_ascii_alphanumeric())
                    .filter(|w| !w.is_empty())
                    .collect();
                let want: Vec<&str> = city.split(' ').collect();
                words.windows(want.len()).any(|w| w == want.as_slice())
            } else {
                t.contains(city)
            }
        });
        assert!(
            !named,
            "{city} is said back, but a catalog region text names it"
        );
    }
}

#[test]
fn hong_kong_and_the_mainland_are_two_places_in_the_catalog() {
    let cat = Catalog::embedded().unwrap();
    let at = |id: &str, place: &str| platform_in_place(cat.platform(id).unwrap(), place);
    // Alibaba Cloud PAI: `China (Hong Kong)` is Hong Kong; its mainland cities are `cn`.
    assert_eq!(places_of("China (Hong Kong)"), vec!["hk"]);
    assert_eq!(places_of("China (Shanghai)"), vec!["cn"]);
    assert_eq!(at("aliyun-pai", "hk"), Some(true));
    assert_eq!(at("aliyun-pai", "malaysia"), Some(true));
    assert_eq!(at("aliyun-pai", "indonesia"), Some(true));
    // A whole list, every text placed: a place none lies in is a no.
    assert_eq!(at("aliyun-pai", "korea"), Some(false));
    // Baidu AIHC's regions are all on the mainland: no Hong Kong, no US.
    assert_eq!(at("baidu-aihc", "hk"), Some(false));
    assert_eq!(at("baidu-aihc", "us"), Some(false));
    // Huawei ModelArts: a partial list with Hong Kong and Singapore in it.
    assert_eq!(at("huawei-modelarts", "hk"), Some(true));
    assert_eq!(at("huawei-modelarts", "singapore"), Some(true));
    assert_eq!(at("huawei-modelarts", "japan"), None);
    // Crusoe: its own docs' zones are in the US; elsewhere unknown.
    assert_eq!(at("crusoe", "us"), Some(true));
    assert_eq!(at("crusoe", "eu"), None);
}

#[test]
fn the_middle_east_russia_and_turkiye_are_places_of_the_catalog() {
    let cat = Catalog::embedded().unwrap();
    let at = |id: &str, place: &str| platform_in_place(cat.platform(id).unwrap(), place);
    assert_eq!(at("lambda", "middle-east"), Some(true));
    assert_eq!(at("nebius", "middle-east"), Some(true));
    assert_eq!(at("vast", "russia"), Some(true));
    assert_eq!(at("vast", "turkey"), Some(true));
    // The Middle East is no country: Lambda's `me-west-1` says nothing of Israel or the UAE
    // beyond it, so no narrower place is read from it.
    assert_eq!(places_of("me-west-1"), vec!["middle-east"]);
}
