//! Interactions (slash commands, button presses, autocomplete), whichever way they come in:
//! the HTTP endpoint `POST /discord/interactions` (Discord POSTs them, signed with Ed25519) or
//! the gateway (`crate::gateway`, which serializes serenity's event back to the same JSON).
//! Both call [`handle`]; only how the response travels differs (the HTTP body, or a POST to
//! the interaction's callback).
//!
//! At the endpoint, anything unsigned, forged, or with a timestamp more than [`MAX_SKEW`] away
//! from now is answered 401 before its body is read as JSON, and a PING is answered PONG. A
//! command or a press is answered inline when bot-core is quick (within `defer_after`);
//! otherwise the interaction is deferred ("thinking…") and the answer follows as an edit of
//! the original response. Replies beyond the first are follow-ups. `/pick` and its buttons are
//! ephemeral to the person who started it; someone else pressing them gets a polite ephemeral
//! refusal.

use crate::ChoiceId;
use crate::commands::{self, Value as OptValue};
use crate::config::Secret;
use crate::render::{self, MENU_ID};
use crate::rest::{Attachment, Rest};
use axum::Router;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use bot_core::{ChatRef, Input, Lang, Localizer, Msg};
use gpuscout_frontend::{SendError, Turns};
use serde_json::{Value, json};
use serenity::interactions_endpoint::Verifier;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, SystemTime, UNIX_EPOCH};
use tokio::sync::Notify;
use tokio_util::sync::CancellationToken;

/// The most a signature's timestamp may differ from our clock.
pub const MAX_SKEW: Duration = Duration::from_secs(300);
/// Discord's ephemeral message flag.
const EPHEMERAL_FLAG: u64 = 64;

// Interaction and response types (Discord's numbers).
const PING: u64 = 1;
const APPLICATION_COMMAND: u64 = 2;
const MESSAGE_COMPONENT: u64 = 3;
const AUTOCOMPLETE: u64 = 4;
/// `data.type` of a slash command (an application command's kind: 2 USER, 3 MESSAGE and 4
/// PRIMARY_ENTRY_POINT are context-menu and Activity commands).
const CHAT_INPUT: u64 = 1;
const MODAL_SUBMIT: u64 = 5;
const PONG: u64 = 1;
const CHANNEL_MESSAGE: u64 = 4;
const DEFERRED_CHANNEL_MESSAGE: u64 = 5;
const DEFERRED_UPDATE_MESSAGE: u64 = 6;
const UPDATE_MESSAGE: u64 = 7;
const AUTOCOMPLETE_RESULT: u64 = 8;

/// Discord accepts follow-ups only once the response itself has arrived; over HTTP we cannot
/// see when that is, so what comes after waits this long.
const AFTER_RESPONSE: Duration = Duration::from_millis(200);

/// What both ways in share: bot-core's turns and the REST client for follow-ups.
pub(crate) struct Handler {
    /// Member permissions per (channel, user), for bot-core's subscription check.
    pub access: Arc<crate::access::DiscordAccess>,
    pub turns: Turns,
    pub rest: Rest,
    pub defer_after: Duration,
    pub catalog: Arc<bot_core::Catalog>,
    /// Interactions taken and not yet fully answered: a stop waits for them.
    pub pending: Pending,
}

/// Interactions in hand, from arrival until their response, deferred answer and follow-ups
/// are sent. A stop waits for none left ([`Pending::idle`]) within its deadline: Discord
/// never delivers an interaction again, so one dropped at a stop is never answered, while
/// its token still takes the answer for 15 minutes. What is still in hand at the deadline is
/// given up ([`Pending::give_up`]): its work is dropped then, so nothing is sent after the
/// log says "given up" (a retry in transit would otherwise land during the exit).
#[derive(Clone, Default)]
pub(crate) struct Pending(Arc<PendingInner>);

#[derive(Default)]
struct PendingInner {
    count: AtomicUsize,
    none_left: Notify,
    given_up: CancellationToken,
}

