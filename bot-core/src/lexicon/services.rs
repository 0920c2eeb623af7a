//! A service put up for others (`做个embedding服务`, `a small chatbot service`, `翻译接口`,
//! `a rerank api`): the nouns that make a job a service, for every reader that asks what a
//! service needs. Matched on the normalized, padded text: an English noun as a word of its own,
//! a Chinese one anywhere.

/// What a service noun names: readers differ in which they take (issue 26: one noun table, each
/// reader adding its own verbs or outcomes beside it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ServiceKind {
    /// A conversation served to people (`chatbot`, `客服`): a product with users by itself.
    Chat,
    /// Something else served for a while (`服务`, `知识库`, `assistant`).
    Product,
    /// How a service is reached (`api`, `接口`, `endpoint`, `server`).
    Interface,
}

/// Nouns of a service (what is served, or how it is reached), each once with its kind. Had been
/// four lists: this one, `serving`'s, `budget_job`'s and `outcome_guided`'s.
pub const SERVICE_NOUNS: &[(&str, ServiceKind)] = &[
    ("chatbot", ServiceKind::Chat),
    ("chat bot", ServiceKind::Chat),
    ("客服", ServiceKind::Chat),
    ("聊天机器人", ServiceKind::Chat),
    ("服务", ServiceKind::Product),
    ("机器人", ServiceKind::Product),
    ("知识库", ServiceKind::Product),
    ("助手", ServiceKind::Product),
    ("问答", ServiceKind::Product),
    ("service", ServiceKind::Product),
    ("bot", ServiceKind::Product),
    ("assistant", ServiceKind::Product),
    ("接口", ServiceKind::Interface),
    ("后端", ServiceKind::Interface),
    ("api", ServiceKind::Interface),
    ("endpoint", ServiceKind::Interface),
    ("backend", ServiceKind::Interface),
    ("server", ServiceKind::Interface),
];

/// Whether a padded lower-case text says a service noun of one of `kinds`: an English noun as a
/// word of its own (a plural `s` allowed), a Chinese one anywhere.
pub fn service_of(padded: &str, kinds: &[ServiceKind]) -> bool {
    SERVICE_NOUNS
        .iter()
        .filter(|(_, k)| kinds.contains(k))
        .any(|(n, _)| noun_at(padded, n))
}

fn noun_at(padded: &str, n: &str) -> bool {
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
}

/// Whether a padded lower-case text says a service's noun of any kind ([`SERVICE_NOUNS`]).
pub fn service_said(padded: &str) -> bool {
    service_of(
        padded,
        &[
            ServiceKind::Chat,
            ServiceKind::Product,
            ServiceKind::Interface,
        ],
    )
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
