//! `getUpdates` read as text. teloxide decodes every update of an answer into its types, and
//! the poller hands an update still in flight back to Telegram's window until it is answered
//! or queued in the store: during a backlog each `getUpdates` answer repeated most of the
//! previous one, and every copy was decoded in full and thrown away (issue 28: the poller's
//! decode bounded updates per second). Here each update's id is read first, and only an
//! update not taken before is decoded; its text is kept as Telegram sent it, for the store
//! should it be queued there (no second encoding).

use crate::sender::TgBot;
use serde::Deserialize;
use serde_json::value::RawValue;
use std::sync::Arc;
use std::time::Duration;
use teloxide::RequestError;

/// One update of a `getUpdates` answer: its id (`None` when it has none we can read) and its
/// text, undecoded.
pub(crate) struct Fetched<'a> {
    pub id: Option<u32>,
    pub raw: &'a RawValue,
}

#[derive(Deserialize)]
struct Answer<'a> {
    ok: bool,
    #[serde(borrow, default)]
    result: Option<Vec<&'a RawValue>>,
}

#[derive(Deserialize)]
struct Id {
    update_id: u32,
}

/// Asks for the updates from `offset` on, waiting up to `timeout` for one; returns the
/// answer's text (read it with [`updates`]). The HTTP timeout covers the long poll.
pub(crate) async fn get_updates(
    bot: &TgBot,
    offset: Option<i32>,
    timeout: Duration,
) -> Result<(u16, Option<&'static str>, String), RequestError> {
    let mut body = serde_json::json!({
        "timeout": timeout.as_secs(),
        "allowed_updates": crate::handler::ALLOWED,
    });
    if let Some(offset) = offset {
        body["offset"] = offset.into();
    }
    post_method(
        bot,
        "getUpdates",
        body.to_string().into_bytes(),
        Some(timeout + HTTP_MARGIN),
    )
    .await
}

/// Posts a Bot API `method` with a JSON body and returns the answer's status and text, read
/// by the caller (the updates here, a send's outcome in `sender`). The URL holds the token, so
/// a network error drops it before it can reach a log.
pub(crate) async fn post_method(
    bot: &TgBot,
    method: &str,
    body: Vec<u8>,
    timeout: Option<Duration>,
) -> Result<(u16, Option<&'static str>, String), RequestError> {
    post_method_as(bot, method, "application/json", body, timeout).await
}

/// [`post_method`] with a body of `content_type`.
pub(crate) async fn post_method_as(
    bot: &TgBot,
    method: &str,
    content_type: &str,
    body: Vec<u8>,
    timeout: Option<Duration>,
) -> Result<(u16, Option<&'static str>, String), RequestError> {
    let mut url = bot.api_url();
    if let Ok(mut path) = url.path_segments_mut() {
        path.pop_if_empty()
            .push(&format!("bot{}", bot.token()))
            .push(method);
    }
    let mut request = bot
        .client()
        .post(url)
        .header("content-type", content_type)
        .body(body);
    if let Some(timeout) = timeout {
        request = request.timeout(timeout);
    }
    let response = request
        .send()
        .await
        .map_err(|e| RequestError::Network(Arc::new(e.without_url())))?;
    let status = response.status();
    let text = response
        .text()
        .await
        .map_err(|e| RequestError::Network(Arc::new(e.without_url())))?;
    Ok((status.as_u16(), status.canonical_reason(), text))
}

/// What the HTTP client waits beyond the long poll's own timeout (teloxide's default request
/// timeout, which it too adds to a `getUpdates`).
const HTTP_MARGIN: Duration = Duration::from_secs(17);

/// The updates of a `getUpdates` answer (`status`, `reason`, `text`), in order, undecoded;
/// a refusal or a body that is no Bot API answer is the error teloxide would have given.
pub(crate) fn updates<'a>(
    status: u16,
    reason: Option<&str>,
    text: &'a str,
) -> Result<Vec<Fetched<'a>>, RequestError> {
    match serde_json::from_str::<Answer<'a>>(text) {
        Ok(Answer {
            ok: true,
            result: Some(list),
        }) => Ok(list
            .into_iter()
            .map(|raw| Fetched {
                id: serde_json::from_str::<Id>(raw.get())
                    .ok()
                    .map(|i| i.update_id),
                raw,
            })
            .collect()),
        // A refusal (429, 401, a conflict with a webhook), a proxy's page, a 5xx.
        _ => match crate::sender::answer_of(status, reason, text) {
            Err(e) => Err(e),
            // `ok: true` without a list of updates.
            Ok(()) => Err(RequestError::InvalidJson {
                source: Arc::new(<serde_json::Error as serde::de::Error>::custom(
                    "getUpdates: no list of updates",
                )),
                raw: text.into(),
            }),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_read_without_decoding_and_the_text_is_kept_as_sent() {
        let text = r#"{"ok":true,"result":[
            {"update_id":7,"message":{"message_id":1,"date":1700000000,"chat":{"id":5,"type":"private","first_name":"A"},"text":"/gpu 4090 \"x\" 显卡"}},
            {"update_id":8,"some_kind_we_do_not_know":{"a":[1,2,{"b":null}]}},
            {"no_id":true}
        ]}"#;
        let got = updates(200, Some("OK"), text).unwrap();
        let ids: Vec<Option<u32>> = got.iter().map(|f| f.id).collect();
        assert_eq!(ids, vec![Some(7), Some(8), None]);
        // The kept text decodes as teloxide would have decoded it from the whole answer.
        let upd: teloxide::types::Update = serde_json::from_str(got[0].raw.get()).unwrap();
        assert_eq!(upd.id.0, 7);
        assert!(matches!(upd.kind, teloxide::types::UpdateKind::Message(_)));
        assert!(got[0].raw.get().contains(r#""/gpu 4090 \"x\" 显卡""#));
        let other: teloxide::types::Update = serde_json::from_str(got[1].raw.get()).unwrap();
        assert!(matches!(other.kind, teloxide::types::UpdateKind::Error(_)));
        assert!(
            updates(200, None, r#"{"ok":true,"result":[]}"#)
                .unwrap()
                .is_empty()
        );
    }

    #[test]
    fn refusals_and_bodies_that_are_no_answer_are_errors_as_teloxide_reads_them() {
        let limited = r#"{"ok":false,"error_code":429,"description":"Too Many Requests: retry after 3","parameters":{"retry_after":3}}"#;
        assert!(matches!(
            updates(429, None, limited),
            Err(RequestError::RetryAfter(s)) if s.seconds() == 3
        ));
        let conflict = r#"{"ok":false,"error_code":409,"description":"Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first"}"#;
        assert!(matches!(
            updates(409, None, conflict),
            Err(RequestError::Api(_))
        ));
        assert!(matches!(
            updates(502, Some("Bad Gateway"), "<html>502</html>"),
            Err(RequestError::Api(teloxide::ApiError::Unknown(_)))
        ));
        assert!(matches!(
            updates(200, None, r#"{"ok":true}"#),
            Err(RequestError::InvalidJson { .. })
        ));
        assert!(matches!(
            updates(200, None, "not json"),
            Err(RequestError::InvalidJson { .. })
        ));
    }
}
