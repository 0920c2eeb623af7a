//! End-to-end: the `gpuscout` binary's convert / cost / compare, JSON for scripts.

use serde_json::Value;

use gpuscout_testkit::cli::Cli;

fn gpuscout() -> Cli {
    Cli::new(env!("CARGO_BIN_EXE_gpuscout"))
}

fn json(args: &[&str]) -> Value {
    gpuscout().json(args)
}

fn run(args: &[&str]) -> (bool, String, String) {
    let r = gpuscout().run(args);
    (r.ok, r.stdout, r.stderr)
}

fn num(v: &Value, k: &str) -> f64 {
    v[k].as_f64()
        .unwrap_or_else(|| panic!("{k} is not a number in {v}"))
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-9 * b.abs().max(1.0)
}

#[test]
fn convert_json() {
    // 0.0007 $/s × 3600 = 2.52 $/h
    let v = json(&["convert", "0.0007", "--per", "s", "--to", "hour", "--json"]);
    assert!(close(num(&v, "amount"), 2.52), "{v}");
    assert_eq!(
        (v["unit"].as_str(), v["currency"].as_str()),
        (Some("hour"), Some("USD"))
    );
    // ¥730/month -> ¥1/hour (730 h a month), then to USD at an explicit 7.3 CNY per USD:
    // 1 / 7.3 = 0.136986...
    let v = json(&[
        "convert",
        "730",
        "--per",
        "month",
        "--to",
        "h",
        "--currency",
        "cny",
        "--to-currency",
        "usd",
        "--fx-rate",
        "0.1369863013698630136986301370",
        "--json",
    ]);
    assert!(close(num(&v, "amount"), 1.0 / 7.3), "{v}");
    assert_eq!(v["currency"], "USD");
    assert!(
        v["assumptions"]
            .as_array()
            .unwrap()
            .iter()
            .any(|a| a["key"] == "month")
    );
    // Round trip through the binary: 2.52 $/h -> per second = 0.0007.
    let v = json(&[
        "convert", "2.52", "--per", "hour", "--to", "second", "--json",
    ]);
    assert!(close(num(&v, "amount"), 0.0007), "{v}");
    // Catalog FX: the rate and its date are in the answer.
    let v = json(&[
        "convert",
        "1",
        "--per",
        "h",
        "--to",
        "h",
        "--to-currency",
        "cny",
        "--json",
    ]);
    let fx = &v["assumptions"][0];
    assert_eq!(
        (fx["key"].as_str(), fx["origin"].as_str()),
        (Some("fx"), Some("catalog"))
    );
    assert!(fx["as_of"].as_str().unwrap().len() == 10);
}

#[test]
fn cost_json_manual_rule() {
    // Worked example: monthly price for one afternoon pays the month.
    let v = json(&[
        "cost",
        "--price",
        "1000",
        "--per",
        "month",
        "--currency",
        "CNY",
        "--increment",
        "1mo",
        "--work",
        "4h",
        "--json",
    ]);
    // 730 h × 3600 = 2,628,000 s; ¥1000 / 4 h = ¥250 per useful hour.
    assert!(close(num(&v, "billed_seconds"), 2_628_000.0));
    assert!(close(num(&v, "total_cost"), 1000.0));
    assert!(close(num(&v, "effective_per_useful_hour"), 250.0));
    for k in ["compute_cost", "storage_cost", "egress_cost"] {
        num(&v, k);
    }
    // Per-second with boot and pull billed; storage and transfer add up into the total.
    let v = json(&[
        "cost",
        "--price",
        "0.0007",
        "--per",
        "s",
        "--work",
        "40m",
        "--boot",
        "3m",
        "--pull",
        "2m",
        "--increment",
        "1s",
        "--billing-starts",
        "boot",
        "--storage-gb",
        "100",
        "--storage-price",
        "0.073",
        "--egress-gb",
        "10",
        "--egress-price",
        "0.05",
        "--json",
    ]);
    // compute: 2700 s × 0.0007 = 1.89; storage: 100 × 0.073 × 2700 / 2,628,000 = 0.0075;
    // egress: 10 × 0.05 = 0.5; total 2.3975.
    assert!(close(num(&v, "billed_seconds"), 2700.0));
    assert!(close(num(&v, "compute_cost"), 1.89));
    assert!(close(num(&v, "storage_cost"), 0.0075));
    assert!(close(num(&v, "egress_cost"), 0.5));
    assert!(close(num(&v, "total_cost"), 2.3975));
    let a = v["assumptions"].as_array().unwrap();
    let starts = a.iter().find(|x| x["key"] == "starts_at").unwrap();
    assert_eq!(starts["origin"], "user");
    // Commitment tier chosen when cheaper: 10 days straight at $1/h = $240 vs a $150 month.
    let v = json(&[
        "cost",
        "--price",
        "1",
        "--per",
        "h",
        "--work",
        "10d",
        "--increment",
        "1h",
        "--tier",
        "month=150",
        "--json",
    ]);
    assert!(close(num(&v, "total_cost"), 150.0), "{v}");
}

