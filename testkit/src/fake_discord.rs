//! A loopback fake of Discord for end-to-end tests: the REST API the bot calls (command
//! registration, interaction follow-ups and edits, channel messages), and the other side of
//! the interactions endpoint, posting Ed25519-signed interactions the way Discord does.
//!
//! Tests read back every REST call ([`FakeDiscord::calls`]) and can inject failures (a 429
//! with `retry_after`, a deleted channel) per path. Messages with files come as Discord takes
//! them, `multipart/form-data` with the message in `payload_json` and the uploads in
//! `files[n]`; the call records both ([`Call::files`]). Listens on 127.0.0.1 only.

use axum::Router;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, Method, StatusCode, Uri};
use axum::response::IntoResponse;
use axum::routing::any;
use ed25519_dalek::{Signer, SigningKey};
use serde_json::{Value, json};
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use crate::multipart::{self, FormPart};

/// The bot token the fake expects on authenticated routes.
pub const TOKEN: &str = "MTAwMDAwMDAwMDAwMDAwMDAx.fake.discord-token-for-loopback";
pub const APPLICATION_ID: u64 = 100000000000000001;
pub const GUILD_ID: u64 = 200000000000000002;
pub const CHANNEL_ID: u64 = 300000000000000003;

/// One REST call the bot made.
#[derive(Clone, Debug)]
pub struct Call {
    pub method: String,
    pub path: String,
    pub authorization: Option<String>,
    /// The JSON body, or a multipart request's `payload_json`.
    pub body: Value,
    /// Uploaded files of a multipart request (`files[n]` parts), in order.
    pub files: Vec<FormPart>,
    pub at: Instant,
    /// The fake failed it on purpose ([`FakeDiscord::fail_every`]): not carried out.
    pub failed: bool,
    /// A message create with `enforce_nonce` whose nonce this channel had seen: as Discord
    /// does, the earlier message came back and none was created.
    pub repeat: bool,
}

/// A failure to answer instead of success, once.
#[derive(Clone, Debug)]
pub struct Failure {
    pub status: u16,
    pub body: Value,
}

impl Failure {
    /// 429 with `retry_after` seconds (global or per route).
    pub fn rate_limited(retry_after: f64, global: bool) -> Failure {
        Failure {
            status: 429,
            body: json!({"message": "You are being rate limited.", "retry_after": retry_after, "global": global}),
        }
    }
    /// A page that is not Discord's JSON (Cloudflare in front of the API: HTML) with a
    /// `Retry-After` header of `retry_after` whole seconds.
    pub fn html(status: u16, page: &str, retry_after: u64) -> Failure {
        Failure {
            status,
            body: json!({"html": page, "retry_after_header": retry_after}),
        }
    }
    /// `status` with Discord's JSON `body` and these headers (`X-RateLimit-*`).
    pub fn with_headers(status: u16, mut body: Value, headers: &[(&str, &str)]) -> Failure {
        let h: serde_json::Map<String, Value> = headers
            .iter()
            .map(|(k, v)| (k.to_string(), Value::String(v.to_string())))
            .collect();
        body["_headers"] = Value::Object(h);
        Failure { status, body }
    }
    /// 404 Unknown Channel: the channel was deleted.
    pub fn unknown_channel() -> Failure {
        Failure {
            status: 404,
            body: json!({"message": "Unknown Channel", "code": 10003}),
        }
    }
}

#[derive(Default)]
struct Inner {
    calls: Vec<Call>,
    failures: Vec<(String, Failure)>,
    /// Every n-th call fails, cut or 5xx in turn: (n, calls so far).
    every: Option<(usize, usize)>,
    next_id: u64,
    /// What `GET /gateway/bot` answers (a [`crate::fake_discord_gateway::FakeGateway`]).
    gateway_url: Option<String>,
    /// (path, nonce) -> the message created under it (Discord keeps them a few minutes).
    nonces: std::collections::HashMap<(String, String), Value>,
}

/// The fake REST API, running on its own thread until dropped with the test.
pub struct FakeDiscord {
    addr: SocketAddr,
    inner: Arc<Mutex<Inner>>,
}

impl FakeDiscord {
    pub fn start() -> FakeDiscord {
        let inner = Arc::new(Mutex::new(Inner {
            next_id: 900000000000000000,
            ..Inner::default()
        }));
        let state = inner.clone();
        let (addr, _) = crate::loopback::spawn("the fake Discord API", 0, |listener| async move {
            let app = Router::new().fallback(any(handle)).with_state(state);
            axum::serve(listener, app).await.unwrap();
        });
        FakeDiscord { addr, inner }
    }

