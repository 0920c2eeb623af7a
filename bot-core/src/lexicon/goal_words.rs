//! What a person says inside `/pick` that is no step's answer, in words (helper und_de, issue 26
//! §4): a goal said in life or product terms (`我想给孩子做个讲故事的AI`, `transcribe my podcasts`),
//! a job the catalog cannot size (speech to text), the step skipped (`skip`, `跳过`), a run that
//! is only a try (`only try`, `试一下而已`) and a model's memory asked (`flux要多少显存`). Read by
//! `dialogue::goal`, `dialogue::skipped` and `job_senses::job_reading`; one table per meaning.

/// Words that mark a goal: something the person wants made or had, said before what it is
/// (`做个`, `搭个`, `想要`, `make`, `build`). Alone they say no kind of work.
pub const GOAL_WORDS: &[&str] = &[
    "做个",
    "做一个",
    "搭个",
    "搭一个",
    "弄个",
    "弄一个",
    "整个",
    "想要",
    "想做",
    "想搞",
    "想把",
    "帮我把",
    "i want to",
    "i wanna",
    "i'd like to",
    "want to make",
    "make ",
    "build ",
    "create ",
    "turn ",
    "transcribe",
];

/// A job that turns speech into text (or text into speech): the catalog holds no speech model,
/// so it cannot be sized; said plainly, never refused as a bad answer.
pub const SPEECH_WORDS: &[&str] = &[
    "转文字",
    "转成文字",
    "转写",
    "语音识别",
    "语音转",
    "录音",
    "语音",
    "字幕",
    "transcribe",
    "transcription",
    "speech to text",
    "speech-to-text",
    "voice memo",
    "voice note",
    "into text",
    "to text",
    "subtitles",
    "whisper",
    "podcast",
    "text to speech",
];

/// Pictures asked for in life terms (`anime pictures of my cat`, `给猫画头像`): making them
/// new, editing one's own photos and training on them are three jobs, so it is asked.
pub const PICTURE_WORDS: &[&str] = &[
    "picture", "pictures", "photo", "photos", "image", "images", "drawing", "drawings", "图片",
    "照片", "头像", "插画", "画",
];

/// The step passed over: its default taken (and said), never "not sure".
pub const SKIP_WORDS: &[&str] = &[
    "skip",
    "skip it",
    "skip this",
    "next",
    "pass",
    "跳过",
    "略过",
    "下一步",
    "下一个",
    "跳过吧",
];

/// A run that is only a try (`only try`, `just try`, `试一下而已`): a short experiment, though
/// the sentence names a bot (`make chatbot for test, only try`).
pub const ONLY_TRYING: &[&str] = &[
    "only try",
    "only trying",
    "only a try",
    "only for try",
    "only for test",
    "only test",
    "just try",
    "just trying",
    "just a try",
    "just to try",
    "just testing",
    "just a test",
    "试一下而已",
    "试试而已",
    "只是试试",
    "只是试一下",
    "就试试",
    "就试一下",
    "先试试",
    "玩玩而已",
];

/// Words that ask how much memory a model needs (`要多少显存`, `how much vram`).
pub const MEMORY_ASKED: &[&str] = &[
    "多少显存",
    "多大显存",
    "显存多大",
    "显存要多少",
    "显存需要多少",
    "要多大",
    "how much vram",
    "how much memory",
    "how much gpu memory",
    "vram does",
    "memory does",
    "how many gb",
];

/// Being done (`i'm done`): leaving where a step asks a question, and the step's own way on
/// where it is finishing a choice (the needs toggles, the result, the plan).
pub const DONE_WORDS: &[&str] = &["i'm done", "im done", "i am done", "i'm done here"];

/// Whether `text` is being done, alone (`I'm done.`).
pub fn done_said(text: &str) -> bool {
    let t = text
        .trim()
        .trim_matches(|c: char| c.is_ascii_punctuation() && c != '\'' || c.is_whitespace())
        .to_lowercase();
    DONE_WORDS.contains(&t.as_str())
}

/// What kind of goal a sentence says, when it says one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Goal {
    /// Speech to text or back: the catalog has no such model.
    Speech,
    /// Pictures: made new, edited, or trained on.
    Pictures,
    /// Something made or had whose kind of work is not said.
    Other,
}

/// The goal `text` (lower case, simplified) says, if a goal word or a speech job is in it.
pub fn goal_said(text: &str) -> Option<Goal> {
    let l = text.to_lowercase();
    let has = |list: &[&str]| list.iter().any(|w| l.contains(w));
    if has(SPEECH_WORDS) {
        return Some(Goal::Speech);
    }
    if !has(GOAL_WORDS) {
        return None;
    }
    if has(PICTURE_WORDS) {
        return Some(Goal::Pictures);
    }
    Some(Goal::Other)
}

/// Whether `text` is a word that skips the step (`skip`, `跳过吧`), alone.
pub fn skip_said(text: &str) -> bool {
    let t = text
        .trim()
        .trim_matches(|c: char| c.is_ascii_punctuation() || "。！!~ ".contains(c))
        .to_lowercase();
    SKIP_WORDS.contains(&t.as_str())
}

/// Whether `text` (lower case) says the run is only a try.
pub fn only_trying(text: &str) -> bool {
    ONLY_TRYING.iter().any(|w| text.contains(w))
}

/// Whether `text` (lower case, simplified) asks how much memory something needs.
pub fn memory_asked(text: &str) -> bool {
    let l = text.to_lowercase();
    MEMORY_ASKED.iter().any(|w| l.contains(w))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn goals_in_life_terms_are_read_as_goals_and_speech_is_told_apart() {
        assert_eq!(goal_said("我想给孩子做个讲故事的ai"), Some(Goal::Other));
        assert_eq!(goal_said("想给我们店做个客服机器人"), Some(Goal::Other));
        assert_eq!(goal_said("transcribe my podcasts"), Some(Goal::Speech));
        assert_eq!(goal_said("帮我把podcast转成文字"), Some(Goal::Speech));
        assert_eq!(
            goal_said("I want to make anime pictures of my cat"),
            Some(Goal::Pictures)
        );
        // A job said in ML terms says no goal word.
        assert_eq!(goal_said("lora微调qwen2.5 7b 3小时"), None);
        assert_eq!(goal_said("4090多少钱一小时"), None);
    }

    #[test]
    fn skip_words_alone_and_only_trying_and_memory_asked() {
        for t in ["skip", "Next", "跳过吧", "skip!"] {
            assert!(skip_said(t), "{t}");
        }
        for t in ["skip the lora part", "next week", "不知道"] {
            assert!(!skip_said(t), "{t}");
        }
        assert!(done_said("I'm done."));
        assert!(!done_said("i'm done with the model, now the card"));
        assert!(only_trying("make chatbot for test, only try"));
        assert!(only_trying("跑个qwen2.5 3b，试一下而已"));
        assert!(!only_trying("try it for 3 hours"));
        assert!(memory_asked("flux要多少显存啊"));
        assert!(memory_asked("how much VRAM does flux need?"));
        assert!(memory_asked("qwen 7b 要多大显存"));
        assert!(!memory_asked("qwen2.5 7b"));
    }
}
