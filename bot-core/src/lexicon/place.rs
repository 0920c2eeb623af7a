//! A place to rent asked for (`租哪家`, `去哪儿租卡`, `which provider`, `where should i go`,
//! `…, where?`): one predicate and one table of its phrases, for every reader that asks it —
//! guidance (`/pick` with nothing named), a sum beside it read as a budget (never an amount to
//! convert), a barrier or budget said with it. It was two predicates with lists of their own
//! that overlapped (`cues::place_asked`, `cues::asks_which_place`).

/// Whole phrases that ask where to rent.
pub(super) const WHERE: &[&str] = &[
    "where can i",
    "where do i",
    "where should",
    "where to ",
    "which provider",
    "which platform",
    "租哪家",
    "在哪家租",
    "去哪租",
    "去哪家",
    "哪家好",
    "哪家合适",
];
/// A word of renting and a word asking where, a few characters apart either way (`租哪里比较好`,
/// `哪儿租合适`, `where is good to rent`).
const RENT: &[&str] = &["租"];
const WHERE_WORD: &[&str] = &["哪"];
/// A question word and a word for a place to rent a few characters on (`which provider and
/// card?`, `不知道用哪个 platform`, `用哪个云服务商比较靠谱`). A plural (`哪些平台`, `which
/// platforms`) asks for the list, which the barrier reading keeps.
/// `what` asks which one too when a verb of choosing or using comes before it (`选什么平台`,
/// `用啥云`); `有什么平台` (what platforms are there) is no
/// choice, and stays the list.
const WHICH: &[&str] = &[
    "which ",
    "哪个",
    "哪一个",
    "哪家",
    "选什么",
    "用什么",
    "挑什么",
    "上什么",
    "选啥",
    "用啥",
];
/// `what` before a provider's own noun (`what provider would you recommend`); never before
/// `cloud`, which is the card's (`what cloud gpu do i need`).
const WHAT_PLACE: &[&str] = &[
    "provider ",
    "provider?",
    "provider,",
    "platform ",
    "platform?",
    "platform,",
    "vendor ",
    "vendor?",
];
/// A place word, then how to choose one (`平台怎么选`, `云服务商如何选`).
pub(super) const HOW_CHOOSE: &[&str] = &["怎么选", "如何选", "咋选", "怎么挑", "选哪"];
const PLACE: &[&str] = &[
    "provider ",
    "provider?",
    "provider,",
    "platform ",
    "platform?",
    "platform,",
    "cloud ",
    "cloud?",
    "vendor ",
    "vendor?",
    "平台",
    "云",
    "服务商",
    "厂商",
];

/// Which card asked (`租哪张卡好`): a card, never a place, though `哪` follows `租`.
const CARD_ASKED: &[&str] = &[
    "哪张",
    "哪块",
    "哪款",
    "哪种卡",
    "哪个卡",
    "哪个显卡",
    "哪个gpu",
];

/// Whether `padded` (the question with a space at each end) asks where to rent.
pub fn place_asked(padded: &str) -> bool {
    // `租哪张卡`, `租哪款卡`: the card asked, not the place (`租` and `哪` are near in both).
    let cards_out = CARD_ASKED
        .iter()
        .fold(padded.to_string(), |t, w| t.replace(w, " "));
    let padded = cards_out.as_str();
    let end = padded.trim_end();
    WHERE.iter().any(|w| padded.contains(w))
        || followed(padded, RENT, WHERE_WORD, 2)
        || followed(padded, WHERE_WORD, RENT, 3)
        || followed(padded, &["where"], &["rent"], 24)
        || followed(padded, WHICH, PLACE, 6)
        || followed(padded, &["what "], WHAT_PLACE, 6)
        || followed(padded, &["平台", "云", "服务商"], HOW_CHOOSE, 2)
        // `we need a gpu host …, where?`: the question ends on where (its mark a space by now).
        || end.ends_with(" where")
        || end.ends_with("哪家")
}

/// Words judging a place (`哪家良心`, `哪家靠谱`, `哪家性价比之王`, `which provider is the most
/// reliable`): after a word asking which place, which platform is a good one to rent on.
const PLACE_GOOD: &[&str] = &[
    "靠谱",
    "良心",
    "好用",
    "划算",
    "性价比",
    "实惠",
    "稳定",
    "honest",
    "reliable",
    "trustworthy",
];

