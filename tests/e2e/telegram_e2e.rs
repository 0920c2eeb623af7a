//! GPU Scout on Telegram, end to end: the real `gpuscout serve` binary against a loopback fake
//! of the Bot API (`gpuscout_testkit::fake_telegram`). The tests play the users: they queue
//! updates the bot fetches with `getUpdates`, and read what the bot sent back.

use bot_core::{Lang, Localizer, Msg};
use gpuscout_testkit::fake_telegram::{
    BOT_USERNAME, Chat, Failure, FakeTelegram, Person, Sent, TOKEN, post_webhook,
};
use gpuscout_testkit::serve::{Serve, Setup};
use std::time::Duration;

/// The real `gpuscout serve`, set up through the testkit.
fn serve() -> Setup {
    Serve::with(env!("CARGO_BIN_EXE_gpuscout"))
}

/// A fake Bot API, a data directory and a running bot that has started polling.
struct World {
    fake: FakeTelegram,
    dir: tempfile::TempDir,
    bot: Option<Serve>,
}

impl World {
    fn start() -> World {
        let fake = FakeTelegram::start();
        let dir = tempfile::tempdir().unwrap();
        let mut w = World {
            fake,
            dir,
            bot: None,
        };
        w.boot();
        w
    }

    fn boot(&mut self) {
        self.bot = Some(
            serve()
                .telegram(&self.fake)
                .start_polling(self.dir.path(), &self.fake),
        );
    }

    /// SIGTERM; asserts a clean exit and returns stderr.
    fn stop(&mut self) -> String {
        let (status, stderr) = self.bot.take().unwrap().stop();
        assert!(status.success(), "serve exited with {status}: {stderr}");
        stderr
    }

    /// Sends `text` as `from` in `chat` and waits for the `n`th bot message there.
    fn say(&self, chat: &Chat, from: &Person, text: &str, n: usize) -> Sent {
        self.fake.send_text(chat, from, text);
        self.fake.wait_for_messages(chat.id(), n)[n - 1].clone()
    }
}

fn en(id: i64) -> Person {
    Person::new(id, "Alice", Some("en"))
}
fn zh(id: i64) -> Person {
    Person::new(id, "小明", Some("zh-hans"))
}
fn text_of(lang: Lang, id: &str) -> String {
    Localizer::get().format(lang, &Msg::new(id))
}

#[test]
fn a_student_asks_for_help_and_a_gpu_in_english_and_in_chinese() {
    let w = World::start();
    let alice = en(11);
    let dm = Chat::Private(alice.clone());
    let help = w.say(&dm, &alice, "/help", 1);
    assert_eq!(help.parse_mode.as_deref(), Some("HTML"));
    assert!(help.html.contains("Commands:"), "{}", help.html);
    assert!(help.html.contains("/pick — "), "{}", help.html);
    let gpu = w.say(&dm, &alice, "/gpu 4090", 2);
    assert!(gpu.html.contains("GeForce RTX 4090"), "{}", gpu.html);
    assert!(gpu.html.contains("VRAM: 24 GB"), "{}", gpu.html);

    let ming = zh(12);
    let dm = Chat::Private(ming.clone());
    let help = w.say(&dm, &ming, "/help", 1);
    assert!(help.html.contains("可用命令"), "{}", help.html);
    let gpu = w.say(&dm, &ming, "/gpu h100 sxm", 2);
    assert!(gpu.html.contains("显存：80 GB"), "{}", gpu.html);
}

