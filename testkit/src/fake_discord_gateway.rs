//! A loopback fake of Discord's gateway: the WebSocket a bot connects to after
//! `GET /gateway/bot` (the fake REST API hands out this URL, see
//! [`FakeDiscord::use_gateway`](crate::fake_discord::FakeDiscord::use_gateway)).
//!
//! It speaks the real protocol in JSON text frames: HELLO (op 10) on connect, READY after a
//! valid IDENTIFY (op 2; a wrong token is closed with 4004, as Discord does), HEARTBEAT_ACK
//! (op 11) for every HEARTBEAT (op 1), and dispatches (op 0) with a rising sequence number
//! that tests push with [`FakeGateway::dispatch`]. Listens on 127.0.0.1 only.

use crate::fake_discord::{APPLICATION_ID, CHANNEL_ID, GUILD_ID, TOKEN};
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::CloseFrame;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;

/// The bot's own user id in READY (Discord uses the application id).
pub const BOT_USER_ID: u64 = APPLICATION_ID;
/// A DM channel between the test user and the bot.
pub const DM_CHANNEL_ID: u64 = 300000000000000009;

#[derive(Default)]
struct Inner {
    /// Every IDENTIFY payload's `d`, in order.
    identifies: Vec<Value>,
    /// Sessions that identified and are still open: where dispatches go.
    live: Vec<mpsc::UnboundedSender<Value>>,
    seq: u64,
    /// Close the next IDENTIFY with this code instead of READY (e.g. 4014, disallowed intents).
    refuse_next: Option<u16>,
}

/// The fake gateway, running on its own thread until dropped with the test.
pub struct FakeGateway {
    addr: SocketAddr,
    inner: Arc<Mutex<Inner>>,
}

impl FakeGateway {
    pub fn start() -> FakeGateway {
        let inner = Arc::new(Mutex::new(Inner::default()));
        let (tx, rx) = std::sync::mpsc::channel();
        let state = inner.clone();
        std::thread::spawn(move || {
            let rt = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .unwrap();
            rt.block_on(async move {
                let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
                let addr = listener.local_addr().unwrap();
                tx.send(addr).unwrap();
                while let Ok((stream, _)) = listener.accept().await {
                    tokio::spawn(session(stream, addr, state.clone()));
                }
            });
        });
        let addr = rx.recv().unwrap();
        FakeGateway { addr, inner }
    }

    /// The URL `GET /gateway/bot` answers with.
    pub fn url(&self) -> String {
        format!("ws://{}", self.addr)
    }

    /// The next IDENTIFY is closed with `code` (4004 bad token, 4014 disallowed intents…), as
    /// Discord does; later ones get READY again.
    pub fn refuse_next_identify(&self, code: u16) {
        self.inner.lock().unwrap().refuse_next = Some(code);
    }

    /// Every IDENTIFY's payload so far.
    pub fn identifies(&self) -> Vec<Value> {
        self.inner.lock().unwrap().identifies.clone()
    }

