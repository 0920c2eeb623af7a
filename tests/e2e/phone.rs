//! Every command's answer as a phone shows it (issue 27): each answer is asked of the one
//! `Bot` in English and Chinese, shaped by the chat frontends' glue (`frontend::details`) and
//! rendered by the real Telegram and Discord renderers. For each reply:
//! - the first message is one message of at most about [`FIRST_LINES`] lines;
//! - every monospace line is at most 40 columns (a CJK character counts two);
//! - every button label is at most 30 columns;
//! - when there is more, a "Details" button opens the whole answer, and the whole answer is
//!   what the terminal prints (nothing is lost on the way).
//!
//! It lives in the root's test binary because it needs both platform renderers.

use bot_core::availability::{FetchOutcome, Offer, OfferKind, StockLevel, record_fetch};
use bot_core::choice::ChoiceId;
use bot_core::i18n::display_width;
use bot_core::phone::{COLUMNS, FIRST_LINES, LABEL_COLUMNS};
use bot_core::reply::Reply;
use bot_core::store::{Store, db_path};
use bot_core::{Bot, Catalog, ChatRef, Input, Lang, Localizer};
use gpuscout_frontend::details::Shelf;
use rust_decimal::Decimal;
use serde_json::Value;
use std::sync::Arc;

/// One line per command (several for the commands whose answers differ most in shape).
pub(crate) const LINES: &[&str] = &[
    "/start",
    "/help",
    "/gpu 4090",
    "/gpu 4090 4090d",
    "/gpu 4090-48g 5090 h100",
    "/gpus",
    "/models",
    "/platform autodl",
    "/platforms",
    "/platforms alipay 按秒",
    "/compare 4090 3h",
    "/compare h100 always",
    "/compare 4090 daily 4h",
    "/cost autodl 4090 40m",
    "/cost 4090 3h",
    "/convert 100 usd",
    "/fit qwen2.5-32b 4090",
    "/fit qwen2.5-72b",
    "/fit qwen2.5-32b int4 4090-48g",
    "/compare 4090-48g 3h",
    "/fit qwen2.5-7b lora 4090",
    // A fine-tune without its method: the assumption and full / QLoRA lines in the first message.
    "/fit qwen2.5-7b finetune 4090",
    "/fit flux.1-dev 4090",
    // A memory size with no model: the models that fit it, per method.
    "/fit 16gb",
    "/tco qwen2.5-7b int4 4090 20m 0.3",
    "/offers 4090",
    "/offers",
    "/offers cards>=2 vram>=40",
    "/stock h100",
    "/stock 4090",
    "/trend 4090",
    "/trend h100 7",
    "/trial autodl 4090 1h20m ¥3.1",
    "/trial matpool 4090 2h ¥3.5",
    "/trial gongji 4090 40m ¥1.5",
    "/trial featurize 4090 1h ¥2",
    "/trial list",
    "/trial autodl 4090 3h",
    "/subscribe 4090",
    "/subs",
    "/unsubscribe all",
    "/report autodl 4090 in",
    "/status",
    "/currency",
    "/currency cny",
    "/lang en",
    "/pick",
    "/back",
    "/cancel",
    "how much is a 4090 for 3 hours",
];

fn who(lang: Lang) -> ChatRef {
    ChatRef {
        platform: "telegram".into(),
        chat: "42".into(),
        user: "7".into(),
        locale: Some(if lang == Lang::Zh { "zh-CN" } else { "en" }.into()),
        thread: None,
    }
}

/// What went wrong with one rendered reply, or nothing.
fn telegram_faults(lang: Lang, shaped: &Reply) -> Vec<String> {
    let mut faults = Vec::new();
    let r = gpuscout_telegram::render::render(lang, shaped);
    if r.texts.len() > 1 {
        faults.push(format!("telegram: {} messages", r.texts.len()));
    }
    if let Some(first) = r.texts.first() {
        let n = first.lines().count();
        if n > FIRST_LINES {
            faults.push(format!("telegram: {n} lines"));
        }
        for line in pre_lines(first, "<pre>", "</pre>") {
            let raw = line
                .replace("&lt;", "<")
                .replace("&gt;", ">")
                .replace("&amp;", "&");
            if display_width(&raw) > COLUMNS {
                faults.push(format!(
                    "telegram: monospace line of {}: {raw}",
                    display_width(&raw)
                ));
            }
        }
    }
    for row in r.keyboard.iter().flat_map(|k| &k.inline_keyboard) {
        for b in row {
            if display_width(&b.text) > LABEL_COLUMNS {
                faults.push(format!("telegram: button {:?}", b.text));
            }
        }
    }
    faults
}

