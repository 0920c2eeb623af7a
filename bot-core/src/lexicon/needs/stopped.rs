//! A stopped machine said (`关机`, `stopping the machine`) and its bill asked: the stopped-billing
//! need's words, apart from `needs.rs` for its length.

/// A machine stopped (`关机`, `stopped`), said in a question about what it keeps costing.
pub const STOPPED_WORDS: &[&str] = &[
    "关机",
    "停机",
    "关掉",
    "关了",
    "stopped",
    "stop it",
    "shut down",
    "shutdown",
    "powered off",
    "turned off",
    // The English verb inside a Chinese sentence, with the particle or time word that makes it
    // the state (`stop了不收费`, `stop之后还扣钱吗`, `stop掉`); `stop` alone also stops alerts.
    "stop了",
    "stop 了",
    "stop掉",
    "stop 掉",
    "stop后",
    "stop 后",
    "stop之后",
    "stop 之后",
    "stop以后",
    "stop 以后",
];

/// Verbs of stopping said of a machine (`stopping the machine`, `stop the pod`).
const STOP_VERBS: &[&str] = &["stopping", "stopped", "stops", "stop"];
/// What may stand between the verb and the machine.
const STOP_ARTICLES: &[&str] = &["the ", "a ", "an ", "my ", "your ", "our ", "their "];
/// The machine stopped (`instance`, `pod`, `box`).
const MACHINE_NOUNS: &[&str] = &[
    "machine",
    "instance",
    "pod",
    "server",
    "box",
    "vm",
    "container",
    "gpu",
    "node",
];

/// Where a stopped machine is said: a word of [`STOPPED_WORDS`], or a verb of stopping with the
/// machine as its object (`stopping the machine stops the bill`, `when you stop the pod`), the
/// clause people write where the state has no word of its own.
pub fn stopped_said(text: &str) -> Option<usize> {
    let word = STOPPED_WORDS.iter().filter_map(|w| text.find(w)).min();
    let clause = STOP_VERBS
        .iter()
        .flat_map(|v| text.match_indices(v))
        .filter(|(at, v)| {
            let starts = text[..*at]
                .chars()
                .next_back()
                .is_none_or(|c| !c.is_ascii_alphanumeric());
            let rest = text[at + v.len()..].strip_prefix(' ').unwrap_or("");
            let rest = STOP_ARTICLES
                .iter()
                .find_map(|a| rest.strip_prefix(a))
                .unwrap_or(rest);
            let noun = MACHINE_NOUNS.iter().find_map(|n| rest.strip_prefix(n));
            starts
                && noun
                    .is_some_and(|r| !r.starts_with(|c: char| c.is_ascii_alphabetic() && c != 's'))
        })
        .map(|(at, _)| at)
        .min();
    word.into_iter()
        .chain(clause)
        .chain(machine_off(text))
        .min()
}

/// The state said after the machine (`while the instance is off`, `when my pods are off`): a
/// machine's noun, then `is off` or `are off`.
fn machine_off(text: &str) -> Option<usize> {
    const OFF: &[&str] = &[" is off", " are off", "'s off", " goes off"];
    MACHINE_NOUNS
        .iter()
        .flat_map(|n| text.match_indices(n))
        .filter(|(at, n)| {
            let starts = text[..*at]
                .chars()
                .next_back()
                .is_none_or(|c| !c.is_ascii_alphanumeric());
            let rest = &text[at + n.len()..];
            let rest = rest.strip_prefix('s').unwrap_or(rest);
            starts && OFF.iter().any(|o| rest.starts_with(o))
        })
        .map(|(at, _)| at)
        .min()
}

/// Billing said of a stopped machine (`还收费吗`, `不扣钱`, `stop charging`, `costs nothing`).
pub const STOPPED_BILLED_WORDS: &[&str] = &[
    "收费",
    "收钱",
    "算钱",
    "扣钱",
    "扣费",
    "计费",
    "不扣",
    "charge",
    "charging",
    "billed",
    "bill ",
    "billing",
    "pay for",
    "cost anything",
    "costs anything",
    "cost nothing",
    "costs nothing",
    // `关机 free 的平台`, `关机后免费吗`: billed nothing, said in one word.
    "free",
    "免费",
];

/// Where a sentence asks what a stopped machine keeps costing (`哪些平台关机不收费`, `which
/// clouds stop charging when the machine is stopped`): the place of its stopped word, when a
/// billing word is said too. Either way round it asks the same rule, so it is the
/// [`super::Need::StoppedFree`] filter, the platforms known to bill nothing while stopped.
pub fn stopped_billing_asked(text: &str) -> Option<usize> {
    let at = stopped_said(text)?;
    STOPPED_BILLED_WORDS
        .iter()
        .any(|w| text.contains(w))
        .then_some(at)
}

#[cfg(test)]
mod tests {
    use super::{stopped_billing_asked, stopped_said};

    #[test]
    fn a_machine_said_off_is_stopped() {
        let t = "which platforms don't charge you while the instance is off";
        assert!(stopped_billing_asked(t).is_some());
        assert!(stopped_said("when my pods are off, do i pay").is_some());
        // Off said of something else, or a machine that is down, is no stopped machine.
        assert_eq!(stopped_said("is 20% off the h100 price"), None);
        assert_eq!(stopped_said("the server is down again"), None);
        assert_eq!(stopped_said("a podcast is off topic"), None);
    }
}
