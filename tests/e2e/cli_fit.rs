//! End-to-end: the `gpuscout fit | tco` binary with `--json` (names are a contract).

use gpuscout_testkit::cli::Cli;
use serde_json::Value;

fn gpuscout() -> Cli {
    Cli::new(env!("CARGO_BIN_EXE_gpuscout"))
}

fn json(args: &[&str]) -> Value {
    gpuscout().json(args)
}

#[test]
fn fit_json_has_the_contract_fields() {
    let v = json(&[
        "fit",
        "--model",
        "qwen2.5-7b",
        "--quant",
        "awq",
        "--context",
        "8192",
        "--gpu",
        "4090",
        "--json",
    ]);
    for k in [
        "model",
        "quant",
        "total_gib",
        "per_gpu_gib",
        "weights_gib",
        "kv_cache_gib",
        "activations_gib",
        "overhead_gib",
        "fits",
        "options",
    ] {
        assert!(v.get(k).is_some(), "missing {k}: {v}");
    }
    assert_eq!(v["model"], "qwen2.5-7b");
    assert_eq!(v["quant"], "awq");
    assert_eq!(v["fits"], true);
    // KV: 57344 B/token x 8192 = 0.4375 GiB.
    assert!((v["kv_cache_gib"].as_f64().unwrap() - 0.44).abs() < 0.006);
    let sum = [
        "weights_gib",
        "kv_cache_gib",
        "activations_gib",
        "overhead_gib",
    ]
    .iter()
    .map(|k| v[*k].as_f64().unwrap())
    .sum::<f64>();
    assert!((sum - v["total_gib"].as_f64().unwrap()).abs() < 0.05);
}

#[test]
fn fit_without_gpu_lists_options_and_size_only_works() {
    let v = json(&[
        "fit",
        "--model",
        "qwen2.5-72b",
        "--quant",
        "int4",
        "--context",
        "32768",
        "--json",
    ]);
    assert!(v.get("fits").is_none());
    let opts = v["options"].as_array().unwrap();
    assert!(!opts.is_empty());
    for o in opts {
        assert!(o["gpu"].is_string() && o["cards"].as_u64().unwrap() >= 1);
    }
    let v = json(&["fit", "--model", "13b", "--quant", "q4_k_m", "--json"]);
    assert_eq!(v["size_only"], true);
}

#[test]
fn fit_training_flags_and_engine() {
    let v = json(&[
        "fit",
        "--model",
        "llama-3.1-8b",
        "--quant",
        "nf4",
        "--task",
        "qlora",
        "--context",
        "2048",
        "--grad-checkpointing",
        "--gpu",
        "rtx 4090",
        "--json",
    ]);
    assert_eq!(v["fits"], true);
    let v = json(&[
        "fit",
        "--model",
        "qwen2.5-72b",
        "--quant",
        "bf16",
        "--engine",
        "vllm",
        "--gpus",
        "4",
        "--gpu",
        "h100-sxm",
        "--json",
    ]);
    assert_eq!(v["fits"], true);
    assert_eq!(v["engine"], "vllm");
}

#[test]
fn fit_bad_input_fails_cleanly() {
    let calls = [
        vec!["fit", "--model", "qwen2.5-7b", "--quant", "q9", "--json"],
        vec!["fit", "--model", "nosuchmodel", "--quant", "int4"],
        vec![
            "fit",
            "--model",
            "qwen2.5-7b",
            "--quant",
            "int4",
            "--context",
            "0",
        ],
        vec![
            "fit",
            "--model",
            "qwen2.5-7b",
            "--quant",
            "int4",
            "--gpu",
            "nosuchgpu",
        ],
        vec![
            "fit",
            "--model",
            "qwen2.5-7b",
            "--quant",
            "q4_k_m",
            "--task",
            "full",
        ],
    ];
    // Independent one-shot calls, side by side.
    let runs = gpuscout().run_all(&calls);
    for (args, r) in calls.iter().zip(runs) {
        let (ok, out, err) = (r.ok, r.stdout, r.stderr);
        assert!(!ok, "{args:?} should fail: {out}");
        assert!(err.starts_with("error:"), "{err}");
        assert!(!err.contains("panicked"), "{err}");
    }
}

#[test]
fn tco_json_by_hand() {
    let v = json(&[
        "tco",
        "--model",
        "qwen2.5-7b",
        "--quant",
        "int4",
        "--gpu",
        "4090",
        "--price",
        "0.5",
        "--per",
        "hour",
        "--currency",
        "USD",
        "--tokens-per-day",
        "20000000",
        "--api-price-per-mtok",
        "0.3",
        "--json",
    ]);
    // Break-even: 0.5 $/h x 24 h = 12 $/day; 12 / 0.3 $ per 1M = 40M tokens/day.
    assert!((v["break_even_tokens_per_day"].as_f64().unwrap() - 40e6).abs() < 1.0);
    // API at 20M/day: 20 x 0.3 = 6 $/day.
    assert!((v["api_cost_per_day"].as_f64().unwrap() - 6.0).abs() < 1e-9);
    // Busy-hours cost = 0.5e6 / (3600 x tok/s).
    let tps = v["tokens_per_second"].as_f64().unwrap();
    let busy = v["busy_cost_per_mtok"].as_f64().unwrap();
    assert!((busy - 0.5e6 / (3600.0 * tps)).abs() < 1e-3);
    // A day price divides by 24.
    let d = json(&[
        "tco",
        "--model",
        "qwen2.5-7b",
        "--quant",
        "int4",
        "--gpu",
        "4090",
        "--price",
        "12",
        "--per",
        "day",
        "--tokens-per-day",
        "1000000",
        "--json",
    ]);
    assert!((d["price_per_hour"].as_f64().unwrap() - 0.5).abs() < 1e-9);
    assert_eq!(d["verdict"], "unknown");
}

