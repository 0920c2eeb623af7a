//! A loopback fake of the Telegram Bot API, speaking its real HTTP wire format:
//! `POST /bot<token>/<method>` with JSON, urlencoded or multipart bodies, answered with
//! `{"ok":true,"result":...}` or `{"ok":false,"error_code":...,"description":...}`.
//!
//! Tests play the users: they queue updates (messages, channel posts, button presses) that the
//! bot fetches with `getUpdates` (offsets honoured: an update is re-delivered until a later
//! offset confirms it, as Telegram does), and they read back every call the bot made.
//! Failures (429 with `retry_after`) can be injected per method. Listens on 127.0.0.1 only.
//!
//! Shared by the end-to-end tests (`tests/e2e/telegram_e2e.rs`), the Telegram crate's in-process
//! tests (`telegram/tests/`) and its benchmark.

use axum::Router;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::IntoResponse;
use axum::routing::any;
use serde_json::{Map, Value, json};
use std::collections::{BTreeMap, HashMap, VecDeque};
use std::net::SocketAddr;
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// The token the fake accepts; any other gets 401 Unauthorized.
pub const TOKEN: &str = "7000000001:AAF-fake-token-for-loopback-tests";
pub const BOT_ID: i64 = 7000000001;
pub const BOT_USERNAME: &str = "ScoutBot";

/// A Telegram user.
#[derive(Clone, Debug)]
pub struct Person {
    pub id: i64,
    pub first_name: String,
    pub language_code: Option<String>,
}

impl Person {
    pub fn new(id: i64, first_name: &str, language_code: Option<&str>) -> Person {
        Person {
            id,
            first_name: first_name.into(),
            language_code: language_code.map(str::to_string),
        }
    }
    fn json(&self) -> Value {
        let mut u = json!({"id": self.id, "is_bot": false, "first_name": self.first_name});
        if let Some(l) = &self.language_code {
            u["language_code"] = json!(l);
        }
        u
    }
}

/// A chat the updates come from.
#[derive(Clone, Debug)]
pub enum Chat {
    Private(Person),
    Group { id: i64, title: String },
    Supergroup { id: i64, title: String },
    Channel { id: i64, title: String },
}

impl Chat {
    pub fn id(&self) -> i64 {
        match self {
            Chat::Private(p) => p.id,
            Chat::Group { id, .. } | Chat::Supergroup { id, .. } | Chat::Channel { id, .. } => *id,
        }
    }
    fn json(&self) -> Value {
        match self {
            Chat::Private(p) => json!({"id": p.id, "type": "private", "first_name": p.first_name}),
            Chat::Group { id, title } => json!({"id": id, "type": "group", "title": title}),
            Chat::Supergroup { id, title } => {
                json!({"id": id, "type": "supergroup", "title": title})
            }
            Chat::Channel { id, title } => json!({"id": id, "type": "channel", "title": title}),
        }
    }
}

/// One request the bot made.
#[derive(Clone, Debug)]
pub struct Call {
    /// Canonical method name (`sendMessage`).
    pub method: String,
    pub params: Value,
    pub at: Instant,
    /// HTTP status the fake answered with.
    pub status: u16,
}

/// A message the bot sent, as it stands now (after edits).
#[derive(Clone, Debug)]
pub struct Sent {
    pub chat_id: i64,
    pub message_id: i64,
    /// The text as the bot sent it (HTML when `parse_mode` is HTML).
    pub html: String,
    pub parse_mode: Option<String>,
    /// `callback_data` of every inline button, row by row flattened.
    pub buttons: Vec<(String, String)>,
    pub reply_to: Option<i64>,
    pub edits: usize,
    pub photo: bool,
    /// The channel direct-messages topic it was sent into (`direct_messages_topic_id`).
    pub dm_topic: Option<i64>,
}

/// An injected failure for the next call of a method.
#[derive(Clone, Debug)]
pub enum Failure {
    /// 429 Too Many Requests with `parameters.retry_after`.
    RetryAfter(u64),
    /// Any other error status and description.
    Status(u16, String),
    /// The connection is cut before an answer (the call is not carried out): the client
    /// sees a network error, as with a reset or a proxy that gave up.
    Drop,
    /// A proxy's error page: this status with an HTML body that is no JSON.
    Html(u16),
    /// 400: the group was upgraded to a supergroup with this id
    /// (`parameters.migrate_to_chat_id`).
    Migrated(i64),
    /// The request is taken and never answered (a send that hangs): the connection stays
    /// open until the fake stops. Recorded with status 0.
    Hang,
}

/// The failures [`FakeTelegram::fail_every`] takes turns with: a cut connection, Telegram's
/// own 500, a proxy's 502 page.
pub fn flaky_failures() -> Vec<Failure> {
    vec![
        Failure::Drop,
        Failure::Status(500, "Internal Server Error".into()),
        Failure::Drop,
        Failure::Html(502),
    ]
}

#[derive(Default)]
struct Inner {
    next_update_id: i64,
    /// Updates not yet confirmed by an offset.
    pending: VecDeque<Value>,
    confirmed_offset: i64,
    calls: Vec<Call>,
    /// Calls per method, so that counting them is O(1) however long the log grows.
    counts: HashMap<String, usize>,
    failures: HashMap<String, VecDeque<Failure>>,
    /// Failures for every call of a method, after the queued ones.
    always: HashMap<String, Failure>,
    /// Every n-th call of a method fails, taking the failures in turn: (n, failures, calls).
    every: HashMap<String, (usize, Vec<Failure>, usize)>,
    next_message_id: i64,
    /// (chat, message id) -> the Message object as Telegram would return it, plus our record.
    messages: BTreeMap<(i64, i64), (Value, Sent)>,
    chats: HashMap<i64, Value>,
    /// Messages users sent, so the bot's replies can quote them.
    user_messages: HashMap<(i64, i64), Value>,
    next_query: u64,
    webhook: Option<Value>,
    /// Every update ever queued, by id, so a test can re-deliver one.
    history: BTreeMap<i64, Value>,
    /// How many `getUpdates` answers carried each update id.
    deliveries: HashMap<i64, usize>,
    /// Administrators per chat, for `getChatMember` (everyone else is a plain member).
    admins: HashMap<i64, Vec<i64>>,
    /// `getChatMember`'s whole answer for one (chat, user), where a test sets it.
    members: HashMap<(i64, i64), Value>,
    /// Telegram's rate limits, enforced at arrival when a test asks for it.
    limits: Option<Enforced>,
    /// Every send-like call (`sendMessage`, `sendPhoto`, `sendChatAction`, `editMessageText`)
    /// naming this chat fails this way, whatever the method's own schedule says.
    chat_failures: HashMap<i64, Failure>,
    /// Sends quoting one of these user messages wait (unanswered) until released, so a test
    /// can hold one lane mid-answer and see what goes on beside it without a clock.
    held_replies: std::collections::HashSet<i64>,
    /// User messages deleted since they were sent: a send quoting one is refused with
    /// "message to be replied not found" unless it allows sending without the quote.
    deleted: std::collections::HashSet<(i64, i64)>,
}

