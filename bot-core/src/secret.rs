//! A secret from the environment (a bot token, an API key, an interaction token) that never
//! prints itself: `Debug` and `Display` show `<redacted>`; only [`Secret::expose`] gives the
//! text, for the HTTP client. Every frontend and provider crate uses this one type.

use std::fmt;

#[derive(Clone, PartialEq, Eq)]
pub struct Secret(String);

impl Secret {
    pub fn new(text: impl Into<String>) -> Secret {
        Secret(text.into())
    }
    /// The secret itself, for a request header or URL built by the HTTP client only.
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("<redacted>")
    }
}

impl fmt::Display for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("<redacted>")
    }
}

/// Shortest configured secret that is scrubbed by value (shorter ones would eat ordinary
/// words; a real key is far longer).
const MIN_SECRET_CHARS: usize = 6;
/// A run of token characters this long, mixing letters and digits, reads as a key.
const KEYLIKE_CHARS: usize = 20;
/// Words after which the next token is a credential, whatever its shape.
const CREDENTIAL_WORDS: &[&str] = &[
    "bearer",
    "basic",
    "token",
    "api_key",
    "apikey",
    "api-key",
    "key",
    "secret",
    "password",
    "passwd",
    "auth",
    "authorization",
    "access_token",
    "x-api-key",
];

/// `text` with every one of `secrets` and anything credential-like replaced by `<redacted>`:
/// the token after `Bearer`, `token=`, `"api_key": "…"` and the like, and any long run of
/// letters and digits that mixes both (the shape of an API key). For provider error bodies
/// and problems stored or shown: a provider may echo the request's key back.
pub fn scrub(text: &str, secrets: &[&str]) -> String {
    let mut out = text.to_string();
    for s in secrets.iter().map(|s| s.trim()) {
        if s.chars().count() >= MIN_SECRET_CHARS {
            out = out.replace(s, "<redacted>");
        }
    }
    let mut result = String::with_capacity(out.len());
    let mut after_credential_word = false;
    let mut rest = out.as_str();
    while !rest.is_empty() {
        let token_len = rest
            .char_indices()
            .find(|(_, c)| !is_token_char(*c))
            .map_or(rest.len(), |(i, _)| i);
        if token_len == 0 {
            let c = rest.chars().next().unwrap_or(' ');
            result.push(c);
            rest = &rest[c.len_utf8()..];
            after_credential_word = false;
            continue;
        }
        let token = &rest[..token_len];
        rest = &rest[token_len..];
        let is_word = is_credential_word(token);
        if token == "redacted" || is_word {
            result.push_str(token);
        } else if after_credential_word && token.chars().count() >= 4 || keylike(token) {
            result.push_str("<redacted>");
        } else {
            result.push_str(token);
        }
        // The credential follows its word after separators only (`: "`, `=`, ` `).
        after_credential_word = is_word || (after_credential_word && token == "redacted");
        if after_credential_word {
            let sep_len = rest
                .char_indices()
                .find(|(_, c)| !matches!(c, ' ' | ':' | '=' | '"' | '\'' | '<' | '>'))
                .map_or(rest.len(), |(i, _)| i);
            result.push_str(&rest[..sep_len]);
            rest = &rest[sep_len..];
        }
    }
    result
}

/// `Bearer`, `token`, `api_key` …: a word after which the next token is a credential.
pub fn is_credential_word(word: &str) -> bool {
    CREDENTIAL_WORDS.contains(&word.to_ascii_lowercase().as_str())
}

/// Characters of one token (a key, a word). Not `/`: a path's segments are judged one by one.
fn is_token_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.' | '+' | '~')
}

/// A long run that mixes letters and digits: the shape of a key, not of a word or a number.
fn keylike(token: &str) -> bool {
    token.len() >= KEYLIKE_CHARS
        && token.chars().any(|c| c.is_ascii_digit())
        && token.chars().any(|c| c.is_ascii_alphabetic())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scrub_removes_configured_secrets_and_credential_shapes() {
        let key = "sk_live_abc123";
        let t = scrub(
            r#"HTTP 401: {"error": "bad key sk_live_abc123", "auth": "Bearer eyJhbGciOiJIUzI1NiJ9.x.y"}"#,
            &[key],
        );
        assert!(!t.contains(key) && !t.contains("eyJhbGci"), "{t}");
        assert!(t.contains("HTTP 401") && t.contains("error"), "{t}");
        assert_eq!(
            scrub("token=abcdefgh&x=1 api_key: \"zzzz9999\"", &[]),
            "token=<redacted>&x=1 api_key: \"<redacted>\""
        );
        // A lone 32-character hex or base64ish run reads as a key; words and dates do not.
        let long = "request 9f86d081884c7d659a2feaa0c55ad015 failed";
        assert_eq!(scrub(long, &[]), "request <redacted> failed");
        let plain = "no `offers` list in the Vast.ai answer at 2026-12-01T10:00:00Z (HTTP 500)";
        assert_eq!(scrub(plain, &[]), plain);
        // A short configured "secret" would eat words: only real-length ones are matched.
        assert_eq!(scrub("the key is fine", &["is"]), "the key is fine");
        assert_eq!(scrub("中文 key：值", &[]), "中文 key：值");
    }
}
