//! Yes and no as people say them in a chat, and the words that lead to a thing asked to be
//! shown (`看下…`, `show me…`, `直接给…`): one meaning each, for every step that asks a yes/no
//! question or for needs. A "no" is an answer (no need, no thanks), never leaving: leaving is
//! said with its own words (`不选了`, `cancel`, `退出`), which are not here.

/// A clause said as a yes or a no.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Assent {
    Yes,
    No,
}

/// Yes, go on (`sure, why not`, `行啊`, `没问题`), whole clauses; longest first where one is
/// the start of another, since a clause may begin with one before more (`yeah go ahead`).
const YES: &[&str] = &[
    "sounds good",
    "sounds great",
    "looks good",
    "go ahead",
    "why not",
    "let's go",
    "lets go",
    "of course",
    "alright",
    "okay",
    "sure",
    "yeah",
    "yes",
    "yep",
    "yup",
    "ok",
    "k",
    "y",
    "go",
    "next",
    "continue",
    // `好了` (done): before `好`, so `好了就这样` is a yes and its closing words.
    "好了",
    "好的",
    "好啊",
    "好呀",
    "好嘞",
    // `好滴`, `好哒`: 的 said the playful way (pick_ao's `好滴~`).
    "好滴",
    "好哒",
    "好吧",
    "好",
    "行啊",
    "行吧",
    "行",
    "可以的",
    "可以吧",
    "可以",
    "没问题",
    "继续",
    "下一步",
    "来吧",
    "嗯嗯",
    "嗯",
    "是的",
    "是",
    "对",
];

/// No, nothing (more) needed (`nothing`, `none`, `都不需要`, `不用了`, `no thanks`).
const NO: &[&str] = &[
    "no requirements",
    "no requirement",
    "nothing special",
    "nothing else",
    "no thanks",
    "no thank you",
    "not needed",
    "no need",
    "no needs",
    "nothing",
    "none",
    "nope",
    "nah",
    "no",
    "都不需要",
    "都不用",
    "都没有",
    "没什么要求",
    "没啥要求",
    "没有要求",
    "没要求",
    "没什么",
    "没啥",
    "不需要了",
    "不需要",
    "不用了",
    "不用",
    "不了",
    "没有",
    "没",
    // Cantonese: `唔使喇` (no need).
    "唔使",
    "唔使了",
    "唔需要",
    "冇",
    // `不要` alone ("don't want"): a no like `不用` (it had been refused at the context step
    // while `nah` asked whether to leave); `不要实名` stays a need.
    "不要",
];

/// Every yes and no word, whole: a step that reads them knows them when typed with a slip
/// (`nothng`, `不许要`; `dialogue::slip`).
pub fn assent_words() -> impl Iterator<Item = &'static str> {
    YES.iter().chain(NO).copied()
}

/// Words that widen a no without changing it (`nothing more`, `no need anything`, `nothing else
/// at all`), English ones whole words anywhere in the clause; and a subject with a verb of
/// needing before it (`i need nothing more`).
const NO_WIDEN_EN: &[&str] = &[
    "anything",
    "anymore",
    "further",
    "extra",
    "more",
    "else",
    "needed",
    // `nothing need`, `need nothing`: a learner's order of `no need` (pick_ao).
    "need",
    "special",
    "particular",
    "requirements",
    "requirement",
    "preference",
    "preferences",
    "needs",
];
const NO_WIDEN_EN_PAIRS: &[&str] = &["at all"];
const NO_SUBJECTS_EN: &[&str] = &[
    "i need", "we need", "i want", "we want", "i have", "we have", "i", "we",
];
/// Chinese ones (`没别的了`, `没有其他要求`, `不需要别的`): the other things, and a closing `了`.
const NO_WIDEN_ZH: &[&str] = &[
    "其他的",
    "其它的",
    "别的",
    "其他",
    "其它",
    "更多",
    "特别的",
    "特别",
    "特殊",
    "讲究",
    "要求",
    "需求",
    "偏好",
];
/// Chinese subjects before a no (`我没什么讲究`, `我们没要求`).
const NO_SUBJECTS_ZH: &[&str] = &["我们", "咱们", "我"];
/// Words of "all" before a Chinese no (`都不要`, `什么都不需要`, `全都不用了`), longest first:
/// the no widened to everything, which is the same no.
const NO_ALL_ZH: &[&str] = &["什么都", "全部都", "啥都", "全都", "一律", "都"];

