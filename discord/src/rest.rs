//! Discord's REST API, paced: [`Rest`] sends every request we make (channel messages, edits,
//! typing, interaction follow-ups, the command registration) and is the platform's
//! [`Sender`] for posting to a channel by id (the alert dispatcher's way in).
//!
//! Pacing follows Discord's rate-limit headers per route (`X-RateLimit-Remaining`,
//! `X-RateLimit-Reset-After`): a route with no requests left waits for its reset; routes that
//! name one `X-RateLimit-Bucket` share its limit per channel, guild or webhook
//! ([`crate::buckets`]), its 429s included. Requests
//! with the bot token also take a slot from a [`Pacer`] under Discord's global limit (50 a
//! second; we keep to [`GLOBAL_PER_SEC`]), so a fan-out of alerts to many channels, each its
//! own route, does not run into a global 429. This client is the only pacing Discord sends
//! get: the alert dispatcher adds none. A 429 is
//! waited out (its `retry_after`; for the whole client when `global`) and retried a few times;
//! past that the caller gets [`SendError::RetryAfter`]. A deleted channel, a channel the bot
//! can no longer see or may not post in (50013), or a guild that removed the bot is
//! [`SendError::ChatGone`]. A failure in
//! transit (connect error, reset, timeout, 5xx) is sent again with backoff
//! ([`gpuscout_frontend::transient_backoff`], about 30 s in all) before it is reported.
//!
//! It uses reqwest directly rather than serenity's `Http`: pointing serenity at another base
//! URL needs its ratelimiter off, and its errors do not carry the headers pacing needs.

use crate::buckets::Buckets;
use crate::config::{Config, Redactor, Secret};
use crate::render;
use bot_core::{Lang, Reply};
use gpuscout_frontend::pace::{ChatKind, Limits as PaceLimits, Pacer, Priority, Rate};
use gpuscout_frontend::{
    Address, Once, SendError, SendFuture, Sender, TRANSIENT_RETRIES, transient_backoff,
};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;
use tokio::time::Instant;

/// Requests with the bot token per second, below Discord's global 50.
pub const GLOBAL_PER_SEC: u32 = 40;
/// The global limit as a window: 10 per 250 ms is 40 a second at most in any second, and a
/// reply's few requests still go back to back, but a fan-out is spread evenly, not in bursts
/// of 40.
const GLOBAL_WINDOW: Rate = Rate::new(GLOBAL_PER_SEC / 4, Duration::from_millis(250));

/// How often a request is retried after a 429.
const MAX_RETRIES: u32 = 3;
/// The longest we wait out one 429 before giving the wait back to the caller.
const MAX_RETRY_WAIT: Duration = Duration::from_secs(60);
/// A request that takes longer than this failed.
const REQUEST_TIMEOUT: Duration = Duration::from_secs(20);

/// JSON error codes that mean "stop sending there".
const GONE_CODES: &[i64] = &[
    10003, // Unknown Channel (deleted)
    10004, // Unknown Guild (the bot was removed)
    50001, // Missing Access (the bot can no longer see the channel)
    50007, // Cannot send messages to this user
    // Missing Permissions (no Send Messages, Embed Links or Attach Files in the channel):
    // nothing sent there succeeds until an admin changes the channel, so an alert is not
    // retried a day long per alert; the channel's alerts stop once and the rest go on.
    50013,
    // Cannot execute action on an archived thread: a thread locked by a moderator takes no
    // post until one reopens it (an archived, unlocked one is reopened by the post itself);
    // like 50013, the thread's alerts pause rather than retry a day long.
    50083,
];

/// "Request entity too large" (HTTP 413): a file past the channel's upload limit.
const ENTITY_TOO_LARGE: i64 = 40005;

/// `body` without what points at its files (an embed image `attachment://…`, the
/// `attachments` list), for posting its words alone.
fn without_files(mut body: Value) -> Value {
    if let Some(obj) = body.as_object_mut() {
        obj.remove("attachments");
    }
    for embed in body["embeds"].as_array_mut().into_iter().flatten() {
        let attached = embed["image"]["url"]
            .as_str()
            .is_some_and(|u| u.starts_with("attachment://"));
        if attached && let Some(e) = embed.as_object_mut() {
            e.remove("image");
        }
    }
    body
}

/// "Interaction has already been acknowledged."
const ALREADY_ACKNOWLEDGED: i64 = 40060;
/// The route of an interaction's callback (its id and token are no part of a route).
const CALLBACK_ROUTE: &str = "POST /interactions/<interaction>/callback";

