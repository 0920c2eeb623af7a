//! A follow-up said without its question (`那A100呢`, `what about on runpod`, `换成4张呢`,
//! `how about h100 then`) when the chat has no last reading (none yet, expired, or the bot
//! restarted): it changes something in a question the bot does not have, so it is asked back
//! with what the words alone ask, never answered as the card's specs or the platform's facts
//! as if that were the question. With a last reading, [`super::follow_on`] applies it.

use super::Reading;
use super::request::Request;

/// How a follow-up starts (English), after the text is made plain.
const EN_STARTS: &[&str] = &[
    "what about",
    "how about",
    "and what about",
    "and how about",
    "and on ",
    "and for ",
    "and with ",
    "what if",
    "same for",
    "same on",
    "same with",
    "same but",
    "same question",
    "instead",
    "that one",
    "the same ",
    "same thing",
    "and in ",
    "and with ",
    "and at ",
    "ditto",
];

/// How a follow-up starts (Chinese): a change (`换成`, `改成`) or a condition (`如果是`).
const ZH_STARTS: &[&str] = &[
    "换成",
    "改成",
    "换到",
    "换",
    "如果是",
    "要是",
    "那如果",
    "那要是",
    "那换",
    "那改",
    "同样",
    "同上",
    "还是那个",
    "还是刚才",
    "刚才那个",
    "上面那个",
    "一样的",
];

/// Whether `norm` (the plain text) is shaped like a follow-up.
pub(super) fn is_follow_up(norm: &str) -> bool {
    let t = norm.trim().trim_end_matches(['?', '.', '!', ' ']).trim();
    let en = EN_STARTS.iter().any(|w| t.starts_with(w))
        || t.ends_with(" instead")
        || t.ends_with(" then");
    // `如果是你，…你会租哪张卡`: the bot asked in the second person, no condition on a last ask.
    let you = ["如果是你", "要是你", "如果我是你", "要是我是你"]
        .iter()
        .any(|w| t.starts_with(w));
    let zh = t.ends_with('呢')
        || t.ends_with("呢 ")
        || (!you && ZH_STARTS.iter().any(|w| t.starts_with(w)));
    (en || zh) && !super::rented_use::said(t)
}

/// What the words alone read as, when they are a follow-up's fragment (a card, a platform, a
/// model without its card, or nothing): asked back (a tap to confirm), never run as the
/// answer. A follow-up that is a whole question of its own (`那4090跑qwen2.5-7b呢`) is read.
/// A message whose earlier clause already asks (`H20是多少显存的卡，带宽呢`) carries its own
/// question: its closing `呢` adds to it, and the reading is answered, not tapped to confirm.
pub(super) fn asked_back(text: &str, norm: &str, plain: Reading) -> Reading {
    if !is_follow_up(norm) || asks_before(text) {
        return plain;
    }
    match plain {
        Reading::Command(r) if fragment(&r) => Reading::Ask(vec![r]),
        other => other,
    }
}

/// Words that make a clause a question of its own.
const QUESTION_CUES: &[&str] = &[
    "吗",
    "多少",
    "多大",
    "多久",
    "多贵",
    "几",
    "什么",
    "怎么",
    "哪",
    "是不是",
    "能不能",
    "够不够",
    "有没有",
    "是否",
    "?",
    "？",
    "how ",
    "what ",
    "which ",
    "is it",
    "can ",
    "does ",
];

/// Whether a clause before the message's last one asks a question of its own. A closing
/// `…呢` clause may follow with only a space (`a40 显存多大 带宽呢`): another spec of the card
/// the first clause asked about, no follow-up to a last answer.
fn asks_before(text: &str) -> bool {
    let t = text
        .trim()
        .trim_end_matches(['?', '？', '.', '。', '!', '！', ' ']);
    let breaks: &[char] = if t.ends_with('呢') {
        &['，', ',', '；', ';', '。', ' ']
    } else {
        &['，', ',', '；', ';', '。']
    };
    t.rfind(breaks).is_some_and(|k| {
        QUESTION_CUES
            .iter()
            .any(|c| t[..k].to_lowercase().contains(c))
    })
}

/// A reading built from one kind of word alone: a card's specs, a platform's facts, a model's
/// fit on no card.
pub(super) fn fragment(r: &Request) -> bool {
    match r {
        Request::Gpu(_) | Request::Platform(_) => true,
        Request::Fit(f) => f.gpu.is_none(),
        _ => false,
    }
}

/// A follow-up's own lines to offer (none when its words alone read as nothing), or `None`
/// when the message is no follow-up or a whole question of its own.
pub(super) fn fragment_lines(catalog: &crate::catalog::Catalog, norm: &str) -> Option<Vec<String>> {
    if !is_follow_up(norm) {
        return None;
    }
    match super::read_normalized(catalog, norm.to_string(), true).0 {
        Reading::Unknown => Some(Vec::new()),
        Reading::Command(r) if fragment(&r) => Some(vec![r.line()]),
        Reading::Ask(rs) if rs.iter().all(fragment) => Some(rs.iter().map(Request::line).collect()),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn follow_up_shapes() {
        for s in [
            "那a100呢",
            "runpod呢",
            "what about on runpod",
            "how about h100 then",
            "换成4张呢",
            "如果是autodl",
            "same for a100?",
            "a100 instead",
        ] {
            assert!(is_follow_up(s), "{s}");
        }
        for s in [
            "4090多少钱",
            "a100 specs",
            "那个 4090 多少钱一小时",
            "how much is an h100",
        ] {
            assert!(!is_follow_up(s), "{s}");
        }
    }
}
