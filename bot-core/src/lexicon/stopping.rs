//! The closed classes of words a line that stops `/pick` is read by (`dialogue::stop_shape`):
//! function words (pronouns, modals and negation, time adverbs, particles), the few verbs of
//! stopping and going on that `dialogue::said`'s leaving words are made of, and the openers that
//! dismiss what was asked. A line is read by the SHAPE these make (`i quit`, `我不弄了`, `改天再说`,
//! `too pricey, forget it`), so a new verb phrase in a known shape is read (`我不想折腾了`, `I'll
//! sort it out tomorrow`) without a row of its own; the words here are grammar, never sentences.

/// Words that open a clause and say nothing (`eh`, `ugh`, `唉`, `ok`).
pub const STOP_FILLERS: &[&str] = &[
    "eh", "ehh", "ugh", "uh", "um", "hmm", "hm", "meh", "ok", "okay", "oh", "ah", "well", "so",
    "alright", "nah", "sigh", "welp", "yeah", "ya", "hey", "lol", "sorry", "then", "唉", "哎",
    "嗯", "呃", "额", "哦", "啊", "好吧", "行吧", "那", "那就", "好", "ok吧", "好的", "ok了",
];

/// English subject, modal and adverb words before a verb (`i`, `i'm gonna`, `let me just`): the
/// clause's subject and its mood, none a verb of its own.
pub const EN_AUX: &[&str] = &[
    "i", "we", "i'm", "im", "i'll", "ill", "we'll", "we're", "i'd", "let", "me", "let's", "lets",
    "will", "would", "shall", "am", "are", "going", "gonna", "to", "want", "wanna", "need", "have",
    "got", "gotta", "think", "guess", "just", "probably", "maybe", "better", "should", "might",
    "can", "could", "rather", "also", "simply", "really", "prefer", "now", "then", "perhaps",
    "imma", "i'mma", "kinda", "pretty",
];

/// English negation (`don't`, `not`, `no longer`, `won't`).
pub const EN_NOT: &[&str] = &[
    "not", "don't", "dont", "do", "won't", "wont", "no", "longer", "never", "didn't", "doesn't",
    "cannot", "can't", "cant",
];

/// English verbs of stopping, read with no negation (`i quit`, `i give up`, `i'm bailing`).
pub const EN_STOP_VERBS: &[&str] = &[
    "quit",
    "quitting",
    "stop",
    "stopping",
    "give up",
    "giving up",
    "leave",
    "leaving",
    "exit",
    "cancel",
    "end",
    "abort",
    "bail",
    "bailing",
    "drop out",
    "pass",
    "call it",
    "call it a day",
    "quit pick",
    "stop here",
];

/// English verbs of going on, read as stopping only under a negation (`i don't want to
/// continue`, `i not want do this anymore`, `not bother`).
pub const EN_GO_ON_VERBS: &[&str] = &[
    "continue",
    "go on",
    "keep going",
    "proceed",
    "do",
    "bother",
    "need",
    "want",
    "care",
];

/// What may follow a verb of stopping in English and add nothing (`i stop here`, `i quit for
/// now`, `do this anymore`, `give up on it`).
pub const EN_AFTER: &[&str] = &[
    "it", "this", "that", "here", "now", "for", "today", "then", "anyway", "anymore", "any",
    "more", "already", "the", "whole", "thing", "all", "pick", "with", "on", "me", "too", "moment",
    "at", "point", "right", "time", "instead", "lol", "guys", "tbh", "honestly", "a", "day",
    "stuff", "process", "after",
];

/// English time words of a later time (`later`, `tomorrow`, `another day`): a deferral.
pub const EN_LATER: &[&str] = &[
    "later",
    "tomorrow",
    "tonight",
    "another time",
    "another day",
    "some other time",
    "other time",
    "next time",
    "next week",
    "some time",
    "sometime",
    "someday",
    "in a bit",
    "in a while",
    "afterwards",
    "after lunch",
    "after work",
    "next month",
    // Coming back is a later time of its own (`i'll come back tomorrow`, `i'll think about it
    // and come back`).
    "come back",
    "get back",
    "be back",
];

/// English openers that dismiss the question with nothing after them (`never mind`, `forget
/// it`); a word after them (`never mind the budget`) makes them something else.
pub const EN_DISMISS: &[&str] = &[
    "never mind",
    "nevermind",
    "nvm",
    "forget it",
    "forget about it",
    "forget that",
    "drop it",
    "screw it",
    "whatever then",
    "oh well",
    "no matter",
];

/// A bare no said as no longer needed (`no need anymore`, `不用了`): leaving only beside a reason
/// or a stop; alone it is the house's bare no (asked about).
pub const NO_LONGER: &[&str] = &[
    "no need",
    "no need anymore",
    "no need any more",
    "not needed",
    "not needed anymore",
    "don't need it",
    "don't need it anymore",
    "i don't need it anymore",
    "dont need it anymore",
    "no longer needed",
    "不用了",
    "不需要了",
    "没必要了",
    "用不着了",
    "不必了",
    "不用啦",
];