impl Pending {
    /// Counts one in until the returned guard is dropped.
    pub(crate) fn hold(&self) -> Held {
        self.0.count.fetch_add(1, Ordering::SeqCst);
        Held(self.clone())
    }

    pub(crate) fn count(&self) -> usize {
        self.0.count.load(Ordering::SeqCst)
    }

    /// Resolves once none is in hand.
    pub(crate) async fn idle(&self) {
        loop {
            let notified = self.0.none_left.notified();
            tokio::pin!(notified);
            notified.as_mut().enable();
            if self.count() == 0 {
                return;
            }
            notified.await;
        }
    }

    /// Drops the work of every interaction in hand now or taken later (each returns from
    /// [`Pending::unless_given_up`] at once): the stop's deadline has passed.
    pub(crate) fn give_up(&self) {
        self.0.given_up.cancel();
    }

    /// Runs `work` (one interaction's answer) unless and until the interactions are given up;
    /// `false` when it was dropped unfinished.
    pub(crate) async fn unless_given_up(&self, work: impl Future<Output = ()>) -> bool {
        tokio::select! {
            biased;
            () = self.0.given_up.cancelled() => false,
            () = work => true,
        }
    }
}

/// One interaction in hand ([`Pending::hold`]).
pub(crate) struct Held(Pending);

impl Drop for Held {
    fn drop(&mut self) {
        if (self.0).0.count.fetch_sub(1, Ordering::SeqCst) == 1 {
            (self.0).0.none_left.notify_waiters();
        }
    }
}

/// The HTTP endpoint's state: the handler and the application's public key.
pub(crate) struct Endpoint {
    pub handler: Arc<Handler>,
    pub verifier: Verifier,
}

/// Work that must wait until Discord has the response: follow-ups, or the edit that brings a
/// deferred answer.
pub(crate) type Then = Pin<Box<dyn Future<Output = ()> + Send>>;

/// One interaction's outcome: the response, and what to do once it is delivered.
pub(crate) struct Handled {
    pub response: Value,
    pub then: Option<Then>,
}

impl Handled {
    fn now(response: Value) -> Handled {
        Handled {
            response,
            then: None,
        }
    }
}

/// The routes this frontend adds to the bot's HTTP server.
pub(crate) fn routes(endpoint: Arc<Endpoint>) -> Router {
    Router::new()
        .route("/discord/interactions", post(interaction))
        .with_state(endpoint)
}

fn unauthorized(why: &'static str) -> Response {
    (StatusCode::UNAUTHORIZED, why).into_response()
}

/// Why a request was refused (answered 401).
type Refusal = &'static str;

/// Checks the signature and the timestamp's age: `Err` is the 401 to answer.
fn verify(app: &Endpoint, headers: &HeaderMap, body: &[u8]) -> Result<(), Refusal> {
    let header = |name: &str| headers.get(name).and_then(|v| v.to_str().ok());
    let (Some(signature), Some(timestamp)) = (
        header("x-signature-ed25519"),
        header("x-signature-timestamp"),
    ) else {
        return Err("missing signature");
    };
    if app.verifier.verify(signature, timestamp, body).is_err() {
        return Err("invalid request signature");
    }
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default()
        .as_secs() as i64;
    match timestamp.trim().parse::<i64>() {
        Ok(t) if (now - t).unsigned_abs() <= MAX_SKEW.as_secs() => Ok(()),
        _ => Err("stale or malformed timestamp"),
    }
}

