//! Updates -> `bot_core` inputs -> messages. Decides only *whether* an update is for us and
//! *where* the answer goes; what to answer is bot-core's business.

use crate::callback::CallbackData;
use crate::mention::{no_mentions_in_marked_spans, without_mention};
use crate::sender::{SendError, TelegramSender};
use bot_core::command;
use bot_core::{ChatRef, Lang, Localizer, Msg};
use gpuscout_frontend::{Address, Turns};
use std::sync::Arc;
use teloxide::prelude::*;
use teloxide::types::{AllowedUpdate, CallbackQuery, MessageId, UpdateId, UpdateKind};

/// What every handler shares.
pub(crate) struct App {
    /// Backpressure: each handler gives its update's slot back when it returns.
    pub gate: crate::gate::Gate,
    /// Answers a turn and sends it through `sender` (as a `dyn Sender`).
    pub turns: Turns,
    /// The same sender, for what only Telegram has (button answers).
    pub sender: TelegramSender,
    /// Our own user id (to recognise replies to our messages in groups).
    pub me: UserId,
    /// Our @username without the `@`.
    pub username: String,
    /// bot-core itself, for what is no turn: a chat moving to a new id.
    pub core: Arc<bot_core::Bot>,
}

pub(crate) type HandlerResult = Result<(), SendError>;

/// The update kinds we read; polling asks Telegram for these only. `my_chat_member` says the
/// bot itself was blocked, removed or banned (a chat to stop sending to at once);
/// `inline_query` comes only when inline mode is on in @BotFather, and is always answered.
pub(crate) const ALLOWED: [AllowedUpdate; 5] = [
    AllowedUpdate::Message,
    AllowedUpdate::ChannelPost,
    AllowedUpdate::CallbackQuery,
    AllowedUpdate::MyChatMember,
    AllowedUpdate::InlineQuery,
];

/// One update, start to finish: it holds its gate slot until it is done (or has panicked),
/// and a failed send is counted and logged here (the turn glue reports its own).
pub(crate) async fn handle(app: Arc<App>, upd: Update) {
    let _done = app.gate.done();
    let Update { id, kind } = upd;
    let result = match kind {
        UpdateKind::Message(msg) => on_message(id, msg, &app).await,
        UpdateKind::ChannelPost(msg) => on_channel_post(id, msg, &app).await,
        UpdateKind::CallbackQuery(q) => on_callback(id, q, &app).await,
        UpdateKind::InlineQuery(q) => crate::inline::on_inline(q, &app).await,
        UpdateKind::MyChatMember(m) => {
            on_my_member(m, &app).await;
            Ok(())
        }
        _ => Ok(()),
    };
    if let Err(e) = result {
        gpuscout_frontend::metrics::error("telegram", "update_handler");
        tracing::warn!("telegram: {e}");
    }
}

/// Where in the chat a turn is: the topic its answer goes to (a forum topic, a channel's
/// direct-messages topic), so an alert set there is stored with it and delivered there.
trait At {
    fn at(self, to: &Address) -> Self;
}

impl At for ChatRef {
    fn at(self, to: &Address) -> ChatRef {
        ChatRef {
            thread: to.thread.clone(),
            ..self
        }
    }
}

fn chat_ref(chat: ChatId, user: i64, locale: Option<&str>) -> ChatRef {
    ChatRef {
        platform: "telegram".into(),
        chat: chat.0.to_string(),
        user: user.to_string(),
        locale: locale.map(str::to_string),
        thread: None,
    }
}

/// Where the answer goes; in groups, answers quote the message they answer, and in a forum
/// supergroup they are posted in the topic `msg` is in, and in a channel's direct-messages
/// chat in the person's topic `dm`.
fn address(
    chat: ChatId,
    reply_to: Option<MessageId>,
    msg: Option<&Message>,
    dm: Option<i64>,
) -> Address {
    Address {
        chat: chat.0.to_string(),
        reply_to: reply_to.map(|m| m.0.to_string()),
        thread: match dm {
            Some(topic) => Some(crate::dm::thread_of(topic)),
            None => msg.and_then(topic).map(|t| t.0.0.to_string()),
        },
    }
}

