//! The embedded catalog: counts, provenance on every entry, and forgiving, unambiguous names.

use bot_core::catalog::{Catalog, CatalogError, EntryKind, parse_date, today};

fn catalog() -> Catalog {
    Catalog::embedded().expect("embedded catalog loads")
}

fn assert_dated(what: &str, source: &str, as_of: &str) {
    assert!(!source.trim().is_empty(), "{what}: empty source");
    let day =
        parse_date(as_of).unwrap_or_else(|| panic!("{what}: as_of `{as_of}` is not YYYY-MM-DD"));
    assert!(day <= today() + 1, "{what}: as_of {as_of} is in the future");
}

#[test]
fn catalog_has_the_promised_breadth() {
    let c = catalog();
    assert!(c.gpus.len() >= 25, "{} GPUs", c.gpus.len());
    assert!(c.platforms.len() >= 30, "{} platforms", c.platforms.len());
    let cn = c.platforms.iter().filter(|p| p.region == "cn").count();
    assert!(cn >= 8, "{cn} Chinese platforms");
    assert!(c.models.len() >= 40, "{} models", c.models.len());
    assert!(c.fx_rate("USD", "CNY").is_some());

    for gpu in [
        "RTX 3090",
        "4090",
        "5090",
        "A10",
        "A10G",
        "L4",
        "L40S",
        "T4",
        "V100 16GB",
        "V100 32GB",
        "A100 40GB PCIe",
        "A100 40GB SXM",
        "A100 80GB PCIe",
        "A100 80GB SXM",
        "A800",
        "H100 PCIe",
        "H100 SXM",
        "H100 NVL",
        "H800",
        "H20",
        "H200",
        "B200",
        "RTX A6000",
        "RTX 6000 Ada",
        "4090D",
        "MI300X",
    ] {
        assert!(c.gpu(gpu).is_ok(), "GPU {gpu} missing");
    }
    for p in [
        "autodl",
        "恒源云",
        "矩池云",
        "featurize",
        "阿里云 PAI",
        "腾讯云 HAI",
        "火山引擎",
        "openbayes",
        "runpod",
        "vast",
        "lambda",
        "paperspace",
        "modal",
        "colab",
    ] {
        assert!(c.platform(p).is_ok(), "platform {p} missing");
    }
    for m in [
        "llama-2-7b",
        "llama-3-8b",
        "llama-3.1-70b",
        "llama-3.2-3b",
        "llama-3.3-70b",
        "qwen2.5-0.5b",
        "qwen2.5-72b",
        "qwen3-0.6b",
        "qwen3-32b",
        "qwen3-30b-a3b",
        "qwen3-235b-a22b",
        "deepseek-v3",
        "deepseek-r1",
        "deepseek-r1-distill-qwen-7b",
        "mistral-7b",
        "mixtral-8x7b",
        "gemma-2-9b",
        "gemma-3-27b",
        "phi-3-mini",
        "phi-4",
        "glm-4-9b",
    ] {
        assert!(c.model(m).is_ok(), "model {m} missing");
    }
}

#[test]
fn every_entry_says_where_it_came_from_and_when() {
    let c = catalog();
    for g in &c.gpus {
        assert_dated(&format!("gpu {}", g.id), &g.source, &g.as_of);
        assert!(
            g.vram_gb > 0.0
                && g.bandwidth_gbps().is_none_or(|b| b > 0.0)
                && g.tflops().is_none_or(|t| t > 0.0),
            "{}",
            g.id
        );
        assert!(
            matches!(g.fp16_accumulate.as_str(), "fp32" | "fp16"),
            "{}",
            g.id
        );
    }
    for p in &c.platforms {
        assert_dated(&format!("platform {}", p.id), &p.source, &p.as_of);
        assert_dated(
            &format!("platform {} billing", p.id),
            &p.billing.source,
            &p.billing.as_of,
        );
        assert_dated(
            &format!("platform {} barriers", p.id),
            &p.barriers.source,
            &p.barriers.as_of,
        );
        for q in &p.prices {
            assert_dated(&format!("price {}/{}", p.id, q.gpu), &q.source, &q.as_of);
        }
        for n in &p.credibility {
            assert_dated(&format!("credibility note of {}", p.id), &n.source, &n.date);
        }
    }
    for m in &c.models {
        assert_dated(&format!("model {}", m.id), &m.source, &m.as_of);
        assert!(
            m.layers > 0 && m.hidden > 0 && m.heads > 0 && m.kv_heads > 0 && m.vocab > 0,
            "{}",
            m.id
        );
        assert!(m.active_params_b <= m.params_b, "{}", m.id);
        assert_eq!(m.id, m.id.to_lowercase(), "model ids are lower-case");
    }
    for r in &c.fx {
        assert_dated(&format!("fx {}/{}", r.base, r.quote), &r.source, &r.as_of);
    }
}

