//! The sixth held-out set (tests/data/measured_memory_heldout6.tsv, session 10): Unsloth's
//! executed notebooks (QLoRA of 3B-70B and gpt-oss at 1k-487k tokens on T4/A100), ms-swift's
//! Qwen2.5-VL LoRA/QLoRA scripts, axolotl's Colab log, Code Llama and Gemma-4 MoE recipes,
//! LLaMA-Factory's figures in Qwen's guide, vLLM weight logs and `--max-model-len` verdicts,
//! gpt-oss in MXFP4, SDXL and FLUX.1-dev (torchao fp8), written down and committed before the
//! estimator's code was read and scored untuned. Printed with `-- --nocapture`.

use super::public::{Score, score};
use bot_core::Catalog;
use bot_core::diffusion::{self, DiffusionRequest, Offload, Precision, estimate};

const TABLE: &str = include_str!("../../data/measured_memory_heldout6.tsv");

/// The table's lines for language models (image rows left out), header and comments kept.
fn llm_rows() -> String {
    TABLE
        .lines()
        .filter(|l| {
            l.starts_with('#')
                || l.trim().is_empty()
                || diffusion::find(l.split('\t').next().unwrap_or("")).is_none()
        })
        .map(|l| format!("{l}\n"))
        .collect()
}

/// The image rows replayed as `gpuscout fit` would: (line, error as a share of the figure,
/// estimate, source).
fn image_rows() -> Vec<(String, f64, f64, String)> {
    let mut out = Vec::new();
    for line in TABLE.lines().filter(|l| !l.starts_with('#')) {
        let f: Vec<&str> = line.split('\t').collect();
        let Some(p) = diffusion::find(f[0]) else {
            continue;
        };
        assert!(f.len() >= 13, "13 columns: {line}");
        let mut r = DiffusionRequest::new(p);
        r.precision = Some(match f[2] {
            "bf16" => Precision::Bf16,
            "fp16" => Precision::Fp16,
            "fp8" => Precision::Fp8,
            "q8_0" => Precision::Q8_0,
            "q4_0" => Precision::Q4_0,
            "nf4" => Precision::Nf4,
            other => panic!("unknown image precision {other}"),
        });
        r.batch = f[4].parse().expect("batch");
        for flag in f[10].split_whitespace().filter(|x| *x != "-") {
            if let Some(res) = flag.strip_prefix("--res=") {
                let (w, h) = res.split_once('x').expect("WxH");
                r.width = w.parse().expect("width");
                r.height = h.parse().expect("height");
            } else if let Some(o) = flag.strip_prefix("--offload=") {
                r.offload = match o {
                    "none" => Offload::None,
                    "model" => Offload::Model,
                    "seq" => Offload::Sequential,
                    other => panic!("unknown offload {other}"),
                };
            } else if flag == "--te-fp8" {
                r.text_fp8 = true;
            } else {
                panic!("unknown image flag {flag}");
            }
        }
        let e = estimate(&r);
        let est = match f[8] {
            "smi" => e.peak_gib,
            // max_memory_reserved: no CUDA context.
            "reserved" => e.peak_gib - e.context_gib,
            // max_memory_allocated: neither the context nor the allocator's reserve.
            "alloc" => e.peak_gib - e.context_gib - e.reserve_gib,
            other => panic!("basis {other} for an image row"),
        };
        let m: f64 = f[7].parse().expect("numeric figure");
        let label = format!("{} {} {} [{}]", f[0], f[2], f[10], f[8]);
        out.push((label, (est - m) / m, est, f[11].to_string()));
    }
    out
}

