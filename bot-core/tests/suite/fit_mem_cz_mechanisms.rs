//! mem_cz (session 30): AutoAWQ's `examples/benchmark.py` sizes the fused modules' static cache
//! by release. Before 419a242 (#631, first in 0.2.7) it loads each round with
//! `max_new_tokens=n_generate` (0.1.x) or `max_seq_len=n_generate` (0.2.0 to 0.2.6), so the
//! `WindowedCache` holds the decoded tokens only; from 0.2.7 `max_seq_len=n_generate+context`.
//! Every round of the script decodes as many tokens as it prefills. Estimator cases on a model of
//! no AutoAWQ row; table rows checked against the reading of their release.

use bot_core::Catalog;
use bot_core::vram::{AwqFused, FitRequest, ModelRef, Quant, Task, estimate};

const TABLES: [(&str, &str); 6] = [
    (
        "measured_memory.tsv",
        include_str!("../data/measured_memory.tsv"),
    ),
    (
        "heldout",
        include_str!("../data/measured_memory_heldout.tsv"),
    ),
    (
        "heldout12",
        include_str!("../data/measured_memory_heldout12.tsv"),
    ),
    (
        "heldout30",
        include_str!("../data/measured_memory_heldout30.tsv"),
    ),
    (
        "heldout38",
        include_str!("../data/measured_memory_heldout38.tsv"),
    ),
    (
        "heldout50",
        include_str!("../data/measured_memory_heldout50.tsv"),
    ),
];

fn flag(flags: &str, name: &str) -> Option<String> {
    flags
        .split_whitespace()
        .find_map(|f| f.strip_prefix(name).map(str::to_string))
}

/// Whether a release written `0.2.7` (or none, the 0.1.x tables) builds the cache from prefill +
/// decode.
fn cache_holds_prompt(release: Option<&str>) -> bool {
    let Some(r) = release else { return false };
    let nums: Vec<u32> = r.split('.').map_while(|p| p.parse().ok()).collect();
    matches!(nums[..], [0, 2, p, ..] if p >= 7) || matches!(nums[..], [0, m, ..] if m > 2)
}

#[test]
fn every_autoawq_row_sizes_the_cache_as_its_release_does() {
    let mut seen = 0;
    for (name, text) in TABLES {
        for line in text.lines().filter(|l| !l.starts_with('#')) {
            let cols: Vec<&str> = line.split('\t').collect();
            if cols.len() < 11 || cols[9] != "transformers" {
                continue;
            }
            let Some(fused) = flag(cols[10], "--autoawq-fused=") else {
                continue;
            };
            let fused: u32 = fused.parse().unwrap();
            let context: u32 = cols[3].parse().unwrap();
            let release = flag(cols[10], "--autoawq-release=");
            let want = if cache_holds_prompt(release.as_deref()) {
                context
            } else {
                context / 2
            };
            assert_eq!(fused, want, "{name}: {line}");
            if let Some(d) = flag(cols[10], "--new-tokens=") {
                assert_eq!(d.parse::<u32>().unwrap(), context / 2, "{name}: {line}");
            }
            seen += 1;
        }
    }
    assert!(seen >= 38, "{seen} AutoAWQ rows");
}

fn bench<'a>(c: &'a Catalog, prompt: u32, cache: u32, batch: u32) -> FitRequest<'a> {
    let mut r = FitRequest::new(
        ModelRef::Known(c.model("qwen2.5-7b").unwrap()),
        Quant::Awq,
        Task::Infer,
    );
    r.context = 2 * prompt;
    r.batch = batch;
    r.new_tokens = Some(prompt);
    r.autoawq_fused = Some(AwqFused {
        cache_tokens: cache,
        keeps_unfused_qkv: false,
        prefill: Default::default(),
    });
    r
}

/// A decode-length cache is half a prefill + decode one, and that is all it changes: the prompt
/// (within the cache) is attended and scored the same.
#[test]
fn decode_length_cache_halves_the_cache_and_nothing_else() {
    let c = Catalog::embedded().unwrap();
    // The report rounds to 0.01 GiB, hence the tolerances.
    for (prompt, batch) in [(2048, 1), (4096, 1), (2048, 4)] {
        let d = estimate(&c, &bench(&c, prompt, prompt, batch)).unwrap();
        let pd = estimate(&c, &bench(&c, prompt, 2 * prompt, batch)).unwrap();
        let (kd, kpd) = (d.per_gpu.kv_cache_gib, pd.per_gpu.kv_cache_gib);
        assert!(kd > 0.0 && (2.0 * kd - kpd).abs() < 0.021, "{kd} vs {kpd}");
        assert!((d.per_gpu.activations_gib - pd.per_gpu.activations_gib).abs() < 0.011);
        assert!(((pd.total_gib - d.total_gib) - (kpd - kd)).abs() < 0.021);
    }
    // Qwen2.5-7B: 28 layers x 4 KV heads x 128 x 2 (k, v) x 2 bytes a token.
    let one = estimate(&c, &bench(&c, 2048, 2048, 1)).unwrap();
    let four = estimate(&c, &bench(&c, 2048, 2048, 4)).unwrap();
    let per_token = 28.0 * 4.0 * 128.0 * 2.0 * 2.0 / 1_073_741_824.0;
    assert!((one.per_gpu.kv_cache_gib - 2048.0 * per_token).abs() < 0.01);
    assert!((four.per_gpu.kv_cache_gib - 4.0 * one.per_gpu.kv_cache_gib).abs() < 0.03);
}
