//! A loopback fake of Discord's gateway: the WebSocket a bot connects to after
//! `GET /gateway/bot` (the fake REST API hands out this URL, see
//! [`FakeDiscord::use_gateway`](crate::fake_discord::FakeDiscord::use_gateway)).
//!
//! It speaks the real protocol in JSON text frames: HELLO (op 10) on connect, READY after a
//! valid IDENTIFY (op 2; a wrong token is closed with 4004, as Discord does), HEARTBEAT_ACK
//! (op 11) for every HEARTBEAT (op 1, whose sequence is recorded), and dispatches (op 0) with
//! a rising sequence number that tests push with [`FakeGateway::dispatch`]. Sessions can be
//! dropped without a close frame ([`FakeGateway::drop_connections`], a network failure); a
//! RESUME (op 6) with the session id gets every dispatch after its sequence replayed, then
//! RESUMED, as Discord does. Dispatches can be sent zlib-compressed in binary frames
//! ([`FakeGateway::compress`]: the payload compression an IDENTIFY with `compress: true`
//! asks for). Listens on 127.0.0.1 only.

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
    live: Vec<mpsc::UnboundedSender<Out>>,
    seq: u64,
    /// Every dispatch sent (or due while no session was open), for RESUME to replay.
    log: Vec<(u64, Value)>,
    /// Every RESUME payload's `d`, in order.
    resumes: Vec<Value>,
    /// The sequence number of every HEARTBEAT, in order.
    heartbeats: Vec<Option<u64>>,
    /// HELLO's `heartbeat_interval` (Discord's is about 41 s).
    heartbeat_ms: u64,
    /// Send dispatches as zlib in binary frames.
    compress: bool,
    /// Close the next IDENTIFY with this code instead of READY (e.g. 4014, disallowed intents).
    refuse_next: Option<u16>,
    /// The session was invalidated (op 9, `d: false`): RESUMEs are refused until an IDENTIFY.
    invalidated: bool,
    /// HEARTBEATs are recorded but never ACKed (a zombied connection, as Discord's docs
    /// describe: the client should close it and reconnect).
    withhold_acks: bool,
    /// Connections accepted so far.
    connections: usize,
}

/// The fake gateway, running on its own thread until dropped with the test.
pub struct FakeGateway {
    addr: SocketAddr,
    inner: Arc<Mutex<Inner>>,
}

