//! Channel direct messages (Bot API 9.2). A message in a channel's direct-messages chat (a
//! supergroup with `is_direct_messages`) carries `direct_messages_topic` (`{"topic_id": N,
//! "user": …}`: one topic a person writing to the channel), and Telegram refuses every send
//! into that chat without `direct_messages_topic_id`. teloxide 0.17 reads neither, so the
//! topic is read here from the update's own JSON, remembered by (chat, message) until the
//! handler asks, and carried in [`gpuscout_frontend::Address::thread`] as `dm:N`; the sender
//! then posts those sends with its own JSON body.

use serde_json::Value;
use std::collections::HashMap;
use std::sync::Mutex;

/// How [`gpuscout_frontend::Address::thread`] says "direct-messages topic N".
const PREFIX: &str = bot_core::alerts::DM_THREAD;

/// Topics read but not yet asked for; emptied when full (a handler asks within moments of
/// the read, so only a topic of an update long gone is lost).
const KEEP: usize = 4096;

static TOPICS: Mutex<Option<HashMap<(i64, i32), i64>>> = Mutex::new(None);

fn topics() -> std::sync::MutexGuard<'static, Option<HashMap<(i64, i32), i64>>> {
    TOPICS.lock().unwrap_or_else(|e| e.into_inner())
}

/// Remembers the direct-messages topic of every message in `raw` (one update's JSON text):
/// a message's own, and a pressed button's message.
pub(crate) fn note(raw: &str) {
    // Nearly every update has none: no second parse for them.
    if !raw.contains("direct_messages_topic") {
        return;
    }
    let Ok(update) = serde_json::from_str::<Value>(raw) else {
        return;
    };
    let messages = [
        "message",
        "edited_message",
        "channel_post",
        "edited_channel_post",
    ]
    .iter()
    .filter_map(|k| update.get(*k))
    .chain(update.get("callback_query").and_then(|q| q.get("message")));
    for m in messages {
        let (Some(chat), Some(id), Some(topic)) = (
            m["chat"]["id"].as_i64(),
            m["message_id"]
                .as_i64()
                .and_then(|id| i32::try_from(id).ok()),
            m["direct_messages_topic"]["topic_id"].as_i64(),
        ) else {
            continue;
        };
        remember(chat, id, topic);
    }
}

/// The direct-messages topic message `id` of `chat` was read in, if any.
pub(crate) fn topic_of(chat: i64, id: i32) -> Option<i64> {
    topics().as_ref()?.get(&(chat, id)).copied()
}

/// Remembers the topic of a message we sent (`answer`: Telegram's answer to a send, `topic`:
/// the one it was sent into, else the answer's own): a button under it pressed later
/// finds its topic even when the press brings no `direct_messages_topic` (a message too old
/// to be shown whole comes as only its chat and id).
pub(crate) fn note_sent(answer: &str, topic: Option<i64>) {
    if topic.is_none() && !answer.contains("direct_messages_topic") {
        return;
    }
    let Ok(answer) = serde_json::from_str::<Value>(answer) else {
        return;
    };
    let m = &answer["result"];
    let (Some(chat), Some(id), Some(topic)) = (
        m["chat"]["id"].as_i64(),
        m["message_id"]
            .as_i64()
            .and_then(|id| i32::try_from(id).ok()),
        topic.or_else(|| m["direct_messages_topic"]["topic_id"].as_i64()),
    ) else {
        return;
    };
    remember(chat, id, topic);
}

/// The `direct_messages_topic_id` of a JSON request body.
pub(crate) fn topic_of_body(body: &[u8]) -> Option<i64> {
    if !body
        .windows(b"direct_messages_topic_id".len())
        .any(|w| w == b"direct_messages_topic_id")
    {
        return None;
    }
    serde_json::from_slice::<Value>(body).ok()?["direct_messages_topic_id"].as_i64()
}

fn remember(chat: i64, id: i32, topic: i64) {
    let mut map = topics();
    let map = map.get_or_insert_with(HashMap::new);
    if map.len() >= KEEP {
        map.clear();
    }
    map.insert((chat, id), topic);
}

