//! QA round 11 (wire9) through the whole binary: `gpuscout serve` against the fakes, for the
//! two leftovers of round 10: a Telegram inline query is answered (`answerInlineQuery`), and
//! Discord refusing the bot token (401 on registration, close code 4004 at IDENTIFY) stops
//! `serve` with a clear error that never shows the token, as Telegram's refusal does.

use gpuscout_testkit::fake_discord::{FakeDiscord, Interactions};
use gpuscout_testkit::fake_discord_gateway::FakeGateway;
use gpuscout_testkit::fake_telegram::FakeTelegram;
use gpuscout_testkit::serve::Serve;
use serde_json::{Value, json};
use std::time::Duration;

const REVOKED: &str = "MTAwMDAwMDAwMDAwMDAwMDAx.revoked.e2e-token-discord-refuses";

/// `serve` with Telegram and Discord, Discord set up by `tweak`; waits for it to exit.
fn serve_until_it_exits(
    discord_env: &[(&'static str, String)],
    gateway: Option<&FakeGateway>,
) -> (bool, String) {
    let tg = FakeTelegram::start();
    let fake = FakeDiscord::start();
    if let Some(g) = gateway {
        fake.use_gateway(&g.url());
    }
    let key = Interactions::new("127.0.0.1:1".parse().unwrap());
    let dir = tempfile::tempdir().unwrap();
    let serve = Serve::with(env!("CARGO_BIN_EXE_gpuscout"))
        .telegram(&tg)
        .discord(&fake, &key.public_key_hex())
        .env(
            "DISCORD_GATEWAY",
            if gateway.is_some() { "on" } else { "off" },
        )
        .envs(discord_env)
        .start(dir.path());
    let (status, out) = serve.wait(Duration::from_secs(30));
    (status.success(), out)
}

#[test]
fn a_discord_token_refused_at_start_stops_serve_saying_so_without_the_token() {
    let (ok, out) = serve_until_it_exits(&[("DISCORD_BOT_TOKEN", REVOKED.to_string())], None);
    assert!(!ok, "serve went on with a refused token:\n{out}");
    assert!(out.contains("Discord rejected the bot token"), "{out}");
    assert!(
        !out.contains(REVOKED) && !out.contains("e2e-token-discord"),
        "{out}"
    );
}

#[test]
fn the_gateway_closing_with_4004_stops_serve_saying_so_without_the_token() {
    let g = FakeGateway::start();
    g.refuse_next_identify(4004);
    let (ok, out) = serve_until_it_exits(&[], Some(&g));
    assert!(!ok, "serve went on after 4004:\n{out}");
    assert!(out.contains("Discord rejected the bot token"), "{out}");
    assert!(
        !out.contains(gpuscout_testkit::fake_discord::TOKEN),
        "{out}"
    );
    assert_eq!(g.identifies().len(), 1, "identified again after 4004");
}

#[test]
fn an_inline_query_through_serve_is_answered_once() {
    let tg = FakeTelegram::start();
    let dir = tempfile::tempdir().unwrap();
    let serve = Serve::with(env!("CARGO_BIN_EXE_gpuscout"))
        .telegram(&tg)
        .start_polling(dir.path(), &tg);
    tg.push(json!({"inline_query": {"id": "e2e-iq", "query": "h100",
        "from": {"id": 12_001, "is_bot": false, "first_name": "Ren", "language_code": "en"},
        "offset": "", "chat_type": "supergroup"}}));
    let call = tg.wait_for_call("answerInlineQuery", |c| {
        c.params["inline_query_id"] == "e2e-iq"
    });
    let results: Value = match &call.params["results"] {
        Value::String(s) => serde_json::from_str(s).unwrap(),
        v => v.clone(),
    };
    let text = results[0]["input_message_content"]["message_text"]
        .as_str()
        .unwrap_or("");
    assert!(text.contains("H100"), "{results}");
    let (status, out) = serve.stop();
    assert!(status.success(), "{out}");
    assert_eq!(tg.count_of("answerInlineQuery"), 1);
    assert!(
        tg.calls_of("sendMessage").is_empty(),
        "an inline query posted in a chat"
    );
}
