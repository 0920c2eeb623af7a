//! Cloud instance types read as the cards they hold (helper inst_types, issue 26): AWS, GCP and
//! Azure names at several sizes, in spec, fit, compare and price questions, in both languages,
//! with guards (a card whose id starts an instance family). Cases written before the change.

use super::fresh19_share::{own_cases_read_right, own_labels_canonical};

const OWN: &str = include_str!("../data/questions_inst_types_own.tsv");

#[test]
fn inst_types_mechanisms_on_cases_of_their_own() {
    own_cases_read_right("inst_types_own", OWN);
}

#[test]
fn inst_types_own_labels_are_canonical_lines() {
    own_labels_canonical(OWN, |_| false);
}

/// `/gpu g5.xlarge` answers the A10G and says which instance it was read from, in both
/// languages, with the count its type holds; a family said alone says the count varies.
#[test]
fn gpu_of_an_instance_type_names_the_instance() {
    use super::chat::ask_fresh;
    let en = ask_fresh("en", "/gpu g5.xlarge");
    assert!(en.contains("A10G") && en.contains("g5.xlarge"), "{en}");
    assert!(en.contains("AWS") && en.contains("aws.amazon.com"), "{en}");
    let zh = ask_fresh("zh-CN", "/gpu g5.12xlarge");
    assert!(zh.contains("A10G") && zh.contains("g5.12xlarge"), "{zh}");
    assert!(zh.contains("4 张") && zh.contains("实例"), "{zh}");
    let family = ask_fresh("en", "/gpu ND H100 v5");
    assert!(
        family.contains("H100")
            && family.contains("8 × this card")
            && family.contains("family ND H100 v5"),
        "{family}"
    );
    let zh_family = ask_fresh("zh-CN", "/gpu g5");
    assert!(
        zh_family.contains("实例系列 G5") && zh_family.contains("卡数随规格而定"),
        "{zh_family}"
    );
    let plain = ask_fresh("en", "/gpu a10g");
    assert!(!plain.contains("instance"), "{plain}");
}

/// Every family's card is a catalog card, every count in 1..=16, and no instance name is a
/// card's name; a file that breaks one of these is refused at load.
#[test]
fn instance_families_are_checked_at_load() {
    let c = bot_core::Catalog::embedded().unwrap();
    assert!(c.instances.len() >= 20);
    for f in &c.instances {
        assert!(c.find_gpu(&f.gpu).is_some(), "{}", f.name);
        assert!(f.source.starts_with("https://"), "{}", f.name);
    }
    let bad_card = bot_core::catalog::EMBEDDED_INSTANCES.replacen("\"a10g\"", "\"a10x\"", 1);
    assert!(c.clone().with_instances(&bad_card).is_err());
    let bad_count =
        bot_core::catalog::EMBEDDED_INSTANCES.replacen("\"g5.xlarge\" = 1", "\"g5.xlarge\" = 0", 1);
    assert!(c.clone().with_instances(&bad_count).is_err());
    let card_name =
        bot_core::catalog::EMBEDDED_INSTANCES.replacen("names = [\"g5\"]", "names = [\"a10\"]", 1);
    assert!(c.clone().with_instances(&card_name).is_err());
}
