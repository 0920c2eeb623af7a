//! QA round 22 (wire22): Telegram shapes written from the Bot API's own pages before any was
//! run: a channel's post copied into its linked discussion group (`is_automatic_forward`,
//! from the service account 777000 with `sender_chat` the channel and `forward_origin` of
//! type `channel`); a command typed in capitals (a `bot_command` entity, as Telegram marks
//! any `/word`); a command in a document's `caption` with `caption_entities`; text with a
//! right-to-left mark and full-width digits (entity offsets in UTF-16 units); a command whose
//! words follow an ideographic space (U+3000, what a Chinese input method types); and message
//! kinds with no words (`location`, `contact`, `dice`, `poll`) ahead of a question. Fed to
//! the real runner in-process on the loopback fake; nothing asserts a duration.

use super::wire_round8::settle;
use super::wire_round20::{batch, command, person, with_runner};
use gpuscout_testkit::fake_telegram::{BOT_USERNAME, FakeTelegram, strip_html};
use serde_json::{Value, json};

const DATE: i64 = 1_764_900_000;
const GROUP: i64 = -1_001_200_000_022;
const CHANNEL: i64 = -1_001_300_000_022;

fn group() -> Value {
    json!({"id": GROUP, "type": "supergroup", "title": "GPU lab 22"})
}

fn private(id: i64) -> Value {
    json!({"id": id, "type": "private", "first_name": "P"})
}

fn channel() -> Value {
    json!({"id": CHANNEL, "type": "channel", "title": "GPU news 22"})
}

fn words_in(fake: &FakeTelegram, chat: i64) -> String {
    fake.sent_to(chat)
        .iter()
        .map(|s| strip_html(&s.html))
        .collect::<Vec<_>>()
        .join("\n")
}

fn units(s: &str) -> usize {
    s.encode_utf16().count()
}

/// Case 13: a channel posts `/gpu@us h100`; Telegram delivers the post (`channel_post`) and,
/// as the channel has a discussion group, its copy in the group (`is_automatic_forward`).
/// The channel's post is answered there; its copy is not answered a second time.
#[test]
fn a_channel_post_copied_into_its_discussion_group_is_answered_once() {
    let fake = FakeTelegram::start();
    with_runner(&fake, None, || {
        let text = format!("/gpu@{BOT_USERNAME} h100");
        let cmd_len = units(text.split(' ').next().unwrap());
        let entities = json!([{"type": "bot_command", "offset": 0, "length": cmd_len}]);
        let post = json!({"channel_post": {"message_id": 51, "date": DATE, "chat": channel(),
            "sender_chat": channel(), "text": text, "entities": entities}});
        let copy = json!({"message": {"message_id": 2213, "date": DATE + 1, "chat": group(),
            "from": {"id": 777_000, "is_bot": false, "first_name": "Telegram"},
            "sender_chat": channel(), "is_automatic_forward": true,
            "forward_origin": {"type": "channel", "chat": channel(), "message_id": 51,
                "date": DATE},
            "text": text, "entities": entities}});
        let last = batch(&fake, vec![post, copy]);
        fake.wait_for_messages(CHANNEL, 1);
        settle(&fake, last);
        assert!(words_in(&fake, CHANNEL).contains("H100"), "case 13");
        assert_eq!(
            fake.sent_to(GROUP).len(),
            0,
            "case 13: the copy was answered: {}",
            words_in(&fake, GROUP)
        );
    });
}

/// Case 14: `/GPU 4090` typed in capitals in a private chat (Telegram marks it a
/// `bot_command` like any other): the command, answered with the card.
#[test]
fn a_command_typed_in_capitals_is_the_command() {
    let fake = FakeTelegram::start();
    with_runner(&fake, None, || {
        let me = 22_014;
        let last = batch(
            &fake,
            vec![command(private(me), 2214, person(me), None, "/GPU 4090")],
        );
        fake.wait_for_messages(me, 1);
        settle(&fake, last);
        let said = words_in(&fake, me);
        assert!(said.contains("RTX 4090"), "case 14: {said}");
    });
}

/// Case 15: a document sent with the caption `/gpu ＲＴＸ４０９０` (full-width letters and
/// digits, as a Chinese input method writes them) and its `caption_entities`: the command on
/// the caption, the card it names.
#[test]
fn a_command_in_a_documents_caption_with_full_width_digits_names_the_card() {
    let fake = FakeTelegram::start();
    with_runner(&fake, None, || {
        let me = 22_015;
        let caption = "/gpu ＲＴＸ４０９０";
        let update = json!({"message": {"message_id": 2215, "date": DATE, "chat": private(me),
            "from": person(me),
            "document": {"file_id": "BQACAgIAAxkBAAI", "file_unique_id": "AgAD22",
                "file_name": "nvidia-smi.txt", "mime_type": "text/plain", "file_size": 2210},
            "caption": caption,
            "caption_entities": [{"type": "bot_command", "offset": 0, "length": 4}]}});
        let last = batch(&fake, vec![update]);
        fake.wait_for_messages(me, 1);
        settle(&fake, last);
        let said = words_in(&fake, me);
        assert!(said.contains("RTX 4090"), "case 15: {said}");
    });
}