/// The forum topic a message is in. A reply thread in a supergroup without topics also has a
/// `message_thread_id`, which Telegram does not take back when sending, so only a topic
/// message's counts.
fn topic(msg: &Message) -> Option<teloxide::types::ThreadId> {
    msg.is_topic_message.then_some(msg.thread_id).flatten()
}

/// The message `msg` quotes: its `reply_to_message`, unless that is its forum topic's root.
/// In a forum, every message of a topic that is no reply carries the topic's root (the
/// `forum_topic_created` service message, whose id is the topic's) as its reply, so the
/// bot's own message that quoted nothing "replies" to whoever opened the topic: no asker.
fn quoted(msg: &Message) -> Option<&Message> {
    let r = msg.reply_to_message()?;
    let root = msg.is_topic_message && msg.thread_id.is_some_and(|t| t.0 == r.id);
    (!root && r.forum_topic_created().is_none()).then_some(r)
}

/// The person who first wrote a forwarded message, when the forward names one.
fn forwarded_from(msg: &Message) -> Option<&teloxide::types::User> {
    match msg.forward_origin()? {
        teloxide::types::MessageOrigin::User { sender_user, .. } => Some(sender_user),
        _ => None,
    }
}

/// What a message says: its text, or a photo's or a document's caption ("/gpu 4090" typed
/// under a screenshot is a command too).
fn said(msg: &Message) -> Option<&str> {
    msg.text().or_else(|| msg.caption())
}

/// Channels whose command posts this process answered: we post there.
static ANSWERED_CHANNELS: std::sync::Mutex<std::collections::BTreeSet<i64>> =
    std::sync::Mutex::new(std::collections::BTreeSet::new());

/// Whether `msg` is forwarded from a channel we post in (`forward_origin` of type `channel`,
/// the Bot API's only origin for a channel's post): one whose commands we answered since
/// starting, or one holding alerts (kept in the store across restarts).
async fn from_our_channel(msg: &Message, app: &App) -> bool {
    let Some(teloxide::types::MessageOrigin::Channel { chat, .. }) = msg.forward_origin() else {
        return false;
    };
    let id = chat.id.0;
    let answered = ANSWERED_CHANNELS
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .contains(&id);
    if answered {
        return true;
    }
    let core = app.core.clone();
    tokio::task::spawn_blocking(move || {
        bot_core::alerts::list_chat(&core.store, "telegram", &id.to_string())
            .is_ok_and(|subs| !subs.is_empty())
    })
    .await
    .unwrap_or(false)
}

