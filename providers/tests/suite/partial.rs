//! Answers that are not the provider's whole list: Vast's search cut at the rows we ask for
//! (cheapest first, so the dearest cards are the ones missing), a page of several, errors
//! beside the data. Each is recorded as partial: a card it shows is in stock, a card it left
//! out keeps its last reading and is never "gone" (no false out-of-stock in `/stock`, no
//! false "gone" alert and so no false "back in stock" one after it). An error with no data
//! (HTTP 200 with an error body) is a failure, never "no offers".

use bot_core::alerts::{AlertConfig, detect, outbox};
use bot_core::availability::{FetchOutcome, now_unix, provider_state, record_fetch};
use bot_core::{Bot, Catalog, ChatRef, Input, Localizer, Store};
use gpuscout_providers::lambda::Lambda;
use gpuscout_providers::runpod::RunPod;
use gpuscout_providers::vast::{LIMIT, Vast};
use gpuscout_providers::{Adapter, FetchError, Secret, fetch};
use gpuscout_testkit::fake_providers::{FakeProviders, Script};
use std::sync::Arc;
use std::time::Duration;

const VAST_PATH: &str = "/api/v0/bundles/";

fn vast_row(id: usize, name: &str, cards: u32, ram: u32, dph: f64) -> String {
    format!(
        r#"{{"id": {id}, "gpu_name": "{name}", "num_gpus": {cards}, "gpu_frac": 1.0, "gpu_ram": {ram},
        "dph_total": {dph}, "rentable": true, "rented": false, "geolocation": "Texas, US"}}"#
    )
}

