//! A length said of another thing than the job (issue 26 §4, helper und_ec): `I have thesis
//! deadline in 10 days`, `the school cluster queue is two weeks long`, `论文还有10天截止` had
//! been one run of 240 h / 336 h, billed. The clause that names a deadline or a wait
//! ([`lexicon::other_time_at`]) is taken out of the line from that noun on, and before it too
//! where no job is said there (`train for 5 hours before the deadline` keeps its 5 hours), so
//! no step reader takes the other thing's time for the job's; the usage step still asks.

use crate::lexicon;

/// Whether a clause is closed by `c` (a '.' only before a space or the end: `qwen2.5` stays).
fn closes(c: char, next: Option<char>) -> bool {
    "，,。；;！!？?\n".contains(c) || (c == '.' && next.is_none_or(char::is_whitespace))
}

/// `text` with each other thing's time blanked; the text unchanged where none is named.
pub(super) fn blanked(text: &str) -> String {
    if lexicon::other_time_at(&text.to_lowercase()).is_none() {
        return text.to_string();
    }
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut clause = String::new();
    for (i, &c) in chars.iter().enumerate() {
        if closes(c, chars.get(i + 1).copied()) {
            out.push_str(&clause_blanked(&clause));
            out.push(c);
            clause.clear();
        } else {
            clause.push(c);
        }
    }
    out.push_str(&clause_blanked(&clause));
    out
}

fn clause_blanked(clause: &str) -> String {
    let lower = clause.to_lowercase();
    // Lower-casing keeps byte offsets for the Latin and CJK text read here.
    if lower.len() != clause.len() {
        return clause.to_string();
    }
    let Some(at) = lexicon::other_time_at(&lower) else {
        return clause.to_string();
    };
    let before = &clause[..at];
    let job_before = super::understand::task_from_sentence(before).is_some()
        || lower[..at]
            .split(|c: char| !c.is_alphanumeric())
            .any(lexicon::is_job_verb)
        || lexicon::JOB_VERBS
            .iter()
            .any(|v| !v.is_ascii() && before.contains(v));
    if job_before {
        format!("{} ", before.trim_end())
    } else {
        " ".to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn another_things_time_is_blanked() {
        let t = blanked("I have thesis deadline in 10 days, need finetune qwen2.5 7b with qlora");
        assert!(
            !t.contains("10 days") && t.contains("qwen2.5 7b with qlora"),
            "{t}"
        );
        let t = blanked(
            "LoRA-tune Qwen2.5 3B. The school cluster queue is two weeks long, so I'm renting.",
        );
        assert!(!t.contains("two weeks") && t.contains("Qwen2.5 3B"), "{t}");
        let t = blanked("论文还有10天截止，想用lora微调qwen2.5 7b");
        assert!(!t.contains("10天") && t.contains("微调qwen2.5 7b"), "{t}");
        // The job's own length beside it stays.
        let t = blanked("train for 5 hours before the deadline in 3 days");
        assert!(t.contains("5 hours") && !t.contains("3 days"), "{t}");
        let t = blanked("lora微调qwen2.5 7b跑5个小时，ddl还有两周");
        assert!(t.contains("5个小时") && !t.contains("两周"), "{t}");
        // No other thing named: unchanged.
        assert_eq!(blanked("跑3天，qwen2.5 7b"), "跑3天，qwen2.5 7b");
    }
}
