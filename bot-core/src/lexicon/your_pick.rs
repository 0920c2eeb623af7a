//! The bot asked what IT would pick (`what would you pick?`, `whatever you'd pick`, `what you
//! would pick?`, `你会选哪个`, `要是你，你选哪个？`, `你推荐哪个`): the choice handed over by asking,
//! read by `/pick` as "you choose" (the step's default, at the model step the size list). It was
//! answered as a market question of the user's own (pick_ah). A grammar, not a list of phrases:
//! the addressee, a verb of choosing, and a which-word (or a verb of recommending, which asks
//! which by itself), nothing else but words that point back at the step's options; anything
//! else said (`would you pick the 4090?`, `你会选4090吗`, `what would you pick for 70b`) is a
//! question of the person's own.

/// The addressee, with its modal glued where English glues it (`you'd`, `u'd`).
const YOU_EN: &[&str] = &["you", "u", "you'd", "u'd", "ya", "yourself"];
/// Verbs of choosing, using or recommending, in the forms people type.
const CHOOSE_EN: &[&str] = &[
    "pick",
    "choose",
    "select",
    "take",
    "use",
    "go",
    "recommend",
    "suggest",
    "prefer",
];
/// Verbs that ask which by themselves (`what do you recommend`, `you suggest?`).
const RECOMMEND_EN: &[&str] = &["recommend", "suggest", "prefer"];
/// Which-words (`whatever you'd pick`: the choice handed over outright).
const WHICH_EN: &[&str] = &["what", "which", "whatever", "whichever"];
/// Words that only carry the question or point back at the options (`which one would you go
/// with here`, `if you were me`, `in my place`).
const AROUND_EN: &[&str] = &[
    "would",
    "will",
    "do",
    "does",
    "did",
    "should",
    "could",
    "'d",
    "one",
    "ones",
    "option",
    "card",
    "gpu",
    "model",
    "format",
    "precision",
    "context",
    "size",
    "length",
    "with",
    "for",
    "here",
    "then",
    "so",
    "ok",
    "okay",
    "hmm",
    "well",
    "and",
    "if",
    "were",
    "was",
    "me",
    "i",
    "in",
    "my",
    "place",
    "shoes",
    "personally",
    "yourself",
    "the",
    "best",
    "of",
    "these",
    "those",
    "them",
    "it",
    "is",
    "be",
    "to",
    "just",
];

/// The addressee (`要是你`, `换你`: "if it were you" only leads up to it).
const YOU_ZH: &[&str] = &["你", "您", "妳"];
/// Verbs of choosing or judging, the longest first where one holds another.
const CHOOSE_ZH: &[&str] = &[
    "推荐", "建议", "觉得", "会选", "会用", "会挑", "选", "挑", "用", "要", "拿",
];
/// Verbs that ask which by themselves (`你推荐呢`, `你建议？`).
const RECOMMEND_ZH: &[&str] = &["推荐", "建议"];
const WHICH_ZH: &[&str] = &[
    "哪一个",
    "哪一张",
    "哪一款",
    "哪一种",
    "哪个",
    "哪张",
    "哪款",
    "哪种",
    "哪样",
    "哪家",
    "哪",
    "什么",
    "啥",
];
/// Words that carry the question or point back at the options (`要是你的话`, `会`, `比较好`).
const AROUND_ZH: &[&str] = &[
    "要是",
    "如果",
    "假如",
    "换成",
    "换",
    "是",
    "的话",
    "会",
    "就",
    "比较",
    "好",
    "合适",
    "呢",
    "吧",
    "啊",
    "呀",
    "嘛",
    "那",
    "个",
    "张",
    "款",
    "种",
    "一",
    "我",
    "帮",
    "给",
    "来",
    "的",
    "这里",
    "这个",
    "这些",
    "里面",
    "其中",
    "中",
    "最",
    "自己",
    "卡",
    "模型",
    "格式",
    "精度",
    "方法",
    "上下文",
];

/// Whether one clause asks what the bot would pick (see the module's note). Lowercase text; a
/// clause, not a whole message (`不确定，你会选哪个？` is a word of not knowing and this).
pub fn bot_choice_asked(clause: &str) -> bool {
    let t = clause
        .trim()
        .trim_matches(|c: char| c.is_whitespace() || "?？!！.。~…".contains(c))
        .to_lowercase()
        .replace('’', "'");
    if t.is_empty() {
        return false;
    }
    if t.is_ascii() {
        english(&t)
    } else {
        chinese(&t)
    }
}

fn english(t: &str) -> bool {
    let words: Vec<&str> = t
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '\''))
        .filter(|w| !w.is_empty())
        .collect();
    let (mut you, mut verb, mut which, mut recommend) = (false, false, false, false);
    for w in &words {
        if YOU_EN.contains(w) {
            you = true;
        } else if CHOOSE_EN.contains(w) {
            verb = true;
            recommend |= RECOMMEND_EN.contains(w);
        } else if WHICH_EN.contains(w) {
            which = true;
        } else if !AROUND_EN.contains(w) {
            return false;
        }
    }
    you && verb && (which || recommend)
}

fn chinese(t: &str) -> bool {
    let mut rest = t.trim();
    let (mut you, mut verb, mut which, mut recommend) = (false, false, false, false);
    while !rest.is_empty() {
        // The longest word of any list at this point (`要是` is no `要`).
        let Some((kind, len)) = [YOU_ZH, WHICH_ZH, CHOOSE_ZH, AROUND_ZH]
            .iter()
            .enumerate()
            .flat_map(|(k, list)| {
                list.iter()
                    .filter(|w| rest.starts_with(**w))
                    .map(move |w| (k, w.len()))
            })
            .max_by_key(|(_, n)| *n)
        else {
            return false;
        };
        match kind {
            0 => you = true,
            1 => which = true,
            2 => {
                verb = true;
                recommend |= RECOMMEND_ZH.iter().any(|w| rest.starts_with(w));
            }
            _ => {}
        }
        rest = rest[len..].trim_start_matches(|c: char| c.is_whitespace() || "，,".contains(c));
    }
    you && verb && (which || recommend)
}

#[cfg(test)]
mod tests {
    use super::bot_choice_asked;

    #[test]
    fn the_bot_asked_what_it_would_pick() {
        for t in [
            "what would you pick?",
            "whatever you'd pick",
            "what you would pick?",
            "which would you choose?",
            "which one would u pick",
            "what would you go with?",
            "what do you recommend?",
            "which one do you suggest",
            "if you were me, which would you take?",
            "你会选哪个？",
            "你会选哪个",
            "你选哪个?",
            "要是你的话选哪个",
            "你会用哪个",
            "你推荐哪个？",
            "你会挑哪张？",
            "你觉得哪个好",
            "你推荐呢",
        ] {
            assert!(bot_choice_asked(t), "{t}");
        }
    }

    #[test]
    fn anything_else_said_is_a_question_of_ones_own() {
        for t in [
            "would you pick the 4090?",
            "what would you pick for a 70b model?",
            "which is cheaper?",
            "what is qlora?",
            "which card fits llama 70b",
            "你会选4090吗",
            "你选哪个平台的4090",
            "哪个便宜",
            "我选第一个",
            "你好",
            "what would you do",
            "i pick the first",
            "use 8k",
        ] {
            assert!(!bot_choice_asked(t), "{t}");
        }
    }
}
