//! What a message inside `/pick` says besides a step's answer: "go back" in words, "no
//! preference" (`随便`, `不知道`, `skip`), thanks, and inference said without how long it
//! runs (`推理`: a short run or a service, asked, never guessed).

use super::flow::step_header;
use super::state::{Outcome, PickState, Step, TaskKind};
use crate::context::Ctx;
use crate::reply::{Msg, Reply};
use crate::understand;

/// How a message reads as a move in the dialogue rather than an answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Said {
    /// `back`, `返回`, `上一步`: the `/back` command in words.
    Back,
    /// `随便`, `不知道`, `都行`, `skip`: no preference, so the step's default is taken (and said).
    Unsure,
    /// `谢谢`, `thanks`.
    Thanks,
    /// `不弄了`, `算了`, `never mind`: leave `/pick` (as `/cancel`).
    Quit,
    /// `重新来`, `start over`: a fresh `/pick` from its first question.
    Restart,
}

/// Words before a move that say nothing more (`wait, go back`, `等等 返回`).
const LEADING: &[&str] = &[
    "wait",
    "oh",
    "hmm",
    "sorry",
    "actually",
    "等等",
    "等一下",
    "哦",
    "嗯",
    "let's",
    "lets",
    "please",
    "pls",
    "那就",
    "那",
    "还是",
];

/// Whole messages only: `back` inside a sentence (`I'll be back in 3 hours`) is no move. A
/// message of several moves of one kind (`随便 你定`, `no idea, you choose`, `算了算了`) is that
/// move: each clause (split at punctuation, then at spaces) must be one, and all the same.
#[cfg(test)]
fn said(text: &str) -> Option<Said> {
    said_in(text, &|_| true)
}

/// [`said`], where a move to leave said first may come with a reason that states nothing
/// (`不搞了，太贵了`, `never mind, too expensive`); `states` tells whether a clause states a
/// fact (`算了，用lora吧` is a change, never a quit).
pub(super) fn said_in(text: &str, states: &dyn Fn(&str) -> bool) -> Option<Said> {
    if let Some(m) = said_whole(text) {
        return Some(m);
    }
    if !states(text) && unsure_which(text) {
        return Some(Said::Unsure);
    }
    let clauses: Vec<&str> = text
        .split(|c: char| ",，。.!！;；、~…".contains(c))
        .map(str::trim)
        .filter(|c| !c.is_empty())
        .flat_map(thanks_apart)
        .collect();
    let mut found = None;
    // `谢谢，不用了`, `thanks, no need`, `多謝，唔使喇`: a bare no after thanks closes the talk,
    // so it is leaving. Steps that ask yes/no or for needs read their no before this
    // (`replied::before`: no needs at the barriers step), and a bare no alone is asked about.
    let thanked = clauses.iter().any(|c| said_whole(c) == Some(Said::Thanks));
    // `i'm done, bye`: being done before a goodbye is leaving too.
    let bye = clauses.iter().any(|c| crate::lexicon::goodbye(c));
    for clause in clauses.iter().filter(|c| !is_filler(c)) {
        let m = said_whole(clause)
            .or_else(|| {
                let words: Vec<Option<Said>> = clause.split_whitespace().map(said_whole).collect();
                let first = *words.first()?;
                (words.len() > 1 && words.iter().all(|w| *w == first)).then_some(first)?
            })
            .or_else(|| {
                (thanked && crate::lexicon::assent(clause) == Some(crate::lexicon::Assent::No))
                    .then_some(Said::Quit)
            })
            .or_else(|| {
                (bye && (crate::lexicon::goodbye(clause) || crate::lexicon::done_said(clause)))
                    .then_some(Said::Quit)
            });
        let m = match (m, found) {
            (Some(m), _) => m,
            // A reason after leaving (`太贵了`): no move, no fact.
            (None, Some(Said::Quit)) if !states(clause) => continue,
            (None, _) => return None,
        };
        // Thanks beside another move is politeness (`不弄了，谢谢`, `never mind, thanks`):
        // that move.
        match found {
            Some(f) if f == m => {}
            Some(Said::Thanks) => found = Some(m),
            Some(_) if m == Said::Thanks => {}
            Some(_) => return None,
            None => found = Some(m),
        }
    }
    found.filter(|_| clauses.len() > 1 || text.split_whitespace().count() > 1)
}

