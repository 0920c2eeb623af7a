//! Issue 26 (session 8): the reader's known leftovers and its robustness, by mechanism on
//! cases of my own (`questions_und_g.tsv`), the answers the chat gives for the ones said back
//! (a negative count, a follow-up, a memory floor with nothing stored), and a perturbation
//! test: questions with known readings from the corpora, changed the ways people's keyboards
//! and voices change them (full-width, Traditional characters, a filler word, spaces left
//! out, capitals), must read the same.

use bot_core::Catalog;
use bot_core::understand::{Reading, read};

use super::understand::share_by_line;

#[test]
fn und_g_mechanisms_on_cases_of_their_own() {
    let (total, right) = share_by_line("und_g", include_str!("../data/questions_und_g.tsv"));
    assert!(total >= 60, "{total} questions");
    assert_eq!(right, total, "{right} of {total}");
}

/// A count of cards below one is said back in the user's words, never answered for one card.
#[test]
fn a_negative_card_count_is_said_back() {
    use super::chat::{say, world};
    let w = world();
    for (q, word) in [
        ("-1张4090跑qwen2.5-7b够吗", "-1张"),
        ("4090 -3张 多少钱", "-3张"),
        ("can -2 a100s run llama-3.1-70b", "-2"),
    ] {
        let en = say(&w, "en", q);
        assert!(
            en.contains(&format!("“{word}” is not a number of cards")),
            "{q}: {en}"
        );
        assert!(!en.contains("I read this as"), "{q}: {en}");
        let zh = say(&w, "zh", q);
        assert!(zh.contains(&format!("“{word}”不是能用的卡数")), "{q}: {zh}");
    }
    // A range or a name with a hyphen is no negative count.
    let en = say(&w, "en", "2-3张4090 跑qwen2.5-7b");
    assert!(!en.contains("not a number of cards"), "{en}");
}

/// A follow-up without its question: the bot keeps no earlier question, says so, and offers
/// what the words alone ask; a follow-up that is a whole question is answered.
#[test]
fn a_follow_up_without_its_question_is_asked_back() {
    use super::chat::{say, world};
    let w = world();
    let en = say(&w, "en", "what about on runpod");
    assert!(en.contains("I don't keep earlier questions"), "{en}");
    assert!(en.contains("What these words ask on their own"), "{en}");
    let zh = say(&w, "zh", "那A100呢");
    assert!(zh.contains("我不记得之前的问题"), "{zh}");
    assert!(zh.contains("只看这句话本身"), "{zh}");
    let none = say(&w, "zh", "换成4张呢");
    assert!(none.contains("我不记得之前的问题"), "{none}");
    assert!(!none.contains("只看这句话本身"), "nothing to offer: {none}");
    let whole = say(&w, "zh", "那4090跑qwen2.5-7b呢");
    assert!(
        whole.starts_with("我理解为：/fit qwen2.5-7b rtx-4090"),
        "{whole}"
    );
}

/// A memory floor with no stored offer: the catalog's cards above it, cheapest listed hour
/// first, labelled as list prices, in both languages; a floor no card meets adds nothing.
#[test]
fn a_memory_floor_is_answered_from_the_catalog_without_stored_offers() {
    use super::chat::{say, world};
    let w = world();
    let en = say(&w, "en", "cheapest gpu with 48gb vram");
    assert!(en.starts_with("I read this as: /offers vram>=48"), "{en}");
    assert!(en.contains("From the catalog instead"), "{en}");
    assert!(en.contains("at least 48 GB"), "{en}");
    assert!(en.contains("list prices"), "{en}");
    // Every card listed has the memory: no 24 GB card.
    assert!(!en.contains("RTX 3090"), "{en}");
    assert!(!en.contains("NVIDIA L4 "), "{en}");
    let zh = say(&w, "zh", "48g显存以上最便宜的卡");
    assert!(zh.contains("改从价格目录里找"), "{zh}");
    assert!(zh.contains("至少 48 GB"), "{zh}");
    let typed = say(&w, "en", "/offers vram>=4000");
    assert!(!typed.contains("From the catalog"), "{typed}");
    // A card, a platform or a machine of several cards is only for live offers.
    let card = say(&w, "en", "/offers h100 vram>=80");
    assert!(!card.contains("From the catalog"), "{card}");
}

