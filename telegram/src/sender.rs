//! Sending to Telegram: every message takes a slot from our [`Pacer`] first (at once when no
//! limit is near; exactly until the next slot otherwise), and a `RetryAfter` on a send holds
//! that chat in the pacer and sends again. Edits and callback answers are not paced (Telegram
//! counts messages) and retry `RetryAfter` a bounded number of times.
//!
//! [`TelegramSender`] is the platform's [`Sender`]: the per-turn glue answers through it, and
//! other parts of the bot (availability alerts) post to a chat, group or channel by id.

use crate::config::Redactor;
use crate::render::{self, Rendered};
use bot_core::Lang;
use bot_core::reply::{Part, Reply};
pub use gpuscout_frontend::SendError;
use gpuscout_frontend::pace::{ChatKind, Limits, Pacer, Priority};
use gpuscout_frontend::{
    Address, Once, SendFuture, Sender, TRANSIENT_RETRIES as MAX_TRANSIENT_RETRIES,
    transient_backoff,
};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use teloxide::prelude::*;
use teloxide::requests::{HasPayload, Output, Request};
use teloxide::types::{
    CallbackQueryId, ChatAction, InputFile, LinkPreviewOptions, MessageId, ParseMode,
    ReplyParameters, ThreadId,
};
use teloxide::{ApiError, RequestError};

/// The teloxide client every request goes through (no adaptor: pacing is ours).
pub type TgBot = Bot;

/// How often an edit or callback answer is retried after `RetryAfter`.
const MAX_RETRIES: u32 = 3;
/// How long a press can still be answered (`answerCallbackQuery`): later, Telegram refuses
/// with "query is too old and response timeout expired" (what bot libraries see after some
/// 10–15 s; the Bot API states no figure, so the shorter).
const QUERY_LIFE: Duration = Duration::from_secs(10);
/// How often a send is retried after `RetryAfter` (each time waiting as long as asked).
const MAX_SEND_RETRIES: u32 = 5;
/// We never sleep longer than this for one `RetryAfter` on an edit (sends wait as long as asked).
const MAX_RETRY_WAIT: Duration = Duration::from_secs(60);
/// A failure in transit, worth sending the same request again: the network (connect, reset,
/// timeout, a body cut off), or a server error (5xx, whose body teloxide reads as an unknown
/// API error, or a proxy's HTML page that is no JSON at all). Telegram's own refusals
/// (400, 403, 429) are not transient.
pub fn is_transient(e: &RequestError) -> bool {
    match e {
        RequestError::Network(_) | RequestError::Io(_) | RequestError::InvalidJson { .. } => true,
        RequestError::Api(ApiError::Unknown(d)) => {
            let d = d.to_ascii_lowercase();
            [
                "internal server error",
                "bad gateway",
                "service unavailable",
                "gateway timeout",
            ]
            .iter()
            .any(|s| d.starts_with(s))
        }
        _ => false,
    }
}

/// A commit of an alert's intent that ends this long after its pacing slot gives the slot up
/// and takes the next, so a slow disk delays sends instead of bunching them at Telegram. The
/// overall pace (one send per 38 ms, `Limits::TELEGRAM`) stays under 30 in any second at the
/// receiver for up to 140 ms of lateness plus jitter: 80 ms here leaves 60 ms for transit.
/// Below it the send goes at once: waiting for a fresh slot would hold an alert that is
/// marked as sent and has not left, which a kill would lose.
const LATE_AFTER: Duration = Duration::from_millis(80);

/// An alert's idempotency while it is being sent: whether its intent is on disk now.
struct Marks<'a> {
    once: &'a dyn Once,
    marked: AtomicBool,
    /// One of [`alerts_in_flight`], held from before the slot of the attempt that marks the
    /// alert until the alert is over or its mark is withdrawn.
    in_flight: Mutex<Option<tokio::sync::OwnedSemaphorePermit>>,
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Telegram answered the request with a refusal, or the connection was refused before it
/// was sent: the message did not arrive. (A timeout or a reset mid-request may have.)
fn refused(e: &RequestError) -> bool {
    match e {
        RequestError::Network(n) => n.is_connect(),
        RequestError::Io(_) => false,
        // An answer came back: a 429, an API error, a proxy's page.
        _ => true,
    }
}

/// A Bot API answer as teloxide reads it: `ok` with a result, or a refusal by its description
/// (`retry_after` and `migrate_to_chat_id` by their parameters); a 5xx as its status line
/// (transient, see [`is_transient`]); a body that is no JSON as `InvalidJson`.
pub(crate) fn answer_of(status: u16, reason: Option<&str>, text: &str) -> Result<(), RequestError> {
    let value: serde_json::Value = match serde_json::from_str(text) {
        Ok(v) => v,
        Err(_) if status >= 500 => {
            return Err(RequestError::Api(ApiError::Unknown(
                reason.unwrap_or("Internal Server Error").to_string(),
            )));
        }
        Err(source) => {
            return Err(RequestError::InvalidJson {
                source: source.into(),
                raw: text.into(),
            });
        }
    };
    if value["ok"].as_bool() == Some(true) {
        return Ok(());
    }
    let parameters = &value["parameters"];
    if let Some(secs) = parameters["retry_after"].as_u64() {
        return Err(RequestError::RetryAfter(
            teloxide::types::Seconds::from_seconds(u32::try_from(secs).unwrap_or(u32::MAX)),
        ));
    }
    if let Some(to) = parameters["migrate_to_chat_id"].as_i64() {
        return Err(RequestError::MigrateToChatId(ChatId(to)));
    }
    let description = value["description"].as_str().unwrap_or("").to_string();
    Err(RequestError::Api(
        serde_json::from_value(serde_json::Value::String(description.clone()))
            .unwrap_or(ApiError::Unknown(description)),
    ))
}

