//! Each adapter against a loopback fake speaking the provider's real wire format: prices,
//! names, MB vs GB, cents vs dollars, host fractions, schema drift, empty answers, 500s,
//! timeouts and garbage. Nothing here leaves 127.0.0.1.

use bot_core::Catalog;
use bot_core::availability::{Offer, OfferKind, StockLevel};
use gpuscout_providers::lambda::Lambda;
use gpuscout_providers::runpod::RunPod;
use gpuscout_providers::vast::Vast;
use gpuscout_providers::{Adapter, FetchError, Parsed, Secret, fetch};
use gpuscout_testkit::fake_providers::{FakeProviders, Script};
use std::time::Duration;

const NOW: i64 = 1_764_581_400;
const KEY: &str = "sk_live_do_not_print_me";

fn fixture(name: &str) -> String {
    std::fs::read_to_string(format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

fn rt() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
}

fn run(adapter: &dyn Adapter, timeout: Duration) -> Result<Parsed, FetchError> {
    let cat = Catalog::embedded().unwrap();
    let http = reqwest::Client::new();
    rt().block_on(fetch(adapter, &http, &cat, timeout, NOW))
}

fn find<'a>(offers: &'a [Offer], gpu: &str, kind: OfferKind) -> &'a Offer {
    offers
        .iter()
        .find(|o| o.gpu == gpu && o.kind == kind)
        .unwrap_or_else(|| panic!("no {gpu} {kind:?} in {offers:#?}"))
}

#[test]
fn vast_offers_fold_storage_in_read_mb_as_gb_and_divide_by_the_offers_cards() {
    let fake = FakeProviders::start();
    fake.script(
        "/api/v0/bundles/",
        vec![Script::ok(fixture("vast_bundles.json"))],
    );
    let vast = Vast {
        base: fake.url(),
        key: None,
    };
    let p = run(&vast, Duration::from_secs(5)).unwrap();
    // 4090: $0.30 + 10 GB × $0.15/GB/month ÷ 730 h = $0.302055/h; MB -> the catalog's 24 GB.
    let o = find(&p.offers, "rtx-4090", OfferKind::OnDemand);
    assert_eq!(o.price_per_instance_hour.to_string(), "0.302055");
    assert_eq!(
        (o.cards, o.vram_gb, o.available_count),
        (1, Some(24.0), Some(1))
    );
    assert_eq!(o.stock, StockLevel::Available);
    assert_eq!(o.region.as_deref(), Some("Texas, US"));
    assert_eq!(
        find(&p.offers, "rtx-4090", OfferKind::Spot)
            .price_per_gpu_hour
            .to_string(),
        "0.182055"
    );
    // Half a host's A100s: two cards, the price is for both, per card is half (no fraction).
    let a = find(&p.offers, "a100-40g-pcie", OfferKind::OnDemand);
    assert_eq!(a.cards, 2);
    assert_eq!(a.price_per_instance_hour.to_string(), "1.60274");
    assert_eq!(a.price_per_gpu_hour.to_string(), "0.80137");
    // An unknown SKU is kept under its raw name with the provider's memory.
    let q = find(&p.offers, "Quantum Flux 9000", OfferKind::OnDemand);
    assert_eq!(
        (q.vram_gb, q.price_per_gpu_hour.to_string()),
        (Some(64.0), "2".into())
    );
    // gpu_ram already in GB; a price as a string.
    assert_eq!(
        find(&p.offers, "rtx-3090", OfferKind::OnDemand)
            .price_per_gpu_hour
            .to_string(),
        "0.2"
    );
    // gpu_frac 1.5, no gpu_name, a null price: three rows skipped, not guessed.
    assert_eq!(p.skipped, 3);
    let seen = &fake.seen()[0];
    assert_eq!(seen.method, "GET");
    assert!(seen.uri.starts_with("/api/v0/bundles/?q="), "{}", seen.uri);
    assert!(seen.uri.contains("rentable"), "{}", seen.uri);
    assert!(seen.header("authorization").is_none());
}