/// "Unknown Message": the message to edit is gone (deleted, or an ephemeral one dismissed).
pub const UNKNOWN_MESSAGE: i64 = 10008;
/// "Unknown interaction": a callback for an interaction whose 3 s passed before it was
/// answered (a gateway event that travelled slowly): its token takes nothing more.
pub const UNKNOWN_INTERACTION: i64 = 10062;
/// "Cannot reply without permission to read message history": a reply
/// (`message_reference`) where the bot lacks Read Message History; a plain message goes.
const REPLY_NEEDS_HISTORY: i64 = 160002;

/// What the text of a refusal of the bot token itself says: a 401 to a request carrying it
/// (an interaction's webhook answers 401 with 50027 for its own token, which is no such thing).
const TOKEN_REFUSED: &str = "Discord refused the bot token";

/// Whether Discord answered 401 to a request with the bot token: a revoked or mistyped token,
/// which no retry mends ([`crate::Discord::run`] stops on it).
pub fn token_refused(e: &SendError) -> bool {
    matches!(e, SendError::Failed(text) if text.contains(TOKEN_REFUSED))
}

/// Discord's JSON error code of a refusal, as [`Rest`] writes it at the end of the error's
/// text (`… (code 10008)`); `None` for a failure in transit or a page without Discord's JSON.
pub fn error_code(e: &SendError) -> Option<i64> {
    let (SendError::Failed(text) | SendError::ChatGone(text)) = e else {
        return None;
    };
    let code = text.strip_suffix(')')?.rsplit_once("(code ")?.1;
    code.parse().ok().filter(|c| *c != 0)
}

/// A paced Discord REST client. Cheap to clone (shared state).
#[derive(Clone)]
pub struct Rest {
    http: reqwest::Client,
    api: String,
    token: Secret,
    application_id: u64,
    redactor: Redactor,
    /// Transient failures retried before a send is reported ([`TRANSIENT_RETRIES`] unless
    /// [`Rest::with_transient_retries`] says otherwise).
    transient_retries: u32,
    limits: Arc<Mutex<Limits>>,
    /// The global limit, shared by every clone.
    global: Arc<Pacer>,
    /// Replies (interactions, messages) or alerts (the dispatcher's copy): alerts take the
    /// global slots replies leave.
    priority: Priority,
    /// A person's DM channel with the bot, by user id (`POST /users/@me/channels` once).
    dms: Arc<Mutex<HashMap<u64, u64>>>,
    /// When Discord last refused the bot token (401 to a request carrying it), shared by
    /// every clone: requests with the token are held for [`TOKEN_HOLD`] after it.
    token_refused_at: Arc<Mutex<Option<Instant>>>,
}

/// How long requests with the bot token are held after Discord refused it: a revoked token
/// stays revoked, so asking again only repeats the 401 (with `DISCORD_GATEWAY=off` nothing
/// else stops the frontend); the hold comes back as `RetryAfter`, which the alert dispatcher
/// honours as a pause of the platform, its alerts kept. One real request an hour checks again.
pub const TOKEN_HOLD: Duration = Duration::from_secs(3600);

#[derive(Default)]
struct Limits {
    /// No request with the bot token before this (Discord's global 429: the bot's own global
    /// limit, which interaction callbacks and webhooks are not bound by).
    global_until: Option<Instant>,
    /// No request at all before this (a 429 without Discord's JSON: Cloudflare refusing the
    /// address, whatever the request).
    address_until: Option<Instant>,
    /// Per route, or per shared bucket once routes name theirs: no request before this (its
    /// bucket is empty, or it got a 429).
    routes: HashMap<String, Instant>,
    /// The buckets routes named (`X-RateLimit-Bucket`): routes naming one share its limit.
    buckets: Buckets,
}

/// One request: the route it is paced by (method + path with the major id kept), and whether
/// it carries the bot token (interaction webhooks do not need it).
struct Call<'a> {
    method: Method,
    path: String,
    route: String,
    /// The route's major parameter when the route's text leaves it out: an interaction's
    /// (its id, or a tag of its token). Discord limits interaction callbacks and webhooks per
    /// interaction, so one busy interaction's empty bucket or 429 holds only its own requests.
    major: Option<String>,
    body: Option<&'a Value>,
    auth: bool,
    /// Files to upload: the body then goes as `payload_json` of a multipart request.
    files: &'a [Attachment],
}

impl Call<'_> {
    /// What Discord's limits are counted by: the route, and its major parameter.
    fn bucket(&self) -> String {
        match &self.major {
            Some(major) => format!("{} #{major}", self.route),
            None => self.route.clone(),
        }
    }

    /// The route's template and its top-level resource, which a shared bucket is counted by.
    fn template(&self) -> (String, String) {
        match &self.major {
            Some(major) => (self.route.clone(), major.clone()),
            None => crate::buckets::split(&self.route),
        }
    }
}