/// Posts replies and plain texts to chats by id, within Telegram's rate limits.
#[derive(Clone)]
pub struct TelegramSender {
    bot: TgBot,
    pacer: Arc<Pacer>,
    redactor: Redactor,
    /// Replies (the per-turn glue) or alerts (the dispatcher's copy): alerts take the pacing
    /// slots replies leave.
    priority: Priority,
    /// Alerts between their durable intent and Telegram's answer, at most
    /// [`alerts_in_flight`] (shared by every copy of this sender).
    in_flight: Arc<tokio::sync::Semaphore>,
    in_flight_bound: usize,
    /// Groups upgraded to supergroups (old chat id -> new), as Telegram's
    /// `migrate_to_chat_id` told us: later sends go to the new id at once.
    moved: Arc<Mutex<std::collections::HashMap<i64, i64>>>,
    /// The bot whose store a moved chat's alerts and settings follow it in (set by
    /// `Telegram::run`; shared by every copy, the alerts' included).
    /// Weak: the sender outlives the run in the alert task, and a strong handle kept the bot
    /// (and its store) alive past the stop, so the store never closed cleanly and its seal
    /// was lost.
    core: Arc<std::sync::OnceLock<std::sync::Weak<bot_core::Bot>>>,
}

/// Alerts that may be marked and not yet answered at once: as many as the overall pace lets
/// go in [`IN_FLIGHT_SPAN`], and never fewer than [`MIN_ALERTS_IN_FLIGHT`]. Telegram has no
/// idempotency key, so a kill costs exactly the alerts in that state ("fate unknown" at the
/// next start): this bounds the loss to a quarter second of sends (7 at the default pace of
/// one per 38 ms). Without it, a commit slower than the pace (a loaded disk) let every alert
/// whose slot came meanwhile be marked together and wait, marked, for fresh slots one by one
/// (up to 7 were cut by one kill at load 20, 15 in the test). A slower disk now slows the
/// fan-out instead.
pub fn alerts_in_flight(limits: &Limits) -> usize {
    let per_second = limits.overall.map_or(f64::INFINITY, |r| {
        f64::from(r.count) / r.per.as_secs_f64().max(1e-3)
    });
    let span = (per_second * IN_FLIGHT_SPAN.as_secs_f64()).ceil();
    if span.is_finite() {
        (span as usize).max(MIN_ALERTS_IN_FLIGHT)
    } else {
        usize::MAX >> 4
    }
}

/// How much of the pace may be marked and unanswered at once ([`alerts_in_flight`]).
pub const IN_FLIGHT_SPAN: Duration = Duration::from_millis(250);
/// The fewest alerts in flight at once, whatever the pace (one round trip's worth).
pub const MIN_ALERTS_IN_FLIGHT: usize = 4;

/// Where in a chat a message goes: the message it quotes, and the forum topic it is posted
/// in (a supergroup with topics: without it a reply whose quoted message is gone would land
/// in "General").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Place {
    reply_to: Option<MessageId>,
    thread: Option<ThreadId>,
    /// A channel's direct-messages topic (`direct_messages_topic_id`), which Telegram
    /// requires on every send into that chat; teloxide 0.17 cannot send it, so those sends
    /// carry our own body.
    dm: Option<i64>,
}

fn quote(id: MessageId) -> ReplyParameters {
    ReplyParameters::new(id).allow_sending_without_reply()
}

/// Why an edit in place was refused, and what to do instead.
#[derive(Debug, PartialEq)]
enum EditRefused {
    /// "message is not modified": the message already says it; the rest follows.
    AsItIs,
    /// The message cannot be edited (too old, deleted, a photo, an id Telegram does not
    /// know) or our HTML was refused: the answer is sent as new messages, whose sending
    /// has the plain-text fallback.
    SendInstead,
}

/// Read from teloxide's known errors and, for wordings newer than its list (it matches
/// descriptions exactly), from the description's words.
fn edit_refused(e: &RequestError) -> Option<EditRefused> {
    let RequestError::Api(api) = e else {
        return None;
    };
    match api {
        ApiError::MessageNotModified => return Some(EditRefused::AsItIs),
        ApiError::MessageCantBeEdited
        | ApiError::MessageToEditNotFound
        | ApiError::MessageIdInvalid
        | ApiError::CantParseEntities(_) => return Some(EditRefused::SendInstead),
        _ => {}
    }
    let said = api.to_string().to_ascii_lowercase();
    if said.contains("message is not modified") {
        Some(EditRefused::AsItIs)
    } else if [
        "message can't be edited",
        "message to edit not found",
        "message_id_invalid",
        // The carrier is a photo (a chart) or another message without text.
        "there is no text in the message to edit",
        "can't parse entities",
        // Too long for one edit: sent as new messages, which are cut in two if refused again.
        "message is too long",
        "message_too_long",
    ]
    .iter()
    .any(|w| said.contains(w))
    {
        Some(EditRefused::SendInstead)
    } else {
        None
    }
}

