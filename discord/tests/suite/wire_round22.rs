//! QA round 22 (wire22): Discord shapes written from the developer documentation before any
//! was run. The gateway's MESSAGE_CONTENT intent (privileged, and not asked for by this bot):
//! without it `content`, `embeds`, `attachments` and `components` arrive empty except in DMs
//! and in messages that mention the app, so a reply to the bot with its mention turned off
//! carries no words at all, while one with the mention on carries them; MESSAGE_UPDATE,
//! which Discord also sends when it adds a link's embed to a message already answered.
//! Interactions: option values in full-width forms (a Chinese input method's letters and
//! digits, in a STRING option Discord does not validate), a `locale` outside Discord's list
//! (`zh-HK`, what a relay writes from the system), and options nested two levels (a
//! SUB_COMMAND_GROUP holding a SUB_COMMAND) for a command registered flat. Fed to the real
//! frontend on the loopback fakes.

use super::rest::Running;
use super::wire_round8::{answered, gpu, in_channel, start as endpoint};
use super::wire_round12::{cjk, posts_to, start as with_gateway};
use gpuscout_testkit::fake_discord::FakeDiscord;
use gpuscout_testkit::fake_discord_gateway::{self as gw, FakeGateway};
use serde_json::{Value, json};
use std::time::Duration;

const MEI: &str = "410000000000002201";

fn text_channel(id: &str) -> Value {
    json!({"id": id, "type": 0, "name": "gpu-talk", "guild_id": super::wire_round8::GUILD,
        "topic": null, "nsfw": false})
}

/// A DM question from `author` after the messages under test, waited for: once its answer is
/// posted, the messages dispatched before it have been read (rounds 22, 24 and 25).
pub(super) fn dm_sentinel(fake: &FakeDiscord, g: &FakeGateway, id: &str, author: &str) {
    let dm = gw::DM_CHANNEL_ID;
    let before = posts_to(fake, dm).len();
    g.dispatch(
        "MESSAGE_CREATE",
        gw::message(id, "/gpu a100", author, dm, false, &[], None),
    );
    fake.wait_for_call(|_| posts_to(fake, dm).len() > before);
    std::thread::sleep(Duration::from_millis(800));
}

/// Cases 19–21: in a guild channel, Mei replies to one of the bot's answers. 19: with the
/// reply's mention off, Discord withholds the words (no MESSAGE_CONTENT intent): she is told
/// once, in the channel, that the bot sees a reply's words only when it mentions the bot
/// (never the help list, as though she had asked for nothing). 20: a second such reply right
/// after draws no second hint. 21: with the mention on, the words arrive and are answered.
#[test]
fn a_reply_whose_words_discord_withholds_is_told_how_to_be_read() {
    let fake = FakeDiscord::start();
    let g = FakeGateway::start();
    let (discord, _dir) = with_gateway(&fake, &g);
    let running = Running::start(discord);
    g.wait_for_session();
    let bot = gw::BOT_USER_ID.to_string();
    let ch = gw::GUILD_CHANNEL_ID;
    let ours = "620000000000002200";
    let withheld = |id: &str| gw::message(id, "", MEI, ch, true, &[], Some((ours, &bot)));
    g.dispatch("MESSAGE_CREATE", withheld("620000000000002201"));
    fake.wait_for_call(|c| c.path == format!("/channels/{ch}/messages"));
    let posts = posts_to(&fake, ch);
    assert_eq!(posts.len(), 1, "case 19: {posts:#?}");
    let hint = posts[0].to_lowercase();
    assert!(
        hint.contains("mention") && !hint.contains("/pick"),
        "case 19: {}",
        posts[0]
    );
    g.dispatch("MESSAGE_CREATE", withheld("620000000000002202"));
    dm_sentinel(&fake, &g, "620000000000002203", MEI);
    assert_eq!(
        posts_to(&fake, ch).len(),
        1,
        "case 20: {:#?}",
        posts_to(&fake, ch)
    );
    g.dispatch(
        "MESSAGE_CREATE",
        gw::message(
            "620000000000002204",
            "/gpu h100",
            MEI,
            ch,
            true,
            &[&bot],
            Some((ours, &bot)),
        ),
    );
    fake.wait_for_call(|_| posts_to(&fake, ch).len() >= 2);
    let posts = posts_to(&fake, ch);
    assert!(posts[1].contains("H100"), "case 21: {posts:#?}");
    running.stop().unwrap();
}