#[test]
fn gpu_names_are_forgiving() {
    let c = catalog();
    for name in [
        "4090",
        "RTX4090",
        "GeForce RTX 4090",
        "rtx-4090",
        "NVIDIA GeForce RTX 4090",
    ] {
        assert_eq!(c.gpu(name).unwrap().id, "rtx-4090", "{name}");
    }
    assert_eq!(
        c.gpu("h100-sxm").unwrap().id,
        c.gpu("H100 80GB HBM3").unwrap().id
    );
    assert_eq!(c.gpu("h100-sxm").unwrap().vram_gb, 80.0);
    assert_ne!(c.gpu("4090D").unwrap().id, "rtx-4090");
}

#[test]
fn unknown_names_get_suggestions_not_a_crash() {
    let c = catalog();
    let nf = c.gpu("rtx 4909").unwrap_err();
    assert_eq!(nf.kind, EntryKind::Gpu);
    assert!(
        nf.suggestions.iter().any(|s| s.contains("4090")),
        "{:?}",
        nf.suggestions
    );
    let nf = c.platform("runpd").unwrap_err();
    assert!(
        nf.suggestions.iter().any(|s| s == "RunPod"),
        "{:?}",
        nf.suggestions
    );
    for junk in ["", "   ", "💥", "/////", &"x".repeat(10_000)] {
        assert!(c.gpu(junk).is_err());
        assert!(c.model(junk).is_err());
    }
}

#[test]
fn hugging_face_ids_resolve_to_the_same_model() {
    let c = catalog();
    assert_eq!(
        c.model("Qwen/Qwen2.5-7B-Instruct").unwrap().id,
        "qwen2.5-7b"
    );
    assert_eq!(c.model("qwen2.5-7b").unwrap().id, "qwen2.5-7b");
    assert_eq!(
        c.model("meta-llama/Llama-3.1-70B-Instruct").unwrap().id,
        "llama-3.1-70b"
    );
    assert!(c.model("deepseek-r1").unwrap().is_moe());
}

#[test]
fn an_alias_naming_two_gpus_is_rejected() {
    let gpu = |id: &str, alias: &str| {
        format!(
            "[[gpu]]\nid = \"{id}\"\nname = \"{id}\"\nvendor = \"nvidia\"\nvram_gb = 24\nmem_bandwidth_gbps = 1\nfp16_tflops = 1\nfp16_accumulate = \"fp32\"\ninterconnect = \"x\"\ntier = 1\naliases = [\"{alias}\"]\nsource = \"s\"\nas_of = \"2026-01-01\"\n"
        )
    };
    let gpus = format!(
        "{}{}",
        gpu("card-a", "Same Name"),
        gpu("card-b", "same-name")
    );
    let err = Catalog::from_sources(&gpus, "platform = []", "model = []", "rate = []").unwrap_err();
    assert!(
        matches!(err, CatalogError::Invalid(ref m) if m.contains("ambiguous")),
        "{err}"
    );
}

#[test]
fn a_catalog_dir_overrides_the_embedded_files() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("fx.toml"),
        "[[rate]]\nbase = \"USD\"\nquote = \"CNY\"\nrate = \"8\"\nsource = \"test\"\nas_of = \"2026-01-01\"\n",
    )
    .unwrap();
    let c = Catalog::load(Some(dir.path())).unwrap();
    assert_eq!(c.fx_rate("USD", "CNY").unwrap().0.to_string(), "8");
    assert_eq!(c.fx_rate("CNY", "USD").unwrap().0.to_string(), "0.125");
    // Files not in the directory still come from the embedded catalog.
    assert_eq!(c.gpus.len(), catalog().gpus.len());
    std::fs::write(dir.path().join("gpus.toml"), "not = [valid").unwrap();
    assert!(matches!(
        Catalog::load(Some(dir.path())),
        Err(CatalogError::Parse { .. })
    ));
}