/// Words of a 400 that mean the bot cannot write in the chat until someone changes something
/// there (its rights, the chat itself): sending again changes nothing.
const CANNOT_WRITE: [&str; 7] = [
    "not enough rights to send text messages",
    "CHAT_WRITE_FORBIDDEN",
    "need administrator rights in the channel",
    "have no rights to send a message",
    "CHAT_SEND_PLAIN_FORBIDDEN",
    "CHAT_RESTRICTED",
    "PEER_ID_INVALID",
];

/// The forum topic a message was for cannot take it: deleted ("message thread not found",
/// TOPIC_DELETED) or closed meanwhile (TOPIC_CLOSED, where only admins may post). The answer
/// goes to the chat's General topic instead of being lost.
fn topic_unusable(e: &SendError) -> bool {
    ["message thread not found", "TOPIC_CLOSED", "TOPIC_DELETED"]
        .iter()
        .any(|w| refused_for(e, w))
}

/// A send Telegram refused with `what` in its description (Bot API 400s carry no code of
/// their own: the words are the reason).
fn refused_for(e: &SendError, what: &str) -> bool {
    matches!(e, SendError::Failed(t) if t.contains(what))
}

fn no_preview() -> LinkPreviewOptions {
    LinkPreviewOptions {
        is_disabled: true,
        url: None,
        prefer_small_media: false,
        prefer_large_media: false,
        show_above_text: false,
    }
}

impl TelegramSender {
    pub(crate) fn new(bot: TgBot, pacer: Arc<Pacer>, redactor: Redactor) -> TelegramSender {
        let bound = alerts_in_flight(&pacer.limits());
        TelegramSender {
            bot,
            pacer,
            redactor,
            priority: Priority::Reply,
            in_flight: Arc::new(tokio::sync::Semaphore::new(bound)),
            in_flight_bound: bound,
            moved: Arc::default(),
            core: Arc::default(),
        }
    }

    /// How many alerts may be marked and unanswered at once ([`alerts_in_flight`]).
    pub fn alerts_in_flight(&self) -> usize {
        self.in_flight_bound
    }

    /// The same sender, pacing at alert priority: for the alert dispatcher, so a fan-out
    /// never keeps someone waiting for a reply.
    pub fn for_alerts(&self) -> TelegramSender {
        TelegramSender {
            priority: Priority::Alert,
            ..self.clone()
        }
    }

    /// Sends one message request to `chat` in its pacing slot; a `RetryAfter` holds the chat
    /// for as long as Telegram asks and sends again (a bounded number of times).
    ///
    /// With `marks` (an alert sent once), the intent is recorded after the slot and before
    /// the request; a commit that outlasts [`LATE_AFTER`] takes a fresh slot first, so a slow
    /// disk delays sends instead of bunching them at Telegram. A request Telegram refused (an
    /// error answer, a refused connection) withdraws the mark before it is tried again; one
    /// whose fate is unknown (a timeout, a reset mid-request) keeps it.
    async fn paced<R>(
        &self,
        chat: ChatId,
        req: &R,
        marks: Option<&Marks<'_>>,
    ) -> Result<(), SendError>
    where
        R: Request<Err = RequestError>,
    {
        self.paced_with(chat, marks, move || async move {
            req.send_ref().await.map(drop)
        })
        .await
    }

