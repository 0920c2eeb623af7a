//! An update's text read into teloxide's types, and read again with only the fields the
//! handler uses when teloxide cannot read it whole. The Bot API adds message fields faster
//! than teloxide follows, and teloxide reads a message with one field it does not understand
//! (an `external_reply` quoting a channel post, say) as an empty message or an unreadable
//! update: the question in it was silently never answered. Every field we act on (who, where,
//! the words, the topic, the message it replies to, a chat's move) is of the oldest and
//! steadiest kind, so a copy with only those reads where the whole does not.

use serde_json::{Map, Value};
use teloxide::types::{Update, UpdateKind};

/// The message fields the handler reads (with `from` and `via_bot`, cut to [`USER_FIELDS`]). A caption is kept as the message's text (the
/// handler reads either the same way), so no media object has to be read; of its entities
/// only [`ENTITY_KINDS`] are kept (an entity type newer than teloxide would fail the copy).
const MESSAGE_FIELDS: &[&str] = &[
    "message_id",
    "message_thread_id",
    "date",
    "edit_date",
    "chat",
    "from",
    "sender_chat",
    "is_topic_message",
    "is_automatic_forward",
    "forward_origin",
    "text",
    "migrate_to_chat_id",
    "migrate_from_chat_id",
];
/// The entities the handler reads (spans whose `@` is no mention, and the mentions and
/// commands themselves), with the fields each has.
const ENTITY_KINDS: &[&str] = &[
    "mention",
    "bot_command",
    "code",
    "pre",
    "text_link",
    "url",
    "email",
];
const ENTITY_FIELDS: &[&str] = &["type", "offset", "length", "url", "language"];
const CHAT_FIELDS: &[&str] = &[
    "id",
    "type",
    "title",
    "username",
    "first_name",
    "last_name",
    "is_forum",
];
const USER_FIELDS: &[&str] = &[
    "id",
    "is_bot",
    "first_name",
    "last_name",
    "username",
    "language_code",
];
const CALLBACK_FIELDS: &[&str] = &[
    "id",
    "from",
    "chat_instance",
    "data",
    "inline_message_id",
    "game_short_name",
];
/// The update kinds whose loss would leave a person without an answer or a button spinning.
const MESSAGE_KINDS: &[&str] = &[
    "message",
    "edited_message",
    "channel_post",
    "edited_channel_post",
];

/// `raw` (one update's JSON text, as Telegram sent it) in teloxide's types; `None` when
/// neither the whole nor the fields we use can be read.
pub(crate) fn update(raw: &str) -> Option<Update> {
    crate::dm::note(raw);
    let whole = serde_json::from_str::<Update>(raw).ok();
    if whole
        .as_ref()
        .is_some_and(|u| !lost(u) && !words_dropped(u, raw))
    {
        return whole;
    }
    match reduced(raw).and_then(|r| serde_json::from_str::<Update>(&r).ok()) {
        Some(u) if !matches!(u.kind, UpdateKind::Error(_)) => {
            tracing::info!(
                "telegram: update {} read with only the fields we use (teloxide could not read it whole)",
                u.id.0
            );
            Some(u)
        }
        _ => whole,
    }
}

/// For the webhook, whose updates teloxide reads itself: the text to hand it instead of
/// `raw`, when teloxide cannot read `raw` whole and can read the fields we use.
pub(crate) fn readable(raw: &[u8]) -> Option<Vec<u8>> {
    let text = std::str::from_utf8(raw).ok()?;
    crate::dm::note(text);
    if serde_json::from_str::<Update>(text).is_ok_and(|u| !lost(&u) && !words_dropped(&u, text)) {
        return None;
    }
    let reduced = reduced(text)?;
    serde_json::from_str::<Update>(&reduced)
        .ok()
        .filter(|u| !matches!(u.kind, UpdateKind::Error(_)))
        .map(|_| reduced.into_bytes())
}

/// teloxide's reading lost the update: unreadable, or a message read as empty (its
/// fallback for a message with a field it cannot read).
fn lost(u: &Update) -> bool {
    match &u.kind {
        UpdateKind::Message(m)
        | UpdateKind::EditedMessage(m)
        | UpdateKind::ChannelPost(m)
        | UpdateKind::EditedChannelPost(m) => {
            matches!(m.kind, teloxide::types::MessageKind::Empty {})
        }
        UpdateKind::Error(_) => true,
        _ => false,
    }
}