#[test]
fn a_key_travels_in_a_header_never_in_the_url_or_an_error() {
    let fake = FakeProviders::start();
    fake.script(
        "/api/v0/bundles/",
        vec![Script::status(401, "{\"error\": \"bad key\"}")],
    );
    let vast = Vast {
        base: fake.url(),
        key: Some(Secret::new(KEY)),
    };
    let e = run(&vast, Duration::from_secs(5)).unwrap_err();
    assert!(matches!(e, FetchError::Http { status: 401, .. }), "{e:?}");
    assert!(!e.to_string().contains(KEY) && !format!("{e:?}").contains(KEY));
    let seen = &fake.seen()[0];
    assert_eq!(
        seen.header("authorization"),
        Some(format!("Bearer {KEY}").as_str())
    );
    assert!(!seen.uri.contains(KEY));
    assert_eq!(format!("{:?}", Secret::new(KEY)), "<redacted>");
    // An unreachable host: the error names no URL.
    let gone = Vast {
        base: "http://127.0.0.1:9".into(),
        key: Some(Secret::new(KEY)),
    };
    let e = run(&gone, Duration::from_secs(5)).unwrap_err();
    assert!(
        !e.to_string().contains("127.0.0.1:9") && !e.to_string().contains(KEY),
        "{e}"
    );
}

#[test]
fn runpod_reads_per_cloud_stock_and_never_guesses_the_other_cloud() {
    let fake = FakeProviders::start();
    fake.script(
        "/graphql",
        vec![Script::ok(fixture("runpod_gpu_types.json"))],
    );
    let rp = RunPod {
        base: fake.url(),
        key: None,
    };
    let p = run(&rp, Duration::from_secs(5)).unwrap();
    let r4090: Vec<&Offer> = p.offers.iter().filter(|o| o.gpu == "rtx-4090").collect();
    assert_eq!(r4090.len(), 3, "{r4090:#?}"); // secure, community, secure spot
    let community = r4090
        .iter()
        .find(|o| o.source.contains("communityPrice"))
        .unwrap();
    assert_eq!(
        (community.price_per_gpu_hour.to_string(), community.stock),
        ("0.34".into(), StockLevel::Low)
    );
    let secure = r4090
        .iter()
        .find(|o| o.source.contains("securePrice"))
        .unwrap();
    assert_eq!(secure.stock, StockLevel::Available);
    // Offered in one cloud only: the plain lowestPrice is that cloud's, "None" = out.
    let h = find(&p.offers, "h100-sxm", OfferKind::OnDemand);
    assert_eq!(
        (h.price_per_gpu_hour.to_string(), h.stock),
        ("2.69".into(), StockLevel::Unavailable)
    );
    // A null alias is unknown, never "out".
    let a100: Vec<StockLevel> = p
        .offers
        .iter()
        .filter(|o| o.gpu == "a100-80g-pcie")
        .map(|o| o.stock)
        .collect();
    assert!(a100.contains(&StockLevel::Unknown) && a100.contains(&StockLevel::Available));
    // The catalog may not know the MI300X: kept raw or canonical, never dropped.
    assert!(
        p.offers
            .iter()
            .any(|o| o.raw_name == "AMD Instinct MI300X OAM")
    );
    assert_eq!(p.skipped, 1);
    let seen = &fake.seen()[0];
    assert_eq!(seen.method, "POST");
    assert!(seen.body.contains("gpuTypes") && seen.body.contains("stockStatus"));
}