    /// [`TelegramSender::paced`] for a request `send` makes (and makes again for a retry).
    async fn paced_with<F, Fut>(
        &self,
        chat: ChatId,
        marks: Option<&Marks<'_>>,
        send: F,
    ) -> Result<(), SendError>
    where
        F: Fn() -> Fut,
        Fut: std::future::Future<Output = Result<(), RequestError>>,
    {
        let key = chat.0.to_string();
        // Groups, supergroups and channels have negative ids and a per-group limit.
        let kind = if chat.0 < 0 {
            ChatKind::Group
        } else {
            ChatKind::Private
        };
        let (mut attempt, mut transient) = (0, 0);
        loop {
            if let Some(m) = marks
                && lock(&m.in_flight).is_none()
            {
                // Before the slot, so an alert once marked never waits for a permit.
                let permit = self.in_flight.clone().acquire_owned().await;
                *lock(&m.in_flight) = permit.ok();
            }
            self.pacer.slot_as(&key, kind, self.priority).await;
            if let Some(m) = marks
                && !m.marked.load(Ordering::Relaxed)
            {
                let slot = tokio::time::Instant::now();
                m.once.intend().await?;
                m.marked.store(true, Ordering::Relaxed);
                if slot.elapsed() > LATE_AFTER {
                    // Marked and not sent: it goes in the next slot, ahead of alerts still
                    // waiting (at an alert's place in line it could wait seconds, and a kill
                    // meanwhile would lose it).
                    self.pacer.slot_as(&key, kind, Priority::Reply).await;
                }
            }
            let result = send().await;
            if let (Some(m), Err(e)) = (marks, &result)
                && refused(e)
            {
                m.once.withdraw().await?;
                m.marked.store(false, Ordering::Relaxed);
                // Not in flight while it waits to be tried again.
                lock(&m.in_flight).take();
            }
            match result {
                Err(RequestError::RetryAfter(after)) if attempt < MAX_SEND_RETRIES => {
                    attempt += 1;
                    self.pacer.hold_chat(&key, after.duration());
                }
                Err(e) if is_transient(&e) && transient < MAX_TRANSIENT_RETRIES => {
                    transient += 1;
                    gpuscout_frontend::metrics::error("telegram", "send_transient");
                    tokio::time::sleep(transient_backoff(transient)).await;
                }
                Err(e) if is_transient(&e) => {
                    tracing::warn!(
                        "telegram: a message to chat {key} was not delivered after {} tries: {}",
                        transient + 1,
                        self.redactor.clean(&e.to_string())
                    );
                    return Err(self.classify(&e));
                }
                Err(RequestError::MigrateToChatId(to)) => {
                    // The group became a supergroup: the same people under a new id. The
                    // first time we hear it, its stored alerts and settings move too (the
                    // service message saying so may never have reached us), so `/subs` there
                    // lists them and a restart sends to the new id at once.
                    let first = lock(&self.moved).insert(chat.0, to.0).is_none();
                    if let (true, Some(core)) = (first, self.core.get().and_then(|c| c.upgrade())) {
                        chat_moved(&core, chat, to).await;
                    }
                    return Err(SendError::Failed(format!(
                        "chat {key} moved to {} (upgraded to a supergroup)",
                        to.0
                    )));
                }
                other => return other.map_err(|e| self.classify(&e)),
            }
        }
    }

    /// The bot whose stored chats move with a group Telegram says became a supergroup.
    pub(crate) fn keep_moves_in(&self, core: &Arc<bot_core::Bot>) {
        let _ = self.core.set(Arc::downgrade(core));
    }

    /// Where `chat` lives now: its supergroup's id once Telegram said it moved.
    fn current(&self, chat: ChatId) -> ChatId {
        lock(&self.moved)
            .get(&chat.0)
            .map_or(chat, |to| ChatId(*to))
    }

    /// Posts a Bot API method with a JSON body ourselves, reading the answer the way teloxide
    /// does but without its 10 s pause after a 5xx: an alert's send mark is withdrawn as soon
    /// as Telegram refuses, so a kill during a Telegram outage does not leave refused sends
    /// counted as possibly delivered.
    async fn post_json(&self, method: &str, body: &[u8]) -> Result<(), RequestError> {
        let (status, reason, text) =
            crate::fetch::post_method(&self.bot, method, body.to_vec(), None).await?;
        answer_of(status, reason, &text)?;
        crate::dm::note_sent(&text, crate::dm::topic_of_body(body));
        Ok(())
    }

    /// [`TelegramSender::post_json`] for a multipart form (a photo into a direct-messages
    /// topic).
    async fn post_form(&self, method: &str, form: &crate::dm::Form) -> Result<(), RequestError> {
        let (status, reason, text) = crate::fetch::post_method_as(
            &self.bot,
            method,
            &form.content_type,
            form.body.clone(),
            None,
        )
        .await?;
        answer_of(status, reason, &text)?;
        crate::dm::note_sent(&text, form.topic);
        Ok(())
    }

    pub(crate) fn bot(&self) -> &TgBot {
        &self.bot
    }

    /// Turns a request error into a `SendError` with the token scrubbed.
    pub(crate) fn classify(&self, e: &RequestError) -> SendError {
        let text = self.redactor.clean(&e.to_string());
        match e {
            RequestError::Api(
                ApiError::BotBlocked
                | ApiError::ChatNotFound
                | ApiError::UserDeactivated
                | ApiError::BotKicked
                | ApiError::BotKickedFromSupergroup
                | ApiError::BotKickedFromChannel
                | ApiError::CantInitiateConversation
                | ApiError::GroupDeactivated,
            ) => SendError::ChatGone(text),
            // Telegram's 403s all say the bot can no longer write there, in wordings newer
            // than teloxide's list ("bot was kicked from the group chat", "bot is not a
            // member of the channel chat", "the group chat was deleted").
            RequestError::Api(ApiError::Unknown(d)) if d.starts_with("Forbidden:") => {
                SendError::ChatGone(text)
            }
            // The bot is there but may not write: muted in a group ("not enough rights to
            // send text messages to the chat", CHAT_WRITE_FORBIDDEN), or no admin of a
            // channel. Sending again changes nothing until someone changes its rights, so an
            // alert is not retried a day long: the chat's alerts stop, as for a kicked bot.
            RequestError::Api(ApiError::NotEnoughRightsToPostMessages) => SendError::ChatGone(text),
            // Older and terser wordings of the same: muted ("have no rights to send a
            // message"), text refused in the chat (CHAT_SEND_PLAIN_FORBIDDEN), the chat
            // restricted by Telegram (CHAT_RESTRICTED), an id that names no chat the bot can
            // reach (PEER_ID_INVALID: a person who never started it, a chat deleted).
            RequestError::Api(ApiError::Unknown(d))
                if CANNOT_WRITE.iter().any(|w| d.contains(w)) =>
            {
                SendError::ChatGone(text)
            }
            // Only what `with_retry` or `paced` gave up waiting out reaches here.
            RequestError::RetryAfter(after) => SendError::RetryAfter(after.duration()),
            _ => SendError::Failed(text),
        }
    }

