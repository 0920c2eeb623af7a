//! A loopback tap between serenity's shard and Discord's gateway, so that no interaction is
//! lost to a shape serenity 0.12 cannot read.
//!
//! serenity reads each gateway frame into its own types and drops a frame it cannot read
//! (a warning in its log, nothing else): an `INTERACTION_CREATE` with a field its types
//! require and Discord leaves out (a role in `resolved` without `colors`), or a component
//! kind added after it (components v2), never reached our handler, and the user saw "The
//! application did not respond". The tap forwards every frame both ways unchanged, except an
//! interaction serenity would refuse: that one goes, as the JSON Discord sent, to the same
//! handler the HTTP endpoint uses (which reads JSON, not serenity's types), and serenity gets
//! an event of a name it does not know with the same sequence number, which it passes over
//! (so its heartbeats and RESUME carry the right sequence, and a resume replays nothing).
//!
//! serenity 0.12 always connects to the URL it was given (it never uses READY's
//! `resume_gateway_url`), so one tap per session sees every connection, resumes included.
//! The tap listens on 127.0.0.1 only and ends with the session.

use crate::interactions::Handler;
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use serenity::model::application::Interaction;
use std::sync::Arc;
use tokio::net::TcpListener;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::handshake::server::{Request, Response};
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;

/// The event name serenity is handed in place of an interaction the tap answered itself.
pub const ANSWERED_BY_TAP: &str = "GPUSCOUT_ANSWERED_RAW";

/// A running tap: serenity connects to [`Tap::url`]; dropping it stops listening.
pub(crate) struct Tap {
    url: String,
    task: tokio::task::JoinHandle<()>,
}

impl Drop for Tap {
    fn drop(&mut self) {
        self.task.abort();
    }
}

impl Tap {
    /// Listens on a free loopback port; each connection is relayed to `upstream` (Discord's
    /// gateway URL, with the query serenity asks for).
    pub async fn start(upstream: String, handler: Arc<Handler>) -> std::io::Result<Tap> {
        let listener = TcpListener::bind("127.0.0.1:0").await?;
        let url = format!("ws://{}", listener.local_addr()?);
        let task = tokio::spawn(async move {
            let mut relays = tokio::task::JoinSet::new();
            while let Ok((stream, _)) = listener.accept().await {
                relays.spawn(relay(stream, upstream.clone(), handler.clone()));
                while relays.try_join_next().is_some() {}
            }
        });
        Ok(Tap { url, task })
    }

    pub fn url(&self) -> &str {
        &self.url
    }
}

/// One connection: serenity on one side, Discord on the other, until either closes.
// tungstenite's handshake callback returns its own `Result<Response, ErrorResponse>`.
#[allow(clippy::result_large_err)]
async fn relay(stream: tokio::net::TcpStream, upstream: String, handler: Arc<Handler>) {
    let mut query = None;
    let callback = |req: &Request, resp: Response| {
        query = req.uri().query().map(str::to_string);
        Ok(resp)
    };
    // No size caps of our own, as serenity sets none: a large GUILD_CREATE must pass.
    let config = WebSocketConfig {
        max_message_size: None,
        max_frame_size: None,
        ..WebSocketConfig::default()
    };
    let Ok(client) =
        tokio_tungstenite::accept_hdr_async_with_config(stream, callback, Some(config)).await
    else {
        return;
    };
    // Through `Url`, as serenity builds its own: `wss://host` gets its `/` path before the query.
    let target = match url::Url::parse(&upstream) {
        Ok(mut u) => {
            if u.query().is_none() {
                u.set_query(query.as_deref());
            }
            u.to_string()
        }
        Err(e) => {
            tracing::warn!("discord: gateway tap: the gateway URL does not parse ({e})");
            return;
        }
    };
    let connected =
        tokio_tungstenite::connect_async_with_config(target.as_str(), Some(config), true).await;
    let (server, _) = match connected {
        Ok(s) => s,
        Err(e) => {
            tracing::warn!("discord: gateway tap: connecting failed ({e})");
            return;
        }
    };
    let (mut to_client, mut from_client) = client.split();
    let (mut to_server, mut from_server) = server.split();
    let up = async {
        while let Some(Ok(m)) = from_client.next().await {
            let close = matches!(m, Message::Close(_));
            if to_server.send(m).await.is_err() || close {
                break;
            }
        }
    };
    let down = async {
        while let Some(Ok(m)) = from_server.next().await {
            let close = matches!(m, Message::Close(_));
            let m = match read_ourselves(&m) {
                Some(interaction) => {
                    let seq = interaction.0;
                    answer(handler.clone(), interaction.1);
                    Message::Text(
                        json!({"op": 0, "s": seq, "t": ANSWERED_BY_TAP, "d": {}}).to_string(),
                    )
                }
                None => m,
            };
            if to_client.send(m).await.is_err() || close {
                break;
            }
        }
    };
    // Either side ending ends the connection the way it ended: a close frame is passed on
    // as it came, a connection cut is cut on the other side too, with no close frame of our
    // own (a close from us would read as the session's end; a cut one is resumed).
    tokio::select! {
        () = up => {}
        () = down => {}
    }
}