    /// `DISCORD_API_URL` for the bot.
    pub fn api_url(&self) -> String {
        format!("http://{}/api/v10", self.addr)
    }

    /// The next call whose path contains `path` gets `failure` instead of success.
    pub fn fail_next(&self, path: &str, failure: Failure) {
        self.inner
            .lock()
            .unwrap()
            .failures
            .push((path.to_string(), failure));
    }

    /// From now on every `n`-th call fails before it is carried out, in turn: the connection
    /// cut, a 500, the connection cut, a 502 (`0` ends the schedule).
    pub fn fail_every(&self, n: usize) {
        self.inner.lock().unwrap().every = (n > 0).then_some((n, 0));
    }

    /// `GET /gateway` and `GET /gateway/bot` answer with `url` from now on (else 404).
    pub fn use_gateway(&self, url: &str) {
        self.inner.lock().unwrap().gateway_url = Some(url.to_string());
    }

    pub fn calls(&self) -> Vec<Call> {
        self.inner.lock().unwrap().calls.clone()
    }

    /// Waits up to 20 s for a call that `pred` accepts.
    pub fn wait_for_call(&self, pred: impl Fn(&Call) -> bool) -> Call {
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            if let Some(c) = self.calls().into_iter().find(|c| pred(c)) {
                return c;
            }
            assert!(
                Instant::now() < deadline,
                "no such call; calls: {:#?}",
                self.calls()
                    .iter()
                    .map(|c| format!("{} {}", c.method, c.path))
                    .collect::<Vec<_>>()
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

async fn handle(
    State(inner): State<Arc<Mutex<Inner>>>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    body: Bytes,
) -> impl IntoResponse {
    let path = uri.path().trim_start_matches("/api/v10").to_string();
    let authorization = headers
        .get("authorization")
        .and_then(|v| v.to_str().ok())
        .map(str::to_string);
    let content_type = headers
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    let (body, files): (Value, Vec<FormPart>) = match multipart::boundary(content_type) {
        Some(b) => {
            let parts = multipart::parse(&body, &b);
            let payload = parts
                .iter()
                .find(|p| p.name == "payload_json")
                .and_then(|p| serde_json::from_slice(&p.bytes).ok())
                .unwrap_or(Value::Null);
            let files = parts
                .into_iter()
                .filter(|p| p.name.starts_with("files["))
                .collect();
            (payload, files)
        }
        None => (
            serde_json::from_slice(&body).unwrap_or(Value::Null),
            Vec::new(),
        ),
    };
    let mut inner = inner.lock().unwrap();
    let scheduled = inner.every.as_mut().and_then(|(n, calls)| {
        *calls += 1;
        (*calls % *n == 0).then_some(*calls / *n)
    });
    inner.calls.push(Call {
        method: method.to_string(),
        path: path.clone(),
        authorization: authorization.clone(),
        body: body.clone(),
        files,
        at: Instant::now(),
        failed: scheduled.is_some(),
        repeat: false,
    });
    if let Some(k) = scheduled {
        return match k % 4 {
            // Headers go out, then the body fails: hyper cuts the connection.
            1 | 3 => {
                let cut = futures_util::stream::once(async {
                    Err::<Bytes, std::io::Error>(std::io::Error::other("cut by the fake"))
                });
                axum::response::Response::new(axum::body::Body::from_stream(cut))
            }
            2 => (
                StatusCode::INTERNAL_SERVER_ERROR,
                axum::Json(json!({"message": "500: Internal Server Error", "code": 0})),
            )
                .into_response(),
            _ => (StatusCode::BAD_GATEWAY, "<html>502 Bad Gateway</html>").into_response(),
        };
    }
    if let Some(i) = inner.failures.iter().position(|(p, _)| path.contains(p)) {
        let (_, f) = inner.failures.remove(i);
        let status = StatusCode::from_u16(f.status).unwrap();
        if let (Some(page), Some(after)) = (
            f.body["html"].as_str(),
            f.body["retry_after_header"].as_u64(),
        ) {
            let headers = [
                ("content-type", "text/html".to_string()),
                ("retry-after", after.to_string()),
            ];
            return (status, headers, page.to_string()).into_response();
        }
        // `_headers`: rate-limit headers Discord sends with the answer (bucket, scope).
        let mut body = f.body;
        let extra = body
            .as_object_mut()
            .and_then(|o| o.remove("_headers"))
            .and_then(|h| h.as_object().cloned())
            .unwrap_or_default();
        let mut response = (status, axum::Json(body)).into_response();
        for (k, v) in extra {
            if let (Ok(k), Some(Ok(v))) = (
                axum::http::HeaderName::from_bytes(k.as_bytes()),
                v.as_str().map(axum::http::HeaderValue::from_str),
            ) {
                response.headers_mut().insert(k, v);
            }
        }
        return response;
    }
    // Interaction webhooks and callbacks are authorized by the interaction's token.
    let needs_token = !path.starts_with("/webhooks/") && !path.starts_with("/interactions/");
    if needs_token && authorization.as_deref() != Some(&format!("Bot {TOKEN}")) {
        return (
            StatusCode::UNAUTHORIZED,
            axum::Json(json!({"message": "401: Unauthorized", "code": 0})),
        )
            .into_response();
    }
    inner.next_id += 1;
    let id = inner.next_id.to_string();
    if path == "/gateway" || path == "/gateway/bot" {
        return match &inner.gateway_url {
            Some(url) => axum::Json(json!({
                "url": url, "shards": 1,
                "session_start_limit": {"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1},
            }))
            .into_response(),
            None => (StatusCode::NOT_FOUND, axum::Json(json!({"message": "404: Not Found", "code": 0})))
                .into_response(),
        };
    }
    let nonce = (method == Method::POST
        && path.ends_with("/messages")
        && body["enforce_nonce"].as_bool() == Some(true))
    .then(|| {
        body["nonce"]
            .as_str()
            .map(|n| (path.clone(), n.to_string()))
    })
    .flatten();
    if let Some(seen) = nonce.as_ref().and_then(|n| inner.nonces.get(n)).cloned() {
        if let Some(last) = inner.calls.last_mut() {
            last.repeat = true;
        }
        return axum::Json(seen).into_response();
    }
    let writes_a_message = (method == Method::POST || method == Method::PATCH)
        && (path.ends_with("/messages")
            || path.contains("/messages/")
            || path.starts_with("/webhooks/"));
    if let Some(why) = writes_a_message.then(|| refusal(&body)).flatten() {
        return (
            StatusCode::BAD_REQUEST,
            axum::Json(json!({"message": "Invalid Form Body", "code": 50035, "errors": why})),
        )
            .into_response();
    }
    let answer = if path.ends_with("/commands") {
        body
    } else if path.ends_with("/typing") || path.ends_with("/callback") {
        return StatusCode::NO_CONTENT.into_response();
    } else {
        let mut m = body;
        if let Some(o) = m.as_object_mut() {
            o.insert("id".into(), json!(id));
        }
        if let Some(n) = nonce {
            inner.nonces.insert(n, m.clone());
        }
        m
    };
    axum::Json(answer).into_response()
}

/// Plays Discord's side of the interactions endpoint: builds interactions and POSTs them,
/// signed with a key generated for the test.
pub struct Interactions {
    key: SigningKey,
    endpoint: SocketAddr,
    next: AtomicU64,
}

/// Everything a message body shows, as one text: its content, then each embed's title,
/// description and fields' names and values, a line each.
pub fn shown(data: &Value) -> String {
    let mut out = vec![data["content"].as_str().unwrap_or("").to_string()];
    for e in data["embeds"].as_array().into_iter().flatten() {
        out.extend(e["title"].as_str().map(str::to_string));
        out.extend(e["description"].as_str().map(str::to_string));
        for f in e["fields"].as_array().into_iter().flatten() {
            out.extend(f["name"].as_str().map(str::to_string));
            out.extend(f["value"].as_str().map(str::to_string));
        }
    }
    out.join("\n")
}

/// Why Discord would refuse a message body (content, embeds, components) with 400 and code
/// 50035 "Invalid Form Body", or `None` when it takes it. Limits from Discord's documentation
/// of the message and embed objects: content 2,000 characters; 10 embeds; a title 256, a
/// description 4,096, 25 fields, a field's name 256 and value 1,024, 6,000 characters over
/// all of a message's embeds; 5 rows of components, 5 buttons a row, a label 80, a
/// `custom_id` 100.
pub fn refusal(body: &Value) -> Option<String> {
    let len = |v: &Value| v.as_str().map_or(0, |s| s.chars().count());
    if len(&body["content"]) > 2000 {
        return Some(format!("content: {} characters", len(&body["content"])));
    }
    let embeds = body["embeds"].as_array().map_or(&[][..], Vec::as_slice);
    if embeds.len() > 10 {
        return Some(format!("{} embeds", embeds.len()));
    }
    let mut total = 0;
    for (i, e) in embeds.iter().enumerate() {
        let fields = e["fields"].as_array().map_or(&[][..], Vec::as_slice);
        let checks = [
            ("title", len(&e["title"]), 256),
            ("description", len(&e["description"]), 4096),
            ("fields", fields.len(), 25),
            ("footer", len(&e["footer"]["text"]), 2048),
            ("author", len(&e["author"]["name"]), 256),
        ];
        for (what, n, most) in checks {
            if n > most {
                return Some(format!("embeds[{i}].{what}: {n} (at most {most})"));
            }
        }
        for (k, f) in fields.iter().enumerate() {
            if len(&f["name"]) > 256 || len(&f["value"]) > 1024 {
                return Some(format!("embeds[{i}].fields[{k}] too long"));
            }
            total += len(&f["name"]) + len(&f["value"]);
        }
        total += len(&e["title"])
            + len(&e["description"])
            + len(&e["footer"]["text"])
            + len(&e["author"]["name"]);
    }
    if total > 6000 {
        return Some(format!("embeds: {total} characters in all (at most 6000)"));
    }
    let rows = body["components"].as_array().map_or(&[][..], Vec::as_slice);
    if rows.len() > 5 {
        return Some(format!("{} component rows", rows.len()));
    }
    for row in rows {
        let items = row["components"].as_array().map_or(&[][..], Vec::as_slice);
        if items.len() > 5 {
            return Some(format!("{} components in a row", items.len()));
        }
        for c in items {
            if len(&c["label"]) > 80 || len(&c["custom_id"]) > 100 {
                return Some(format!("a component's label or custom_id is too long: {c}"));
            }
        }
    }
    None
}

/// A user object as Discord sends it.
pub fn discord_user(id: &str, bot: bool) -> Value {
    json!({
        "id": id, "username": format!("user{id}"), "discriminator": "0",
        "global_name": null, "avatar": null, "bot": bot,
    })
}

/// What every interaction from `user` in the test guild's channel carries, as Discord sends
/// it (complete enough for serenity's types, so the same JSON can go over the gateway).
fn envelope(id: &str, kind: u64, user: &str, locale: &str) -> Value {
    json!({
        "id": id, "application_id": APPLICATION_ID.to_string(), "type": kind,
        "token": format!("itok-{id}"), "version": 1,
        "guild_id": GUILD_ID.to_string(), "channel_id": CHANNEL_ID.to_string(),
        "channel": {"id": CHANNEL_ID.to_string(), "type": 0, "name": "gpu-talk"},
        "member": {
            "user": discord_user(user, false), "roles": [], "deaf": false, "mute": false,
            "flags": 0, "joined_at": "2026-01-01T00:00:00.000000+00:00",
            "permissions": "2248473465835073",
        },
        "app_permissions": "2248473465835073",
        "locale": locale, "guild_locale": "en-US", "entitlements": [],
        "authorizing_integration_owners": {"0": GUILD_ID.to_string()}, "context": 0,
        "attachment_size_limit": 10485760,
    })
}

/// What the endpoint answered.
#[derive(Debug)]
pub struct Answer {
    pub status: u16,
    pub body: Value,
}

impl Interactions {
    /// A fresh signing key (from the clock and the process id); `endpoint` is the bot's HTTP
    /// server.
    pub fn new(endpoint: SocketAddr) -> Interactions {
        use std::hash::{BuildHasher, Hasher};
        let mut seed = [0u8; 32];
        for (i, chunk) in seed.chunks_mut(8).enumerate() {
            let mut h = std::collections::hash_map::RandomState::new().build_hasher();
            h.write_u128(
                SystemTime::now()
                    .duration_since(UNIX_EPOCH)
                    .unwrap()
                    .as_nanos(),
            );
            h.write_u32(std::process::id());
            h.write_usize(i);
            chunk.copy_from_slice(&h.finish().to_le_bytes());
        }
        Interactions {
            key: SigningKey::from_bytes(&seed),
            endpoint,
            next: AtomicU64::new(1),
        }
    }

    /// The same key, posting to the bot's HTTP server at `endpoint` (known once it listens).
    pub fn at(self, endpoint: SocketAddr) -> Interactions {
        Interactions { endpoint, ..self }
    }

    /// The bot's HTTP server.
    pub fn addr(&self) -> SocketAddr {
        self.endpoint
    }

    /// The application's signing key.
    pub fn key(&self) -> &SigningKey {
        &self.key
    }

    /// `DISCORD_PUBLIC_KEY` for the bot: the public half, 64 hex digits.
    pub fn public_key_hex(&self) -> String {
        self.key
            .verifying_key()
            .to_bytes()
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect()
    }

    fn id(&self) -> String {
        (500000000000000000 + self.next.fetch_add(1, Ordering::Relaxed)).to_string()
    }

    /// A slash command from `user` in the test channel, with `options` (name, JSON value).
    pub fn command(
        &self,
        name: &str,
        options: &[(&str, Value)],
        user: &str,
        locale: &str,
    ) -> Value {
        let id = self.id();
        let options: Vec<Value> = options
            .iter()
            .map(|(n, v)| {
                let kind = if v.is_i64() { 4 } else { 3 };
                json!({"name": n, "type": kind, "value": v})
            })
            .collect();
        let mut i = envelope(&id, 2, user, locale);
        i["data"] = json!({"id": "1", "name": name, "type": 1, "options": options});
        i
    }

    /// `user` pressing component `custom_id` (a select menu: `values`) on `message`, a
    /// message whose command `owner` ran.
    pub fn press(
        &self,
        custom_id: &str,
        values: &[&str],
        owner: &str,
        user: &str,
        ephemeral: bool,
    ) -> Value {
        let id = self.id();
        let component_type = if values.is_empty() { 2 } else { 3 };
        let mut i = envelope(&id, 3, user, "en-US");
        i["message"] = json!({
            "id": "800000000000000008", "channel_id": CHANNEL_ID.to_string(),
            "author": discord_user(&APPLICATION_ID.to_string(), true), "content": "",
            "timestamp": "2026-12-01T10:00:00.000000+00:00", "edited_timestamp": null,
            "tts": false, "mention_everyone": false, "mentions": [], "mention_roles": [],
            "attachments": [], "embeds": [], "pinned": false, "type": 20,
            "flags": if ephemeral { 64 } else { 0 },
            "interaction_metadata": {
                "id": "1", "type": 2, "user": discord_user(owner, false),
                "authorizing_integration_owners": {"0": GUILD_ID.to_string()},
            },
        });
        i["data"] =
            json!({"custom_id": custom_id, "component_type": component_type, "values": values});
        i
    }

    /// Signs and POSTs `interaction` now.
    pub fn post(&self, interaction: &Value) -> Answer {
        let now = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .unwrap()
            .as_secs();
        self.post_signed(interaction, &now.to_string(), &self.key)
    }

    /// POSTs `interaction` signed by `key` with `timestamp` (to forge or go stale).
    pub fn post_signed(&self, interaction: &Value, timestamp: &str, key: &SigningKey) -> Answer {
        let body = interaction.to_string();
        let message = format!("{timestamp}{body}");
        let sig: String = key
            .sign(message.as_bytes())
            .to_bytes()
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect();
        self.post_raw(
            &body,
            &[
                ("X-Signature-Ed25519", &sig),
                ("X-Signature-Timestamp", timestamp),
            ],
        )
    }

    /// POSTs a body with exactly these extra headers.
    pub fn post_raw(&self, body: &str, headers: &[(&str, &str)]) -> Answer {
        let (status, body) = http_request(
            self.endpoint,
            "POST",
            "/discord/interactions",
            headers,
            body,
        );
        Answer {
            status,
            body: serde_json::from_str(&body).unwrap_or(Value::String(body)),
        }
    }

    /// A key that is not the application's (for forged signatures).
    pub fn stranger_key() -> SigningKey {
        SigningKey::from_bytes(&[7u8; 32])
    }
}

/// A minimal HTTP/1.1 request over loopback (`Connection: close`): status and body.
pub fn http_request(
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &str,
) -> (u16, String) {
    let mut s = TcpStream::connect(addr).expect("the bot's HTTP server accepts");
    s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    let mut req = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n",
        body.len()
    );
    for (k, v) in headers {
        req.push_str(&format!("{k}: {v}\r\n"));
    }
    req.push_str("\r\n");
    req.push_str(body);
    s.write_all(req.as_bytes()).unwrap();
    let mut raw = Vec::new();
    s.read_to_end(&mut raw).unwrap();
    let text = String::from_utf8_lossy(&raw).into_owned();
    let status = text
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    let body = text
        .split_once("\r\n\r\n")
        .map(|(_, b)| b.to_string())
        .unwrap_or_default();
    (status, body)
}