    /// Sends plain text (escaped, split if long) to a chat, group or channel.
    pub async fn send_text(&self, chat_id: i64, text: &str) -> Result<(), SendError> {
        let reply = Reply {
            parts: vec![Part::Raw(text.to_string())],
            ..Reply::default()
        };
        self.send_reply(chat_id, Lang::En, &reply).await
    }

    /// Sends a bot-core reply rendered in `lang` (photo first, then texts, buttons last).
    pub async fn send_reply(
        &self,
        chat_id: i64,
        lang: Lang,
        reply: &Reply,
    ) -> Result<(), SendError> {
        let rendered = render::render(lang, reply);
        self.deliver(ChatId(chat_id), &rendered, Place::default(), None)
            .await
    }

    /// Sends a rendered reply; every message quotes `reply_to` (in groups: the asker's message,
    /// so everyone sees whom it answers and whose buttons they are). A group that Telegram
    /// says was upgraded to a supergroup (`migrate_to_chat_id`) gets it at its new id, once,
    /// without the quote and topic (message ids do not carry over).
    async fn deliver(
        &self,
        chat: ChatId,
        r: &Rendered,
        at: Place,
        marks: Option<&Marks<'_>>,
    ) -> Result<(), SendError> {
        let chat = self.current(chat);
        match self.deliver_in(chat, r, at, marks).await {
            Err(_) if self.current(chat) != chat => {
                let to = self.current(chat);
                tracing::info!("telegram: chat {} is now {}; sending there", chat.0, to.0);
                self.deliver_in(to, r, Place::default(), marks).await
            }
            other => other,
        }
    }

    async fn deliver_in(
        &self,
        chat: ChatId,
        r: &Rendered,
        at: Place,
        marks: Option<&Marks<'_>>,
    ) -> Result<(), SendError> {
        if r.photo.is_some() {
            let (mut html, mut thread) = (true, at.thread);
            loop {
                match self.send_photo_as(chat, r, html, at, thread, marks).await {
                    // The caption's HTML refused: the chart with the same words, plain.
                    Err(e) if html && refused_for(&e, "can't parse entities") => {
                        tracing::warn!(
                            "telegram: caption HTML refused in chat {}, sent plain: {e}",
                            chat.0
                        );
                        html = false;
                    }
                    Err(e) if thread.is_some() && topic_unusable(&e) => {
                        thread = None;
                    }
                    // A group that lets the bot write but not post photos: the answer's
                    // words still go (the chart only draws what they say).
                    Err(e) if refused_for(&e, "not enough rights to send photos") => {
                        tracing::info!("telegram: no photos allowed in chat {}: {e}", chat.0);
                        break;
                    }
                    other => {
                        other?;
                        break;
                    }
                }
            }
        }
        self.send_texts(chat, r, 0, at, marks).await
    }

    /// A reply's chart with its caption (HTML, or plain when `html` is false); the keyboard
    /// when no text follows.
    async fn send_photo_as(
        &self,
        chat: ChatId,
        r: &Rendered,
        html: bool,
        at: Place,
        thread: Option<ThreadId>,
        marks: Option<&Marks<'_>>,
    ) -> Result<(), SendError> {
        let reply_to = at.reply_to;
        let Some(photo) = &r.photo else {
            return Ok(());
        };
        let mut req = self.bot.send_photo(
            chat,
            InputFile::memory(photo.png.clone()).file_name("chart.png"),
        );
        if let Some(caption) = &photo.caption {
            req = if html {
                req.caption(caption.clone()).parse_mode(ParseMode::Html)
            } else {
                req.caption(render::plain_of(caption))
            };
        }
        if r.texts.is_empty()
            && let Some(kb) = &r.keyboard
        {
            req = req.reply_markup(kb.clone());
        }
        if let Some(id) = reply_to {
            req = req.reply_parameters(quote(id));
        }
        if let Some(thread) = thread {
            req = req.message_thread_id(thread);
        }
        if let Some(topic) = at.dm {
            // The same fields as `req`, as a form of our own (teloxide's has no topic).
            let p = req.payload_ref();
            let fields = serde_json::json!({
                "chat_id": chat.0,
                "caption": p.caption,
                "parse_mode": p.parse_mode,
                "reply_markup": p.reply_markup,
                "reply_parameters": p.reply_parameters,
                "direct_messages_topic_id": topic,
            });
            let form = crate::dm::photo_form(&fields, &photo.png, topic)
                .map_err(|e| SendError::Failed(e.to_string()))?;
            return self
                .paced_with(chat, marks, || self.post_form("sendPhoto", &form))
                .await;
        }
        self.paced(chat, &req, marks).await
    }

