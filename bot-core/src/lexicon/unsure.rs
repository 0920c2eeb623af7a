//! Not knowing which card a job needs (`不知道我的项目该用什么卡`, `我也不清楚这个任务需要什么
//! 显卡`, `not sure what card my app needs`): a word of not knowing, then the card asked a few
//! words on. One predicate for guidance, whatever stands between (`我的项目`, `my app would`);
//! it was a phrase each (`不知道用什么`, `not sure which`), so any other word between read as the
//! card list or nothing.

/// Words of not knowing or not being sure: one table for the guidance reader and `/pick`'s
/// answers (`dialogue::said`: a step's answer of not knowing, `不知道用哪个`).
pub const UNSURE: &[&str] = &[
    "不知道",
    "不清楚",
    // `不太清楚`, `不太确定`: the softened forms, which hold no `不清楚`.
    "不太清楚",
    "不大清楚",
    "不太确定",
    "不太知道",
    "搞不清",
    "搞不懂",
    "不确定",
    "拿不准",
    "没概念",
    "not sure",
    "have no idea",
    "unsure",
    "no idea",
    "no clue",
    "don't know",
    "dont know",
    "do not know",
    "dunno",
    "没想好",
    "还没想好",
    "不懂",
    "i don't know",
    "i'm not sure",
    "im not sure",
    "idk",
    // Not understanding the question (pick_ae's `i don't understand this, is ok anything`).
    "i don't understand",
    "i dont understand",
    "don't understand",
    "dont understand",
    "do not understand",
];

/// A step's answer that leaves the choice to the bot (`默认`, `随便`, `你定`, `你看着办`, `skip`,
/// `up to you`), beside [`UNSURE`], which answers the same: one table for `/pick`'s readers
/// (`dialogue::said`: the step's default taken; `dialogue::replied`: at the barriers step, no
/// needs). It was a private list of `dialogue::said`, which lacked `你看着办`.
pub const HANDED: &[&str] = &[
    "默认",
    "默认的",
    "default",
    "the default",
    "不太懂",
    "不了解",
    "听你的",
    "随便",
    "都行",
    "都可以",
    "无所谓",
    "你定",
    "你来定",
    "你决定",
    "你说了算",
    "你看着办",
    "看着办",
    "你看着来",
    "你帮我选",
    // The choice handed over as a wish for advice (`你推荐吧`, `you recommend`): the step's
    // recommended option is its default.
    "你推荐",
    // `按推荐的来`, `go with what you recommend`: the recommended option, which is the default.
    "推荐的",
    "推荐的那个",
    "what you recommend",
    "what you suggest",
    // Needs or options said not to matter, with what does not matter as the subject
    // (`none of those matter to me`, `这些都不重要`): the choice handed over.
    "none of those matter",
    "none of these matter",
    "none of them matter",
    "none of that matters",
    "none of it matters",
    "those don't matter",
    "these don't matter",
    "those dont matter",
    "these dont matter",
    "不重要",
    "没关系",
    "你推荐一个",
    "推荐一个",
    "你来推荐",
    "你帮我挑",
    "你挑",
    "你来选",
    "随你",
    "you recommend",
    "your call",
    "your pick",
    "whatever you recommend",
    "whatever you think",
    "跳过",
    "skip",
    "any",
    "anything",
    "whatever",
    "no preference",
    "you choose",
    "you decide",
    "you pick",
    "up to you",
    "doesn't matter",
    "dont care",
    "don't care",
    // Whatever runs, or what the bot thinks best (`不太懂，能跑就行`, `whatever you think is
    // best`): the choice handed over with a wish the default already meets.
    "能跑",
    "能跑起来",
    "能用",
    "whatever you think is best",
    "whatever is best",
    "what you think is best",
    "you know best",
];

/// Words said around a move that add nothing to it (`honestly no idea tbh`, `说实话不清楚`).
pub const ASIDES: &[&str] = &[
    "to be honest",
    "honestly",
    "tbh",
    "lol",
    "haha",
    "说实话",
    "老实说",
    "其实",
];

/// The card asked (`什么卡`, `哪种显卡`, `which gpu`, `what card`).
const CARD_ASKED: &[&str] = &[
    "什么卡",
    "什么显卡",
    "什么gpu",
    "啥卡",
    "啥显卡",
    "啥gpu",
    "哪种卡",
    "哪种显卡",
    "哪种gpu",
    "哪张卡",
    "哪款卡",
    "哪个卡",
    "哪个显卡",
    "哪个gpu",
    "which gpu",
    "what gpu",
    "which card",
    "what card",
    "what kind of gpu",
    "what kind of card",
    "which graphics card",
    "what graphics card",
];

/// How many characters may stand between the word of not knowing and the card asked.
const GAP: usize = 16;

/// Whether `text` says the writer does not know which card to use.
pub fn card_unknown_to_writer(text: &str) -> bool {
    super::followed(text, UNSURE, CARD_ASKED, GAP)
}

#[cfg(test)]
mod tests {
    use super::card_unknown_to_writer;

    #[test]
    fn not_knowing_the_card_with_any_words_between() {
        for t in [
            "我不知道我的模型要用什么显卡",
            "不太清楚跑我这个项目需要哪种卡",
            "i don't know what card my app would need",
        ] {
            assert!(card_unknown_to_writer(t), "{t}");
        }
        for t in [
            "不知道4090够不够跑qwen2.5 14b",
            "有哪些显卡",
            "not sure the 4090 is enough, what card is cheaper",
        ] {
            assert!(!card_unknown_to_writer(t), "{t}");
        }
    }
}