/// The address thread for direct-messages topic `topic`.
pub(crate) fn thread_of(topic: i64) -> String {
    format!("{PREFIX}{topic}")
}

/// The topic an address thread names, when it names one.
pub(crate) fn topic_in(thread: &str) -> Option<Option<i64>> {
    thread.strip_prefix(PREFIX).map(|t| t.parse().ok())
}

/// Whether an address thread is a direct-messages topic (`dm:<topic>`).
pub(crate) fn is_dm_thread(thread: &str) -> bool {
    matches!(topic_in(thread), Some(Some(_)))
}

/// A `multipart/form-data` body (a photo upload, which has no JSON form).
pub(crate) struct Form {
    pub content_type: String,
    pub body: Vec<u8>,
    /// The direct-messages topic it is sent into.
    pub topic: Option<i64>,
}

/// `fields` (a JSON object; nulls left out, objects as their JSON text, as the Bot API reads
/// a form) and the chart as `photo`.
pub(crate) fn photo_form(fields: &Value, png: &[u8], topic: i64) -> Result<Form, &'static str> {
    let fields = fields.as_object().ok_or("photo fields are no object")?;
    // A boundary no PNG or text of ours contains by chance.
    let boundary = format!("gpuscout-{:016x}{:08x}", png.len(), fields.len());
    let mut body = Vec::with_capacity(png.len() + 1024);
    for (name, value) in fields {
        let text = match value {
            Value::Null => continue,
            Value::String(s) => s.clone(),
            other => other.to_string(),
        };
        body.extend_from_slice(
            format!(
                "--{boundary}\r\ncontent-disposition: form-data; name=\"{name}\"\r\n\r\n{text}\r\n"
            )
            .as_bytes(),
        );
    }
    body.extend_from_slice(
        format!(
            "--{boundary}\r\ncontent-disposition: form-data; name=\"photo\"; filename=\"chart.png\"\r\ncontent-type: image/png\r\n\r\n"
        )
        .as_bytes(),
    );
    body.extend_from_slice(png);
    body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
    Ok(Form {
        content_type: format!("multipart/form-data; boundary={boundary}"),
        body,
        topic: Some(topic),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_topic_is_read_from_a_message_and_from_a_pressed_buttons_message() {
        note(
            r#"{"update_id":1,"message":{"message_id":41,"date":1,"chat":{"id":-100777001,"type":"supergroup","is_direct_messages":true},"direct_messages_topic":{"topic_id":9001,"user":{"id":5,"is_bot":false,"first_name":"A"}},"text":"hi"}}"#,
        );
        note(
            r#"{"update_id":2,"callback_query":{"id":"q","from":{"id":5,"is_bot":false,"first_name":"A"},"chat_instance":"c","data":"x","message":{"message_id":42,"date":1,"chat":{"id":-100777001,"type":"supergroup"},"direct_messages_topic":{"topic_id":9002}}}}"#,
        );
        note(
            r#"{"update_id":3,"message":{"message_id":43,"date":1,"chat":{"id":-100777001,"type":"supergroup"},"text":"direct_messages_topic"}}"#,
        );
        assert_eq!(topic_of(-100777001, 41), Some(9001));
        assert_eq!(topic_of(-100777001, 42), Some(9002));
        assert_eq!(topic_of(-100777001, 43), None);
        assert_eq!(topic_in(&thread_of(9001)), Some(Some(9001)));
        assert_eq!(topic_in("700"), None);
    }

    #[test]
    fn the_webhooks_reading_notes_the_topic_too() {
        let raw = r#"{"update_id":4,"message":{"message_id":44,"date":1,"chat":{"id":-100777002,"type":"supergroup","is_direct_messages":true},"from":{"id":6,"is_bot":false,"first_name":"B"},"direct_messages_topic":{"topic_id":9003},"text":"hi"}}"#;
        let _ = crate::read::readable(raw.as_bytes());
        assert_eq!(topic_of(-100777002, 44), Some(9003));
    }
}