/// Arrival times of the messages sent, for [`FakeTelegram::enforce_limits`].
#[derive(Default)]
struct Enforced {
    overall: VecDeque<Instant>,
    groups: HashMap<i64, VecDeque<Instant>>,
    /// Per chat, when its bucket is full again (the generic cell rate algorithm).
    chats: HashMap<i64, Instant>,
}

/// Telegram's published limits as the fake enforces them, counted when a message arrives:
/// 30 messages a second overall, 20 a minute per group or channel (chat id < 0), and per chat
/// the Bot FAQ's "avoid sending more than one message per second … we may allow short
/// bursts that go over this limit, but eventually you'll begin receiving 429 errors": a
/// token bucket of one message per [`CHAT_EVERY`] holding [`CHAT_BURST`], the shortest burst
/// the words allow (two messages in a moment; a third within the second is refused, and so
/// is anything above one a second kept up).
pub const OVERALL_PER_SECOND: usize = 30;
pub const GROUP_PER_MINUTE: usize = 20;
pub const CHAT_EVERY: Duration = Duration::from_secs(1);
pub const CHAT_BURST: u32 = 2;

impl Enforced {
    /// Counts a message to `chat` arriving now, or refuses it (429) when it would exceed a
    /// limit; a refused message is not counted.
    fn admit(&mut self, chat: i64, now: Instant) -> bool {
        let second = Duration::from_secs(1);
        let minute = Duration::from_secs(60);
        while self.overall.front().is_some_and(|t| *t + second <= now) {
            self.overall.pop_front();
        }
        if self.overall.len() >= OVERALL_PER_SECOND {
            return false;
        }
        // Room while the bucket is at most CHAT_BURST - 1 messages short of full.
        let ahead = CHAT_EVERY * (CHAT_BURST - 1);
        let full_at = self.chats.get(&chat).map_or(now, |t| (*t).max(now));
        if full_at > now + ahead {
            return false;
        }
        if chat < 0 {
            let g = self.groups.entry(chat).or_default();
            while g.front().is_some_and(|t| *t + minute <= now) {
                g.pop_front();
            }
            if g.len() >= GROUP_PER_MINUTE {
                return false;
            }
            g.push_back(now);
        }
        self.chats.insert(chat, full_at + CHAT_EVERY);
        self.overall.push_back(now);
        true
    }
}

struct Shared {
    inner: Mutex<Inner>,
    changed: Condvar,
    updates: tokio::sync::Notify,
    /// Set when the fake is dropped: long polls end at once, so shutdown does not wait for
    /// their timeout.
    stopping: std::sync::atomic::AtomicBool,
}

/// The running fake. Dropping it stops the server.
pub struct FakeTelegram {
    shared: Arc<Shared>,
    addr: SocketAddr,
    shutdown: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

const WAIT: Duration = Duration::from_secs(20);

impl FakeTelegram {
    /// Starts the fake on 127.0.0.1 with a free port, on its own thread.
    pub fn start() -> FakeTelegram {
        let shared = Arc::new(Shared {
            inner: Mutex::new(Inner {
                next_update_id: 100,
                next_message_id: 1000,
                ..Inner::default()
            }),
            changed: Condvar::new(),
            updates: tokio::sync::Notify::new(),
            stopping: std::sync::atomic::AtomicBool::new(false),
        });
        let (stop_tx, stop_rx) = tokio::sync::oneshot::channel::<()>();
        let state = shared.clone();
        let (addr, thread) = crate::loopback::spawn("the fake Bot API", 2, |listener| async move {
            let app = Router::new()
                .route("/{*path}", any(handle))
                .with_state(state);
            axum::serve(listener, app)
                .with_graceful_shutdown(async {
                    let _ = stop_rx.await;
                })
                .await
                .unwrap();
        });
        FakeTelegram {
            shared,
            addr,
            shutdown: Some(stop_tx),
            thread: Some(thread),
        }
    }

    /// From now on, messages (`sendMessage`, `sendPhoto`) beyond Telegram's limits as counted
    /// at arrival ([`OVERALL_PER_SECOND`], [`CHAT_EVERY`] with [`CHAT_BURST`], [`GROUP_PER_MINUTE`]) are answered 429 with
    /// `retry_after` 1, as the real Bot API does; `calls()` records them with status 429.
    pub fn enforce_limits(&self) {
        self.shared.inner.lock().unwrap().limits = Some(Enforced::default());
    }

    /// `users` are the administrators of `chat` (what `getChatMember` answers).
    pub fn set_admins(&self, chat: &Chat, users: &[i64]) {
        self.shared
            .inner
            .lock()
            .unwrap()
            .admins
            .insert(chat.id(), users.to_vec());
    }

    /// `getChatMember` answers `member` (a `ChatMember` object) for `user` in `chat`: an
    /// administrator with only some rights, say.
    pub fn set_member(&self, chat: &Chat, user: i64, member: Value) {
        self.shared
            .inner
            .lock()
            .unwrap()
            .members
            .insert((chat.id(), user), member);
    }

    /// What to put in `TELEGRAM_API_URL`.
    pub fn api_url(&self) -> String {
        format!("http://{}", self.addr)
    }

    fn lock(&self) -> MutexGuard<'_, Inner> {
        self.shared.inner.lock().unwrap()
    }

    fn push_update(&self, mut update: Value) -> i64 {
        let id = {
            let mut inner = self.lock();
            let id = inner.next_update_id;
            inner.next_update_id += 1;
            update["update_id"] = json!(id);
            inner.history.insert(id, update.clone());
            inner.pending.push_back(update);
            id
        };
        self.shared.updates.notify_waiters();
        id
    }

    fn new_message_id(&self) -> i64 {
        let mut inner = self.lock();
        inner.next_message_id += 1;
        inner.next_message_id
    }

    fn remember_chat(&self, chat: &Chat) {
        self.lock().chats.insert(chat.id(), chat.json());
    }