/// One clause as its thanks and the rest when thanks opens or closes it with no comma between
/// (`不用了谢谢`, `thanks bye`, `no thanks`), so they read as `谢谢，不用了` does; the clause alone
/// otherwise. An English word of thanks must stand apart (`thirty` holds no `ty`).
fn thanks_apart(clause: &str) -> Vec<&str> {
    // A clause that is one move already (`好的谢谢`) stays whole.
    if said_whole(clause).is_some() {
        return vec![clause];
    }
    let low = clause.to_lowercase();
    // Lower-casing keeps byte offsets for the ASCII and CJK words of the table.
    if low.len() != clause.len() {
        return vec![clause];
    }
    let apart = |rest: &str, w: &str| !w.is_ascii() || rest.is_empty() || rest.starts_with(' ');
    let longest = |fits: &dyn Fn(&str) -> bool| {
        THANKS_WORDS
            .iter()
            .filter(|w| fits(w))
            .max_by_key(|w| w.len())
            .copied()
    };
    if let Some(w) =
        longest(&|w| low.len() > w.len() && low.starts_with(w) && apart(&low[w.len()..], w))
    {
        return vec![&clause[..w.len()], clause[w.len()..].trim()];
    }
    if let Some(w) = longest(&|w| {
        let cut = low.len().wrapping_sub(w.len());
        low.len() > w.len() && low.ends_with(w) && (!w.is_ascii() || low[..cut].ends_with(' '))
    }) {
        let cut = clause.len() - w.len();
        return vec![clause[..cut].trim(), &clause[cut..]];
    }
    vec![clause]
}

/// What follows a message's opening move to leave (`算了，跑推理吧` → `跑推理吧`, `never mind,
/// …`): `None` when its first clause is no such move or nothing follows it.
pub(super) fn after_leaving(text: &str) -> Option<&str> {
    let t = text.trim_start();
    let end = t.find(|c: char| ",，。.!！;；、~…".contains(c))?;
    let rest = t[end..].trim_start_matches(|c: char| ",，。.!！;；、~… ".contains(c));
    (said_whole(&t[..end]) == Some(Said::Quit) && !rest.is_empty()).then_some(rest)
}

/// A clause that says nothing beside a move (`ok, start over`, `那, 算了`).
pub(super) fn is_filler(clause: &str) -> bool {
    let t = clause.trim().to_lowercase();
    [
        "ok", "okay", "well", "hmm", "so", "好", "好吧", "那", "那就", "嗯", "哦", "额", "唉",
    ]
    .contains(&t.as_str())
        || LEADING.contains(&t.as_str())
}

/// Whether one clause hands the choice over or says it does not know (`都行`, `whatever`).
pub(super) fn hands_over(clause: &str) -> bool {
    said_whole(clause) == Some(Said::Unsure)
}

/// Whether one clause is thanks (`谢谢啦`, `thanks!`).
pub(super) fn thanks(clause: &str) -> bool {
    said_whole(clause) == Some(Said::Thanks)
}

/// One clause read as a move, whole.
fn said_whole(text: &str) -> Option<Said> {
    let t = understand::normalize(text);
    // Emoji and marks around a move (`😅不懂`, `随便🙏`) say nothing more.
    let t = t
        .trim()
        .trim_matches(|c: char| !c.is_alphanumeric() || "吧啊呀呢哈啦~".contains(c))
        .to_string();
    let mut t = t;
    while let Some(w) = LEADING.iter().find(|w| t.starts_with(**w)) {
        t = t[w.len()..]
            .trim_start_matches(|c: char| {
                c.is_ascii_punctuation() || c.is_whitespace() || c == '，'
            })
            .to_string();
    }
    [
        (quit_words(), Said::Quit),
        (RESTART_WORDS, Said::Restart),
        (BACK_WORDS, Said::Back),
        (unsure_words(), Said::Unsure),
        (THANKS_WORDS, Said::Thanks),
    ]
    .into_iter()
    .find_map(|(words, m)| made_of(&t, words).then_some(m))
}