#[test]
fn fit_and_cost_answers_arrive_as_html_within_the_limit() {
    let w = World::start();
    let alice = en(21);
    let dm = Chat::Private(alice.clone());
    w.fake
        .send_text(&dm, &alice, "/fit qwen2.5-72b int4 ctx=32k");
    let fit = w.fake.wait_for_messages(dm.id(), 1);
    // A phone's first message: the top options as lines, the whole answer behind "Details".
    assert_eq!(fit.len(), 1, "{fit:?}");
    assert!(
        fit[0].html.contains("card types can hold it"),
        "{}",
        fit[0].html
    );
    assert!(fit[0].html.lines().count() <= 20, "{}", fit[0].html);
    let (_, details) = fit[0]
        .buttons
        .iter()
        .find(|(label, _)| label == "Details")
        .cloned()
        .expect("a Details button");
    let whole = tap(&w, &dm, &alice, details.trim_start_matches("v1|"));
    assert!(whole.html.contains("Weights "), "{}", whole.html);
    let n = w.fake.sent_to(dm.id()).len();
    w.fake.send_text(&dm, &alice, "/cost autodl 4090 40m");
    let cost = w.fake.wait_for_messages(dm.id(), n + 1);
    let all: String = cost[n..].iter().map(|s| s.html.clone()).collect();
    assert!(all.contains("AutoDL"), "{all}");
    assert!(all.contains("40m"), "{all}");
    for s in w.fake.sent_to(dm.id()) {
        assert!(s.html.encode_utf16().count() <= 4096);
        assert_eq!(
            s.html.matches("<pre>").count(),
            s.html.matches("</pre>").count()
        );
    }
}

#[test]
fn the_command_menu_is_registered_in_both_languages_for_chats_and_groups() {
    let w = World::start();
    // The menu is registered in the background, beside polling.
    w.fake
        .wait_until(Duration::from_secs(20), "4 setMyCommands", |v| {
            (v.calls()
                .iter()
                .filter(|c| c.method == "setMyCommands")
                .count()
                >= 4)
                .then_some(())
        });
    std::thread::sleep(Duration::from_millis(200));
    let calls = w.fake.calls_of("setMyCommands");
    assert_eq!(calls.len(), 4, "{calls:?}");
    let mut seen = Vec::new();
    for c in &calls {
        let lang = c.params["language_code"].as_str().map(str::to_string);
        let scope = c.params["scope"]["type"].as_str().unwrap().to_string();
        let commands = c.params["commands"].as_array().unwrap();
        let pick = commands
            .iter()
            .find(|c| c["command"] == "pick")
            .expect("/pick in the menu");
        let expected = match lang.as_deref() {
            Some("zh") => text_of(Lang::Zh, "cmd-pick"),
            None => text_of(Lang::En, "cmd-pick"),
            other => panic!("unexpected language_code {other:?}"),
        };
        assert_eq!(pick["description"], expected.as_str());
        assert_eq!(commands.len(), bot_core::commands::ALL.len());
        seen.push((lang, scope));
    }
    seen.sort();
    assert_eq!(
        seen,
        vec![
            (None, "all_group_chats".to_string()),
            (None, "all_private_chats".to_string()),
            (Some("zh".to_string()), "all_group_chats".to_string()),
            (Some("zh".to_string()), "all_private_chats".to_string()),
        ]
    );
}

#[test]
fn an_unknown_command_is_answered_politely() {
    let w = World::start();
    let alice = en(31);
    let dm = Chat::Private(alice.clone());
    let answer = w.say(&dm, &alice, "/frobnicate now", 1);
    assert!(
        answer.html.contains("I don't know the command /frobnicate"),
        "{}",
        answer.html
    );
    assert!(answer.html.contains("/help"));
}

#[test]
fn html_typed_by_a_user_comes_back_escaped() {
    let w = World::start();
    let alice = en(41);
    let dm = Chat::Private(alice.clone());
    let answer = w.say(&dm, &alice, "/gpu <b>x</b> & <a href=\"evil\">", 1);
    assert!(
        answer
            .html
            .contains("&lt;b&gt;x&lt;/b&gt; &amp; &lt;a href=\"evil\"&gt;"),
        "{}",
        answer.html
    );
    assert!(!answer.html.contains("<b>") && !answer.html.contains("<a "));
}