    fn user_message(&self, chat: &Chat, from: &Person, text: &str) -> Value {
        self.remember_chat(chat);
        let mut m = json!({
            "message_id": self.new_message_id(),
            "date": now(),
            "chat": chat.json(),
            "from": from.json(),
            "text": text,
        });
        if let Some(len) = command_len(text) {
            m["entities"] = json!([{"type": "bot_command", "offset": 0, "length": len}]);
        }
        let id = m["message_id"].as_i64().unwrap();
        self.lock().user_messages.insert((chat.id(), id), m.clone());
        m
    }

    /// A user types `text` in `chat`. Returns the update id.
    pub fn send_text(&self, chat: &Chat, from: &Person, text: &str) -> i64 {
        let m = self.user_message(chat, from, text);
        self.push_update(json!({ "message": m }))
    }

    /// A user answers one of the bot's messages with a Telegram "reply". Returns the id of
    /// the user's message.
    pub fn reply_text(&self, chat: &Chat, from: &Person, to_message: i64, text: &str) -> i64 {
        let mut m = self.user_message(chat, from, text);
        let original = self.message_json(chat.id(), to_message);
        m["reply_to_message"] = original;
        let id = m["message_id"].as_i64().unwrap();
        self.push_update(json!({ "message": m }));
        id
    }

    /// Someone posts `text` in a channel (the bot is an admin there).
    pub fn channel_post(&self, channel: &Chat, text: &str) -> i64 {
        self.remember_chat(channel);
        let mut m = json!({
            "message_id": self.new_message_id(),
            "date": now(),
            "chat": channel.json(),
            "sender_chat": channel.json(),
            "text": text,
        });
        if let Some(len) = command_len(text) {
            m["entities"] = json!([{"type": "bot_command", "offset": 0, "length": len}]);
        }
        self.push_update(json!({ "channel_post": m }))
    }

    /// A user taps an inline button with `data` under the bot's message `message_id`.
    /// Returns the callback query id.
    pub fn press(&self, chat: &Chat, from: &Person, message_id: i64, data: &str) -> String {
        let message = self.message_json(chat.id(), message_id);
        let qid = {
            let mut inner = self.lock();
            inner.next_query += 1;
            format!("cq{}", inner.next_query)
        };
        self.push_update(json!({
            "callback_query": {
                "id": qid,
                "from": from.json(),
                "message": message,
                "chat_instance": format!("ci{}", chat.id()),
                "data": data,
            }
        }));
        qid
    }

    /// Queues an update written by the test in the Bot API's own shape (any kind: topics,
    /// captions, edits, member changes, inaccessible messages…); its `update_id` is set here.
    /// The chat of a message in it is remembered, and the message itself, so the bot's
    /// replies to it quote it as Telegram would. Returns the update id.
    pub fn push(&self, update: Value) -> i64 {
        for kind in [
            "message",
            "edited_message",
            "channel_post",
            "edited_channel_post",
        ] {
            let m = &update[kind];
            if let (Some(chat), Some(id)) = (m["chat"]["id"].as_i64(), m["message_id"].as_i64()) {
                let mut inner = self.lock();
                inner.chats.insert(chat, m["chat"].clone());
                inner.user_messages.insert((chat, id), m.clone());
            }
        }
        self.push_update(update)
    }

    /// Queues `update` with the `update_id` the test gives (a duplicate of one already
    /// handed out, or one lower than those before it), after the updates queued so far, as a
    /// misbehaving `getUpdates` batch would carry it. Returns the id.
    pub fn push_with_id(&self, id: i64, mut update: Value) -> i64 {
        {
            let mut inner = self.lock();
            update["update_id"] = json!(id);
            inner.history.insert(id, update.clone());
            inner.pending.push_back(update);
            inner.next_update_id = inner.next_update_id.max(id + 1);
        }
        self.shared.updates.notify_waiters();
        id
    }

    /// [`FakeTelegram::push_with_id`] for several updates queued at once, so one
    /// `getUpdates` hands them out together (pushed one by one, a long poll can wake between
    /// them and confirm an offset past an id the test queues next).
    pub fn push_batch_with_ids(&self, updates: Vec<(i64, Value)>) {
        {
            let mut inner = self.lock();
            for (id, mut update) in updates {
                update["update_id"] = json!(id);
                inner.history.insert(id, update.clone());
                inner.pending.push_back(update);
                inner.next_update_id = inner.next_update_id.max(id + 1);
            }
        }
        self.shared.updates.notify_waiters();
    }

    /// Every send-like call to `chat` fails this way from now on (`None`: no longer); other
    /// chats are answered as usual.
    pub fn fail_chat(&self, chat: i64, failure: Option<Failure>) {
        let mut inner = self.lock();
        match failure {
            Some(f) => inner.chat_failures.insert(chat, f),
            None => inner.chat_failures.remove(&chat),
        };
    }

    /// Every `sendMessage` quoting message `to` waits, unanswered, until
    /// [`FakeTelegram::release_replies`] (or the fake stops); then it is carried out.
    pub fn hold_replies_to(&self, to: i64) {
        self.lock().held_replies.insert(to);
    }

    /// The user's message `id` in `chat` is deleted (by its author or an admin): Telegram then
    /// refuses a send quoting it with 400 "message to be replied not found", unless the
    /// quote says `allow_sending_without_reply`, when the message goes without the quote.
    pub fn delete_user_message(&self, chat: i64, id: i64) {
        let mut g = self.lock();
        g.user_messages.remove(&(chat, id));
        g.deleted.insert((chat, id));
    }

    /// Carries out every held send.
    pub fn release_replies(&self) {
        self.lock().held_replies.clear();
    }

    /// The next update's id jumps `n` ahead: Telegram's ids grow but need not be consecutive
    /// (the Bot API: "sequentially", yet a gap follows a week without polling or updates
    /// the bot was not sent).
    pub fn skip_update_ids(&self, n: i64) {
        self.lock().next_update_id += n;
    }

    /// An update of any shape (for webhook tests that post it themselves).
    pub fn message_update_json(&self, chat: &Chat, from: &Person, text: &str) -> Value {
        let m = self.user_message(chat, from, text);
        json!({"update_id": 1, "message": m})
    }

    fn message_json(&self, chat: i64, message_id: i64) -> Value {
        self.lock()
            .messages
            .get(&(chat, message_id))
            .map(|(v, _)| v.clone())
            .unwrap_or_else(|| panic!("no bot message {message_id} in chat {chat}"))
    }

    /// The next call of `method` fails this way.
    pub fn fail_next(&self, method: &str, failure: Failure) {
        self.lock()
            .failures
            .entry(method.to_string())
            .or_default()
            .push_back(failure);
    }