/// Private chats: every text. Groups: commands for us, replies to our messages (typed
/// answers, follow-up questions) and plain text that mentions @us; other chatter is not ours
/// to read even when privacy mode is off, so the bot never spams a group.
async fn on_message(id: UpdateId, msg: Message, app: &App) -> HandlerResult {
    if let Some((from, to)) = migration(&msg) {
        crate::sender::chat_moved(&app.core, from, to).await;
        return Ok(());
    }
    // Another bot's message (`from.is_bot`): bots answering bots loop, and a bot's words are
    // no one's question. Telegram's own stand-ins for a group's anonymous admin and for a
    // channel speaking in a group are bots too, but they carry `sender_chat`: a person's.
    if msg.from.as_ref().is_some_and(|u| u.is_bot) && msg.sender_chat.is_none() {
        return Ok(());
    }
    // A channel's post copied into its discussion group: the channel's own post is answered
    // (`on_channel_post`), never its copy a second time.
    if msg.is_automatic_forward() {
        return Ok(());
    }
    // A result of our own inline mode the person posted (`via_bot` is us): our answer, said
    // already, never a new question (it read as "/gpu …" and was answered again).
    if msg.via_bot.as_ref().is_some_and(|b| b.id == app.me) {
        return Ok(());
    }
    // Our own answer forwarded back (`forward_origin` is us): our words, no question.
    if forwarded_from(&msg).is_some_and(|u| u.id == app.me) {
        return Ok(());
    }
    let Some(text) = said(&msg) else {
        return nothing_to_read(&msg, app).await;
    };
    if let Some(album) = msg.media_group_id() {
        // An album's words are in one item's caption; the others are not "nothing to read".
        CAPTIONED_ALBUMS.first_in_a_while(album.0.as_str());
    }
    let text = no_mentions_in_marked_spans(&msg, text);
    let text = gpuscout_frontend::text::visible(&text).into_owned();
    if command::for_another_bot(&text, &app.username) {
        return Ok(());
    }
    // A channel's direct-messages chat is a supergroup, but each of its topics is one
    // person writing to the channel: read like a private chat (the channel's own replies
    // there, `sender_chat`, only as a group's).
    let dm = crate::dm::topic_of(msg.chat.id.0, msg.id.0);
    let in_group = (msg.chat.is_group() || msg.chat.is_supergroup())
        && !(dm.is_some() && msg.sender_chat.is_none());
    // A forward in a group shows it someone else's words: their `/command` or `@us` was
    // said in another chat, not to us here (as a forward into a Discord server). In a
    // private chat (or a channel's direct-messages topic) a forward to the bot asks it: the
    // forwarder's question, answered to them.
    if in_group && msg.forward_origin().is_some() {
        return Ok(());
    }
    // A post of a channel we post in, forwarded here, that is no command: our answer or
    // alert (or that channel's own news), which asks nothing; its command posts still do.
    if !in_group && !command::looks_like_command(&text) && from_our_channel(&msg, app).await {
        return Ok(());
    }
    let mut text = text;
    // Every bot in a group hears each `/command`: another bot's `/ban` is not ours to call
    // unknown (bot-core says which are ours: our commands, near misses, `/x@us`).
    if in_group
        && command::looks_like_command(&text)
        && !command::for_us_in_a_group(&text, &app.username)
    {
        return Ok(());
    }
    if in_group && !command::looks_like_command(&text) {
        let replying_to_us = quoted(&msg)
            .and_then(|m| m.from.as_ref())
            .is_some_and(|u| u.id == app.me);
        match without_mention(&text, &app.username) {
            // "@GpuScoutBot 4090能跑qwen2.5-32b吗": the question without the name.
            Some(rest) => text = rest,
            None if replying_to_us => {}
            None => return Ok(()),
        }
    }
    let (user, locale) = match (&msg.from, msg.sender_chat.as_ref()) {
        // An anonymous group admin speaks as the group.
        (_, Some(sender_chat)) => (sender_chat.id.0, None),
        (Some(u), None) => (u.id.0 as i64, u.language_code.as_deref()),
        (None, None) => (msg.chat.id.0, None),
    };
    let to = address(msg.chat.id, in_group.then_some(msg.id), Some(&msg), dm);
    let who = chat_ref(msg.chat.id, user, locale).at(&to);
    let answered = app
        .turns
        .text_update(who.clone(), &text, &to, Some(id.0.into()))
        .await;
    match answered {
        // Muted in the group (or no right to post): the answer can never arrive there, so the
        // asker hears why where the bot may write to them.
        Err(SendError::ChatGone(e)) if in_group && msg.sender_chat.is_none() => {
            tracing::warn!("telegram: cannot answer in chat {}: {e}", msg.chat.id);
            tell_cannot_post(app, &msg, who).await;
            Ok(())
        }
        other => other,
    }
}

/// The groups and people told lately that the bot may not post there.
static TOLD_CANNOT_POST: gpuscout_frontend::Recently = gpuscout_frontend::Recently::new(600);