/// Closing words beside a yes or a no (`that's all`, `就这样`): nothing more asked.
const CLOSING: &[&str] = &[
    "that's all",
    "thats all",
    "that's it",
    "all good",
    "i'm good",
    "im good",
    "all set",
    // `it's ok` / `is ok` (non-native) beside a no or alone: nothing asked, nothing refused.
    "it's ok",
    "its ok",
    "is ok",
    "it's fine",
    "就这样",
    // `这样就好`, `这样就行` (that will do): the closing said the other way round.
    "这样就好",
    "这样就行",
    "这样就可以",
    "这样可以",
    "这样就够",
    "就这些",
    "没事了",
    "够了",
];

/// Words that ask to be shown or given a thing (`看下试跑计划`, `let's see the trial plan`,
/// `直接给结果`, `just show me the cheapest`), longest first: what follows them is the thing.
pub const SHOW_VERBS: &[&str] = &[
    "just show me",
    "just give me",
    "let me see",
    "let's see",
    "lets see",
    "show me",
    "give me",
    "go to",
    "see",
    "直接给我",
    "直接出",
    "直接给",
    "直接看",
    "给我看看",
    "给我看",
    "看一下",
    "看一看",
    "看看",
    "看下",
    "给我",
    "出",
    "看",
];

/// Show verbs that ask, alone, for what the step goes on to (`just show me`, `给我看看`): the
/// result at the needs step.
const SHOW_ALONE: &[&str] = &[
    "show me",
    "let me see",
    "let's see",
    "lets see",
    "给我看看",
    "给我看",
    "直接给结果",
    "直接出",
    "直接看",
    "看看",
];

/// Whether a whole clause is a show verb with nothing after it (`just show me`, `那就看看`).
pub fn show_alone(clause: &str) -> bool {
    let t = bare(clause).to_lowercase();
    let t = t
        .strip_prefix("just ")
        .or_else(|| t.strip_prefix("那就"))
        .unwrap_or(&t)
        .trim();
    SHOW_ALONE.contains(&t)
}

/// The result asked for by name (`结果`, `the result`): what a needs step goes on to.
pub const RESULT_NOUNS: &[&str] = &[
    "the results",
    "the result",
    "results",
    "result",
    "the ranking",
    "ranking",
    "结果",
    "排名",
    "推荐",
];

/// Particles and marks around a clause that say nothing more (`行啊`, `好的~`).
fn bare(clause: &str) -> &str {
    clause
        .trim()
        .trim_matches(|c: char| !c.is_alphanumeric() || "吧啊呀呢哈啦嘛喇~".contains(c))
}

/// A whole clause said as a yes or a no (`sure`, `why not`, `不需要了`, `nothing`).
pub fn assent(clause: &str) -> Option<Assent> {
    let t = bare(clause).to_lowercase();
    let t = t.as_str();
    // An English yes with the Chinese particle of a thing settled glued on (`ok了`, `okay了`):
    // the yes. Only a Latin word: `对了` opens an aside ("by the way"), never a yes.
    let latin_yes = t
        .strip_suffix('了')
        .filter(|w| w.is_ascii() && YES.contains(w));
    if YES.contains(&t) || latin_yes.is_some() {
        Some(Assent::Yes)
    } else if NO.contains(&t) || widened_no(t) {
        Some(Assent::No)
    } else {
        None
    }
}

/// A no with words that only widen it (`nothing more`, `i need nothing else`, `no need
/// anything`, `没别的了`): [`NO`] once they are taken out. A clause that is only such words
/// (`more`, `i need more`) is none.
fn widened_no(t: &str) -> bool {
    let mut en = t.to_string();
    for pair in NO_WIDEN_EN_PAIRS {
        en = en.replace(pair, " ");
    }
    let words: Vec<&str> = en
        .split_whitespace()
        .filter(|w| !NO_WIDEN_EN.contains(w))
        .collect();
    let mut left = words.join(" ");
    if let Some(rest) = NO_SUBJECTS_EN
        .iter()
        .find_map(|s| left.strip_prefix(&format!("{s} ")))
    {
        left = rest.to_string();
    }
    let mut zh = t.to_string();
    // Longest first: `特别的` before the `别的` inside it.
    let mut widen = NO_WIDEN_ZH.to_vec();
    widen.sort_by_key(|w| std::cmp::Reverse(w.len()));
    for w in widen {
        zh = zh.replace(w, "");
    }
    let zh = zh.trim_end_matches('了');
    let zh = NO_SUBJECTS_ZH
        .iter()
        .find_map(|w| zh.strip_prefix(w))
        .unwrap_or(zh);
    let zh = NO_ALL_ZH
        .iter()
        .find_map(|w| zh.strip_prefix(w))
        .unwrap_or(zh);
    let changed = |s: &str| !s.is_empty() && s != t;
    (changed(&left) && NO.contains(&left.as_str())) || (changed(zh) && NO.contains(&zh))
}