    async fn send_texts(
        &self,
        chat: ChatId,
        r: &Rendered,
        from: usize,
        at: Place,
        marks: Option<&Marks<'_>>,
    ) -> Result<(), SendError> {
        for (i, text) in r.texts.iter().enumerate().skip(from) {
            // A text Telegram calls too long goes as two pieces, each tried the same way
            // (its count is not ours: the packer's 4096 is UTF-16 units of the words, and a
            // refusal must not lose the answer); the keyboard stays on the last piece.
            let mut pieces = std::collections::VecDeque::from([text.clone()]);
            while let Some(piece) = pieces.pop_front() {
                let last = i + 1 == r.texts.len() && pieces.is_empty();
                let (mut html, mut thread) = (true, at.thread);
                loop {
                    let sent = self
                        .send_text_as(chat, r, last, &piece, html, at, thread, marks)
                        .await;
                    match sent {
                        // Our HTML refused (a renderer bug must not lose the answer): the
                        // same words again as plain text.
                        Err(e) if html && refused_for(&e, "can't parse entities") => {
                            tracing::warn!(
                                "telegram: HTML refused in chat {}, sent plain: {e}",
                                chat.0
                            );
                            html = false;
                        }
                        // The topic was deleted while the answer was worked out: the chat's
                        // General topic, quoting the question where it still exists.
                        Err(e) if thread.is_some() && topic_unusable(&e) => {
                            thread = None;
                        }
                        Err(e)
                            if refused_for(&e, "message is too long")
                                || refused_for(&e, "MESSAGE_TOO_LONG") =>
                        {
                            let Some((a, b)) = render::halves(&piece) else {
                                return Err(e);
                            };
                            tracing::warn!(
                                "telegram: a message to chat {} refused as too long, sent in two",
                                chat.0
                            );
                            pieces.push_front(b);
                            pieces.push_front(a);
                            break;
                        }
                        other => {
                            other?;
                            break;
                        }
                    }
                }
            }
        }
        Ok(())
    }

    /// One message of a rendered reply: `text` (HTML, or as plain text when `html` is false),
    /// the keyboard when it is the `last`.
    #[allow(clippy::too_many_arguments)]
    async fn send_text_as(
        &self,
        chat: ChatId,
        r: &Rendered,
        last: bool,
        text: &str,
        html: bool,
        at: Place,
        thread: Option<ThreadId>,
        marks: Option<&Marks<'_>>,
    ) -> Result<(), SendError> {
        let reply_to = at.reply_to;
        let mut req = if html {
            self.bot
                .send_message(chat, text.to_string())
                .parse_mode(ParseMode::Html)
        } else {
            self.bot.send_message(chat, render::plain_of(text))
        }
        .link_preview_options(no_preview());
        if last && let Some(kb) = &r.keyboard {
            req = req.reply_markup(kb.clone());
        }
        if let Some(id) = reply_to {
            req = req.reply_parameters(quote(id));
        }
        if let Some(thread) = thread {
            req = req.message_thread_id(thread);
        }
        if marks.is_some() || at.dm.is_some() {
            let mut body = serde_json::to_value(req.payload_ref())
                .map_err(|e| SendError::Failed(e.to_string()))?;
            if let Some(topic) = at.dm {
                body["direct_messages_topic_id"] = topic.into();
            }
            let body = serde_json::to_vec(&body).map_err(|e| SendError::Failed(e.to_string()))?;
            self.paced_with(chat, marks, || self.post_json("sendMessage", &body))
                .await
        } else {
            self.paced(chat, &req, marks).await
        }
    }

    /// Replaces the text (and buttons) of `message` with `r`, so a button press does not add
    /// a message; anything that does not fit in one edit is sent after it. Falls back to
    /// sending when the message cannot be edited (a photo, too old, deleted).
    async fn edit_or_deliver(
        &self,
        chat: ChatId,
        message: MessageId,
        r: &Rendered,
        at: Place,
    ) -> Result<(), SendError> {
        if r.photo.is_some() || r.texts.is_empty() {
            return self.deliver(chat, r, at, None).await;
        }
        // An edit names its message, so it needs no direct-messages topic (editMessageText
        // takes none); what follows it is sent with the topic in `at`.
        let mut req = self
            .bot
            .edit_message_text(chat, message, r.texts[0].clone())
            .parse_mode(ParseMode::Html)
            .link_preview_options(no_preview());
        if r.texts.len() == 1
            && let Some(kb) = &r.keyboard
        {
            req = req.reply_markup(kb.clone());
        }
        match with_retry(&req).await {
            Ok(_) => self.send_texts(chat, r, 1, at, None).await,
            Err(e) => match edit_refused(&e) {
                Some(EditRefused::AsItIs) => self.send_texts(chat, r, 1, at, None).await,
                Some(EditRefused::SendInstead) => self.deliver(chat, r, at, None).await,
                None => Err(self.classify(&e)),
            },
        }
    }

