//! Small wrong answers from replaying the binary: plurals, a count out of range read as a
//! card, and an argument error that does not say which argument. Both locales.

use super::chat::{say, world};

#[test]
fn one_card_hour_is_singular() {
    let w = world();
    let en = say(&w, "en", "/trial autodl 4090 1h 7块2");
    assert!(en.contains("1 card-hour."), "{en}");
    assert!(!en.contains("1 card-hours"), "{en}");
    let en = say(&w, "en", "/trial autodl 4090 2h ¥14 2");
    assert!(en.contains("2 card-hours."), "{en}");
    let zh = say(&w, "zh", "/trial autodl 4090 1h 7块2");
    assert!(zh.contains("1 卡时"), "{zh}");
}

#[test]
fn a_count_out_of_range_before_a_card_is_a_bad_count() {
    let w = world();
    for line in [
        "/fit qwen2.5-7b 0x4090",
        "/fit qwen2.5-7b 2049x4090",
        "/fit qwen2.5-7b 0x 4090",
        "/tco qwen2.5-7b int4 0x4090 20m 0.3",
    ] {
        let en = say(&w, "en", line);
        assert!(!en.contains("I don't know a GPU"), "{line}: {en}");
        assert!(en.contains("between 1 and 2048"), "{line}: {en}");
        let zh = say(&w, "zh", line);
        assert!(zh.contains("2048"), "{line}: {zh}");
    }
    // 1x is one card.
    let en = say(&w, "en", "/fit qwen2.5-7b 1x4090");
    assert!(en.contains("GeForce RTX 4090"), "{en}");
    assert!(!en.contains("don't know"), "{en}");
}

#[test]
fn tco_says_which_argument_is_wrong_and_why() {
    let w = world();
    let en = say(&w, "en", "/tco qwen2.5-7b int4 4090 0 0");
    assert!(en.contains("Tokens a day"), "{en}");
    assert!(!en.contains("I can't read"), "{en}");
    let zh = say(&w, "zh", "/tco qwen2.5-7b int4 4090 0 0");
    assert!(zh.contains("每天的 token 数"), "{zh}");
    let en = say(&w, "en", "/tco qwen2.5-7b int4 4090 20m 0");
    assert!(en.contains("The API price per 1M tokens"), "{en}");
    let zh = say(&w, "zh", "/tco qwen2.5-7b int4 4090 20m abc");
    assert!(zh.contains("API 每百万 token 的价格"), "{zh}");
}

/// A card's number or name where the job's length goes is the length missing, never a
/// length of 4090 seconds nor a misspelt one (`/compare 4090` had answered "no GPU called """;
/// `/cost autodl 3090 1800` billed half an hour).
#[test]
fn a_card_where_the_length_goes_is_a_missing_length() {
    let w = world();
    for line in [
        "/compare 4090",
        "/compare 3090",
        "/compare l40s",
        "/compare h100",
        "/compare a100 80g",
        "/cost autodl 4090",
        "/cost runpod 3090 1800",
        "/cost autodl 5090 2",
    ] {
        let en = say(&w, "en", line);
        assert!(en.contains("Missing: the work duration"), "{line}: {en}");
        assert!(!en.contains("don't know a GPU"), "{line}: {en}");
        assert!(!en.contains("Total:"), "{line}: {en}");
        let zh = say(&w, "zh", line);
        assert!(!zh.contains("不是有效的时长"), "{line}: {zh}");
        assert!(zh.contains("任务时长"), "{line}: {zh}");
    }
    // A length with its unit, before or after the card, or in two words, still reads.
    for line in [
        "/compare 4090 3h",
        "/compare 3h 4090",
        "/cost autodl 4090 3 hours",
        "/cost autodl 4090 1800s",
    ] {
        let en = say(&w, "en", line);
        assert!(!en.contains("Missing"), "{line}: {en}");
        assert!(en.contains("GeForce RTX 4090"), "{line}: {en}");
    }
    // A length whose unit is misspelt is still said to be misspelt.
    let en = say(&w, "en", "/compare 4090 3hourz");
    assert!(en.contains("can't read \"3hourz\""), "{en}");
}