/// Tells `who` privately, in their language, that the bot may not post in the group they
/// asked in; once per group and person per 10 minutes. Telegram refuses the message when
/// they never started the bot (nothing more is tried then).
async fn tell_cannot_post(app: &App, msg: &Message, who: ChatRef) {
    if !TOLD_CANNOT_POST.first_in_a_while((msg.chat.id.0, who.user.as_str())) {
        return;
    }
    let Ok(person) = who.user.parse::<i64>() else {
        return;
    };
    let place = msg
        .chat
        .title()
        .map_or_else(|| msg.chat.id.to_string(), str::to_string);
    let lang = app.turns.lang_for(who).await;
    let hint = bot_core::Reply::text(Msg::new("telegram-cannot-post-in-group").arg("chat", place));
    if let Err(e) = app.sender.send_reply(person, lang, &hint).await {
        tracing::info!("telegram: telling {person} why there was no answer failed: {e}");
    }
}

/// A private message with no words (a photo without a caption, an album, a voice note, a
/// video, a file): one short hint in the person's language that only text is read, at most
/// one per chat a minute (an album is several messages). Groups and channels get nothing:
/// the bot never speaks there unasked. A sticker is a reaction, not a question, and service
/// messages have no media: both are passed over.
async fn nothing_to_read(msg: &Message, app: &App) -> HandlerResult {
    let media = is_media(msg);
    let in_a_captioned_album = msg
        .media_group_id()
        .is_some_and(|g| CAPTIONED_ALBUMS.within(g.0.as_str()));
    if !msg.chat.is_private()
        || !media
        || in_a_captioned_album
        || !HINTED.first_in_a_while(msg.chat.id.0)
    {
        return Ok(());
    }
    let locale = msg.from.as_ref().and_then(|u| u.language_code.as_deref());
    let user = msg.from.as_ref().map_or(msg.chat.id.0, |u| u.id.0 as i64);
    let lang = app
        .turns
        .lang_for(chat_ref(msg.chat.id, user, locale))
        .await;
    let reply = bot_core::Reply::text(Msg::new(NOTHING_TO_READ));
    if let Err(e) = app.sender.send_reply(msg.chat.id.0, lang, &reply).await {
        tracing::warn!(
            "telegram: telling chat {} that only text is read failed: {e}",
            msg.chat.id
        );
    }
    Ok(())
}

/// A photo, file or recording: without words, a private one gets the "only text" hint.
fn is_media(msg: &Message) -> bool {
    msg.photo().is_some()
        || msg.document().is_some()
        || msg.video().is_some()
        || msg.animation().is_some()
        || msg.voice().is_some()
        || msg.audio().is_some()
        || msg.video_note().is_some()
}

/// Whether [`handle`] does nothing at all with `upd`: an update kind it does not read
/// (edits, reactions, join requests, business messages…) or a message with no words, no
/// media and no migration (a gift, a checklist, a service message). The intake passes
/// these by at once instead of giving them a place in the sender's lane, where nine of
/// them ahead of a question had it skipped as a flood (round 21).
pub(crate) fn passes_by(upd: &Update) -> bool {
    match &upd.kind {
        UpdateKind::Message(m) | UpdateKind::ChannelPost(m) => {
            said(m).is_none() && !is_media(m) && migration(m).is_none()
        }
        UpdateKind::CallbackQuery(_) | UpdateKind::InlineQuery(_) | UpdateKind::MyChatMember(_) => {
            false
        }
        _ => true,
    }
}

/// The Fluent id of the hint a private message without words gets.
pub(crate) const NOTHING_TO_READ: &str = "frontend-nothing-to-read";

/// The chats told "only text is read" lately.
static HINTED: gpuscout_frontend::Recently = gpuscout_frontend::Recently::new(60);

/// Albums (`media_group_id`) one of whose items had a caption lately.
static CAPTIONED_ALBUMS: gpuscout_frontend::Recently = gpuscout_frontend::Recently::new(120);

/// A group upgraded to a supergroup, as (old id, new id): the Bot API says so with a service
/// message in each, `migrate_to_chat_id` in the old group and `migrate_from_chat_id` in the new
/// supergroup (either may come first, or alone).
fn migration(msg: &Message) -> Option<(ChatId, ChatId)> {
    if let Some(to) = msg.migrate_to_chat_id() {
        return Some((msg.chat.id, *to));
    }
    msg.migrate_from_chat_id().map(|from| (*from, msg.chat.id))
}

