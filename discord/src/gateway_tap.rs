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

use crate::gateway::Events;
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
    pub async fn start(upstream: String, events: Arc<Events>) -> std::io::Result<Tap> {
        let listener = TcpListener::bind("127.0.0.1:0").await?;
        let url = format!("ws://{}", listener.local_addr()?);
        let task = tokio::spawn(async move {
            let mut relays = tokio::task::JoinSet::new();
            while let Ok((stream, _)) = listener.accept().await {
                relays.spawn(relay(stream, upstream.clone(), events.clone()));
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
async fn relay(stream: tokio::net::TcpStream, upstream: String, events: Arc<Events>) {
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
            let me = *events.me.borrow();
            let m = match read_ourselves(&m, me) {
                Some(taken) => {
                    let seq = taken.seq();
                    if let Taken::Ready(id) = taken {
                        // Known before serenity's own task reads READY, so a message right
                        // behind it is judged with it.
                        events.me.send_replace(id);
                        m
                    } else if let Taken::Roles(d) = taken {
                        events.roles.learn(&d, me);
                        m
                    } else if let Taken::ThreadOpen(id) = taken {
                        let events = events.clone();
                        tokio::spawn(async move { events.chat_back(id, "reopened").await });
                        m
                    } else {
                        answer(events.clone(), taken);
                        Message::Text(
                            json!({"op": 0, "s": seq, "t": ANSWERED_BY_TAP, "d": {}}).to_string(),
                        )
                    }
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

/// A frame the tap reads itself.
#[derive(Debug, PartialEq)]
pub enum Taken {
    /// READY, with our own user id (the frame still goes on to serenity).
    Ready(u64),
    /// (sequence, interaction) serenity cannot read.
    Interaction(u64, Value),
    /// (sequence, message) addressed to us (`me`) that serenity cannot read.
    Message(u64, Value),
    /// A guild or a role event, for the bot's own roles (the frame still goes on).
    Roles(Value),
    /// THREAD_UPDATE of a thread open again (neither archived nor locked), by id (the frame
    /// still goes on).
    ThreadOpen(String),
}

impl Taken {
    fn seq(&self) -> u64 {
        match self {
            Taken::Ready(_) | Taken::Roles(_) | Taken::ThreadOpen(_) => 0,
            Taken::Interaction(s, _) | Taken::Message(s, _) => *s,
        }
    }
}

/// What the tap takes from `m`: READY's user id; an interaction serenity cannot read; a
/// message addressed to us (`me`, 0 before READY) that serenity cannot read. Every other frame
/// (the common case) is `None` and goes as it came: a plain substring test keeps most frames
/// free, and a guild message is tried with serenity's types only when it is for us.
pub fn read_ourselves(m: &Message, me: u64) -> Option<Taken> {
    let text = frame_text(m)?;
    if ![
        "INTERACTION_CREATE",
        "MESSAGE_CREATE",
        "READY",
        "GUILD_CREATE",
        "GUILD_ROLE_",
        "THREAD_UPDATE",
    ]
    .iter()
    .any(|k| text.contains(k))
    {
        return None;
    }
    let mut frame: Value = serde_json::from_str(&text).ok()?;
    if frame["op"].as_u64() != Some(0) {
        return None;
    }
    let seq = frame["s"].as_u64()?;
    let d = frame.get_mut("d").map(Value::take)?;
    match frame["t"].as_str()? {
        "READY" => d["user"]["id"].as_str()?.parse().ok().map(Taken::Ready),
        "GUILD_CREATE" | "GUILD_ROLE_CREATE" | "GUILD_ROLE_UPDATE" => Some(Taken::Roles(d)),
        // A thread unarchived and unlocked: the bot may post there again (50083 paused it).
        "THREAD_UPDATE" => {
            let meta = &d["thread_metadata"];
            let open =
                meta["archived"] == Value::Bool(false) && meta["locked"] != Value::Bool(true);
            open.then(|| d["id"].as_str().map(|id| Taken::ThreadOpen(id.to_string())))?
        }
        "INTERACTION_CREATE" => serde_json::from_value::<Interaction>(d.clone())
            .is_err()
            .then_some(Taken::Interaction(seq, d)),
        "MESSAGE_CREATE" => {
            crate::gateway::addressed_json(&d, me)?;
            serde_json::from_value::<serenity::model::channel::Message>(d.clone())
                .is_err()
                .then_some(Taken::Message(seq, d))
        }
        _ => None,
    }
}

/// Answers one interaction or message from its JSON, as the gateway does with serenity's,
/// held like any in hand (a stop waits for it).
fn answer(events: Arc<Events>, taken: Taken) {
    tokio::spawn(async move {
        let handler = &events.handler;
        match taken {
            Taken::Interaction(_, i) => {
                tracing::info!(
                    "discord: gateway: an interaction serenity cannot read (type {}) answered from its JSON",
                    i["type"]
                );
                let _held = handler.pending.hold();
                let work = crate::gateway::answer_json(handler, i);
                handler.pending.unless_given_up(work).await;
            }
            Taken::Message(_, d) => {
                let Some(me) = events.me().await else { return };
                let Some(incoming) = crate::gateway::addressed_json(&d, me) else {
                    return;
                };
                tracing::info!(
                    "discord: gateway: a message serenity cannot read answered from its JSON"
                );
                events.answer_message(incoming).await;
            }
            Taken::Ready(_) | Taken::Roles(_) | Taken::ThreadOpen(_) => {}
        }
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
            let Some(Taken::Interaction(seq, d)) = read_ourselves(&m, 111) else {
                panic!("taken: {m:?}");
            };
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
            assert_eq!(read_ourselves(&m, 111), None, "{m:?}");
        }
    }

    #[test]
    fn ready_gives_our_id_and_only_a_message_for_us_that_serenity_refuses_is_taken() {
        let ready = json!({"op": 0, "s": 1, "t": "READY", "d": {"v": 10,
            "user": {"id": "111", "username": "bot", "discriminator": "0", "bot": true},
            "session_id": "s", "guilds": []}});
        assert_eq!(
            read_ourselves(&Message::Text(ready.to_string()), 0),
            Some(Taken::Ready(111))
        );
        let user =
            |id: &str| json!({"id": id, "username": "u", "discriminator": "0", "avatar": null});
        // A DM forwarding a message whose snapshot is the documented partial message (no
        // `mentions`, `embeds`, `attachments`: serenity requires them).
        let dm = |author: Value, snapshot: Value| {
            json!({"op": 0, "s": 7, "t": "MESSAGE_CREATE", "d": {
                "id": "5000", "channel_id": "6000", "author": author, "content": "",
                "timestamp": "2026-12-01T10:00:00.000000+00:00", "edited_timestamp": null,
                "tts": false, "mention_everyone": false, "mentions": [], "mention_roles": [],
                "attachments": [], "embeds": [], "pinned": false, "type": 0,
                "message_snapshots": [{"message": snapshot}]}})
        };
        let partial = json!({"type": 0, "content": "/gpu h100",
            "timestamp": "2026-12-01T09:00:00.000000+00:00"});
        let whole = json!({"type": 0, "content": "/gpu h100", "mentions": [],
            "attachments": [], "embeds": [], "timestamp": "2026-12-01T09:00:00.000000+00:00",
            "edited_timestamp": null});
        let taken = read_ourselves(
            &Message::Text(dm(user("222"), partial.clone()).to_string()),
            111,
        );
        assert!(matches!(taken, Some(Taken::Message(7, _))), "{taken:?}");
        let Some(Taken::Message(_, d)) = taken else {
            unreachable!()
        };
        let m = crate::gateway::addressed_json(&d, 111).unwrap();
        assert_eq!(
            (m.text.as_str(), m.in_guild, m.id),
            ("/gpu h100", false, 5000)
        );
        // serenity reads the whole one itself; a bot's and our own are never ours to answer;
        // before READY nothing is judged addressed.
        let mut bot = user("333");
        bot["bot"] = json!(true);
        for (frame, me) in [
            (dm(user("222"), whole), 111),
            (dm(bot, partial.clone()), 111),
            (dm(user("111"), partial.clone()), 111),
            (dm(user("222"), partial.clone()), 0),
        ] {
            assert_eq!(
                read_ourselves(&Message::Text(frame.to_string()), me),
                None,
                "{frame}"
            );
        }
        // In a guild: only a mention of us, or a reply to us.
        let mut guild = dm(user("222"), partial);
        guild["d"]["guild_id"] = json!("7000");
        guild["d"]["content"] = json!("<@111> cheapest h100?");
        assert_eq!(
            read_ourselves(&Message::Text(guild.to_string()), 111),
            None,
            "no mention"
        );
        guild["d"]["mentions"] = json!([user("111")]);
        let Some(Taken::Message(_, d)) = read_ourselves(&Message::Text(guild.to_string()), 111)
        else {
            panic!("a mention is taken")
        };
        let m = crate::gateway::addressed_json(&d, 111).unwrap();
        assert_eq!((m.text.as_str(), m.in_guild), ("cheapest h100?", true));
    }
}
