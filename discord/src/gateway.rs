//! The gateway: a serenity client (one shard) that receives what Discord only sends over a
//! WebSocket (messages: DMs and mentions) and interactions, when no interactions endpoint URL
//! is set in the Developer Portal.
//!
//! Interactions are serialized back into the JSON Discord sends to the HTTP endpoint and go to
//! the same [`interactions::handle`]; the response is POSTed to the interaction's callback
//! instead of being an HTTP body; serenity connects through [`crate::gateway_tap`], which
//! answers from its JSON an interaction serenity cannot read. Messages are read as plain text
//! by bot-core (`Input::Text`, its understanding layer): in a DM every message, in a guild
//! channel only a message that mentions the bot or replies to it (see [`addressed`]).
//!
//! A gateway that cannot connect never takes anything else down: the gateway URL is fetched
//! with backoff (1 s doubling to 5 min), serenity re-queues a shard whose WebSocket fails
//! (every 5 s), and a session that ends with an error (intents not allowed, 4014) is rebuilt
//! after the same backoff. Discord refusing the token itself (401 for the gateway URL, close
//! code 4004) is no outage: [`Gateway::run`] ends with it, and the frontend stops. The stop
//! token shuts the shard down.
//!
//! Intents: guild and direct messages only. Message Content is privileged and not asked for:
//! Discord still sends the content of DMs and of messages that mention the bot.

use crate::config::{Config, Redactor, Secret};
use crate::interactions::{self, Handler};
use crate::rest::Rest;
use bot_core::{ChatRef, Msg, Reply};
use gpuscout_frontend::{Address, SendError, Turns};
use serenity::client::{ClientBuilder, Context, EventHandler};
use serenity::http::HttpBuilder;
use serenity::model::application::Interaction;
use serenity::model::channel::Message;
use serenity::model::gateway::{GatewayIntents, Ready};
use serenity::model::id::ApplicationId;
use std::collections::HashMap;
use std::sync::Arc;
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};
use tokio_util::sync::CancellationToken;

/// The longest wait between two connection attempts.
const MAX_BACKOFF: Duration = Duration::from_secs(300);
/// A session that lasted this long was healthy: the next failure starts the backoff afresh.
const HEALTHY: Duration = Duration::from_secs(60);
/// How long shutting the shard down may take at a stop.
const SHUTDOWN: Duration = Duration::from_secs(5);
/// How often a person is told that the bot may not post in a channel they asked in.
const HINT_EVERY: Duration = Duration::from_secs(600);
/// Messages: "typing…" when an answer takes longer than this.
pub(crate) const TYPING_AFTER: Duration = Duration::from_secs(1);

/// The gateway half of the frontend.
pub(crate) struct Gateway {
    pub handler: Arc<Handler>,
    /// Answers typed messages (with "typing…", unlike interactions).
    pub messages: Turns,
    pub rest: Rest,
    pub token: Secret,
    pub application_id: u64,
    /// serenity's base URL: the API URL without `/api/v10`.
    pub proxy: String,
    pub redactor: Redactor,
}

impl Gateway {
    pub fn new(config: &Config, handler: Arc<Handler>, messages: Turns) -> Gateway {
        let api = config.api_url.as_str().trim_end_matches('/');
        let proxy = api.strip_suffix("/api/v10").unwrap_or(api).to_string();
        Gateway {
            rest: handler.rest.clone(),
            handler,
            messages,
            token: config.token.clone(),
            application_id: config.application_id,
            proxy,
            redactor: config.redactor(),
        }
    }