/// The frame's text: as sent, or inflated from the zlib a `compress: true` session gets.
fn frame_text(m: &Message) -> Option<std::borrow::Cow<'_, str>> {
    match m {
        Message::Text(t) => Some(t.as_str().into()),
        Message::Binary(b) => {
            use std::io::Read;
            let mut out = String::new();
            flate2::read::ZlibDecoder::new(&b[..])
                .read_to_string(&mut out)
                .ok()?;
            Some(out.into())
        }
        _ => None,
    }
}

/// `Some((sequence, interaction))` when `m` is an interaction serenity cannot read; every
/// other frame (the common case, and every non-interaction) is `None` and goes as it came.
pub fn read_ourselves(m: &Message) -> Option<(u64, Value)> {
    let text = frame_text(m)?;
    // Only an interaction is read here: a plain substring test keeps every other frame free.
    if !text.contains("INTERACTION_CREATE") {
        return None;
    }
    let mut frame: Value = serde_json::from_str(&text).ok()?;
    if frame["op"].as_u64() != Some(0) || frame["t"].as_str() != Some("INTERACTION_CREATE") {
        return None;
    }
    let seq = frame["s"].as_u64()?;
    let d = frame.get_mut("d").map(Value::take)?;
    if serde_json::from_value::<Interaction>(d.clone()).is_ok() {
        return None;
    }
    Some((seq, d))
}

/// Answers one interaction from its JSON, as the gateway does with serenity's, held like any
/// interaction in hand (a stop waits for it).
fn answer(handler: Arc<Handler>, i: Value) {
    tracing::info!(
        "discord: gateway: an interaction serenity cannot read (type {}) answered from its JSON",
        i["type"]
    );
    tokio::spawn(async move {
        let _held = handler.pending.hold();
        let work = crate::gateway::answer_json(&handler, i);
        handler.pending.unless_given_up(work).await;
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn zlib(text: &str) -> Vec<u8> {
        use std::io::Write;
        let mut z = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::fast());
        z.write_all(text.as_bytes()).unwrap();
        z.finish().unwrap()
    }

    #[test]
    fn only_an_interaction_serenity_refuses_is_taken_and_compressed_frames_are_read() {
        // A role in `resolved` without `colors` (serenity 0.12 requires it; Discord may leave
        // it out) in a slash command with a role option.
        let refused = json!({"op": 0, "s": 42, "t": "INTERACTION_CREATE", "d": {
            "id": "1", "application_id": "2", "type": 2, "token": "t", "version": 1,
            "channel_id": "3", "locale": "en-US", "guild_id": "4",
            "member": {"user": {"id": "5", "username": "u", "discriminator": "0", "avatar": null},
                       "roles": [], "permissions": "0", "joined_at": "2026-01-01T00:00:00+00:00",
                       "deaf": false, "mute": false, "flags": 0},
            "data": {"id": "6", "name": "gpu", "type": 1,
                     "options": [{"name": "role", "type": 8, "value": "7"}],
                     "resolved": {"roles": {"7": {"id": "7", "name": "r"}}}}}});
        let text = refused.to_string();
        for m in [Message::Text(text.clone()), Message::Binary(zlib(&text))] {
            let (seq, d) = read_ourselves(&m).expect("taken");
            assert_eq!((seq, d["id"].as_str()), (42, Some("1")));
        }
        // A command serenity reads, a message, a heartbeat ACK, garbage: all left alone.
        let d = gpuscout_testkit::fake_discord::Interactions::new("127.0.0.1:1".parse().unwrap());
        let cmd = d.command("gpu", &[("gpu", json!("4090"))], "5", "en-US");
        let readable = json!({"op": 0, "s": 43, "t": "INTERACTION_CREATE", "d": cmd});
        for m in [
            Message::Text(readable.to_string()),
            Message::Text(r#"{"op": 0, "s": 9, "t": "MESSAGE_CREATE", "d": {"content": "INTERACTION_CREATE"}}"#.into()),
            Message::Text(r#"{"op": 11, "d": null}"#.into()),
            Message::Binary(vec![1, 2, 3]),
            Message::Text("INTERACTION_CREATE not json".into()),
        ] {
            assert_eq!(read_ourselves(&m), None, "{m:?}");
        }
    }
}
