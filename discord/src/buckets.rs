//! Which limit a request counts against. Discord names each limit in `X-RateLimit-Bucket`
//! ("a unique string denoting the rate limit being encountered, non-inclusive of top-level
//! resources in the path"): routes that answer the same bucket share one limit for the same
//! top-level resource (a channel, a guild, a webhook), and another resource's requests on
//! the same routes are a limit of their own. Until a route has named its bucket, it is its
//! own limit, as before.

use std::collections::HashMap;

/// Longest bucket name kept: Discord's are short hashes; anything longer is not one.
const MAX_NAME: usize = 64;

/// Route templates (`POST /channels/{}/messages`) -> the bucket they named last.
#[derive(Default)]
pub(crate) struct Buckets {
    named: HashMap<String, String>,
}

/// A route split into its template and its top-level resource: `POST /channels/12/messages`
/// is (`POST /channels/{}/messages`, `12`). A route with no channel, guild or webhook id has
/// none (`""`): the bot's own limit.
pub(crate) fn split(route: &str) -> (String, String) {
    let mut template = String::with_capacity(route.len());
    let mut major = String::new();
    let mut rest = route;
    while let Some(at) = rest.find('/') {
        template.push_str(&rest[..=at]);
        rest = &rest[at + 1..];
        let segment = rest.split('/').next().unwrap_or("");
        let top_level = ["channels/", "guilds/", "webhooks/"]
            .iter()
            .any(|p| template.ends_with(p));
        if top_level
            && major.is_empty()
            && !segment.is_empty()
            && segment.bytes().all(|b| b.is_ascii_digit())
        {
            major = segment.to_string();
            template.push_str("{}");
            rest = &rest[segment.len()..];
        }
    }
    template.push_str(rest);
    (template, major)
}

impl Buckets {
    /// The route `template` answered `name` in `X-RateLimit-Bucket`.
    pub(crate) fn learn(&mut self, template: &str, name: &str) {
        let name = name.trim();
        if name.is_empty() || name.len() > MAX_NAME || !name.is_ascii() {
            return;
        }
        if self.named.get(template).map(String::as_str) != Some(name) {
            self.named.insert(template.to_string(), name.to_string());
        }
    }

    /// The shared limit's key for `template` on resource `major`, once the route has named its
    /// bucket.
    pub(crate) fn key(&self, template: &str, major: &str) -> Option<String> {
        self.named
            .get(template)
            .map(|name| format!("bucket {name} #{major}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_route_splits_at_its_first_top_level_id() {
        assert_eq!(
            split("POST /channels/12/messages"),
            ("POST /channels/{}/messages".into(), "12".into())
        );
        assert_eq!(
            split("PATCH /channels/12/messages/<id>"),
            ("PATCH /channels/{}/messages/<id>".into(), "12".into())
        );
        assert_eq!(
            split("PUT /applications/1/guilds/7/commands"),
            ("PUT /applications/1/guilds/{}/commands".into(), "7".into())
        );
        assert_eq!(
            split("GET /gateway/bot"),
            ("GET /gateway/bot".into(), String::new())
        );
        assert_eq!(
            split("POST /users/@me/channels"),
            ("POST /users/@me/channels".into(), String::new())
        );
    }

    #[test]
    fn routes_naming_one_bucket_share_it_per_resource_only() {
        let mut b = Buckets::default();
        assert_eq!(b.key("POST /channels/{}/messages", "12"), None);
        b.learn("POST /channels/{}/messages", "abcd");
        b.learn("PATCH /channels/{}/messages/<id>", "abcd");
        b.learn("POST /channels/{}/typing", &"x".repeat(65));
        let post = b.key("POST /channels/{}/messages", "12");
        assert_eq!(post, b.key("PATCH /channels/{}/messages/<id>", "12"));
        assert_ne!(post, b.key("POST /channels/{}/messages", "13"));
        assert_eq!(b.key("POST /channels/{}/typing", "12"), None);
    }
}