/// A no said with its object first (`试跑计划就不用了`, `trial plan not needed`, `no need for the
/// trial plan`, `skip the plan`): the object; `None` for a bare no or anything else.
pub fn declined(clause: &str) -> Option<&str> {
    let t = bare(clause);
    const ZH_ENDS: &[&str] = &["就不用", "也不用", "就不需要", "也不需要", "就免", "就算"];
    let zh = t.trim_end_matches('了');
    if let Some(obj) = ZH_ENDS.iter().find_map(|e| zh.strip_suffix(e)) {
        let obj = obj.trim();
        return (!obj.is_empty() && obj.chars().count() <= 8).then_some(obj);
    }
    const EN_OPENS: &[&str] = &[
        "no need for the ",
        "no need for ",
        "skip the ",
        "don't need the ",
    ];
    let low = t.to_ascii_lowercase();
    if let Some(n) = EN_OPENS
        .iter()
        .find(|o| low.starts_with(**o))
        .map(|o| o.len())
    {
        return Some(t[n..].trim()).filter(|o| !o.is_empty());
    }
    // `to_ascii_lowercase` keeps byte offsets, so `low`'s cuts are `t`'s.
    let obj = low
        .strip_suffix(" is not needed")
        .or_else(|| low.strip_suffix(" not needed"))?;
    let start = if obj.starts_with("the ") { 4 } else { 0 };
    let obj = t[start..obj.len()].trim();
    (!obj.is_empty()).then_some(obj)
}

/// Yes words that say "go on" (`继续`, `next`): asked whether to leave, they stay.
const GO_ON: &[&str] = &["继续", "下一步", "continue", "next", "go on", "keep going"];

/// Whether a whole clause says "go on" ([`GO_ON`]).
pub fn go_on(clause: &str) -> bool {
    GO_ON.contains(&bare(clause).to_lowercase().as_str())
}

/// Every word a yes/no step reads as a whole clause (a yes, a no, going on, closing): the step's
/// own words, for `dialogue::slip` to read a slip of one as the word.
pub fn reply_words() -> impl Iterator<Item = &'static str> {
    YES.iter().chain(NO).chain(GO_ON).chain(CLOSING).copied()
}

/// Whether a whole clause closes what was said (`that's all`, `就这样`).
pub fn closing(clause: &str) -> bool {
    CLOSING.contains(&bare(clause).to_lowercase().as_str())
}

/// A yes said at the start of a clause before more (`yeah go ahead`, `ok 看下trial plan`,
/// `好，…` is two clauses): the yes and the rest. A Latin yes ends at a word's end.
pub fn yes_before(clause: &str) -> Option<&str> {
    let t = clause.trim_start();
    let low = t.to_lowercase();
    let w = YES.iter().find(|w| {
        low.starts_with(**w)
            && (!w.is_ascii() || !low[w.len()..].starts_with(|c: char| c.is_ascii_alphanumeric()))
    })?;
    let rest = t.get(w.len()..)?.trim_start();
    (!rest.is_empty()).then_some(rest)
}

/// What a clause asks to be shown, past its show verb (`看下试跑计划` → `试跑计划`, `let's see
/// the trial plan` → `trial plan`): `None` without one.
pub fn shown(clause: &str) -> Option<&str> {
    let t = clause.trim_start();
    let t = t
        .strip_prefix("just ")
        .or_else(|| t.strip_prefix("那就"))
        .unwrap_or(t)
        .trim_start();
    let low = t.to_lowercase();
    let v = SHOW_VERBS.iter().find(|v| low.starts_with(**v))?;
    let rest = t.get(v.len()..)?.trim_start();
    let rest = rest.strip_prefix("the ").unwrap_or(rest).trim_start();
    let rest = bare(rest);
    (!rest.is_empty()).then_some(rest)
}