/// Whether `t` is one or more of `words` one after another (`返回上一步`, `随便你定`,
/// `算了算了`), nothing else but [`LINKS`] between them (`不懂这些，你定`, `whatever is the
/// default`); at least one of `words`.
fn made_of(t: &str, words: &[&str]) -> bool {
    let mut rest = t.trim();
    let mut any = false;
    while !rest.is_empty() {
        let longest = |list: &[&str]| {
            list.iter()
                .filter(|w| rest.starts_with(**w))
                .map(|w| w.len())
                .max()
        };
        let len = if let Some(len) = longest(words) {
            any = true;
            len
        } else if let Some(len) = longest(links()) {
            len
        } else {
            return false;
        };
        rest = rest[len..].trim_start_matches(|c: char| c.is_whitespace() || "，,吧".contains(c));
    }
    any
}

/// Words that only point back at the question or link moves (`不懂这些`, `just use the
/// default`, `随便用`): nothing stated.
const LINKS: &[&str] = &[
    "这些",
    "这个",
    "那些",
    "这方面",
    "就",
    "用",
    "按",
    "就行",
    "就好",
    "就可以",
    "也行",
    // A subject or an adverb before not knowing or handing over (`我也不懂，你定吧`, `我都不了解`,
    // `这些都无所谓`), and `来` closing `按推荐的来`: they say whose the not-knowing is, nothing
    // more; a word of the step's own still makes the line no move (`我要lora`).
    "我们",
    "我也",
    "我",
    "也",
    "都",
    "来",
    "i",
    "i'll",
    "i will",
    "to me",
    "for me",
    "these",
    "this",
    "that",
    "is",
    "just",
    "use",
    "go with",
    "fine",
    "ok",
    "okay",
];

/// [`LINKS`] and the lexicon's asides (`tbh`, `说实话`), which add nothing to a move.
fn links() -> &'static [&'static str] {
    static WORDS: std::sync::OnceLock<Vec<&'static str>> = std::sync::OnceLock::new();
    WORDS.get_or_init(|| {
        LINKS
            .iter()
            .chain(crate::lexicon::ASIDES)
            .copied()
            .collect()
    })
}

/// Not knowing, then the step's own question asked back (`不知道用啥模型`, `不确定选哪个好`,
/// `not sure which one to pick`): no preference, as `不知道` alone. Only a choosing verb, the
/// question word, the step's noun and a closing word may follow, so `不知道哪家有货` stays a
/// question.
fn unsure_which(text: &str) -> bool {
    let t = understand::normalize(text).to_lowercase();
    let t = t.trim_matches(|c: char| !c.is_alphanumeric() || "吧啊呀呢".contains(c));
    let Some(rest) = crate::lexicon::UNSURE
        .iter()
        .find_map(|w| t.strip_prefix(w))
    else {
        return false;
    };
    let strip = |rest: &str, list: &[&str]| -> Option<usize> {
        let rest = rest.trim_start();
        list.iter()
            .filter(|w| rest.starts_with(**w))
            .map(|w| w.len())
            .max()
    };
    let mut rest = rest.trim_start();
    if let Some(n) = strip(rest, CHOOSE) {
        rest = rest[n..].trim_start();
    }
    let Some(n) = strip(rest, WHICH) else {
        return false;
    };
    rest = rest[n..].trim_start();
    for list in [STEP_NOUNS, CHOOSE, CLOSING] {
        if let Some(n) = strip(rest, list) {
            rest = rest[n..].trim_start();
        }
    }
    rest.is_empty()
}

