//! The chat harness the story tests share: a bot on a fresh store with the embedded catalog and
//! a fixed today (prices' ages do not drift with the calendar), and one line said in a locale,
//! rendered as plain text.

use bot_core::catalog::PriceQuote;
use bot_core::reply::{Part, Reply};
use bot_core::store::{Store, db_path};
use bot_core::units::TimeUnit;
use bot_core::{Bot, Catalog, ChatRef, Input, Lang, Localizer};
use std::sync::Arc;

/// The day every story bot lives on.
pub const TODAY: &str = "2026-11-30";

/// [`TODAY`] as the engine's day number.
pub fn today() -> i64 {
    bot_core::catalog::parse_date(TODAY).unwrap()
}

pub struct World {
    pub bot: Bot,
    _dir: tempfile::TempDir,
}

pub fn world() -> World {
    world_with(Catalog::embedded().unwrap())
}

pub fn world_with(catalog: Catalog) -> World {
    let (bot, dir) = bot_with(catalog);
    World { bot, _dir: dir }
}

/// A bot on a fresh store in its own directory (kept alive by the caller) on [`TODAY`].
pub fn bot_with(catalog: Catalog) -> (Bot, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(Store::open(&db_path(dir.path())).unwrap());
    let mut bot = Bot::new(Arc::new(catalog), store);
    bot.today = Some(today());
    (bot, dir)
}

/// One line typed in the terminal chat in `locale`, the answer as plain text.
/// Every text part must format cleanly (no missing message id or argument) in that language.
pub fn ask(bot: &Bot, locale: &str, line: &str) -> String {
    let who = ChatRef::terminal(Some(locale));
    let a = bot.handle(&who, Input::Text(line.to_string()));
    let lang = Lang::from_locale(Some(locale));
    for r in &a.replies {
        for p in &r.parts {
            if let bot_core::reply::Part::Text(m) = p {
                Localizer::get()
                    .try_format(lang, m)
                    .unwrap_or_else(|e| panic!("{line}: {e}"));
            }
        }
    }
    text(&a.replies, lang)
}

/// [`ask`] of a fresh bot on the embedded catalog with an empty store.
pub fn ask_fresh(locale: &str, line: &str) -> String {
    let (bot, _dir) = bot_with(Catalog::embedded().unwrap());
    ask(&bot, locale, line)
}

/// A price row of our own for the fixtures: per card-hour, one card, dated 2026-11-20, firm.
pub fn priced(gpu: &str, amount: &str, currency: &str, tier: &str) -> PriceQuote {
    let mut q = PriceQuote::user(amount.parse().unwrap(), TimeUnit::Hour, currency, tier);
    q.gpu = gpu.into();
    q.cards = 1;
    q.as_of = "2026-11-20".into();
    q.undated = false;
    q.source = "https://example.com/pricing".into();
    q
}

/// One person in one chat, named after their locale.
pub fn who(locale: &str) -> ChatRef {
    ChatRef {
        platform: "test".into(),
        chat: "c".into(),
        user: locale.into(),
        locale: Some(locale.into()),
        thread: None,
    }
}

pub fn text(replies: &[Reply], lang: Lang) -> String {
    replies
        .iter()
        .map(|r| Localizer::get().render_plain(lang, r))
        .collect::<Vec<_>>()
        .join("\n")
}

pub fn say(w: &World, locale: &str, line: &str) -> String {
    let a = w.bot.handle(&who(locale), Input::Text(line.into()));
    text(&a.replies, a.lang)
}

/// One line said in a fresh bot's chat in `locale`: the answer's plain text and the ids of the
/// choices it offers (buttons are no part of the plain text; their ids carry the lines).
pub fn ask_with_choices(locale: &str, line: &str) -> (String, Vec<String>) {
    let w = world();
    let a = w.bot.handle(&who(locale), Input::Text(line.into()));
    let ids = (a.replies.iter())
        .flat_map(|r| r.choices.iter().map(|c| c.id.clone()))
        .collect();
    (text(&a.replies, a.lang), ids)
}

/// The message id of every text part, in order (what a story asserts was said).
pub fn message_ids(replies: &[Reply]) -> Vec<String> {
    replies
        .iter()
        .flat_map(|r| r.parts.iter())
        .filter_map(|p| match p {
            Part::Text(m) => Some(m.id.clone()),
            _ => None,
        })
        .collect()
}

/// An on-demand row, firm or a "from" floor.
pub fn priced_from(gpu: &str, amount: &str, currency: &str, from: bool) -> PriceQuote {
    let mut q = priced(gpu, amount, currency, "on_demand");
    q.from = from;
    q
}

/// `cat` with its platforms (and so its prices) replaced; cards, models and rates kept.
pub fn with_platforms(cat: &Catalog, platforms: Vec<bot_core::catalog::Platform>) -> Catalog {
    Catalog::from_parts(
        cat.gpus.clone(),
        platforms,
        cat.models.clone(),
        cat.fx.clone(),
    )
    .unwrap()
}

/// Says or taps each step in turn (`true`: a button's id) and returns the last step's replies.
pub fn walk(bot: &Bot, who: &ChatRef, steps: &[(bool, &str)]) -> Vec<Reply> {
    let mut last = Vec::new();
    for &(tap, step) in steps {
        let input = match tap {
            true => Input::Choice(step.into()),
            false => Input::Text(step.into()),
        };
        last = bot.handle(who, input).replies;
    }
    last
}

/// A chat of its own (`id`) in Chinese or English, for tests that keep many dialogues apart.
pub fn chat_of(id: &str, zh: bool) -> ChatRef {
    ChatRef {
        platform: "test".into(),
        chat: id.into(),
        user: id.into(),
        locale: Some(if zh { "zh-CN" } else { "en-US" }.into()),
        thread: None,
    }
}

/// The dialogue state a chat keeps, as the store holds it (`Null` when it keeps none).
pub fn dialogue_state(w: &World, me: &ChatRef) -> serde_json::Value {
    use bot_core::store::{TypedTable, tables};
    let raw: TypedTable<serde_json::Value> = TypedTable::new(tables::DIALOGUE.name());
    w.bot
        .store
        .get(&raw, &me.dialogue_key())
        .unwrap()
        .map(|row| row["r"].clone())
        .unwrap_or(serde_json::Value::Null)
}