/// Provider spellings in the real RunPod dump resolve to catalog GPUs of the same memory size.
#[test]
fn runpod_display_names_resolve_where_we_list_the_card() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../shared/data/runpod/gpuTypes_graphql_2025-06-21.json"
    );
    let Ok(text) = std::fs::read_to_string(path) else {
        println!("skipped: {path} not present (shared data is optional)");
        return;
    };
    let c = catalog();
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    let types = v
        .pointer("/data/gpuTypes")
        .or_else(|| v.get("gpuTypes"))
        .cloned()
        .unwrap_or(v);
    let mut resolved = 0;
    for t in types.as_array().expect("array of gpu types") {
        let id = t["id"].as_str().unwrap_or_default();
        if let Ok(g) = c.gpu(id) {
            resolved += 1;
            if let Some(mem) = t["memoryInGb"].as_f64() {
                assert!(
                    (g.vram_gb - mem).abs() <= 16.0,
                    "{id} -> {} ({} GB vs {mem})",
                    g.id,
                    g.vram_gb
                );
            }
        }
    }
    assert!(resolved >= 20, "only {resolved} RunPod GPU ids resolve");
}

/// Every Chinese platform says how it bills, how you pay and whether you must verify your
/// identity: a sourced value, or "unknown" with a record of where it was looked for.
#[test]
fn every_chinese_platform_has_billing_payment_and_real_name_facts_or_says_where_it_looked() {
    let c = catalog();
    let mut missing = Vec::new();
    for p in c.platforms.iter().filter(|p| p.region == "cn") {
        let facts = [
            ("billing.increment", p.billing.increment.is_known()),
            ("billing.starts_at", p.billing.starts_at.is_known()),
            (
                "barriers.payment_methods",
                !p.barriers.payment_methods.is_empty(),
            ),
            (
                "barriers.real_name_verification",
                p.barriers.real_name_verification.is_known(),
            ),
        ];
        for (field, known) in facts {
            let looked = p
                .looked_for_of(field)
                .is_some_and(|l| l.looked_in.iter().any(|w| !w.trim().is_empty()));
            if !known && !looked {
                missing.push(format!("{} {field}", p.id));
            }
            if known && looked {
                missing.push(format!(
                    "{} {field}: known but also listed as looked-for",
                    p.id
                ));
            }
        }
    }
    assert!(missing.is_empty(), "{missing:#?}");
}

/// The share of list prices dated within 180 days of the research pass (goal ≥ 80%).
#[test]
fn most_prices_are_recent() {
    let c = catalog();
    let reviewed = parse_date("2026-12-01").unwrap();
    let prices: Vec<_> = c.platforms.iter().flat_map(|p| &p.prices).collect();
    let fresh = prices
        .iter()
        .filter(|q| q.age_days(reviewed).is_some_and(|d| d <= 180))
        .count();
    let share = fresh as f64 / prices.len() as f64;
    let now = prices
        .iter()
        .filter(|q| q.age_days(today()).is_some_and(|d| d <= 180))
        .count() as f64
        / prices.len() as f64;
    println!(
        "prices dated within 180 days: {fresh}/{} = {:.0}% of the 2026-12-01 pass ({:.0}% today)",
        prices.len(),
        share * 100.0,
        now * 100.0
    );
    assert!(
        share >= 0.8,
        "only {:.0}% of prices are recent",
        share * 100.0
    );
    assert!(
        c.platforms
            .iter()
            .filter(|p| p.region == "cn")
            .flat_map(|p| &p.prices)
            .any(|q| q.gpu == "rtx-3090")
    );
}

