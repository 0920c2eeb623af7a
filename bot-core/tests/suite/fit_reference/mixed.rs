//! A held-out table with language-model and image/video rows (held-outs 5 and 6): the
//! language-model rows through the CLI's path ([`super::public::score`]), the pipeline rows
//! through the image/video estimate, scored together. One reading of the table's columns for
//! every such table.

use super::public::{Score, score};
use bot_core::Catalog;
use bot_core::diffusion::{self, DiffusionRequest, Offload, Precision, estimate};

/// The table's lines for language models (pipeline rows left out), header and comments kept.
pub fn llm_rows(table: &str) -> String {
    table
        .lines()
        .filter(|l| {
            l.starts_with('#')
                || l.trim().is_empty()
                || diffusion::find(l.split('\t').next().unwrap_or("")).is_none()
        })
        .map(|l| format!("{l}\n"))
        .collect()
}

/// One image/video row replayed as `gpuscout fit` would.
pub struct PipelineRow {
    pub label: String,
    /// Error as a share of the measured figure.
    pub err: f64,
    pub est: f64,
    pub measured: String,
    pub source: String,
}

/// The image/video rows of `table` replayed through the pipeline estimate, on the row's basis:
/// what the card showed (`smi`), `max_memory_reserved` (no CUDA context) or
/// `max_memory_allocated` (neither the context nor the allocator's reserve).
pub fn pipeline_rows(table: &str) -> Vec<PipelineRow> {
    let mut out = Vec::new();
    for line in table.lines().filter(|l| !l.starts_with('#')) {
        let f: Vec<&str> = line.split('\t').collect();
        let Some(p) = diffusion::find(f[0]) else {
            continue;
        };
        assert!(f.len() >= 13, "13 columns: {line}");
        let mut r = DiffusionRequest::new(p);
        r.precision = Some(match f[2] {
            "fp32" => Precision::Fp32,
            "bf16" => Precision::Bf16,
            "fp16" => Precision::Fp16,
            "fp8" => Precision::Fp8,
            "q8_0" => Precision::Q8_0,
            "q4_0" => Precision::Q4_0,
            "nf4" => Precision::Nf4,
            other => panic!("unknown image/video precision {other}"),
        });
        r.batch = f[4].parse().expect("batch");
        for flag in f[10].split_whitespace().filter(|x| *x != "-") {
            if let Some(res) = flag.strip_prefix("--res=") {
                let (w, h) = res.split_once('x').expect("WxH");
                r.width = w.parse().expect("width");
                r.height = h.parse().expect("height");
            } else if let Some(n) = flag.strip_prefix("--frames=") {
                r.frames = n.parse().expect("frames");
            } else if let Some(o) = flag.strip_prefix("--offload=") {
                r.offload = match o {
                    "none" => Offload::None,
                    "model" => Offload::Model,
                    "seq" => Offload::Sequential,
                    other => panic!("unknown offload {other}"),
                };
            } else if flag == "--te-fp8" {
                r.text_fp8 = true;
            } else if flag == "--te-cpu" {
                r.text_on_cpu = true;
            } else if flag == "--wan-generate" {
                r.wan_generate = true;
            } else {
                panic!("unknown image/video flag {flag}");
            }
        }
        let e = estimate(&r);
        let est = match f[8] {
            "smi" => e.peak_gib,
            "reserved" => e.peak_gib - e.context_gib,
            "alloc" => e.peak_gib - e.context_gib - e.reserve_gib,
            other => panic!("basis {other} for an image/video row"),
        };
        let m: f64 = f[7].parse().expect("numeric figure");
        out.push(PipelineRow {
            label: format!("{} {} {} {} [{}]", f[0], f[2], f[10], f[6], f[8]),
            err: (est - m) / m,
            est,
            measured: f[7].to_string(),
            source: f[11].to_string(),
        });
    }
    out
}

/// Both parts of `table` scored together and printed under `name`.
pub fn scored(catalog: &Catalog, table: &str, name: &str) -> Score {
    let mut s = score(
        catalog,
        &format!("{name} language models"),
        &llm_rows(table),
    );
    let rows = pipeline_rows(table);
    for r in &rows {
        let mark = if r.err.abs() <= 0.15 { " " } else { "!" };
        println!(
            "{mark} {:+6.1}%  {}: measured {} GiB, estimated {:.2}",
            r.err * 100.0,
            r.label,
            r.measured,
            r.est
        );
        if r.err < -0.15 {
            s.under.push(r.label.clone());
            s.under_sources.push(r.source.clone());
        }
    }
    let within = rows.iter().filter(|r| r.err.abs() <= 0.15).count();
    println!(
        "{name} image/video: {} rows, within 15%: {within}",
        rows.len()
    );
    s.numeric += rows.len();
    s.within15 += within;
    s.under15 += rows.iter().filter(|r| r.err < -0.15).count();
    println!(
        "{name}: {} numeric rows, within 15%: {}, under by >15%: {}; verdicts right: {}/{} (answer contradicts the run: {})",
        s.numeric, s.within15, s.under15, s.verdicts_right, s.verdicts, s.contradicted
    );
    s
}

/// Each language-model row's breakdown on the busiest card, printed with `-- --nocapture`.
pub fn print_breakdowns(catalog: &Catalog, table: &str) {
    for c in super::public::parse(&llm_rows(table)) {
        let fit = super::public::decide_case(catalog, &c);
        let r = &fit.report;
        let p = &r.per_gpu;
        println!(
            "{}: w {:.2} kv {:.2} act {:.2} opt {:.2} ovh {:.2} = {:.2} ({} {})",
            c.line,
            p.weights_gib,
            p.kv_cache_gib,
            p.activations_gib,
            p.optimizer_gib,
            p.overhead_gib,
            r.per_gpu_gib,
            r.parallelism,
            r.attention
        );
    }
}
