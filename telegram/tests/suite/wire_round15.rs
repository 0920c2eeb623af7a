//! QA round 15 (wire15): Bot API updates written from core.telegram.org/bots/api before they
//! were run. A `User` has `is_bot`: another bot's message is no one's question (bots that
//! answer bots loop), while Telegram's own stand-ins — `GroupAnonymousBot` for an anonymous
//! admin and `Channel_Bot` for a channel speaking in its group, both `is_bot` — carry
//! `sender_chat` and speak for people. Buttons in a group are checked per button: one that
//! changes the chat (an alert) is also its administrators'. Usernames are case-insensitive,
//! so `/gpu@scoutbot` is for us.

use super::wire_round8::{settle, words};
use super::wire_round13::{DATE, group, person, said};
use super::wire_shapes::{with_core, with_runner};
use gpuscout_testkit::fake_telegram::{BOT_ID, BOT_USERNAME, Chat, FakeTelegram};
use serde_json::{Value, json};

fn bot(id: i64, username: &str) -> Value {
    json!({"id": id, "is_bot": true, "first_name": username, "username": username})
}

fn us() -> Value {
    bot(BOT_ID, BOT_USERNAME)
}

#[test]
fn another_bots_messages_are_ignored_and_telegrams_stand_ins_for_people_are_answered() {
    let fake = FakeTelegram::start();
    with_runner(&fake, || {
        let gid = -5_150_001_i64;
        let other = bot(5_150_002, "PriceEchoBot");
        // 1. Another bot's command in a group; 2. its reply to our message; 3. its mention
        // of us; 4. its edited command.
        fake.push(said(group(gid), other.clone(), 1, "/gpu 4090"));
        let mut reply = said(group(gid), other.clone(), 2, "4090 price?");
        reply["message"]["reply_to_message"] = json!({"message_id": 99, "date": DATE,
            "chat": group(gid), "from": us(), "text": "RTX 4090"});
        reply["message"]["entities"] = json!([]);
        fake.push(reply);
        fake.push(
            json!({"message": {"message_id": 3, "date": DATE, "chat": group(gid),
            "from": other, "text": format!("@{BOT_USERNAME} h100?"),
            "entities": [{"type": "mention", "offset": 0, "length": BOT_USERNAME.len() + 1}]}}),
        );
        let mut edited = said(group(gid), bot(5_150_002, "PriceEchoBot"), 1, "/gpu a100");
        edited["edited_message"] = edited["message"].take();
        edited["edited_message"]["edit_date"] = json!(DATE + 5);
        edited.as_object_mut().unwrap().remove("message");
        fake.push(edited);
        // 5. An anonymous admin (GroupAnonymousBot, `sender_chat` the group) and 6. a channel
        // speaking in its group (Channel_Bot, `sender_chat` the channel): answered.
        let mut anon = said(
            group(gid),
            bot(1_087_968_824, "GroupAnonymousBot"),
            4,
            "/gpu h100",
        );
        anon["message"]["sender_chat"] = group(gid);
        fake.push(anon);
        let mut as_channel = said(group(gid), bot(136_817_688, "Channel_Bot"), 5, "/gpu a100");
        as_channel["message"]["sender_chat"] =
            json!({"id": -1_005_150_003_i64, "type": "channel", "title": "GPU deals"});
        let last = fake.push(as_channel);
        settle(&fake, last);
        let sent = fake.sent_to(gid);
        let said = words(&fake, gid);
        assert_eq!(sent.len(), 2, "{said}");
        assert!(said.contains("H100") && said.contains("A100"), "{said}");
        assert!(!said.contains("4090"), "{said}");
    });
}

#[test]
fn a_command_naming_us_in_another_letter_case_is_ours() {
    let fake = FakeTelegram::start();
    with_runner(&fake, || {
        let gid = -5_150_101_i64;
        let lower = format!("/gpu@{} 4090", BOT_USERNAME.to_lowercase());
        let upper = format!("/gpu@{} h100", BOT_USERNAME.to_uppercase());
        fake.push(said(group(gid), person(5_150_102, "en"), 1, &lower));
        let last = fake.push(said(group(gid), person(5_150_103, "en"), 2, &upper));
        settle(&fake, last);
        let said = words(&fake, gid);
        assert_eq!(fake.sent_to(gid).len(), 2, "{said}");
        assert!(said.contains("4090") && said.contains("H100"), "{said}");
    });
}

/// `from` pressing `data` on our answer that quotes `owner`'s message 1 in `gid`.
fn press(id: &str, gid: i64, owner: i64, from: i64, data: &str) -> Value {
    json!({"callback_query": {"id": id, "from": person(from, "en"), "chat_instance": "-15201",
        "data": data, "message": {"message_id": 50, "date": DATE, "chat": group(gid),
            "from": us(), "text": "Pick: RTX 4090",
            "reply_to_message": {"message_id": 1, "date": DATE, "chat": group(gid),
                "from": person(owner, "en"), "text": "/pick"}}}})
}

#[test]
fn a_button_that_changes_the_group_is_its_admins_and_every_other_button_the_askers() {
    let fake = FakeTelegram::start();
    let (gid, alice, bob, carol) = (-5_150_201_i64, 5_150_202_i64, 5_150_203, 5_150_204);
    fake.set_admins(
        &Chat::Group {
            id: gid,
            title: "Lab".into(),
        },
        &[bob],
    );
    with_core(&fake, |core| {
        // 1. Carol (no admin) presses Alice's "alert me"; 2. Bob (admin) presses Alice's
        // /pick step and 3. her "did you mean /gpu" line; 4. Bob presses her "alert me".
        fake.push(press("cq-c", gid, alice, carol, "v1|a:rtx-4090"));
        fake.push(press("cq-b1", gid, alice, bob, "v1|t:tune"));
        fake.push(press("cq-b2", gid, alice, bob, "v1|run:/gpu 4090"));
        let last = fake.push(press("cq-b3", gid, alice, bob, "v1|a:rtx-4090"));
        settle(&fake, last);
        let told = |id: &str| -> String {
            fake.calls_of("answerCallbackQuery")
                .into_iter()
                .filter(|c| c.params["callback_query_id"] == id)
                .map(|c| c.params["text"].as_str().unwrap_or("").to_string())
                .collect::<Vec<_>>()
                .join("|")
        };
        for id in ["cq-c", "cq-b1", "cq-b2"] {
            assert!(told(id).contains("someone else"), "{id}: {}", told(id));
        }
        assert!(!told("cq-b3").contains("someone else"), "{}", told("cq-b3"));
        let subs = bot_core::alerts::list_chat(&core.store, "telegram", &gid.to_string()).unwrap();
        assert_eq!(subs.len(), 1, "{}", words(&fake, gid));
        assert_eq!(subs[0].gpu, "rtx-4090");
    });
}