#[test]
fn a_429_with_retry_after_is_waited_out_before_sending_again() {
    let w = World::start();
    let alice = en(51);
    let dm = Chat::Private(alice.clone());
    w.fake.fail_next("sendMessage", Failure::RetryAfter(2));
    let help = w.say(&dm, &alice, "/help", 1);
    assert!(help.html.contains("Commands:"));
    let sends = w.fake.calls_of("sendMessage");
    assert_eq!(sends.len(), 2, "one refused, one delivered");
    assert_eq!((sends[0].status, sends[1].status), (429, 200));
    let waited = sends[1].at - sends[0].at;
    assert!(waited >= Duration::from_secs(2), "retried after {waited:?}");
    assert_eq!(
        sends[0].params, sends[1].params,
        "the same message is retried"
    );
}

#[test]
fn in_a_group_only_commands_for_this_bot_are_answered() {
    let w = World::start();
    let group = Chat::Supergroup {
        id: -1001234,
        title: "LLM hackers".into(),
    };
    let alice = en(61);
    let bob = en(62);
    w.fake.send_text(&group, &bob, "/help@OtherBot");
    w.fake.send_text(&group, &bob, "anyone renting H100s?");
    w.fake
        .send_text(&group, &alice, &format!("/gpu@{BOT_USERNAME} 4090"));
    let sent = w.fake.wait_for_messages(group.id(), 1);
    assert!(
        sent[0].html.contains("GeForce RTX 4090"),
        "{}",
        sent[0].html
    );
    // The answer quotes the question so the group sees who it is for.
    assert!(sent[0].reply_to.is_some());
    // A plain command (no @name) also works, and nothing else was answered.
    w.fake.send_text(&group, &bob, "/help");
    let sent = w.fake.wait_for_messages(group.id(), 2);
    assert!(sent[1].html.contains("Commands:"));
    std::thread::sleep(Duration::from_millis(300));
    assert_eq!(w.fake.sent_to(group.id()).len(), 2);
}

#[test]
fn a_command_posted_in_a_channel_is_answered_in_the_channel() {
    let w = World::start();
    let channel = Chat::Channel {
        id: -1009876,
        title: "GPU deals".into(),
    };
    w.fake.channel_post(&channel, "Weekly digest follows.");
    w.fake.channel_post(&channel, "/gpu 4090");
    let sent = w.fake.wait_for_messages(channel.id(), 1);
    assert!(
        sent[0].html.contains("GeForce RTX 4090"),
        "{}",
        sent[0].html
    );
    w.fake.channel_post(&channel, "/gpus@OtherBot");
    w.fake.channel_post(&channel, "/help");
    let sent = w.fake.wait_for_messages(channel.id(), 2);
    assert!(sent[1].html.contains("Commands:"));
    std::thread::sleep(Duration::from_millis(300));
    assert_eq!(w.fake.sent_to(channel.id()).len(), 2);
}

#[test]
fn every_button_press_is_answered_and_edits_its_message() {
    let w = World::start();
    let alice = en(71);
    let dm = Chat::Private(alice.clone());
    let help = w.say(&dm, &alice, "/help", 1);

    // A payload from a future/older version: answered with a notice, nothing else happens.
    let q = w.fake.press(&dm, &alice, help.message_id, "v9|t:exp");
    let answer = w.fake.wait_for_call("answerCallbackQuery", |c| {
        c.params["callback_query_id"] == q.as_str()
    });
    assert_eq!(
        answer.params["text"].as_str(),
        Some(text_of(Lang::En, "telegram-button-outdated").as_str())
    );

    // A current payload for a conversation that is over: answered, and the message that
    // carried the button is edited in place (no new message).
    let q = w.fake.press(&dm, &alice, help.message_id, "v1|gone:choice");
    w.fake.wait_for_call("answerCallbackQuery", |c| {
        c.params["callback_query_id"] == q.as_str()
    });
    let edited = w.fake.wait_until(Duration::from_secs(20), "the edit", |v| {
        v.sent_to(dm.id()).into_iter().find(|s| s.edits > 0)
    });
    assert_eq!(edited.message_id, help.message_id);
    assert!(edited.buttons.is_empty());
    assert_eq!(w.fake.sent_to(dm.id()).len(), 1, "no new message");
}

