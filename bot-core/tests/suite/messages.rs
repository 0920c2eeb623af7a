//! Every message the code sends formats in both languages with the arguments it passes:
//! a missing argument or id is a test failure, not a "[message-id]" in a user's chat.

use bot_core::reply::{Part, Reply};
use bot_core::store::{Store, db_path};
use bot_core::{Bot, Catalog, ChatRef, Input, Lang, Localizer};
use std::sync::Arc;

fn check(lang: Lang, input: &str, replies: &[Reply]) -> usize {
    let l = Localizer::get();
    let mut n = 0;
    for r in replies {
        let mut msgs = Vec::new();
        for p in &r.parts {
            match p {
                Part::Text(m) => msgs.push(m),
                Part::Table(t) => msgs.extend(t.header.iter()),
                Part::Raw(_) => {}
            }
        }
        msgs.extend(r.choices.iter().map(|c| &c.label));
        for m in msgs {
            l.try_format(lang, m)
                .unwrap_or_else(|e| panic!("{input}: {e}"));
            n += 1;
        }
    }
    n
}

const LINES: &[&str] = &[
    "/start",
    "/help",
    "/lang",
    "/lang xx",
    "/gpus",
    "/platforms",
    "/models",
    "/gpu 4090",
    "/stock 4090",
    "/stock h100 runpod 2.5",
    "/stock h1000",
    "/stock 4090 nowhere",
    "/gpu h1000",
    "/platform autodl",
    "/platform runpod",
    "/platform nowhere",
    "/gpu",
    "/nope",
    "hello",
    "/convert 0.0007 usd/s to hour",
    "/convert 2 cny/h to month usd",
    "/convert abc",
    "/cost autodl 4090 40m",
    "/cost runpod 4090 3h boot=3m pull=2m idle=10m storage=50gb egress=20gb",
    "/cost runpod 4090 -3h",
    "/cost nowhere 4090 1h",
    "/compare 4090 3h",
    "/compare 4090 daily 4h",
    "/compare 4090 always",
    "/compare h1000 3h",
    "/fit qwen2.5-72b int4 ctx=32k 4090",
    "/fit 13b q4_k_m",
    "/fit deepseek-r1 fp8",
    "/fit qwen2.5-7b lora",
    "/fit qwen2.5-7b full 8 a100",
    "/fit nothing-7x",
    "/fit qwen2.5-7b int4 ctx=9999999",
    "/tco qwen2.5-7b int4 4090 20m 0.3",
    "/tco qwen2.5-7b int4 4090 1k",
    "/tco qwen2.5-7b",
    "/trial",
    "/trial autodl 4090 1h ¥3",
    "/trial list",
    "/trial autodl 4090 x y",
    "/back",
    "/cancel",
];

#[test]
fn every_answer_formats_in_both_languages() {
    for lang in ["en", "zh"] {
        let dir = tempfile::tempdir().unwrap();
        let store = Arc::new(Store::open(&db_path(dir.path())).unwrap());
        let bot = Bot::new(Arc::new(Catalog::embedded().unwrap()), store);
        let who = ChatRef {
            platform: "test".into(),
            chat: "c".into(),
            user: "u".into(),
            locale: Some(lang.into()),
            thread: None,
        };
        let l = bot.lang_for(&who);
        let mut formatted = 0;
        for line in LINES {
            formatted += check(
                l,
                line,
                &bot.handle(&who, Input::Text(line.to_string())).replies,
            );
        }
        // The dialogue, every step, with each task type.
        for task in ["t:exp", "t:tune", "t:serve"] {
            let mut replies = bot.handle(&who, Input::Text("/pick".into())).replies;
            formatted += check(l, "/pick", &replies);
            let mut reached_trial = false;
            for _ in 0..12 {
                let Some(first) = replies
                    .iter()
                    .flat_map(|r| r.choices.iter())
                    .next()
                    .map(|c| c.id.clone())
                else {
                    break;
                };
                let id = if first == "t:exp" {
                    task.to_string()
                } else if first == "b:web" {
                    "b:done".into()
                } else {
                    first
                };
                reached_trial |= id == "x:done";
                replies = bot.handle(&who, Input::Choice(id.clone())).replies;
                formatted += check(l, &id, &replies);
            }
            assert!(
                reached_trial,
                "{task} in {lang} did not reach the trial plan"
            );
        }
        assert!(formatted > 300, "{formatted} messages checked in {lang}");
    }
}

/// Junk in every position of every command: the bot answers, it never panics, and each
/// answer still formats.
#[test]
fn junk_arguments_never_panic() {
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(Store::open(&db_path(dir.path())).unwrap());
    let bot = Bot::new(Arc::new(Catalog::embedded().unwrap()), store);
    let who = ChatRef::terminal(Some("zh"));
    let commands = [
        "/gpu",
        "/platform",
        "/convert",
        "/cost",
        "/compare",
        "/fit",
        "/tco",
        "/trial",
        "/lang",
        "/pick",
    ];
    let junk = [
        "",
        "-1",
        "0",
        "1e309",
        "99999999999999999999999999999",
        "0.0000000000000000000000000001",
        "ctx=",
        "ctx=-5",
        "batch=0",
        "boot=-3m",
        "storage=1e9tb",
        "¥",
        "$/h",
        "/",
        "=",
        "x",
        "∞",
        "💥",
        "4090",
        "autodl",
        "qwen2.5-7b",
        "int4",
        "40m",
        "daily",
        "daily 0h",
        "always",
        "to",
        "usd/s",
        "to hour",
        "fx=0",
        "fx=-1",
        "<b>",
        "&amp;",
        "1mo",
        "100y",
        "101y",
        "nan",
        "inf",
    ];
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = || {
        // xorshift: deterministic, so a failure reproduces.
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    for _ in 0..600 {
        let cmd = commands[(next() % commands.len() as u64) as usize];
        let n = (next() % 6) as usize;
        let args: Vec<&str> = (0..n)
            .map(|_| junk[(next() % junk.len() as u64) as usize])
            .collect();
        let line = format!("{cmd} {}", args.join(" "));
        let replies = bot.handle(&who, Input::Text(line.clone())).replies;
        assert!(!replies.is_empty(), "{line}: no answer");
        check(Lang::Zh, &line, &replies);
        // Typed junk and forged button ids inside a running dialogue are rejected politely.
        let choice = junk[(next() % junk.len() as u64) as usize];
        let replies = bot
            .handle(&who, Input::Choice(format!("g:{choice}:{}", next() % 100)))
            .replies;
        check(Lang::Zh, choice, &replies);
    }
}
