//! Places the lexicon names (helper data_loc2, issue 26; cases written before the change): a
//! question that says a place keeps it, mainland China's regions and the cities a provider's
//! region text names read as the catalog's mainland split, Hong Kong kept apart from the
//! mainland, and a place inside another place's name never read as that place.

use super::fresh19_share::{own_cases_read_right, own_labels_canonical};
use bot_core::availability::region_text_in;
use bot_core::lexicon::{city_unplaced, place_codes, place_named, place_of_home, place_said};

const OWN: &str = include_str!("../data/questions_und_data_loc2_own.tsv");

#[test]
fn und_data_loc2_places_on_cases_of_their_own() {
    own_cases_read_right("und_data_loc2_own", OWN);
}

#[test]
fn und_data_loc2_own_labels_are_canonical_lines() {
    own_labels_canonical(OWN, |_| false);
}

/// Whether a provider's region text lies in the place written `region=<place>`, by the one
/// matcher `/offers region=` and `/platforms <place>` share.
fn lies_in(text: &str, place: &str) -> bool {
    region_text_in(text, place, &place_codes(place))
}

#[test]
fn hong_kong_is_not_the_mainland_and_the_mainland_is_not_hong_kong() {
    // Alibaba Cloud's own names, as the catalog keeps them.
    assert!(lies_in("China (Hong Kong)", "hk"));
    assert!(!lies_in("China (Hong Kong)", "cn"));
    assert!(lies_in("China (Hangzhou)", "cn"));
    assert!(!lies_in("China (Hangzhou)", "hk"));
    // Huawei Cloud's Chinese names.
    assert!(lies_in("中国-香港（ap-southeast-1）", "hk"));
    assert!(!lies_in("中国-香港（ap-southeast-1）", "cn"));
    assert!(lies_in("华北-北京四（cn-north-4）", "cn"));
    // Said in a question: Hong Kong is its own place, a mainland city the mainland split.
    assert_eq!(place_said("香港的h100"), Some("hk"));
    assert_eq!(place_said("上海的h100"), Some("cn"));
    assert_eq!(place_named("在香港的机器"), Some(("hk", "香港")));
}

#[test]
fn a_place_inside_another_places_name_is_not_that_place() {
    // 印度 (India) is inside 印度尼西亚 (Indonesia); Seoul's `亚太东北` holds 东北.
    assert!(!lies_in("印度尼西亚（雅加达）", "india"));
    assert!(lies_in("印度尼西亚（雅加达）", "indonesia"));
    assert!(lies_in("Indonesia (Jakarta)", "indonesia"));
    assert!(!lies_in("亚太东北(首尔)", "cn"));
    assert_eq!(place_said("印度尼西亚有4090吗"), Some("indonesia"));
    assert_eq!(place_said("印度有4090吗"), Some("india"));
    // A two-letter code is a whole word: Montenegro's `ME` is no Middle East.
    assert!(!lies_in("Podgorica, ME", "middle-east"));
    assert!(lies_in("me-west-1", "middle-east"));
    assert!(lies_in("Moscow Oblas, RU", "russia"));
    assert!(lies_in("Türkiye, TR", "turkey"));
    assert!(lies_in("Malaysia (Kuala Lumpur)", "malaysia"));
}

#[test]
fn a_wider_place_holds_the_narrower_one() {
    assert!(lies_in("EUR-IS-1", "iceland"));
    assert!(lies_in("EUR-IS-1", "nordics"));
    assert!(lies_in("EUR-IS-1", "eu"));
    assert!(lies_in("Sweden, SE", "nordics"));
    assert!(!lies_in("Germany, DE", "nordics"));
    assert!(lies_in("Malaysia, MY", "asia"));
}

#[test]
fn where_the_company_is_in_a_new_place() {
    assert_eq!(
        place_of_home("我们公司在马来西亚"),
        Some(("malaysia", "马来西亚"))
    );
    assert_eq!(
        place_of_home("we're based in brazil"),
        Some(("brazil", "brazil"))
    );
    assert_eq!(place_of_home("我人在中东"), Some(("middle-east", "中东")));
}

#[test]
fn a_city_no_provider_names_is_still_said_back() {
    // No region text in the catalog or the shared data names these.
    assert_eq!(city_unplaced(" 成都的4090 "), Some("成都"));
    assert_eq!(city_unplaced(" 重庆有h100吗 "), Some("重庆"));
    assert_eq!(city_unplaced(" 迪拜有h100吗 "), Some("迪拜"));
    assert_eq!(city_unplaced(" h100 in dubai "), Some("dubai"));
    // Named now by Alibaba Cloud's and Huawei Cloud's own region lists: read, not said back.
    assert_eq!(city_unplaced(" 上海的4090 "), None);
    assert_eq!(city_unplaced(" 乌兰察布有h800吗 "), None);
    assert_eq!(city_unplaced(" 4090 in kuala lumpur "), None);
}

#[test]
fn a_zone_number_glues_onto_a_phrase_never_onto_a_lone_code() {
    assert!(lies_in("me-west1", "middle-east"));
    // Paperspace's `West Coast (CA1)`: CA1 is no Canada.
    assert!(!lies_in("West Coast (CA1)", "canada"));
    assert!(lies_in("CA-MTL-1", "canada"));
}