#[test]
fn in_a_group_nobody_can_press_someone_elses_buttons() {
    let w = World::start();
    let group = Chat::Group {
        id: -4242,
        title: "study group".into(),
    };
    let alice = en(81);
    let bob = zh(82);
    let answer = w.say(&group, &alice, "/help", 1);
    let q = w.fake.press(&group, &bob, answer.message_id, "v1|t:exp");
    let call = w.fake.wait_for_call("answerCallbackQuery", |c| {
        c.params["callback_query_id"] == q.as_str()
    });
    assert_eq!(
        call.params["text"].as_str(),
        Some(text_of(Lang::Zh, "telegram-not-your-buttons").as_str())
    );
    std::thread::sleep(Duration::from_millis(300));
    assert_eq!(w.fake.sent_to(group.id())[0].edits, 0);
}

#[test]
fn a_restart_keeps_the_language_and_answers_what_arrived_while_down() {
    let mut w = World::start();
    let alice = en(91);
    let dm = Chat::Private(alice.clone());
    let set = w.say(&dm, &alice, "/lang zh", 1);
    assert!(set.html.contains("语言已切换"), "{}", set.html);
    // Once Telegram has our offset, stop the bot like a service manager would.
    w.fake.wait_for_confirmation();
    let stderr = w.stop();
    assert!(stderr.contains("telegram: stopped"), "{stderr}");

    // A message sent while the bot is down is delivered after the restart, once.
    w.fake.send_text(&dm, &alice, "/help");
    w.boot();
    let sent = w.fake.wait_for_messages(dm.id(), 2);
    assert!(sent[1].html.contains("可用命令"), "{}", sent[1].html);
    std::thread::sleep(Duration::from_millis(300));
    assert_eq!(
        w.fake.sent_to(dm.id()).len(),
        2,
        "the /lang update was not replayed"
    );
}

#[test]
fn the_token_never_appears_in_the_log_even_when_telegram_is_unreachable() {
    let dir = tempfile::tempdir().unwrap();
    // Port 1 on loopback: nobody listens there, so the first request fails with a network
    // error whose text normally quotes the request URL, token included.
    let url = "http://127.0.0.1:1".to_string();
    let bot = serve()
        .env("TELEGRAM_BOT_TOKEN", TOKEN)
        .env("TELEGRAM_API_URL", url)
        // Start-up rides out an outage; here it gives up quickly.
        .env("TELEGRAM_STARTUP_TIMEOUT", "1")
        .start(dir.path());
    let (status, stderr) = bot.wait(Duration::from_secs(30));
    assert!(!status.success());
    assert!(
        stderr.contains("cannot reach the Telegram Bot API"),
        "{stderr}"
    );
    assert!(
        !stderr.contains(TOKEN) && !stderr.contains("AAF-fake"),
        "{stderr}"
    );

    // And a running bot's log, start to stop, does not show it either.
    let mut w = World::start();
    let alice = en(101);
    w.say(&Chat::Private(alice.clone()), &alice, "/help", 1);
    let stderr = w.stop();
    assert!(stderr.contains("running as @ScoutBot"), "{stderr}");
    assert!(!stderr.contains(TOKEN), "{stderr}");
}

#[test]
fn a_wrong_token_is_reported_clearly() {
    let fake = FakeTelegram::start();
    let dir = tempfile::tempdir().unwrap();
    let bot = serve()
        .telegram(&fake)
        .env("TELEGRAM_BOT_TOKEN", "1:wrong")
        .start(dir.path());
    let (status, stderr) = bot.wait(Duration::from_secs(30));
    assert!(!status.success());
    assert!(stderr.contains("rejected the bot token"), "{stderr}");
}

#[test]
fn without_a_token_serve_says_telegram_is_off() {
    let dir = tempfile::tempdir().unwrap();
    let bot = serve().start(dir.path());
    let (status, stderr) = bot.wait(Duration::from_secs(30));
    assert!(status.success(), "{stderr}");
    assert!(stderr.contains("telegram: off"), "{stderr}");
    assert!(stderr.contains("TELEGRAM_BOT_TOKEN"), "{stderr}");
}