/// AutoDL bills per second from boot, and its data-loss rule is in the catalog.
#[test]
fn autodl_bills_per_second_from_boot_and_deletes_stopped_instances_after_15_days() {
    let c = catalog();
    let a = c.platform("autodl").unwrap();
    assert_eq!(a.billing.increment.known().map(String::as_str), Some("1s"));
    assert_eq!(
        a.billing.starts_at,
        bot_core::fact::Fact::Known(bot_core::catalog::BillingStart::Boot)
    );
    assert!(a.barriers.payment_methods.contains(&"alipay".to_string()));
    let r = a
        .retention
        .iter()
        .find(|r| r.state == bot_core::catalog::InstanceState::Stopped)
        .unwrap();
    assert_eq!(
        r.after_seconds().unwrap().to_string(),
        (15 * 86_400).to_string()
    );
}

mod bad_values {
    //! Each kind of nonsense in a catalog file is a load error naming file, entry and field.
    use bot_core::catalog::{
        Catalog, CatalogError, EMBEDDED_FX, EMBEDDED_GPUS, EMBEDDED_MODELS, EMBEDDED_PLATFORMS,
    };

    fn err_of(gpus: &str, platforms: &str, models: &str, fx: &str) -> String {
        match Catalog::from_sources(gpus, platforms, models, fx) {
            Ok(_) => panic!(
                "accepted a bad catalog: {}",
                FIXTURE.with(|f| f.borrow().clone())
            ),
            Err(e) => e.to_string(),
        }
    }

    thread_local! {
        static FIXTURE: std::cell::RefCell<String> = const { std::cell::RefCell::new(String::new()) };
    }

    /// The embedded file with the first `from` replaced by `to`.
    fn with(file: &str, from: &str, to: &str) -> String {
        FIXTURE.with(|f| *f.borrow_mut() = to.to_string());
        assert!(file.contains(from), "fixture text `{from}` not found");
        file.replacen(from, to, 1)
    }

    fn assert_names(msg: &str, parts: &[&str]) {
        for p in parts {
            assert!(msg.contains(p), "`{p}` missing from: {msg}");
        }
    }

    fn bad_gpu(from: &str, to: &str, field: &str) {
        let (from, to) = (format!("\n{from}"), format!("\n{to}"));
        let m = err_of(
            &with(EMBEDDED_GPUS, &from, &to),
            EMBEDDED_PLATFORMS,
            EMBEDDED_MODELS,
            EMBEDDED_FX,
        );
        assert_names(&m, &["gpus.toml", field]);
    }

    #[test]
    fn gpu_numbers_must_be_positive_and_finite() {
        bad_gpu("vram_gb = 12", "vram_gb = -12", "vram_gb");
        bad_gpu("vram_gb = 12", "vram_gb = 0", "vram_gb");
        bad_gpu("fp16_tflops = ", "fp16_tflops = nan #", "fp16_tflops");
        bad_gpu("fp16_tflops = ", "fp16_tflops = inf #", "fp16_tflops");
        bad_gpu(
            "mem_bandwidth_gbps = ",
            "mem_bandwidth_gbps = 0 #",
            "mem_bandwidth_gbps",
        );
        bad_gpu("tier = ", "tier = 9 #", "tier");
        bad_gpu("vendor = \"nvidia\"", "vendor = \"nvidla\"", "vendor");
        bad_gpu(
            "form_factor = \"pcie\"",
            "form_factor = \"usb\"",
            "form_factor",
        );
        bad_gpu("as_of = \"", "as_of = \"yesterday\" #\"", "as_of");
    }

    #[test]
    fn impossible_dates_are_rejected() {
        let m = err_of(
            EMBEDDED_GPUS,
            &with(
                EMBEDDED_PLATFORMS,
                "as_of = \"2026-09-29\"",
                "as_of = \"2026-02-30\"",
            ),
            EMBEDDED_MODELS,
            EMBEDDED_FX,
        );
        assert_names(
            &m,
            &["platforms.toml", "platform `autodl`", "as_of", "2026-02-30"],
        );
    }