/// Case 16: in a group, a right-to-left mark before the mention and full-width digits after
/// it (`\u{200F}@us ４０９０多少钱`, the mention's offset 1 in UTF-16 units): addressed to
/// us, answered once with the card.
#[test]
fn a_mention_after_a_direction_mark_with_full_width_digits_is_answered_once() {
    let fake = FakeTelegram::start();
    with_runner(&fake, None, || {
        let text = format!("\u{200F}@{BOT_USERNAME} ４０９０多少钱");
        let update = json!({"message": {"message_id": 2216, "date": DATE, "chat": group(),
            "from": person(22_016), "text": text,
            "entities": [{"type": "mention", "offset": 1, "length": units(BOT_USERNAME) + 1}]}});
        let last = batch(&fake, vec![update]);
        fake.wait_for_messages(GROUP, 1);
        settle(&fake, last);
        let said = words_in(&fake, GROUP);
        assert_eq!(fake.sent_to(GROUP).len(), 1, "case 16: {said}");
        assert!(said.contains("4090"), "case 16: {said}");
    });
}

/// Case 17: `/gpu@us　h100` in a group, the card after an ideographic space (U+3000): the
/// command's words, the H100 answered.
#[test]
fn a_commands_words_after_an_ideographic_space_are_read() {
    let fake = FakeTelegram::start();
    with_runner(&fake, None, || {
        let cmd = format!("/gpu@{BOT_USERNAME}");
        let text = format!("{cmd}\u{3000}h100");
        let update = json!({"message": {"message_id": 2217, "date": DATE, "chat": group(),
            "from": person(22_017), "text": text,
            "entities": [{"type": "bot_command", "offset": 0, "length": units(&cmd)}]}});
        let last = batch(&fake, vec![update]);
        fake.wait_for_messages(GROUP, 1);
        settle(&fake, last);
        let said = words_in(&fake, GROUP);
        assert!(said.contains("H100"), "case 17: {said}");
    });
}

/// Case 18: in a private chat, a location, a contact, a dice and a poll (no words of the
/// person's own to read), then `/gpu h100`: the question answered, and what came before
/// draws at most one hint, never an answer of its own.
#[test]
fn locations_contacts_dice_and_polls_ahead_of_a_question_draw_at_most_one_hint() {
    let fake = FakeTelegram::start();
    with_runner(&fake, None, || {
        let me = 22_018;
        let base = |id: i64| json!({"message_id": id, "date": DATE, "chat": private(me), "from": person(me)});
        let mut location = base(2218);
        location["location"] = json!({"latitude": 22.54, "longitude": 114.06});
        let mut contact = base(2219);
        contact["contact"] = json!({"phone_number": "+8613800000000", "first_name": "Li"});
        let mut dice = base(2220);
        dice["dice"] = json!({"emoji": "🎲", "value": 4});
        let mut poll = base(2221);
        poll["poll"] = json!({"id": "5222", "question": "H100 or A100?",
            "options": [{"text": "H100", "voter_count": 0}, {"text": "A100", "voter_count": 0}],
            "total_voter_count": 0, "is_closed": false, "is_anonymous": true,
            "type": "regular", "allows_multiple_answers": false});
        let mut updates: Vec<Value> = [location, contact, dice, poll]
            .into_iter()
            .map(|m| json!({ "message": m }))
            .collect();
        updates.push(command(private(me), 2222, person(me), None, "/gpu h100"));
        let last = batch(&fake, updates);
        fake.wait_until(
            std::time::Duration::from_secs(30),
            "the H100 answered",
            |v| {
                v.sent_to(me)
                    .iter()
                    .any(|s| strip_html(&s.html).contains("(h100-sxm)"))
                    .then_some(())
            },
        );
        settle(&fake, last);
        let sent = fake.sent_to(me);
        // A private chat's answers quote nothing: the answer is the one naming the card.
        let answers = sent
            .iter()
            .filter(|s| strip_html(&s.html).contains("(h100-sxm)"))
            .count();
        assert!(
            sent.len() - answers <= 1,
            "case 18: more than one other message: {}",
            words_in(&fake, me)
        );
    });
}