#[test]
fn webhook_mode_registers_the_hook_and_checks_the_secret() {
    let fake = FakeTelegram::start();
    let dir = tempfile::tempdir().unwrap();
    let port = {
        let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        l.local_addr().unwrap().port()
    };
    let listen = format!("127.0.0.1:{port}");
    let bot = serve()
        .telegram(&fake)
        .env("TELEGRAM_WEBHOOK_URL", "https://bot.example.test/tg/hook")
        .env("TELEGRAM_WEBHOOK_LISTEN", listen.clone())
        .env("TELEGRAM_WEBHOOK_SECRET", "s3cret-Token_1")
        .start(dir.path());
    let hook = fake.wait_for_call("setWebhook", |_| true);
    assert_eq!(hook.params["url"], "https://bot.example.test/tg/hook");
    assert_eq!(hook.params["secret_token"], "s3cret-Token_1");
    std::thread::sleep(Duration::from_millis(200));

    let alice = en(111);
    let dm = Chat::Private(alice.clone());
    let update = fake.message_update_json(&dm, &alice, "/help").to_string();
    assert_eq!(post_webhook(&listen, "/tg/hook", None, &update), 401);
    assert_eq!(
        post_webhook(&listen, "/tg/hook", Some("wrong"), &update),
        401
    );
    std::thread::sleep(Duration::from_millis(300));
    assert!(
        fake.sent_to(dm.id()).is_empty(),
        "forged updates are ignored"
    );
    assert_eq!(
        post_webhook(&listen, "/tg/hook", Some("s3cret-Token_1"), &update),
        200
    );
    let sent = fake.wait_for_messages(dm.id(), 1);
    assert!(sent[0].html.contains("Commands:"));
    assert!(
        fake.calls_of("getUpdates").is_empty(),
        "no polling in webhook mode"
    );

    let (status, stderr) = bot.stop();
    assert!(status.success(), "{stderr}");
    fake.wait_for_call("deleteWebhook", |_| true);
}

/// Taps the button `choice` on the bot's latest message that offers it; waits until the press
/// is answered and the bot has finished (its message count and edits settle on a change).
/// Returns the message that carried the button, as it reads after the edit.
fn tap(w: &World, chat: &Chat, who: &Person, choice: &str) -> Sent {
    let data = format!("v1|{choice}");
    // The button may be on a message that is still on its way (a step can be several replies).
    let carrier = w
        .fake
        .wait_until(Duration::from_secs(20), &format!("button {data}"), |v| {
            v.sent_to(chat.id())
                .into_iter()
                .rev()
                .find(|s| s.buttons.iter().any(|(_, d)| *d == data))
        });
    let q = w.fake.press(chat, who, carrier.message_id, &data);
    w.fake.wait_for_call("answerCallbackQuery", |c| {
        c.params["callback_query_id"] == q.as_str()
    });
    w.fake.wait_until(
        Duration::from_secs(20),
        &format!("the edit after {choice}"),
        |v| {
            v.sent_to(chat.id())
                .into_iter()
                .find(|s| s.message_id == carrier.message_id && s.edits > carrier.edits)
        },
    )
}

/// The fine-tune path of the seed guide: a 3-hour LoRA of Qwen2.5-7B, to the trial plan.
/// Returns the text of every step, in order.
fn pick_to_trial_plan(w: &World, chat: &Chat, who: &Person) -> Vec<String> {
    let before = w.fake.sent_to(chat.id()).len();
    let first = w.say(chat, who, "/pick", before + 1);
    let mut texts = vec![first.html.clone()];
    for choice in ["t:tune", "m:qwen2.5-7b", "q:lora", "c:4096", "u:3h"] {
        texts.push(tap(w, chat, who, choice).html);
    }
    // The card step offers the cards that fit; take the first.
    let card = w
        .fake
        .wait_until(Duration::from_secs(20), "a card button", |v| {
            v.sent_to(chat.id())
                .into_iter()
                .flat_map(|s| s.buttons)
                .map(|(_, d)| d)
                .find(|d| d.starts_with("v1|g:"))
        });
    assert!(card.len() <= 64);
    texts.push(tap(w, chat, who, &card["v1|".len()..]).html);
    for choice in ["b:web", "b:done", "r:trial"] {
        texts.push(tap(w, chat, who, choice).html);
    }
    // Everything after /pick edited the dialogue's message in place: no flood.
    let messages = w.fake.sent_to(chat.id()).len() - before;
    assert!(messages <= 3, "{messages} messages for one dialogue");
    texts
}