/// English words that give a reason to stop (`too pricey`, `not worth it`).
pub const EN_REASON: &[&str] = &["too", "not worth", "costs too much", "so expensive"];

/// Chinese subjects and adverbs before a verb (`我先`, `我们就`, `今天`): no verb of their own.
pub const ZH_AUX: &[&str] = &[
    "我们", "我", "咱们", "咱", "先", "就", "还是", "暂时", "今天", "现在", "也", "真的", "实在",
    "都", "干脆", "直接", "那我", "那就", "要", "想", "打算", "准备",
];

/// Chinese negation and its modals before a verb of going on (`不想`, `不打算再`, `懒得`).
pub const ZH_NOT: &[&str] = &[
    "不打算再",
    "不准备再",
    "不想再",
    "不要再",
    "不打算",
    "不准备",
    "不想",
    "不要",
    "不再",
    "不",
    "别",
    "懒得",
    "没心思",
];

/// Chinese verbs of going on that `dialogue::said`'s leaving words are made of (`弄`, `搞`, `选`,
/// `租`, `玩`, `继续`), read as stopping under a negation (`我不弄了`).
pub const ZH_GO_ON_VERBS: &[&str] = &[
    "继续", "弄", "搞", "选", "租", "玩", "做", "整", "干", "看", "问", "聊", "试", "跑", "挑",
    "配", "算",
];

/// Chinese verbs of stopping, read with no negation (`退出吧`, `我放弃了`).
pub const ZH_STOP_VERBS: &[&str] = &[
    "退出",
    "放弃",
    "结束",
    "取消",
    "到此为止",
    "就到这",
    "就到这里",
    "不干了",
    "撤",
    "撤了",
];

/// Chinese closing particles (`了`, `吧`, `啦`).
pub const ZH_PARTICLES: &[char] = &[
    '了', '吧', '啦', '啊', '呀', '喽', '咯', '哈', '嘛', '呢', '哦',
];

/// Chinese time words of a later time (`改天`, `回头`, `下次`): a deferral with `再` or alone.
pub const ZH_LATER: &[&str] = &[
    "改天",
    "回头",
    "明天",
    "以后",
    "下次",
    "下回",
    "晚点",
    "晚些",
    "过几天",
    "过两天",
    "有空",
    "有时间",
    "之后",
    "后面",
    "等有空",
    "等以后",
];

/// The English word that closes a thing to do before going on (`need ask my professor first`,
/// `i'll check with my boss first`): a deferral whose verb phrase is the user's own.
pub const EN_BEFORE_ALL: &str = "first";

/// Chinese words that close a deferral (`再说`: "deal with it after that").
pub const ZH_DEFER_END: &[&str] = &["再说", "再讲", "再看看", "再看"];

/// Chinese openers that dismiss the question with nothing after them (`算了`, `拉倒`).
pub const ZH_DISMISS: &[&str] = &[
    "算了",
    "算啦",
    "罢了",
    "拉倒",
    "得了",
    "不管了",
    "随它吧",
    "算了吧",
];

/// Chinese words that give a reason to stop (`太贵了`, `好麻烦`, `看不懂`).
pub const ZH_REASON: &[&str] = &[
    "太",
    "好麻烦",
    "好复杂",
    "好贵",
    "不值",
    "不划算",
    "看不懂",
    "搞不懂",
    "弄不懂",
    "不会弄",
    "租不起",
    "用不起",
    "麻烦",
    "复杂",
    "贵了",
];

/// English verbs of stopping that stop alone, a whole message (`quit`, `stop`): the rest of
/// [`EN_STOP_VERBS`] stop only with a subject or more (`i pass`, never a bare `pass`).
pub const EN_STOP_ALONE: &[&str] = &["quit", "exit", "stop", "cancel"];

/// Whole messages that leave `/pick` and that no class above reads as a shape: moves said in
/// chat words, `算了` beside a verb, the negated verbs of going on said as leaving before the
/// shapes were read (`dialogue::said`'s table until session 43, one lexicon since).
pub const QUIT_LINES: &[&str] = &[
    "不弄了",
    "算了不弄了",
    "算了不用了",
    "不选了",
    "不玩了",
    "不租了",
    "先不租了",
    "不搞了",
    "算了算了",
    "不要了",
    "取消吧",
    "cancel it",
    "i'll pass",
    // Leaving said as not wanting to go on, and a goodbye (pick_conversations_ac's
    // `i not want continue, bye`): a goodbye inside /pick is leaving it.
    "不想继续了",
    "不想继续",
    "不继续了",
    "don't want to continue",
    "do not want to continue",
    "i don't want to continue",
    "i do not want to continue",
    "not want continue",
    "i not want continue",
    // Leaving said in chat words (pick_af's `nvm, i'm out`; `先这样吧`, "that's it for now");
    // `i'm done` leaves only where nothing is being finished (`skipped::done_leaving`).
    "i'm out",
    "im out",
    "先这样",
    "先这样了",
];