/// Verbs of choosing before or after the question word (`用啥`, `which one to pick`).
const CHOOSE: &[&str] = &[
    "该用",
    "要用",
    "用",
    "该选",
    "选",
    "挑",
    "要",
    "to use",
    "to pick",
    "to choose",
    "to go with",
];
const WHICH: &[&str] = &[
    "啥",
    "什么",
    "哪个",
    "哪种",
    "哪一个",
    "哪款",
    "哪样",
    "which",
    "what",
];
/// What the steps ask for, named after the question word (`啥模型`, `which format`).
const STEP_NOUNS: &[&str] = &[
    "模型",
    "格式",
    "精度",
    "量化",
    "方法",
    "方式",
    "上下文",
    "长度",
    "卡",
    "model",
    "format",
    "precision",
    "method",
    "context",
    "card",
    "gpu",
    "one",
];
const CLOSING: &[&str] = &["好", "比较好", "合适", "is best", "is better"];

/// Leaving said as leaving, whole messages: the lexicon's one table of leaving
/// ([`crate::lexicon::stopping`]: its lines, its verbs of stopping that stop alone, its
/// dismissals and Chinese verbs of stopping, which `dialogue::stop_shape` reads as shapes too)
/// and its goodbyes (`拜拜`, `掰掰`, `gotta go`: a goodbye inside /pick is leaving it). A bare
/// no (`不用了`, `不需要了`) answers a step that asks yes/no or for needs, and elsewhere is asked
/// about (`replied::bare_no`), never taken for leaving.
fn quit_words() -> &'static [&'static str] {
    use crate::lexicon::stopping as w;
    static WORDS: std::sync::OnceLock<Vec<&'static str>> = std::sync::OnceLock::new();
    WORDS.get_or_init(|| {
        [
            w::QUIT_LINES,
            w::EN_STOP_ALONE,
            w::EN_DISMISS,
            w::ZH_DISMISS,
            w::ZH_STOP_VERBS,
            crate::lexicon::LEAVE_WORDS,
        ]
        .concat()
    })
}

pub(super) const RESTART_WORDS: &[&str] = &[
    "重新来",
    "重来",
    "重新开始",
    "从头来",
    "从头开始",
    "重新选",
    "再来一次",
    "重新来一遍",
    "start over",
    "restart",
    "start again",
    "begin again",
    "from the start",
    "from scratch",
    "reset",
];

const BACK_WORDS: &[&str] = &[
    "back",
    "go back",
    "previous",
    "返回",
    "上一步",
    "回到上一步",
    "退回",
    "后退",
];

/// The words of [`Said::Unsure`]: the choice handed over, or not knowing.
/// Each also as the reader's pass writes it (`你推荐一个` → `你推荐1个`), since the message is
/// compared after that pass.
fn unsure_words() -> &'static [&'static str] {
    static READ: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    static WORDS: std::sync::OnceLock<Vec<&'static str>> = std::sync::OnceLock::new();
    WORDS.get_or_init(|| {
        let lexicon = || {
            crate::lexicon::HANDED
                .iter()
                .chain(crate::lexicon::UNSURE)
                .copied()
        };
        let read = READ.get_or_init(|| {
            lexicon()
                .map(|w| understand::normalize(w).trim().to_string())
                .filter(|r| !lexicon().any(|w| w == r))
                .collect()
        });
        lexicon().chain(read.iter().map(String::as_str)).collect()
    })
}

/// Words of thanks (`dialogue::slip` reads their slips at the steps they end).
pub(super) const THANKS_WORDS: &[&str] = &[
    "谢谢",
    "多谢",
    "多謝",
    "謝謝",
    "唔该",
    "唔該",
    "感谢",
    "谢了",
    "谢谢你",
    "好的谢谢",
    "好的 谢谢",
    "thanks",
    "thank you",
    "thx",
    "ty",
    "ok thanks",
    "great thanks",
    "cheers",
];