#[test]
fn an_english_student_taps_through_pick_to_the_trial_plan() {
    let w = World::start();
    let alice = en(201);
    let dm = Chat::Private(alice.clone());
    let texts = pick_to_trial_plan(&w, &dm, &alice);
    assert!(texts[0].contains("Step 1 of 9"), "{}", texts[0]);
    let result = &texts[texts.len() - 2];
    assert!(result.contains("Where to rent"), "{result}");
    let plan = texts.last().unwrap();
    // A top-up amount only where the platform documents its minimum; else the plan says so.
    assert!(
        plan.contains("Top up only about") || plan.contains("minimum top-up is not documented"),
        "{plan}"
    );
    assert!(plan.contains("/trial"), "{plan}");
    let answers = w.fake.calls_of("answerCallbackQuery");
    assert_eq!(answers.len(), 9, "every press answered once");
}

#[test]
fn a_chinese_student_gets_the_same_dialogue_in_chinese() {
    let w = World::start();
    let ming = zh(202);
    let dm = Chat::Private(ming.clone());
    let texts = pick_to_trial_plan(&w, &dm, &ming);
    assert!(texts[0].contains("第 1 步"), "{}", texts[0]);
    assert!(texts[texts.len() - 2].contains("去哪租"));
    let plan = texts.last().unwrap();
    assert!(
        plan.contains("只充大约") || plan.contains("最低充值额没有公开资料"),
        "{plan}"
    );
    assert!(!texts.concat().contains("Step "));
}

#[test]
fn a_crash_in_the_middle_of_pick_and_a_restart_continue_the_dialogue() {
    let mut w = World::start();
    let alice = en(203);
    let dm = Chat::Private(alice.clone());
    w.say(&dm, &alice, "/pick", 1);
    tap(&w, &dm, &alice, "t:tune");
    let method_step = tap(&w, &dm, &alice, "m:qwen2.5-7b");
    assert!(method_step.buttons.iter().any(|(_, d)| d == "v1|q:lora"));
    // Killed without warning (after Telegram has our offset), then started again on the
    // same data directory.
    w.fake.wait_for_confirmation();
    w.bot.take().unwrap().crash();
    w.boot();
    let context_step = tap(&w, &dm, &alice, "q:lora");
    assert!(
        context_step.buttons.iter().any(|(_, d)| d == "v1|c:4096"),
        "the dialogue continued at the context step: {context_step:?}"
    );
    // Typed commands work inside the dialogue too.
    let back = w.say(&dm, &alice, "/back", 2);
    assert!(
        back.buttons.iter().any(|(_, d)| d == "v1|q:lora"),
        "{back:?}"
    );
}

#[test]
fn in_a_group_a_typed_answer_is_a_reply_to_the_bots_question() {
    let w = World::start();
    let group = Chat::Supergroup {
        id: -1005555,
        title: "fine-tuners".into(),
    };
    let alice = en(301);
    let bob = en(302);
    let question = w.say(&group, &alice, &format!("/pick@{BOT_USERNAME}"), 1);
    assert!(question.html.contains("Step 1 of 9"), "{}", question.html);
    assert!(!question.buttons.is_empty());
    // Chatter that is not a reply to the bot is not the bot's business.
    w.fake.send_text(&group, &bob, "LoRA on a 4090 is fine imo");
    let answer = w.fake.reply_text(
        &group,
        &alice,
        question.message_id,
        "LoRA fine-tune of qwen2.5-7b for about 3 hours",
    );
    let sent = w.fake.wait_for_messages(group.id(), 2);
    assert_eq!(
        sent[1].reply_to,
        Some(answer),
        "the bot answers Alice's reply"
    );
    assert!(sent[1].html.contains("Step "), "{}", sent[1].html);
    std::thread::sleep(Duration::from_millis(300));
    assert_eq!(w.fake.sent_to(group.id()).len(), 2);
}

