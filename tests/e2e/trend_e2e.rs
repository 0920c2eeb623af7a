//! `/trend` end to end: `gpuscout poll --once` against loopback provider fakes leaves an hour
//! of history; then `gpuscout trend` (text, `--json`, `--out` PNG), the terminal chat (writes
//! the chart and prints its path) and Telegram (the chart arrives as a sendPhoto with a PNG)
//! all answer from it.

use gpuscout_testkit::fake_providers::{FakeProviders, Script};
use gpuscout_testkit::fake_telegram::{FakeTelegram, Person, png_size};
use gpuscout_testkit::serve::Serve;
use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

const VAST: &str = r#"{"offers": [
  {"id": 1, "gpu_name": "H100 SXM", "num_gpus": 8, "gpu_frac": 1.0, "gpu_ram": 81559, "dph_base": 16.0, "storage_cost": 0.0, "rentable": true, "rented": false, "geolocation": "US"},
  {"id": 2, "gpu_name": "RTX 4090", "num_gpus": 1, "gpu_ram": 24564, "dph_total": 0.35, "rentable": true, "rented": false, "geolocation": "CA"}
]}"#;
const RUNPOD: &str = r#"{"data": {"gpuTypes": [
  {"id": "NVIDIA H100 80GB HBM3", "displayName": "H100 SXM", "memoryInGb": 80, "securePrice": 2.69, "communityPrice": null,
   "secureLowest": {"stockStatus": "High"}}
]}}"#;