/// teloxide read the message but not its words: a caption under a media kind whose type has
/// no caption field (paid media: `MediaPaid` keeps only `paid_media`), or one added after it.
/// Only a message teloxide gives no words is looked at again in the raw text.
fn words_dropped(u: &Update, raw: &str) -> bool {
    let (UpdateKind::Message(m)
    | UpdateKind::EditedMessage(m)
    | UpdateKind::ChannelPost(m)
    | UpdateKind::EditedChannelPost(m)) = &u.kind
    else {
        return false;
    };
    if m.text().is_some() || m.caption().is_some() {
        return false;
    }
    let Ok(value) = serde_json::from_str::<Value>(raw) else {
        return false;
    };
    MESSAGE_KINDS.iter().any(|k| {
        value.get(*k).is_some_and(|m| {
            ["text", "caption"].iter().any(|f| {
                m.get(*f)
                    .and_then(Value::as_str)
                    .is_some_and(|t| !t.is_empty())
            })
        })
    })
}

/// [`reduce`] from and to text (teloxide reads messages from text: a `Value`'s sorted keys
/// read differently).
fn reduced(raw: &str) -> Option<String> {
    let value: Value = serde_json::from_str(raw).ok()?;
    reduce(&value).map(|v| v.to_string())
}

/// The update with only the fields we use, or `None` when it is no kind we read or has no
/// words to lose.
fn reduce(update: &Value) -> Option<Value> {
    let id = update.get("update_id")?.clone();
    let obj = update.as_object()?;
    for kind in MESSAGE_KINDS {
        if let Some(m) = obj.get(*kind) {
            let said = m.get("text").or_else(|| m.get("caption"));
            if !said.is_some_and(Value::is_string) && !has_migration(m) {
                return None;
            }
            let mut out = Map::new();
            out.insert("update_id".into(), id);
            out.insert((*kind).into(), message(m, true));
            return Some(Value::Object(out));
        }
    }
    let q = obj.get("callback_query")?;
    let mut kept = pick(q, CALLBACK_FIELDS);
    if let Some(from) = q.get("from") {
        kept.insert("from".into(), Value::Object(pick(from, USER_FIELDS)));
    }
    if let Some(m) = q.get("message") {
        kept.insert("message".into(), message(m, true));
    }
    let mut out = Map::new();
    out.insert("update_id".into(), id);
    out.insert("callback_query".into(), Value::Object(kept));
    Some(Value::Object(out))
}

fn has_migration(m: &Value) -> bool {
    m.get("migrate_to_chat_id").is_some() || m.get("migrate_from_chat_id").is_some()
}

/// A message with only [`MESSAGE_FIELDS`] (its chat, sender and the message it replies to
/// cut the same way, one level deep); a caption becomes the text.
fn message(m: &Value, with_reply: bool) -> Value {
    let mut out = pick(m, MESSAGE_FIELDS);
    if !out.contains_key("text")
        && let Some(caption) = m.get("caption").filter(|c| c.is_string())
    {
        out.insert("text".into(), caption.clone());
    }
    // The entities of whichever words were kept (a caption's when the caption became text).
    let entities = match m.get("text") {
        Some(_) => m.get("entities"),
        None => m.get("caption_entities"),
    };
    let kept: Vec<Value> = entities
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter(|e| {
            e.get("type")
                .and_then(Value::as_str)
                .is_some_and(|k| ENTITY_KINDS.contains(&k))
        })
        .map(|e| Value::Object(pick(e, ENTITY_FIELDS)))
        .collect();
    if !kept.is_empty() {
        out.insert("entities".into(), Value::Array(kept));
    }
    for (field, fields) in [("chat", CHAT_FIELDS), ("sender_chat", CHAT_FIELDS)] {
        if let Some(c) = m.get(field) {
            out.insert(field.into(), Value::Object(pick(c, fields)));
        }
    }
    if let Some(o) = m.get("forward_origin") {
        out.insert("forward_origin".into(), origin(o));
    }
    // `via_bot`: our own inline result posted back is no question (the handler checks it).
    for field in ["from", "via_bot"] {
        if let Some(u) = m.get(field) {
            out.insert(field.into(), Value::Object(pick(u, USER_FIELDS)));
        }
    }
    if with_reply && let Some(r) = m.get("reply_to_message") {
        out.insert("reply_to_message".into(), message(r, false));
    }
    // A message teloxide reads as text needs words; a service message (a chat's move) has
    // its own field instead.
    if !out.contains_key("text") && !has_migration(m) {
        out.insert("text".into(), Value::String(String::new()));
    }
    Value::Object(out)
}

