//! A daily volume said per user beside a number of users (`each user does 50k tokens/day,
//! 200 users`, `每人5万token 用户200个`): the day's volume is their product. It had been read
//! as the whole day's volume, 200 times too small, and the rent-vs-API verdict with it.

use super::Reading;
use super::request::Request;

/// Words that make a volume one user's.
const EACH: &[&str] = &[
    "each user",
    "users each",
    "people each",
    "each doing",
    "each does",
    "each sends",
    "each uses",
    "each using",
    "per user",
    "every user",
    "a user",
    "per person",
    "each person",
    "per head",
    "每人",
    "每个人",
    "每个用户",
    "每位用户",
    "每用户",
    "人均",
];
/// Words after (or before, in Chinese) a number that make it a count of users.
const USERS_AFTER: &[&str] = &[
    "users",
    "people",
    "customers",
    "个用户",
    "位用户",
    "名用户",
    "用户",
    "个人",
    "人",
];
const USERS_BEFORE: &[&str] = &["用户", "users:", "用户数"];

/// The number of users said: `200 users`, `200个用户`, `用户200个`, `200人`.
fn users(padded: &str) -> Option<f64> {
    let words: Vec<&str> = padded.split_whitespace().collect();
    words.iter().enumerate().find_map(|(k, w)| {
        let end = w.find(|c: char| !c.is_ascii_digit()).unwrap_or(w.len());
        if end == 0 {
            // `用户200个`: the count glued after its word.
            let digits_at = w.find(|c: char| c.is_ascii_digit())?;
            let (before, rest) = w.split_at(digits_at);
            let n_end = rest
                .find(|c: char| !c.is_ascii_digit())
                .unwrap_or(rest.len());
            let n: f64 = rest[..n_end].parse().ok()?;
            return USERS_BEFORE
                .iter()
                .any(|u| before.ends_with(u))
                .then_some(n);
        }
        let n: f64 = w[..end].parse().ok()?;
        let rest = if end < w.len() {
            w[end..].to_string()
        } else {
            words.get(k + 1).copied().unwrap_or("").to_string()
        };
        USERS_AFTER
            .iter()
            .any(|u| rest.starts_with(u) && !rest.starts_with("人民币"))
            .then_some(n)
    })
}

/// `r` with a per-user volume multiplied by the users said, on a rent-vs-API reading.
pub(super) fn with_users(padded: &str, r: Reading) -> Reading {
    let Reading::Command(Request::Tco(mut a)) = r else {
        return r;
    };
    let (Some(tokens), true) = (a.tokens, EACH.iter().any(|w| padded.contains(w))) else {
        return Reading::Command(Request::Tco(a));
    };
    if let Some(n) = users(padded).filter(|n| (2.0..=10_000_000.0).contains(n)) {
        a.tokens = Some(tokens * n);
    }
    Reading::Command(Request::Tco(a))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn users_as_said() {
        assert_eq!(users(" 50k tokens a day each, 200 users "), Some(200.0));
        assert_eq!(users(" 每天用户200个 每人5万token "), Some(200.0));
        assert_eq!(users(" 给 30 个人用 "), Some(30.0));
        assert_eq!(users(" qwen3-14b awq 4090 "), None);
        assert_eq!(users(" 200人民币 "), None);
    }
}