    /// Connects and stays connected until `stop`; a failure is logged and retried, so that
    /// the endpoint and Telegram keep running, except Discord refusing the token itself (a
    /// 401 for the gateway URL, close code 4004), which no retry mends.
    pub async fn run(self, stop: CancellationToken) -> Result<(), crate::ConfigError> {
        let events = Arc::new(Events {
            handler: self.handler.clone(),
            messages: self.messages.clone(),
            me: tokio::sync::watch::Sender::new(0),
            hinted: Mutex::default(),
            roles: crate::mentions::OurRoles::default(),
        });
        let mut backoff = Duration::from_secs(1);
        loop {
            let started = Instant::now();
            // The session watches the stop itself, so that a running shard is shut down.
            let outcome = self.session(events.clone(), &stop).await;
            if stop.is_cancelled() {
                return Ok(());
            }
            if started.elapsed() >= HEALTHY {
                backoff = Duration::from_secs(1);
            }
            let why = match outcome {
                Ok(()) => "the session ended".to_string(),
                Err(Ended::TokenRefused) => {
                    return Err(crate::ConfigError::new(crate::TOKEN_REJECTED));
                }
                Err(Ended::Failed(e)) => self.redactor.clean(&e),
            };
            tracing::warn!(
                "discord: gateway: {why}; reconnecting in {}s",
                backoff.as_secs()
            );
            tokio::select! {
                () = tokio::time::sleep(backoff) => {}
                () = stop.cancelled() => return Ok(()),
            }
            backoff = (backoff * 2).min(MAX_BACKOFF);
        }
    }

    /// One client: the gateway URL, the shard, until it ends or `stop` (then shut down).
    async fn session(&self, events: Arc<Events>, stop: &CancellationToken) -> Result<(), Ended> {
        let setup = async {
            let url = self.rest.gateway_url().await.map_err(|e| {
                if crate::rest::token_refused(&e) {
                    Ended::TokenRefused
                } else {
                    Ended::Failed(format!("fetching the gateway URL failed ({e})"))
                }
            })?;
            // serenity's `Http` is used for nothing but its own gateway lookup (overridden
            // below); its ratelimiter would ignore the proxy, so it is off.
            let http = HttpBuilder::new(self.token.expose())
                .proxy(self.proxy.clone())
                .ratelimiter_disabled(true)
                .application_id(ApplicationId::new(self.application_id.max(1)))
                .build();
            // GUILDS: GUILD_CREATE and role events, which name the bot's own managed role.
            let intents = GatewayIntents::GUILDS
                | GatewayIntents::GUILD_MESSAGES
                | GatewayIntents::DIRECT_MESSAGES;
            let client = ClientBuilder::new_with_http(http, intents)
                .event_handler_arc(events.clone())
                .await
                .map_err(|e| Ended::Failed(format!("building the client failed ({e})")))?;
            // serenity connects through the tap, which hands us the interactions and messages
            // it would drop.
            let tap = crate::gateway_tap::Tap::start(url, events.clone())
                .await
                .map_err(|e| Ended::Failed(format!("opening the gateway tap failed ({e})")))?;
            *client.ws_url.lock().await = tap.url().to_string();
            Ok::<_, Ended>((client, tap))
        };
        let (mut client, _tap) = tokio::select! {
            c = setup => c?,
            () = stop.cancelled() => return Ok(()),
        };
        let shards = client.shard_manager.clone();
        let result = tokio::select! {
            r = client.start() => r.map_err(|e| match e {
                serenity::Error::Gateway(serenity::gateway::GatewayError::InvalidAuthentication) => {
                    Ended::TokenRefused
                }
                e => Ended::Failed(format!("the connection failed ({e})")),
            }),
            () = stop.cancelled() => Ok(()),
        };
        if tokio::time::timeout(SHUTDOWN, shards.shutdown_all())
            .await
            .is_err()
        {
            tracing::warn!("discord: gateway: the shard did not shut down in time");
        }
        result
    }
}

/// Why a gateway session ended with an error.
enum Ended {
    /// Discord refused the bot token: stop, do not retry.
    TokenRefused,
    /// Anything else: retried with backoff.
    Failed(String),
}

/// serenity's events, handed to the shared handler or to bot-core (the gateway tap hands over
/// what serenity cannot read).
pub(crate) struct Events {
    pub(crate) handler: Arc<Handler>,
    messages: Turns,
    /// Our own user id, from READY (0 before it). serenity runs each event's handler as a task
    /// of its own, so a message right after READY could be handled before `ready` stored the
    /// id; `message` waits for it instead of dropping the message (a DM sent at once after the
    /// session opened went unanswered under load).
    pub(crate) me: tokio::sync::watch::Sender<u64>,
    /// When each (channel, person) was last told in a DM that the bot may not post in that
    /// channel ([`Events::tell_cannot_post`]), so asking again there is no DM each time.
    hinted: Mutex<HashMap<(String, String), Instant>>,
    /// The bot's own managed roles (a `<@&role>` of one is a mention of the bot).
    pub(crate) roles: crate::mentions::OurRoles,
}