fn discord_faults(lang: Lang, shaped: &Reply) -> Vec<String> {
    let mut faults = Vec::new();
    let bodies = gpuscout_discord::render::render(lang, shaped, false);
    let Some(first) = bodies.first() else {
        return vec!["discord: no message".into()];
    };
    if bodies.len() > 1 {
        faults.push(format!("discord: {} messages", bodies.len()));
    }
    let mut n = 0;
    for e in first["embeds"].as_array().into_iter().flatten() {
        n += usize::from(e["title"].is_string());
        let d = e["description"].as_str().unwrap_or("");
        n += d.lines().filter(|l| !l.starts_with("```")).count();
        for line in pre_lines(d, "```\n", "\n```") {
            let raw = line.replace('\\', "");
            if display_width(&raw) > COLUMNS {
                faults.push(format!(
                    "discord: monospace line of {}: {raw}",
                    display_width(&raw)
                ));
            }
        }
        for f in e["fields"].as_array().into_iter().flatten() {
            n += 1 + f["value"].as_str().unwrap_or("").lines().count();
        }
    }
    // Fields sit side by side (inline) on a wide screen and stack on a phone; count stacked.
    if n > FIRST_LINES + 4 {
        faults.push(format!("discord: {n} lines"));
    }
    for label in labels(&first["components"]) {
        if display_width(&label) > LABEL_COLUMNS {
            faults.push(format!("discord: button {label:?}"));
        }
    }
    faults
}

/// Every button and menu option label in Discord components.
fn labels(components: &Value) -> Vec<String> {
    let mut out = Vec::new();
    for row in components.as_array().into_iter().flatten() {
        for c in row["components"].as_array().into_iter().flatten() {
            if let Some(l) = c["label"].as_str() {
                out.push(l.to_string());
            }
            for o in c["options"].as_array().into_iter().flatten() {
                out.extend(o["label"].as_str().map(str::to_string));
            }
        }
    }
    out
}

/// The lines inside `open`…`close` blocks of `text`.
fn pre_lines<'a>(text: &'a str, open: &str, close: &str) -> Vec<&'a str> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(start) = rest.find(open) {
        let inner = &rest[start + open.len()..];
        let end = inner.find(close).unwrap_or(inner.len());
        out.extend(inner[..end].lines());
        rest = &inner[end..];
        if rest.len() >= close.len() {
            rest = &rest[close.len()..];
        }
    }
    out
}

/// Checks one reply on both chat platforms and its details against the terminal's text.
fn check(shelf: &Shelf, who: &ChatRef, lang: Lang, reply: &Reply, line: &str) -> Vec<String> {
    let shaped = shelf.offer(&who.chat, lang, reply.clone());
    let mut faults = telegram_faults(lang, &shaped);
    faults.extend(discord_faults(lang, &shaped));
    let l = Localizer::get();
    let terminal = l.render_plain(lang, reply);
    let button = shaped
        .choices
        .iter()
        .find(|c| matches!(ChoiceId::parse(&c.id), ChoiceId::Details(_)));
    match button {
        Some(b) => {
            let (_, whole) = shelf
                .open(&who.chat, lang, &b.id)
                .expect("a details button");
            let shown = l.render_plain(lang, &whole);
            // Everything the terminal prints is behind the button (plus whole button labels).
            if !shown.starts_with(&terminal) {
                faults.push(format!("details lose text:\n{shown}\n---\n{terminal}"));
            }
            faults.extend(
                telegram_faults(lang, &whole)
                    .into_iter()
                    .filter(|f| !f.contains("lines") && !f.contains("messages")),
            );
        }
        None if !shaped.details.is_empty() => faults.push("details without a button".into()),
        None => {}
    }
    faults
        .into_iter()
        .map(|f| format!("{line} ({lang:?}): {f}"))
        .collect()
}

/// Live offers from four providers, polled three times an hour apart, so `/offers`,
/// `/stock` and `/trend` have more rows than a first message shows.
pub(crate) fn seed(store: &Store) {
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs() as i64;
    let offer =
        |provider: &str, gpu: &str, cards: u32, price: i64, kind: OfferKind, at: i64| Offer {
            provider: provider.into(),
            gpu: gpu.into(),
            raw_name: gpu.to_uppercase(),
            cards,
            vram_gb: None,
            price_per_gpu_hour: Decimal::new(price, 2),
            price_per_instance_hour: Decimal::new(price * i64::from(cards), 2),
            currency: "USD".into(),
            kind,
            region: Some("US".into()),
            stock: StockLevel::Available,
            available_count: Some(cards),
            fetched_at: at,
            source: "test fixture".into(),
        };
    for (i, at) in [now - 7200, now - 3600, now - 60].into_iter().enumerate() {
        let drift = i as i64;
        for (p, base) in [
            ("vast", 31),
            ("runpod", 34),
            ("lambda", 49),
            ("tensordock", 37),
        ] {
            let offers = vec![
                offer(p, "rtx-4090", 1, base + drift, OfferKind::OnDemand, at),
                offer(p, "rtx-4090", 2, base + 2 - drift, OfferKind::OnDemand, at),
                offer(p, "rtx-4090", 1, base - 12, OfferKind::Spot, at),
                offer(p, "h100-sxm", 8, 249 + base, OfferKind::OnDemand, at),
            ];
            record_fetch(store, p, FetchOutcome::Offers(offers), at).unwrap();
        }
    }
}

