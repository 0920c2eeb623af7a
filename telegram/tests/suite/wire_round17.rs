//! QA round 17 (wire17), written before they were run. Round 16's leftover: a channel post
//! (`channel_post`) is seen by every bot that posts in the channel, like a group's messages
//! under privacy mode, so the group-command rule applies there too: only our commands,
//! `/x@us`, and near-typos of ours. Then Telegram's published limits with text that HTML
//! escaping lengthens: 4096 UTF-16 units a message (an emoji outside the BMP is two), an
//! escape never split at a cut; `callback_data` 1–64 bytes with multibyte content.

use super::wire_round8::{settle, words};
use super::wire_shapes::with_runner;
use bot_core::reply::Part;
use bot_core::{Lang, Msg, Reply};
use gpuscout_telegram::render::{self, MESSAGE_LIMIT, plain_of};
use gpuscout_testkit::fake_telegram::{BOT_USERNAME, FakeTelegram};
use serde_json::{Value, json};

const DATE: i64 = 1_764_581_400;

fn post(channel: i64, id: i64, text: &str) -> Value {
    let ch = json!({"id": channel, "type": "channel", "title": "GPU deals"});
    let len = text.split(' ').next().unwrap().encode_utf16().count();
    json!({"channel_post": {"message_id": id, "date": DATE, "chat": ch, "sender_chat": ch,
        "text": text, "entities": [{"type": "bot_command", "offset": 0, "length": len}]}})
}

/// Cases 1–4: in a channel, another bot's `/ban @spammer` and `/pin` get nothing; our `/fti`
/// (one typo from `/fit`) is offered `/fit`; `/ban@us` is addressed to us and told it is
/// unknown; our `/gpu h100` is answered.
#[test]
fn a_channel_post_gets_the_group_command_rule() {
    let fake = FakeTelegram::start();
    with_runner(&fake, || {
        let ch = -1_001_170_000_001_i64;
        fake.push(post(ch, 1, "/ban @spammer"));
        let last = fake.push(post(ch, 2, "/pin"));
        settle(&fake, last);
        assert_eq!(fake.sent_to(ch).len(), 0, "{}", words(&fake, ch));
        let last = fake.push(post(ch, 3, "/fti qwen2.5-7b"));
        settle(&fake, last);
        assert_eq!(fake.sent_to(ch).len(), 1, "{}", words(&fake, ch));
        assert!(words(&fake, ch).contains("/fit"), "{}", words(&fake, ch));
        let last = fake.push(post(ch, 4, &format!("/ban@{BOT_USERNAME} @spammer")));
        settle(&fake, last);
        assert_eq!(fake.sent_to(ch).len(), 2, "{}", words(&fake, ch));
        let last = fake.push(post(ch, 5, "/gpu h100"));
        settle(&fake, last);
        assert_eq!(fake.sent_to(ch).len(), 3, "{}", words(&fake, ch));
        assert!(words(&fake, ch).contains("H100"), "{}", words(&fake, ch));
    });
}

fn units(s: &str) -> usize {
    s.encode_utf16().count()
}

/// No text ends inside an entity (`&am|p;`) or a tag: every `&` is followed by its `;`
/// before the text ends, and `<`/`>` balance.
fn no_split_escape(t: &str) {
    let last_amp = t.rfind('&');
    if let Some(i) = last_amp {
        assert!(t[i..].contains(';'), "a cut inside an entity: …{}", &t[i..]);
    }
    assert_eq!(t.matches('<').count(), t.matches('>').count(), "{t:.80}");
}

/// Cases 5–7: long replies of CJK with emoji (two UTF-16 units each), `&`/`<`/`>` (escaped
/// to five and four units), as lines and as one unbroken line of 9,000 characters: every
/// message within 4096 UTF-16 units of its HTML, no escape split, and the words all kept.
#[test]
fn long_replies_lengthened_by_escapes_and_surrogates_are_packed_within_4096_units() {
    let line = "H100 价格 <$2.49/h> & A100 🔥🚀 库存 & 8×80GB\n";
    let long = line.repeat(9_000 / line.chars().count());
    let unbroken = "&<>🔥价".repeat(1_800);
    for (case, text) in [("5", long.as_str()), ("6", unbroken.as_str())] {
        let mut reply = Reply::default();
        reply.parts.push(Part::Raw(text.to_string()));
        let r = render::render(Lang::En, &reply);
        assert!(r.texts.len() >= 2, "case {case}");
        for t in &r.texts {
            assert!(units(t) <= MESSAGE_LIMIT, "case {case}: {} units", units(t));
            no_split_escape(t);
        }
        let shown: String = r.texts.iter().map(|t| plain_of(t)).collect();
        assert_eq!(
            shown.matches('🔥').count(),
            text.matches('🔥').count(),
            "case {case}"
        );
        assert_eq!(
            shown.matches('&').count(),
            text.matches('&').count(),
            "case {case}"
        );
    }
    // 7. 4096 units of two-unit emoji in one line: cut between emoji (never inside a
    //    surrogate pair), each piece within the limit, all 2048 kept. (Written first as "one
    //    message exactly"; a test mistake: the packer keeps a fence's room on every line, a
    //    margin the published limit does not forbid.)
    let mut reply = Reply::default();
    reply.parts.push(Part::Raw("🔥".repeat(2048)));
    let r = render::render(Lang::En, &reply);
    assert!(r.texts.len() <= 2);
    assert!(r.texts.iter().all(|t| units(t) <= MESSAGE_LIMIT));
    let kept: usize = r.texts.iter().map(|t| t.matches('🔥').count()).sum();
    assert_eq!(kept, 2048);
}

/// Cases 8–9: a choice whose `callback_data` is exactly 64 bytes of multibyte text gets its
/// button, its data whole; one whose data would pass 64 bytes gets none (it can be typed),
/// never data cut inside a character.
#[test]
fn callback_data_of_multibyte_text_at_64_bytes_is_whole_or_absent() {
    use gpuscout_telegram::callback::CallbackData;
    let encoded = |id: &str| CallbackData::Choice(id.to_string()).to_string().len();
    let mut id = String::from("gpu:");
    while encoded(&format!("{id}显")) <= 64 {
        id.push('显');
    }
    while encoded(&id) < 64 {
        id.push('x');
    }
    assert_eq!(encoded(&id), 64);
    let with =
        |id: &str| Reply::text(Msg::new("help-intro")).with_choice(id, Msg::new("help-intro"));
    let kb = render::keyboard(Lang::En, &with(&id)).expect("a button at 64 bytes");
    let data = serde_json::to_value(&kb).unwrap().to_string();
    assert!(data.contains(&id), "{data}");
    let over = format!("{id}显");
    assert!(render::keyboard(Lang::En, &with(&over)).is_none());
}
