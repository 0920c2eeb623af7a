//! A held-out table with language-model and image/video rows (held-outs 5 and 6): the
//! language-model rows through the CLI's path ([`super::public::score`]), the pipeline rows
//! through the image/video estimate, scored together. One reading of the table's columns for
//! every such table.

use super::public::{Score, score};
use bot_core::Catalog;
use bot_core::answer::fit_diffusion::fits_card;
use bot_core::diffusion::torch_conv3d::TorchRelease;
use bot_core::diffusion::train::{OptimizerKind, Train};
use bot_core::diffusion::train_words::OftTargets;
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

/// What one image/video row checks: a figure or a verdict on the named card.
pub enum PipeOutcome {
    /// Error as a share of the measured figure, and the estimate on the row's basis.
    Error { err: f64, est: f64 },
    /// Whether the answer's verdict on the card (`fits_card`, "tight" counting as fitting)
    /// matches what ran, with the peak and the card's memory.
    Verdict { right: bool, peak: f64, vram: f64 },
}

/// One image/video row replayed as `gpuscout fit` would.
pub struct PipelineRow {
    pub label: String,
    pub outcome: PipeOutcome,
    pub measured: String,
    pub source: String,
}

/// The image/video rows of `table` replayed through the pipeline estimate, on the row's basis:
/// what the card showed (`smi`), `max_memory_reserved` (no CUDA context),
/// `max_memory_allocated` (neither the context nor the allocator's reserve), or `verdict`
/// (FITS / OOM on the row's card, judged as the answer judges it).
pub fn pipeline_rows(catalog: &Catalog, table: &str) -> Vec<PipelineRow> {
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
            // An 8-bit quantized training base (optimum-quanto qint8, bnb 8-bit): 8 bits and a
            // scale per channel, sized as GGUF Q8_0's 8.5 bits.
            "int8" if f[1] != "image" && f[1] != "video" => Precision::Q8_0,
            other => panic!("unknown image/video precision {other}"),
        });
        r.batch = f[4].parse().expect("batch");
        // A training row states its words: what it does not say is off (held-out 21's header).
        r.train = match f[1] {
            "lora" | "full" => Some(Train {
                rank: (f[1] == "lora").then_some(16),
                optimizer: OptimizerKind::AdamW,
                grad_ckpt: false,
                cache_latents: false,
                cache_text: false,
                train_text: false,
                blocks_to_swap: 0,
                fused_backward: false,
                ema: false,
                split_mode: false,
                oft: None,
            }),
            _ => None,
        };
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
                r.text_precision = Some(Precision::Fp8);
            } else if let Some(q) = flag.strip_prefix("--te-quant=") {
                r.text_precision = Some(Precision::parse(q).expect("text encoder precision"));
            } else if flag == "--no-t5" {
                r.drop_optional_text = true;
            } else if flag == "--te-cpu" {
                r.text_on_cpu = true;
            } else if flag == "--vae-fp32" {
                r.vae_fp32 = true;
            } else if flag == "--vae-tiled" {
                r.vae_tiled = true;
            } else if flag == "--vae-sliced" {
                r.vae_sliced = true;
            } else if flag == "--attention=eager" {
                r.eager_attention = true;
            } else if flag == "--wan-generate" {
                r.wan_generate = true;
            } else if flag == "--to-cuda-first" {
                r.cuda_first = true;
            } else if let Some(v) = flag.strip_prefix("--torch-release=") {
                r.torch = Some(TorchRelease::parse(v).expect("a PyTorch release"));
            } else if let Some(t) = r.train.as_mut() {
                if let Some(n) = flag.strip_prefix("--rank=") {
                    t.rank = Some(n.parse().expect("rank"));
                } else if let Some(o) = flag.strip_prefix("--optimizer=") {
                    t.optimizer = OptimizerKind::parse(o).expect("optimizer");
                } else if let Some(n) = flag.strip_prefix("--blocks-to-swap=") {
                    t.blocks_to_swap = n.parse().expect("blocks to swap");
                } else {
                    match flag {
                        "--grad-ckpt" => t.grad_ckpt = true,
                        "--cache-latents" => t.cache_latents = true,
                        "--cache-te" => t.cache_text = true,
                        "--train-te" => t.train_text = true,
                        "--fused-backward" => t.fused_backward = true,
                        "--ema" => t.ema = true,
                        // kohya's `--split_mode`, which asserts `train_blocks == "single"`.
                        "--split-mode" => t.split_mode = true,
                        "--train-blocks=single" if t.split_mode => {}
                        // kohya's `networks.oft_flux` (attention by default) in place of the LoRA.
                        "--method=oft" => {
                            t.rank = None;
                            t.oft = Some(OftTargets::Attention);
                        }
                        "--oft-all-linear" if t.oft.is_some() => {
                            t.oft = Some(OftTargets::AllLinear)
                        }
                        other => panic!("unknown training flag {other}"),
                    }
                }
            } else {
                panic!("unknown image/video flag {flag}");
            }
        }
        let e = estimate(&r);
        let est = match f[8] {
            "smi" => e.shown_gib,
            // `max_memory_reserved` holds the 2-D decode's blocks the allocator keeps while the
            // card has room (`DiffusionReport::released_gib`), as nvidia-smi does.
            "reserved" if !r.cuda_first => e.shown_gib - e.context_gib,
            "reserved" => e.peak_gib - e.context_gib,
            "alloc" => e.peak_gib - e.context_gib - e.reserve_gib,
            // `torch.cuda.memory_allocated()` after the run and `empty_cache()`: what a pipeline
            // kept whole on the card still holds, its weights by component (the report's
            // denoise-stage weights: denoiser, text encoders, VAE, checker). Offloaded
            // pipelines hand their models back to the CPU after the call: not stated here.
            "resident" => {
                assert!(
                    matches!(r.offload, Offload::None),
                    "a resident row is stated for a pipeline kept on the card"
                );
                e.denoise_weights_gib
            }
            "verdict" => f64::NAN,
            other => panic!("basis {other} for an image/video row"),
        };
        let outcome = if f[8] == "verdict" {
            let g = catalog
                .gpu(f[6])
                .expect("a verdict row names a catalog card");
            let ran = match f[7] {
                "FITS" => true,
                "OOM" => false,
                other => panic!("verdict {other}: FITS or OOM"),
            };
            PipeOutcome::Verdict {
                right: fits_card(&e, g) == ran,
                peak: e.peak_gib,
                // What the verdict is decided on (`fits_card`): CUDA's total.
                vram: g.usable_gib(),
            }
        } else {
            let m: f64 = f[7].parse().expect("numeric figure");
            PipeOutcome::Error {
                err: (est - m) / m,
                est,
            }
        };
        out.push(PipelineRow {
            label: format!("{} {} {} {} [{}]", f[0], f[2], f[10], f[6], f[8]),
            outcome,
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
    let rows = pipeline_rows(catalog, table);
    let (mut numeric, mut within, mut under) = (0, 0, 0);
    for r in &rows {
        match r.outcome {
            PipeOutcome::Error { err, est } => {
                let mark = if err.abs() <= 0.15 { " " } else { "!" };
                println!(
                    "{mark} {:+6.1}%  {}: measured {} GiB, estimated {est:.2}",
                    err * 100.0,
                    r.label,
                    r.measured,
                );
                numeric += 1;
                within += usize::from(err.abs() <= 0.15);
                if err < -0.15 {
                    under += 1;
                    s.under.push(r.label.clone());
                    s.under_sources.push(r.source.clone());
                }
            }
            PipeOutcome::Verdict { right, peak, vram } => {
                let mark = if right { " " } else { "!" };
                println!(
                    "{mark} verdict {} {}: peak {peak:.2} GiB on {vram:.2} GiB",
                    r.measured, r.label
                );
                s.verdicts += 1;
                s.verdicts_right += usize::from(right);
            }
        }
    }
    println!("{name} image/video: {numeric} numeric rows, within 15%: {within}");
    s.numeric += numeric;
    s.within15 += within;
    s.under15 += under;
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
