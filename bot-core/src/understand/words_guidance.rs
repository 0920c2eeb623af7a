//! Cue words for guidance: asking the bot to choose (`/pick`, with or without a place to rent)
//! and asking what it can do (`/help`). Matched on the normalized text like [`super::words`].

use super::text::has;

/// Guidance asked: a word of [`PICK_WORDS`], or of [`PLACE_PICK_WORDS`] (asking where to rent is
/// asking to be guided, so a place word is never listed twice).
pub(super) fn asks_pick(text: &str) -> bool {
    has(text, PICK_WORDS)
        || has(text, BEGINNER_WORDS)
        || place_pick_said(text)
        // `pls help me to choose gpu provider`, `帮我挑个平台`: the choice handed over.
        || crate::lexicon::choice_handed_over(text)
        // `有什么平台适合我`: what suits the person asked.
        || crate::lexicon::suits_me(text)
        || super::best_place::asked(text)
        || cloud_asked(text)
        || provider_sought(text)
}

/// Verbs of recommending, and the nouns of a place to rent after them: a place recommended for
/// a job (`帮我 recommend 一个跑 qwen 7b lora 的地方`, `can u recommend somewhere to finetune …`,
/// `any suggestion where to host …`), in any words between, is guidance.
const RECOMMEND: &[&str] = &["推荐", "recommend", "suggest"];
const PLACE_NOUNS: &[&str] = &[
    "地方",
    "平台",
    "哪家",
    "哪里",
    "platform",
    "place",
    "somewhere",
    "where",
    "provider",
    "cloud",
    "site",
];

/// Whether a place to rent is asked to be recommended: a verb of [`RECOMMEND`], then one of
/// [`PLACE_NOUNS`], and no cheapness weighed (`推荐一下哪家最便宜` is the ranking).
pub(super) fn place_recommended(text: &str) -> bool {
    RECOMMEND.iter().any(|r| {
        text.match_indices(r)
            .any(|(at, _)| PLACE_NOUNS.iter().any(|n| text[at + r.len()..].contains(n)))
    }) && !has(text, super::words_price::CHEAP_WORDS)
}

/// A phrase of [`PLACE_PICK_WORDS`] said, never as the plural of its last noun (`which gpu
/// clouds have machines in europe` asks for the list, as `which platforms` does; `which gpu
/// cloud` asks for one); or a place recommended ([`place_recommended`]).
pub(super) fn place_pick_said(text: &str) -> bool {
    place_recommended(text)
        || PLACE_PICK_WORDS.iter().any(|w| {
            text.match_indices(w).any(|(at, _)| {
                let after = &text[at + w.len()..];
                let plural = w.ends_with(|c: char| c.is_ascii_alphabetic())
                    && after.starts_with('s')
                    && !after[1..].starts_with(|c: char| c.is_ascii_alphabetic());
                !plural
            })
        })
}

/// Nouns of a provider of GPU time (`a reliable gpu provider`, `稳定的平台`).
const PROVIDER_NOUNS: &[&str] = &[
    "provider",
    "vendor",
    "cloud",
    "platform",
    "host",
    "平台",
    "服务商",
    "供应商",
    "云厂商",
];
/// Seeking one, before a provider noun a few words on (`looking for a reliable gpu provider`,
/// `找个稳定的GPU平台`).
const SEEKING: &[&str] = &[
    "looking for",
    "searching for",
    "shopping for",
    "找个",
    "找一个",
    "找一家",
    "找家",
    "选个",
    "选一个",
    "选一家",
    "挑个",
    "挑一个",
    "挑一家",
];

/// Whether a provider is sought (`looking for a dependable gpu cloud`, `帮我找个稳定的平台`): a
/// seeking word then a provider noun within the next few words, a need for guidance. It had been
/// read as nothing, or as the list of platforms that meet the one barrier said with it.
pub(super) fn provider_sought(text: &str) -> bool {
    SEEKING.iter().any(|s| {
        text.match_indices(s).any(|(at, _)| {
            let rest = &text[at + s.len()..];
            let near: String = if s.is_ascii() {
                rest.split_whitespace()
                    .take(5)
                    .collect::<Vec<_>>()
                    .join(" ")
            } else {
                rest.chars().take(12).collect()
            };
            PROVIDER_NOUNS.iter().any(|n| near.contains(n))
        })
    })
}

/// `后端出图用什么云`, `用哪家云比较好`: which cloud to use asked, a provider's choice (never a
/// cloud disk: `用什么云盘`).
pub(super) fn cloud_asked(text: &str) -> bool {
    [
        "用什么云",
        "用哪个云",
        "用哪家云",
        "选什么云",
        "选哪个云",
        "选哪家云",
        "上什么云",
    ]
    .iter()
    .any(|w| {
        text.match_indices(w)
            .any(|(at, _)| !text[at + w.len()..].starts_with(['盘', '存', '硬']))
    })
}