/// A message for us, read from serenity's types or from the frame's own JSON.
pub(crate) struct Incoming {
    pub channel: String,
    pub author: String,
    pub id: u64,
    pub in_guild: bool,
    /// What bot-core reads ([`addressed`] / [`addressed_json`]).
    pub text: String,
}

impl Events {
    /// Our own user id, once READY said it (every session starts with READY).
    pub(crate) async fn me(&self) -> Option<u64> {
        self.me
            .subscribe()
            .wait_for(|id| *id != 0)
            .await
            .ok()
            .map(|id| *id)
    }

    /// Answers one message addressed to us through `Turns`, held like an interaction (a stop
    /// answers it too: Discord never delivers a message again).
    pub(crate) async fn answer_message(&self, m: Incoming) {
        let text = gpuscout_frontend::text::visible(&m.text).into_owned();
        let who = ChatRef {
            platform: "discord".into(),
            chat: m.channel.clone(),
            user: m.author,
            locale: locale_hint(&text),
            thread: None,
        };
        // In a channel the answer quotes the question, so everyone sees whom it answers (and
        // whose buttons they are).
        let to = Address {
            chat: m.channel,
            reply_to: m.in_guild.then(|| m.id.to_string()),
            thread: None,
        };
        let _held = self.handler.pending.hold();
        let answer = async {
            match self
                .messages
                .text_update(who.clone(), &text, &to, Some(m.id))
                .await
            {
                // A place whose alerts were paused (a thread locked, 50083) took an answer:
                // the bot may post there again.
                Ok(()) if m.in_guild => self.chat_back(to.chat.clone(), "answered there").await,
                Ok(()) => {}
                // Missing Permissions / Access in a server channel: the answer can never
                // arrive there, so the person hears why where the bot can write to them.
                Err(SendError::ChatGone(e)) if m.in_guild => {
                    tracing::warn!("discord: cannot answer in channel {}: {e}", to.chat);
                    self.tell_cannot_post(who).await;
                }
                Err(e) => tracing::warn!("discord: answering a message failed: {e}"),
            }
        };
        self.handler.pending.unless_given_up(answer).await;
    }
}

impl Events {
    /// `channel` takes posts again (a thread reopened, or an answer sent there): the alerts
    /// paused there resume (`alerts::chat_back`, from a fresh reading). `why` is for the log.
    pub(crate) async fn chat_back(&self, channel: String, why: &str) {
        let core = self.messages.core().clone();
        let id = channel.clone();
        let done = tokio::task::spawn_blocking(move || {
            bot_core::alerts::chat_back(&core.store, "discord", &id)
        })
        .await;
        match done {
            Ok(Ok(0)) => {}
            Ok(Ok(n)) => tracing::info!("discord: channel {channel} {why}; {n} alert(s) resumed"),
            Ok(Err(e)) => {
                tracing::warn!("discord: resuming channel {channel}'s alerts failed: {e}")
            }
            Err(e) => tracing::warn!("discord: resuming channel {channel}'s alerts failed: {e}"),
        }
    }

    /// A reply to us whose words Discord withheld ([`words_withheld`]): one short hint in the
    /// channel, quoting it, in the person's language, that a reply is read only with the
    /// mention on (or a slash command); once a minute per person in a channel, so a run of
    /// such replies is told once.
    async fn tell_withheld(&self, msg: &Message) {
        if !crate::mentions::WORDS_WITHHELD
            .first_in_a_while((msg.channel_id.get(), msg.author.id.get()))
        {
            return;
        }
        let lang = self.messages.lang_for(asker(msg)).await;
        let to = Address {
            chat: msg.channel_id.to_string(),
            reply_to: Some(msg.id.to_string()),
            thread: None,
        };
        let hint = Reply::text(Msg::new(crate::mentions::WORDS_WITHHELD_ID));
        if let Err(e) = self.messages.sender().send(&to, lang, &hint).await {
            tracing::info!(
                "discord: telling a reply without the mention how to be read failed: {e}"
            );
        }
    }

