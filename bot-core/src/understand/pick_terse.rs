//! Choosing asked in few words (`选个平台`, `挑张卡`, `推荐个平台呗`, `pick a gpu for me`,
//! `choose a platform`): a verb of choosing and what is chosen (a platform, a card) with no card
//! or platform named is `/pick`, read as the two word classes rather than whole phrases. Had been
//! no reading at all. A place chosen for a card named (`帮我推荐个平台跑3090`), and help asked to
//! choose between two cards for a job, are `/pick` too.

use super::Reading;
use super::question::{Question, one};
use super::request::Request;

/// Verbs of choosing, each with the few characters a measure word may take before the noun.
const CHOOSE: &[&str] = &["选", "挑", "推荐", "pick", "choose", "select", "suggest"];
/// What is chosen.
const CHOSEN: &[&str] = &[
    "平台", "卡", "显卡", "云", "哪家", "platform", "gpu", "card", "cloud", "provider",
];
/// How far after the verb the noun may stand (`选个平台`, `pick me a gpu`), in bytes.
const NEAR: usize = 12;

/// The lowest price asked: with a card named, its prices compared, never a choice from scratch.
const CHEAPEST: &[&str] = &["最便宜", "最低价", "cheapest", "lowest price"];

/// Places to rent from: chosen for a card already named (`帮我推荐个平台跑3090`).
const PLACE: &[&str] = &["平台", "哪家", "platform", "cloud", "provider"];

pub(super) fn pick_terse(q: &Question) -> Option<Reading> {
    // A sum with no card named and no rate (`pick a cloud gpu for me, budget $100`, `帮我选个卡
    // 预算500`) is the budget of the choice, never a card's price; a rate is a price cap.
    let sum = q.price.is_some_and(|p| p.per.is_none()) && q.e.gpus.is_empty();
    // A model named to run makes it a fit's question (`推荐一张卡跑qwen2.5-7b`).
    if !q.e.platforms.is_empty() || (q.price.is_some() && !sum) || !q.nothing_to_size() {
        return None;
    }
    let p = q.padded;
    // A card named: only a place chosen for it is guidance (`推荐个卡` with a card is not), and
    // not where the cheapest is asked (`哪家 l40s 最便宜，求推荐靠谱平台`): the card's prices,
    // compared.
    if !q.e.gpus.is_empty() && q.has(CHEAPEST) {
        return None;
    }
    let nouns = if q.e.gpus.is_empty() { CHOSEN } else { PLACE };
    let near = CHOOSE.iter().any(|v| {
        p.match_indices(v).any(|(i, _)| {
            let from = i + v.len();
            let to = (from + NEAR).min(p.len());
            let end = (from..=to)
                .rev()
                .find(|k| p.is_char_boundary(*k))
                .unwrap_or(from);
            nouns.iter().any(|n| p[from..end].contains(n))
        })
    });
    // A short message: only the choosing (a longer one has rules of its own to read it); the
    // budget's few words (`my budget is 50 dollars`) beside it.
    let (words, chars) = if sum { (10, 60) } else { (6, 40) };
    let short = p.split_whitespace().count() <= words && p.chars().count() <= chars;
    (near && short).then(|| one(Request::Pick)).flatten()
}

/// Choosing between things asked as such.
const BETWEEN: &[&str] = &[
    "choosing between",
    "choose between",
    "decide between",
    "deciding between",
    "pick between",
    "torn between",
    "纠结",
    "拿不定",
];

/// `need help choosing between renting a 4090 or an A100 for lora`: two cards weighed for a
/// job, help asked to choose — `/pick`, never the two spec sheets, unless how they compare is
/// asked.
pub(super) fn choose_between(q: &Question) -> Option<Reading> {
    let job = q.e.task.is_some() || !q.nothing_to_size();
    // `… choosing between l4 and t4, how do they compare`: the sheets side by side asked.
    let compared = crate::lexicon::comparison_asked(q.padded);
    (q.e.gpus.len() >= 2 && job && q.has(BETWEEN) && q.e.platforms.is_empty() && !compared)
        .then(|| one(Request::Pick))
        .flatten()
}
