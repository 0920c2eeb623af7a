//! Words of haste and courtesy that carry no meaning of their own (`第一时间`, `马上`, `立刻`,
//! `请`, `right away`): said between a condition and the word to tell (`有了第一时间通知`,
//! `有卡了麻烦马上告诉我`), they put no distance between the two. A window measured in
//! characters counted them; measured past them, the tell word is as near as if they were not
//! said.

/// Haste and courtesy, between an event and the word to tell.
pub const HASTE_WORDS: &[&str] = &[
    "第一时间",
    "马上",
    "立刻",
    "立即",
    "立马",
    "赶紧",
    "赶快",
    "尽快",
    "及时",
    "请",
    "麻烦",
    "就",
    "right away",
    "straight away",
    "immediately",
    "asap",
];

/// The text after `at` with the haste words and spaces at its start passed over.
fn past_haste(rest: &str) -> &str {
    let mut rest = rest.trim_start();
    while let Some(w) = HASTE_WORDS.iter().find(|w| rest.starts_with(**w)) {
        rest = rest[w.len()..].trim_start();
    }
    rest
}

/// Whether one of `first` is followed by one of `then` within `gap` characters, the haste
/// words between them not counted ([`crate::lexicon::followed`] counts every character).
pub fn followed_past_haste(text: &str, first: &[&str], then: &[&str], gap: usize) -> bool {
    super::place::followed_skipping(text, first, then, gap, past_haste)
}

#[cfg(test)]
mod tests {
    use super::followed_past_haste;

    #[test]
    fn haste_puts_no_distance_between_an_event_and_its_tell_word() {
        let tell = &["通知", "告诉"];
        assert!(followed_past_haste(
            " 有了第一时间通知 ",
            &["有了"],
            tell,
            2
        ));
        assert!(followed_past_haste(
            " 有了 请马上告诉我 ",
            &["有了"],
            tell,
            2
        ));
        // Words of meaning between them keep them apart (`有了4090，告诉我能跑什么`).
        assert!(!followed_past_haste(
            " 我有了4090 马上告诉我能跑什么 ",
            &["有了"],
            tell,
            2
        ));
        assert!(!followed_past_haste(
            " 有了之后再说，到时候通知 ",
            &["有了"],
            tell,
            2
        ));
    }
}