    /// Every call of `method` fails this way from now on (`None`: no longer).
    pub fn fail_always(&self, method: &str, failure: Option<Failure>) {
        let mut inner = self.lock();
        match failure {
            Some(f) => inner.always.insert(method.to_string(), f),
            None => inner.always.remove(method),
        };
    }

    /// From now on every `n`-th call of `method` fails, with `failures` in turn (an empty list
    /// or `n == 0` ends the schedule). Failed calls are recorded with their status (0: cut).
    pub fn fail_every(&self, method: &str, n: usize, failures: Vec<Failure>) {
        let mut inner = self.lock();
        if n == 0 || failures.is_empty() {
            inner.every.remove(method);
        } else {
            inner.every.insert(method.to_string(), (n, failures, 0));
        }
    }

    /// Every call so far.
    pub fn calls(&self) -> Vec<Call> {
        self.lock().calls.clone()
    }

    /// How many calls of `method` so far (cheap: nothing is cloned).
    pub fn count_of(&self, method: &str) -> usize {
        self.lock().counts.get(method).copied().unwrap_or(0)
    }

    pub fn calls_of(&self, method: &str) -> Vec<Call> {
        self.lock()
            .calls
            .iter()
            .filter(|c| c.method == method)
            .cloned()
            .collect()
    }

    /// Messages the bot has in `chat`, oldest first, as they stand after edits.
    pub fn sent_to(&self, chat: i64) -> Vec<Sent> {
        self.lock()
            .messages
            .range((chat, i64::MIN)..=(chat, i64::MAX))
            .map(|(_, (_, s))| s.clone())
            .collect()
    }

    /// The id of the newest update queued so far.
    pub fn last_update_id(&self) -> i64 {
        self.lock().next_update_id - 1
    }

    /// Waits until the bot has confirmed (with a later `getUpdates` offset) every update so far.
    pub fn wait_for_confirmation(&self) {
        let last = self.last_update_id();
        self.wait_until(WAIT, "offset confirmation", |v| {
            (v.confirmed_offset() > last).then_some(())
        })
    }

    /// Delivers update `id` again, as Telegram does when the bot crashed before its next
    /// `getUpdates` confirmed it (the confirmation is lost with the process).
    pub fn redeliver(&self, id: i64) {
        {
            let mut inner = self.lock();
            let update = inner.history.get(&id).cloned().expect("a queued update");
            inner.confirmed_offset = inner.confirmed_offset.min(id);
            if !inner.pending.iter().any(|u| u["update_id"] == json!(id)) {
                let at = inner
                    .pending
                    .iter()
                    .position(|u| u["update_id"].as_i64().unwrap_or(0) > id)
                    .unwrap_or(inner.pending.len());
                inner.pending.insert(at, update);
            }
        }
        self.shared.updates.notify_waiters();
    }

    /// The id of the user's message that update `update` carries (what answers in groups
    /// quote as `reply_to`).
    pub fn message_of(&self, update: i64) -> Option<i64> {
        let inner = self.lock();
        let u = inner.history.get(&update)?;
        int(&u["message"]["message_id"]).or_else(|| int(&u["channel_post"]["message_id"]))
    }

    /// How many times `getUpdates` has handed out update `id`.
    pub fn deliveries(&self, id: i64) -> usize {
        self.lock().deliveries.get(&id).copied().unwrap_or(0)
    }

    /// The highest offset the bot has confirmed with `getUpdates`.
    pub fn confirmed_offset(&self) -> i64 {
        self.lock().confirmed_offset
    }

    /// The webhook the bot registered (`setWebhook` params), if any.
    pub fn webhook(&self) -> Option<Value> {
        self.lock().webhook.clone()
    }

    /// Waits until `check` returns `Some`, or panics after `timeout` with the call log.
    pub fn wait_until<T>(
        &self,
        timeout: Duration,
        what: &str,
        check: impl Fn(&FakeView) -> Option<T>,
    ) -> T {
        let deadline = Instant::now() + timeout;
        let mut inner = self.lock();
        loop {
            if let Some(t) = check(&FakeView(&inner)) {
                return t;
            }
            let now = Instant::now();
            if now >= deadline {
                let log: Vec<String> = inner
                    .calls
                    .iter()
                    .map(|c| format!("{} {}", c.method, c.params))
                    .collect();
                panic!("timed out waiting for {what}; calls:\n{}", log.join("\n"));
            }
            inner = self
                .shared
                .changed
                .wait_timeout(inner, deadline - now)
                .unwrap()
                .0;
        }
    }

    /// Waits until the bot has at least `n` messages in `chat`; returns them.
    pub fn wait_for_messages(&self, chat: i64, n: usize) -> Vec<Sent> {
        self.wait_until(WAIT, &format!("{n} messages in chat {chat}"), |v| {
            let sent = v.sent_to(chat);
            (sent.len() >= n).then_some(sent)
        })
    }

    /// Waits until some call of `method` satisfies `pred`; returns it.
    pub fn wait_for_call(&self, method: &str, pred: impl Fn(&Call) -> bool) -> Call {
        self.wait_until(WAIT, method, |v| {
            v.0.calls
                .iter()
                .find(|c| c.method == method && pred(c))
                .cloned()
        })
    }

    /// Waits until the bot is polling (it has called `getUpdates`) at least `n` times.
    pub fn wait_for_polling(&self, n: usize) {
        self.wait_until(WAIT, "getUpdates", |v| {
            (v.0.calls
                .iter()
                .filter(|c| c.method == "getUpdates")
                .count()
                >= n)
                .then_some(())
        })
    }
}

/// A read-only view of the fake's state inside `wait_until`.
pub struct FakeView<'a>(&'a Inner);

impl FakeView<'_> {
    pub fn sent_to(&self, chat: i64) -> Vec<Sent> {
        self.0
            .messages
            .range((chat, i64::MIN)..=(chat, i64::MAX))
            .map(|(_, (_, s))| s.clone())
            .collect()
    }
    pub fn calls(&self) -> &[Call] {
        &self.0.calls
    }
    /// How many calls of `method` so far, in O(1).
    pub fn count_of(&self, method: &str) -> usize {
        self.0.counts.get(method).copied().unwrap_or(0)
    }
    pub fn confirmed_offset(&self) -> i64 {
        self.0.confirmed_offset
    }
}

