//! An open request for advice on renting (`need advice: rent gpu to run …`, `想租卡跑 …有什么建议`,
//! `租gpu跑 … 有啥推荐吗`): advice asked, a GPU as the object of renting, and no card asked (`which
//! gpu to rent` beside a model asks for the card: the fit, corpus45's and fresh19's convention).
//! It asks where and how to rent, which `/pick` answers; the fit answered only what a card holds.

/// Words asking for advice, said openly.
const ADVICE: &[&str] = &[
    "advice",
    "advise",
    "suggestion",
    "suggest",
    "recommendation",
    "recommend",
    "tips",
    "建议",
    "推荐",
    "指点",
    "指教",
    "支招",
];

/// Renting with a GPU as the object.
pub const RENT_GPU: &[&str] = &[
    "rent gpu",
    "rent a gpu",
    "rent gpus",
    "renting gpu",
    "renting a gpu",
    "租卡",
    "租gpu",
    "租 gpu",
    "租个卡",
    "租个gpu",
    "租张卡",
];

/// A card asked for (`which gpu`, `什么卡`, `哪张卡`): the fit's question.
const CARD_ASKED: &[&str] = &[
    "which gpu",
    "what gpu",
    "which card",
    "what card",
    "which graphics card",
    "什么卡",
    "啥卡",
    "哪张卡",
    "哪个卡",
    "哪款卡",
    "什么gpu",
    "啥gpu",
    "哪个gpu",
    "什么显卡",
    "哪张显卡",
];

/// Whether a padded lower-case text asks openly for advice on renting a GPU, no card asked.
pub fn advice_on_renting(padded: &str) -> bool {
    let has = |ws: &[&str]| ws.iter().any(|w| padded.contains(w));
    has(ADVICE) && has(RENT_GPU) && !has(CARD_ASKED)
}

#[cfg(test)]
mod tests {
    use super::advice_on_renting;

    #[test]
    fn advice_on_renting_without_a_card_asked() {
        assert!(advice_on_renting(
            " any suggestion? want to rent gpu for mistral 7b "
        ));
        assert!(advice_on_renting(" 想租卡跑 gemma 3 12b，有什么建议 "));
        assert!(!advice_on_renting(" which gpu should i rent, any advice "));
        assert!(!advice_on_renting(" 推荐一下 qwen2.5 7b "));
    }
}