/// An interaction token as a bucket's name: a hash, so the token itself never sits in the
/// limits table (or a log line that names a bucket).
fn token_tag(token: &Secret) -> String {
    format!("{:016x}", fnv1a(token.expose().as_bytes()))
}

/// A file sent with a message (a chart), shown in its embed as `attachment://<filename>`.
#[derive(Clone, PartialEq, Eq)]
pub struct Attachment {
    pub filename: String,
    pub content_type: &'static str,
    pub bytes: Vec<u8>,
}

impl std::fmt::Debug for Attachment {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Attachment({}, {} bytes)",
            self.filename,
            self.bytes.len()
        )
    }
}

impl Attachment {
    /// The chart of a reply, if it has one.
    pub fn chart(reply: &Reply) -> Option<Attachment> {
        reply.image.as_ref().map(|img| Attachment {
            filename: "chart.png".into(),
            content_type: "image/png",
            bytes: img.png.clone(),
        })
    }
}

/// `body` with `files` declared (`attachments`, ids = part indexes) and the first shown as the
/// first embed's image, so the chart sits in the answer's card rather than under it.
pub fn with_attachments(body: &Value, files: &[Attachment]) -> Value {
    let mut body = body.clone();
    let Some(obj) = body.as_object_mut() else {
        return body;
    };
    let declared: Vec<Value> = files
        .iter()
        .enumerate()
        .map(|(i, f)| json!({"id": i, "filename": f.filename}))
        .collect();
    obj.insert("attachments".into(), Value::Array(declared));
    if let Some(first) = files.first() {
        let image = json!({"url": format!("attachment://{}", first.filename)});
        match obj.get_mut("embeds").and_then(Value::as_array_mut) {
            Some(embeds) if !embeds.is_empty() => {
                if let Some(e) = embeds[0].as_object_mut() {
                    e.insert("image".into(), image);
                }
            }
            _ => {
                obj.insert("embeds".into(), json!([{"image": image}]));
            }
        }
    }
    body
}

/// The body of a message that carries only a chart (its embed image is filled in by
/// [`with_attachments`]); pings nobody, and is ephemeral where the answer is.
pub fn chart_message(ephemeral: bool) -> Value {
    let mut body = json!({"allowed_mentions": {"parse": []}});
    if ephemeral {
        body["flags"] = json!(64);
    }
    body
}

/// Discord's multipart form: `payload_json` (the message) and `files[n]` (the uploads).
fn multipart(
    body: Option<&Value>,
    files: &[Attachment],
) -> Result<reqwest::multipart::Form, SendError> {
    let payload = with_attachments(body.unwrap_or(&json!({})), files);
    let mut form = reqwest::multipart::Form::new().part(
        "payload_json",
        reqwest::multipart::Part::text(payload.to_string())
            .mime_str("application/json")
            .map_err(|e| SendError::Failed(e.to_string()))?,
    );
    for (i, f) in files.iter().enumerate() {
        let part = reqwest::multipart::Part::bytes(f.bytes.clone())
            .file_name(f.filename.clone())
            .mime_str(f.content_type)
            .map_err(|e| SendError::Failed(e.to_string()))?;
        form = form.part(format!("files[{i}]"), part);
    }
    Ok(form)
}

/// The fields a refusal names in its `errors` (Discord's 50035 Invalid Form Body: an object
/// mirroring the body, each refused field holding `_errors: [{code, message}]`), as
/// ` [embeds.0.description: Must be 4096 or fewer in length.; …]`: at most
/// [`FORM_ERRORS_SHOWN`] of them, each cut short; empty when there are none.
fn form_errors(errors: &Value) -> String {
    let mut found = Vec::new();
    collect_form_errors(errors, &mut Vec::new(), &mut found);
    if found.is_empty() {
        return String::new();
    }
    let more = found.len().saturating_sub(FORM_ERRORS_SHOWN);
    let mut shown: Vec<String> = found.into_iter().take(FORM_ERRORS_SHOWN).collect();
    if more > 0 {
        shown.push(format!("{more} more"));
    }
    format!(" [{}]", shown.join("; "))
}

/// How many refused fields a 50035's line names.
const FORM_ERRORS_SHOWN: usize = 4;

fn collect_form_errors(v: &Value, path: &mut Vec<String>, found: &mut Vec<String>) {
    // Bounded: Discord's bodies are a few levels deep; a deeper one is no form of ours.
    if path.len() > 12 {
        return;
    }
    let Some(obj) = v.as_object() else {
        return;
    };
    for (key, value) in obj {
        if key == "_errors" {
            for e in value.as_array().into_iter().flatten() {
                let why = e["message"].as_str().or_else(|| e["code"].as_str());
                let why: String = why.unwrap_or("refused").chars().take(120).collect();
                let at = if path.is_empty() {
                    "body".to_string()
                } else {
                    path.join(".")
                };
                found.push(format!("{at}: {why}"));
            }
        } else {
            path.push(key.chars().take(40).collect());
            collect_form_errors(value, path, found);
            path.pop();
        }
    }
}

