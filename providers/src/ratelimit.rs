//! A wait said in rate-limit fields rather than `Retry-After`: the IETF's RateLimit header
//! fields for HTTP (draft-ietf-httpapi-ratelimit-headers). Its current form is `RateLimit`,
//! a list of policies (`"name";r=<quota left>;t=<seconds until it is restored>`), beside
//! `RateLimit-Policy`; its earlier form, which many APIs still send, is `RateLimit-Limit` /
//! `-Remaining` / `-Reset` (delta-seconds). A policy with no quota left says when asking
//! again can succeed: asking before draws another 429, so it is a wait as firm as
//! `Retry-After`. A policy with quota left is no wait. `X-RateLimit-Reset` is not read: APIs
//! write it as seconds left or as an epoch time, and a guess would be a wait of decades.

use std::time::Duration;

/// The wait the rate-limit fields in `headers` say (the longest of the exhausted policies),
/// capped at `cap`; `None` when they say none or do not parse.
pub fn wait(headers: &reqwest::header::HeaderMap, cap: Duration) -> Option<Duration> {
    let text = |name: &str| {
        headers
            .get_all(name)
            .iter()
            .filter_map(|v| v.to_str().ok())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let current = exhausted(&text("ratelimit"));
    let earlier = earlier_form(&text("ratelimit-remaining"), &text("ratelimit-reset"));
    current
        .into_iter()
        .chain(earlier)
        .max()
        .map(|secs| Duration::from_secs(secs).min(cap))
}

/// The longest `t` of the policies in a `RateLimit` field value whose `r` is 0.
pub fn exhausted(field: &str) -> Option<u64> {
    items(field)
        .into_iter()
        .filter_map(|item| {
            let param = |key: &str| {
                item.split(';').skip(1).find_map(|p| {
                    let (k, v) = p.split_once('=')?;
                    (k.trim() == key).then(|| v.trim())
                })
            };
            let left: u64 = param("r")?.parse().ok()?;
            let reset: u64 = param("t")?.parse().ok()?;
            (left == 0).then_some(reset)
        })
        .max()
}

/// The earlier form: `RateLimit-Reset` (delta-seconds) when `RateLimit-Remaining` is 0 or
/// not sent.
fn earlier_form(remaining: &str, reset: &str) -> Option<u64> {
    let spent = remaining.trim().is_empty() || remaining.trim().parse::<u64>() == Ok(0);
    let reset = reset.split(',').next()?.trim().parse::<u64>().ok()?;
    spent.then_some(reset)
}

/// A structured-field list split at its top-level commas (a policy's name is a quoted
/// string, which may hold one).
fn items(field: &str) -> Vec<&str> {
    let (mut out, mut start, mut quoted, mut escaped) = (Vec::new(), 0, false, false);
    for (at, c) in field.char_indices() {
        match c {
            _ if escaped => escaped = false,
            '\\' if quoted => escaped = true,
            '"' => quoted = !quoted,
            ',' if !quoted => {
                out.push(field[start..at].trim());
                start = at + 1;
            }
            _ => {}
        }
    }
    out.push(field[start..].trim());
    out.retain(|s| !s.is_empty());
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exhausted_policies_say_the_wait_and_others_do_not() {
        assert_eq!(exhausted(r#""default";r=0;t=120"#), Some(120));
        assert_eq!(exhausted(r#""a,b";r=0;t=5, "day";r=0;t=3600"#), Some(3600));
        assert_eq!(
            exhausted(r#""min";r=4;t=50000, "hour";r=0;t=600"#),
            Some(600)
        );
        assert_eq!(exhausted(r#""default";r=3;t=60"#), None);
        assert_eq!(exhausted(r#""default";r=0;t=-5"#), None);
        assert_eq!(exhausted(""), None);
        assert_eq!(earlier_form("0", "90"), Some(90));
        assert_eq!(earlier_form("", "90"), Some(90));
        assert_eq!(earlier_form("7", "90"), None);
        assert_eq!(earlier_form("0", "soon"), None);
    }
}
