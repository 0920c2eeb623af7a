//! Things whose time is not the job's (issue 26 §4, helper und_ec): a deadline
//! ([`super::DEADLINE_WORDS`]) and a wait elsewhere (`the school queue is two weeks long`,
//! `集群排队要两周`). A length said of them says when the job must end or why the person rents,
//! never how long the job runs (`deadline in 10 days` had been a run of 240 h).

/// Nouns of a wait or a hand-in whose time is not the job's, beside the deadline words.
pub const OTHER_TIME_NOUNS: &[&str] = &[
    "queue",
    "waitlist",
    "waiting list",
    "wait time",
    "排队",
    "排期",
    "截稿",
    "交论文",
    "交稿",
    "答辩",
];

/// The byte offset of the first noun of another thing's time in `lower` (lower-cased): a Latin
/// noun as a whole word, never `due to` (a cause, no deadline).
pub fn other_time_at(lower: &str) -> Option<usize> {
    super::DEADLINE_WORDS
        .iter()
        .chain(OTHER_TIME_NOUNS)
        .filter_map(|w| {
            let mut from = 0;
            while let Some(f) = lower.get(from..)?.find(w) {
                let at = from + f;
                let end = at + w.len();
                let apart = |c: Option<char>| !c.is_some_and(|c| c.is_ascii_alphanumeric());
                let whole = !w.is_ascii()
                    || (apart(lower[..at].chars().next_back())
                        && apart(lower[end..].chars().next()));
                if whole && !(*w == "due" && lower[end..].trim_start().starts_with("to ")) {
                    return Some(at);
                }
                from = end;
            }
            None
        })
        .min()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nouns_of_another_things_time() {
        assert_eq!(other_time_at("thesis deadline in 10 days"), Some(7));
        assert_eq!(other_time_at("the queue is two weeks long"), Some(4));
        assert!(other_time_at("集群排队要两周").is_some());
        assert!(other_time_at("ddl还有一周").is_some());
        // A cause, and a word that holds a noun's letters, are none.
        assert_eq!(other_time_at("due to budget, 2 hours"), None);
        assert_eq!(other_time_at("queued jobs"), None);
        assert_eq!(other_time_at("lora 3 hours"), None);
    }
}