/// The bot's own membership changed. Blocked by a user, removed or banned from a group,
/// muted there, or no longer allowed to post in a channel: nothing can be sent there, so its
/// alerts pause now rather than at the next refused send (`alerts::chat_gone`, as a refused
/// send does: kept, whoever set them told privately once). Added back, unblocked, unmuted or
/// promoted to post: they resume (`alerts::chat_back`). Settings, trials and the person's
/// language are kept either way.
async fn on_my_member(m: teloxide::types::ChatMemberUpdated, app: &App) {
    if m.new_chat_member.user.id != app.me {
        return;
    }
    let back = may_post(&m.chat, &m.new_chat_member.kind);
    let core = app.core.clone();
    let chat = m.chat.id;
    let now = m.date.timestamp();
    let done = tokio::task::spawn_blocking(move || {
        let (store, id) = (&core.store, chat.0.to_string());
        if back {
            bot_core::alerts::chat_back(store, "telegram", &id)
        } else {
            bot_core::alerts::chat_gone(store, "telegram", &id, now)
        }
    })
    .await;
    match done {
        Ok(Ok(0)) => {}
        Ok(Ok(n)) if back => tracing::info!("telegram: back in chat {chat}; {n} alert(s) resumed"),
        Ok(Ok(n)) => tracing::info!("telegram: cannot post in chat {chat}; {n} alert(s) paused"),
        Ok(Err(e)) => {
            gpuscout_frontend::metrics::error("telegram", "chat_gone");
            tracing::warn!("telegram: updating chat {chat}'s alerts failed: {e}");
        }
        Err(e) => tracing::warn!("telegram: updating chat {chat}'s alerts failed: {e}"),
    }
}

/// Whether the bot may post in `chat` as a member of this `kind`: present and not muted; in
/// a channel, an administrator with the right to post (a plain member of a channel reads
/// only).
fn may_post(chat: &teloxide::types::Chat, kind: &teloxide::types::ChatMemberKind) -> bool {
    use teloxide::types::ChatMemberKind;
    match kind {
        ChatMemberKind::Restricted(r) => r.is_member && r.can_send_messages,
        k if chat.is_channel() => k.can_post_messages(),
        k => k.is_present(),
    }
}

/// Channels: commands posted in the channel are answered in the channel.
async fn on_channel_post(id: UpdateId, msg: Message, app: &App) -> HandlerResult {
    let Some(text) = said(&msg) else {
        return Ok(());
    };
    let text = &*gpuscout_frontend::text::visible(text);
    // Every bot that posts in the channel sees each post: another bot's `/ban` is not ours to
    // call unknown (the group rule: our commands, near misses, `/x@us`).
    if !command::looks_like_command(text)
        || command::for_another_bot(text, &app.username)
        || !command::for_us_in_a_group(text, &app.username)
    {
        return Ok(());
    }
    {
        let mut answered = ANSWERED_CHANNELS
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if answered.len() < 10_000 {
            answered.insert(msg.chat.id.0);
        }
    }
    let who = chat_ref(msg.chat.id, msg.chat.id.0, None);
    let to = address(msg.chat.id, None, None, None);
    app.turns
        .text_update(who, text, &to, Some(id.0.into()))
        .await
}