/// Whether a message asks what a word means (`what's QLoRA?`, `qlora是什么意思`, `lora和qlora有
///什么区别`): a question, never the step's answer, though it names one (`QLoRA`).
pub(super) fn asks_meaning(text: &str) -> bool {
    let l = understand::normalize(text);
    let l = l.trim();
    let en_start = [
        "what's ",
        "whats ",
        "what is ",
        "what are ",
        "what does ",
        "what do you mean",
        "what's the difference",
        "explain ",
        "meaning of ",
    ];
    let en_end = [" mean", " mean?", " means?", " stand for", " stand for?"];
    let zh = [
        "是什么",
        "是啥",
        "什么是",
        "啥是",
        "什么意思",
        "啥意思",
        "什么叫",
        "啥叫",
        "有什么区别",
        "有啥区别",
        "区别是什么",
        "有什么不同",
        "difference between",
    ];
    en_start.iter().any(|w| l.starts_with(w))
        || en_end.iter().any(|w| l.ends_with(w))
        || zh.iter().any(|w| l.contains(w))
        // `lora和qlora区别`, `lora vs qlora`: two methods weighed, with no question's cue.
        || crate::lexicon::methods_weighed(&l.to_lowercase())
        // `8k跟32k差在哪`, `what mean 8k or 32k?`: two of the context step's lengths weighed.
        // Read as typed: the reader's pass writes `8k` out in digits.
        || crate::lexicon::lengths_weighed(&understand::fold_traditional(text).to_lowercase())
}

/// Inference said at the task step (`推理`, `跑推理 qwen2.5 7b`, `llm inference`, an engine
/// named): its kind where the message settles it (a duration of hours is a run, always-on or
/// every day a service), `Some(None)` where both senses are live (the lexicon's `job_reading`),
/// `None` when no inference is said.
pub(super) fn inference_kind(text: &str, seconds: bool, always: bool) -> Option<Option<TaskKind>> {
    let l = understand::normalize(text);
    if !crate::lexicon::inference_said(&l) {
        return None;
    }
    Some(match inference_reading(&l, seconds, always) {
        crate::lexicon::JobReading::One(sense) => Some(super::understand::task_kind(sense)),
        crate::lexicon::JobReading::Two(_) | crate::lexicon::JobReading::None => None,
    })
}

/// The lexicon's reading of a job sentence with what the message settles.
fn inference_reading(l: &str, seconds: bool, always: bool) -> crate::lexicon::JobReading {
    let settled = crate::lexicon::Settled {
        length: seconds,
        stays_on: always,
    };
    crate::lexicon::job_reading(l, settled)
}

/// `推理` at the task step with nothing saying how long: which of the two it is, asked with
/// the step's choices; the facts the message states (a model, a budget) are kept.
pub(super) fn inference_asked(ctx: &Ctx, state: &PickState, text: &str) -> Option<Outcome> {
    if state.step != Step::Task {
        return None;
    }
    let f = understand::facts(ctx.catalog, text);
    // Asked only where the word's two senses are both live (`lexicon::Senses`).
    let l = understand::normalize(text);
    let crate::lexicon::JobReading::Two(_) =
        inference_reading(&l, f.seconds.is_some(), f.always || f.daily)
    else {
        return None;
    };
    let (mut next, mut reply) = super::listen::listen(ctx, state, text)
        .unwrap_or_else(|| (state.clone(), Reply::default()));
    next.inference = true;
    // The step's own choices, in their order: a chat that maps typed numbers to the step's
    // choices (the terminal) reads `2` as the same button.
    let mut question = Reply::text(step_header(&next)).with(Msg::new("pick-infer-which"));
    question.choices = super::ask::ask(ctx, &next).choices;
    let choices = question.choices.clone();
    reply.join(question);
    reply.choices = choices;
    // Saved even when nothing else was said, so `/pick 推理` (and a guidance question that
    // starts it) shows this question rather than the generic first one.
    Some(Outcome {
        changed: true,
        state: Some(next),
        replies: vec![reply],
    })
}

#[cfg(test)]
mod tests;