#[test]
fn runpod_graphql_errors_are_a_failure_not_an_empty_list() {
    let fake = FakeProviders::start();
    fake.script(
        "/graphql",
        vec![Script::ok(r#"{"errors":[{"message":"Unauthorized"}]}"#)],
    );
    let e = run(
        &RunPod {
            base: fake.url(),
            key: None,
        },
        Duration::from_secs(5),
    )
    .unwrap_err();
    assert!(
        matches!(&e, FetchError::Malformed(m) if m.contains("Unauthorized")),
        "{e:?}"
    );
}

#[test]
fn lambda_reads_cents_per_instance_and_regions_with_capacity() {
    let fake = FakeProviders::start();
    fake.script(
        "/api/v1/instance-types",
        vec![Script::ok(fixture("lambda_instance_types.json"))],
    );
    let l = Lambda {
        base: fake.url(),
        key: Secret::new(KEY),
    };
    let p = run(&l, Duration::from_secs(5)).unwrap();
    let a: Vec<&Offer> = p
        .offers
        .iter()
        .filter(|o| o.gpu == "a100-40g-sxm")
        .collect();
    assert_eq!(a.len(), 2);
    assert_eq!(a[0].price_per_instance_hour.to_string(), "15.92");
    assert_eq!(a[0].price_per_gpu_hour.to_string(), "1.99");
    assert_eq!((a[0].cards, a[0].stock), (8, StockLevel::Available));
    let h = find(&p.offers, "h100-pcie", OfferKind::OnDemand);
    assert_eq!(
        (h.price_per_gpu_hour.to_string(), h.stock),
        ("2.49".into(), StockLevel::Unavailable)
    );
    assert!(p.offers.iter().any(|o| o.raw_name == "GH200 (96 GB)"));
    // A price in dollars where cents are expected is drift: skipped, never read as 75¢ or $75.
    assert!(!p.offers.iter().any(|o| o.gpu == "a10"));
    assert_eq!(p.skipped, 1);
    assert!(!p.offers.iter().any(|o| o.raw_name.contains("CPU")));
    assert_eq!(
        fake.seen()[0].header("authorization"),
        Some(format!("Bearer {KEY}").as_str())
    );
}

#[test]
fn five_hundreds_garbage_timeouts_and_empty_answers_are_told_apart() {
    let fake = FakeProviders::start();
    let vast = Vast {
        base: fake.url(),
        key: None,
    };
    fake.script(
        "/api/v0/bundles/",
        vec![Script::status(500, "<html>Internal Server Error</html>")],
    );
    assert!(matches!(
        run(&vast, Duration::from_secs(5)),
        Err(FetchError::Http { status: 500, .. })
    ));
    fake.script(
        "/api/v0/bundles/",
        vec![Script::ok("<html>maintenance</html>")],
    );
    assert!(matches!(
        run(&vast, Duration::from_secs(5)),
        Err(FetchError::Malformed(_))
    ));
    fake.script("/api/v0/bundles/", vec![Script::ok(r#"{"results": []}"#)]);
    assert!(matches!(
        run(&vast, Duration::from_secs(5)),
        Err(FetchError::Malformed(_))
    ));
    fake.script(
        "/api/v0/bundles/",
        vec![Script::ok(r#"{"offers": [{"gpu": "renamed"}, {"x": 1}]}"#)],
    );
    let e = run(&vast, Duration::from_secs(5)).unwrap_err();
    assert!(e.to_string().contains("API changed"), "{e}");
    fake.script("/api/v0/bundles/", vec![Script::ok(r#"{"offers": []}"#)]);
    assert_eq!(
        run(&vast, Duration::from_secs(5)).unwrap(),
        Parsed::default()
    );
    fake.script(
        "/api/v0/bundles/",
        vec![Script::ok(r#"{"offers": []}"#).slow(Duration::from_secs(3))],
    );
    let started = std::time::Instant::now();
    let e = run(&vast, Duration::from_millis(300)).unwrap_err();
    assert!(started.elapsed() < Duration::from_secs(2), "{e:?}");
    assert!(
        matches!(e, FetchError::Timeout(_) | FetchError::Network(_)),
        "{e:?}"
    );
}

/// The recorded shapes in ../shared/data, where this checkout has them.
fn shared(path: &str) -> Option<Vec<u8>> {
    let p = format!("{}/../../shared/data/{path}", env!("CARGO_MANIFEST_DIR"));
    match std::fs::read(&p) {
        Ok(b) => Some(b),
        Err(_) => {
            println!(
                "skipped: {p} is not here (the recorded provider data lives outside the repo)"
            );
            None
        }
    }
}

#[test]
fn the_recorded_runpod_dump_and_lambda_example_parse() {
    let cat = Catalog::embedded().unwrap();
    if let Some(list) = shared("runpod/gpuTypes_graphql_2025-06-21.json") {
        // The dump is the bare gpuTypes list; the API wraps it in data.gpuTypes.
        let body = format!(
            "{{\"data\":{{\"gpuTypes\":{}}}}}",
            String::from_utf8_lossy(&list)
        );
        let rp = RunPod {
            base: String::new(),
            key: None,
        };
        let p = rp.parse(body.as_bytes(), &cat, NOW).unwrap();
        assert!(p.offers.len() > 39, "{}", p.offers.len());
        // It has no stock fields: every row is honestly unknown.
        assert!(p.offers.iter().all(|o| o.stock == StockLevel::Unknown));
        let a100 = p
            .offers
            .iter()
            .find(|o| o.raw_name == "NVIDIA A100 80GB PCIe" && o.source.contains("securePrice"))
            .unwrap();
        assert_eq!(
            (a100.gpu.as_str(), a100.price_per_gpu_hour.to_string()),
            ("a100-80g-pcie", "1.64".into())
        );
    }
    if let Some(body) = shared("lambda/instance_types_response_example.json") {
        let l = Lambda {
            base: String::new(),
            key: Secret::new("x"),
        };
        let p = l.parse(&body, &cat, NOW).unwrap();
        assert_eq!(p.offers.len(), 1);
        let o = &p.offers[0];
        assert_eq!(
            (
                o.price_per_instance_hour.to_string(),
                o.price_per_gpu_hour.to_string()
            ),
            ("15.92".into(), "1.99".into())
        );
        assert_eq!(o.region.as_deref(), Some("us-west-1"));
        // "Example GPU (40 GB SXM4)" is no card we know: kept raw.
        assert_eq!(o.gpu, "Example GPU (40 GB SXM4)");
    }
}

#[test]
fn a_repeated_provider_id_is_one_offer_not_several() {
    let fake = FakeProviders::start();
    // Six hosts, sent as sixteen rows: ids 1–6, then ids 1–5 twice more (a paging overlap).
    let row = |id: u32| {
        format!(
            r#"{{"id": {id}, "gpu_name": "RTX 4090", "num_gpus": 1, "gpu_ram": 24564, "dph_base": 0.3{id}, "storage_cost": 0.1, "min_bid": 0.1{id}, "rentable": true, "rented": false}}"#
        )
    };
    let ids: Vec<u32> = (1..=6).chain(1..=5).chain(1..=5).collect();
    let body = format!(
        r#"{{"offers": [{}]}}"#,
        ids.iter().map(|i| row(*i)).collect::<Vec<_>>().join(",")
    );
    fake.script("/api/v0/bundles/", vec![Script::ok(body)]);
    let vast = Vast {
        base: fake.url(),
        key: None,
    };
    let p = run(&vast, Duration::from_secs(5)).unwrap();
    let on_demand = p
        .offers
        .iter()
        .filter(|o| o.kind == OfferKind::OnDemand)
        .count();
    assert_eq!((on_demand, p.duplicates), (6, 10), "{:#?}", p.offers);
    // The first row of an id is the one kept (Vast sends cheapest first).
    assert!(
        p.offers
            .iter()
            .filter(|o| o.kind == OfferKind::OnDemand)
            .all(|o| o.price_per_gpu_hour.to_string().starts_with("0.3")),
    );
    // RunPod: a GPU type listed twice is one type.
    let t = r#"{"id": "NVIDIA GeForce RTX 4090", "displayName": "RTX 4090", "memoryInGb": 24, "securePrice": 0.69, "secureLowest": {"stockStatus": "High"}}"#;
    fake.script(
        "/graphql",
        vec![Script::ok(format!(
            r#"{{"data": {{"gpuTypes": [{t}, {t}, {t}]}}}}"#
        ))],
    );
    let rp = RunPod {
        base: fake.url(),
        key: None,
    };
    let p = run(&rp, Duration::from_secs(5)).unwrap();
    assert_eq!((p.offers.len(), p.duplicates), (1, 2), "{:#?}", p.offers);
}
