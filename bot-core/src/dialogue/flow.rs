//! What the `/pick` steps share, below the machine (`step`), the answers it reads (`answers`)
//! and the facts it keeps (`listen`): the outcome of one answer, the order of the steps, and
//! the small readings every step uses. Kept apart so those three never import each other
//! around a circle.

use super::state::{PickState, Step, TaskKind};
use crate::reply::{Msg, Reply};
use crate::vram;

/// An answer the current step cannot take.
#[derive(Debug)]
pub(super) struct Invalid;

// One answer per message, matched on by value: boxing the state would buy nothing.
#[allow(clippy::large_enum_variant)]
pub(super) enum Answer {
    Next(PickState),
    /// A well-formed answer that would lead the user wrong (a card that cannot hold the job):
    /// the reason, and nothing changes.
    Refused(Reply),
    Done,
}

pub(super) fn next_step(s: &PickState) -> Step {
    match s.step {
        Step::Task => Step::Model,
        Step::Model => Step::Method,
        Step::Method => Step::Context,
        // A service is sized for the conversations it serves at once.
        Step::Context if s.task == Some(TaskKind::Serve) => Step::Concurrency,
        Step::Context | Step::Concurrency => Step::Usage,
        Step::Usage => Step::Card,
        Step::Card => Step::Barriers,
        Step::Barriers => Step::Result,
        Step::Result | Step::Trial => Step::Trial,
    }
}

/// Where `s` stands: its step's number and how many steps this dialogue has. Each step has
/// its own number (the model and the method are not both "step 2"); a service has one step
/// more (the conversations it serves at once). A step answered by a sentence keeps its
/// number, so the count jumps past it.
pub(super) fn step_number(s: &PickState) -> (u32, u32) {
    let serve = s.task == Some(TaskKind::Serve);
    let order: &[Step] = if serve {
        &[
            Step::Task,
            Step::Model,
            Step::Method,
            Step::Context,
            Step::Concurrency,
            Step::Usage,
            Step::Card,
            Step::Barriers,
            Step::Result,
            Step::Trial,
        ]
    } else {
        &[
            Step::Task,
            Step::Model,
            Step::Method,
            Step::Context,
            Step::Usage,
            Step::Card,
            Step::Barriers,
            Step::Result,
            Step::Trial,
        ]
    };
    let n = order.iter().position(|x| *x == s.step).unwrap_or(0) + 1;
    (n as u32, order.len() as u32)
}

/// The "Step N of M" line for `s`.
pub(super) fn step_header(s: &PickState) -> Msg {
    let (n, total) = step_number(s);
    Msg::new("pick-step").arg("n", n).arg("total", total)
}

pub(super) fn advanced(mut s: PickState) -> PickState {
    s.step = next_step(&s);
    // Steps the step-1 sentence answered are not asked again.
    while s.skip.contains(&s.step) {
        s.step = next_step(&s);
    }
    s
}

/// A count written in digits that the catalog knows as a card (`4090`, `3090`): the card,
/// never a context length or another step's number unless a word says so (`4090 tokens`).
pub(super) fn card_number(catalog: &crate::catalog::Catalog, count: &str) -> bool {
    count.bytes().all(|b| b.is_ascii_digit()) && catalog.find_gpu(count).is_some()
}

/// The first number in a message with its suffix: `大概2000个token` → `2000`, `2k吧` → `2k`.
pub(super) fn first_count(text: &str) -> Option<String> {
    let start = text.find(|c: char| c.is_ascii_digit())?;
    let rest = &text[start..];
    let end = rest
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(rest.len());
    let mut out = rest[..end].to_string();
    if let Some(suffix) = rest[end..]
        .chars()
        .next()
        .filter(|c| matches!(c, 'k' | 'm' | '万'))
    {
        out.push(suffix);
    }
    Some(out)
}

/// Whether a message speaks of money (a budget word, a currency mark or word): its count is
/// never a context length (`预算 2k吧`).
pub(super) fn says_money(norm: &str) -> bool {
    [
        "预算", "budget", "块", "元", "刀", "$", "¥", "rmb", "usd", "cny", "dollar", "bucks",
        "yuan", "€", "£", "euro",
    ]
    .iter()
    .any(|w| norm.contains(w))
}

/// Chinese numerals of hundreds and thousands said alone as digits (`最多两百` → `最多200`,
/// `一千五` → `1500`, `两百五` → `250`), which the reader keeps for numerals before a counter.
pub(super) fn hundreds(t: &str) -> String {
    const NUM: &str = "零一二两三四五六七八九十百千";
    let mut out = String::new();
    let mut run = String::new();
    let flush = |run: &mut String, out: &mut String| {
        // `2千` is the reader's (a digit before it): only a run that starts with a numeral.
        let starts = run.chars().next().is_some_and(|c| !"十百千".contains(c));
        match (starts && run.contains(['百', '千']), zh_value(run)) {
            (true, Some(v)) => out.push_str(&v.to_string()),
            _ => out.push_str(run),
        }
        run.clear();
    };
    for c in t.chars() {
        if NUM.contains(c) {
            run.push(c);
        } else {
            flush(&mut run, &mut out);
            out.push(c);
        }
    }
    flush(&mut run, &mut out);
    out
}

