//! "Change the <step>" said with no new value (`wait, change the model`, `改一下模型`, `换个卡`,
//! `i want to change the context`): the person wants that step again, as `/back` to it (issue
//! 26 §4, helper und_dg). One table of what each /pick step is called; a message is this move
//! only when, beside the words that add nothing, it holds one verb of changing and one step's
//! name, so `change the model to llama 3.1 8b` (a new value) is never read here.

/// A /pick step named by the person (the dialogue maps it to its own step).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StepNamed {
    Task,
    Model,
    Method,
    Context,
    Concurrency,
    Usage,
    Card,
    /// The needs and budget step.
    Barriers,
}

/// What each step is called, English (whole words, longest first where one holds another).
const EN_STEPS: &[(&str, StepNamed)] = &[
    ("context length", StepNamed::Context),
    ("context window", StepNamed::Context),
    ("context", StepNamed::Context),
    ("ctx", StepNamed::Context),
    ("task", StepNamed::Task),
    ("job type", StepNamed::Task),
    ("model", StepNamed::Model),
    ("method", StepNamed::Method),
    ("precision", StepNamed::Method),
    ("quantization", StepNamed::Method),
    ("quant", StepNamed::Method),
    ("concurrency", StepNamed::Concurrency),
    ("duration", StepNamed::Usage),
    ("hours", StepNamed::Usage),
    ("usage", StepNamed::Usage),
    ("card", StepNamed::Card),
    ("gpu", StepNamed::Card),
    ("needs", StepNamed::Barriers),
    ("budget", StepNamed::Barriers),
];

/// What each step is called, Chinese (Simplified; callers fold Traditional first).
const ZH_STEPS: &[(&str, StepNamed)] = &[
    ("上下文长度", StepNamed::Context),
    ("上下文", StepNamed::Context),
    ("任务类型", StepNamed::Task),
    ("任务", StepNamed::Task),
    ("模型", StepNamed::Model),
    ("微调方法", StepNamed::Method),
    ("训练方法", StepNamed::Method),
    ("方法", StepNamed::Method),
    ("精度", StepNamed::Method),
    ("量化", StepNamed::Method),
    ("并发", StepNamed::Concurrency),
    ("时长", StepNamed::Usage),
    ("用量", StepNamed::Usage),
    ("显卡", StepNamed::Card),
    ("卡", StepNamed::Card),
    ("需求", StepNamed::Barriers),
    ("预算", StepNamed::Barriers),
];

/// English verbs of changing a step (whole words, as they read with [`EN_FILLER`] taken out:
/// `go back to the model` is `go back model`).
const EN_CHANGE: &[&str] = &[
    "change",
    "switch",
    "redo",
    "edit",
    "fix",
    "go back",
    "back",
    "pick another",
    "choose another",
    "pick a different",
    "choose a different",
];

/// Chinese verbs of changing a step.
const ZH_CHANGE: &[&str] = &["重选", "改", "换", "回到"];

/// English words around the move that add nothing (`wait,`, `i want to`, `can i`, `the`).
const EN_FILLER: &[&str] = &[
    "wait", "hold", "on", "hmm", "oh", "sorry", "actually", "ok", "okay", "i", "i'd", "id", "want",
    "wanna", "to", "would", "like", "need", "can", "could", "let", "me", "let's", "lets", "please",
    "pls", "the", "my", "a", "again", "maybe",
];

/// Chinese words around the move that add nothing (`等等`, `我想`, `一下`, `个`, `吧`), longest
/// first; `下` alone is none of them (it is in `上下文`).
const ZH_FILLER: &[&str] = &[
    "等一下",
    "能不能",
    "等等",
    "一下",
    "我想",
    "我要",
    "想要",
    "可以",
    "一个",
    "那个",
    "还是",
    "重新",
    "个",
    "吗",
    "吧",
    "啊",
    "呢",
    "嗯",
    "哦",
    "再",
    "了",
    "先",
    "把",
    "我",
    "想",
    "能",
];

/// The step a message asks to change with no new value; `None` for anything more.
pub fn step_to_change(text: &str) -> Option<StepNamed> {
    let t = text.to_lowercase();
    en(&t).or_else(|| zh(&t))
}

fn en(t: &str) -> Option<StepNamed> {
    let words: Vec<&str> = t
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '\''))
        .filter(|w| !w.is_empty() && !EN_FILLER.contains(w))
        .collect();
    let said = words.join(" ");
    let rest = EN_CHANGE
        .iter()
        .find_map(|v| said.strip_prefix(v)?.strip_prefix(' '))?;
    EN_STEPS
        .iter()
        .find(|(name, _)| *name == rest)
        .map(|(_, s)| *s)
}

fn zh(t: &str) -> Option<StepNamed> {
    let mut s: String = t
        .chars()
        .filter(|c| !(c.is_whitespace() || c.is_ascii_punctuation() || "，。！？、~…".contains(*c)))
        .collect();
    for f in ZH_FILLER {
        s = s.replace(f, "");
    }
    // Verb then name (`改模型`) or name then verb (`把模型改一下` → `模型改`).
    ZH_CHANGE.iter().find_map(|v| {
        let name = s.strip_prefix(v).or_else(|| s.strip_suffix(v))?;
        ZH_STEPS.iter().find(|(n, _)| *n == name).map(|(_, st)| *st)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_step_named_to_change() {
        for (t, s) in [
            ("wait, change the model", StepNamed::Model),
            ("i want to change the context", StepNamed::Context),
            ("hold on, i want to change the card", StepNamed::Card),
            ("can i change the budget?", StepNamed::Barriers),
            ("go back to the model", StepNamed::Model),
            ("改一下模型", StepNamed::Model),
            ("换个卡", StepNamed::Card),
            ("换个上下文", StepNamed::Context),
            ("等等，我想把模型改一下", StepNamed::Model),
            ("重选精度吧", StepNamed::Method),
            ("预算改一下", StepNamed::Barriers),
        ] {
            assert_eq!(step_to_change(t), Some(s), "{t}");
        }
    }

    #[test]
    fn a_new_value_or_no_step_is_no_such_move() {
        for t in [
            "change the model to llama 3.1 8b",
            "换个便宜的卡",
            "改成8k",
            "模型换成14b",
            "change",
            "the model",
            "i want to change my life",
            "换成lora",
            "change the card to a100",
        ] {
            assert_eq!(step_to_change(t), None, "{t}");
        }
    }
}