/// Whether `thing` is the result asked for by name (`结果`, `the results`).
pub fn result_named(thing: &str) -> bool {
    let t = bare(thing).to_lowercase();
    RESULT_NOUNS.contains(&t.as_str()) || RESULT_NOUNS.contains(&format!("the {t}").as_str())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_no_with_its_object_first() {
        assert_eq!(declined("试跑计划就不用了"), Some("试跑计划"));
        assert_eq!(declined("试跑就不用了吧"), Some("试跑"));
        assert_eq!(declined("no need for the trial plan"), Some("trial plan"));
        assert_eq!(declined("trial plan not needed"), Some("trial plan"));
        assert_eq!(declined("不用了"), None);
        assert_eq!(declined("no need"), None);
        assert_eq!(assent("我没什么讲究"), Some(Assent::No));
        assert_eq!(assent("no special needs"), Some(Assent::No));
        assert_eq!(assent("没有特别的要求"), Some(Assent::No));
        assert_eq!(assent("我要"), None);
    }

    #[test]
    fn yes_and_no_in_words() {
        for t in [
            "sure",
            "why not",
            "行啊",
            "可以吧",
            "好的~",
            "没问题",
            "Yeah!",
            // An English yes with `了` glued on (pick_ae's `ok了`).
            "ok了",
            "OK了",
        ] {
            assert_eq!(assent(t), Some(Assent::Yes), "{t}");
        }
        // `对了` opens an aside, never a yes.
        assert_eq!(assent("对了"), None);
        for t in [
            "nothing",
            "None.",
            "不用了",
            "都不需要",
            "no thanks",
            "没有",
            "nope",
        ] {
            assert_eq!(assent(t), Some(Assent::No), "{t}");
        }
        // A no widened by words that add nothing to it (pick_ac, und_cw).
        for t in [
            "nothing more",
            "no need anything",
            "i need nothing more",
            "nothing else at all",
            "没别的了",
            "没有其他要求",
            "不需要别的了",
        ] {
            assert_eq!(assent(t), Some(Assent::No), "{t}");
        }
        for t in [
            "more",
            "i need more",
            "else",
            "别的",
            "no real name anymore",
        ] {
            assert_eq!(assent(t), None, "{t}");
        }
        // A no with "more" or "else" around it: nothing more needed.
        for t in [
            "no need more",
            "nothing else needed",
            "nothing more",
            "不需要别的了",
            "别的都不用了",
            "没有别的了",
        ] {
            assert_eq!(assent(t), Some(Assent::No), "{t}");
        }
        // A need, a quit or a fact is neither.
        for t in [
            "不用实名",
            "算了不用了",
            "cancel",
            "no real-name check",
            "不选了",
            "4090",
            "need more memory",
            "no more than 50",
            "别的平台",
        ] {
            assert_eq!(assent(t), None, "{t}");
        }
    }

    #[test]
    fn a_show_verb_alone() {
        for t in ["just show me", "show me!", "给我看看", "那就看看吧"] {
            assert!(show_alone(t), "{t}");
        }
        for t in ["show me the trial plan", "看下试跑计划", "see", "看"] {
            assert!(!show_alone(t), "{t}");
        }
    }

    #[test]
    fn a_thing_asked_to_be_shown() {
        assert_eq!(shown("看下试跑计划"), Some("试跑计划"));
        assert_eq!(shown("let's see the trial plan"), Some("trial plan"));
        assert_eq!(shown("just show me the cheapest"), Some("cheapest"));
        assert_eq!(shown("直接出结果吧"), Some("结果"));
        assert_eq!(shown("那就看看试跑计划吧"), Some("试跑计划"));
        assert_eq!(shown("4090多少钱"), None);
        assert!(result_named("结果"));
        assert!(result_named("results"));
        assert_eq!(yes_before("yeah go ahead"), Some("go ahead"));
        assert_eq!(yes_before("ok 看下trial plan"), Some("看下trial plan"));
        assert_eq!(yes_before("okay"), None);
        assert_eq!(yes_before("yesterday"), None);
    }
}