async fn interaction(
    State(app): State<Arc<Endpoint>>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    if let Err(why) = verify(&app, &headers, &body) {
        return unauthorized(why);
    }
    let held = app.handler.pending.hold();
    let Ok(i) = serde_json::from_slice::<Value>(&body) else {
        return (StatusCode::BAD_REQUEST, "not JSON").into_response();
    };
    if i["type"].as_u64() == Some(PING) {
        return axum::Json(json!({"type": PONG})).into_response();
    }
    let Some(handled) = handle(&app.handler, &i).await else {
        return (StatusCode::BAD_REQUEST, "unknown interaction type").into_response();
    };
    if let Some(then) = handled.then {
        let pending = app.handler.pending.clone();
        tokio::spawn(async move {
            let _held = held;
            pending
                .unless_given_up(async {
                    tokio::time::sleep(AFTER_RESPONSE).await;
                    then.await;
                })
                .await;
        });
    }
    axum::Json(handled.response).into_response()
}

/// One interaction (its JSON as Discord sends it), from either way in; `None` for a type we
/// do not handle.
pub(crate) async fn handle(app: &Arc<Handler>, i: &Value) -> Option<Handled> {
    if matches!(
        i["type"].as_u64(),
        Some(APPLICATION_COMMAND | MESSAGE_COMPONENT)
    ) {
        app.access.note(&who(i), i);
    }
    Some(match i["type"].as_u64() {
        Some(PING) => Handled::now(json!({"type": PONG})),
        Some(APPLICATION_COMMAND) => on_command(app, i).await,
        Some(MESSAGE_COMPONENT) => on_component(app, i).await,
        Some(AUTOCOMPLETE) => Handled::now(on_autocomplete(app, i).await),
        // We open no modals: a submit (from an older build, or a type added after this one)
        // is told its form is out of date instead of failing on the user's screen.
        Some(MODAL_SUBMIT) => {
            let lang = app.turns.lang_for(who(i)).await;
            Handled::now(notice(lang, "discord-form-outdated"))
        }
        // A type added after this build, with an id and token to answer: told it was not
        // understood, never left to "The application did not respond".
        Some(_) if update_id(i).is_some() && i["token"].as_str().is_some_and(|t| !t.is_empty()) => {
            let lang = app.turns.lang_for(who(i)).await;
            Handled::now(notice(lang, "discord-unreadable"))
        }
        _ => return None,
    })
}

/// The language Discord says the person uses: their client's `locale`, else the server's
/// `guild_locale` (an interaction without `locale`, such as a PING's, has neither).
fn locale(i: &Value) -> Option<&str> {
    i["locale"].as_str().or_else(|| i["guild_locale"].as_str())
}

/// Who is talking and where, from an interaction (guild: `member.user`; DM: `user`).
fn who(i: &Value) -> ChatRef {
    let user = snowflake(&i["member"]["user"]["id"])
        .or_else(|| snowflake(&i["user"]["id"]))
        .unwrap_or_else(|| "0".to_string());
    let channel = snowflake(&i["channel_id"])
        .or_else(|| snowflake(&i["channel"]["id"]))
        .unwrap_or_else(|| user.clone());
    ChatRef {
        platform: "discord".into(),
        chat: channel,
        user,
        locale: locale(i).map(str::to_string),
        thread: None,
    }
}

/// A Discord id: a string of digits as the API sends it, or the same as a JSON number (what a
/// library that re-serializes ids writes); anything else is no id.
fn snowflake(v: &Value) -> Option<String> {
    match v {
        Value::String(s) if !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()) => {
            Some(s.clone())
        }
        Value::Number(n) => n.as_u64().map(|n| n.to_string()),
        _ => None,
    }
}

fn update_id(i: &Value) -> Option<u64> {
    snowflake(&i["id"]).and_then(|s| s.parse().ok())
}

fn notice(lang: Lang, id: &str) -> Value {
    json!({
        "type": CHANNEL_MESSAGE,
        "data": render::notice(&Localizer::get().format(lang, &Msg::new(id))),
    })
}