impl Drop for FakeTelegram {
    fn drop(&mut self) {
        self.shared
            .stopping
            .store(true, std::sync::atomic::Ordering::SeqCst);
        if let Some(tx) = self.shutdown.take() {
            let _ = tx.send(());
        }
        // Wake long polls so the server can finish.
        self.shared.updates.notify_waiters();
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// Posts an update to the bot's webhook at `addr` the way Telegram does (with the secret
/// header when `secret` is given); returns the HTTP status (0 when there was no answer).
pub fn post_webhook(addr: &str, path: &str, secret: Option<&str>, body: &str) -> u16 {
    use std::io::{Read, Write};
    let mut s = std::net::TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    let secret_header = secret
        .map(|v| format!("X-Telegram-Bot-Api-Secret-Token: {v}\r\n"))
        .unwrap_or_default();
    write!(
        s,
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n{secret_header}Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut response = String::new();
    let _ = s.read_to_string(&mut response);
    response
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0)
}

fn now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or(0)
}

fn command_len(text: &str) -> Option<usize> {
    text.starts_with('/').then(|| {
        text.split(char::is_whitespace)
            .next()
            .unwrap_or("")
            .encode_utf16()
            .count()
    })
}

const METHODS: &[&str] = &[
    "getMe",
    "getUpdates",
    "setWebhook",
    "deleteWebhook",
    "setMyCommands",
    "sendMessage",
    "editMessageText",
    "answerCallbackQuery",
    "answerInlineQuery",
    "sendPhoto",
    "sendChatAction",
    "getChatMember",
];

fn canonical(method: &str) -> Option<&'static str> {
    METHODS
        .iter()
        .copied()
        .find(|m| m.eq_ignore_ascii_case(method))
}

/// Why Telegram would refuse an `answerInlineQuery` (Bot API: at most 50 results, each id
/// 1–64 bytes, an article's text 1–4096 characters, a start parameter 1–64 of `A-Za-z0-9_-`).
fn inline_answer_refused(p: &Value) -> Option<&'static str> {
    let results: Value = match &p["results"] {
        Value::String(s) => serde_json::from_str(s).unwrap_or(Value::Null),
        v => v.clone(),
    };
    let Some(results) = results.as_array() else {
        return Some("Bad Request: can't parse inline query results");
    };
    if results.len() > 50 {
        return Some("Bad Request: RESULTS_TOO_MUCH");
    }
    for r in results {
        let id = r["id"].as_str().unwrap_or("");
        if id.is_empty() || id.len() > 64 {
            return Some("Bad Request: RESULT_ID_INVALID");
        }
        let text = r["input_message_content"]["message_text"].as_str();
        if text.is_some_and(|t| t.is_empty() || t.encode_utf16().count() > 4096) {
            return Some("Bad Request: MESSAGE_TOO_LONG");
        }
    }
    let button: Value = match &p["button"] {
        Value::String(s) => serde_json::from_str(s).unwrap_or(Value::Null),
        v => v.clone(),
    };
    if let Some(start) = button["start_parameter"].as_str() {
        let fine = (1..=64).contains(&start.len())
            && start
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-');
        if !fine {
            return Some("Bad Request: START_PARAM_INVALID");
        }
    }
    None
}

fn ok(result: Value) -> (StatusCode, Value) {
    (StatusCode::OK, json!({"ok": true, "result": result}))
}

fn err(code: u16, description: &str) -> (StatusCode, Value) {
    (
        StatusCode::from_u16(code).unwrap_or(StatusCode::BAD_REQUEST),
        json!({"ok": false, "error_code": code, "description": description}),
    )
}