impl Rest {
    pub fn new(config: &Config) -> Result<Rest, SendError> {
        let http = reqwest::Client::builder()
            .timeout(REQUEST_TIMEOUT)
            .pool_max_idle_per_host(gpuscout_frontend::IDLE_CONNECTIONS_PER_HOST)
            .user_agent("DiscordBot (https://github.com/gpuscout, 0.1)")
            .build()
            .map_err(|e| SendError::Failed(e.without_url().to_string()))?;
        Ok(Rest {
            http,
            api: config.api_url.as_str().trim_end_matches('/').to_string(),
            token: config.token.clone(),
            application_id: config.application_id,
            redactor: config.redactor(),
            transient_retries: TRANSIENT_RETRIES,
            limits: Arc::default(),
            global: Arc::new(Pacer::new(PaceLimits {
                chat: None,
                reply_burst: 0,
                group: None,
                overall: Some(GLOBAL_WINDOW),
            })),
            priority: Priority::Reply,
            dms: Arc::default(),
            token_refused_at: Arc::default(),
        })
    }

    /// At most `n` retries of a transient failure (0 reports the first). For a caller that
    /// must not wait out the ~30 s default, such as a check that an unreachable API's error
    /// carries no secret.
    pub fn with_transient_retries(mut self, n: u32) -> Rest {
        self.transient_retries = n;
        self
    }

    /// How long requests with the bot token are still held after a refusal of it, if at all.
    fn token_held(&self) -> Option<Duration> {
        let at = (*self
            .token_refused_at
            .lock()
            .unwrap_or_else(PoisonError::into_inner))?;
        TOKEN_HOLD
            .checked_sub(at.elapsed())
            .filter(|d| !d.is_zero())
    }

    /// Discord refused the bot token: hold requests with it, and say so once, clearly.
    fn hold_token(&self) {
        let before = self
            .token_refused_at
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .replace(Instant::now());
        if before.is_none() {
            tracing::error!(
                "discord: {}; posts with the bot token (alerts) are held, kept in the outbox, \
                 until a restart with a valid DISCORD_BOT_TOKEN (checked again every {} min)",
                crate::TOKEN_REJECTED,
                TOKEN_HOLD.as_secs() / 60
            );
        }
    }

    /// The same client, pacing at alert priority (the alert dispatcher's copy).
    pub fn for_alerts(&self) -> Rest {
        Rest {
            priority: Priority::Alert,
            ..self.clone()
        }
    }

