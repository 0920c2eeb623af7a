//! Leaving said as people say goodbye in a chat (`拜拜`, `掰掰`, `再见`, `bye`, `gotta go`): one
//! table, read by `/pick` as leaving it (`dialogue::said`), with a closing it may come after
//! (`i'm done, bye`, `谢谢，拜拜`).

/// Goodbyes and "I have to go", whole clauses. `88` is left out: a bare number is a step's value.
pub const LEAVE_WORDS: &[&str] = &[
    "bye",
    "bye bye",
    "byebye",
    "bye-bye",
    "goodbye",
    "good bye",
    "bb",
    "cya",
    "see you",
    "see ya",
    "see you later",
    "later then",
    "gotta go",
    "got to go",
    "have to go",
    "i have to go",
    "i gotta go",
    "i need to go",
    "i must go",
    "拜拜",
    "拜",
    "掰掰",
    "掰",
    "白白",
    "再见",
    "再会",
    "回见",
    "下次见",
    "下次再说",
    "先走了",
    "我走了",
    "走了",
    "撤了",
    "先撤了",
    "溜了",
    "先溜了",
    "下线了",
];

/// Whether a whole clause is a goodbye ([`LEAVE_WORDS`]), marks and particles around it dropped
/// (`拜拜啦~`, `bye!`, `ok bye`).
pub fn goodbye(clause: &str) -> bool {
    let t = clause.trim().to_lowercase();
    let t = t.trim_matches(|c: char| {
        !(c.is_alphanumeric() || c == '-') || "吧啊呀呢哈啦嘛喽咯~".contains(c)
    });
    let t = ["ok ", "okay ", "well ", "好的", "好", "那", "嗯", "哦"]
        .iter()
        .find_map(|w| t.strip_prefix(w))
        .unwrap_or(t)
        .trim_start_matches([' ', '，', ',']);
    LEAVE_WORDS.contains(&t)
}

#[cfg(test)]
mod tests {
    use super::goodbye;

    #[test]
    fn goodbyes_read_and_others_not() {
        for t in [
            "拜拜",
            "掰掰",
            "拜拜啦~",
            "再见",
            "bye!",
            "ok bye",
            "gotta go",
            "好的拜拜",
            "See you",
        ] {
            assert!(goodbye(t), "{t}");
        }
        for t in [
            "88",
            "by 3 hours",
            "buy",
            "拜托",
            "see you at the result",
            "再见面",
        ] {
            assert!(!goodbye(t), "{t}");
        }
    }
}