    /// A DM with no words of its own (only a file): one short hint, in the person's
    /// language, that only text is read; once a minute per DM (two files are two messages).
    /// A sticker is a reaction, and a server message without words no business of ours.
    async fn nothing_to_read(&self, msg: &Message, me: u64) {
        let media = !msg.attachments.is_empty();
        if msg.guild_id.is_some()
            || msg.author.bot
            || msg.author.id.get() == me
            || !msg.content.trim().is_empty()
            || !msg.message_snapshots.is_empty()
            || !media
            || !crate::mentions::NOTHING_TO_READ.first_in_a_while(msg.channel_id.get())
        {
            return;
        }
        let lang = self.messages.lang_for(asker(msg)).await;
        let to = Address::chat(msg.channel_id.to_string());
        let hint = Reply::text(Msg::new(crate::mentions::NOTHING_TO_READ_ID));
        if let Err(e) = self.messages.sender().send(&to, lang, &hint).await {
            tracing::info!("discord: telling a DM that only text is read failed: {e}");
        }
    }

    /// Tells `who` in a DM, in their language, that the bot may not post in the channel they
    /// asked in (at most once per channel and person every [`HINT_EVERY`]); a DM the person
    /// closed is only logged.
    async fn tell_cannot_post(&self, who: ChatRef) {
        let key = (who.chat.clone(), who.user.clone());
        {
            let mut hinted = self.hinted.lock().unwrap_or_else(PoisonError::into_inner);
            if hinted.get(&key).is_some_and(|at| at.elapsed() < HINT_EVERY) {
                return;
            }
            if hinted.len() >= 10_000 {
                hinted.retain(|_, at| at.elapsed() < HINT_EVERY);
            }
            hinted.insert(key, Instant::now());
        }
        let lang = self.messages.lang_for(who.clone()).await;
        let to = Address::chat(format!("{}{}", crate::rest::DM_PREFIX, who.user));
        let hint = Reply::text(Msg::new("discord-cannot-post-in-channel"));
        if let Err(e) = self.messages.sender().send(&to, lang, &hint).await {
            tracing::info!(
                "discord: telling {} why there was no answer failed: {e}",
                who.user
            );
        }
    }
}

#[serenity::async_trait]
impl EventHandler for Events {
    async fn ready(&self, _ctx: Context, ready: Ready) {
        self.me.send_replace(ready.user.id.get());
        tracing::info!(
            "discord: gateway connected as {} ({})",
            ready.user.name,
            ready.user.id
        );
    }

    async fn interaction_create(&self, _ctx: Context, interaction: Interaction) {
        // Held until the answer and its follow-ups are sent: a stop waits for it, and drops
        // it once the stop's deadline has passed (nothing is sent after that).
        let _held = self.handler.pending.hold();
        let answer = answer_interaction(&self.handler, &interaction);
        self.handler.pending.unless_given_up(answer).await;
    }

    async fn message(&self, _ctx: Context, msg: Message) {
        // Every session starts with READY, so the id comes (the sender lives in `self`).
        let Some(me) = self.me().await else {
            return;
        };
        let roles = self.roles.among(msg.mention_roles.iter().map(|r| r.get()));
        let Some(text) = addressed_as(&msg, me, &roles) else {
            if words_withheld(&msg, me) && roles.is_empty() {
                return self.tell_withheld(&msg).await;
            }
            return self.nothing_to_read(&msg, me).await;
        };
        self.answer_message(Incoming {
            channel: msg.channel_id.to_string(),
            author: msg.author.id.to_string(),
            id: msg.id.get(),
            in_guild: msg.guild_id.is_some(),
            text,
        })
        .await;
    }
}

/// One interaction taken over the gateway: the shared handler, its response POSTed to the
/// interaction's callback, then its deferred answer or follow-ups.
async fn answer_interaction(handler: &Arc<Handler>, interaction: &Interaction) {
    match interaction_json(interaction) {
        Ok(i) => answer_json(handler, i).await,
        Err(e) => tracing::warn!("discord: gateway: an interaction did not serialize: {e}"),
    }
}

