//! QA round 12 (wire10): over the gateway, a mention of the bot's own managed role
//! (`<@&role>`, which the client's autocomplete often picks; the role is the one whose
//! `tags.bot_id` is us in GUILD_CREATE or GUILD_ROLE_CREATE) is a mention of the bot, another
//! role's is not; a DM with only an attachment gets one short hint in the person's language,
//! a guild message with only an attachment nothing.

use super::rest::Running;
use bot_core::Catalog;
use bot_core::store::Store;
use gpuscout_discord::{Config, Discord};
use gpuscout_testkit::fake_discord::{self, APPLICATION_ID, FakeDiscord};
use gpuscout_testkit::fake_discord_gateway::{self as gw, FakeGateway};
use serde_json::{Value, json};
use std::sync::Arc;
use std::time::Duration;

const OUR_ROLE: &str = "520000000000000001";
const OTHER_ROLE: &str = "520000000000000002";
const LATE_ROLE: &str = "520000000000000003";

pub(super) fn start(fake: &FakeDiscord, g: &FakeGateway) -> (Discord, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(Store::open(&bot_core::store::db_path(dir.path())).unwrap());
    let core = Arc::new(bot_core::Bot::new(
        Arc::new(Catalog::load(None).unwrap()),
        store,
    ));
    fake.use_gateway(&g.url());
    let vars = [
        ("DISCORD_BOT_TOKEN", fake_discord::TOKEN.to_string()),
        ("DISCORD_APPLICATION_ID", APPLICATION_ID.to_string()),
        ("DISCORD_API_URL", fake.api_url()),
        (
            "DISCORD_PUBLIC_KEY",
            fake_discord::Interactions::new("127.0.0.1:1".parse().unwrap()).public_key_hex(),
        ),
        ("DISCORD_GATEWAY", "on".to_string()),
    ];
    let config = Config::from_vars(|k| vars.iter().find(|(n, _)| *n == k).map(|(_, v)| v.clone()))
        .unwrap()
        .unwrap();
    (Discord::new(config, core).unwrap(), dir)
}

fn role(id: &str, bot: Option<u64>) -> Value {
    let mut r = json!({"id": id, "name": "GPU Scout", "color": 0, "colors": {"primary_color": 0,
        "secondary_color": null, "tertiary_color": null}, "hoist": false, "icon": null,
        "unicode_emoji": null, "position": 1, "permissions": "2048", "managed": bot.is_some(),
        "mentionable": false, "flags": 0});
    if let Some(b) = bot {
        r["tags"] = json!({"bot_id": b.to_string()});
    }
    r
}

pub(super) fn posts_to(fake: &FakeDiscord, channel: u64) -> Vec<String> {
    fake.calls()
        .iter()
        .filter(|c| c.method == "POST" && c.path == format!("/channels/{channel}/messages"))
        .map(|c| fake_discord::shown(&c.body))
        .collect()
}

pub(super) fn cjk(s: &str) -> bool {
    s.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c))
}

#[test]
fn the_bots_managed_role_is_a_mention_of_the_bot_and_a_dm_with_only_a_file_gets_a_hint() {
    let fake = FakeDiscord::start();
    let g = FakeGateway::start();
    let (discord, _dir) = start(&fake, &g);
    let running = Running::start(discord);
    g.wait_for_session();
    let channel = gw::GUILD_CHANNEL_ID;
    let bot = gw::BOT_USER_ID;
    let author = "410000000000000088";
    // GUILD_CREATE with our managed role and another bot's; a role made later for us.
    g.dispatch(
        "GUILD_CREATE",
        json!({"id": fake_discord::GUILD_ID.to_string(), "name": "Lab", "unavailable": false,
            "roles": [role(OUR_ROLE, Some(bot)), role(OTHER_ROLE, Some(999_000_000_000_000_001)),
                      role("520000000000000009", None)],
            "channels": [], "members": [], "threads": [], "member_count": 3}),
    );
    std::thread::sleep(Duration::from_millis(300));
    let with_roles = |id: &str, content: &str, roles: &[&str]| {
        let mut m = gw::message(id, content, author, channel, true, &[], None);
        m["mention_roles"] = json!(roles);
        m
    };
    // 1. Our role mentioned: answered, the mention taken out.
    g.dispatch(
        "MESSAGE_CREATE",
        with_roles(
            "610000000000000001",
            &format!("<@&{OUR_ROLE}> /gpu h100"),
            &[OUR_ROLE],
        ),
    );
    let answered = fake
        .wait_for_call(|c| c.method == "POST" && c.path == format!("/channels/{channel}/messages"));
    let first = fake_discord::shown(&answered.body);
    assert!(first.to_lowercase().contains("h100"), "{first}");
    assert!(!first.contains(OUR_ROLE), "{first}");
    // 2. Another bot's role and 3. a plain role: not for us.
    g.dispatch(
        "MESSAGE_CREATE",
        with_roles(
            "610000000000000002",
            &format!("<@&{OTHER_ROLE}> /gpu a100"),
            &[OTHER_ROLE],
        ),
    );
    g.dispatch(
        "MESSAGE_CREATE",
        with_roles(
            "610000000000000003",
            "<@&520000000000000009> /gpu a100",
            &["520000000000000009"],
        ),
    );
    // 4. A role made for us after the guild was seen (GUILD_ROLE_CREATE): a mention of us.
    g.dispatch(
        "GUILD_ROLE_CREATE",
        json!({"guild_id": fake_discord::GUILD_ID.to_string(), "role": role(LATE_ROLE, Some(bot))}),
    );
    std::thread::sleep(Duration::from_millis(300));
    g.dispatch(
        "MESSAGE_CREATE",
        with_roles(
            "610000000000000004",
            &format!("<@&{LATE_ROLE}> /gpu l40s"),
            &[LATE_ROLE],
        ),
    );
    // 5. A guild message with only an attachment: nothing.
    let mut file_only = gw::message("610000000000000005", "", author, channel, true, &[], None);
    file_only["attachments"] = json!([{"id": "700000000000000001", "filename": "smi.png",
        "size": 2048, "url": "https://cdn.discordapp.com/a.png",
        "proxy_url": "https://media.discordapp.net/a.png", "content_type": "image/png"}]);
    g.dispatch("MESSAGE_CREATE", file_only.clone());
    // 6. A DM with only an attachment, twice (an upload of two files is two messages): one
    //    hint, in English (nothing says otherwise).
    let dm = gw::DM_CHANNEL_ID;
    let mut dm_file = gw::message("610000000000000006", "", author, dm, false, &[], None);
    dm_file["attachments"] = file_only["attachments"].clone();
    g.dispatch("MESSAGE_CREATE", dm_file.clone());
    dm_file["id"] = json!("610000000000000007");
    g.dispatch("MESSAGE_CREATE", dm_file);
    std::thread::sleep(Duration::from_millis(1500));
    let in_channel = posts_to(&fake, channel);
    assert_eq!(in_channel.len(), 2, "{in_channel:#?}");
    assert!(
        in_channel[1].to_lowercase().contains("l40"),
        "{in_channel:#?}"
    );
    let in_dm = posts_to(&fake, dm);
    assert_eq!(in_dm.len(), 1, "{in_dm:#?}");
    assert!(in_dm[0].contains("/gpu"), "{in_dm:#?}");
    assert!(!cjk(&in_dm[0]), "{in_dm:#?}");
    running.stop().unwrap();
}