    /// Sends one request, paced and retried after 429s; the response's JSON (or `null`).
    async fn call(&self, call: Call<'_>) -> Result<Value, SendError> {
        if call.auth
            && let Some(wait) = self.token_held()
        {
            // Alerts wait (the dispatcher pauses the platform, their rows kept); anything
            // else hears the refusal itself, so registration and the gateway stop on it.
            return Err(match self.priority {
                Priority::Alert => SendError::RetryAfter(wait),
                _ => SendError::Failed(format!("{} not sent: {TOKEN_REFUSED} (held)", call.route)),
            });
        }
        let (mut attempt, mut transient) = (0, 0);
        let (template, major) = call.template();
        loop {
            // Its own route's hold, and its shared bucket's once the route has named one.
            let keys = [Some(call.bucket()), self.shared_key(&template, &major)];
            self.wait_turn(&keys, call.auth).await?;
            if call.auth {
                // Interaction webhooks (no token) are outside the global limit.
                self.global
                    .slot_as(&call.route, ChatKind::Private, self.priority)
                    .await;
            }
            let mut req = self
                .http
                .request(call.method.clone(), format!("{}{}", self.api, call.path));
            if call.auth {
                req = req.header("Authorization", format!("Bot {}", self.token.expose()));
            }
            if !call.files.is_empty() {
                // A form is consumed by sending: built again for each attempt.
                req = req.multipart(multipart(call.body, call.files)?);
            } else if let Some(body) = call.body {
                req = req.json(body);
            }
            let resp = match req.send().await {
                Ok(resp) if !resp.status().is_server_error() => resp,
                // A failure in transit (connect, reset, timeout) or a 5xx: sent again with
                // backoff, then reported with the route and the reason.
                other => {
                    let why = match other {
                        Ok(resp) => format!("answered {}", resp.status()),
                        Err(e) => self.redactor.clean(&e.without_url().to_string()),
                    };
                    if transient >= self.transient_retries {
                        tracing::warn!(
                            "discord: {} failed after {} tries: {why}",
                            call.route,
                            transient + 1
                        );
                        return Err(SendError::Failed(why));
                    }
                    transient += 1;
                    gpuscout_frontend::metrics::error("discord", "send_transient");
                    tokio::time::sleep(transient_backoff(transient)).await;
                    continue;
                }
            };
            let status = resp.status();
            let headers = resp.headers().clone();
            let header = |name: &str| {
                headers
                    .get(name)
                    .and_then(|v| v.to_str().ok())
                    .map(str::to_string)
            };
            let body: Value = match resp.bytes().await {
                Ok(b) if b.is_empty() => Value::Null,
                Ok(b) => serde_json::from_slice(&b).unwrap_or(Value::Null),
                // Cut off mid-answer: whether Discord acted is unknown; a successful status
                // says it did, anything else is sent again like a reset.
                Err(_) if status.is_success() => Value::Null,
                Err(e) if transient < TRANSIENT_RETRIES => {
                    transient += 1;
                    tracing::debug!("discord: {}: {}", call.route, self.failed(e));
                    tokio::time::sleep(transient_backoff(transient)).await;
                    continue;
                }
                Err(e) => return Err(self.failed(e)),
            };
            if let Some(name) = header("x-ratelimit-bucket") {
                self.limits
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .buckets
                    .learn(&template, &name);
            }
            // The limit this answer speaks of: the shared bucket, else the route alone.
            let bucket = self
                .shared_key(&template, &major)
                .unwrap_or_else(|| call.bucket());
            // The bucket: when it is empty, the route waits for its reset.
            if header("x-ratelimit-remaining").as_deref() == Some("0")
                && let Some(after) = header("x-ratelimit-reset-after").and_then(|s| seconds(&s))
            {
                self.block_route(&bucket, after);
            }
            if status == StatusCode::TOO_MANY_REQUESTS {
                let after = body
                    .get("retry_after")
                    .and_then(Value::as_f64)
                    .and_then(|s| seconds(&s.to_string()))
                    .or_else(|| header("retry-after").and_then(|s| seconds(&s)))
                    .unwrap_or(Duration::from_secs(1));
                // Discord says "global" in the body, `X-RateLimit-Global: true` or
                // `X-RateLimit-Scope: global`. A 429 without Discord's JSON is Cloudflare in
                // front of the API refusing the address itself: every route waits.
                let address = body.get("retry_after").is_none();
                let global = body.get("global").and_then(Value::as_bool) == Some(true)
                    || header("x-ratelimit-global").is_some_and(|v| v.eq_ignore_ascii_case("true"))
                    || header("x-ratelimit-scope")
                        .is_some_and(|v| v.eq_ignore_ascii_case("global"))
                    || address;
                // The hold is kept for every request after this one, waited out here or not:
                // nothing is sent into a limit Discord has set.
                if global {
                    self.block_global(after, address);
                } else {
                    self.block_route(&bucket, after);
                }
                if attempt >= MAX_RETRIES || after > MAX_RETRY_WAIT {
                    return Err(SendError::RetryAfter(after));
                }
                attempt += 1;
                tracing::warn!(
                    "discord: rate limited on {} ({}), waiting {:.2}s",
                    call.route,
                    if global { "global" } else { "route" },
                    after.as_secs_f64()
                );
                continue;
            }
            if status.is_success() {
                return Ok(body);
            }
            let code = body.get("code").and_then(Value::as_i64).unwrap_or(0);
            // 40060 on a callback: Discord took an earlier try whose answer was lost in
            // transit (the retry above sent it again). The interaction is acknowledged, which
            // is all a callback asks, so its deferred answer and follow-ups still go out.
            if code == ALREADY_ACKNOWLEDGED && call.route == CALLBACK_ROUTE {
                tracing::debug!("discord: {}: already acknowledged", call.route);
                return Ok(Value::Null);
            }
            if call.auth && status == StatusCode::UNAUTHORIZED {
                self.hold_token();
                return Err(SendError::Failed(self.redactor.clean(&format!(
                    "{} answered {status}: {TOKEN_REFUSED}",
                    call.route
                ))));
            }
            let message = body.get("message").and_then(Value::as_str).unwrap_or("");
            // 50035 says which fields it refused only in `errors`; the code stays last
            // (`error_code` reads it there).
            let detail = form_errors(&body["errors"]);
            let text = self.redactor.clean(&format!(
                "{} answered {status}: {message}{detail} (code {code})",
                call.route
            ));
            return Err(if GONE_CODES.contains(&code) {
                SendError::ChatGone(text)
            } else {
                SendError::Failed(text)
            });
        }
    }

