//! A service put up for others (`做个embedding服务`, `a small chatbot service`, `翻译接口`,
//! `a rerank api`): the nouns that make a job a service, for every reader that asks what a
//! service needs. Matched on the normalized, padded text: an English noun as a word of its own,
//! a Chinese one anywhere.

/// Nouns of a service (what is served, or how it is reached).
pub const SERVICE_NOUNS: &[&str] = &[
    "服务",
    "接口",
    "机器人",
    "知识库",
    "后端",
    "service",
    "api",
    "endpoint",
    "backend",
    "chatbot",
    "bot",
    "server",
];

/// Whether a padded lower-case text says a service's noun ([`SERVICE_NOUNS`]).
pub fn service_said(padded: &str) -> bool {
    SERVICE_NOUNS.iter().any(|n| {
        if !n.is_ascii() {
            return padded.contains(n);
        }
        padded.match_indices(n).any(|(at, _)| {
            let end = at + n.len();
            !padded[..at].ends_with(|c: char| c.is_ascii_alphanumeric())
                && !padded[end..]
                    .trim_start_matches('s')
                    .starts_with(|c: char| c.is_ascii_alphanumeric())
        })
    })
}

#[cfg(test)]
mod tests {
    use super::service_said;

    #[test]
    fn a_service_noun_as_a_word() {
        assert!(service_said(" 做个embedding服务 "));
        assert!(service_said(" cheapest gpu for a small chatbot service? "));
        assert!(service_said(" a rerank api "));
        assert!(!service_said(" rapid prototyping "));
        assert!(!service_said(" robot arm "));
    }
}