/// One interaction over the gateway as the JSON Discord sends (serenity's, written back, or
/// the frame's own when serenity cannot read it: [`crate::gateway_tap`]).
pub(crate) async fn answer_json(handler: &Arc<Handler>, i: serde_json::Value) {
    let id = i["id"].as_str().unwrap_or("").to_string();
    let token = Secret::new(i["token"].as_str().unwrap_or(""));
    let Some(handled) = interactions::handle(handler, &i).await else {
        return;
    };
    if let Err(e) = handler
        .rest
        .interaction_callback(&id, &token, &handled.response)
        .await
    {
        if crate::rest::error_code(&e) != Some(crate::rest::UNKNOWN_INTERACTION) {
            tracing::warn!("discord: answering an interaction failed: {e}");
            return;
        }
        // Discord no longer knows the interaction (its 3 s passed in transit): a public
        // answer goes to the channel with the bot token; a deferred one's edit meets the
        // unknown token and takes the same way (`interactions::Deliver`). An ephemeral
        // answer is never posted for everyone.
        tracing::info!("discord: an interaction was answered too late ({e}); its channel instead");
        post_public_response(handler, &i, &handled.response).await;
    }
    if let Some(then) = handled.then {
        then.await;
    }
}

/// The message an interaction's response carries (an answer, type 4, or a press's update,
/// type 7), posted in the interaction's channel when it is public.
async fn post_public_response(
    handler: &Arc<Handler>,
    i: &serde_json::Value,
    r: &serde_json::Value,
) {
    const CHANNEL_MESSAGE: u64 = 4;
    const UPDATE_MESSAGE: u64 = 7;
    const EPHEMERAL: u64 = 64;
    let data = &r["data"];
    let carries_message = matches!(r["type"].as_u64(), Some(CHANNEL_MESSAGE | UPDATE_MESSAGE));
    if !carries_message || data["flags"].as_u64().unwrap_or(0) & EPHEMERAL != 0 {
        return;
    }
    let channel = [&i["channel_id"], &i["channel"]["id"]]
        .into_iter()
        .find_map(|v| v.as_u64().or_else(|| v.as_str()?.parse().ok()));
    let Some(channel) = channel else {
        return;
    };
    if let Err(e) = handler.rest.post_message(channel, data, None).await {
        tracing::warn!("discord: an answer posted in the channel failed: {e}");
    }
}

/// An interaction as the JSON Discord POSTs to the endpoint. serenity's types serialize what
/// they read except the interaction `type`, which is its enum's variant.
pub fn interaction_json(interaction: &Interaction) -> Result<serde_json::Value, serde_json::Error> {
    let mut i = serde_json::to_value(interaction)?;
    if let Some(o) = i.as_object_mut() {
        o.insert("type".into(), u8::from(interaction.kind()).into());
    }
    Ok(i)
}

/// The text bot-core should read, if `msg` is for us: every DM; in a guild channel, a message
/// that mentions us (the mention removed) or replies to one of ours. Bots (ourselves too) are
/// never answered. An empty mention asks for help.
pub fn addressed(msg: &Message, me: u64) -> Option<String> {
    addressed_as(msg, me, &[])
}

