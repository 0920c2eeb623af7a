//! Charts as Discord attachments: a reply with an image is posted as multipart
//! (`payload_json` + `files[0]`), the embed shows `attachment://chart.png`, a 429 resends the
//! whole upload, and replies without an image stay plain JSON.

use bot_core::reply::Image;
use bot_core::{Lang, Msg, Reply};
use gpuscout_discord::rest::{Attachment, with_attachments};
use gpuscout_discord::{Config, Rest};
use gpuscout_frontend::{Address, Sender};
use gpuscout_testkit::fake_discord::{self, CHANNEL_ID, Failure, FakeDiscord};
use serde_json::json;

fn rest(fake: &FakeDiscord) -> Rest {
    let config = Config::from_vars(|k| {
        Some(match k {
            "DISCORD_BOT_TOKEN" => fake_discord::TOKEN.to_string(),
            "DISCORD_APPLICATION_ID" => fake_discord::APPLICATION_ID.to_string(),
            "DISCORD_PUBLIC_KEY" => "ab".repeat(32),
            "DISCORD_API_URL" => fake.api_url(),
            _ => return None,
        })
    })
    .unwrap()
    .unwrap();
    Rest::new(&config).unwrap()
}

fn rt() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
}

/// A few bytes that start like a PNG: the sender must pass them through untouched.
fn png() -> Vec<u8> {
    let mut b = b"\x89PNG\r\n\x1a\n".to_vec();
    b.extend((0..=255u8).cycle().take(5000));
    b
}

#[test]
fn a_chart_is_uploaded_with_its_message_and_survives_a_429() {
    let fake = FakeDiscord::start();
    let sender = rest(&fake);
    let to = Address::chat(CHANNEL_ID.to_string());
    let mut reply = Reply::text(Msg::new("help-intro"));
    reply.image = Some(Box::new(Image {
        png: png(),
        caption: Msg::new("trend-caption")
            .arg("gpu", "RTX 4090")
            .arg("days", 30u32),
    }));
    fake.fail_next("/messages", Failure::rate_limited(0.2, false));
    rt().block_on(sender.send(&to, Lang::En, &reply)).unwrap();
    let posts: Vec<_> = fake
        .calls()
        .into_iter()
        .filter(|c| c.method == "POST" && c.path == format!("/channels/{CHANNEL_ID}/messages"))
        .collect();
    assert_eq!(posts.len(), 2, "refused once, then delivered");
    for post in &posts {
        assert_eq!(post.files.len(), 1, "{post:?}");
        let file = &post.files[0];
        assert_eq!(file.name, "files[0]");
        assert_eq!(file.filename.as_deref(), Some("chart.png"));
        assert_eq!(file.content_type.as_deref(), Some("image/png"));
        assert_eq!(file.bytes, png(), "the upload is whole on every attempt");
        assert_eq!(
            post.body["attachments"],
            json!([{"id": 0, "filename": "chart.png"}])
        );
        assert_eq!(
            post.body["embeds"][0]["image"]["url"],
            "attachment://chart.png"
        );
        assert_eq!(post.body["allowed_mentions"]["parse"], json!([]));
    }

    // Without an image: JSON as before, nothing attached.
    let n = fake.calls().len();
    rt().block_on(sender.send(&to, Lang::En, &Reply::text(Msg::new("help-intro"))))
        .unwrap();
    let last = &fake.calls()[n];
    assert!(last.files.is_empty());
    assert!(
        last.body
            .get("attachments")
            .is_none_or(|a| a.as_array().is_some_and(Vec::is_empty)),
        "{}",
        last.body
    );
    assert!(last.body["embeds"][0].get("image").is_none());
}

#[test]
fn attachments_are_declared_and_shown_even_without_an_embed() {
    let file = Attachment {
        filename: "chart.png".into(),
        content_type: "image/png",
        bytes: vec![1, 2, 3],
    };
    let body = with_attachments(&json!({"content": "x"}), std::slice::from_ref(&file));
    assert_eq!(body["attachments"][0]["filename"], "chart.png");
    assert_eq!(body["embeds"][0]["image"]["url"], "attachment://chart.png");
    assert_eq!(format!("{file:?}"), "Attachment(chart.png, 3 bytes)");
}

#[test]
fn an_edit_with_a_chart_posts_it_anew() {
    let fake = FakeDiscord::start();
    let sender = rest(&fake);
    let to = Address::chat(CHANNEL_ID.to_string());
    let mut reply = Reply::text(Msg::new("help-intro"));
    reply.image = Some(Box::new(Image {
        png: png(),
        caption: Msg::new("trend-caption")
            .arg("gpu", "H100")
            .arg("days", 7u32),
    }));
    rt().block_on(sender.edit_or_send(&to, "900000000000000123", Lang::En, &reply))
        .unwrap();
    let calls = fake.calls();
    assert!(calls.iter().all(|c| c.method != "PATCH"), "{calls:?}");
    let post = calls.iter().find(|c| c.method == "POST").unwrap();
    assert_eq!(post.files.len(), 1);
}