async fn on_command(app: &Arc<Handler>, i: &Value) -> Handled {
    // Only slash commands (CHAT_INPUT, 1) are ours. A USER (2) or MESSAGE (3) context-menu
    // command or an entry point (4) may share a slash command's name (names are unique per
    // type only) yet has no options: run as `/gpu` on nothing it answered a public "needs
    // more information". A payload without the field is a slash command (older relays).
    if i["data"]["type"].as_u64().is_some_and(|t| t != CHAT_INPUT) {
        let lang = app.turns.lang_for(who(i)).await;
        return Handled::now(notice(lang, "discord-unreadable"));
    }
    let name = i["data"]["name"].as_str().unwrap_or("");
    let values = option_values(&i["data"]["options"]);
    let line = commands::to_text(name, &values);
    let ephemeral = commands::is_ephemeral(name);
    answer(app, i, Input::Text(line), ephemeral, false).await
}

/// A command's options as (name, value). A subcommand or group (no `value`, options of its
/// own) gives its options in its place, so no value is lost to a nesting; a whole number
/// Discord writes as a float (`2.0`, a NUMBER option) is that integer.
fn option_values(options: &Value) -> Vec<(String, OptValue)> {
    let mut out = Vec::new();
    for o in options.as_array().into_iter().flatten() {
        if o.get("value").is_none() && o["options"].is_array() {
            out.extend(option_values(&o["options"]));
            continue;
        }
        let Some(name) = o["name"].as_str() else {
            continue;
        };
        let value = match &o["value"] {
            Value::String(s) => OptValue::Text(gpuscout_frontend::text::visible(s).into_owned()),
            Value::Number(n) => match (n.as_i64(), n.as_f64()) {
                (Some(n), _) => OptValue::Integer(n),
                (None, Some(f)) if f.fract() == 0.0 && f.abs() < 9.0e15 => {
                    OptValue::Integer(f as i64)
                }
                _ => OptValue::Text(n.to_string()),
            },
            Value::Bool(b) => OptValue::Text(b.to_string()),
            _ => continue,
        };
        out.push((name.to_string(), value));
    }
    out
}

async fn on_component(app: &Arc<Handler>, i: &Value) -> Handled {
    let who = who(i);
    let custom_id = i["data"]["custom_id"].as_str().unwrap_or("");
    let wire = if custom_id == MENU_ID {
        i["data"]["values"][0].as_str().unwrap_or("")
    } else {
        custom_id
    };
    let choice = match ChoiceId::try_from(wire) {
        Ok(ChoiceId::Choice(id)) => id,
        Err(_) => {
            let lang = app.turns.lang_for(who).await;
            return Handled::now(notice(lang, "discord-button-outdated"));
        }
    };
    // The buttons belong to whoever ran the command that put them there, or (an answer to a
    // message) whoever wrote the message they answer; one that changes the channel for
    // everyone (an alert) is also its managers' (asked per button).
    let message = &i["message"];
    let owner = snowflake(&message["interaction_metadata"]["user"]["id"])
        .or_else(|| snowflake(&message["interaction"]["user"]["id"]))
        .or_else(|| snowflake(&message["referenced_message"]["author"]["id"]));
    if let Some(owner) = &owner
        && *owner != who.user
        && !app
            .turns
            .may_press_for_asker(who.clone(), choice.clone())
            .await
    {
        let lang = app.turns.lang_for(who).await;
        return Handled::now(notice(lang, "discord-not-your-buttons"));
    }
    // An answer to a typed question whose question is gone (`referenced_message` null:
    // deleted; left out: not fetched): whose buttons they are is unknown, so a press goes on
    // only where it acts on the presser's own things (bot-core says), never over someone
    // else's `/pick`.
    if owner.is_none() && question_gone(message) && !may_press(app, &who, &choice).await {
        let lang = app.turns.lang_for(who).await;
        return Handled::now(notice(lang, "discord-buttons-owner-unknown"));
    }
    let ephemeral = message["flags"].as_u64().unwrap_or(0) & EPHEMERAL_FLAG != 0;
    // With the owner unknown, a press that acts for whoever presses (a command line,
    // Details) is answered in a message of its own: an update put the presser's answer over
    // someone else's (bot-core says which move in place).
    let asker_known = !(owner.is_none() && question_gone(message));
    let in_place = bot_core::Bot::press_in_place(&choice, asker_known);
    answer(app, i, Input::Choice(choice), ephemeral, in_place).await
}

