//! The question after a story, where the story's words would win over it
//! (`上次在autodl关机数据全没了。恒源云关机以后会删数据吗`, `朋友说L40S性价比高。这卡现在哪儿能租到`,
//! `下个月要租两周的4090。它最近一个月价格波动大吗`): the story tells, the last sentence asks.
//! Two cases read the question alone: a platform of its own asked after a story of another
//! platform (the one being left), and a question that points back (`这卡`, `它`, `this card`)
//! at the story's card, which is put in place of the pointer; the story's price words, lengths
//! and platform are context, never the ask.

use super::entities::Entities;
use super::text::word_in;

/// Words of a question that point back at a card named before it.
const POINTERS: &[&str] = &[
    "这卡",
    "这张卡",
    "这块卡",
    "这个卡",
    "这款卡",
    "这俩",
    "这两张",
    "这两个",
    "这2个",
    "这2张",
    "它",
    "它们",
    "this card",
    "that card",
    "this gpu",
    "that gpu",
    "these two",
    "those two",
    "its",
    "it",
];

/// The question sentence to read alone, or with the story's cards put in for its pointer.
pub(super) fn question_alone(last: &str, asked: &Entities, told: &Entities) -> Option<String> {
    let norm = super::normalize(last);
    // A platform asked after a story of another (no card nor model in the story to carry).
    let other_place = !asked.platforms.is_empty()
        && told.platforms.iter().any(|p| !asked.platforms.contains(p))
        && told.gpus.is_empty()
        && told.models.is_empty();
    if other_place {
        return Some(last.to_string());
    }
    // `这卡…`, `it…`: the story's cards are what the question asks about; nothing else of the
    // story (a model or a platform would be the job's or the place's, kept with the whole).
    let points = POINTERS.iter().any(|w| word_in(&norm, w));
    let only_cards = asked.gpus.is_empty()
        && asked.models.is_empty()
        && asked.platforms.is_empty()
        && !told.gpus.is_empty()
        // `8x A100 40GB in one box. who has it?`: a count is the story's own ask, kept whole.
        && told.gpus.iter().all(|c| c.count == 1)
        && told.models.is_empty()
        && told.platforms.is_empty();
    if points && only_cards {
        let cards: Vec<&str> = told.gpus.iter().map(|c| c.gpu.as_str()).collect();
        return Some(format!("{last} {}", cards.join(" ")));
    }
    None
}