/// Which one, and whether it suits: `哪家合适`, `哪家比较适合我`, `适合我的是哪家`, `适合哪家`,
/// `which one suits me` — the two words in either order, a few characters apart.
const WHICH_ONE: &[&str] = &[
    "哪家",
    "哪个",
    "which one",
    "which provider",
    "which platform",
];
const SUITS: &[&str] = &[
    "适合",
    "合适",
    "suits me",
    "suit me",
    "fits me",
    "right for me",
];

/// Whether which one suits the user is asked, in either word order.
pub(super) fn which_suits(text: &str) -> bool {
    let near = |a: &str, b: &str| {
        text.match_indices(a).any(|(at, _)| {
            let rest = &text[at + a.len()..];
            rest.match_indices(b).any(|(d, _)| d <= 12)
        })
    };
    WHICH_ONE
        .iter()
        .any(|w| SUITS.iter().any(|s| near(w, s) || near(s, w)))
}

pub(super) const PICK_WORDS: &[&str] = &[
    "推荐",
    "帮我选",
    "选卡",
    "选什么卡",
    "which gpu should",
    "recommend",
    // `pls suggest gpu provider`: a suggestion asked, as `recommend`.
    "suggest",
    "what gpu should",
    "help me choose",
    "help me pick",
    // `need help choosing a gpu for koboldcpp`: help asked with the choosing.
    "help choosing",
    "help picking",
    "help to choose",
    "help with choosing",
    "不知道选",
    "不知道用什么",
    "不知道租",
    "怎么选",
    "what platform should",
    "where should i",
    "which gpu do i need",
    "help me decide",
    "what should i rent",
    // `… i dont know what i should rent now`, `… what should i do`, `what's a good next step`:
    // the person hands the whole choice over (a budget, a deadline or a failed run before it).
    "what i should rent",
    "what should i do",
    "good next step",
    "选哪个好",
    "选哪家好",
    "i'm a student",
    "我是学生",
    "新手",
    "小白",
    "第一次租",
    "help me choose",
    "give me a recommendation",
    "which platform i should",
    "should i use",
    "beginner",
    "what gpu should i",
    "which gpu should i",
    "student",
    "学生",
    "what gpu cloud",
    "该租哪",
    "租哪个",
    "该用哪",
    "该租啥",
    "租啥卡",
    "租什么卡",
    "用啥卡",
    "选啥",
    "which one should i rent",
    "帮我挑",
    // The choice handed over for someone (`帮忙挑一张`, `给我选个`), as `帮我选`.
    "帮忙挑",
    "帮忙选",
    "给我挑",
    "给我选",
    "替我挑",
    "替我选",
    "挑个",
    "挑哪",
    "挑什么",
    "new to",
    "where do i start",
    "where do i begin",
    "where should i begin",
    // `what machine do I rent`, `best setup to fine tune …`: the rental itself asked for.
    "what machine do i",
    "what machine should",
    "which machine do i",
    "which machine should",
    "best setup to",
    "best setup for",
    "get started",
    "getting started",
    "用什么卡",
    "用啥卡",
    // `which gpu for a reranker plus an embedding model`: a card asked for a task; with a
    // model the catalog sizes it stays a fit (`guidance` reads a pick only with nothing sized).
    "which gpu for ",
    "what gpu for ",
    "which card for ",
    "what card for ",
    "哪张卡适合",
    "什么卡适合",
    "啥卡适合",
    "哪种卡适合",
    "what gpu do i need",
    "what card do i need",
    "which card do i need",
    "完全不懂",
    "不太懂",
    "从哪开始",
    "从哪里开始",
    "怎么开始",
    "怎么入门",
    "入门",
    "不知道去哪",
    "去哪租",
    "guidance",
    "first time",
    "where to start",
    "newbie",
    "noob",
    "no idea where",
    "入坑",
    "建议",
    "练手",
    "any advice",
    "any tips",
    "suggestions",
    "guide me",
    "walk me through",
    "pick a gpu for me",
    "pick a card for me",
    "pick a platform for me",
    "choose a gpu for me",
    "choose for me",
    "想租个卡",
    "想租卡",
    "想租张卡",
    // Unsure which to choose (`no idea which service to choose`, `not sure which provider to
    // go`): asking to be guided; with a model and no place word, the model's fit stays first.
    "no idea which",
    "not sure which",
    "no clue which",
    "dunno which",
    "don't know which",
    "dont know which",
    "unsure which",
    // Non-native order and a confusion said (`what gpu i should rent`, `i am confused which
    // gpu`): guidance asked, as `which gpu should i`.
    "what gpu i should",
    "which gpu i should",
    "what card i should",
    "confused which",
    "i am confused",
    "i'm confused",
    "im confused",
    "not sure where",
    "looking for advice",
    "need advice",
    "advice on",
    // `which should I try first`, `先试哪家`: where to begin, asked to be guided.
    "should i try first",
    "should i try",
    "先用哪",
    // The bot's own choice asked (`what would you choose`, `which would you pick`), a setup
    // asked for (`what setup for …`), a platform chosen for someone (`给实验室选个…平台`; the text reaches
    // here with `一` as `1`).
    "would you choose",
    "would you pick",
    "would you go with",
    "what setup",
    "选个",
    "选1个",
    "选1家",
];
/// Where to begin, or what suits a newcomer (`适合新手`, `try first`): guidance, also beside a
/// barrier said (`barrier_guided`).
pub(super) const BEGINNER_WORDS: &[&str] = &[
    "try first",
    "先试哪",
    "适合新手",
    "新手友好",
    "for beginners",
    "for a beginner",
    "beginner friendly",
    "beginner-friendly",
];
/// Guidance words that ask where to rent (a place, not a card): with a model named and no
/// card, still `/pick`, which keeps the model (`想用lora微调下qwen2.5 7b，不知道在哪租卡`).
pub(super) const PLACE_PICK_WORDS: &[&str] = &[
    "不知道在哪",
    "在哪租",
    "哪里租卡",
    "不知道选哪家",
    "选哪家",
    "租哪家",
    "选哪个平台",
    "推荐个平台",
    "推荐一个平台",
    "推荐平台",
    "where should i rent",
    "where do i rent",
    "which platform should",
    "which gpu platform",
    "which gpu cloud",
    "help me choose a",
    "help me pick a",
    "which platform is",
    "what platform is",
    "which platform for",
    "which cloud is",
    "哪个平台好",
    "哪个平台适合",
    "怎么租最",
    // A place asked for a job by what suits it best (`best place to run flux`, `哪家方便`).
    "best place to",
    "best place for",
    "easiest place",
    "where's easiest",
    "where is easiest",
    "哪家方便",
    "哪里方便",
    "哪个平台方便",
    // Which cloud to use (`用哪家云比较好`, `哪家云靠谱`).
    "用哪家",
    "哪家云",
    // A place to move to or go with (`which cloud should i move to for 70b models`).
    "which cloud should",
    "which provider should",
    "which service should",
    "which platform to",
    "which provider to",
    "which service to",
    "which cloud to",
    "which cloud i should",
    "which platform i should",
    "which provider i should",
    "which service i should",
];