/// Whether `message` (the pressed one) answers a question that is no longer there: it
/// quotes one (`message_reference`) but Discord gives no author for it.
fn question_gone(message: &Value) -> bool {
    message["message_reference"]["message_id"].is_string()
        && message["referenced_message"]["author"]["id"].is_null()
}

/// Whether `who` pressing `choice` acts on something of theirs (bot-core's `may_press`, off
/// the async threads: it reads the store).
async fn may_press(app: &Handler, who: &ChatRef, choice: &str) -> bool {
    let (core, who, choice) = (app.turns.core().clone(), who.clone(), choice.to_string());
    tokio::task::spawn_blocking(move || core.may_press(&who, &choice))
        .await
        .unwrap_or(true)
}

/// Asks bot-core; answers inline when that is quick, else defers and edits the original
/// response when the answer is ready. Replies after the first are follow-ups.
async fn answer(
    app: &Arc<Handler>,
    i: &Value,
    input: Input,
    ephemeral: bool,
    press: bool,
) -> Handled {
    let arrived = std::time::Instant::now();
    let who = who(i);
    let token = Secret::new(i["token"].as_str().unwrap_or(""));
    let chat = who.chat.clone();
    let update = update_id(i);
    let turns = app.turns.clone();
    let mut job = tokio::spawn(async move { turns.answer_update(who, input, &chat, update).await });
    // Zero means "always defer" (no race with a quick answer).
    let quick = if app.defer_after.is_zero() {
        None
    } else {
        tokio::time::timeout(app.defer_after, &mut job).await.ok()
    };
    let rest = app.rest.clone();
    // The interaction's channel, for answers its token can no longer take.
    let channel = snowflake(&i["channel_id"])
        .or_else(|| snowflake(&i["channel"]["id"]))
        .and_then(|c| c.parse::<u64>().ok());
    match quick {
        Some(done) => {
            let Some(answer) = done.ok().flatten() else {
                // Said in the asker's language (their /lang, else their Discord locale).
                let lang = app.turns.lang_for(self::who(i)).await;
                return Handled::now(already_answered(press, lang));
            };
            if gpuscout_frontend::rate_limited(&answer) {
                return Handled::now(refused(&answer, press));
            }
            let mut bodies = bodies(&answer, ephemeral);
            let first = bodies.remove(0);
            let chart = chart(&answer, ephemeral);
            gpuscout_frontend::metrics::reply_latency("discord", arrived.elapsed());
            let response = if press {
                json!({"type": UPDATE_MESSAGE, "data": without_flags(first)})
            } else {
                json!({"type": CHANNEL_MESSAGE, "data": first})
            };
            let then: Option<Then> = (!bodies.is_empty() || chart.is_some()).then(|| {
                Box::pin(async move {
                    let mut to = Deliver::new(&rest, &token, channel, ephemeral);
                    to.follow_ups(bodies, chart).await;
                }) as Then
            });
            Handled { response, then }
        }
        None => {
            let then: Then = Box::pin(async move {
                let Ok(Some(answer)) = job.await else {
                    return;
                };
                if gpuscout_frontend::rate_limited(&answer) {
                    refused_late(&rest, &token, &answer, press).await;
                    return;
                }
                let mut bodies = bodies(&answer, ephemeral);
                let first = without_flags(bodies.remove(0));
                let mut to = Deliver::new(&rest, &token, channel, ephemeral);
                if let Err(e) = rest.edit_original(&token, &first).await {
                    // The message to fill in is gone (the pressed message deleted, or the
                    // "thinking…" one dismissed): the answer comes as a new message instead;
                    // a token past its 15 minutes takes nothing, so the channel does.
                    let gone = crate::rest::error_code(&e) == Some(crate::rest::UNKNOWN_MESSAGE);
                    let delivered = if gone {
                        to.send(&first, None).await
                    } else if token_gone(&e) {
                        to.by_channel(&first, None, &e).await
                    } else {
                        false
                    };
                    if !delivered {
                        gpuscout_frontend::metrics::error("discord", e.kind());
                        tracing::warn!("discord: editing a deferred answer failed: {e}");
                        return;
                    }
                }
                gpuscout_frontend::metrics::reply_latency("discord", arrived.elapsed());
                to.follow_ups(bodies, chart(&answer, ephemeral)).await;
            });
            let response = if press {
                json!({"type": DEFERRED_UPDATE_MESSAGE})
            } else if ephemeral {
                json!({"type": DEFERRED_CHANNEL_MESSAGE, "data": {"flags": EPHEMERAL_FLAG}})
            } else {
                json!({"type": DEFERRED_CHANNEL_MESSAGE})
            };
            Handled {
                response,
                then: Some(then),
            }
        }
    }
}