/// Runs `gpuscout --data-dir DIR ARGS` with `stdin`, providers pointed at `fake`.
fn gpuscout(
    dir: &Path,
    fake: &FakeProviders,
    args: &[&str],
    stdin: &str,
) -> (bool, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gpuscout"))
        .arg("--data-dir")
        .arg(dir)
        .args(args)
        .env_remove("GPUSCOUT_CATALOG_DIR")
        .env("GPUSCOUT_PROVIDERS", "vast,runpod")
        .env("GPUSCOUT_VAST_URL", fake.url())
        .env("GPUSCOUT_RUNPOD_URL", fake.url())
        .env("GPUSCOUT_FETCH_TIMEOUT", "5")
        .env("NO_PROXY", "127.0.0.1")
        .env("LANG", "C")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("gpuscout runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// A data directory with one poll of history in it.
fn polled() -> (FakeProviders, tempfile::TempDir) {
    let fake = FakeProviders::start();
    fake.script("/api/v0/bundles/", vec![Script::ok(VAST)]);
    fake.script("/graphql", vec![Script::ok(RUNPOD)]);
    let dir = tempfile::tempdir().unwrap();
    let (ok, out, err) = gpuscout(dir.path(), &fake, &["poll", "--once"], "");
    assert!(ok, "{out}\n{err}");
    (fake, dir)
}

#[test]
fn the_cli_answers_from_the_history_and_writes_a_png() {
    let (fake, dir) = polled();
    let (ok, out, err) = gpuscout(dir.path(), &fake, &["trend", "h100", "sxm", "--json"], "");
    assert!(ok, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["gpu"], "h100-sxm");
    assert_eq!(v["days"], 30);
    let lows: Vec<(&str, &str)> = v["summaries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["provider"].as_str().unwrap(),
                s["lowest"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(lows, [("runpod", "2.69"), ("vast", "2")], "{out}");
    assert_eq!(v["in_stock_now"], true);
    assert!(v["chart"].is_null());

    let png = dir.path().join("h100.png");
    let png_arg = png.to_str().unwrap();
    let (ok, out, err) = gpuscout(
        dir.path(),
        &fake,
        &["trend", "h100", "sxm", "--days", "7", "--out", png_arg],
        "",
    );
    assert!(ok, "{err}");
    assert!(out.contains("H100 SXM"), "{out}");
    assert!(out.contains("last 7 days"), "{out}");
    assert!(out.contains(&format!("Chart: {png_arg}")), "{out}");
    assert_eq!(png_size(&std::fs::read(&png).unwrap()), Some((960, 540)));

    for bad in [
        &["trend", "h100", "--days", "0"][..],
        &["trend", "frobnitz-9000"],
        &["trend", "h100", "999d"],
    ] {
        let (ok, out, err) = gpuscout(dir.path(), &fake, bad, "");
        assert!(!ok, "{bad:?} should fail: {out}");
        assert!(!err.trim().is_empty(), "{bad:?} says why");
    }
    // No history for the card: the text says so; asking for a chart file fails.
    let (ok, out, _) = gpuscout(dir.path(), &fake, &["trend", "a100-80g-sxm"], "");
    assert!(ok && out.contains("No price history"), "{out}");
    let (ok, _, err) = gpuscout(
        dir.path(),
        &fake,
        &["trend", "a100-80g-sxm", "--out", png_arg],
        "",
    );
    assert!(!ok && err.contains("no chart"), "{err}");
}

#[test]
fn the_terminal_chat_saves_the_chart_and_prints_where() {
    let (fake, dir) = polled();
    let (ok, out, err) = gpuscout(
        dir.path(),
        &fake,
        &["chat", "--lang", "zh"],
        "/trend 4090\n",
    );
    assert!(ok, "{err}");
    assert!(out.contains("最低 $0.35"), "{out}");
    let line = out
        .lines()
        .find(|l| l.starts_with("走势图（"))
        .unwrap_or_else(|| panic!("no chart line: {out}"));
    let path = line.rsplit_once('：').unwrap().1.trim();
    assert!(path.starts_with(dir.path().to_str().unwrap()), "{path}");
    assert_eq!(png_size(&std::fs::read(path).unwrap()), Some((960, 540)));
}

#[test]
fn telegram_gets_the_chart_as_a_photo() {
    let (_providers, dir) = polled();
    let fake = FakeTelegram::start();
    let bot = Serve::with(env!("CARGO_BIN_EXE_gpuscout"))
        .telegram(&fake)
        .start(dir.path());
    fake.wait_for_polling(1);
    let alice = Person::new(4242, "Alice", Some("en"));
    let chat = gpuscout_testkit::fake_telegram::Chat::Private(alice.clone());
    fake.send_text(&chat, &alice, "/trend 4090");
    let call = fake.wait_for_call("sendPhoto", |_| true);
    // teloxide uploads the file as its own part and names it: `photo = attach://<part>`.
    let photo = match call.params["photo"]
        .as_str()
        .and_then(|s| s.strip_prefix("attach://"))
    {
        Some(part) => &call.params[part],
        None => &call.params["photo"],
    };
    assert_eq!(photo["png"], true, "{}", call.params);
    assert_eq!(
        (photo["width"].as_u64(), photo["height"].as_u64()),
        (Some(960), Some(540))
    );
    assert!(
        call.params["caption"]
            .as_str()
            .unwrap()
            .contains("RTX 4090"),
        "{}",
        call.params
    );
    let sent = fake.wait_for_messages(chat.id(), 2);
    assert!(sent[0].photo, "the chart comes first");
    // The first message is the phone summary (platform · lowest · latest · change); the
    // full lines are behind Details.
    let summary = &sent[1].html;
    assert!(
        summary.contains("Lowest") && summary.contains("Vast.ai   $0.35"),
        "{summary}"
    );
    let (status, stderr) = bot.stop();
    assert!(status.success(), "{stderr}");
}

#[test]
fn discord_gets_the_chart_as_an_attachment() {
    use gpuscout_testkit::fake_discord::{FakeDiscord, Interactions};
    use serde_json::json;
    use std::time::Duration;

    let (_providers, dir) = polled();
    let fake = FakeDiscord::start();
    let keys = Interactions::new("127.0.0.1:1".parse().unwrap());
    let bot = Serve::with(env!("CARGO_BIN_EXE_gpuscout"))
        .discord(&fake, &keys.public_key_hex())
        .start(dir.path());
    let addr = bot.http_addr(Duration::from_secs(30));
    let discord = keys.at(addr);
    // /trend is registered with typed options like every other command.
    let registered = fake.wait_for_call(|c| c.method == "PUT" && c.path.ends_with("/commands"));
    let trend = registered
        .body
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == "trend");
    let trend = trend.expect("/trend is registered");
    assert_eq!(trend["name_localizations"]["zh-CN"], "走势");
    assert_eq!(trend["options"][0]["name"], "gpu");
    assert_eq!(trend["options"][1]["name"], "days");
    assert_eq!(trend["options"][1]["type"], 4, "days is an integer");
    assert_eq!(trend["options"][2]["name"], "job");

    let answer = discord.post(&discord.command(
        "trend",
        &[
            ("gpu", json!("4090")),
            ("days", json!(7)),
            ("job", json!("qwen2.5-7b int4")),
        ],
        "111",
        "en-US",
    ));
    assert_eq!(answer.status, 200, "{:?}", answer.body);
    // Inline when quick; on a busy machine deferred, and the answer edited in.
    let text = if answer.body["type"] == 5 {
        fake.wait_for_call(|c| c.method == "PATCH" && c.path.ends_with("/messages/@original"))
            .body
            .to_string()
    } else {
        answer.body.to_string()
    };
    assert!(
        text.contains("Lowest") && text.contains("Vast.ai   $0.35"),
        "{text}"
    );
    assert!(text.contains("last 7 days"), "{text}");
    let upload = fake.wait_for_call(|c| c.path.starts_with("/webhooks/") && !c.files.is_empty());
    assert_eq!(upload.method, "POST");
    let file = &upload.files[0];
    assert_eq!(file.filename.as_deref(), Some("chart.png"));
    assert_eq!(png_size(&file.bytes), Some((960, 540)));
    assert_eq!(
        upload.body["embeds"][0]["image"]["url"],
        "attachment://chart.png"
    );
    assert_eq!(upload.body["allowed_mentions"]["parse"], json!([]));
    let (status, stderr) = bot.stop();
    assert!(status.success(), "{stderr}");
}