/// [`addressed`], where `our_roles` are the bot's own roles this message mentions: each is a
/// mention of the bot, taken out of the text like one.
pub(crate) fn addressed_as(msg: &Message, me: u64, our_roles: &[u64]) -> Option<String> {
    if msg.author.bot || msg.author.system || me == 0 || msg.author.id.get() == me {
        return None;
    }
    // Only a person's own message (DEFAULT, REPLY) holds words for us: a thread opened on our
    // answer starts with a THREAD_STARTER_MESSAGE (21) that "replies" to it with nothing.
    if !someones_words(msg.kind.into()) {
        return None;
    }
    let content = msg.content.trim();
    if msg.guild_id.is_none() {
        // A message forwarded into the DM has no words of its own: the forwarded message's
        // are the question (as a forward to the bot is on Telegram).
        let content = match msg.message_snapshots.first() {
            Some(forwarded) if content.is_empty() => forwarded.content.trim(),
            _ => content,
        };
        return (!content.is_empty()).then(|| content.to_string());
    }
    let mentioned = msg.mentions.iter().any(|u| u.id.get() == me) || !our_roles.is_empty();
    let replying = msg
        .referenced_message
        .as_ref()
        .is_some_and(|m| m.author.id.get() == me);
    if !mentioned && !replying {
        return None;
    }
    // A reply without our mention came with no words: Discord withheld them (see
    // [`words_withheld`]); it is told so, never answered as a question of nothing. A
    // sticker is a reaction (a reply's ping mentions us with it), and so is a reply of only
    // an image or a poll: nothing was asked, nothing to answer (never the help list).
    if content.is_empty()
        && (!mentioned
            || !msg.sticker_items.is_empty()
            || !msg.attachments.is_empty()
            || msg.poll.is_some())
    {
        return None;
    }
    let text = crate::mentions::without_roles(content, our_roles)
        .replace(&format!("<@{me}>"), " ")
        .replace(&format!("<@!{me}>"), " ");
    let text = text.trim();
    Some(if text.is_empty() {
        bot_core::commands::help_line()
    } else {
        text.to_string()
    })
}

/// Whether `msg` is a reply to one of our messages in a server channel, without our mention,
/// whose words Discord withheld: without the MESSAGE_CONTENT intent (privileged; this bot
/// does not ask for it) a message's `content`, attachments and embeds arrive empty unless it
/// mentions the app or is a DM, so a reply with its mention turned off reaches us as a reply
/// of nothing. A sticker, which is no content, is a reaction: not this.
pub(crate) fn words_withheld(msg: &Message, me: u64) -> bool {
    msg.guild_id.is_some()
        && someones_words(msg.kind.into())
        && !msg.author.bot
        && me != 0
        && msg.author.id.get() != me
        && msg.content.trim().is_empty()
        && msg.sticker_items.is_empty()
        && !msg.mentions.iter().any(|u| u.id.get() == me)
        && msg
            .referenced_message
            .as_ref()
            .is_some_and(|m| m.author.id.get() == me)
}

/// [`addressed`] on a MESSAGE_CREATE's own JSON, for a message serenity cannot read (the
/// gateway tap): the same rules, and a message without its channel, id or author (a real
/// snowflake) is no message for us.
pub(crate) fn addressed_json(d: &serde_json::Value, me: u64) -> Option<Incoming> {
    use serde_json::Value;
    let snowflake = |v: &Value| -> Option<u64> {
        match v {
            Value::String(s) => s.parse().ok(),
            v => v.as_u64(),
        }
    };
    let author = &d["author"];
    let author_id = snowflake(&author["id"])?;
    let flag = |k: &str| author[k].as_bool() == Some(true);
    if me == 0 || flag("bot") || flag("system") || author_id == me {
        return None;
    }
    if !someones_words(d["type"].as_u64().map_or(0, |t| t as u8)) {
        return None;
    }
    let (channel, id) = (snowflake(&d["channel_id"])?, snowflake(&d["id"])?);
    let in_guild = !d["guild_id"].is_null();
    let content = d["content"].as_str().unwrap_or("").trim();
    let text = if !in_guild {
        let content = match d["message_snapshots"][0]["message"]["content"].as_str() {
            Some(forwarded) if content.is_empty() => forwarded.trim(),
            _ => content,
        };
        (!content.is_empty()).then(|| content.to_string())?
    } else {
        let mentioned = d["mentions"]
            .as_array()
            .is_some_and(|m| m.iter().any(|u| snowflake(&u["id"]) == Some(me)));
        let replying = snowflake(&d["referenced_message"]["author"]["id"]) == Some(me);
        // Not ours, a reply whose words Discord withheld (`words_withheld`), or a sticker,
        // an image or a poll with no words.
        let some = |k: &str| d[k].as_array().is_some_and(|s| !s.is_empty());
        let no_words = some("sticker_items") || some("attachments") || !d["poll"].is_null();
        if !mentioned && (!replying || content.is_empty()) || content.is_empty() && no_words {
            return None;
        }
        let text = content
            .replace(&format!("<@{me}>"), " ")
            .replace(&format!("<@!{me}>"), " ");
        match text.trim() {
            "" => bot_core::commands::help_line(),
            t => t.to_string(),
        }
    };
    Some(Incoming {
        channel: channel.to_string(),
        author: author_id.to_string(),
        id,
        in_guild,
        text,
    })
}