async fn handle(
    State(shared): State<Arc<Shared>>,
    Path(path): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> impl IntoResponse {
    let content_type = headers
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_string();
    let params = parse_body(&content_type, &body);
    match answer(&shared, &path, params).await {
        Answer::Json(status, value) => (status, axum::Json(value)).into_response(),
        Answer::Html(code) => (
            StatusCode::from_u16(code).unwrap_or(StatusCode::BAD_GATEWAY),
            [("content-type", "text/html")],
            format!("<html><body><h1>{code}</h1>nginx</body></html>"),
        )
            .into_response(),
        // Headers go out, then the body fails: hyper cuts the connection.
        Answer::Cut => {
            let cut = futures_util::stream::once(async {
                Err::<Bytes, std::io::Error>(std::io::Error::other("connection cut by the fake"))
            });
            axum::response::Response::new(axum::body::Body::from_stream(cut))
        }
    }
}

/// How the fake answers one call.
enum Answer {
    Json(StatusCode, Value),
    Html(u16),
    Cut,
}

impl From<(StatusCode, Value)> for Answer {
    fn from((status, value): (StatusCode, Value)) -> Answer {
        Answer::Json(status, value)
    }
}

async fn answer(shared: &Arc<Shared>, path: &str, params: Value) -> Answer {
    let Some((token_part, method)) = path.split_once('/') else {
        return err(404, "Not Found").into();
    };
    if token_part != format!("bot{TOKEN}") {
        return err(401, "Unauthorized").into();
    }
    let Some(method) = canonical(method) else {
        record(shared, method, params, 404);
        return err(404, "Not Found: method not found").into();
    };
    // A held reply waits for its release (or the fake's stop) before anything else.
    if method == "sendMessage" {
        if let Some(to) = reply_to(&params) {
            while shared.inner.lock().unwrap().held_replies.contains(&to)
                && !shared.stopping.load(std::sync::atomic::Ordering::SeqCst)
            {
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
        }
    }
    // Injected failure?
    let failure = {
        let mut inner = shared.inner.lock().unwrap();
        let scheduled = inner.every.get_mut(method).and_then(|(n, list, calls)| {
            *calls += 1;
            (*calls % *n == 0).then(|| list[(*calls / *n - 1) % list.len()].clone())
        });
        let for_chat = matches!(
            method,
            "sendMessage" | "sendPhoto" | "sendChatAction" | "editMessageText"
        )
        .then(|| int(&params["chat_id"]))
        .flatten()
        .and_then(|chat| inner.chat_failures.get(&chat).cloned());
        for_chat
            .or_else(|| inner.failures.get_mut(method).and_then(VecDeque::pop_front))
            .or(scheduled)
            .or_else(|| inner.always.get(method).cloned())
    };
    if let Some(f) = failure {
        let (status, body) = match f {
            Failure::Drop => {
                record(shared, method, params, 0);
                return Answer::Cut;
            }
            Failure::Hang => {
                record(shared, method, params, 0);
                while !shared.stopping.load(std::sync::atomic::Ordering::SeqCst) {
                    tokio::time::sleep(Duration::from_millis(50)).await;
                }
                return Answer::Cut;
            }
            Failure::Html(code) => {
                record(shared, method, params, code);
                return Answer::Html(code);
            }
            Failure::RetryAfter(secs) => (
                StatusCode::TOO_MANY_REQUESTS,
                json!({
                    "ok": false,
                    "error_code": 429,
                    "description": format!("Too Many Requests: retry after {secs}"),
                    "parameters": {"retry_after": secs},
                }),
            ),
            Failure::Status(code, d) => err(code, &d),
            Failure::Migrated(to) => (
                StatusCode::BAD_REQUEST,
                json!({
                    "ok": false,
                    "error_code": 400,
                    "description": "Bad Request: group chat was upgraded to a supergroup chat",
                    "parameters": {"migrate_to_chat_id": to},
                }),
            ),
        };
        record(shared, method, params, status.as_u16());
        return Answer::Json(status, body);
    }
    if method == "getUpdates" {
        return get_updates(shared, params).await.into();
    }
    if matches!(method, "sendMessage" | "sendPhoto") {
        let chat = int(&params["chat_id"]).unwrap_or(0);
        let admitted = {
            let mut inner = shared.inner.lock().unwrap();
            match inner.limits.as_mut() {
                Some(l) => l.admit(chat, Instant::now()),
                None => true,
            }
        };
        if !admitted {
            record(shared, method, params, 429);
            return Answer::Json(
                StatusCode::TOO_MANY_REQUESTS,
                json!({
                    "ok": false,
                    "error_code": 429,
                    "description": "Too Many Requests: retry after 1",
                    "parameters": {"retry_after": 1},
                }),
            );
        }
    }
    // Answered and recorded under one lock: a test that sees the message (`sent_to`) sees
    // its call too (recorded after, it raced `wait_for_messages` then `calls`).
    let (status, body) = {
        let mut inner = shared.inner.lock().unwrap();
        let (status, body) = respond(&mut inner, method, &params);
        record_in(&mut inner, method, params, status.as_u16());
        (status, body)
    };
    shared.changed.notify_all();
    Answer::Json(status, body)
}

fn record(shared: &Shared, method: &str, params: Value, status: u16) {
    record_in(&mut shared.inner.lock().unwrap(), method, params, status);
    shared.changed.notify_all();
}

fn record_in(inner: &mut Inner, method: &str, params: Value, status: u16) {
    *inner.counts.entry(method.to_string()).or_default() += 1;
    inner.calls.push(Call {
        method: method.to_string(),
        params,
        at: Instant::now(),
        status,
    });
}

/// The longest a `getUpdates` call is held open waiting for an update.
pub const MAX_HOLD: Duration = Duration::from_secs(1);

async fn get_updates(shared: &Arc<Shared>, params: Value) -> (StatusCode, Value) {
    let offset = int(&params["offset"]).unwrap_or(0);
    let limit = int(&params["limit"]).unwrap_or(100).clamp(1, 100) as usize;
    // Held for at most `MAX_HOLD`, not the bot's full poll timeout: an answer ends the hold
    // anyway, and a long hold only makes every stop and restart in a test wait for it.
    let timeout =
        Duration::from_secs(int(&params["timeout"]).unwrap_or(0).clamp(0, 50) as u64).min(MAX_HOLD);
    {
        let mut inner = shared.inner.lock().unwrap();
        if offset > 0 {
            inner
                .pending
                .retain(|u| u["update_id"].as_i64().unwrap_or(0) >= offset);
            inner.confirmed_offset = inner.confirmed_offset.max(offset);
        }
    }
    record(shared, "getUpdates", params, 200);
    let deadline = tokio::time::Instant::now() + timeout;
    loop {
        let notified = shared.updates.notified();
        {
            let mut inner = shared.inner.lock().unwrap();
            let batch: Vec<Value> = inner.pending.iter().take(limit).cloned().collect();
            let stopping = shared.stopping.load(std::sync::atomic::Ordering::SeqCst);
            if !batch.is_empty() || stopping || tokio::time::Instant::now() >= deadline {
                for u in &batch {
                    *inner
                        .deliveries
                        .entry(u["update_id"].as_i64().unwrap_or(0))
                        .or_default() += 1;
                }
                return ok(Value::Array(batch));
            }
        }
        if tokio::time::timeout_at(deadline, notified).await.is_err() {
            // Timed out: loop once more to return what is there (likely nothing).
        }
    }
}

fn int(v: &Value) -> Option<i64> {
    v.as_i64()
        .or_else(|| v.as_str().and_then(|s| s.parse().ok()))
}

fn bot_user() -> Value {
    json!({"id": BOT_ID, "is_bot": true, "first_name": "GPU Scout", "username": BOT_USERNAME})
}

fn buttons(markup: &Value) -> Vec<(String, String)> {
    let markup = match markup {
        Value::String(s) => serde_json::from_str(s).unwrap_or(Value::Null),
        v => v.clone(),
    };
    markup["inline_keyboard"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|row| row.as_array().cloned().unwrap_or_default())
        .map(|b| {
            (
                b["text"].as_str().unwrap_or("").to_string(),
                b["callback_data"].as_str().unwrap_or("").to_string(),
            )
        })
        .collect()
}

/// Whether a send's quote says `allow_sending_without_reply` (in `reply_parameters`, or the
/// older top-level parameter).
fn allows_without_reply(params: &Value) -> bool {
    let rp = match &params["reply_parameters"] {
        Value::String(s) => serde_json::from_str(s).unwrap_or(Value::Null),
        v => v.clone(),
    };
    rp["allow_sending_without_reply"].as_bool() == Some(true)
        || params["allow_sending_without_reply"].as_bool() == Some(true)
}

fn reply_to(params: &Value) -> Option<i64> {
    let rp = match &params["reply_parameters"] {
        Value::String(s) => serde_json::from_str(s).unwrap_or(Value::Null),
        v => v.clone(),
    };
    int(&rp["message_id"])
}

/// Whether `chat` is a channel's direct-messages chat (Bot API 9.2), as the chat object an
/// update brought said (`is_direct_messages`).
fn direct_messages_chat(inner: &Inner, chat: i64) -> bool {
    inner
        .chats
        .get(&chat)
        .is_some_and(|c| c["is_direct_messages"].as_bool() == Some(true))
}

fn respond(inner: &mut Inner, method: &str, p: &Value) -> (StatusCode, Value) {
    // Telegram refuses a send into a channel's direct-messages chat that names no topic.
    // sendChatAction has no `direct_messages_topic_id` (Bot API 9.2 added it to the sending
    // methods only): Telegram drops a parameter a method does not take, so the fake does too.
    let dm_topic = int(&p["direct_messages_topic_id"]).filter(|_| method != "sendChatAction");
    if matches!(method, "sendMessage" | "sendPhoto" | "sendChatAction")
        && dm_topic.is_none()
        && int(&p["chat_id"]).is_some_and(|c| direct_messages_chat(inner, c))
    {
        return err(400, "Bad Request: direct messages topic must be specified");
    }
    match method {
        "getMe" => ok(json!({
            "id": BOT_ID, "is_bot": true, "first_name": "GPU Scout", "username": BOT_USERNAME,
            "can_join_groups": true, "can_read_all_group_messages": false,
            "supports_inline_queries": false, "can_connect_to_business": false,
            "has_main_web_app": false,
        })),
        "setWebhook" => {
            inner.webhook = Some(p.clone());
            ok(json!(true))
        }
        "deleteWebhook" => {
            inner.webhook = None;
            ok(json!(true))
        }
        "answerInlineQuery" => match inline_answer_refused(p) {
            Some(why) => err(400, why),
            None => ok(json!(true)),
        },
        "setMyCommands" | "answerCallbackQuery" | "sendChatAction" => ok(json!(true)),
        "getChatMember" => {
            let (Some(chat_id), Some(user_id)) = (int(&p["chat_id"]), int(&p["user_id"])) else {
                return err(400, "Bad Request: chat not found");
            };
            let user = json!({"id": user_id, "is_bot": false, "first_name": "User"});
            if let Some(member) = inner.members.get(&(chat_id, user_id)) {
                let mut member = member.clone();
                member["user"] = user;
                return ok(member);
            }
            let admin = inner
                .admins
                .get(&chat_id)
                .is_some_and(|list| list.contains(&user_id));
            if admin {
                ok(json!({"status": "creator", "user": user, "is_anonymous": false}))
            } else {
                ok(json!({"status": "member", "user": user}))
            }
        }
        "sendMessage" | "sendPhoto" => {
            let Some(chat_id) = int(&p["chat_id"]) else {
                return err(400, "Bad Request: chat_id is empty");
            };
            let photo = method == "sendPhoto";
            let html = if photo {
                p["caption"].as_str().unwrap_or("").to_string()
            } else {
                match p["text"].as_str() {
                    Some(t) if !t.is_empty() => t.to_string(),
                    _ => return err(400, "Bad Request: message text is empty"),
                }
            };
            if html.encode_utf16().count() > if photo { 1024 } else { 4096 } {
                return err(400, "Bad Request: message is too long");
            }
            if p["parse_mode"].as_str() == Some("HTML")
                && let Some(why) = html_refusal(&html)
            {
                return err(400, &format!("Bad Request: can't parse entities: {why}"));
            }
            let quotes_deleted =
                reply_to(p).is_some_and(|to| inner.deleted.contains(&(chat_id, to)));
            if quotes_deleted && !allows_without_reply(p) {
                return err(400, "Bad Request: message to be replied not found");
            }
            inner.next_message_id += 1;
            let message_id = inner.next_message_id;
            let chat =
                inner.chats.get(&chat_id).cloned().unwrap_or_else(
                    || json!({"id": chat_id, "type": "private", "first_name": "User"}),
                );
            let mut m = json!({
                "message_id": message_id, "date": now(), "chat": chat, "from": bot_user(),
            });
            if let Some(topic) = dm_topic {
                m["direct_messages_topic"] = json!({"topic_id": topic});
            }
            if photo {
                m["photo"] = json!([{"file_id": format!("photo{message_id}"),
                    "file_unique_id": format!("u{message_id}"), "width": 640, "height": 480}]);
                m["caption"] = json!(strip_html(&html));
            } else {
                m["text"] = json!(strip_html(&html));
            }
            let markup = p.get("reply_markup").cloned().unwrap_or(Value::Null);
            if !markup.is_null() {
                m["reply_markup"] = match &markup {
                    Value::String(s) => serde_json::from_str(s).unwrap_or(Value::Null),
                    v => v.clone(),
                };
            }
            let to = reply_to(p).filter(|_| !quotes_deleted);
            if let Some(to) = to {
                let original = inner
                    .user_messages
                    .get(&(chat_id, to))
                    .cloned()
                    .or_else(|| inner.messages.get(&(chat_id, to)).map(|(v, _)| v.clone()));
                if let Some(original) = original {
                    m["reply_to_message"] = original;
                }
            }
            let sent = Sent {
                chat_id,
                message_id,
                html,
                parse_mode: p["parse_mode"].as_str().map(str::to_string),
                buttons: buttons(&markup),
                reply_to: to,
                edits: 0,
                photo,
                dm_topic,
            };
            inner
                .messages
                .insert((chat_id, message_id), (m.clone(), sent));
            ok(m)
        }
        "editMessageText" => {
            let (Some(chat_id), Some(message_id)) = (int(&p["chat_id"]), int(&p["message_id"]))
            else {
                return err(400, "Bad Request: message to edit not found");
            };
            let Some((m, sent)) = inner.messages.get_mut(&(chat_id, message_id)) else {
                return err(400, "Bad Request: message to edit not found");
            };
            let html = p["text"].as_str().unwrap_or("").to_string();
            if p["parse_mode"].as_str() == Some("HTML")
                && let Some(why) = html_refusal(&html)
            {
                return err(400, &format!("Bad Request: can't parse entities: {why}"));
            }
            let markup = p.get("reply_markup").cloned().unwrap_or(Value::Null);
            let new_buttons = buttons(&markup);
            if html == sent.html && new_buttons == sent.buttons {
                return err(
                    400,
                    "Bad Request: message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message",
                );
            }
            sent.html = html.clone();
            sent.buttons = new_buttons;
            sent.edits += 1;
            sent.parse_mode = p["parse_mode"].as_str().map(str::to_string);
            m["text"] = json!(strip_html(&html));
            m["edit_date"] = json!(now());
            match &markup {
                Value::Null => {
                    m.as_object_mut().map(|o| o.remove("reply_markup"));
                }
                Value::String(s) => {
                    m["reply_markup"] = serde_json::from_str(s).unwrap_or(Value::Null)
                }
                v => m["reply_markup"] = v.clone(),
            }
            ok(m.clone())
        }
        _ => err(404, "Not Found: method not found"),
    }
}

/// Why Telegram would refuse `html` sent with `parse_mode: HTML` ("can't parse entities"), or
/// `None`. The Bot API's rules for that mode: only its tags (`b`, `strong`, `i`, `em`, `u`,
/// `ins`, `s`, `strike`, `del`, `span class="tg-spoiler"`, `tg-spoiler`, `a href`, `tg-emoji`,
/// `code`, `pre`, `blockquote`), each closed in order; every other `<`, `>` and `&` written as
/// an entity, and of named entities only `&lt;`, `&gt;`, `&amp;` and `&quot;` (numeric ones
/// all).
pub fn html_refusal(html: &str) -> Option<String> {
    const TAGS: [&str; 15] = [
        "b",
        "strong",
        "i",
        "em",
        "u",
        "ins",
        "s",
        "strike",
        "del",
        "span",
        "tg-spoiler",
        "a",
        "tg-emoji",
        "code",
        "pre",
    ];
    let bytes = html.as_bytes();
    let mut open: Vec<String> = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'<' => {
                let Some(len) = html[i..].find('>') else {
                    return Some(format!("unclosed start tag at byte offset {i}"));
                };
                let inner = &html[i + 1..i + len];
                let (closing, body) = match inner.strip_prefix('/') {
                    Some(b) => (true, b),
                    None => (false, inner),
                };
                let name: String = body
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
                    .collect::<String>()
                    .to_ascii_lowercase();
                if !(TAGS.contains(&name.as_str()) || name == "blockquote") {
                    return Some(format!(
                        "unsupported start tag \"{name}\" at byte offset {i}"
                    ));
                }
                if closing {
                    if open.pop().as_deref() != Some(name.as_str()) {
                        return Some(format!(
                            "unmatched end tag at byte offset {i}, expected \"{name}\""
                        ));
                    }
                } else {
                    open.push(name);
                }
                i += len + 1;
            }
            b'>' => return Some(format!("unexpected '>' at byte offset {i}")),
            b'&' => {
                let rest = &html[i + 1..];
                let end = rest.find(';').filter(|e| *e <= 10);
                let ok = end.is_some_and(|e| {
                    let name = &rest[..e];
                    matches!(name, "lt" | "gt" | "amp" | "quot")
                        || name.strip_prefix("#x").is_some_and(|h| {
                            !h.is_empty() && h.bytes().all(|b| b.is_ascii_hexdigit())
                        })
                        || name
                            .strip_prefix('#')
                            .is_some_and(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()))
                });
                if !ok {
                    return Some(format!("unsupported HTML entity at byte offset {i}"));
                }
                i += 1;
            }
            _ => i += 1,
        }
    }
    open.pop()
        .map(|t| format!("can't find end tag corresponding to start tag \"{t}\""))
}