    /// Waits up to 30 s for a session that identified (and got READY).
    pub fn wait_for_session(&self) {
        let deadline = Instant::now() + Duration::from_secs(30);
        while self.inner.lock().unwrap().live.is_empty() {
            assert!(Instant::now() < deadline, "the bot never identified");
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Sends event `t` with payload `d` to every identified session.
    pub fn dispatch(&self, t: &str, d: Value) {
        let mut inner = self.inner.lock().unwrap();
        inner.seq += 1;
        let frame = json!({"op": 0, "t": t, "s": inner.seq, "d": d});
        inner.live.retain(|tx| tx.send(frame.clone()).is_ok());
    }
}

fn user(id: &str, bot: bool) -> Value {
    json!({
        "id": id, "username": format!("user{id}"), "discriminator": "0",
        "global_name": null, "avatar": null, "bot": bot,
    })
}

/// A MESSAGE_CREATE payload as Discord sends it: from `author` in `channel` (a guild channel
/// when `guild`), with the users in `mentions`; `reply_to` quotes a message by `reply_author`.
pub fn message(
    id: &str,
    content: &str,
    author: &str,
    channel: u64,
    guild: bool,
    mentions: &[&str],
    reply_to: Option<(&str, &str)>,
) -> Value {
    let mut m = json!({
        "id": id, "channel_id": channel.to_string(), "author": user(author, false),
        "content": content, "timestamp": "2026-12-01T10:00:00.000000+00:00",
        "edited_timestamp": null, "tts": false, "mention_everyone": false,
        "mentions": mentions.iter().map(|u| user(u, *u == BOT_USER_ID.to_string())).collect::<Vec<_>>(),
        "mention_roles": [], "attachments": [], "embeds": [], "pinned": false, "type": 0,
        "components": [], "flags": 0,
    });
    if guild {
        m["guild_id"] = json!(GUILD_ID.to_string());
        m["member"] = json!({"roles": [], "joined_at": "2026-01-01T00:00:00.000000+00:00", "deaf": false, "mute": false, "flags": 0});
    }
    if let Some((quoted, quoted_author)) = reply_to {
        m["type"] = json!(19);
        m["message_reference"] =
            json!({"message_id": quoted, "channel_id": channel.to_string(), "type": 0});
        let mut q = m.clone();
        q["id"] = json!(quoted);
        q["author"] = user(quoted_author, quoted_author == BOT_USER_ID.to_string());
        q["type"] = json!(0);
        if let Some(o) = q.as_object_mut() {
            o.remove("message_reference");
        }
        m["referenced_message"] = q;
    }
    m
}

/// The channel the guild tests talk in.
pub const GUILD_CHANNEL_ID: u64 = CHANNEL_ID;

async fn session(stream: tokio::net::TcpStream, addr: SocketAddr, inner: Arc<Mutex<Inner>>) {
    let Ok(mut ws) = tokio_tungstenite::accept_async(stream).await else {
        return;
    };
    let hello = json!({"op": 10, "d": {"heartbeat_interval": 41250}, "s": null, "t": null});
    if ws.send(Message::Text(hello.to_string())).await.is_err() {
        return;
    }
    let (out_tx, mut out_rx) = mpsc::unbounded_channel::<Value>();
    loop {
        tokio::select! {
            frame = ws.next() => {
                let text = match frame {
                    Some(Ok(Message::Text(t))) => t,
                    Some(Ok(Message::Binary(_) | Message::Ping(_) | Message::Pong(_) | Message::Frame(_))) => continue,
                    Some(Ok(Message::Close(_))) | Some(Err(_)) | None => return,
                };
                let Ok(v) = serde_json::from_str::<Value>(&text) else { continue };
                match v["op"].as_u64() {
                    Some(1) => {
                        let ack = json!({"op": 11, "d": null, "s": null, "t": null});
                        if ws.send(Message::Text(ack.to_string())).await.is_err() { return; }
                    }
                    Some(2) => {
                        let d = v["d"].clone();
                        let token = d["token"].as_str().unwrap_or("");
                        let refused = {
                            let mut inner = inner.lock().unwrap();
                            inner.identifies.push(d.clone());
                            inner.refuse_next.take()
                        };
                        let refused = refused.or((token.trim_start_matches("Bot ") != TOKEN).then_some(4004));
                        if let Some(code) = refused {
                            let close = CloseFrame { code: CloseCode::from(code), reason: "Refused.".into() };
                            let _ = ws.send(Message::Close(Some(close))).await;
                            return;
                        }
                        let seq = {
                            let mut inner = inner.lock().unwrap();
                            inner.seq += 1;
                            inner.seq
                        };
                        let ready = json!({"op": 0, "t": "READY", "s": seq, "d": {
                            "v": 10, "user": user(&BOT_USER_ID.to_string(), true),
                            "guilds": [{"id": GUILD_ID.to_string(), "unavailable": true}],
                            "session_id": "fake-session",
                            "resume_gateway_url": format!("ws://{addr}"),
                            "shard": [0, 1],
                            "application": {"id": APPLICATION_ID.to_string(), "flags": 0},
                        }});
                        if ws.send(Message::Text(ready.to_string())).await.is_err() { return; }
                        inner.lock().unwrap().live.push(out_tx.clone());
                    }
                    _ => {}
                }
            }
            Some(frame) = out_rx.recv() => {
                if ws.send(Message::Text(frame.to_string())).await.is_err() { return; }
            }
        }
    }
}