/// Whether a message of this type (Discord's number) is someone's own words: DEFAULT (0) or
/// REPLY (19). Every other type is a notice Discord writes (a thread started, a pin, a
/// member joined), never a question, whatever it refers to.
fn someones_words(kind: u8) -> bool {
    matches!(kind, 0 | 19)
}

/// A message carries no locale (an interaction does): Chinese script in the text reads as
/// zh-CN, anything else as the default; a `/lang` choice overrides both in bot-core.
fn locale_hint(text: &str) -> Option<String> {
    text.chars()
        .any(|c| ('\u{4E00}'..='\u{9FFF}').contains(&c) || ('\u{3400}'..='\u{4DBF}').contains(&c))
        .then(|| "zh-CN".to_string())
}

/// Who wrote a message, as the store keys a person's language: the channel and author.
fn asker(msg: &Message) -> ChatRef {
    ChatRef {
        platform: "discord".into(),
        chat: msg.channel_id.to_string(),
        user: msg.author.id.to_string(),
        locale: None,
        thread: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    const ME: u64 = 111;

    fn message(
        content: &str,
        guild: bool,
        mentions: &[u64],
        reply_to_author: Option<u64>,
    ) -> Message {
        let user = |id: u64| json!({"id": id.to_string(), "username": format!("u{id}"), "discriminator": "0", "global_name": null, "avatar": null});
        let mut m = json!({
            "id": "5000", "channel_id": "6000", "author": user(222), "content": content,
            "timestamp": "2026-12-01T10:00:00.000000+00:00", "edited_timestamp": null,
            "tts": false, "mention_everyone": false,
            "mentions": mentions.iter().map(|id| user(*id)).collect::<Vec<_>>(),
            "mention_roles": [], "attachments": [], "embeds": [], "pinned": false, "type": 0,
        });
        if guild {
            m["guild_id"] = json!("7000");
        }
        if let Some(author) = reply_to_author {
            let mut r = m.clone();
            r["id"] = json!("4999");
            r["author"] = user(author);
            m["referenced_message"] = r;
            m["type"] = json!(19);
        }
        serde_json::from_value(m).expect("a message as Discord sends it")
    }

    #[test]
    fn a_question_forwarded_into_a_dm_is_read_from_the_forwarded_message() {
        let mut m = serde_json::to_value(message("", false, &[], None)).unwrap();
        m["message_reference"] = json!({"type": 1, "message_id": "4000", "channel_id": "6001"});
        m["message_snapshots"] = json!([{"message": {"content": "H100 多少钱一小时", "type": 0,
            "timestamp": "2026-12-01T09:00:00.000000+00:00", "edited_timestamp": null,
            "flags": 0, "mentions": [], "mention_roles": [], "attachments": [], "embeds": [],
            "components": []}}]);
        let m: Message = serde_json::from_value(m).unwrap();
        assert_eq!(addressed(&m, ME).as_deref(), Some("H100 多少钱一小时"));
        // In a server channel a forward neither mentions nor replies to us: not ours.
        let mut g = serde_json::to_value(message("", true, &[], None)).unwrap();
        g["message_snapshots"] = json!([{"message": {"content": "/gpu 4090", "type": 0,
            "timestamp": "2026-12-01T09:00:00.000000+00:00", "edited_timestamp": null,
            "flags": 0, "mentions": [], "mention_roles": [], "attachments": [], "embeds": [],
            "components": []}}]);
        let g: Message = serde_json::from_value(g).unwrap();
        assert_eq!(addressed(&g, ME), None);
    }

    #[test]
    fn dms_are_answered_guild_messages_only_when_addressed() {
        assert_eq!(
            addressed(&message("4090能跑qwen2.5-32b吗", false, &[], None), ME).as_deref(),
            Some("4090能跑qwen2.5-32b吗")
        );
        assert_eq!(
            addressed(&message("cheapest A100?", true, &[], None), ME),
            None
        );
        assert_eq!(
            addressed(&message("<@111> cheapest A100?", true, &[ME], None), ME).as_deref(),
            Some("cheapest A100?")
        );
        assert_eq!(
            addressed(&message("<@!111>", true, &[ME], None), ME).as_deref(),
            Some("/help")
        );
        // Someone else mentioned: not for us.
        assert_eq!(
            addressed(&message("<@333> hi", true, &[333], None), ME),
            None
        );
        // A reply to one of our messages, even without the ping.
        assert_eq!(
            addressed(&message("qwen 7b", true, &[], Some(ME)), ME).as_deref(),
            Some("qwen 7b")
        );
        assert_eq!(
            addressed(&message("qwen 7b", true, &[], Some(333)), ME),
            None
        );
        // Before READY we do not know who we are: nothing is answered.
        assert_eq!(addressed(&message("hi", false, &[], None), 0), None);
    }

    #[test]
    fn bots_and_ourselves_are_never_answered() {
        let mut m = message("hi", false, &[], None);
        m.author.bot = true;
        assert_eq!(addressed(&m, ME), None);
        let mut m = message("hi", false, &[], None);
        m.author.id = serenity::model::id::UserId::new(ME);
        assert_eq!(addressed(&m, ME), None);
    }

    #[test]
    fn chinese_text_hints_chinese() {
        assert_eq!(locale_hint("H100 哪家有货").as_deref(), Some("zh-CN"));
        assert_eq!(locale_hint("cheapest A100?"), None);
    }
}

#[cfg(test)]
mod round_trip {
    use super::interaction_json;
    use gpuscout_testkit::fake_discord::Interactions;
    use serde_json::json;
    use serenity::model::application::Interaction;

    /// What the handler reads survives serenity's types: the gateway hands it
    /// `serde_json::to_value(&interaction)`.
    #[test]
    fn interactions_keep_what_the_handler_reads_through_serenity() {
        let d = Interactions::new("127.0.0.1:1".parse().unwrap());
        let cmd = d.command(
            "fit",
            &[("model", json!("qwen2.5-7b")), ("cards", json!(2))],
            "400000000000000001",
            "zh-CN",
        );
        let typed: Interaction = serde_json::from_value(cmd.clone()).expect("serenity reads it");
        let back = interaction_json(&typed).unwrap();
        for pointer in [
            "/id",
            "/token",
            "/type",
            "/locale",
            "/channel_id",
            "/data/name",
        ] {
            assert_eq!(
                back.pointer(pointer),
                cmd.pointer(pointer),
                "{pointer}: {back}"
            );
        }
        assert_eq!(back["member"]["user"]["id"], "400000000000000001");
        assert_eq!(back["data"]["options"][0]["value"], "qwen2.5-7b");
        assert_eq!(back["data"]["options"][1]["value"], 2);

        let press = d.press(
            "menu",
            &["v1|t:tune"],
            "400000000000000001",
            "400000000000000002",
            true,
        );
        let typed: Interaction = serde_json::from_value(press.clone()).expect("serenity reads it");
        let back = interaction_json(&typed).unwrap();
        assert_eq!(back["data"]["custom_id"], "menu");
        assert_eq!(back["data"]["values"][0], "v1|t:tune");
        assert_eq!(back["message"]["flags"], 64);
        assert_eq!(
            back["message"]["interaction_metadata"]["user"]["id"],
            "400000000000000001"
        );
        assert_eq!(back["member"]["user"]["id"], "400000000000000002");

        let mut ac = d.command("cost", &[("gpu", json!("409"))], "1", "en-US");
        ac["type"] = json!(4);
        ac["data"]["options"][0]["focused"] = json!(true);
        let typed: Interaction = serde_json::from_value(ac).expect("serenity reads it");
        let back = interaction_json(&typed).unwrap();
        assert_eq!(back["type"], 4);
        assert_eq!(back["data"]["options"][0]["focused"], true);
        assert_eq!(back["data"]["options"][0]["value"], "409");
    }
}