/// Buttons: always answer the query; then feed the choice to bot-core and edit the message
/// that carried the buttons with the first reply.
async fn on_callback(id: UpdateId, q: CallbackQuery, app: &App) -> HandlerResult {
    let carrier = q.message.as_ref().map(|m| (m.chat().id, m.id()));
    let chat = carrier.map_or(ChatId(q.from.id.0 as i64), |(c, _)| c);
    let mut who = chat_ref(chat, q.from.id.0 as i64, q.from.language_code.as_deref());
    let notice = |lang: Lang, id: &str| Localizer::get().format(lang, &Msg::new(id));

    let choice = match CallbackData::try_from(q.data.as_deref().unwrap_or("")) {
        Ok(CallbackData::Choice(id)) => id,
        Err(_) => {
            let lang = app.turns.lang_for(who).await;
            return app
                .sender
                .answer_callback(q.id, Some(notice(lang, "telegram-button-outdated")))
                .await;
        }
    };
    // A button under an inline message (`inline_message_id`, no `message`): our inline
    // results carry none, and the chat it sits in is not ours to see, so acting would answer
    // in the presser's private chat, unasked. The spinner says where to ask instead.
    if q.message.is_none() {
        let lang = app.turns.lang_for(who).await;
        return app
            .sender
            .answer_callback(q.id, Some(notice(lang, "telegram-button-inline")))
            .await;
    }
    // A channel's posts are the channel's (no `from`), and only those with the right to post
    // there (`can_post_messages`) do. A press under one comes from whoever reads it (`from`):
    // anyone else's press would have the bot post or edit in the channel for them, so it is
    // told so and nothing is done; a poster's acts as the channel, whose posts (a `/pick`)
    // these answer. An administrator without that right is a reader here.
    let in_channel = q.regular_message().is_some_and(|m| m.chat.is_channel());
    if in_channel {
        if !crate::admins::may_post_in_channel(&app.sender, chat.0, q.from.id.0).await {
            let lang = app.turns.lang_for(who).await;
            return app
                .sender
                .answer_callback(q.id, Some(notice(lang, "telegram-channel-buttons-admins")))
                .await;
        }
        who = chat_ref(chat, chat.0, None);
    }
    // In a group, buttons belong to the person whose message they quote; one that changes
    // the chat for everyone (an alert) is also its administrators' (asked per button).
    let asked = q
        .regular_message()
        .filter(|m| !m.chat.is_private())
        .and_then(quoted);
    if let Some(owner) = asked.and_then(|m| m.from.as_ref())
        && owner.id != q.from.id
        && !app
            .turns
            .may_press_for_asker(who.clone(), choice.clone())
            .await
    {
        let lang = app.turns.lang_for(who).await;
        return app
            .sender
            .answer_callback(q.id, Some(notice(lang, "telegram-not-your-buttons")))
            .await;
    }
    // The question was deleted (a group's answers quote theirs): the owner is unknown, so a
    // press goes on only where it acts on the presser's own things (bot-core says), never
    // answering over someone else's question.
    let in_group = q.regular_message().is_some_and(|m| !m.chat.is_private());
    let asker_known = !(in_group && asked.is_none()) || in_channel;
    if !asker_known && !may_press(app, &who, &choice).await {
        let lang = app.turns.lang_for(who).await;
        return app
            .sender
            .answer_callback(q.id, Some(notice(lang, "telegram-buttons-owner-unknown")))
            .await;
    }
    // With the owner unknown, a press that acts for whoever presses (a command line,
    // Details) answers them in a message of its own: edited in, it put the presser's answer
    // over someone else's (bot-core says which move in place).
    let in_place = bot_core::Bot::press_in_place(&choice, asker_known);
    let reply_to = asked.map(|m| m.id);
    if let Err(e) = app.sender.answer_callback(q.id.clone(), None).await {
        tracing::warn!("telegram: answering a button press failed: {e}");
    }
    // Buttons under an answer in a direct-messages topic: the next answer goes there too.
    let dm = carrier.and_then(|(c, m)| crate::dm::topic_of(c.0, m.0));
    let to = address(chat, reply_to, q.regular_message(), dm);
    let who = who.at(&to);
    let carrier = carrier
        .filter(|_| in_place)
        .map(|(_, message)| message.0.to_string());
    app.turns
        .choice_update(who, choice, &to, carrier.as_deref(), Some(id.0.into()))
        .await
}

/// Whether `who` pressing `choice` acts on something of theirs (bot-core's `may_press`, off
/// the async threads: it reads the store).
async fn may_press(app: &App, who: &ChatRef, choice: &str) -> bool {
    let (core, who, choice) = (app.core.clone(), who.clone(), choice.to_string());
    tokio::task::spawn_blocking(move || core.may_press(&who, &choice))
        .await
        .unwrap_or(true)
}
