//! A card already rented, asked how to use it (`我现在租了一张4090 怎么用`, `just rented an a100
//! on runpod, how do i use it`, `rented a 4090 already, now what?`): no stock nor price
//! question. With a platform named, its facts (access: web terminal, SSH, Jupyter, images);
//! without one, what the bot can do for a card one has (`/help`). A question about the rented
//! card (`能跑qwen吗`) is read as that question.

use super::Reading;
use super::question::Question;
use super::request::{self as make, Request};
use super::text::has;

/// Words that say the card is rented already.
const RENTED: &[&str] = &[
    "租了",
    "租好",
    "租到了",
    "已经租",
    "刚租",
    "开了一台",
    "开好了",
    "rented",
];

/// Words that ask how to use it, or what comes next.
const HOW_TO_USE: &[&str] = &[
    "怎么用",
    "如何用",
    "咋用",
    "怎么使用",
    "如何使用",
    "不会用",
    "怎么连",
    "如何连",
    "怎么登",
    "怎么操作",
    "怎么开始",
    "怎么上手",
    "接下来",
    "下一步",
    "怎么上传",
    "上传数据",
    "传数据",
    "how do i upload",
    "然后呢",
    "how do i use",
    "how to use",
    "how do i connect",
    "how to connect",
    "how do i get started",
    "how do i start",
    "now what",
    "what next",
    "what now",
    "what do i do",
];

/// Whether a text says a card is rented and asks how to use it (`租了a100 下一步呢` is a whole
/// question, no follow-up of another).
pub(super) fn said(text: &str) -> bool {
    has(text, RENTED) && has(text, HOW_TO_USE)
}

pub(super) fn rented_use(q: &Question) -> Option<Reading> {
    if !(said(q.padded) && q.nothing_to_size()) {
        return None;
    }
    let r = match q.e.platforms.as_slice() {
        [p] => make::platform(p),
        [] => Request::Help,
        _ => return None,
    };
    Some(Reading::Command(r))
}