    /// Stops the button's spinner, optionally with a short notice.
    pub(crate) async fn answer_callback(
        &self,
        id: CallbackQueryId,
        text: Option<String>,
    ) -> Result<(), SendError> {
        let mut req = self.bot.answer_callback_query(id.clone());
        if let Some(t) = &text {
            req = req.text(t.clone());
        }
        // Flood control on the spinner's answer (429 `retry_after`): the spinner is no reason
        // to hold the press's own answer, which comes next. It is asked again once in the
        // background, and only while the query can still be answered.
        let after = match req.send_ref().await {
            Err(RequestError::RetryAfter(after)) => after.duration(),
            Err(e) if is_transient(&e) => {
                return with_retry(&req)
                    .await
                    .map(drop)
                    .map_err(|e| self.classify(&e));
            }
            other => return other.map(drop).map_err(|e| self.classify(&e)),
        };
        if after <= QUERY_LIFE {
            let again = self.clone();
            tokio::spawn(async move {
                tokio::time::sleep(after).await;
                let mut req = again.bot.answer_callback_query(id);
                if let Some(t) = text {
                    req = req.text(t);
                }
                if let Err(e) = req.await {
                    tracing::info!("telegram: a button's spinner stayed unanswered: {e}");
                }
            });
        } else {
            tracing::info!(
                "telegram: a button's spinner left unanswered (Telegram asked to wait {after:?})"
            );
        }
        Ok(())
    }

    /// "typing…" in the chat header while an answer is being worked out; in a forum topic,
    /// that topic's (without `message_thread_id` it shows in General, where no answer
    /// comes). A topic deleted meanwhile shows it in General rather than not at all.
    async fn typing_in(&self, chat: ChatId, at: Place) -> Result<(), SendError> {
        let (chat, thread) = (self.current(chat), at.thread);
        // In a direct-messages topic: none. sendChatAction takes `chat_id`, `action`,
        // `business_connection_id` and `message_thread_id` only (Bot API 9.2 gave
        // `direct_messages_topic_id` to the sending methods, not to it, and 9.3/9.4 left it so):
        // Telegram drops a parameter it does not know, so the action would go to the whole
        // direct-messages chat, which refuses what names no topic. Typing is a hint; the
        // answer itself goes to the topic.
        if at.dm.is_some() {
            return Ok(());
        }
        let mut req = self.bot.send_chat_action(chat, ChatAction::Typing);
        if let Some(thread) = thread {
            req = req.message_thread_id(thread);
        }
        match req.await.map(drop).map_err(|e| self.classify(&e)) {
            Err(e) if thread.is_some() && topic_unusable(&e) => self
                .bot
                .send_chat_action(chat, ChatAction::Typing)
                .await
                .map(drop)
                .map_err(|e| self.classify(&e)),
            other => other,
        }
    }
}

/// A shared [`Address`] in Telegram's ids: a chat id and, optionally, a message id to quote
/// and the forum topic to post in.
fn telegram_address(to: &Address) -> Result<(ChatId, Place), SendError> {
    let chat = telegram_chat(&to.chat)?;
    let reply_to = match &to.reply_to {
        Some(id) => Some(telegram_message(id)?),
        None => None,
    };
    let (thread, dm) = match to.thread.as_deref().map(|t| (t, crate::dm::topic_in(t))) {
        Some((t, Some(None))) => {
            return Err(SendError::Failed(format!(
                "{t:?} is not a direct-messages topic"
            )));
        }
        Some((_, Some(topic))) => (None, topic),
        Some((id, None)) => (Some(ThreadId(telegram_message(id)?)), None),
        None => (None, None),
    };
    Ok((
        chat,
        Place {
            reply_to,
            thread,
            dm,
        },
    ))
}

fn telegram_chat(chat: &str) -> Result<ChatId, SendError> {
    chat.parse()
        .map(ChatId)
        .map_err(|_| SendError::Failed(format!("{chat:?} is not a Telegram chat id")))
}

fn telegram_message(id: &str) -> Result<MessageId, SendError> {
    id.parse()
        .map(MessageId)
        .map_err(|_| SendError::Failed(format!("{id:?} is not a Telegram message id")))
}

impl Sender for TelegramSender {
    fn send<'a>(&'a self, to: &'a Address, lang: Lang, reply: &'a Reply) -> SendFuture<'a> {
        Box::pin(async move {
            let (chat, at) = telegram_address(to)?;
            self.deliver(chat, &render::render(lang, reply), at, None)
                .await
        })
    }

    fn send_once<'a>(
        &'a self,
        to: &'a Address,
        lang: Lang,
        reply: &'a Reply,
        once: &'a dyn Once,
    ) -> SendFuture<'a> {
        Box::pin(async move {
            let (chat, at) = telegram_address(to)?;
            let marks = Marks {
                once,
                marked: AtomicBool::new(false),
                in_flight: Mutex::new(None),
            };
            self.deliver(chat, &render::render(lang, reply), at, Some(&marks))
                .await
        })
    }

    fn edit_or_send<'a>(
        &'a self,
        to: &'a Address,
        message: &'a str,
        lang: Lang,
        reply: &'a Reply,
    ) -> SendFuture<'a> {
        Box::pin(async move {
            let (chat, at) = telegram_address(to)?;
            let message = telegram_message(message)?;
            self.edit_or_deliver(chat, message, &render::render(lang, reply), at)
                .await
        })
    }

    fn typing<'a>(&'a self, chat: &'a str) -> SendFuture<'a> {
        Box::pin(async move { self.typing_in(telegram_chat(chat)?, Place::default()).await })
    }

    fn typing_at<'a>(&'a self, to: &'a Address) -> SendFuture<'a> {
        Box::pin(async move {
            let (chat, at) = telegram_address(to)?;
            self.typing_in(chat, at).await
        })
    }
}