/// Case 22: a question that mentions the bot is answered; Discord then sends MESSAGE_UPDATE
/// for the same message (the embed of a link in it, unfurled): not answered again.
#[test]
fn a_message_update_of_an_answered_question_is_not_answered_again() {
    let fake = FakeDiscord::start();
    let g = FakeGateway::start();
    let (discord, _dir) = with_gateway(&fake, &g);
    let running = Running::start(discord);
    g.wait_for_session();
    let bot = gw::BOT_USER_ID.to_string();
    let ch = gw::GUILD_CHANNEL_ID;
    let text = format!("<@{bot}> /gpu h100 https://docs.vast.ai/instances/pricing");
    let asked = gw::message("620000000000002220", &text, MEI, ch, true, &[&bot], None);
    g.dispatch("MESSAGE_CREATE", asked.clone());
    fake.wait_for_call(|c| c.path == format!("/channels/{ch}/messages"));
    let mut update = asked;
    update["edited_timestamp"] = Value::Null;
    update["embeds"] = json!([{"type": "link", "url": "https://docs.vast.ai/instances/pricing",
        "title": "Pricing | Vast.ai"}]);
    g.dispatch("MESSAGE_UPDATE", update);
    dm_sentinel(&fake, &g, "620000000000002221", MEI);
    assert_eq!(
        posts_to(&fake, ch).len(),
        1,
        "case 22: {:#?}",
        posts_to(&fake, ch)
    );
    running.stop().unwrap();
}

/// Cases 23–24: option values in full-width forms. 23: `/gpu gpu:ＲＴＸ　４０９０` names
/// the RTX 4090. 24: `/cost` with `duration:４０ｍ` is the same answer as `duration:40m`.
#[test]
fn full_width_option_values_read_as_their_half_width_forms() {
    let e = endpoint(2500);
    let c = || text_channel("300000000000002223");
    let a = answered(
        &e,
        &in_channel(2_223, c(), "gpu", gpu("ＲＴＸ\u{3000}４０９０")),
    );
    assert!(a.contains("RTX 4090"), "case 23: {a}");
    let cost = |n: u64, duration: &str| {
        answered(
            &e,
            &in_channel(
                n,
                c(),
                "cost",
                json!([{"name": "platform", "type": 3, "value": "runpod"},
                       {"name": "gpu", "type": 3, "value": "rtx-4090"},
                       {"name": "duration", "type": 3, "value": duration}]),
            ),
        )
    };
    let half = cost(2_224, "40m");
    let full = cost(2_225, "４０ｍ");
    assert!(half.contains('$'), "case 24: {half}");
    assert_eq!(full, half, "case 24");
}

/// Case 25: `locale: "zh-HK"` (not one of Discord's locales; a relay's system tag): a
/// Chinese answer, like every `zh*` tag.
#[test]
fn a_chinese_locale_outside_discords_list_is_answered_in_chinese() {
    let e = endpoint(2500);
    let mut i = in_channel(
        2_226,
        text_channel("300000000000002226"),
        "gpu",
        gpu("h100"),
    );
    i["locale"] = json!("zh-HK");
    i["guild_locale"] = json!("en-US");
    let a = answered(&e, &i);
    assert!(cjk(&a), "case 25: {a}");
}

/// Case 26: `/gpu` sent with its option two levels down (a SUB_COMMAND_GROUP `card` holding
/// a SUB_COMMAND `show`), as a registration from another build would: the value is read, the
/// H100 answered.
#[test]
fn an_option_two_levels_down_is_read() {
    let e = endpoint(2500);
    let options = json!([{"name": "card", "type": 2, "options": [
        {"name": "show", "type": 1, "options": [{"name": "gpu", "type": 3, "value": "h100"}]}]}]);
    let a = answered(
        &e,
        &in_channel(2_227, text_channel("300000000000002227"), "gpu", options),
    );
    assert!(a.contains("H100"), "case 26: {a}");
}
