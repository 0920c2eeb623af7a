//! A language asked for in words (`切换成英文`, `请说中文`, `switch to chinese please`, `以后
//! 用英文回复我`): `/lang`, which sets it for this person. After an answer, a bare `英文` is the
//! last answer again in English ([`super::language_asked`], checked first by the bot).

use super::Reading;
use super::question::Question;
use super::request::Request;
use super::text::has;
use crate::i18n::Lang;

const EN: &[&str] = &["英文", "英语", "english"];
const ZH: &[&str] = &["中文", "汉语", "简体", "普通话", "chinese", "mandarin"];

/// Words that ask to switch, speak or answer in a language.
const SWITCH: &[&str] = &[
    "切换",
    "换成",
    "改成",
    "设置",
    "设成",
    "设为",
    "改为",
    "改用",
    "换到",
    "用",
    "说",
    "讲",
    "回复",
    "回答",
    "switch",
    "change",
    "set ",
    "speak",
    "talk",
    "reply in",
    "answer in",
    "respond in",
    "use ",
    "language",
    "语言",
];

/// A language named as the question's topic, not as the answer's (`英文怎么说 gpu`).
const TOPIC: &[&str] = &[
    "怎么说",
    "翻译",
    "translate",
    "what is",
    "是什么",
    "意思",
    "meaning",
];

/// Words before a language that rule it out (`我看不懂英文`, `i can't read chinese`).
const NOT_READ: &[&str] = &[
    "看不懂",
    "读不懂",
    "不懂",
    "不会",
    "don't understand ",
    "dont understand ",
    "can't read ",
    "cant read ",
    "don't speak ",
    "dont speak ",
    "no ",
];

/// Words that say nothing beside a language (`english please`, `中文吧`).
const FILLER: &[&str] = &[
    "please", "pls", "plz", "only", "请", "吧", "呢", "啊", "谢谢", "thanks",
];

pub(super) fn lang_said(q: &Question) -> Option<Reading> {
    let named = !q.e.gpus.is_empty() || !q.nothing_to_size() || !q.e.platforms.is_empty();
    // A language someone cannot read is the one not to answer in.
    let mut text = q.padded.to_string();
    for n in NOT_READ {
        for l in EN.iter().chain(ZH) {
            text = text.replace(&format!("{n}{l}"), " ");
        }
    }
    let p = text.as_str();
    let alone = {
        let mut rest = p.to_string();
        for w in EN.iter().chain(ZH).chain(FILLER) {
            rest = rest.replace(w, " ");
        }
        rest.trim().is_empty()
    };
    if named || p.trim().chars().count() > 40 || has(p, TOPIC) || !(has(p, SWITCH) || alone) {
        return None;
    }
    let lang = match (has(p, EN), has(p, ZH)) {
        (true, false) => Lang::En,
        (false, true) => Lang::Zh,
        _ => return None,
    };
    Some(Reading::Command(Request::Lang(Some(lang))))
}