impl FakeGateway {
    pub fn start() -> FakeGateway {
        let inner = Arc::new(Mutex::new(Inner {
            heartbeat_ms: 41_250,
            ..Inner::default()
        }));
        let state = inner.clone();
        let (addr, _) =
            crate::loopback::spawn("the fake Discord gateway", 0, |listener| async move {
                let addr = listener.local_addr().unwrap();
                while let Ok((stream, _)) = listener.accept().await {
                    tokio::spawn(session(stream, addr, state.clone()));
                }
            });
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

    /// Sends event `t` with payload `d` to every identified session (kept for a RESUME when
    /// none is open); returns its sequence number.
    pub fn dispatch(&self, t: &str, d: Value) -> u64 {
        let mut inner = self.inner.lock().unwrap();
        inner.seq += 1;
        let seq = inner.seq;
        let frame = json!({"op": 0, "t": t, "s": seq, "d": d});
        inner.log.push((seq, frame.clone()));
        inner
            .live
            .retain(|tx| tx.send(Out::Frame(frame.clone())).is_ok());
        seq
    }

    /// The heartbeat interval HELLO asks for from now on (a test needs heartbeats sooner).
    /// Sends every live session a frame of opcode `op` with data `d` and no sequence (7
    /// RECONNECT, 9 INVALID_SESSION, 11 a heartbeat ACK unasked, 1 a heartbeat request).
    pub fn send_op(&self, op: u64, d: Value) {
        let frame = json!({"op": op, "d": d, "s": null, "t": null});
        let mut inner = self.inner.lock().unwrap();
        if op == 9 && d == json!(false) {
            // An invalidated session cannot be resumed: a RESUME now is refused.
            inner.invalidated = true;
        }
        inner
            .live
            .retain(|tx| tx.send(Out::Frame(frame.clone())).is_ok());
    }

    pub fn set_heartbeat_interval(&self, every: Duration) {
        self.inner.lock().unwrap().heartbeat_ms = every.as_millis() as u64;
    }

    /// HEARTBEATs get no ACK from now on (`true`), on every connection, new ones too, until
    /// set back (`false`).
    pub fn withhold_acks(&self, on: bool) {
        self.inner.lock().unwrap().withhold_acks = on;
    }

    /// How many connections the gateway has accepted (each one says HELLO).
    pub fn connections(&self) -> usize {
        self.inner.lock().unwrap().connections
    }

    /// Dispatches go zlib-compressed in binary frames from now on.
    pub fn compress(&self, on: bool) {
        self.inner.lock().unwrap().compress = on;
    }

    /// Drops every open session's connection without a close frame, as a network failure
    /// does; dispatches from now on wait for a RESUME.
    pub fn drop_connections(&self) {
        let mut inner = self.inner.lock().unwrap();
        for tx in inner.live.drain(..) {
            let _ = tx.send(Out::Drop);
        }
    }

    /// Every RESUME's payload so far.
    pub fn resumes(&self) -> Vec<Value> {
        self.inner.lock().unwrap().resumes.clone()
    }

    /// The sequence number each HEARTBEAT carried, in order.
    pub fn heartbeats(&self) -> Vec<Option<u64>> {
        self.inner.lock().unwrap().heartbeats.clone()
    }

    /// Waits up to 30 s until `pred` holds for what the gateway recorded.
    pub fn wait_until(&self, what: &str, pred: impl Fn(&FakeGateway) -> bool) {
        let deadline = Instant::now() + Duration::from_secs(30);
        while !pred(self) {
            assert!(Instant::now() < deadline, "gateway: {what} never happened");
            std::thread::sleep(Duration::from_millis(20));
        }
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

/// What a session is told to do.
enum Out {
    Frame(Value),
    /// Go away without a close frame.
    Drop,
}

/// A dispatch as a WebSocket message: JSON text, or zlib-compressed JSON in a binary frame.
fn encode(frame: &Value, compress: bool) -> Message {
    if !compress {
        return Message::Text(frame.to_string());
    }
    use std::io::Write;
    let mut z = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::default());
    z.write_all(frame.to_string().as_bytes()).unwrap();
    Message::Binary(z.finish().unwrap())
}

async fn session(stream: tokio::net::TcpStream, addr: SocketAddr, inner: Arc<Mutex<Inner>>) {
    let Ok(mut ws) = tokio_tungstenite::accept_async(stream).await else {
        return;
    };
    let every = {
        let mut inner = inner.lock().unwrap();
        inner.connections += 1;
        inner.heartbeat_ms
    };
    let hello = json!({"op": 10, "d": {"heartbeat_interval": every}, "s": null, "t": null});
    if ws.send(Message::Text(hello.to_string())).await.is_err() {
        return;
    }
    let (out_tx, mut out_rx) = mpsc::unbounded_channel::<Out>();
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
                        let withhold = {
                            let mut inner = inner.lock().unwrap();
                            inner.heartbeats.push(v["d"].as_u64());
                            inner.withhold_acks
                        };
                        // A zombied connection: the heartbeat arrives, no ACK ever comes.
                        if withhold {
                            continue;
                        }
                        let ack = json!({"op": 11, "d": null, "s": null, "t": null});
                        if ws.send(Message::Text(ack.to_string())).await.is_err() { return; }
                    }
                    Some(2) => {
                        let d = v["d"].clone();
                        let token = d["token"].as_str().unwrap_or("");
                        let refused = {
                            let mut inner = inner.lock().unwrap();
                            inner.identifies.push(d.clone());
                            inner.invalidated = false;
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
                        let compress = inner.lock().unwrap().compress;
                        if ws.send(encode(&ready, compress)).await.is_err() { return; }
                        inner.lock().unwrap().live.push(out_tx.clone());
                    }
                    Some(6) => {
                        let d = v["d"].clone();
                        let (replay, resumed, compress) = {
                            let mut inner = inner.lock().unwrap();
                            inner.resumes.push(d.clone());
                            let valid = d["token"].as_str().unwrap_or("").trim_start_matches("Bot ") == TOKEN
                                && d["session_id"] == "fake-session"
                                && !inner.invalidated;
                            if !valid {
                                (None, None, false)
                            } else {
                                let after = d["seq"].as_u64().unwrap_or(0);
                                let replay: Vec<Value> = inner.log.iter().filter(|(s, _)| *s > after).map(|(_, f)| f.clone()).collect();
                                inner.seq += 1;
                                let resumed = json!({"op": 0, "t": "RESUMED", "s": inner.seq, "d": {}});
                                let seq = inner.seq;
                                inner.log.push((seq, resumed.clone()));
                                inner.live.push(out_tx.clone());
                                (Some(replay), Some(resumed), inner.compress)
                            }
                        };
                        let (Some(replay), Some(resumed)) = (replay, resumed) else {
                            // Not resumable: Discord answers INVALID_SESSION (d = false).
                            let invalid = json!({"op": 9, "d": false, "s": null, "t": null});
                            if ws.send(Message::Text(invalid.to_string())).await.is_err() { return; }
                            continue;
                        };
                        for f in replay.iter().chain([&resumed]) {
                            if ws.send(encode(f, compress)).await.is_err() { return; }
                        }
                    }
                    _ => {}
                }
            }
            Some(out) = out_rx.recv() => {
                let frame = match out {
                    Out::Frame(frame) => frame,
                    // Dropping the stream closes the TCP connection with no close frame.
                    Out::Drop => return,
                };
                let compress = inner.lock().unwrap().compress;
                if ws.send(encode(&frame, compress)).await.is_err() { return; }
            }
        }
    }
}

/// A `/gpu 4090` slash command serenity 0.12 cannot read: its `resolved` role has no
/// `colors` (role gradients; serenity requires the field, Discord leaves it out for apps that
/// predate them).
pub fn unreadable_command(d: &crate::fake_discord::Interactions, user: &str) -> Value {
    let mut cmd = d.command("gpu", &[("gpu", json!("4090"))], user, "en-US");
    cmd["data"]["resolved"] = json!({"roles": {"900000000000000009": {
        "id": "900000000000000009", "name": "renters", "color": 0, "hoist": false,
        "icon": null, "unicode_emoji": null, "position": 1, "permissions": "0",
        "managed": false, "mentionable": true, "flags": 0}}});
    cmd
}

/// A role select (component type 6) pressed with the chosen role in `resolved`, again without
/// `colors`, which serenity 0.12 cannot read either.
pub fn unreadable_press(d: &crate::fake_discord::Interactions, user: &str) -> Value {
    let mut press = d.press("x:stale", &["900000000000000009"], user, user, false);
    press["data"] = json!({"custom_id": "x:stale", "component_type": 6,
        "values": ["900000000000000009"], "resolved": {"roles": {"900000000000000009": {
        "id": "900000000000000009", "name": "renters", "color": 0, "hoist": false,
        "icon": null, "unicode_emoji": null, "position": 1, "permissions": "0",
        "managed": false, "mentionable": true, "flags": 0}}}});
    press
}