/// Plain questions: all of them in a private chat; in a group only when addressed (a mention
/// of @us or a reply to our message), so the bot never answers group chatter.
#[test]
fn plain_questions_are_answered_in_private_and_in_a_group_only_when_addressed() {
    let w = World::start();
    let ming = zh(701);
    let dm = Chat::Private(ming.clone());
    let a = w.say(&dm, &ming, "4090能跑qwen2.5-32b吗", 1);
    assert!(a.html.contains("我理解为"), "{}", a.html);
    assert!(a.html.contains("/fit qwen2.5-32b rtx-4090"), "{}", a.html);

    let group = Chat::Supergroup {
        id: -1007777,
        title: "GPU 租卡群".into(),
    };
    let alice = en(702);
    let bob = en(703);
    // Chatter, even a question the bot could answer, is not addressed to it.
    w.fake.send_text(&group, &bob, "cheapest A100?");
    w.fake
        .send_text(&group, &alice, &format!("@{BOT_USERNAME} cheapest A100?"));
    let sent = w.fake.wait_for_messages(group.id(), 1);
    assert!(sent[0].html.contains("I read this as"), "{}", sent[0].html);
    assert!(
        sent[0].html.contains("/compare a100-80g-sxm 1h"),
        "{}",
        sent[0].html
    );
    // The answer quotes Alice's question, so the group sees who it is for.
    assert!(sent[0].reply_to.is_some());
    // A reply to the bot's message is addressed to it, without a mention.
    w.fake
        .reply_text(&group, &alice, sent[0].message_id, "H100 哪家有货");
    let sent = w.fake.wait_for_messages(group.id(), 2);
    assert!(sent[1].html.contains("/stock h100-sxm"), "{}", sent[1].html);
    // Someone else's name is not ours.
    w.fake
        .send_text(&group, &bob, &format!("@{BOT_USERNAME}2 4090 specs"));
    std::thread::sleep(Duration::from_millis(300));
    assert_eq!(w.fake.sent_to(group.id()).len(), 2);
}

/// Issue 26: a follow-up is read against the chat's last reading, kept per chat and per person:
/// in a private chat `那 h100 呢` changes the card of the fit just answered; in a group Bob's
/// `5小时呢` is not read against Alice's question, Alice's own is.
#[test]
fn a_follow_up_changes_the_last_reading_of_its_own_chat_and_person() {
    let w = World::start();
    let ming = zh(801);
    let dm = Chat::Private(ming.clone());
    let a = w.say(&dm, &ming, "4090能跑qwen2.5-14b吗", 1);
    assert!(a.html.contains("/fit qwen2.5-14b rtx-4090"), "{}", a.html);
    let b = w.say(&dm, &ming, "那 h100 呢", 2);
    assert!(b.html.contains("/fit qwen2.5-14b h100-sxm"), "{}", b.html);

    let group = Chat::Supergroup {
        id: -1008888,
        title: "租卡".into(),
    };
    let alice = zh(802);
    let bob = zh(803);
    let first = w.say(
        &group,
        &alice,
        &format!("@{BOT_USERNAME} autodl 4090 跑3小时多少钱"),
        1,
    );
    assert!(
        first.html.contains("/cost autodl rtx-4090 3h"),
        "{}",
        first.html
    );
    let theirs = w.say(&group, &bob, &format!("@{BOT_USERNAME} 5小时呢"), 2);
    assert!(
        !theirs.html.contains("/cost"),
        "Bob has no last reading: {}",
        theirs.html
    );
    let hers = w.say(&group, &alice, &format!("@{BOT_USERNAME} 5小时呢"), 3);
    assert!(
        hers.html.contains("/cost autodl rtx-4090 5h"),
        "{}",
        hers.html
    );
}