/// Sends a request again after `RetryAfter` or a failure in transit, a bounded number of
/// times each.
pub(crate) async fn with_retry<R>(req: &R) -> Result<Output<R>, RequestError>
where
    R: Request<Err = RequestError>,
{
    let (mut attempt, mut transient) = (0, 0);
    loop {
        match req.send_ref().await {
            Err(RequestError::RetryAfter(after)) if attempt < MAX_RETRIES => {
                attempt += 1;
                tokio::time::sleep(after.duration().min(MAX_RETRY_WAIT)).await;
            }
            Err(e) if is_transient(&e) && transient < MAX_TRANSIENT_RETRIES => {
                transient += 1;
                tokio::time::sleep(transient_backoff(transient)).await;
            }
            other => return other,
        }
    }
}

/// The chat's stored alerts and settings follow it to its new id (once: the second service
/// message finds nothing left to move), whether a service message said so or Telegram refused
/// a send with `migrate_to_chat_id` (`TelegramSender`). A store failure is logged; the old
/// rows stay.
pub(crate) async fn chat_moved(core: &Arc<bot_core::Bot>, from: ChatId, to: ChatId) {
    let core = core.clone();
    let moved = tokio::task::spawn_blocking(move || {
        bot_core::alerts::move_chat(
            &core.store,
            "telegram",
            &from.0.to_string(),
            &to.0.to_string(),
        )
    })
    .await;
    match moved {
        Ok(Ok(0)) => {}
        Ok(Ok(n)) => {
            tracing::info!("telegram: chat {from} became {to}; {n} alert(s) moved with it")
        }
        Ok(Err(e)) => {
            gpuscout_frontend::metrics::error("telegram", "chat_moved");
            tracing::warn!("telegram: moving chat {from}'s alerts to {to} failed: {e}");
        }
        Err(e) => tracing::warn!("telegram: moving chat {from}'s alerts to {to} failed: {e}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_answer_reads_as_teloxide_reads_it_without_its_pause() {
        assert!(answer_of(200, Some("OK"), r#"{"ok":true,"result":{"message_id":1}}"#).is_ok());
        let retry = answer_of(
            429,
            None,
            r#"{"ok":false,"error_code":429,"description":"Too Many Requests: retry after 3","parameters":{"retry_after":3}}"#,
        );
        assert!(
            matches!(&retry, Err(RequestError::RetryAfter(s)) if s.duration() == Duration::from_secs(3)),
            "{retry:?}"
        );
        let blocked = answer_of(
            403,
            None,
            r#"{"ok":false,"error_code":403,"description":"Forbidden: bot was blocked by the user"}"#,
        );
        assert!(matches!(
            blocked,
            Err(RequestError::Api(ApiError::BotBlocked))
        ));
        // A proxy's page on a 502: transient and refused (an answer came back).
        let gateway = answer_of(502, Some("Bad Gateway"), "<html>502</html>").unwrap_err();
        assert!(is_transient(&gateway) && refused(&gateway), "{gateway:?}");
        let odd = answer_of(200, Some("OK"), "not json").unwrap_err();
        assert!(matches!(odd, RequestError::InvalidJson { .. }));
    }

    #[test]
    fn edit_refusals_are_read_in_teloxides_words_and_in_newer_ones() {
        let said = |d: &str| {
            let body = serde_json::json!({"ok": false, "error_code": 400, "description": d});
            edit_refused(&answer_of(400, None, &body.to_string()).unwrap_err())
        };
        let as_it_is = Some(EditRefused::AsItIs);
        let send = Some(EditRefused::SendInstead);
        assert_eq!(
            said(
                "Bad Request: message is not modified: specified new message content and reply \
                 markup are exactly the same as a current content and reply markup of the message"
            ),
            as_it_is
        );
        assert_eq!(said("Bad Request: message is not modified"), as_it_is);
        assert_eq!(said("Bad Request: message to edit not found"), send);
        assert_eq!(said("Bad Request: message can't be edited"), send);
        assert_eq!(said("Bad Request: MESSAGE_ID_INVALID"), send);
        assert_eq!(
            said(
                "Bad Request: can't parse entities: Can't find end tag corresponding to start tag \"b\""
            ),
            send
        );
        assert_eq!(said("Forbidden: bot was blocked by the user"), None);
        assert_eq!(said("Bad Request: chat not found"), None);
    }
}