/// Whether `padded` asks which place is a good one (`哪家良心`, `哪家便宜好用`): guidance,
/// `/pick` when no card is named (with one, the card's prices compared).
pub fn place_judged(padded: &str) -> bool {
    const WHICH: &[&str] = &["哪家", "which provider", "which platform", "which cloud"];
    followed(padded, WHICH, PLACE_GOOD, 8)
        // Ease is often said with more words between (`which platform is the most beginner
        // friendly`).
        || followed(padded, WHICH, PLACE_EASY, 16)
}

/// Words judging a place by how easy it is to start on (`哪家上手简单`, `哪家新手友好`, `which
/// platform is easiest to start with`): a good place for a beginner, guidance as
/// [`PLACE_GOOD`]'s words are. Never `简单` alone (`哪家实名简单` asks a barrier).
const PLACE_EASY: &[&str] = &[
    "上手",
    "新手友好",
    "小白友好",
    "对新手",
    "简单好用",
    "简单易用",
    "beginner friendly",
    "beginner-friendly",
    "newbie friendly",
    "easiest to start",
    "easiest to use",
    "easiest to get started",
    "easy to start",
    "easy to get started",
];

/// Words asking which place (`哪家`, `哪个平台`, `which provider`, `where`): with a price word
/// after them, which platform is cheapest.
const WHICH_PLACE: &[&str] = &[
    "哪家",
    "哪个平台",
    "哪个云",
    "哪个服务商",
    "哪里",
    "哪儿",
    "哪边",
    "which platform",
    "which provider",
    "which cloud",
    "which host",
    "which site",
    "which service",
    "what platform",
    "what provider",
    // A word of its own (`everywhere` asks nothing).
    " where",
];

/// Where the last word asking which place starts in `padded`, if any.
pub fn which_place_at(padded: &str) -> Option<usize> {
    WHICH_PLACE.iter().filter_map(|w| padded.rfind(w)).max()
}

/// Words for the bot's own platforms as the place asked (`what's an A100 here`, `这里多少`,
/// `你们这边呢`): a price said beside them is the one paid elsewhere, a reference.
const HERE: &[&str] = &[
    " here ",
    " over here ",
    " on your side ",
    " on your end ",
    "这里",
    "这边",
    "你们这",
    "你们家",
    "你这",
    "在这租",
];

/// Whether `padded` asks for the price here, on the bot's own platforms.
pub fn here_asked(padded: &str) -> bool {
    // `here is my budget`, `here's the price`: showing, not a place.
    let shown = [" here is ", " here's ", " here are "]
        .iter()
        .any(|w| padded.contains(w));
    !shown && HERE.iter().any(|w| padded.contains(w))
}

/// Whether a word of `first` is followed by one of `then` within `gap` characters (`哪家…好`,
/// `你会干嘛`: 会…干嘛); every reader of such pairs asks here.
pub fn followed(text: &str, first: &[&str], then: &[&str], gap: usize) -> bool {
    followed_skipping(text, first, then, gap, |rest| rest)
}

/// [`followed`], with `skip` taking what does not count off the start of the text after each
/// word of `first` (`lexicon::followed_past_haste` skips haste words).
pub fn followed_skipping(
    text: &str,
    first: &[&str],
    then: &[&str],
    gap: usize,
    skip: fn(&str) -> &str,
) -> bool {
    first.iter().any(|f| {
        text.match_indices(f).any(|(at, _)| {
            let rest = skip(&text[at + f.len()..]);
            rest.char_indices()
                .take(gap + 1)
                .any(|(k, _)| then.iter().any(|t| rest[k..].starts_with(t)))
        })
    })
}

#[cfg(test)]
mod tests {
    use super::place_asked;

    #[test]
    fn a_place_to_rent_asked_in_any_of_its_forms() {
        for p in [
            " 租哪里比较好 ",
            " 去哪儿租卡 ",
            " which provider and card? ",
            " 用哪个云服务商比较靠谱 ",
            " 预算50 租哪家 ",
            " i have $30 for a week, where ",
            " where is good to rent ",
            " 跑glm部署 选什么平台 ",
            " what provider would you pick ",
            " 服务商怎么选 ",
        ] {
            assert!(place_asked(p), "{p}");
        }
        for p in [
            " autodl 租4090 多少钱 ",
            " 哪些平台支持支付宝 ",
            " 4090 多少钱 ",
            " 有什么平台支持支付宝 ",
            " what platforms take paypal ",
            " what cloud gpu do i need for qwen2.5 32b ",
        ] {
            assert!(!place_asked(p), "{p}");
        }
    }
}
