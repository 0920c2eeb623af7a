//! `/currency`: a chat's own display currency, set by its administrators, followed by every
//! priced answer in that chat and nowhere else.

use bot_core::alerts::{Access, AccessCheck, ChatKind};
use bot_core::{Bot, Catalog, ChatRef, Input, Lang, Localizer, Store};
use std::sync::Arc;

/// The platform says `boss` administers every group; a chat whose id is the user's is private.
struct Admins;
impl AccessCheck for Admins {
    fn check(&self, who: &ChatRef) -> Result<Access, String> {
        let private = who.chat == who.user;
        Ok(Access {
            kind: if private {
                ChatKind::Private
            } else {
                ChatKind::Group
            },
            may_manage: private || who.user == "boss",
        })
    }
}

fn bot() -> (tempfile::TempDir, Bot) {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(&dir.path().join("t.redb")).unwrap();
    let mut bot = Bot::new(Arc::new(Catalog::embedded().unwrap()), Arc::new(store));
    bot.today = bot_core::catalog::parse_date("2026-11-30");
    bot.access.register("test", Arc::new(Admins));
    (dir, bot)
}

fn who(chat: &str, user: &str, locale: &str) -> ChatRef {
    ChatRef {
        platform: "test".into(),
        chat: chat.into(),
        user: user.into(),
        locale: Some(locale.into()),
        thread: None,
    }
}

fn say(bot: &Bot, who: &ChatRef, line: &str) -> String {
    let a = bot.handle(who, Input::Text(line.into()));
    a.replies
        .iter()
        .map(|r| Localizer::get().render_plain(a.lang, r))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The currency a `/compare` answer's title names.
fn compare_currency(bot: &Bot, who: &ChatRef) -> &'static str {
    let text = say(bot, who, "/compare 4090 40m");
    let usd = text.contains("in USD") || text.contains("以美元计");
    let cny = text.contains("in CNY") || text.contains("以人民币计");
    match (usd, cny) {
        (true, false) => "USD",
        (false, true) => "CNY",
        _ => panic!("no single currency in: {text}"),
    }
}

#[test]
fn a_chats_currency_changes_its_answers_and_no_other_chats() {
    let (_dir, bot) = bot();
    let member = who("g1", "ann", "en");
    let elsewhere = who("g2", "ann", "en");
    assert_eq!(compare_currency(&bot, &member), "USD");
    let set = say(&bot, &who("g1", "boss", "en"), "/currency cny");
    assert!(set.contains("CNY"), "{set}");
    // Everyone in g1 now sees CNY, whatever their language; the same person elsewhere does not.
    assert_eq!(compare_currency(&bot, &member), "CNY");
    assert_eq!(compare_currency(&bot, &elsewhere), "USD");
    // Shown with no argument, in the chat's setting.
    let shown = say(&bot, &member, "/currency");
    assert!(shown.contains("CNY"), "{shown}");
    // A Chinese speaker's default is CNY; a chat set to USD overrides it for them.
    let zh = who("g3", "li", "zh");
    assert_eq!(compare_currency(&bot, &zh), "CNY");
    say(&bot, &who("g3", "boss", "zh"), "/currency usd");
    assert_eq!(compare_currency(&bot, &zh), "USD");
}

#[test]
fn a_member_who_is_no_admin_cannot_change_a_groups_currency() {
    let (_dir, bot) = bot();
    let member = who("g1", "ann", "en");
    let refused = say(&bot, &member, "/currency cny");
    let expected = Localizer::get().format(Lang::En, &bot_core::Msg::new("currency-admins-only"));
    assert!(refused.contains(&expected), "{refused}");
    assert_eq!(compare_currency(&bot, &member), "USD");
    // In a private chat the person is the admin.
    let alone = who("ann", "ann", "en");
    say(&bot, &alone, "/currency cny");
    assert_eq!(compare_currency(&bot, &alone), "CNY");
    assert_eq!(compare_currency(&bot, &member), "USD");
}

#[test]
fn an_unknown_currency_is_a_localized_error_that_changes_nothing() {
    let (_dir, bot) = bot();
    let boss = who("g1", "boss", "zh");
    let text = say(&bot, &boss, "/currency eur");
    assert!(
        text.contains("eur") && text.contains("/currency usd"),
        "{text}"
    );
    assert_eq!(compare_currency(&bot, &boss), "CNY");
}

/// The currency set in words (`以后价格都用美元显示`, `show me prices in yuan`) is the same
/// command: set in a private chat, refused to a member who is no admin of a group.
#[test]
fn the_currency_said_in_words_is_the_same_command() {
    let (_dir, bot) = bot();
    let me = who("u1", "u1", "zh");
    let zh = say(&bot, &me, "以后价格都用美元显示");
    assert!(zh.contains("/currency usd"), "{zh}");
    assert_eq!(compare_currency(&bot, &me), "USD");
    let shown = say(&bot, &me, "现在是用什么货币显示的");
    assert!(shown.contains("USD"), "{shown}");
    let member = who("g1", "u2", "en");
    let en = say(&bot, &member, "show me prices in yuan please");
    assert!(en.contains("/currency cny"), "{en}");
    let expected = Localizer::get().format(Lang::En, &bot_core::Msg::new("currency-admins-only"));
    assert!(en.contains(&expected), "{en}");
}
