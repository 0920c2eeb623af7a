//! `runpod 4090 跑3 多少钱`: a bare number after a run verb is a job length said without its
//! unit. Dropping it bills the default hour, a confident wrong bill; the lengths it may mean
//! are asked back instead.

/// Verbs after which a number is the job's length.
const RUN_VERBS: &[&str] = &["跑", "用", "租", "run ", "rent "];

/// What may follow the bare number: the price asked, or nothing.
const ASK_AFTER: &[&str] = &[
    "多少",
    "要多少",
    "得多少",
    "大概",
    "的话",
    "一共",
    "总共",
    "价格",
    "费用",
    "花",
    "how much",
    "what",
    "cost",
    "price",
    "?",
    "？",
];

/// The byte offset just after a bare number said after a run verb (`跑3 多少钱` → after `3`).
/// A card's number (`跑4090`) is no length: numbers of four digits or more are left alone.
pub(super) fn bare_run_number(norm: &str) -> Option<usize> {
    for verb in RUN_VERBS {
        for (at, _) in norm.match_indices(verb) {
            let rest = &norm[at + verb.len()..];
            let lead = rest.len() - rest.trim_start().len();
            let digits = rest[lead..]
                .find(|c: char| !(c.is_ascii_digit() || c == '.'))
                .unwrap_or(rest.len() - lead);
            let number = &rest[lead..lead + digits];
            if number.is_empty() || number.len() > 3 || number.parse::<f64>().is_err() {
                continue;
            }
            let after = rest[lead + digits..].trim_start();
            if after.is_empty() || ASK_AFTER.iter().any(|w| after.starts_with(w)) {
                return Some(at + verb.len() + lead + digits);
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bare_number_after_a_run_verb_is_found() {
        assert_eq!(
            bare_run_number("runpod 4090 跑3 多少钱"),
            Some("runpod 4090 跑3".len())
        );
        assert!(bare_run_number("run 5 on vast, how much").is_none());
        assert!(bare_run_number("4090 run 5 how much").is_some());
        assert!(bare_run_number("租 12").is_some());
    }

    #[test]
    fn a_number_with_its_unit_or_a_card_is_not() {
        assert!(bare_run_number("跑3小时 多少钱").is_none());
        assert!(bare_run_number("跑4090 多少钱").is_none());
        assert!(bare_run_number("跑3张卡 多少钱").is_none());
        assert!(bare_run_number("跑qwen 7b 多少钱").is_none());
    }
}