/// Questions the corpora read right, every `step`-th one with a plain expected line.
fn known(catalog: &Catalog) -> Vec<(String, String)> {
    let files = [
        include_str!("../data/questions_fresh15.tsv"),
        include_str!("../data/questions_fresh14.tsv"),
        include_str!("../data/questions_hand.tsv"),
        include_str!("../data/questions_voices.tsv"),
        include_str!("../data/questions_fresh12.tsv"),
    ];
    let mut out = Vec::new();
    for file in files {
        let rows: Vec<(&str, &str)> = file
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .filter_map(|l| l.split_once('\t'))
            .filter(|(_, e)| !e.starts_with("ask:"))
            .collect();
        for (q, e) in rows.iter().step_by(9).take(15) {
            if let Reading::Command(r) = read(catalog, q)
                && r.line() == *e
            {
                out.push((q.to_string(), e.to_string()));
            }
        }
    }
    out
}

/// Full-width letters, digits and signs, and the ideographic space.
fn full_width(s: &str) -> String {
    s.chars()
        .map(|c| match c {
            ' ' => '\u{3000}',
            '!'..='~' => char::from_u32(c as u32 + 0xFEE0).unwrap_or(c),
            _ => c,
        })
        .collect()
}

/// Common words' characters in their Traditional forms (Taiwan, Hong Kong).
fn traditional(s: &str) -> String {
    const PAIRS: &[(char, char)] = &[
        ('钱', '錢'),
        ('块', '塊'),
        ('显', '顯'),
        ('时', '時'),
        ('个', '個'),
        ('吗', '嗎'),
        ('张', '張'),
        ('费', '費'),
        ('贵', '貴'),
        ('调', '調'),
        ('练', '練'),
        ('么', '麼'),
        ('几', '幾'),
        ('价', '價'),
        ('够', '夠'),
        ('这', '這'),
        ('里', '裡'),
        ('台', '臺'),
        ('为', '為'),
        ('们', '們'),
        ('现', '現'),
        ('货', '貨'),
        ('两', '兩'),
        ('单', '單'),
        ('选', '選'),
        ('训', '訓'),
        ('对', '對'),
        ('还', '還'),
        ('没', '沒'),
        ('长', '長'),
        ('钟', '鐘'),
        ('万', '萬'),
        ('说', '說'),
        ('问', '問'),
        ('卖', '賣'),
        ('买', '買'),
        ('运', '運'),
        ('实', '實'),
        ('认', '認'),
        ('证', '證'),
        ('宝', '寶'),
        ('续', '續'),
        ('记', '記'),
        ('忆', '憶'),
        ('体', '體'),
        ('机', '機'),
        ('周', '週'),
        ('图', '圖'),
        ('帮', '幫'),
        ('区', '區'),
        ('别', '別'),
        ('划', '劃'),
        ('开', '開'),
    ];
    s.chars()
        .map(|c| PAIRS.iter().find(|(a, _)| *a == c).map_or(c, |(_, b)| *b))
        .collect()
}

/// Spaces beside a Chinese character left out, as a phone's keyboard types it.
fn no_spaces(s: &str) -> String {
    let cjk = |c: char| ('\u{4E00}'..='\u{9FFF}').contains(&c);
    let chars: Vec<char> = s.chars().collect();
    chars
        .iter()
        .enumerate()
        .filter(|(i, c)| {
            **c != ' '
                || !(i.checked_sub(1).is_some_and(|k| cjk(chars[k]))
                    || chars.get(i + 1).is_some_and(|n| cjk(*n)))
        })
        .map(|(_, c)| *c)
        .collect()
}