    #[test]
    fn exchange_rates_must_be_positive() {
        for bad in ["0", "-7", "0.0"] {
            let m = err_of(
                EMBEDDED_GPUS,
                EMBEDDED_PLATFORMS,
                EMBEDDED_MODELS,
                &with(
                    EMBEDDED_FX,
                    "rate = \"6.7489\"",
                    &format!("rate = \"{bad}\""),
                ),
            );
            assert_names(&m, &["fx.toml", "rate USD/CNY", "`rate`"]);
        }
        let m = err_of(
            EMBEDDED_GPUS,
            EMBEDDED_PLATFORMS,
            EMBEDDED_MODELS,
            &with(EMBEDDED_FX, "quote = \"CNY\"", "quote = \"XYZ\""),
        );
        assert_names(&m, &["fx.toml", "quote", "XYZ"]);
    }

    #[test]
    fn platform_values_must_be_known_words_and_sane_numbers() {
        let cases = [
            (
                "increment = \"1s\"",
                "increment = \"0s\"",
                "billing.increment",
            ),
            (
                "increment = \"1s\"",
                "increment = \"soon\"",
                "billing.increment",
            ),
            ("region = \"cn\"", "region = \"mars\"", "region"),
            (
                "payment_methods = [\"wechat\"",
                "payment_methods = [\"cheque\"",
                "barriers.payment_methods",
            ),
            ("amount = \"1.88\"", "amount = \"-1.88\"", "amount"),
            ("amount = \"1.88\"", "amount = \"0\"", "amount"),
            ("tier = \"on_demand\"", "tier = \"cheap\"", "tier"),
            (
                "after = \"15d\"",
                "after = \"fortnight\"",
                "retention[0].after",
            ),
            (
                "egress_price_per_gb = \"0\"",
                "egress_price_per_gb = \"-1\"",
                "billing.egress_price_per_gb",
            ),
            (
                "stopped_storage_billed = true",
                "stopped_storage_billed = false",
                "billing.stopped_storage_billed",
            ),
        ];
        for (from, to, field) in cases {
            let m = err_of(
                EMBEDDED_GPUS,
                &with(EMBEDDED_PLATFORMS, from, to),
                EMBEDDED_MODELS,
                EMBEDDED_FX,
            );
            assert_names(&m, &["platforms.toml", "autodl", field]);
        }
        // Enum-typed fields are refused by the parser, which names the file and the key.
        for (from, to, field) in [
            (
                "starts_at = \"boot\"",
                "starts_at = \"sometime\"",
                "starts_at",
            ),
            (
                "real_name_verification = \"some_services\"",
                "real_name_verification = \"maybe\"",
                "real_name_verification",
            ),
            ("state = \"stopped\"", "state = \"asleep\"", "state"),
            ("per = \"hour\"", "per = \"fortnight\"", "per"),
        ] {
            let m = err_of(
                EMBEDDED_GPUS,
                &with(EMBEDDED_PLATFORMS, from, to),
                EMBEDDED_MODELS,
                EMBEDDED_FX,
            );
            assert_names(&m, &["platforms.toml", field]);
        }
        // A note in one language only.
        let m = err_of(
            EMBEDDED_GPUS,
            &with(EMBEDDED_PLATFORMS, "note_zh = ", "note_zz = "),
            EMBEDDED_MODELS,
            EMBEDDED_FX,
        );
        assert_names(&m, &["platforms.toml", "note_zz"]);
    }

    #[test]
    fn model_numbers_must_be_positive() {
        for (from, to, field) in [
            ("params_b = 6.74", "params_b = -6.74", "params_b"),
            ("layers = 32", "layers = 0", "layers"),
            ("params_b = 6.74", "params_b = nan", "params_b"),
        ] {
            let m = err_of(
                EMBEDDED_GPUS,
                EMBEDDED_PLATFORMS,
                &with(EMBEDDED_MODELS, from, to),
                EMBEDDED_FX,
            );
            assert_names(&m, &["models.toml", field]);
        }
    }

    #[test]
    fn a_missing_catalog_dir_is_an_error_not_the_embedded_catalog() {
        let err =
            Catalog::load(Some(std::path::Path::new("/nonexistent/gpuscout-catalog"))).unwrap_err();
        assert!(matches!(err, CatalogError::Io { .. }), "{err}");
        assert!(
            err.to_string().contains("/nonexistent/gpuscout-catalog"),
            "{err}"
        );
    }
}