/// `--tokens-per-day` reads what the chat's `/tco` reads (`20m`, `2000万`), and a model that
/// does not fit the cards carries no break-even volume.
#[test]
fn tco_with_expert_offload_fits_and_prices_no_token() {
    // gpt-oss-120b on one RTX 4090: whole it does not fit; with every expert (or the first 30
    // layers' experts) in system RAM it does, and the host sets the speed: no cost figure.
    let run = |extra: &[&str]| {
        let mut a = vec![
            "tco",
            "--model",
            "gpt-oss-120b",
            "--quant",
            "mxfp4",
            "--gpu",
            "4090",
            "--price",
            "0.5",
            "--tokens-per-day",
            "10m",
            "--api-price-per-mtok",
            "0.3",
            "--json",
        ];
        a.extend_from_slice(extra);
        json(&a)
    };
    assert_eq!(run(&[])["verdict"], "no_fit");
    for (extra, said) in [
        (&["--cpu-moe"][..], serde_json::json!("all")),
        (&["--n-cpu-moe", "30"][..], serde_json::json!(30)),
    ] {
        let v = run(extra);
        assert_eq!(v["fits"], true, "{v}");
        assert_eq!(v["verdict"], "speed_unknown", "{v}");
        assert_eq!(v["cpu_moe"], said, "{v}");
        for key in [
            "busy_cost_per_mtok",
            "always_on_cost_per_mtok",
            "tokens_per_second",
            "break_even_tokens_per_day",
        ] {
            assert!(v.get(key).is_none(), "{key}: {v}");
        }
        assert!(v["api_cost_per_day"].is_null(), "{v}");
    }
}

#[test]
fn tco_tokens_per_day_reads_like_the_chat_and_no_fit_has_no_break_even() {
    let run = |model: &str, quant: &str, tokens: &str| {
        json(&[
            "tco",
            "--model",
            model,
            "--quant",
            quant,
            "--gpu",
            "4090",
            "--price",
            "0.5",
            "--tokens-per-day",
            tokens,
            "--api-price-per-mtok",
            "0.3",
            "--json",
        ])
    };
    for words in ["20m", "2000万", "20,000,000", "20000000"] {
        let v = run("qwen2.5-7b", "int4", words);
        assert_eq!(v["tokens_per_day"].as_f64(), Some(20e6), "{words}: {v}");
        assert!(v["break_even_tokens_per_day"].as_f64().is_some(), "{v}");
    }
    let no_fit = run("llama-3.1-70b", "bf16", "10m");
    assert_eq!(no_fit["verdict"], "no_fit", "{no_fit}");
    assert!(
        no_fit.get("break_even_tokens_per_day").is_none(),
        "{no_fit}"
    );
    assert!(no_fit.get("busy_cost_per_mtok").is_none(), "{no_fit}");
}

/// `--grad-accum N` (the chat's `accum=N`): with 1, the gradients of full fine-tuning are not
/// held beside the forward pass, so less must be allocated; the card's reserved figure stays;
/// 8 is the default's sum; 0 or an inference run is an error, not a silent default.
#[test]
fn grad_accum_one_lowers_what_full_fine_tuning_must_allocate() {
    let run = |extra: &[&str]| {
        let mut a = vec![
            "fit",
            "--model",
            "llama-3.2-1b",
            "--quant",
            "bf16",
            "--task",
            "full",
            "--context",
            "4096",
            "--batch",
            "4",
            "--grad-checkpointing",
            "--gpu",
            "h100-sxm",
            "--json",
        ];
        a.extend_from_slice(extra);
        json(&a)
    };
    let need = |v: &Value| v["per_gpu_required_gib"].as_f64().unwrap();
    let default = run(&[]);
    let one = run(&["--grad-accum", "1"]);
    let eight = run(&["--grad-accum", "8"]);
    // Llama-3.2-1B's 1.24e9 gradients in bf16: 2.3 GiB.
    let saved = need(&default) - need(&one);
    assert!((2.2..2.4).contains(&saved), "{saved}");
    assert_eq!(need(&default), need(&eight));
    assert_eq!(default["per_gpu_gib"], one["per_gpu_gib"]);
    let bad = gpuscout().run(&[
        "fit",
        "--model",
        "llama-3.2-1b",
        "--task",
        "full",
        "--grad-accum",
        "0",
    ]);
    assert!(!bad.ok, "{}", bad.stdout);
    let infer = gpuscout().run(&["fit", "--model", "llama-3.2-1b", "--grad-accum", "1"]);
    assert!(!infer.ok, "{}", infer.stdout);
}