/// Which place one should use, asked (`which platform should i use`, non-native `which cloud i
/// should use? i only have debit card`): advice, `/pick`, whatever needs the sentence tells;
/// never the list filtered by them (corpus87).
pub(super) const SHOULD_PICK_WORDS: &[&str] = &[
    "which cloud should",
    "which platform should",
    "which provider should",
    "which service should",
    "which cloud i should",
    "which platform i should",
    "which provider i should",
    "which service i should",
];
pub(super) const HELP_WORDS: &[&str] = &[
    "help",
    "不会用",
    "使用说明",
    "有没有说明",
    "说明书",
    "how do i use",
    "how to use you",
    "帮助",
    "怎么用",
    "能做什么",
    "what can you do",
    "能干啥",
    "能干什么",
    "会什么",
    "有什么功能",
    "怎么玩",
    "commands",
    "how do i use",
    "how to use",
    "use this bot",
    "命令",
    "指令",
    "怎么使用",
    "能干嘛",
    "干嘛用",
    "how do i use this",
    "机器人能",
    "帮我干啥",
    "你能干",
    "干啥的",
    "咋用",
    "咋玩",
    "怎么玩儿",
    "how does this bot work",
    "how does this work",
    "what can this",
    "what this bot",
    "what you can do",
    "what u can do",
    "what can it do",
    "what does this bot",
    "你是谁",
    "who are you",
    "what are you",
    "可以做什么",
    "可以干嘛",
    "可以干什么",
    "会做什么",
    "能帮我做什么",
    // `都有啥功能`, `你有哪些功能`, `what features does it have`: the features asked.
    "啥功能",
    "哪些功能",
    "什么功能",
    "what features",
    "which features",
];

/// Whole messages that only greet: answered with what the bot can do.
pub(super) const GREETINGS: &[&str] = &[
    "hi",
    "hello",
    "hey",
    "hi there",
    "hello there",
    "hey there",
    "yo",
    "good morning",
    "good evening",
    "你好",
    "您好",
    "哈喽",
    "嗨",
    "在吗",
    "在不在",
    "hello bot",
    "hi bot",
    "你好呀",
    "大家好",
];

/// A price judged (`2块一小时贵吗`, `is $0.5/h expensive`): answered with what the market
/// charges for the card over the price's period, as a price asked is.
pub(super) const PRICE_JUDGED: &[&str] = &[
    "贵吗",
    "贵么",
    "贵不",
    "贵了吗",
    "expensive",
    "overpriced",
    "good price",
    "fair price",
    "rip off",
    "ripoff",
];