/// With `DISCORD_GATEWAY=off` nothing else notices a token revoked while running: alert
/// posts (bot-token requests) get 401. The first is one clear failure naming the token, never
/// showing it; after it, requests with the bot token are held without asking Discord (a wait
/// the dispatcher honours as a pause of the platform, the alerts kept, none lost), so there
/// is no loop of 401s. Requests without the token (interaction callbacks) are not held.
#[test]
fn a_token_revoked_while_running_stops_bot_token_posts_after_one_clear_refusal() {
    use bot_core::{Lang, Msg, Reply};
    use gpuscout_frontend::{Address, SendError, Sender};
    let fake = FakeDiscord::start();
    let revoked = "MTAwMDAwMDAwMDAwMDAwMDAx.revoked.while-running-token";
    let sender = super::rest::rest(&fake, revoked).for_alerts();
    let to = Address::chat(gw::GUILD_CHANNEL_ID.to_string());
    let reply = Reply::text(Msg::new("help-intro"));
    let runtime = super::rest::rt();
    let first = runtime
        .block_on(sender.send(&to, Lang::En, &reply))
        .unwrap_err();
    assert!(gpuscout_discord::rest::token_refused(&first), "{first}");
    let shown = format!("{first} {first:?}");
    assert!(
        !shown.contains(revoked) && !shown.contains("while-running"),
        "{shown}"
    );
    let posts = || {
        fake.calls()
            .iter()
            .filter(|c| c.method == "POST" && c.path.ends_with("/messages"))
            .count()
    };
    let asked = posts();
    assert!(asked >= 1);
    for _ in 0..5 {
        let again = runtime
            .block_on(sender.send(&to, Lang::En, &reply))
            .unwrap_err();
        match again {
            SendError::RetryAfter(wait) => {
                assert!(wait >= Duration::from_secs(600), "{wait:?}");
            }
            other => panic!("not held: {other:?}"),
        }
    }
    assert_eq!(posts(), asked, "Discord asked again with a refused token");
}

/// Written after the fix: the replies' copy of the client (registration, the gateway URL)
/// hears the held refusal as the refusal itself, so `Discord::run` still stops on it.
#[test]
fn after_a_refusal_the_replies_client_hears_it_as_a_refusal_without_asking() {
    use bot_core::{Lang, Msg, Reply};
    use gpuscout_frontend::{Address, Sender};
    let fake = FakeDiscord::start();
    let sender = super::rest::rest(&fake, "bad.token.value");
    let alerts = sender.for_alerts();
    let to = Address::chat(gw::GUILD_CHANNEL_ID.to_string());
    let reply = Reply::text(Msg::new("help-intro"));
    let runtime = super::rest::rt();
    let first = runtime
        .block_on(alerts.send(&to, Lang::En, &reply))
        .unwrap_err();
    assert!(gpuscout_discord::rest::token_refused(&first));
    let n = fake.calls().len();
    let held = runtime
        .block_on(sender.send(&to, Lang::En, &reply))
        .unwrap_err();
    assert!(gpuscout_discord::rest::token_refused(&held), "{held}");
    assert_eq!(fake.calls().len(), n);
}
