//! QA round 17 (wire17), written before they were run. Round 16's leftover: a thread whose
//! alerts paused on 50083 (archived and locked) resumes when Discord says it is open again
//! (THREAD_UPDATE with `archived: false` and `locked: false`, sent under the GUILDS intent)
//! or when an answer is sent there; a THREAD_UPDATE that leaves it locked changes nothing.
//! Then Discord's published limits with text that escaping lengthens: an embed title of 256
//! characters (the escaped title counts), a description of 4096, 6000 over a message's
//! embeds, ten embeds, a fenced block whose backticks the fence escape lengthens, and a
//! `custom_id` of 100 bytes with multibyte content.

use super::rest::Running;
use bot_core::alerts::{self, ChatKind, Subscription};
use bot_core::reply::Part;
use bot_core::{Catalog, Lang, Msg, Reply, Store};
use gpuscout_discord::render::{self, MARKDOWN};
use gpuscout_discord::{Config, Discord};
use gpuscout_frontend::pack::{Block, chars};
use gpuscout_testkit::fake_discord::{self, FakeDiscord};
use gpuscout_testkit::fake_discord_gateway::{self as gw, FakeGateway};
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

const PERSON: &str = "410000000000001701";

/// The Discord frontend on the gateway, with its store kept for the test to read.
fn start(fake: &FakeDiscord, g: &FakeGateway) -> (Discord, Arc<Store>, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(Store::open(&bot_core::store::db_path(dir.path())).unwrap());
    let core = Arc::new(bot_core::Bot::new(
        Arc::new(Catalog::load(None).unwrap()),
        store.clone(),
    ));
    fake.use_gateway(&g.url());
    let vars = [
        ("DISCORD_BOT_TOKEN", fake_discord::TOKEN.to_string()),
        (
            "DISCORD_APPLICATION_ID",
            fake_discord::APPLICATION_ID.to_string(),
        ),
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
    (Discord::new(config, core).unwrap(), store, dir)
}

/// One alert on an H100 in `chat`, paused as a 50083 pauses it.
fn paused_alert(store: &Store, chat: &str) {
    let sub = Subscription {
        id: 0,
        platform: "discord".into(),
        chat: chat.into(),
        thread: None,
        kind: ChatKind::Group,
        created_by: PERSON.into(),
        created_at: 1_764_000_000,
        lang: Lang::En,
        currency: "USD".into(),
        gpu: "h100-sxm".into(),
        provider: None,
        max_price: None,
        max_currency: "USD".into(),
        min_cards: None,
        track: BTreeMap::new(),
        paused_at: None,
    };
    alerts::add(store, sub, 10).unwrap();
    assert_eq!(
        alerts::chat_gone(store, "discord", chat, 1_764_000_100).unwrap(),
        1
    );
}

fn paused(store: &Store, chat: &str) -> bool {
    alerts::list_chat(store, "discord", chat)
        .unwrap()
        .iter()
        .all(|s| s.paused_at.is_some())
}

/// Waits (up to 15 s) until `pred` holds.
fn wait(what: &str, pred: impl Fn() -> bool) {
    let deadline = Instant::now() + Duration::from_secs(15);
    while !pred() {
        assert!(Instant::now() < deadline, "{what} never happened");
        std::thread::sleep(Duration::from_millis(30));
    }
}

/// A THREAD_UPDATE payload as Discord sends it (a public thread, type 11).
fn thread_update(id: &str, archived: bool, locked: bool) -> Value {
    json!({"id": id, "type": 11, "guild_id": fake_discord::GUILD_ID.to_string(),
        "parent_id": gw::GUILD_CHANNEL_ID.to_string(), "owner_id": PERSON, "name": "h100 watch",
        "last_message_id": null, "rate_limit_per_user": 0, "message_count": 3,
        "member_count": 2, "total_message_sent": 3, "flags": 0,
        "thread_metadata": {"archived": archived, "auto_archive_duration": 1440,
            "archive_timestamp": "2026-12-01T10:00:00.000000+00:00", "locked": locked,
            "create_timestamp": "2026-11-30T10:00:00.000000+00:00"}})
}

/// Cases 1–3: THREAD_UPDATE unarchiving but leaving the thread locked keeps its alerts paused;
/// one that opens it (neither archived nor locked) resumes them; in another paused thread an
/// answer sent there (someone asked the bot in it) resumes them.
#[test]
fn a_thread_paused_for_50083_resumes_when_reopened_or_when_an_answer_lands_there() {
    let fake = FakeDiscord::start();
    let g = FakeGateway::start();
    let (discord, store, _dir) = start(&fake, &g);
    let (locked, answered) = ("300000000000001701", "300000000000001702");
    paused_alert(&store, locked);
    paused_alert(&store, answered);
    let running = Running::start(discord);
    g.wait_for_session();
    // 1. Unarchived, still locked: nothing changes (a marker event after it proves it read).
    g.dispatch("THREAD_UPDATE", thread_update(locked, false, true));
    // 2. Open again.
    g.dispatch("THREAD_UPDATE", thread_update(locked, false, false));
    wait("the reopened thread's alert resumed", || {
        !paused(&store, locked)
    });
    // 3. An answer in the other paused thread.
    let bot = gw::BOT_USER_ID.to_string();
    let mut asked = gw::message(
        "610000000000001701",
        &format!("<@{bot}> /gpu h100"),
        PERSON,
        answered.parse().unwrap(),
        true,
        &[&bot],
        None,
    );
    asked["channel_id"] = json!(answered);
    g.dispatch("MESSAGE_CREATE", asked);
    wait("the answered thread's alert resumed", || {
        !paused(&store, answered)
    });
    drop(running);
}

/// Case 4: a THREAD_UPDATE that leaves the thread locked (a moderator unarchived it to read)
/// never resumes its alerts, and one archived again never does.
#[test]
fn a_thread_still_locked_or_archived_stays_paused() {
    let fake = FakeDiscord::start();
    let g = FakeGateway::start();
    let (discord, store, _dir) = start(&fake, &g);
    let (a, b, marker) = (
        "300000000000001703",
        "300000000000001704",
        "300000000000001705",
    );
    for t in [a, b, marker] {
        paused_alert(&store, t);
    }
    let running = Running::start(discord);
    g.wait_for_session();
    g.dispatch("THREAD_UPDATE", thread_update(a, false, true));
    g.dispatch("THREAD_UPDATE", thread_update(b, true, false));
    // Events are read in order: once the marker's resumed, the two before it were read.
    g.dispatch("THREAD_UPDATE", thread_update(marker, false, false));
    wait("the marker resumed", || !paused(&store, marker));
    std::thread::sleep(Duration::from_millis(300));
    assert!(paused(&store, a), "still locked, resumed");
    assert!(paused(&store, b), "archived, resumed");
    drop(running);
}

fn embeds(bodies: &[Value]) -> Vec<&Value> {
    bodies
        .iter()
        .flat_map(|b| b["embeds"].as_array().unwrap().iter())
        .collect()
}

fn n(v: &Value) -> usize {
    v.as_str().map_or(0, chars)
}

/// Every body within Discord's published limits: a title at most 256 characters, a
/// description 4096, a field's value 1024, 25 fields and 10 embeds, 6000 over the embeds.
fn within_limits(bodies: &[Value]) {
    for b in bodies {
        let es = b["embeds"].as_array().unwrap();
        assert!(es.len() <= 10);
        let mut total = 0;
        for e in es {
            assert!(n(&e["title"]) <= 256, "title {}", n(&e["title"]));
            assert!(n(&e["description"]) <= 4096, "{}", n(&e["description"]));
            let fields = e["fields"].as_array().map_or(&[][..], |f| &f[..]);
            assert!(fields.len() <= 25);
            for f in fields {
                assert!(n(&f["name"]) <= 256 && n(&f["value"]) <= 1024);
                total += n(&f["name"]) + n(&f["value"]);
            }
            total += n(&e["title"]) + n(&e["description"]);
        }
        assert!(total <= 6000, "{total} characters over a message's embeds");
    }
}

/// Case 5: a title that fits in 256 characters as written but not once escaped (a model
/// list full of `-`, `(`, `)`, `:`, `_`) is never sent past 256: Discord refuses the whole
/// message (50035) for it.
#[test]
fn an_embed_title_lengthened_by_its_escapes_stays_within_256() {
    let names = "Qwen2.5-72B-Instruct-AWQ (int4:g128), Llama-3.1-70B_FP8 (e4m3:dyn), ".repeat(4);
    let names = &names[..235];
    let reply =
        Reply::text(Msg::new("gpu-cmp-title").arg("names", names)).with(Msg::new("help-intro"));
    let bodies = render::render(Lang::En, &reply, false);
    within_limits(&bodies);
    // The title's words are all shown somewhere (as a title or as text), never dropped.
    let shown: String = embeds(&bodies)
        .iter()
        .map(|e| {
            format!(
                "{} {}",
                e["title"].as_str().unwrap_or(""),
                e["description"].as_str().unwrap_or("")
            )
        })
        .collect();
    assert!(shown.contains("Side by side"), "{shown}");
}

/// Cases 6–7: 12,000 characters of CJK, emoji, `*`/`_`/`@` (each escape doubles a
/// character, `@` gains a zero-width space) in descriptions: every body within the limits,
/// no escape split from its character at a cut (no description ends in a lone `\`), and the
/// words all there.
#[test]
fn long_text_lengthened_by_escapes_is_packed_within_every_discord_limit() {
    let line = "H100价格*便宜*_现在_🔥🚀 @everyone (8×80GB) ~2.49$/h~ |a|b| #1 > 2\n";
    let text = line.repeat(12_000 / line.chars().count());
    let mut reply = Reply::default();
    reply.parts.push(Part::Raw(text.clone()));
    let bodies = render::render(Lang::En, &reply, false);
    within_limits(&bodies);
    let es = embeds(&bodies);
    assert!(es.len() > 3, "{} embeds", es.len());
    for e in &es {
        let d = e["description"].as_str().unwrap();
        let trailing = d.chars().rev().take_while(|c| *c == '\\').count();
        assert!(
            trailing % 2 == 0,
            "a cut split an escape: …{}",
            &d[d.len().saturating_sub(20)..]
        );
    }
    let fire = es
        .iter()
        .map(|e| e["description"].as_str().unwrap().matches('🔥').count())
        .sum::<usize>();
    assert_eq!(fire, text.matches('🔥').count());
    // One line with no break of 6,000 escaped-doubled characters is cut within 4096 too.
    let mut one = Reply::default();
    one.parts.push(Part::Raw("*_".repeat(3_000)));
    within_limits(&render::render(Lang::En, &one, false));
}

/// Case 8: a fenced block whose backticks the fence escape lengthens (```` `` ```` gains a
/// zero-width space) is cut so that each piece, fence included, is within 4096.
#[test]
fn a_fenced_line_of_backticks_is_cut_within_the_limit_after_its_escape() {
    let blocks = [Block {
        text: "`".repeat(6_000),
        preformatted: true,
    }];
    let texts = MARKDOWN.pack_blocks(&blocks);
    assert!(texts.len() >= 2);
    for t in &texts {
        assert!(chars(t) <= 4096, "{} characters", chars(t));
        assert!(t.starts_with("```\n") && t.ends_with("\n```"), "{t:.20}");
    }
    let backticks: usize = texts
        .iter()
        .map(|t| t[4..t.len() - 4].matches('`').count())
        .sum();
    assert_eq!(backticks, 6_000);
}

/// Cases 9–10: a choice whose versioned `custom_id` is exactly 100 bytes of multibyte text
/// gets its component, whole; one byte more (one more 3-byte character crossing the limit)
/// gets none, never a cut id.
#[test]
fn a_custom_id_of_multibyte_text_at_100_bytes_is_whole_or_absent() {
    let with =
        |id: &str| Reply::text(Msg::new("help-intro")).with_choice(id, Msg::new("help-intro"));
    let encoded = |id: &str| {
        gpuscout_frontend::choice::ChoiceData::<100>::Choice(id.to_string())
            .to_string()
            .len()
    };
    let mut id = String::from("gpu:");
    while encoded(&format!("{id}显")) <= 100 {
        id.push('显');
    }
    while encoded(&id) < 100 {
        id.push('x');
    }
    assert_eq!(encoded(&id), 100);
    let json = serde_json::to_value(render::components(Lang::En, &with(&id))).unwrap();
    let shown = json.to_string();
    assert!(shown.contains(&id), "{shown}");
    let over = format!("{id}显");
    let json = serde_json::to_value(render::components(Lang::En, &with(&over))).unwrap();
    assert!(!json.to_string().contains("显显"), "{json}");
}
