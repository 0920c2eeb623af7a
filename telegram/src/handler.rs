//! Updates -> `bot_core` inputs -> messages. Decides only *whether* an update is for us and
//! *where* the answer goes; what to answer is bot-core's business.

use crate::callback::CallbackData;
use crate::render::{self, Rendered};
use crate::sender::{SendError, TelegramSender};
use bot_core::command;
use bot_core::{ChatRef, Input, Lang, Localizer, Msg, Reply};
use std::sync::Arc;
use std::time::Duration;
use teloxide::prelude::*;
use teloxide::types::{CallbackQuery, MessageId};

/// What every handler shares.
pub(crate) struct App {
    pub core: Arc<bot_core::Bot>,
    pub sender: TelegramSender,
    /// Our own user id (to recognise replies to our messages in groups).
    pub me: UserId,
    /// Our @username without the `@`.
    pub username: String,
    pub typing_after: Duration,
}

pub(crate) type HandlerResult = Result<(), SendError>;

/// Where an update came from, in bot-core's terms, and where the answer goes.
struct Origin {
    who: ChatRef,
    chat: ChatId,
    /// In groups, answers quote the message they answer.
    reply_to: Option<MessageId>,
}

fn chat_ref(chat: ChatId, user: i64, locale: Option<&str>) -> ChatRef {
    ChatRef {
        platform: "telegram".into(),
        chat: chat.0.to_string(),
        user: user.to_string(),
        locale: locale.map(str::to_string),
    }
}

impl App {
    /// Runs bot-core off the async threads (it does blocking redb I/O) and shows "typing…"
    /// if that takes a while. Returns the language to render in (after any `/lang` switch).
    async fn answer(&self, who: ChatRef, input: Input, chat: ChatId) -> (Lang, Vec<Reply>) {
        let core = self.core.clone();
        let fallback_lang = Lang::from_locale(who.locale.as_deref());
        let mut job = tokio::task::spawn_blocking(move || {
            let answer = core.handle(&who, input);
            (answer.lang, answer.replies)
        });
        let typing = async {
            if let Err(e) = self.sender.typing(chat).await {
                eprintln!("telegram: typing action failed: {e}");
            }
        };
        let done = if self.typing_after.is_zero() {
            typing.await;
            job.await
        } else {
            tokio::select! {
                done = &mut job => done,
                () = tokio::time::sleep(self.typing_after) => {
                    typing.await;
                    job.await
                }
            }
        };
        done.unwrap_or_else(|e| {
            eprintln!("telegram: answering failed: {e}");
            (
                fallback_lang,
                vec![Reply::text(Msg::new("telegram-internal-error"))],
            )
        })
    }

    async fn lang_for(&self, who: ChatRef) -> Lang {
        let core = self.core.clone();
        let fallback = Lang::from_locale(who.locale.as_deref());
        tokio::task::spawn_blocking(move || core.lang_for(&who))
            .await
            .unwrap_or(fallback)
    }

    /// Answers a message or channel post, if it is for us.
    async fn on_text(&self, origin: Origin, text: &str) -> HandlerResult {
        let (lang, replies) = self
            .answer(origin.who, Input::Text(text.to_string()), origin.chat)
            .await;
        for reply in &replies {
            let rendered = render::render(lang, reply);
            self.sender
                .deliver(origin.chat, &rendered, origin.reply_to)
                .await?;
        }
        Ok(())
    }
}

/// Private chats: every text. Groups: commands for us, and replies to our messages (typed
/// answers); other chatter is not ours to read even when privacy mode is off.
pub(crate) async fn on_message(msg: Message, app: Arc<App>) -> HandlerResult {
    let Some(text) = msg.text() else {
        return Ok(());
    };
    if command::for_another_bot(text, &app.username) {
        return Ok(());
    }
    let in_group = msg.chat.is_group() || msg.chat.is_supergroup();
    if in_group {
        let replying_to_us = msg
            .reply_to_message()
            .and_then(|m| m.from.as_ref())
            .is_some_and(|u| u.id == app.me);
        if !command::looks_like_command(text) && !replying_to_us {
            return Ok(());
        }
    }
    let (user, locale) = match (&msg.from, msg.sender_chat.as_ref()) {
        // An anonymous group admin speaks as the group.
        (_, Some(sender_chat)) => (sender_chat.id.0, None),
        (Some(u), None) => (u.id.0 as i64, u.language_code.as_deref()),
        (None, None) => (msg.chat.id.0, None),
    };
    let origin = Origin {
        who: chat_ref(msg.chat.id, user, locale),
        chat: msg.chat.id,
        reply_to: in_group.then_some(msg.id),
    };
    app.on_text(origin, text).await
}

/// Channels: commands posted in the channel are answered in the channel.
pub(crate) async fn on_channel_post(msg: Message, app: Arc<App>) -> HandlerResult {
    let Some(text) = msg.text() else {
        return Ok(());
    };
    if !command::looks_like_command(text) || command::for_another_bot(text, &app.username) {
        return Ok(());
    }
    let origin = Origin {
        who: chat_ref(msg.chat.id, msg.chat.id.0, None),
        chat: msg.chat.id,
        reply_to: None,
    };
    app.on_text(origin, text).await
}

/// Buttons: always answer the query; then feed the choice to bot-core and edit the message
/// that carried the buttons with the first reply.
pub(crate) async fn on_callback(q: CallbackQuery, app: Arc<App>) -> HandlerResult {
    let carrier = q.message.as_ref().map(|m| (m.chat().id, m.id()));
    let chat = carrier.map_or(ChatId(q.from.id.0 as i64), |(c, _)| c);
    let who = chat_ref(chat, q.from.id.0 as i64, q.from.language_code.as_deref());
    let notice = |lang: Lang, id: &str| Localizer::get().format(lang, &Msg::new(id));

    let choice = match CallbackData::try_from(q.data.as_deref().unwrap_or("")) {
        Ok(CallbackData::Choice(id)) => id,
        Err(_) => {
            let lang = app.lang_for(who).await;
            return app
                .sender
                .answer_callback(q.id, Some(notice(lang, "telegram-button-outdated")))
                .await;
        }
    };
    // In a group, buttons belong to the person whose message they quote.
    let asked = q
        .regular_message()
        .filter(|m| !m.chat.is_private())
        .and_then(|m| m.reply_to_message());
    if let Some(owner) = asked.and_then(|m| m.from.as_ref())
        && owner.id != q.from.id
    {
        let lang = app.lang_for(who).await;
        return app
            .sender
            .answer_callback(q.id, Some(notice(lang, "telegram-not-your-buttons")))
            .await;
    }
    let reply_to = asked.map(|m| m.id);
    if let Err(e) = app.sender.answer_callback(q.id.clone(), None).await {
        eprintln!("telegram: answering a button press failed: {e}");
    }
    let (lang, replies) = app.answer(who, Input::Choice(choice), chat).await;
    let mut rendered: Vec<Rendered> = replies.iter().map(|r| render::render(lang, r)).collect();
    if rendered.is_empty() {
        return Ok(());
    }
    let first = rendered.remove(0);
    match carrier {
        Some((chat, message)) => {
            app.sender
                .edit_or_send(chat, message, &first, reply_to)
                .await?
        }
        None => app.sender.deliver(chat, &first, reply_to).await?,
    }
    for r in &rendered {
        app.sender.deliver(chat, r, reply_to).await?;
    }
    Ok(())
}
