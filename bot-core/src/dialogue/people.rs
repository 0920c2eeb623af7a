//! How many people a service is for (`给20个人用`, `chatbot for 50 users`): kept and said
//! back, and set beside the conversations-at-once question, which it does not answer (twenty
//! users are rarely twenty conversations at once), so that step still asks.

/// Words after a count that make it people.
const PEOPLE: &[&str] = &[
    "个人",
    "人",
    "位",
    "名",
    "个用户",
    "用户",
    " users",
    " user",
    " people",
    " persons",
    "users",
    " employees",
    " students",
    " customers",
];

/// The number of people said in `text`, if any.
pub(super) fn users_in(text: &str) -> Option<u32> {
    let t = crate::understand::normalize(text).to_lowercase();
    crate::understand::numerals::digit_runs(&t)
        .filter(|&(_, end)| PEOPLE.iter().any(|w| t[end..].starts_with(w)))
        .filter_map(|(start, end)| t[start..end].parse::<u32>().ok())
        .find(|n| (2..=1_000_000).contains(n))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn people_counts() {
        assert_eq!(users_in("给20个人用的qwen2.5 14b问答服务"), Some(20));
        assert_eq!(users_in("chatbot for 50 users with llama 3.1 8b"), Some(50));
        assert_eq!(users_in("团队10人用"), Some(10));
        for t in ["qwen2.5 7b 3小时", "2张4090", "8 cards", "一个人用"] {
            assert_eq!(users_in(t), None, "{t}");
        }
    }
}