/// The Fluent id of the line for the rest of a flood: bot-core answers it with nothing (on a
/// chat platform, silence keeps the chat clear), but Discord shows "This interaction failed"
/// to an interaction left without words, and an empty answer rendered as a message was a
/// public "…" in the channel for every command past the limit.
pub(crate) const STILL_LIMITED: &str = "discord-still-limited";

/// The response to an interaction refused by the per-user limit: the person alone sees why
/// (ephemeral; the channel is not flooded on their behalf), and a press never replaces the
/// message it was pressed on (its buttons are needed once the wait is over). The rest of a
/// flood's presses are only acknowledged: the first refusal told them.
fn refused(answer: &bot_core::Answer, press: bool) -> Value {
    match answer.replies.first() {
        Some(reply) => json!({
            "type": CHANNEL_MESSAGE,
            "data": render::render(answer.lang, reply, true).remove(0),
        }),
        None if press => json!({"type": DEFERRED_UPDATE_MESSAGE}),
        None => notice(answer.lang, STILL_LIMITED),
    }
}

/// [`refused`] for an interaction already deferred (a slow store): a press's `@original` is
/// the pressed message, so the refusal goes as an ephemeral follow-up; a command's deferred
/// "thinking…" is filled with the line.
async fn refused_late(rest: &Rest, token: &Secret, answer: &bot_core::Answer, press: bool) {
    let body = match answer.replies.first() {
        Some(reply) => render::render(answer.lang, reply, true).remove(0),
        None if press => return,
        None => render::notice(&Localizer::get().format(answer.lang, &Msg::new(STILL_LIMITED))),
    };
    let sent = if press {
        rest.follow_up_with_files(token, &body, &[]).await
    } else {
        rest.edit_original(token, &without_flags(body)).await
    };
    if let Err(e) = sent {
        gpuscout_frontend::metrics::error("discord", e.kind());
        tracing::warn!("discord: telling a person they are past their limit failed: {e}");
    }
}

fn already_answered(press: bool, lang: Lang) -> Value {
    if press {
        json!({"type": DEFERRED_UPDATE_MESSAGE})
    } else {
        notice(lang, "discord-already-answered")
    }
}

/// Every reply of an answer as message bodies, in order; never empty.
fn bodies(answer: &bot_core::Answer, ephemeral: bool) -> Vec<Value> {
    let mut out: Vec<Value> = answer
        .replies
        .iter()
        .flat_map(|r| render::render(answer.lang, r, ephemeral))
        .collect();
    if out.is_empty() {
        out = render::render(answer.lang, &bot_core::Reply::default(), ephemeral);
    }
    out
}

/// An edit cannot change whether a message is ephemeral; Discord wants no flags there.
fn without_flags(mut body: Value) -> Value {
    if let Some(o) = body.as_object_mut() {
        o.remove("flags");
    }
    body
}