    fn failed(&self, e: reqwest::Error) -> SendError {
        SendError::Failed(self.redactor.clean(&e.without_url().to_string()))
    }

    /// Waits out the route's hold, the address's, and (for a request with the bot token) the
    /// global one: an interaction's callback or follow-up is not held by the bot's global
    /// limit (Discord: "Interaction endpoints are not bound to the bot's Global Rate Limit"),
    /// so an alert fan-out's global 429 never makes a slash command miss its 3 s.
    /// A hold longer than [`MAX_RETRY_WAIT`] is not waited: the caller gets it back as
    /// [`SendError::RetryAfter`] (the alert dispatcher pauses the platform; a reply is
    /// reported), and nothing is sent until it ends.
    async fn wait_turn(&self, keys: &[Option<String>], auth: bool) -> Result<(), SendError> {
        let until = {
            let limits = self.limits.lock().unwrap_or_else(|p| p.into_inner());
            keys.iter()
                .flatten()
                .map(|k| limits.routes.get(k).copied())
                .chain([limits.global_until.filter(|_| auth), limits.address_until])
                .flatten()
                .max()
        };
        if let Some(until) = until {
            let left = until.saturating_duration_since(Instant::now());
            if left > MAX_RETRY_WAIT {
                return Err(SendError::RetryAfter(left));
            }
            tokio::time::sleep_until(until).await;
        }
        Ok(())
    }

    /// The key of the bucket `template` shares on `major`, once it has named one.
    fn shared_key(&self, template: &str, major: &str) -> Option<String> {
        let limits = self.limits.lock().unwrap_or_else(PoisonError::into_inner);
        limits.buckets.key(template, major)
    }

    fn block_route(&self, route: &str, after: Duration) {
        let until = Instant::now() + after;
        let mut limits = self.limits.lock().unwrap_or_else(|p| p.into_inner());
        limits.routes.retain(|_, t| *t > Instant::now());
        let slot = limits.routes.entry(route.to_string()).or_insert(until);
        *slot = (*slot).max(until);
    }

    fn block_global(&self, after: Duration, address: bool) {
        let until = Instant::now() + after;
        let mut limits = self.limits.lock().unwrap_or_else(|p| p.into_inner());
        let slot = if address {
            &mut limits.address_until
        } else {
            &mut limits.global_until
        };
        *slot = Some(slot.map_or(until, |t| t.max(until)));
    }

    /// Replaces every command with `commands` (one bulk overwrite), globally or in one guild.
    pub async fn register_commands(
        &self,
        commands: &Value,
        guild: Option<u64>,
    ) -> Result<(), SendError> {
        let app = self.application_id;
        let (path, route) = match guild {
            Some(g) => (
                format!("/applications/{app}/guilds/{g}/commands"),
                format!("PUT /applications/{app}/guilds/{g}/commands"),
            ),
            None => (
                format!("/applications/{app}/commands"),
                format!("PUT /applications/{app}/commands"),
            ),
        };
        self.call(Call {
            method: Method::PUT,
            path,
            route,
            major: None,
            body: Some(commands),
            auth: true,
            files: &[],
        })
        .await
        .map(drop)
    }

    /// A follow-up message to interaction `token`.
    pub async fn follow_up(&self, token: &Secret, body: &Value) -> Result<(), SendError> {
        self.follow_up_with_files(token, body, &[]).await
    }

    /// A follow-up message with files attached (multipart `payload_json` + `files[n]`).
    pub async fn follow_up_with_files(
        &self,
        token: &Secret,
        body: &Value,
        files: &[Attachment],
    ) -> Result<(), SendError> {
        let app = self.application_id;
        self.call(Call {
            method: Method::POST,
            path: format!("/webhooks/{app}/{}", token.expose()),
            route: format!("POST /webhooks/{app}/<interaction>"),
            major: Some(token_tag(token)),
            body: Some(body),
            auth: false,
            files,
        })
        .await
        .map(drop)
    }

    /// Edits the interaction's original response (the deferred "thinking…" message, or the
    /// message whose component was pressed).
    pub async fn edit_original(&self, token: &Secret, body: &Value) -> Result<(), SendError> {
        let app = self.application_id;
        self.call(Call {
            method: Method::PATCH,
            path: format!("/webhooks/{app}/{}/messages/@original", token.expose()),
            route: format!("PATCH /webhooks/{app}/<interaction>/messages/@original"),
            major: Some(token_tag(token)),
            body: Some(body),
            auth: false,
            files: &[],
        })
        .await
        .map(drop)
    }