/// A whole answer: a few 4090s, and an 8x H100 when `h100`.
fn vast_whole(h100: bool) -> String {
    let mut rows: Vec<String> = (0..3)
        .map(|i| vast_row(100 + i, "RTX 4090", 1, 24564, 0.30 + i as f64 * 0.01))
        .collect();
    if h100 {
        rows.push(vast_row(900, "H100 SXM", 8, 81559, 17.6));
    }
    format!(r#"{{"offers": [{}]}}"#, rows.join(","))
}

/// An answer of exactly the rows asked for, all cheap cards: the H100s are past the cut.
fn vast_capped() -> String {
    let rows: Vec<String> = (0..LIMIT as usize)
        .map(|i| {
            vast_row(
                10_000 + i,
                "RTX 4090",
                1,
                24564,
                0.25 + (i % 40) as f64 * 0.005,
            )
        })
        .collect();
    format!(r#"{{"offers": [{}]}}"#, rows.join(","))
}

fn say(bot: &Bot, text: &str) -> String {
    let me = ChatRef {
        platform: "test".into(),
        chat: "7".into(),
        user: "7".into(),
        locale: Some("en".into()),
        thread: None,
    };
    let a = bot.handle(&me, Input::Text(text.into()));
    a.replies
        .iter()
        .map(|r| Localizer::get().render_plain(a.lang, r))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn a_capped_vast_answer_never_calls_a_card_gone_and_a_whole_one_still_does() {
    let fake = FakeProviders::start();
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(Store::open(&dir.path().join("t.redb")).unwrap());
    let catalog = Arc::new(Catalog::embedded().unwrap());
    let bot = Bot::new(catalog.clone(), store.clone());
    assert!(say(&bot, "/subscribe h100 vast").contains("Alert set"));
    let vast = Vast {
        base: fake.url(),
        key: None,
    };
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let http = reqwest::Client::new();
    let cfg = AlertConfig {
        debounce_polls: 2,
        debounce_secs: 0,
        cooldown_secs: 0,
    };
    let t0 = now_unix() - 3600;
    // One poll a minute: (answer, alerts expected after it in all).
    let polls: [(String, usize); 8] = [
        (vast_whole(false), 0), // baseline: none
        (vast_whole(true), 0),
        (vast_whole(true), 1), // back, confirmed over two polls
        (vast_capped(), 1),    // cut: the H100 is past it, which says nothing
        (vast_capped(), 1),    // … twice: still nothing (before: a false "gone")
        (vast_capped(), 1),
        (vast_whole(false), 1), // a whole answer without it: a candidate "gone"
        (vast_whole(false), 2), // confirmed: gone, alerted once
    ];
    for (i, (body, alerts)) in polls.iter().enumerate() {
        let at = t0 + 60 * i as i64;
        fake.script(VAST_PATH, vec![Script::ok(body.clone())]);
        let parsed = rt
            .block_on(fetch(&vast, &http, &catalog, Duration::from_secs(10), at))
            .unwrap();
        assert_eq!(
            parsed.partial.is_some(),
            body.len() > 100_000,
            "poll {i}: {:?}",
            parsed.partial
        );
        record_fetch(&store, "vast", parsed.outcome(), at).unwrap();
        detect(&store, &catalog, &cfg, at).unwrap();
        let queued = outbox::pending(&store, 100).unwrap();
        assert_eq!(queued.len(), *alerts, "poll {i}: {queued:#?}");
        if i == 5 {
            // While the answers are cut, `/stock` shows the H100 from the last whole answer,
            // dated, and says the list was cut.
            let state = provider_state(&store, "vast").unwrap().unwrap();
            assert!(
                state.partial.as_deref().unwrap().contains("2000 rows"),
                "{state:?}"
            );
            assert_eq!(state.last_full_at, Some(t0 + 120));
            let stock = say(&bot, "/stock h100 vast");
            assert!(stock.contains("cut short"), "{stock}");
            assert!(!stock.contains("no offers for this card"), "{stock}");
            assert!(
                stock.contains("2.2"),
                "the 8x H100 at $17.60 is $2.20 a card: {stock}"
            );
        }
    }
    let texts: Vec<String> = outbox::pending(&store, 100)
        .unwrap()
        .iter()
        .map(|item| Localizer::get().render_plain(item.lang, &item.reply))
        .collect();
    assert_eq!(texts.len(), 2, "{texts:#?}");
    // The stock lasted from the back (poll 1) to the gone (poll 6): five minutes, the cut
    // answers between them no break in it.
    assert!(texts[1].contains("5 min"), "{texts:#?}");
}

#[test]
fn an_empty_partial_answer_is_a_miss_that_keeps_everything() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(&dir.path().join("t.redb")).unwrap();
    let c = Catalog::embedded().unwrap();
    let vast = Vast {
        base: String::new(),
        key: None,
    };
    let whole = vast.parse(vast_whole(true).as_bytes(), &c, 1_000).unwrap();
    assert!(whole.partial.is_none());
    record_fetch(&store, "vast", whole.outcome(), 1_000).unwrap();
    let before = bot_core::availability::all_latest_offers(&store).unwrap();
    record_fetch(
        &store,
        "vast",
        FetchOutcome::Partial {
            offers: vec![],
            why: "one page of several".into(),
        },
        1_060,
    )
    .unwrap();
    assert_eq!(
        bot_core::availability::all_latest_offers(&store).unwrap(),
        before
    );
    let state = provider_state(&store, "vast").unwrap().unwrap();
    assert_eq!(
        (state.last_good_at, state.misses_in_a_row),
        (Some(1_000), 1)
    );
}

fn adapters() -> (Vast, RunPod, Lambda) {
    (
        Vast {
            base: String::new(),
            key: None,
        },
        RunPod {
            base: String::new(),
            key: None,
        },
        Lambda {
            base: String::new(),
            key: Secret::new("lk_test"),
        },
    )
}

#[test]
fn pages_cursors_and_errors_beside_the_data_mark_an_answer_partial() {
    let c = Catalog::embedded().unwrap();
    let (vast, runpod, lambda) = adapters();
    let row = vast_row(1, "RTX 4090", 1, 24564, 0.31);
    let partial = |a: &dyn Adapter, body: &str| {
        a.parse(body.as_bytes(), &c, 1_000)
            .map(|p| p.partial)
            .unwrap_or_else(|e| panic!("{body}: {e}"))
    };
    for body in [
        format!(r#"{{"offers": [{row}], "next": "/api/v0/bundles/?after=1"}}"#),
        format!(r#"{{"offers": [{row}], "next_cursor": "b2Zmc2V0PTE="}}"#),
        format!(r#"{{"offers": [{row}], "has_more": true}}"#),
        format!(r#"{{"offers": [{row}], "total": 5312}}"#),
        format!(r#"{{"offers": [{row}], "meta": {{"pagination": null, "nextPageToken": "x"}}}}"#),
        format!(r#"{{"offers": [{row}], "pagination": {{"has_next_page": true}}}}"#),
        format!(r#"{{"offers": [{row}], "error": "search timed out; partial results"}}"#),
    ] {
        assert!(partial(&vast, &body).is_some(), "{body}");
    }
    // Whole: no cursor, a null or empty one, a false flag, a total equal to the rows.
    for body in [
        format!(r#"{{"offers": [{row}]}}"#),
        format!(r#"{{"offers": [{row}], "next": null, "has_more": false, "total": 1}}"#),
        format!(r#"{{"offers": [{row}], "next_cursor": "", "error": null, "errors": []}}"#),
        format!(r#"{{"success": true, "offers": [{row}]}}"#),
    ] {
        assert_eq!(partial(&vast, &body), None, "{body}");
    }
    // RunPod: GraphQL's partial answer, a field that failed null and its error listed.
    let runpod_body = r#"{"data": {"gpuTypes": [
      {"id": "NVIDIA H100 80GB HBM3", "displayName": "H100 SXM", "memoryInGb": 80,
       "secureCloud": true, "communityCloud": false, "securePrice": 2.69,
       "secureLowest": null, "communityLowest": null}]},
      "errors": [{"message": "lowestPrice: upstream timeout", "path": ["gpuTypes", 0, "secureLowest"]}]}"#;
    let why = partial(&runpod, runpod_body).unwrap();
    assert!(why.contains("upstream timeout"), "{why}");
    // Lambda: an error object beside the data.
    let lambda_body = r#"{"data": {"gpu_1x_a10": {"instance_type": {"name": "gpu_1x_a10",
      "gpu_description": "A10 (24 GB PCIe)", "price_cents_per_hour": 75, "specs": {"gpus": 1}},
      "regions_with_capacity_available": []}},
      "error": {"code": "global/partial-result", "message": "some regions did not answer"}}"#;
    assert!(partial(&lambda, lambda_body).is_some());
}

#[test]
fn http_200_with_an_error_and_no_rows_is_a_failure_never_no_offers() {
    let c = Catalog::embedded().unwrap();
    let (vast, runpod, lambda) = adapters();
    let cases: [(&dyn Adapter, &str, &str); 6] = [
        (
            &vast,
            r#"{"success": false, "error": "invalid_args", "msg": "Invalid query"}"#,
            "Invalid query",
        ),
        (
            &vast,
            r#"{"offers": [], "error": "rate limited, try later"}"#,
            "rate limited",
        ),
        (&vast, r#"{"success": false, "offers": []}"#, "no message"),
        (
            &runpod,
            r#"{"data": {"gpuTypes": []}, "errors": [{"message": "Unauthorized"}]}"#,
            "Unauthorized",
        ),
        (
            &runpod,
            r#"{"data": null, "errors": [{"message": "Something went wrong"}]}"#,
            "went wrong",
        ),
        (
            &lambda,
            r#"{"data": {}, "error": {"code": "global/invalid-api-key", "message": "API key was invalid"}}"#,
            "API key was invalid",
        ),
    ];
    for (a, body, says) in cases {
        match a.parse(body.as_bytes(), &c, 1_000) {
            Err(FetchError::Malformed(why)) => assert!(why.contains(says), "{body}: {why}"),
            other => panic!("{body}: {other:?}"),
        }
    }
    // An empty list with no error is a good answer with no offers (kept as a miss by the store).
    assert!(
        vast.parse(br#"{"offers": []}"#, &c, 1_000)
            .unwrap()
            .offers
            .is_empty()
    );
}
