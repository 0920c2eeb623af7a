//! Live API shape verification against the recorded, public descriptions in `../shared/data`
//! (skipped with a reason where absent): every field an adapter reads is one the provider's
//! own documents name, with the unit the adapter assumes. And the failure shapes the other
//! adapter tests cover for Vast, for RunPod and Lambda too: 500, garbage, empty, timeout,
//! schema drift.

use bot_core::Catalog;
use gpuscout_providers::lambda::Lambda;
use gpuscout_providers::runpod::RunPod;
use gpuscout_providers::{Adapter, FetchError, Parsed, Secret, fetch};
use gpuscout_testkit::fake_providers::{FakeProviders, Script};
use serde_json::Value;
use std::time::Duration;

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
fn vast_fields_the_adapter_reads_are_documented_search_fields() {
    let Some(tsv) = shared("vast/search_offers_fields_vast_cli.tsv") else {
        return;
    };
    let text = String::from_utf8_lossy(&tsv);
    let fields: Vec<&str> = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| l.split('\t').next())
        .collect();
    let row = |name: &str| {
        text.lines()
            .find(|l| l.split('\t').next() == Some(name))
            .unwrap_or("")
            .to_lowercase()
    };
    for f in [
        "gpu_name",
        "gpu_ram",
        "num_gpus",
        "gpu_frac",
        "geolocation",
        "min_bid",
        "storage_cost",
        "rentable",
        "rented",
        "verified",
        "external",
    ] {
        assert!(fields.contains(&f), "vast CLI no longer documents `{f}`");
    }
    // The units the adapter assumes: per-card memory, storage per GB per month.
    assert!(row("gpu_ram").contains("per gpu"), "{}", row("gpu_ram"));
    assert!(
        row("storage_cost").contains("gb"),
        "{}",
        row("storage_cost")
    );
    if let Some(api) = shared("vast/openapi_search_asks_excerpt_thirdparty.json") {
        let s = String::from_utf8_lossy(&api);
        for f in [
            "\"offers\"",
            "\"dph_total\"",
            "\"gpu_ram\"",
            "\"storage_cost\"",
        ] {
            assert!(s.contains(f), "the search answer schema lacks {f}");
        }
    }
}

#[test]
fn lambda_fields_the_adapter_reads_are_in_the_openapi_schema_with_their_units() {
    let Some(spec) = shared("lambda/openapi_instance_types_excerpt.json") else {
        return;
    };
    let v: Value = serde_json::from_slice(&spec).unwrap();
    let props = |schema: &str| v["schemas"][schema]["properties"].clone();
    let it = props("InstanceType");
    for f in [
        "name",
        "description",
        "gpu_description",
        "price_cents_per_hour",
        "specs",
    ] {
        assert!(it.get(f).is_some(), "InstanceType lacks {f}");
    }
    let cents = it["price_cents_per_hour"]["description"]
        .as_str()
        .unwrap()
        .to_lowercase();
    assert!(cents.contains("cents"), "{cents}");
    assert_eq!(it["price_cents_per_hour"]["type"], "integer");
    assert!(props("InstanceTypeSpecs").get("gpus").is_some());
    let item = props("InstanceTypesItem");
    assert!(item.get("instance_type").is_some());
    assert!(item.get("regions_with_capacity_available").is_some());
    let paths = v["paths"].as_object().unwrap();
    assert!(
        paths.keys().any(|p| p.ends_with("/instance-types")),
        "{:?}",
        paths.keys()
    );
}

#[test]
fn runpod_dump_has_the_fields_the_adapter_reads() {
    let Some(dump) = shared("runpod/gpuTypes_graphql_2025-06-21.json") else {
        return;
    };
    let v: Value = serde_json::from_slice(&dump).unwrap();
    let list = v.as_array().expect("a list of gpuTypes");
    assert!(list.len() >= 30);
    for row in list {
        for f in [
            "id",
            "displayName",
            "memoryInGb",
            "securePrice",
            "communityPrice",
        ] {
            assert!(row.get(f).is_some(), "{f} missing in {row}");
        }
        // Memory in GB (under a terabyte), not MB; the dump has a 0 for an unnamed type,
        // which the adapter reads as "not said".
        let gb = row["memoryInGb"].as_f64().unwrap();
        assert!((0.0..1024.0).contains(&gb), "{gb}");
    }
}

fn run(adapter: &dyn Adapter, timeout: Duration) -> Result<Parsed, FetchError> {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let cat = Catalog::embedded().unwrap();
    let http = reqwest::Client::new();
    rt.block_on(fetch(adapter, &http, &cat, timeout, 0))
}