/// A forward's origin cut to what the handler reads (that it is a forward, and from whom);
/// an origin type newer than teloxide is still a forward, of someone unnamed.
fn origin(o: &Value) -> Value {
    let kind = o.get("type").and_then(Value::as_str).unwrap_or("");
    let mut out = pick(
        o,
        &[
            "type",
            "date",
            "sender_user_name",
            "message_id",
            "author_signature",
        ],
    );
    for (field, fields) in [
        ("sender_user", USER_FIELDS),
        ("sender_chat", CHAT_FIELDS),
        ("chat", CHAT_FIELDS),
    ] {
        if let Some(v) = o.get(field) {
            out.insert(field.into(), Value::Object(pick(v, fields)));
        }
    }
    if !["user", "hidden_user", "chat", "channel"].contains(&kind) {
        let date = o.get("date").cloned().unwrap_or(Value::from(0));
        return serde_json::json!({"type": "hidden_user", "date": date, "sender_user_name": ""});
    }
    Value::Object(out)
}

fn pick(v: &Value, fields: &[&str]) -> Map<String, Value> {
    fields
        .iter()
        .filter_map(|f| Some(((*f).to_string(), v.get(*f)?.clone())))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn said(u: &Update) -> Option<String> {
        match &u.kind {
            UpdateKind::Message(m) | UpdateKind::ChannelPost(m) => {
                m.text().or_else(|| m.caption()).map(str::to_string)
            }
            _ => None,
        }
    }

    fn text(v: Value) -> String {
        v.to_string()
    }

    #[test]
    fn a_forwards_origin_survives_the_reduced_reading() {
        let chat = json!({"id": -1002600, "type": "supergroup", "title": "lab"});
        let from = json!({"id": 26, "is_bot": false, "first_name": "Bo"});
        let forward = |origin: Value| {
            reduce(
                &json!({"update_id": 1, "message": {"message_id": 2, "date": 1,
                "chat": chat, "from": from, "text": "/gpu h100", "forward_origin": origin}}),
            )
            .map(|r| serde_json::from_str::<Update>(&r.to_string()).unwrap())
            .unwrap()
        };
        let origin = |u: &Update| match &u.kind {
            UpdateKind::Message(m) => m.forward_origin().cloned(),
            _ => None,
        };
        let user = json!({"type": "user", "date": 1, "sender_user": {"id": 7, "is_bot": false,
            "first_name": "Al", "emoji_status_custom_emoji_id": "x"}});
        assert!(matches!(
            origin(&forward(user)),
            Some(teloxide::types::MessageOrigin::User { .. })
        ));
        // An origin type newer than teloxide is still a forward.
        let newer = json!({"type": "story", "date": 1, "story": {"id": 3}});
        assert!(origin(&forward(newer)).is_some());
    }

    #[test]
    fn a_message_teloxide_reads_as_empty_is_read_with_the_fields_we_use() {
        let chat = json!({"id": 6002, "type": "private", "first_name": "Mei"});
        let channel = json!({"id": -1001234567890_i64, "type": "channel", "title": "deals"});
        // Bot API 7.0 `external_reply` quoting a channel post: teloxide 0.17 reads it empty.
        let raw = text(
            json!({"update_id": 9, "message": {"message_id": 11, "date": 1764700000,
            "chat": chat, "from": {"id": 6002, "is_bot": false, "first_name": "Mei", "language_code": "zh-hans"},
            "text": "/gpu 4090", "entities": [{"type": "bot_command", "offset": 0, "length": 4}],
            "external_reply": {"origin": {"type": "channel", "chat": channel, "message_id": 77,
                "date": 1764699000}, "chat": channel, "message_id": 77}}}),
        );
        let whole: Update = serde_json::from_str(&raw).unwrap();
        assert_eq!(
            said(&whole),
            None,
            "teloxide still loses it: this reading can go"
        );
        let u = update(&raw).unwrap();
        assert_eq!(u.id.0, 9);
        assert_eq!(said(&u).as_deref(), Some("/gpu 4090"));
        let UpdateKind::Message(m) = &u.kind else {
            panic!("{u:?}")
        };
        assert_eq!(m.chat.id.0, 6002);
        assert_eq!(
            m.from.as_ref().unwrap().language_code.as_deref(),
            Some("zh-hans")
        );
        // The webhook gets the same reading as text.
        let again: Update = serde_json::from_slice(&readable(raw.as_bytes()).unwrap()).unwrap();
        assert_eq!(said(&again).as_deref(), Some("/gpu 4090"));
    }

    #[test]
    fn a_caption_under_media_of_a_newer_shape_is_still_read_and_the_rest_is_left_alone() {
        let chat = json!({"id": -1001600000001_i64, "type": "supergroup", "title": "lab", "is_forum": true});
        let raw = text(
            json!({"update_id": 10, "message": {"message_id": 5, "date": 1764700000,
            "chat": chat, "from": {"id": 7, "is_bot": false, "first_name": "K"},
            "message_thread_id": 700, "is_topic_message": true,
            "paid_media": {"star_count": "not a number", "paid_media": [{"type": "hologram"}]},
            "caption": "/gpu@ScoutBot 4090",
            "caption_entities": [{"type": "bot_command", "offset": 0, "length": 13}],
            "reply_to_message": {"message_id": 700, "date": 1764690000, "chat": chat,
                "forum_topic_created": {"name": "Renting", "icon_color": 7322096},
                "from": {"id": 8, "is_bot": false, "first_name": "L"}}}}),
        );
        let u = update(&raw).unwrap();
        assert_eq!(said(&u).as_deref(), Some("/gpu@ScoutBot 4090"));
        let UpdateKind::Message(m) = &u.kind else {
            panic!("{u:?}")
        };
        assert!(m.is_topic_message);
        assert_eq!(m.thread_id.map(|t| t.0.0), Some(700));
        assert_eq!(
            m.reply_to_message()
                .and_then(|r| r.from.as_ref())
                .map(|f| f.id.0),
            Some(8)
        );
        // What teloxide reads whole is handed on as sent; a sticker (no words) is not redone.
        let plain = text(
            json!({"update_id": 11, "message": {"message_id": 6, "date": 1764700000,
            "chat": chat, "text": "/gpu 4090"}}),
        );
        assert!(readable(plain.as_bytes()).is_none());
        let sticker = text(
            json!({"update_id": 12, "message": {"message_id": 7, "date": 1764700000,
            "chat": chat, "sticker": {"file_id": "x", "file_unique_id": "y", "type": "regular",
            "width": 512, "height": 512, "is_animated": false, "is_video": false}}}),
        );
        assert!(readable(sticker.as_bytes()).is_none());
        assert!(update(&sticker).is_some());
        // A button press on a message teloxide cannot read: the press is still read.
        let press = text(json!({"update_id": 13, "callback_query": {"id": "cq1",
            "from": {"id": 7, "is_bot": false, "first_name": "K"}, "chat_instance": "ci",
            "data": "v1|run:x", "message": {"message_id": 5, "date": 1764700000, "chat": chat,
            "from": {"id": 1, "is_bot": true, "first_name": "Scout"}, "text": "Pick a card",
            "external_reply": {"origin": {"type": "hidden_user", "sender_user_name": "A",
                "date": 1}, "giveaway": {"chats": "?"}}}}}));
        let u = update(&press).unwrap();
        let UpdateKind::CallbackQuery(q) = &u.kind else {
            panic!("{u:?}")
        };
        assert_eq!(q.data.as_deref(), Some("v1|run:x"));
        assert_eq!(q.regular_message().map(|m| m.id.0), Some(5));
        // An entity type newer than teloxide's list does not cost the words.
        let dated = text(
            json!({"update_id": 15, "message": {"message_id": 8, "date": 1764700000,
            "chat": {"id": 9, "type": "private", "first_name": "M"},
            "from": {"id": 9, "is_bot": false, "first_name": "M"},
            "text": "/gpu 4090 tomorrow 9:00",
            "entities": [{"type": "bot_command", "offset": 0, "length": 4},
                {"type": "date_time", "offset": 10, "length": 13, "unix_time": 1764750000}]}}),
        );
        assert_eq!(
            said(&update(&dated).unwrap()).as_deref(),
            Some("/gpu 4090 tomorrow 9:00")
        );
        // Well-formed paid media: teloxide reads it, and its `MediaPaid` has no caption, so
        // the words are read again from the fields we use.
        let paid = text(
            json!({"update_id": 16, "message": {"message_id": 9, "date": 1764700000,
            "chat": {"id": 9, "type": "private", "first_name": "M"},
            "from": {"id": 9, "is_bot": false, "first_name": "M"},
            "paid_media": {"star_count": 5, "paid_media": [{"type": "preview", "width": 90, "height": 60}]},
            "caption": "/gpu 4090"}}),
        );
        assert_eq!(said(&serde_json::from_str(&paid).unwrap()), None);
        assert_eq!(said(&update(&paid).unwrap()).as_deref(), Some("/gpu 4090"));
        assert!(readable(paid.as_bytes()).is_some());
        // Nothing readable at all stays unread.
        assert!(
            update(r#"{"update_id": 14, "message": {"message_id": "x"}}"#)
                .is_none_or(|u| said(&u).is_none())
        );
    }
}