/// Both parts together: language-model rows through the CLI's path, image rows through the
/// pipeline estimate.
fn scored(catalog: &Catalog) -> Score {
    let mut s = score(
        catalog,
        "measured_memory_heldout6.tsv language models (held out, session 10)",
        &llm_rows(),
    );
    let rows = image_rows();
    let mut within = 0;
    for (line, e, est, source) in &rows {
        let mark = if e.abs() <= 0.15 { " " } else { "!" };
        println!("{mark} {:+6.1}%  {line}: estimated {est:.2}", e * 100.0);
        within += usize::from(e.abs() <= 0.15);
        if *e < -0.15 {
            s.under.push(line.clone());
            s.under_sources.push(source.clone());
        }
    }
    s.numeric += rows.len();
    s.within15 += within;
    s.under15 += rows.iter().filter(|r| r.1 < -0.15).count();
    println!(
        "measured_memory_heldout6.tsv (held out, session 10): {} numeric rows, within 15%: {}, \
         under by >15%: {}; verdicts right: {}/{}",
        s.numeric, s.within15, s.under15, s.verdicts_right, s.verdicts
    );
    s
}

#[test]
fn public_measurements_sixth_held_out_set() {
    let catalog = Catalog::embedded().unwrap();
    let held = scored(&catalog);
    assert!(held.numeric >= 30 && held.verdicts >= 10);
    // Untuned (scored on merged main b206b03, 2026-12-03, no estimator change): 17 of 30
    // within 15 %, 9 under by more than 15 % (seven Unsloth QLoRA notebooks whose training
    // adds about what fp32 full-vocabulary logits take: Llama-3.2-3B -55 %, Gemma-3-27B -32 %,
    // Llama-3.1-8B, Qwen2.5-7B, Qwen2.5-Coder-14B, Qwen3-14B, Phi-4 -16 to -22 %; Code Llama
    // LoRA on an LLM.int8 base -24 %; Qwen2.5-VL-7B LoRA on COCO images -20 %), 4 over (a
    // GPTQ 72B on 2 cards by device_map +84 %, SDXL allocated +35 %, gpt-oss-20b at 486,607
    // tokens +32 %, Gemma-4-26B-A4B expert QLoRA +23 %), verdicts 9 of 10 (vLLM refuses
    // Llama-3.1-8B at --max-model-len 29000 on an RTX 3090; said to fit). The misses with
    // their mechanism guesses: docs/misses/heldout6_misses.md, docs/fit-reference.md.
    // After session 10's mechanisms (mem-f): Unsloth's own chunked loss on the models whose
    // forward Unsloth writes itself (`vram::unsloth_loss`; Cut Cross Entropy on the compiled
    // ones), the VAE decode's reserve (`diffusion::decode`, SDXL +35 % -> +9 %), device_map
    // training (`vram::device_map`, the GPTQ 72B on 2 cards +84 % -> -2 %) and PEFT's k-bit
    // preparation of an LLM.int8 base (`vram::kbit_base`, -24 % -> -10 %): 26 of 30 within
    // 15 %, 2 under (Gemma-3-27B -32 %: its multimodal class and a dynamic 4-bit load 3.3 GiB
    // above its weights; Qwen2.5-VL-7B on COCO images), 2 over (gpt-oss-20b
    // at 486,607 tokens, Gemma-4-26B-A4B expert QLoRA), verdicts 9 of 10 (the 29k row is vLLM
    // V0, 0.6.4: below 32k it had chunked prefill off and profiled max_model_len tokens at
    // once; V1, sized here, always chunks). The floor and ceilings may only tighten.
    let floor_within = 26;
    let ceiling_under = 2;
    let floor_verdicts = 9;
    assert!(
        held.within15 >= floor_within,
        "held out 6: {} of {} within 15% (floor {floor_within})",
        held.within15,
        held.numeric
    );
    assert!(
        held.under15 <= ceiling_under,
        "held out 6 under by >15%: {:?}",
        held.under
    );
    assert!(held.verdicts_right >= floor_verdicts);
}

/// Each language-model row's breakdown on the busiest card, printed with `-- --nocapture`.
#[test]
fn sixth_held_out_set_breakdowns() {
    let catalog = Catalog::embedded().unwrap();
    for c in super::public::parse(&llm_rows()) {
        let fit = super::public::decide_case(&catalog, &c);
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