#[test]
fn runpod_and_lambda_tell_500s_garbage_drift_empty_and_timeouts_apart() {
    let fake = FakeProviders::start();
    let rp = RunPod {
        base: fake.url(),
        key: None,
    };
    let l = Lambda {
        base: fake.url(),
        key: Secret::new("k"),
    };
    let t = Duration::from_secs(5);
    for (path, adapter) in [
        ("/graphql", &rp as &dyn Adapter),
        ("/api/v1/instance-types", &l as &dyn Adapter),
    ] {
        fake.script(path, vec![Script::status(500, "<html>oops</html>")]);
        assert!(
            matches!(run(adapter, t), Err(FetchError::Http { status: 500, .. })),
            "{path}"
        );
        fake.script(path, vec![Script::status(429, "slow down")]);
        assert!(matches!(
            run(adapter, t),
            Err(FetchError::Http { status: 429, .. })
        ));
        fake.script(path, vec![Script::ok("\u{0}\u{1}not json")]);
        assert!(
            matches!(run(adapter, t), Err(FetchError::Malformed(_))),
            "{path}"
        );
        fake.script(path, vec![Script::ok("{}")]);
        assert!(
            run(adapter, t).is_err(),
            "{path}: an answer without its list"
        );
        fake.script(path, vec![Script::ok("{}").slow(Duration::from_secs(3))]);
        let started = std::time::Instant::now();
        let e = run(adapter, Duration::from_millis(300)).unwrap_err();
        assert!(started.elapsed() < Duration::from_secs(2), "{path}: {e:?}");
    }
    // Schema drift: every row renamed its fields -> malformed, not "no offers".
    fake.script(
        "/api/v1/instance-types",
        vec![Script::ok(
            r#"{"data": {"gpu_1x_a10": {"instance_type": {"name": "gpu_1x_a10", "price_usd_per_hour": 0.75}, "regions_with_capacity_available": []}}}"#,
        )],
    );
    let e = run(&l, t).unwrap_err();
    assert!(matches!(e, FetchError::Malformed(_)), "{e:?}");
    fake.script(
        "/graphql",
        vec![Script::ok(
            r#"{"data": {"gpuTypes": [{"gpuId": "NVIDIA A40", "vram": 48, "price": 0.4}]}}"#,
        )],
    );
    assert!(matches!(run(&rp, t), Err(FetchError::Malformed(_))));
    // An empty list is an answer with no offers (the snapshot rules keep the last one).
    fake.script(
        "/graphql",
        vec![Script::ok(r#"{"data": {"gpuTypes": []}}"#)],
    );
    assert_eq!(run(&rp, t).unwrap(), Parsed::default());
    fake.script(
        "/api/v1/instance-types",
        vec![Script::ok(r#"{"data": {}}"#)],
    );
    assert_eq!(run(&l, t).unwrap(), Parsed::default());
    // Unknown cards are kept under their raw names.
    fake.script(
        "/graphql",
        vec![Script::ok(
            r#"{"data": {"gpuTypes": [{"id": "NVIDIA Quantum Flux 9000", "displayName": "QF 9000", "memoryInGb": 96, "securePrice": 3.5}]}}"#,
        )],
    );
    let p = run(&rp, t).unwrap();
    assert!(!p.offers.is_empty());
    assert!(
        p.offers
            .iter()
            .all(|o| o.gpu == "NVIDIA Quantum Flux 9000" && o.vram_gb == Some(96.0)),
        "{:?}",
        p.offers
    );
}

/// GPU names and memory figures from real provider answers that gpuhunt's tests replay
/// (Verda's `gpu.description` + `gpu_memory.size_in_gigabytes`, Vultr's `gpu_type` +
/// `gpu_vram_gb`): each reaches a catalog card whose memory agrees, or stays under its raw
/// name; a vGPU slice (Vultr's 4 GB A100 share) never becomes the full card.
#[test]
fn real_names_from_gpuhunt_fixtures_map_to_cards_whose_memory_agrees() {
    let cat = Catalog::embedded().unwrap();
    let mut pairs: Vec<(String, f64)> = Vec::new();
    if let Some(b) = shared("gpuhunt/test_verda_fixtures.json") {
        let v: Value = serde_json::from_slice(&b).unwrap();
        for it in v["items"].as_array().unwrap() {
            let x = &it["value"];
            let (Some(desc), Some(n), Some(gb)) = (
                x.pointer("/gpu/description").and_then(Value::as_str),
                x.pointer("/gpu/number_of_gpus").and_then(Value::as_u64),
                x.pointer("/gpu_memory/size_in_gigabytes")
                    .and_then(Value::as_f64),
            ) else {
                continue;
            };
            if n == 0 || desc.is_empty() {
                continue;
            }
            // "2x RTX A6000 48GB": the count prefix goes, memory per card is total / count.
            let name = desc.split_once("x ").map_or(desc, |(_, rest)| rest);
            pairs.push((name.to_string(), gb / n as f64));
        }
    }
    if let Some(b) = shared("gpuhunt/test_vultr_fixtures.json") {
        let v: Value = serde_json::from_slice(&b).unwrap();
        for it in v["items"].as_array().unwrap() {
            for plan in it["value"]["plans"].as_array().into_iter().flatten() {
                if let (Some(t), Some(gb)) =
                    (plan["gpu_type"].as_str(), plan["gpu_vram_gb"].as_f64())
                {
                    pairs.push((t.replace('_', " "), gb));
                }
            }
        }
    }
    if pairs.is_empty() {
        return;
    }
    let mut mapped = 0;
    for (name, gb) in &pairs {
        let (id, vram) = bot_core::availability::name_offer_gpu(&cat, name, Some(*gb));
        // Only an exact catalog id is a mapping; a raw name stays a raw name even when the
        // forgiving lookup could read it as some card.
        if let Some(card) = cat.gpus.iter().find(|g| g.id == id) {
            mapped += 1;
            assert!(
                ((card.vram_gb - gb) / card.vram_gb).abs() <= 0.12,
                "{name} ({gb} GB) became {} ({} GB)",
                card.id,
                card.vram_gb
            );
            assert_eq!(vram, Some(card.vram_gb));
        } else {
            assert_eq!(id, name.trim());
        }
        println!("{name} {gb} GB -> {id}");
    }
    assert!(mapped > 0, "no real name reached a catalog card");
}
