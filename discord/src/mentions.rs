//! The bot's own managed roles: a server gives each bot a role named after it, and the
//! client's autocomplete often picks that role (`<@&role>`) when someone types `@GPU Scout`.
//! Such a mention is a mention of the bot. The role is the one whose `tags.bot_id` is us, in
//! GUILD_CREATE's `roles` or a GUILD_ROLE_CREATE / GUILD_ROLE_UPDATE's `role` (read by the
//! gateway tap from the frame's JSON); a role of another bot, or a plain role, is not us.
//! Also: a DM with nothing to read (only a file or a sticker) gets one short hint.

use serde_json::Value;
use std::collections::HashSet;
use std::sync::{Mutex, PoisonError};

/// Most role ids kept (one per server the bot is in; past it the set starts again).
const MAX_ROLES: usize = 100_000;

/// The role ids that are the bot's own, across its servers.
#[derive(Default)]
pub(crate) struct OurRoles(Mutex<HashSet<u64>>);

impl OurRoles {
    /// Reads the roles a GUILD_CREATE (`d.roles`) or a role event (`d.role`) carries and keeps
    /// those whose `tags.bot_id` is `me`; a role updated away from us is forgotten.
    pub(crate) fn learn(&self, d: &Value, me: u64) {
        if me == 0 {
            return;
        }
        let roles: Vec<&Value> = match (d.get("roles"), d.get("role")) {
            (Some(Value::Array(list)), _) => list.iter().collect(),
            (_, Some(one)) => vec![one],
            _ => return,
        };
        let mut ours = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        for r in roles {
            let Some(id) = snowflake(&r["id"]) else {
                continue;
            };
            if snowflake(&r["tags"]["bot_id"]) == Some(me) {
                if ours.len() >= MAX_ROLES {
                    ours.clear();
                }
                ours.insert(id);
            } else {
                ours.remove(&id);
            }
        }
    }

    /// The bot's roles among `mentioned`, if any.
    pub(crate) fn among(&self, mentioned: impl IntoIterator<Item = u64>) -> Vec<u64> {
        let ours = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        mentioned.into_iter().filter(|r| ours.contains(r)).collect()
    }
}

fn snowflake(v: &Value) -> Option<u64> {
    match v {
        Value::String(s) => s.parse().ok(),
        v => v.as_u64(),
    }
}

/// `text` with every `<@&role>` of `roles` taken out.
pub(crate) fn without_roles(text: &str, roles: &[u64]) -> String {
    roles
        .iter()
        .fold(text.to_string(), |t, r| t.replace(&format!("<@&{r}>"), " "))
}

/// The chats told lately that only text is read.
pub(crate) static NOTHING_TO_READ: gpuscout_frontend::Recently =
    gpuscout_frontend::Recently::new(60);

/// The Fluent id of that hint (shared with Telegram).
pub(crate) const NOTHING_TO_READ_ID: &str = "frontend-nothing-to-read";

/// The people told lately, per channel, that a reply without the mention cannot be read.
pub(crate) static WORDS_WITHHELD: gpuscout_frontend::Recently =
    gpuscout_frontend::Recently::new(60);

/// The Fluent id of that hint.
pub(crate) const WORDS_WITHHELD_ID: &str = "discord-reply-words-withheld";

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn only_roles_tagged_with_our_id_are_ours_and_an_update_away_forgets_one() {
        let r = OurRoles::default();
        r.learn(
            &json!({"roles": [{"id": "1", "tags": {"bot_id": "42"}}, {"id": "2", "tags": {"bot_id": "43"}},
                {"id": "3"}, {"id": 4, "tags": {"bot_id": 42}}, {"tags": {"bot_id": "42"}}]}),
            42,
        );
        assert_eq!(r.among([1, 2, 3, 4, 5]), vec![1, 4]);
        r.learn(
            &json!({"guild_id": "9", "role": {"id": "1", "tags": {}}}),
            42,
        );
        assert_eq!(r.among([1, 4]), vec![4]);
        // Before READY nothing is ours.
        r.learn(&json!({"role": {"id": "7", "tags": {"bot_id": "0"}}}), 0);
        assert!(r.among([7]).is_empty());
        assert_eq!(
            without_roles("<@&4> /gpu h100 <@&5>", &[4]).trim(),
            "/gpu h100 <@&5>"
        );
    }
}
