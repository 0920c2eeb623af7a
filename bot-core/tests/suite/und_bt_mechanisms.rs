//! corpus83's misses as mechanisms on cases of my own (helper und_bt, issue 26; written before
//! the change they test): a memory said beside one mention of a card stays with it, and a stock
//! word (`普通`, `原版`, `regular`) before the other names the base card; a family's version
//! number right before a card's number is the version, never a count of cards; ease of use
//! (`好上手`, `新手友好`, `beginner friendly`) judges a place to rent, guidance.

use bot_core::Catalog;
use bot_core::understand::{Reading, read};

use super::fresh19_share::{own_cases_read_right, own_labels_canonical};

const CASES: &str = "\
4090 48g跟原版4090比有啥不同\t/gpu rtx-4090-48g rtx-4090
whats the difference between a 4090 48g and a regular 4090\t/gpu rtx-4090-48g rtx-4090
3080 12g vs 3080\t/gpu rtx-3080-12g rtx-3080
3080 12g 和标准3080 区别\t/gpu rtx-3080-12g rtx-3080
a100 40g 和 a100 80g\t/gpu a100-40g-sxm a100-80g-sxm
4090d和4090 48g\t/gpu rtx-4090d rtx-4090-48g
normal 4090 vs 4090 48gb which is faster\t/gpu rtx-4090 rtx-4090-48g
can gemma 4 run on a 5090\task:/fit gemma-4-31b rtx-5090
gemma 4 4090 够不够\task:/fit gemma-4-31b rtx-4090
gemma 4 2x5090能跑吗\task:/fit gemma-4-31b 2xrtx-5090
qwen3 32b 2 4090 够吗\t/fit qwen3-32b 2xrtx-4090
第一次租卡，哪家新手友好一点\t/pick
新手 哪家好上手\t/pick
which platform is the most beginner friendly\t/pick
想微调个7b 哪家简单好用\t/pick
";

#[test]
fn und_bt_mechanisms_on_cases_of_their_own() {
    own_cases_read_right("und_bt", CASES);
}

#[test]
fn und_bt_labels_are_canonical_lines() {
    own_labels_canonical(CASES, |_| false);
}

/// Near-misses: a version number never becomes a count, yet a count said with its measure word
/// after a family stays a count; `stock` with no second card is the word about inventory.
#[test]
fn und_bt_near_misses() {
    let catalog = Catalog::embedded().unwrap();
    let first = |q: &str| read(&catalog, q).lines().join("\n");
    for q in [
        "gemma 4 5090能跑吗",
        "qwen 3 4090 能跑 32b 吗",
        "llama 3 3090 跑 8b 行吗",
    ] {
        let said = first(q);
        assert!(
            !said.contains("4xrtx") && !said.contains("3xrtx"),
            "{q}: {said}"
        );
    }
    let said = first("qwen 2 张 4090 跑 32b");
    assert!(said.contains("2xrtx-4090"), "{said}");
    // No second card: `普通` is a plain word, the 4090 itself.
    let said = first("普通4090多少钱");
    assert!(said.contains("rtx-4090") && !said.contains("48g"), "{said}");
    // A card with a place is its prices there, never guidance.
    let said = read(&catalog, "4090 哪家好上手");
    assert!(
        !matches!(said, Reading::Command(_)) || said.lines()[0] != "/pick",
        "{:?}",
        said.lines()
    );
}