/// A chart in the answer, as a follow-up with the PNG attached (an interaction's inline
/// response is JSON, so the file cannot ride on it).
type Chart = Option<(Value, Attachment)>;

fn chart(answer: &bot_core::Answer, ephemeral: bool) -> Chart {
    let file = answer.replies.iter().find_map(Attachment::chart)?;
    Some((crate::rest::chart_message(ephemeral), file))
}

/// Discord's answers when an interaction's token takes no more messages: 10015 Unknown
/// Webhook (the interaction is gone) and 50027 Invalid Webhook Token (its 15 minutes are
/// over: a slow answer, or follow-ups after a long one).
const TOKEN_GONE: [i64; 2] = [10015, 50027];

fn token_gone(e: &SendError) -> bool {
    crate::rest::error_code(e).is_some_and(|c| TOKEN_GONE.contains(&c))
}

/// Where an interaction's messages go: through its token while that takes them, then, for a
/// public answer, as plain messages in the interaction's channel (with the bot token). An
/// ephemeral answer was for the asker's eyes only: it is never posted for everyone, only
/// logged as undelivered.
struct Deliver<'a> {
    rest: &'a Rest,
    token: &'a Secret,
    channel: Option<u64>,
    ephemeral: bool,
    /// The token refused once: the rest go by the channel without asking it again.
    by_channel: bool,
}

impl<'a> Deliver<'a> {
    fn new(rest: &'a Rest, token: &'a Secret, channel: Option<u64>, ephemeral: bool) -> Self {
        Deliver {
            rest,
            token,
            channel,
            ephemeral,
            by_channel: false,
        }
    }

    /// Every follow-up, then the chart; stops at the first that cannot be delivered.
    async fn follow_ups(&mut self, bodies: Vec<Value>, chart: Chart) {
        for body in bodies {
            if !self.send(&body, None).await {
                return;
            }
        }
        if let Some((body, file)) = chart {
            self.send(&body, Some(file)).await;
        }
    }

    /// One message; whether it was delivered (a failure is logged here).
    async fn send(&mut self, body: &Value, file: Option<Attachment>) -> bool {
        if self.by_channel {
            return self.post(body, file).await;
        }
        let files: Vec<Attachment> = file.iter().cloned().collect();
        match self
            .rest
            .follow_up_with_files(self.token, body, &files)
            .await
        {
            Ok(()) => true,
            Err(e) if token_gone(&e) => self.by_channel(body, file, &e).await,
            Err(e) => {
                gpuscout_frontend::metrics::error("discord", e.kind());
                tracing::warn!("discord: a follow-up message failed: {e}");
                false
            }
        }
    }

    /// The token refused with `why`: a public answer goes to the channel from here on.
    async fn by_channel(
        &mut self,
        body: &Value,
        file: Option<Attachment>,
        why: &SendError,
    ) -> bool {
        if self.ephemeral || self.channel.is_none() {
            gpuscout_frontend::metrics::error("discord", why.kind());
            tracing::warn!(
                "discord: an answer only its asker was to see could not be delivered (the \
                 interaction's token took no more: {why}); not posted in the channel"
            );
            return false;
        }
        tracing::info!(
            "discord: the interaction's token took no more ({why}); answering in its channel"
        );
        self.by_channel = true;
        self.post(body, file).await
    }

    async fn post(&self, body: &Value, file: Option<Attachment>) -> bool {
        let Some(channel) = self.channel else {
            return false;
        };
        let files: Vec<Attachment> = file.into_iter().collect();
        match self
            .rest
            .post_message_with_files(channel, body, None, &files)
            .await
        {
            Ok(_) => true,
            Err(e) => {
                gpuscout_frontend::metrics::error("discord", e.kind());
                tracing::warn!("discord: an answer posted in the channel failed: {e}");
                false
            }
        }
    }
}