/// The value of a numeral (the reader's one numeral reader: `两百五` 250).
fn zh_value(run: &str) -> Option<u64> {
    let run: Vec<char> = run.chars().collect();
    crate::understand::numerals::value_of(&run).filter(|v| *v > 0)
}

/// A message read for a context length: normalized, numerals of thousands in digits and `千`
/// as `k` (`八千` → `8k`, as the lexicon reads a length).
pub(super) fn context_text(text: &str) -> String {
    crate::lexicon::thousands_as_k(&hundreds(&crate::understand::normalize(text)), true)
}

/// Words that name a context length beside its count.
pub(super) const CONTEXT_WORDS: [&str; 5] = ["token", "上下文", "context", "ctx", "序列"];

/// The count written right before or after one of `names` (`8k context`, `上下文 32k`,
/// `4096个token`).
pub(super) fn named_count(norm: &str, names: &[&str]) -> Option<String> {
    let starts = norm.char_indices().filter(|(i, c)| {
        c.is_ascii_digit() && !norm[..*i].ends_with(|p: char| p.is_ascii_alphanumeric() || p == '.')
    });
    starts.map(|(i, _)| i).find_map(|i| {
        let count = first_count(&norm[i..])?;
        let after = norm[i + count.len()..]
            .trim_start()
            .trim_start_matches(['个', '的'])
            .trim_start();
        let before = norm[..i]
            .trim_end()
            .trim_end_matches([':', '=', '是'])
            .trim_end();
        // `预算500 上下文8k`: the amount beside the budget word is money, never the count.
        let money = ["预算", "budget", "$", "¥"]
            .iter()
            .any(|w| before.ends_with(w))
            || ["块", "元", "刀", "rmb", "usd", "yuan", "dollar", "bucks"]
                .iter()
                .any(|w| after.starts_with(w));
        (!money
            && names
                .iter()
                .any(|w| after.starts_with(w) || before.ends_with(w)))
        .then_some(count)
    })
}

/// Whether a quantization read from a sentence is one the method step offers.
pub(super) fn methods_known(q: &str) -> bool {
    q.parse::<vram::Quant>().is_ok()
}

/// "ok", "yes", "next", "好", "继续", `👍`: accept the default / go on.
pub(super) fn is_accept(t: &str) -> bool {
    let t = t.trim().to_lowercase();
    // A yes mark alone (`👍`) or after a word that is one (`ok👌`).
    let word = t.trim_end_matches(|c: char| crate::lexicon::approval_mark(c) || c.is_whitespace());
    if word.is_empty() {
        return !t.is_empty();
    }
    // `done了`, `可以了`, `ok啦`: the particle of a thing settled after the word says no more.
    let settled = word
        .strip_suffix('了')
        .or_else(|| word.strip_suffix('啦'))
        .map(str::trim_end);
    ACCEPT_WORDS.contains(&word) || settled.is_some_and(|w| ACCEPT_WORDS.contains(&w))
}

/// The words [`is_accept`] takes (`dialogue::slip` reads their slips too).
pub(super) const ACCEPT_WORDS: &[&str] = &[
    "ok",
    "okay",
    "yes",
    "y",
    "next",
    "default",
    "go",
    "done",
    "好",
    "好的",
    "好了",
    "行",
    "可以",
    "继续",
    "下一步",
    "默认",
    "是",
    "完成",
    // Done said as having sorted it out (pick_ak's `搞定` at the needs step) or as all there is.
    "搞定",
    "完事",
    "就这些",
    "就这样",
    "all set",
    "that's all",
    "thats all",
    "that's it",
    "thats it",
    "finished",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hundreds_in_words() {
        assert_eq!(hundreds("最多两百"), "最多200");
        assert_eq!(hundreds("一千五块"), "1500块");
        assert_eq!(hundreds("两百五"), "250");
        assert_eq!(hundreds("三百二十"), "320");
        assert_eq!(hundreds("一个月"), "一个月");
        assert_eq!(hundreds("十二"), "十二");
        assert_eq!(hundreds("百百"), "百百");
        assert_eq!(hundreds("2千"), "2千");
    }

    #[test]
    fn money_beside_a_context_word_is_not_its_count() {
        let n = |t: &str| named_count(t, &CONTEXT_WORDS);
        assert_eq!(n("预算500 上下文8k").as_deref(), Some("8k"));
        assert_eq!(n("budget 300 context 16k").as_deref(), Some("16k"));
        assert_eq!(n("300块 上下文4096").as_deref(), Some("4096"));
        assert_eq!(n("8k上下文 预算50").as_deref(), Some("8k"));
    }

    #[test]
    fn thousands_in_words_are_counts() {
        // The hedge is dropped once, by the lexicon's table (und_by).
        assert_eq!(context_text("上下文大概八千"), "上下文8k");
        assert_eq!(
            first_count(&context_text("两千个token")).as_deref(),
            Some("2k")
        );
    }
}