    /// Answers interaction `id` (one that came over the gateway) with `response`.
    pub async fn interaction_callback(
        &self,
        id: &str,
        token: &Secret,
        response: &Value,
    ) -> Result<(), SendError> {
        self.call(Call {
            method: Method::POST,
            path: format!("/interactions/{id}/{}/callback", token.expose()),
            route: CALLBACK_ROUTE.to_string(),
            major: Some(id.to_string()),
            body: Some(response),
            auth: false,
            files: &[],
        })
        .await
        .map(drop)
    }

    /// The gateway's WebSocket URL (`GET /gateway/bot`, which also proves the token works).
    pub async fn gateway_url(&self) -> Result<String, SendError> {
        let body = self
            .call(Call {
                method: Method::GET,
                path: "/gateway/bot".to_string(),
                route: "GET /gateway/bot".to_string(),
                major: None,
                body: None,
                auth: true,
                files: &[],
            })
            .await?;
        body.get("url")
            .and_then(Value::as_str)
            .filter(|u| u.starts_with("wss://") || u.starts_with("ws://"))
            .map(str::to_string)
            .ok_or_else(|| SendError::Failed("GET /gateway/bot gave no WebSocket URL".into()))
    }

    /// Posts a message body to a channel; `reply_to` quotes a message.
    pub async fn post_message(
        &self,
        channel: u64,
        body: &Value,
        reply_to: Option<u64>,
    ) -> Result<Value, SendError> {
        self.post_message_with_files(channel, body, reply_to, &[])
            .await
    }

    /// [`Rest::post_message`] with files attached (multipart `payload_json` + `files[n]`).
    pub async fn post_message_with_files<'a>(
        &'a self,
        channel: u64,
        body: &Value,
        reply_to: Option<u64>,
        files: &'a [Attachment],
    ) -> Result<Value, SendError> {
        let mut body = body.clone();
        if let Some(obj) = body.as_object_mut() {
            // Ephemeral flags only mean something on interaction responses.
            obj.remove("flags");
        }
        let plain = body.clone();
        if let (Some(obj), Some(id)) = (body.as_object_mut(), reply_to) {
            obj.insert(
                "message_reference".into(),
                json!({"message_id": id.to_string(), "fail_if_not_exists": false}),
            );
        }
        let post = |body: Value, files: &'a [Attachment]| async move {
            self.call(Call {
                method: Method::POST,
                path: format!("/channels/{channel}/messages"),
                route: format!("POST /channels/{channel}/messages"),
                major: None,
                body: Some(&body),
                auth: true,
                files,
            })
            .await
        };
        match post(body.clone(), files).await {
            // The reply needs Read Message History, which the bot lacks there: the answer
            // goes as a plain message rather than not at all.
            Err(e) if reply_to.is_some() && error_code(&e) == Some(REPLY_NEEDS_HISTORY) => {
                tracing::info!("discord: a reply in {channel} was refused ({e}); posting it plain");
                post(plain, files).await
            }
            // The file is past the channel's upload limit: the words go without it.
            Err(e) if !files.is_empty() && error_code(&e) == Some(ENTITY_TOO_LARGE) => {
                tracing::info!(
                    "discord: a chart for {channel} was refused ({e}); posting the words alone"
                );
                post(without_files(body), &[]).await
            }
            other => other,
        }
    }

    async fn edit_message(
        &self,
        channel: u64,
        message: u64,
        body: &Value,
    ) -> Result<(), SendError> {
        let mut body = body.clone();
        if let Some(obj) = body.as_object_mut() {
            obj.remove("flags");
        }
        self.call(Call {
            method: Method::PATCH,
            path: format!("/channels/{channel}/messages/{message}"),
            route: format!("PATCH /channels/{channel}/messages/<id>"),
            major: None,
            body: Some(&body),
            auth: true,
            files: &[],
        })
        .await
        .map(drop)
    }

    async fn typing_in(&self, channel: u64) -> Result<(), SendError> {
        self.call(Call {
            method: Method::POST,
            path: format!("/channels/{channel}/typing"),
            route: format!("POST /channels/{channel}/typing"),
            major: None,
            body: None,
            auth: true,
            files: &[],
        })
        .await
        .map(drop)
    }
}

/// Discord's message `nonce` for part `part` of the alert with idempotency key `key`: at most
/// 25 characters (Discord's limit), the same in every process (FNV-1a, not the std hasher,
/// whose output may change between builds).
pub fn nonce(key: &str, part: usize) -> String {
    format!("{:016x}-{part}", fnv1a(key.as_bytes()))
}

fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in bytes {
        h ^= u64::from(*b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

impl Rest {
    /// A reply as one or more channel messages; with `once_key`, each carries its nonce
    /// ([`nonce`]) with `enforce_nonce`.
    async fn post_reply(
        &self,
        to: &Address,
        lang: Lang,
        reply: &Reply,
        once_key: Option<&str>,
    ) -> Result<(), SendError> {
        let channel = self.channel_of(&to.chat).await?;
        let reply_to = to
            .reply_to
            .as_deref()
            .map(|m| id(m, "message"))
            .transpose()?;
        // A chart rides on the first message, inside its embed.
        let chart: Vec<Attachment> = Attachment::chart(reply).into_iter().collect();
        for (i, mut body) in render::render(lang, reply, false).into_iter().enumerate() {
            if let (Some(key), Some(obj)) = (once_key, body.as_object_mut()) {
                obj.insert("nonce".into(), json!(nonce(key, i)));
                obj.insert("enforce_nonce".into(), json!(true));
            }
            let files = if i == 0 { &chart[..] } else { &[] };
            self.post_message_with_files(channel, &body, reply_to, files)
                .await?;
        }
        Ok(())
    }
}

/// The address of a person's DM with the bot: `dm:<user id>` (bot-core's
/// `Platform::private_chat_of`), for notices to whoever set an alert.
pub const DM_PREFIX: &str = "dm:";

impl Rest {
    /// The channel an address posts to: a channel id, or a person's DM with the bot
    /// (`dm:<user id>`), opened once with `POST /users/@me/channels` and remembered.
    async fn channel_of(&self, chat: &str) -> Result<u64, SendError> {
        let Some(user) = chat.strip_prefix(DM_PREFIX) else {
            return id(chat, "channel");
        };
        let user = id(user, "user")?;
        if let Some(c) = self
            .dms
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .get(&user)
        {
            return Ok(*c);
        }
        let body = json!({"recipient_id": user.to_string()});
        let opened = self
            .call(Call {
                method: Method::POST,
                path: "/users/@me/channels".into(),
                route: "POST /users/@me/channels".into(),
                major: None,
                body: Some(&body),
                auth: true,
                files: &[],
            })
            .await?;
        let channel = opened["id"]
            .as_str()
            .and_then(|c| c.parse().ok())
            .or_else(|| opened["id"].as_u64())
            .ok_or_else(|| SendError::Failed("Discord opened a DM without a channel id".into()))?;
        self.dms
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .insert(user, channel);
        Ok(channel)
    }
}

fn seconds(s: &str) -> Option<Duration> {
    s.trim()
        .parse::<f64>()
        .ok()
        .filter(|x| x.is_finite() && *x >= 0.0)
        .map(Duration::from_secs_f64)
}

fn id(s: &str, what: &str) -> Result<u64, SendError> {
    s.parse()
        .map_err(|_| SendError::Failed(format!("{s:?} is not a Discord {what} id")))
}

impl Sender for Rest {
    fn send<'a>(&'a self, to: &'a Address, lang: Lang, reply: &'a Reply) -> SendFuture<'a> {
        Box::pin(self.post_reply(to, lang, reply, None))
    }

    /// Discord drops a repeated message create with the same `nonce` when `enforce_nonce`
    /// is set (for a few minutes), so an alert is sent under nonces derived from its key and
    /// needs no mark on disk: a send a kill interrupted simply goes again.
    fn send_once<'a>(
        &'a self,
        to: &'a Address,
        lang: Lang,
        reply: &'a Reply,
        once: &'a dyn Once,
    ) -> SendFuture<'a> {
        Box::pin(self.post_reply(to, lang, reply, Some(once.key())))
    }

    fn resend_is_safe(&self) -> bool {
        true
    }

    fn edit_or_send<'a>(
        &'a self,
        to: &'a Address,
        message: &'a str,
        lang: Lang,
        reply: &'a Reply,
    ) -> SendFuture<'a> {
        Box::pin(async move {
            let channel = id(&to.chat, "channel")?;
            let message = id(message, "message")?;
            let reply_to = to
                .reply_to
                .as_deref()
                .map(|m| id(m, "message"))
                .transpose()?;
            if reply.image.is_some() {
                // A JSON edit cannot add a file: a reply with a chart is posted anew.
                return self.send(to, lang, reply).await;
            }
            let bodies = render::render(lang, reply, false);
            let mut rest = bodies.iter();
            if let Some(first) = rest.next()
                && let Err(e) = self.edit_message(channel, message, first).await
            {
                match e {
                    SendError::Failed(_) => {
                        self.post_message(channel, first, reply_to).await?;
                    }
                    other => return Err(other),
                }
            }
            for body in rest {
                self.post_message(channel, body, reply_to).await?;
            }
            Ok(())
        })
    }

    fn typing<'a>(&'a self, chat: &'a str) -> SendFuture<'a> {
        Box::pin(async move { self.typing_in(id(chat, "channel")?).await })
    }
}