/// What a client shows for HTML text: tags dropped, entities decoded.
pub fn strip_html(html: &str) -> String {
    let mut out = String::new();
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => in_tag = false,
            c if !in_tag => out.push(c),
            _ => {}
        }
    }
    out.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&amp;", "&")
}

/// JSON, urlencoded or multipart body -> a JSON object of parameters.
fn parse_body(content_type: &str, body: &[u8]) -> Value {
    if body.is_empty() {
        return Value::Object(Map::new());
    }
    if content_type.starts_with("application/json") {
        return serde_json::from_slice(body).unwrap_or(Value::Null);
    }
    if content_type.starts_with("application/x-www-form-urlencoded") {
        let text = String::from_utf8_lossy(body);
        let mut map = Map::new();
        for pair in text.split('&').filter(|p| !p.is_empty()) {
            let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
            map.insert(url_decode(k), Value::String(url_decode(v)));
        }
        return Value::Object(map);
    }
    if let Some(boundary) = content_type
        .split(';')
        .find_map(|p| p.trim().strip_prefix("boundary="))
    {
        return parse_multipart(body, boundary.trim_matches('"'));
    }
    Value::Null
}

fn url_decode(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' if i + 2 < bytes.len() => {
                let hex = std::str::from_utf8(&bytes[i + 1..i + 3]).unwrap_or("");
                match u8::from_str_radix(hex, 16) {
                    Ok(b) => {
                        out.push(b);
                        i += 2;
                    }
                    Err(_) => out.push(b'%'),
                }
            }
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn find(hay: &[u8], needle: &[u8], from: usize) -> Option<usize> {
    if needle.is_empty() || from >= hay.len() {
        return None;
    }
    hay[from..]
        .windows(needle.len())
        .position(|w| w == needle)
        .map(|p| p + from)
}