/// A spoken filler before the question, in its language.
fn filler(s: &str) -> String {
    if s.chars().any(|c| ('\u{4E00}'..='\u{9FFF}').contains(&c)) {
        format!("嗯 那个 {s}")
    } else {
        format!("um so like {s}")
    }
}

/// One mechanical change of a question's text.
type Change = fn(&str) -> String;

#[test]
fn perturbed_questions_read_the_same() {
    let catalog = Catalog::embedded().unwrap();
    let known = known(&catalog);
    assert!(known.len() >= 60, "{} known questions", known.len());
    let variants: [(&str, Change); 6] = [
        ("full-width", full_width),
        ("traditional", traditional),
        ("filler", filler),
        ("no spaces", no_spaces),
        ("upper case", |s: &str| s.to_uppercase()),
        // Every change at once, as a hurried phone user in Taipei types.
        ("all", |s: &str| {
            full_width(&traditional(&filler(&no_spaces(&s.to_uppercase()))))
        }),
    ];
    let mut misses = Vec::new();
    for (q, expected) in &known {
        for (name, f) in variants {
            let v = f(q);
            let lines = read(&catalog, &v).lines();
            if lines.first() != Some(expected) || lines.len() != 1 {
                misses.push(format!("{name}: {v} → {lines:?} (expected {expected})"));
            }
        }
    }
    assert!(
        misses.is_empty(),
        "{} of {}:\n{}",
        misses.len(),
        known.len() * variants.len(),
        misses.join("\n")
    );
}

/// Prints the chat's answers to the lines of `UND_G_CHAT` (a file), in English and Chinese: a
/// probe for trying cases by hand, not a test.
#[test]
#[ignore]
fn probe_chat() {
    use super::chat::{say, world};
    let Ok(path) = std::env::var("UND_G_CHAT") else {
        return;
    };
    let w = world();
    for line in std::fs::read_to_string(path).unwrap().lines() {
        for lang in ["en", "zh"] {
            let out = say(&w, lang, line);
            let head: Vec<&str> = out.lines().take(3).collect();
            println!("[{lang}] {line} ⇒ {}", head.join(" ⏎ "));
        }
    }
}

/// A misspelt command name offers the commands one typo away with the same line, in both
/// languages; a name far from every command only says it is unknown.
#[test]
fn a_misspelt_command_offers_the_near_ones() {
    use super::chat::{say, world};
    let w = world();
    for (line, near) in [
        ("/fti qwen2.5-7b 4090", "/fit"),
        ("/comapre 4090 2h", "/compare"),
        ("/cots autodl 4090 1h", "/cost"),
        ("/GPU 4090", ""),
    ] {
        let en = say(&w, "en", line);
        if near.is_empty() {
            assert!(!en.contains("Did you mean"), "{line}: {en}");
            continue;
        }
        assert!(
            en.contains(&format!("Did you mean {near}?")),
            "{line}: {en}"
        );
        let zh = say(&w, "zh", line);
        assert!(zh.contains(&format!("你是不是想用 {near}")), "{line}: {zh}");
    }
    let far = say(&w, "en", "/frobnicate 4090");
    assert!(!far.contains("Did you mean"), "{far}");
}

/// A count of cards written apart from its times sign, before or after the card, is the same
/// count in a typed command as in a question.
#[test]
fn a_spaced_times_sign_counts_cards_in_a_command() {
    use super::chat::{say, world};
    let w = world();
    for line in [
        "/compare h100 x 8 1h",
        "/compare h100 ×8 1h",
        "/compare 8 x h100 1h",
        "/compare h100 x8 1h",
    ] {
        let en = say(&w, "en", line);
        assert!(en.starts_with("NVIDIA H100 SXM5 ×8"), "{line}: {en}");
    }
    let cost = say(&w, "zh", "/cost vast h100 x 8 1h");
    assert!(cost.contains("×8"), "{cost}");
}