/// The option being typed into, at any depth (under a subcommand too).
fn focused_option(options: &Value) -> Option<&Value> {
    options.as_array()?.iter().find_map(|o| {
        if o["focused"].as_bool() == Some(true) {
            Some(o)
        } else {
            focused_option(&o["options"])
        }
    })
}

/// Suggestions in the person's language: their `/lang` when they chose one, else the
/// interaction's `locale` (as every answer is, through bot-core's `lang_for`).
async fn on_autocomplete(app: &Handler, i: &Value) -> Value {
    let command = i["data"]["name"].as_str().unwrap_or("");
    let focused = focused_option(&i["data"]["options"]);
    let (option, typed) = focused.map_or(("", ""), |o| {
        (
            o["name"].as_str().unwrap_or(""),
            o["value"].as_str().unwrap_or(""),
        )
    });
    let lang = app.turns.lang_for(who(i)).await;
    let choices: Vec<Value> = commands::autocomplete(&app.catalog, lang, command, option, typed)
        .into_iter()
        .map(|(name, value)| json!({"name": name, "value": value}))
        .collect();
    json!({"type": AUTOCOMPLETE_RESULT, "data": {"choices": choices}})
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_are_read_at_any_depth_and_whole_floats_are_integers() {
        let options = json!([
            {"name": "model", "type": 3, "value": "qwen2.5-7b"},
            {"name": "run", "type": 1, "options": [
                {"name": "cards", "type": 10, "value": 2.0},
                {"name": "batch", "type": 10, "value": 1.5},
                {"name": "gpu", "type": 3},
            ]},
        ]);
        assert_eq!(
            option_values(&options),
            vec![
                ("model".to_string(), OptValue::Text("qwen2.5-7b".into())),
                ("cards".to_string(), OptValue::Integer(2)),
                ("batch".to_string(), OptValue::Text("1.5".into())),
            ]
        );
        // A value pasted with invisible marks is the value without them.
        assert_eq!(
            option_values(&json!([{"name": "gpu", "type": 3, "value": "\u{200f}4090\u{200b}"}])),
            vec![("gpu".to_string(), OptValue::Text("4090".into()))]
        );
        let focused = json!([{"name": "run", "type": 1, "options": [
            {"name": "gpu", "type": 3, "value": "40", "focused": true}]}]);
        assert_eq!(focused_option(&focused).unwrap()["value"], "40");
        assert!(focused_option(&json!([{"name": "gpu", "value": "x"}])).is_none());
    }

    #[test]
    fn the_language_is_the_persons_locale_else_the_servers() {
        assert_eq!(
            locale(&json!({"locale": "en-GB", "guild_locale": "zh-CN"})),
            Some("en-GB")
        );
        assert_eq!(locale(&json!({"guild_locale": "zh-CN"})), Some("zh-CN"));
        assert_eq!(locale(&json!({"type": 1})), None);
        let who = who(&json!({"user": {"id": "7"}, "channel_id": "9", "guild_locale": "zh-CN"}));
        assert_eq!((who.user.as_str(), who.chat.as_str()), ("7", "9"));
        assert_eq!(who.locale.as_deref(), Some("zh-CN"));
    }

    #[test]
    fn ids_sent_as_numbers_are_the_same_ids_and_odd_ones_are_none() {
        let as_numbers = who(&json!({"member": {"user": {"id": 400000000000000001_u64}},
            "channel": {"id": 900000000000000009_u64}}));
        let as_text = who(&json!({"member": {"user": {"id": "400000000000000001"}},
            "channel_id": "900000000000000009"}));
        assert_eq!(
            (as_numbers.user, as_numbers.chat),
            (as_text.user, as_text.chat)
        );
        for odd in [json!(""), json!("12a"), json!(-4), json!(1.5), json!(null)] {
            assert_eq!(snowflake(&odd), None, "{odd}");
        }
        assert_eq!(update_id(&json!({"id": 1234})), Some(1234));
    }
}