/// Text fields become strings; file fields become `{"filename", "bytes", "png"}`, plus
/// `width` and `height` from a PNG's header.
fn parse_multipart(body: &[u8], boundary: &str) -> Value {
    let delim = format!("--{boundary}");
    let mut map = Map::new();
    let mut pos = match find(body, delim.as_bytes(), 0) {
        Some(p) => p + delim.len(),
        None => return Value::Object(map),
    };
    loop {
        if body[pos..].starts_with(b"--") {
            break;
        }
        let Some(head_end) = find(body, b"\r\n\r\n", pos) else {
            break;
        };
        let head = String::from_utf8_lossy(&body[pos..head_end]).into_owned();
        let content_start = head_end + 4;
        let Some(next) = find(body, format!("\r\n{delim}").as_bytes(), content_start) else {
            break;
        };
        let content = &body[content_start..next];
        let attr = |name: &str| {
            head.split(';').find_map(|p| {
                p.trim()
                    .strip_prefix(&format!("{name}="))
                    .map(|v| v.trim_matches('"').to_string())
            })
        };
        if let Some(name) = attr("name") {
            let value = match attr("filename") {
                Some(filename) => {
                    let mut file = json!({
                        "filename": filename,
                        "bytes": content.len(),
                        "png": content.starts_with(&[0x89, b'P', b'N', b'G']),
                    });
                    if let Some((w, h)) = png_size(content) {
                        file["width"] = json!(w);
                        file["height"] = json!(h);
                    }
                    file
                }
                None => Value::String(String::from_utf8_lossy(content).into_owned()),
            };
            map.insert(name, value);
        }
        pos = next + 2 + delim.len();
    }
    Value::Object(map)
}

/// Width and height from a PNG's IHDR chunk (the first chunk, right after the signature).
pub fn png_size(bytes: &[u8]) -> Option<(u32, u32)> {
    if bytes.len() < 24 || !bytes.starts_with(b"\x89PNG\r\n\x1a\n") || &bytes[12..16] != b"IHDR" {
        return None;
    }
    let be = |i: usize| u32::from_be_bytes([bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3]]);
    Some((be(16), be(20)))
}