#[test]
fn cost_json_from_the_catalog() {
    let v = json(&[
        "cost",
        "--platform",
        "runpod",
        "--gpu",
        "rtx 4090",
        "--work",
        "40m",
        "--json",
    ]);
    // RunPod community 4090 $0.34/h, per-second, with the first run's 3 min boot + 2 min
    // image pull counted (billed, unverified): 2700 s; its minimum charge is unpublished, so
    // the worst case bills one unit of the price, 1 h: $0.34. At best (boot free, no minimum)
    // the 40 minutes alone, 2400 s × 0.34 / 3600 = 0.22666...
    assert!(close(num(&v, "total_cost"), 0.34), "{v}");
    assert!(
        close(num(&v, "best_case_total_cost"), 0.34 * 2400.0 / 3600.0),
        "{v}"
    );
    let boot = v["assumptions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["key"] == "boot")
        .unwrap();
    assert_eq!(
        (boot["value"].as_str(), boot["origin"].as_str()),
        (Some("3m"), Some("assumed"))
    );
    assert_eq!(v["currency"], "USD");
    assert_eq!(v["stale"], true);
    let inc = v["assumptions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["key"] == "increment")
        .unwrap();
    assert_eq!(
        (inc["value"].as_str(), inc["origin"].as_str()),
        (Some("1s"), Some("catalog"))
    );
    assert!(inc["source"].as_str().unwrap().contains("runpod"));
}

#[test]
fn compare_json_is_ranked() {
    let v = json(&["compare", "--gpu", "4090", "--work", "3h", "--json"]);
    let list = v.as_array().unwrap();
    assert!(list.len() >= 3);
    // Firm prices first, "from" floors after them (a floor is no price to count on); each
    // group cheapest first.
    let totals: Vec<(bool, f64)> = list
        .iter()
        .map(|x| {
            (
                x["list_price_from"] == Value::Bool(true),
                num(x, "total_cost"),
            )
        })
        .collect();
    assert!(totals.windows(2).all(|w| w[0] <= w[1]), "{totals:?}");
    for (i, x) in list.iter().enumerate() {
        assert_eq!(x["rank"].as_u64(), Some(i as u64 + 1));
        for k in [
            "billed_seconds",
            "compute_cost",
            "storage_cost",
            "egress_cost",
            "effective_per_useful_hour",
        ] {
            num(x, k);
        }
        assert!(x["platform_id"].is_string() && x["stale"].is_boolean());
        // Per useful hour over 3 useful hours equals total / 3.
        assert!(close(
            num(x, "effective_per_useful_hour"),
            num(x, "total_cost") / 3.0
        ));
    }
    let (ok, out, _) = run(&[
        "compare",
        "--gpu",
        "4090",
        "--daily",
        "4h",
        "--currency",
        "cny",
    ]);
    assert!(ok && out.contains("4h a day for 30 days") && !out.contains("730 hours"));
}

#[test]
fn bad_input_fails_with_a_clear_message() {
    let cases = [
        (
            vec![
                "cost",
                "--price",
                "1",
                "--per",
                "h",
                "--work",
                "1h",
                "--increment",
                "0s",
            ],
            "increment of zero",
        ),
        (
            vec!["cost", "--price", "1", "--per", "h", "--work", "-1h"],
            "can't be negative",
        ),
        (
            vec!["cost", "--price", "1", "--per", "fortnight", "--work", "1h"],
            "fortnight",
        ),
        (
            vec![
                "cost",
                "--price",
                "99999999999999999999999999999999",
                "--per",
                "h",
                "--work",
                "1h",
            ],
            "too large",
        ),
        (
            vec!["cost", "--price", "1", "--per", "h", "--work", "0s"],
            "no useful work",
        ),
        (
            vec!["convert", "-5", "--per", "h", "--to", "s"],
            "can't be negative",
        ),
        (
            vec![
                "convert",
                "5",
                "--per",
                "h",
                "--to",
                "s",
                "--to-currency",
                "xyz",
            ],
            "no exchange rate",
        ),
        (
            vec!["compare", "--gpu", "4909", "--work", "1h"],
            "Did you mean",
        ),
        // Issue 11: a job nobody can price is an error with its reason, never an empty ranking.
        (
            vec!["compare", "--gpu", "4090", "--work", "0s"],
            "no useful work",
        ),
        (
            vec![
                "compare",
                "--gpu",
                "4090",
                "--work",
                "3h",
                "--currency",
                "eur",
            ],
            "no exchange rate",
        ),
        (
            vec!["compare", "--gpu", "4090", "--daily", "25h"],
            "at most 24 hours",
        ),
        (
            vec!["compare", "--gpu", "4090", "--daily", "2h", "--days", "0"],
            "--days",
        ),
        (
            vec![
                "cost",
                "--platform",
                "runpood",
                "--gpu",
                "4090",
                "--work",
                "1h",
            ],
            "RunPod",
        ),
        (
            vec![
                "cost",
                "--price",
                "1",
                "--per",
                "h",
                "--work",
                "1h",
                "--storage-gb",
                "5",
            ],
            "--storage-price",
        ),
    ];
    let calls: Vec<Vec<&str>> = cases.iter().map(|(args, _)| args.clone()).collect();
    for ((args, needle), r) in cases.iter().zip(gpuscout().run_all(&calls)) {
        let (ok, err) = (r.ok, r.stderr);
        assert!(!ok, "{args:?} should fail");
        assert!(err.contains(needle), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

#[test]
fn a_bad_or_misplaced_tier_is_a_clear_error_never_ignored() {
    let platform = [
        "cost",
        "--platform",
        "runpod",
        "--gpu",
        "4090",
        "--work",
        "1h",
    ];
    let own = ["cost", "--price", "0.5", "--per", "hour", "--work", "1h"];
    for base in [&platform[..], &own[..]] {
        for bad in ["abc", "month=", "fortnight=900", "month=cheap"] {
            let args: Vec<&str> = base.iter().copied().chain(["--tier", bad]).collect();
            let (ok, _, err) = run(&args);
            assert!(!ok, "{args:?} was accepted");
            let named = bad.split('=').any(|p| !p.is_empty() && err.contains(p));
            assert!(err.contains("tier") || named, "{args:?}: {err}");
        }
    }
    // A well-formed tier with a catalog platform is refused too: it would be ignored.
    let args: Vec<&str> = platform
        .iter()
        .copied()
        .chain(["--tier", "month=900"])
        .collect();
    let (ok, _, err) = run(&args);
    assert!(
        !ok && err.contains("--tier") && err.contains("--price"),
        "{err}"
    );
    // With a price of one's own it is used.
    let args: Vec<&str> = own.iter().copied().chain(["--tier", "month=900"]).collect();
    assert!(run(&args).0);
}

/// `compare --json` gave a "from" price (the lowest of several configurations, `from ¥1.54/hour`
/// in `/gpu`) as a plain `list_price`: a script could not tell a floor from the price. Each row
/// now says `list_price_from: true` exactly when the platform's own quote (`platform --json`) is
/// a "from" price, for every card tried.
#[test]
fn compare_json_marks_a_from_price() {
    let cli = gpuscout();
    let parse = |r: gpuscout_testkit::cli::Run, args: &[&str]| -> Value {
        assert!(r.ok, "{args:?} failed: {}", r.stderr);
        serde_json::from_str(&r.stdout).unwrap_or_else(|e| panic!("{e}: {}", r.stdout))
    };
    // The five rankings side by side, then each platform's quote once (17 platforms for 40
    // rows), side by side: every call is a one-shot process of its own.
    let compares: Vec<Vec<&str>> = ["4090", "3090", "a100", "5090", "h100"]
        .into_iter()
        .map(|gpu| vec!["compare", "--gpu", gpu, "--work", "3h", "--json"])
        .collect();
    let rows: Vec<Value> = cli
        .run_all(&compares)
        .into_iter()
        .zip(&compares)
        .flat_map(|(r, args)| {
            parse(r, args)
                .as_array()
                .expect("an array of offers")
                .clone()
        })
        .collect();
    let mut ids: Vec<&str> = rows
        .iter()
        .map(|row| row["platform_id"].as_str().unwrap())
        .collect();
    ids.sort_unstable();
    ids.dedup();
    let quotes: Vec<Vec<&str>> = ids
        .iter()
        .map(|id| vec!["platform", id, "--json"])
        .collect();
    let platforms: std::collections::HashMap<&str, Value> = ids
        .iter()
        .copied()
        .zip(
            cli.run_all(&quotes)
                .into_iter()
                .zip(&quotes)
                .map(|(r, args)| parse(r, args)),
        )
        .collect();
    let mut froms = 0;
    for row in &rows {
        let platform = &platforms[row["platform_id"].as_str().unwrap()];
        let quote_from = platform["price"].as_array().unwrap().iter().any(|q| {
            q["gpu"] == row["gpu_id"]
                && q["tier"] == row["tier"]
                && q["from"] == Value::Bool(true)
                && (q["amount"].as_str().and_then(|a| a.parse::<f64>().ok())
                    == row["list_price"].as_f64())
        });
        let said = row.get("list_price_from") == Some(&Value::Bool(true));
        assert_eq!(said, quote_from, "{}: {row}", row["gpu_id"]);
        froms += usize::from(said);
    }
    if froms == 0 {
        // The catalog may lose its "from" rows; the agreement above still held for every row.
        eprintln!(
            "no \"from\" price among the compared rows today: only their absence was checked"
        );
    }
}

/// Issue 25: `compare --json` ranks firm prices ahead of "from" floors for every card, and
/// says what one instance holds (`instance_cards`, and `paid_cards` when the job pays for a
/// bigger instance whole); `tco --json` names the quote its card price rests on (platform,
/// listed price, tier, instance, "from", date, source), one `platform --json` lists, and a
/// setup that does not fit carries no price, basis or cost.
#[test]
fn compare_and_tco_json_carry_their_price_basis() {
    for gpu in [
        "4090",
        "3090",
        "a100-80g-sxm",
        "rtx-pro-6000",
        "h100",
        "v100",
    ] {
        for cards in ["1", "2"] {
            let v = json(&[
                "compare", "--gpu", gpu, "--work", "3h", "--cards", cards, "--json",
            ]);
            let list = v.as_array().unwrap();
            let floors: Vec<bool> = list
                .iter()
                .map(|x| x["list_price_from"] == Value::Bool(true))
                .collect();
            assert!(floors.windows(2).all(|w| w[0] <= w[1]), "{gpu}: {v}");
            for x in list {
                let instance = x["instance_cards"].as_u64().unwrap();
                let job: u64 = cards.parse().unwrap();
                match x.get("paid_cards") {
                    Some(p) => assert!(instance > job && p.as_u64() >= Some(job), "{x}"),
                    None => assert!(instance <= job, "{x}"),
                }
            }
        }
    }
    for gpu in ["4090", "3090", "rtx-pro-6000", "h100"] {
        let v = json(&[
            "tco",
            "--model",
            "qwen2.5-7b",
            "--quant",
            "int4",
            "--gpu",
            gpu,
            "--tokens-per-day",
            "20m",
            "--json",
        ]);
        let b = &v["price_basis"];
        assert_eq!(b["kind"], "catalog", "{v}");
        for k in [
            "platform_id",
            "platform",
            "price_currency",
            "per",
            "tier",
            "source",
        ] {
            assert!(b[k].is_string(), "{k}: {v}");
        }
        assert!(
            b["from"].is_boolean() && b["instance_cards"].as_u64() >= Some(1),
            "{v}"
        );
        assert!(b["as_of"].is_string() || b["as_of"].is_null(), "{v}");
        assert_ne!(b["tier"], "spot", "{v}");
        // The quote is one the platform lists.
        let platform = json(&["platform", b["platform_id"].as_str().unwrap(), "--json"]);
        let listed = platform["price"].as_array().unwrap().iter().any(|q| {
            q["tier"] == b["tier"]
                && q["amount"].as_str().and_then(|a| a.parse::<f64>().ok())
                    == b["list_price"].as_f64()
                && q["from"].as_bool().unwrap_or(false) == b["from"].as_bool().unwrap()
        });
        assert!(listed, "{gpu}: {v}\n{platform}");
        assert!(num(&v, "price_per_hour") > 0.0, "{v}");
    }
    let user = json(&[
        "tco",
        "--model",
        "qwen2.5-7b",
        "--quant",
        "int4",
        "--gpu",
        "4090",
        "--price",
        "0.5",
        "--tokens-per-day",
        "20m",
        "--json",
    ]);
    assert_eq!(user["price_basis"]["kind"], "user", "{user}");
    let no_fit = json(&[
        "tco",
        "--model",
        "qwen2.5-72b",
        "--quant",
        "bf16",
        "--gpu",
        "4090",
        "--tokens-per-day",
        "20m",
        "--api-price-per-mtok",
        "0.3",
        "--json",
    ]);
    assert_eq!(no_fit["verdict"], "no_fit", "{no_fit}");
    for (k, x) in no_fit.as_object().unwrap() {
        let priced = k == "price_per_hour" || k == "price_basis" || k.contains("cost");
        assert!(!priced || x.is_null(), "{k}: {no_fit}");
    }
}