/// Every line of [`LINES`] and a /pick walk, asked in `lang` of a bot with [`seed`]ed data:
/// (what was asked, the answer's language, the reply).
pub(crate) fn answers(lang: Lang) -> Vec<(String, Lang, Reply)> {
    let catalog = Arc::new(Catalog::load(None).unwrap());
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(Store::open(&db_path(dir.path())).unwrap());
    seed(&store);
    let bot = Bot::new(catalog, store);
    let who = who(lang);
    bot.set_lang(&who, lang).unwrap();
    let mut out = Vec::new();
    for line in LINES {
        let answer = bot.handle(&who, Input::Text(line.to_string()));
        for reply in answer.replies {
            out.push((line.to_string(), answer.lang, reply));
        }
        bot.set_lang(&who, lang).unwrap();
    }
    // The /pick dialogue, step by step: the first choice each time.
    let mut answer = bot.handle(&who, Input::Text("/pick".into()));
    for step in 0..8 {
        let Some(choice) = answer
            .replies
            .iter()
            .flat_map(|r| &r.choices)
            .next()
            .cloned()
        else {
            break;
        };
        answer = bot.handle(&who, Input::Choice(choice.id));
        for reply in &answer.replies {
            out.push((
                format!("/pick step {}", step + 2),
                answer.lang,
                reply.clone(),
            ));
        }
    }
    out
}

#[test]
fn every_commands_first_message_fits_a_phone_with_the_details_one_tap_away() {
    let names: Vec<&str> = bot_core::commands::ALL.iter().map(|d| d.name).collect();
    for name in &names {
        assert!(
            LINES.iter().any(|l| l[1..].split(' ').next() == Some(name)),
            "/{name} has no line here"
        );
    }
    let mut faults = Vec::new();
    let mut checked = 0;
    let mut with_details = 0;
    for lang in [Lang::En, Lang::Zh] {
        let who = who(lang);
        let shelf = Shelf::default();
        for (line, lang, reply) in answers(lang) {
            faults.extend(check(&shelf, &who, lang, &reply, &line));
            with_details += usize::from(!reply.details.is_empty());
            checked += 1;
        }
    }
    assert!(checked > 80, "only {checked} replies checked");
    // The answers that say more than a first message write their own short part.
    assert!(
        with_details > 30,
        "only {with_details} replies had a short part"
    );
    assert!(
        faults.is_empty(),
        "{} faults:\n{}",
        faults.len(),
        faults.join("\n")
    );
}

/// Prints the first Telegram message of common answers, before (the whole answer, as chats
/// got it) and after (the phone shape): the source of docs/phone.md.
/// `cargo test --test e2e phone::print -- --ignored --nocapture`
#[test]
#[ignore]
fn print_common_answers_before_and_after() {
    let lines = std::env::var("PHONE_LINES").unwrap_or_else(|_| {
        "/compare 4090 3h|/cost autodl 4090 40m|/fit qwen2.5-32b 4090|/fit qwen2.5-72b|/offers 4090"
            .into()
    });
    let catalog = Arc::new(Catalog::load(None).unwrap());
    for lang in [Lang::Zh, Lang::En] {
        let dir = tempfile::tempdir().unwrap();
        let store = Arc::new(Store::open(&db_path(dir.path())).unwrap());
        let bot = Bot::new(catalog.clone(), store);
        let who = who(lang);
        bot.set_lang(&who, lang).unwrap();
        let shelf = Shelf::default();
        for line in lines.split('|') {
            let answer = bot.handle(&who, Input::Text(line.to_string()));
            for reply in &answer.replies {
                let before = gpuscout_telegram::render::render(answer.lang, &reply.expanded());
                let shaped = shelf.offer(&who.chat, answer.lang, reply.clone());
                let after = gpuscout_telegram::render::render(answer.lang, &shaped);
                let buttons: Vec<String> = after
                    .keyboard
                    .iter()
                    .flat_map(|k| &k.inline_keyboard)
                    .flatten()
                    .map(|b| format!("[{}]", b.text))
                    .collect();
                println!(
                    "=== {line} ({lang:?}) BEFORE: {} lines\n{}\n=== AFTER: {} lines\n{}\n{}\n",
                    before
                        .texts
                        .iter()
                        .map(|t| t.lines().count())
                        .sum::<usize>(),
                    before.texts.join("\n"),
                    after.texts[0].lines().count(),
                    after.texts[0],
                    buttons.join(" ")
                );
            }
        }
    }
}
