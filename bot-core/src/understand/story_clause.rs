//! A story told before the ask, and the ask after it (helper und_ed, issue 26; corpus103's
//! header: a story's bill, card and platform stay out of the line):
//! - a past bill (`last month my vast Bill was $212 … What would an a100 on vast cost me for 10
//!   Hours?`, `上个月账单 ¥180，这次…多少钱`) beside a price asked anew is story: the ask is no
//!   trial to record (the bill's amount had been the trial's cost, a wrong figure);
//! - a card the story moves away from (`4090 太难抢了，5090 有货了通知我`): the clauses after it
//!   are the ask, read alone where they name a card of their own;
//! - a card the asker holds beside a card asked how much stronger it is (`我手上有张 2080ti，想知道
//!   5070ti 强多少`): both, side by side (the held card had been dropped as context);
//! - a sum asked in another currency after a story (`runpod 充值最低好像 10 刀起，100 美元等于多少
//!   人民币`, `…账单, 说是 $45, …换成人民币多少`): the conversion, read from its own clauses.

use super::Reading;
use super::request::Request;
use crate::catalog::Catalog;
use crate::commands::gpu::GpuArgs;

/// Words that ask a price anew: a run to come (`what would … cost`, `这次…多少钱`), never the
/// effective rate of the run already paid (`相当于每小时多少钱`).
const ASKED_ANEW: &[&str] = &[
    "what would",
    "how much would",
    "would it cost",
    "would cost",
    "will it cost",
    "how much will",
    "going to cost",
    "gonna cost",
    "这次",
    "这回",
    "要多少钱",
    "需要多少钱",
    "得多少钱",
];

/// Whether a price is asked anew beside a sum paid (the sum then the story's).
pub(super) fn asks_anew(padded: &str) -> bool {
    ASKED_ANEW.iter().any(|w| padded.contains(w))
}

/// Words of a card hard to get or to pay for, that a story moves away from.
const MOVED_AWAY: &[&str] = &[
    "太难抢",
    "难抢",
    "抢不到",
    "租不到",
    "一直没货",
    "太贵了",
    "always sold out",
    "never in stock",
    "can't get",
    "cant get",
    "hard to get",
    "too expensive",
];

/// Words that ask a sum in another currency.
const CONVERTED: &[&str] = &[
    "等于多少",
    "换成",
    "折合",
    "合多少",
    "是多少人民币",
    "多少人民币",
    "多少美元",
    "in yuan",
    "in rmb",
    "in cny",
    "in usd",
    "to cny",
    "to rmb",
    "to usd",
    "how many yuan",
    "how many dollars",
];

/// Where a clause ends.
const ENDS: &[char] = &['，', ',', '。', '；', ';', '!', '！'];

/// The ask after a story, read alone, where the story's card or words had decided another
/// reading; `read` reads a text whole.
pub(super) fn ask_after_story(
    catalog: &Catalog,
    text: &str,
    whole: &Reading,
    read: impl Fn(&str) -> Reading,
) -> Option<Reading> {
    let lower = text.to_lowercase();
    if lower.len() != text.len() {
        return None;
    }
    let clauses: Vec<usize> = lower
        .match_indices(ENDS)
        .map(|(k, m)| k + m.len())
        .collect();
    // A sum converted: its clause, with the one before where it says no figure.
    if !matches!(whole, Reading::Command(Request::Convert(_))) {
        if let Some(at) = CONVERTED.iter().filter_map(|c| lower.rfind(c)).max() {
            let starts: Vec<usize> = clauses.iter().copied().filter(|&k| k <= at).collect();
            for from in starts.iter().rev().take(2) {
                if let r @ Reading::Command(Request::Convert(_)) = read(&text[*from..]) {
                    return Some(r);
                }
            }
        }
    }
    // A card moved away from: the clauses after its story, naming a card of their own.
    let story = MOVED_AWAY.iter().filter_map(|w| lower.find(w)).min()?;
    let from = clauses.iter().copied().find(|&k| k > story)?;
    let rest = &text[from..];
    let r = read(rest);
    let line = r.lines().into_iter().next()?;
    let names_card = catalog
        .gpus
        .iter()
        .any(|g| line.split_whitespace().any(|w| w == g.id));
    (names_card && matches!(r, Reading::Command(_)) && r != *whole).then_some(r)
}

/// Words before a card the asker holds.
const HELD: &[&str] = &[
    "手上有张",
    "手上有一张",
    "手里有张",
    "手里有一张",
    "我有张",
    "我有一张",
    "i own a ",
    "i have a ",
    "i've got a ",
    "my card is a ",
];

/// Words asking how much stronger one card is than another.
const STRONGER: &[&str] = &[
    "强多少",
    "快多少",
    "提升多少",
    "强几倍",
    "快几倍",
    "how much faster",
    "how much stronger",
    "how much better",
];

/// A card held beside one asked how much stronger: both, the held card first.
pub(super) fn held_weighed(catalog: &Catalog, text: &str, whole: &Reading) -> Option<Reading> {
    let Reading::Command(Request::Gpu(asked)) = whole else {
        return None;
    };
    let lower = text.to_lowercase();
    if asked.gpus.len() != 1
        || lower.len() != text.len()
        || !STRONGER.iter().any(|w| lower.contains(w))
    {
        return None;
    }
    let (at, len) = HELD
        .iter()
        .filter_map(|h| lower.find(h).map(|k| (k, h.len())))
        .min()?;
    let name: String = text[at + len..]
        .trim_start()
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, ' ' | '-'))
        .collect();
    let words: Vec<&str> = name.split_whitespace().collect();
    // The longest run of words the catalog knows as a card (`4070 ti super` before `4070`).
    let held = (1..=words.len().min(3))
        .rev()
        .find_map(|n| catalog.gpu(&words[..n].join(" ")).ok())?;
    (held.id != asked.gpus[0]).then(|| {
        Reading::Command(Request::Gpu(GpuArgs {
            gpus: vec![held.id.clone(), asked.gpus[0].clone()],
        }))
    })
}
