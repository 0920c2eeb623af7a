//! Inline queries (`@ScoutBot 4090 qwen2.5-7b` typed in any chat, inline mode switched on in
//! @BotFather): answered with `answerInlineQuery`, never left without an answer (the person's
//! client would spin, then show nothing). A query bot-core reads as a request that only reads
//! (`Bot::inline`: the chat path's own reading) gets one article, its answer's first message
//! in HTML within 4096 characters; anything else (empty, two readings, `/pick`, an alert)
//! gets no result and a button that opens the private chat. Every result id and the start
//! parameter are ASCII within Telegram's 64 bytes.

use crate::handler::{App, HandlerResult};
use crate::render;
use bot_core::{ChatRef, Lang, Localizer, Msg};
use teloxide::prelude::*;
use teloxide::types::{
    InlineQuery, InlineQueryResult, InlineQueryResultArticle, InlineQueryResultsButton,
    InlineQueryResultsButtonKind, InputMessageContent, InputMessageContentText, ParseMode,
};

/// Telegram takes a query of at most 256 characters; a longer one is cut before reading.
const QUERY_MAX: usize = 256;
/// A result's title and description are one line each on a phone.
const TITLE_MAX: usize = 60;
const DESCRIPTION_MAX: usize = 120;
/// The `/start` payload of the button to the private chat (1–64 of `A-Za-z0-9_-`).
pub(crate) const START_PARAMETER: &str = "inline";
/// Answers differ per person (language, currency) and prices move: cached briefly, per person.
const CACHE_SECONDS: u32 = 30;

/// Answers one inline query.
pub(crate) async fn on_inline(q: InlineQuery, app: &App) -> HandlerResult {
    let user = q.from.id.0 as i64;
    let who = ChatRef {
        platform: "telegram".into(),
        chat: user.to_string(),
        user: user.to_string(),
        locale: q.from.language_code.clone(),
        thread: None,
    };
    let query: String = gpuscout_frontend::text::visible(&q.query)
        .chars()
        .take(QUERY_MAX)
        .collect();
    let core = app.core.clone();
    let fallback = Lang::from_locale(who.locale.as_deref());
    let found =
        tokio::task::spawn_blocking(move || (core.inline(&who, &query), core.lang_for(&who))).await;
    let (found, lang) = match found {
        Ok(found) => found,
        Err(e) => {
            tracing::error!("telegram: answering an inline query failed: {e}");
            (None, fallback)
        }
    };
    let results: Vec<InlineQueryResult> = found.as_ref().and_then(article).into_iter().collect();
    let label = if results.is_empty() {
        "telegram-inline-open"
    } else {
        "telegram-inline-more"
    };
    let button = InlineQueryResultsButton {
        text: Localizer::get().format(lang, &Msg::new(label)),
        kind: InlineQueryResultsButtonKind::StartParameter(START_PARAMETER.into()),
    };
    let req = app
        .sender
        .bot()
        .answer_inline_query(q.id, results)
        .cache_time(CACHE_SECONDS)
        .is_personal(true)
        .button(button);
    crate::sender::with_retry(&req)
        .await
        .map(drop)
        .map_err(|e| app.sender.classify(&e))
}

/// The one article for a request's answer: titled with the request as typed, described by
/// its first words, posting its first message.
fn article(found: &bot_core::bot::Inline) -> Option<InlineQueryResult> {
    let reply = found.answer.replies.first()?;
    let rendered = render::render(found.answer.lang, reply);
    let html = rendered.texts.into_iter().next().filter(|t| t != "…")?;
    let plain = render::plain_of(&html);
    let content =
        InputMessageContent::Text(InputMessageContentText::new(html).parse_mode(ParseMode::Html));
    let article = InlineQueryResultArticle::new("0", cut(&found.line, TITLE_MAX), content)
        .description(cut(
            &plain.split_whitespace().collect::<Vec<_>>().join(" "),
            DESCRIPTION_MAX,
        ));
    Some(InlineQueryResult::Article(article))
}

/// `text` within `max` characters, "…" where it was cut.
fn cut(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_string();
    }
    let mut out: String = text.chars().take(max - 1).collect();
    out.push('…');
    out
}
