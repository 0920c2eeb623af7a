//! The estimator against measured public data (tests/data/fit_reference.toml).
//!
//! Expected values are the measured numbers in the data file, each with its source; nothing
//! here is copied from the estimator. The tolerances reached are asserted per group and
//! printed (`cargo test -p bot-core --test suite fit_reference:: -- --nocapture`).
//!
//! `tests/data/fit_measured.toml`, when present, adds the rows that tools/fit-measure/measure.py
//! measured on a GPU (its `[[row]]` entries, and `[[oom]]` entries that must not be estimated
//! as fitting); until a GPU session has run it the file is absent and the test says so.

use bot_core::Catalog;
use bot_core::catalog::Model;
use bot_core::vram::{
    Attention, Engine, FitOptions, FitReport, FitRequest, LoraTargets, LossHead, ModelLayout,
    ModelRef, Quant, Task, Zero, decode_tokens_per_second, estimate_with,
};
use serde::Deserialize;
use std::collections::BTreeMap;

#[derive(Deserialize, Default)]
struct Row {
    model: String,
    quant: String,
    task: String,
    context: u32,
    batch: u32,
    engine: String,
    cards: u32,
    #[serde(default)]
    grad_checkpointing: bool,
    #[serde(default)]
    lora_rank: Option<u32>,
    #[serde(default)]
    zero: Option<String>,
    /// DeepSpeed ZeRO-1/2 with `overlap_comm` (`FitRequest::overlap_comm`); absent = false.
    #[serde(default)]
    overlap_comm: bool,
    /// DeepSpeed's `reduce_bucket_size` in elements where the config sets one
    /// (`FitOptions::reduce_bucket`); absent = DeepSpeed's default.
    #[serde(default)]
    reduce_bucket_size: Option<f64>,
    /// `eager`, `sdpa` or `flash`; absent = the engine's default.
    #[serde(default)]
    attention: Option<String>,
    /// Training loss head: `fp32` (Transformers' own loss) or `half`; absent = `fp32`.
    #[serde(default)]
    loss: Option<String>,
    /// LoRA targets: `all`, `qkvo` or `qv`; absent = `all`.
    #[serde(default)]
    lora_targets: Option<String>,
    /// How the trainer lays out the model: `transformers` (+ PEFT) or `litgpt`; absent =
    /// `transformers`.
    #[serde(default)]
    layout: Option<String>,
    /// Whether the LoRA adapters use dropout; absent = true (every trainer in the public rows
    /// uses 0.05; the estimator's own default is off).
    #[serde(default)]
    lora_dropout: Option<bool>,
    /// Training under 16-bit autocast (`FitRequest::autocast`); absent = on (the Trainer's way).
    /// `measure.py --train` runs its own loop on a bf16 model: false.
    #[serde(default)]
    autocast: Option<bool>,
    /// Micro-batches per optimizer step (`FitRequest::grad_accum`); absent = the trainers'
    /// accumulating default. `measure.py --train` steps after every micro-batch: 1.
    #[serde(default)]
    grad_accum: Option<u32>,
    /// Full fine-tuning with fp32 master weights and moments; absent = false.
    #[serde(default)]
    mixed_precision: bool,
    /// Whether 4-bit training keeps the stream in fp32 (PEFT's k-bit preparation); absent =
    /// true (the estimator's default).
    #[serde(default)]
    kbit_upcast: Option<bool>,
    /// Whether a 4-bit training base uses double quantization; absent = true (the
    /// estimator's default; LitGPT's `bnb.nf4` rows set false).
    #[serde(default)]
    double_quant: Option<bool>,
    /// Transformers' warmed-up 16-bit load of a bitsandbytes base (`FitRequest::load_warmup`);
    /// absent = on.
    #[serde(default)]
    load_warmup: Option<bool>,
    /// Inference with Transformers before 4.45: the prompt length the LM head runs over (in
    /// fp32 too); absent = the last position only.
    #[serde(default)]
    prompt_logits: Option<u32>,
    /// Transformers 4.38: a tied embedding is held twice while loading; absent = false.
    #[serde(default)]
    tied_embedding_copy: bool,
    /// The public table or source the row belongs to (accuracy is reported per group);
    /// absent = derived from the source.
    #[serde(default)]
    group: Option<String>,
    measures: String,
    measured_gib: f64,
    source: String,
    kind: String,
}

#[derive(Deserialize)]
struct Decode {
    model: String,
    quant: String,
    gpu: String,
    cards: u32,
    engine: String,
    context: u32,
    tok_s: f64,
    source: String,
    kind: String,
}

#[derive(Deserialize)]
struct Arch {
    source: String,
    layers: u32,
    hidden: u32,
    heads: u32,
    kv_heads: u32,
    head_dim: u32,
    intermediate: u32,
    vocab: u32,
    tied_embeddings: bool,
    max_context: u32,
}

#[derive(Deserialize)]
struct Data {
    row: Vec<Row>,
    decode: Vec<Decode>,
    arch: BTreeMap<String, Arch>,
}

fn data() -> Data {
    toml::from_str(include_str!("../data/fit_reference.toml")).expect("fit_reference.toml parses")
}

/// A case that ran out of memory: the estimate must not fall below the memory the job had.
#[derive(Deserialize)]
struct Oom {
    model: String,
    quant: String,
    task: String,
    context: u32,
    batch: u32,
    engine: String,
    cards: u32,
    #[serde(default)]
    attention: Option<String>,
    /// Training cases (`measure.py --train`): as in a row.
    #[serde(default)]
    grad_checkpointing: bool,
    #[serde(default)]
    lora_rank: Option<u32>,
    #[serde(default)]
    lora_targets: Option<String>,
    #[serde(default)]
    lora_dropout: Option<bool>,
    #[serde(default)]
    autocast: Option<bool>,
    #[serde(default)]
    grad_accum: Option<u32>,
    group: String,
    /// Memory the job could use on the card when it ran out (GiB, tensors).
    limit_gib: f64,
    source: String,
    as_of: String,
    kind: String,
}

impl Oom {
    fn as_row(&self) -> Row {
        Row {
            model: self.model.clone(),
            quant: self.quant.clone(),
            task: self.task.clone(),
            context: self.context,
            batch: self.batch,
            engine: self.engine.clone(),
            cards: self.cards,
            attention: self.attention.clone(),
            grad_checkpointing: self.grad_checkpointing,
            lora_rank: self.lora_rank,
            lora_targets: self.lora_targets.clone(),
            lora_dropout: self.lora_dropout,
            autocast: self.autocast,
            grad_accum: self.grad_accum,
            group: Some(self.group.clone()),
            measures: "allocated".into(),
            measured_gib: self.limit_gib,
            source: self.source.clone(),
            kind: self.kind.clone(),
            ..Row::default()
        }
    }
}

/// What tools/fit-measure/measure.py writes.
#[derive(Deserialize)]
struct Measured {
    #[serde(default)]
    row: Vec<MeasuredRow>,
    #[serde(default)]
    oom: Vec<Oom>,
}

#[derive(Deserialize)]
struct MeasuredRow {
    #[serde(flatten)]
    row: Row,
    as_of: String,
}

const MEASURE_SOURCE: &str = "tools/fit-measure/measure.py @";

/// Parses a measure.py output and checks its provenance; `kind` is what every entry must say
/// (`measured` for a GPU run, `dry-run` for the CPU check of the script).
fn parse_measured(text: &str, kind: &str) -> Result<Measured, String> {
    let m: Measured = toml::from_str(text).map_err(|e| format!("does not parse: {e}"))?;
    let rows = m.row.iter().map(|r| (&r.row.source, &r.row.kind, &r.as_of));
    let ooms = m.oom.iter().map(|o| (&o.source, &o.kind, &o.as_of));
    for (source, k, as_of) in rows.chain(ooms) {
        if k != kind {
            return Err(format!("entry of kind {k:?}, expected {kind:?}"));
        }
        if !source.starts_with(MEASURE_SOURCE) || source.contains("@unknown") {
            return Err(format!(
                "source {source:?} does not name the script's commit"
            ));
        }
        if as_of.len() != 10 {
            return Err(format!("as_of {as_of:?} is not a date"));
        }
    }
    Ok(m)
}

/// The GPU-measured rows and out-of-memory cases, or none when no GPU session has run the
/// script yet.
fn measured() -> Measured {
    // Inference (`measure.py`) and training (`measure.py --train`) runs.
    let mut all = Measured {
        row: vec![],
        oom: vec![],
    };
    for name in ["fit_measured.toml", "fit_measured_train.toml"] {
        let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
        match std::fs::read_to_string(&path) {
            Ok(text) => {
                let mut m =
                    parse_measured(&text, "measured").unwrap_or_else(|e| panic!("{path}: {e}"));
                // The training run came after the estimator and was not fitted on: scored as
                // held out (none may be under by more than 15 %; the over-estimates are listed
                // in docs/fit-reference.md "GPU-measured training rows").
                if name == "fit_measured_train.toml" {
                    for r in &mut m.row {
                        r.row.group = r.row.group.take().map(|g| format!("{g}; held out"));
                    }
                    for o in &mut m.oom {
                        o.group.push_str("; held out");
                    }
                }
                all.row.extend(m.row);
                all.oom.extend(m.oom);
            }
            Err(_) => println!(
                "no tests/data/{name}: no GPU-measured rows of it yet (tools/fit-measure/README.md)"
            ),
        }
    }
    all
}

fn arch_model(id: &str, a: &Arch) -> Model {
    Model {
        id: id.to_string(),
        name: id.to_string(),
        family: "test".into(),
        hf_ids: vec![],
        aliases: vec![],
        // 0: the estimator counts the parameters from the shape.
        params_b: 0.0,
        active_params_b: 0.0,
        layers: a.layers,
        hidden: a.hidden,
        heads: a.heads,
        kv_heads: a.kv_heads,
        head_dim: a.head_dim,
        intermediate: a.intermediate,
        vocab: a.vocab,
        tied_embeddings: a.tied_embeddings,
        max_context: a.max_context,
        experts: 0,
        experts_per_token: 0,
        moe_intermediate: 0,
        shared_experts: 0,
        dense_layers: 0,
        kv_lora_rank: 0,
        q_lora_rank: 0,
        qk_rope_head_dim: 0,
        qk_nope_head_dim: 0,
        v_head_dim: 0,
        compress_ratios: vec![],
        sliding_window: 0,
        sliding_layers: 0,
        global_kv_heads: 0,
        global_head_dim: 0,
        index_head_dim: 0,
        o_lora_rank: 0,
        o_groups: 0,
        fp8_scope: None,
        nvfp4_scope: None,
        checkpoint_quant: None,
        checkpoint_declared: None,
        int4_group_size: None,
        vision: None,
        recurrent: None,
        mtp_layers: 0,
        own_code_bias: None,
        superseded_by: None,
        bare_default: None,
        source: a.source.clone(),
        as_of: "2026-11-30".into(),
        note_zh: None,
        note_en: None,
        source_note: None,
    }
}

fn group(r: &Row) -> String {
    if let Some(g) = &r.group {
        return g.clone();
    }
    if r.measures == "file" {
        "gguf file size (llama.cpp)"
    } else if r.task != "infer" {
        "training (Qwen v1 README)"
    } else if r.source.contains("010c37c3") {
        "inference, Qwen2.5 transformers (A100)"
    } else {
        "inference, Qwen3 transformers (H20)"
    }
    .to_string()
}

/// The estimator's report for a row and the figure comparable with what the row measures.
fn estimate_row(catalog: &Catalog, archs: &BTreeMap<String, Model>, r: &Row) -> (FitReport, f64) {
    let model = match archs.get(&r.model) {
        Some(m) => m,
        None => catalog.model(&r.model).expect("row model in catalog"),
    };
    let mut req = FitRequest::new(
        ModelRef::Known(model),
        r.quant.parse::<Quant>().unwrap(),
        r.task.parse::<Task>().unwrap(),
    );
    req.context = r.context;
    req.batch = r.batch;
    req.engine = r.engine.parse::<Engine>().unwrap();
    req.cards = r.cards;
    req.grad_checkpointing = r.grad_checkpointing;
    if let Some(l) = &r.loss {
        req.loss = LossHead::from_key(l).expect("loss key");
    }
    if let Some(t) = &r.lora_targets {
        req.lora_targets = LoraTargets::from_key(t).expect("lora_targets key");
        req.targets_said = true;
    }
    req.tuner_rank = r.lora_rank;
    if let Some(l) = &r.layout {
        req.layout = ModelLayout::from_key(l).expect("layout key");
    }
    req.lora_dropout = r.lora_dropout.unwrap_or(true);
    if let Some(a) = r.autocast {
        req.autocast = a;
    }
    req.grad_accum = r.grad_accum;
    req.mixed_precision = r.mixed_precision;
    if let Some(u) = r.kbit_upcast {
        req.kbit_upcast = u;
    }
    if let Some(w) = r.load_warmup {
        req.load_warmup = w;
    }
    if let Some(d) = r.double_quant {
        req.double_quant = d;
    }
    req.prompt_logits = r.prompt_logits;
    req.tied_embedding_copy = r.tied_embedding_copy;
    req.overlap_comm = r.overlap_comm;
    let opts = FitOptions {
        lora_rank: r.lora_rank.unwrap_or(16),
        zero: r.zero.as_deref().map(|z| z.parse::<Zero>().unwrap()),
        // `zero = "fsdp"`: PyTorch FSDP's full shard, not DeepSpeed's (`vram::fsdp`).
        fsdp: r.zero.as_deref().is_some_and(bot_core::lexicon::is_fsdp),
        reduce_bucket: r.reduce_bucket_size,
        ..FitOptions::default()
    };
    req.attention = r
        .attention
        .as_deref()
        .map(|a| Attention::from_key(a).expect("attention key"));
    let rep = estimate_with(catalog, &req, &opts).unwrap();
    let predicted = match r.measures.as_str() {
        "allocated" => rep.total_gib - rep.overhead_gib,
        // The same on the busiest card, for tables that report one card's peak.
        "allocated-per-card" => rep.per_gpu_gib - rep.per_gpu.overhead_gib,
        // A GGUF file holds every tensor once: the card's weights and, for an untied head, the
        // token embedding llama.cpp keeps in system RAM (`vram::llamacpp_input`; a tied head's
        // copy on the card is the file's one embedding).
        "file" => {
            rep.weights_gib
                + bot_core::vram::llamacpp_input::in_ram_gib(&req)
                    .map_or(0.0, |(gib, tied)| if tied { 0.0 } else { gib })
        }
        "process" => rep.total_gib,
        // torch.cuda.max_memory_reserved on one card: the allocator's reserve counts, the CUDA
        // context and NCCL's buffers do not.
        "reserved" => {
            rep.per_gpu_gib
                - bot_core::vram::outside_allocator_gib(req.task.is_training(), req.cards)
        }
        // Tensors still held after generation (weights + KV cache), no transient peak.
        "resident" => rep.weights_gib + rep.kv_cache_gib,
        other => panic!("unknown measures {other}"),
    };
    (rep, predicted)
}

/// Goals for every group: at least this share of rows within 15 %, and no estimate more than
/// 15 % below the measurement (an underestimate is the error that costs the user a run).
const GOAL_WITHIN_15: f64 = 0.90;
const GOAL_UNDER_BEYOND_15: usize = 0;

/// Held-out rows under by more than 15 %, each for a stated reason (the list only shrinks: the
/// test fails when one is no longer under).
/// - ms-swift's Qwen-7B (v1) LoRA at 8192 tokens: 4.7 MiB per token above 2048 tokens in
///   its max-length table, against 2.2 below and 1.7 in Qwen's own README table (4096 -> 8192,
///   `training (Qwen v1 README)`); the sources disagree and the tensor is not known. The same
///   table gives the same 4.7 MiB per token above 2048 for Qwen-1.8B (9700 MiB from 2048 to
///   4096), 7B (9902) and 14B (9912), whose widths and depths differ: a term that scales with
///   the shared 151936-word vocabulary (about 32 bytes per logit), not with the layers; Qwen
///   v1's code switches nothing at 2048 in training (dynamic NTK and logn are inference only).
///   Qwen-14B (v1) at 8192 tokens is the same gap: −12 % while a 16-bit frozen base still
///   carried the allocator's share (`train::allocator_reserve`), −19 % without it.
///   Likely (not checked on a card): fragmentation of the caching allocator around the loss
///   head's vocabulary-sized tensors when batch lengths vary. cls-fudan-news-zh's articles are
///   cut to `max_length` (truncation_left), so at 512-2048 nearly every batch has the same
///   length and the blocks are reused; at 4096-8192 lengths vary from step to step, and the
///   extra above a linear count is 16-17 bytes per vocabulary entry per token beyond 2048
///   (5.0 GiB at 4096, 14.7 at 8192 for the 7B) for every width. Qwen's own README rows
///   (fixed lengths) grow 1.7 MiB per token to 8192. Sizing it needs the length spread of the
///   user's data, which no request carries.
const HELD_OUT_KNOWN_UNDER: &[&str] = &[
    "qwen-7b-v1 bf16 lora ctx=8192 batch=1",
    "qwen-14b-v1 bf16 lora ctx=8192 batch=1",
];

#[test]
fn memory_estimates_match_measured_public_data() {
    let catalog = Catalog::embedded().unwrap();
    let d = data();
    let archs: BTreeMap<String, Model> = d
        .arch
        .iter()
        .map(|(k, a)| (k.clone(), arch_model(k, a)))
        .collect();
    let mut errors: BTreeMap<String, Vec<(f64, String)>> = BTreeMap::new();
    let mut margin_misses = Vec::new();
    assert!(d.row.len() >= 30, "at least 30 measured rows");
    for r in &d.row {
        assert_eq!(r.kind, "measured", "only measured rows count");
        assert!(r.source.starts_with("https://"), "row has a source URL");
    }
    // Public rows, then the GPU-measured ones (provenance checked by `parse_measured`); an
    // out-of-memory case counts as an error only when the estimate is below what the job had.
    let m = measured();
    println!(
        "fit_measured.toml: {} rows, {} out-of-memory cases",
        m.row.len(),
        m.oom.len()
    );
    let mut entries: Vec<(Row, bool)> = d.row.into_iter().map(|r| (r, false)).collect();
    entries.extend(m.row.into_iter().map(|r| (r.row, false)));
    entries.extend(m.oom.iter().map(|o| (o.as_row(), true)));
    for (r, oom) in &entries {
        let oom = *oom;
        let (rep, mut predicted) = estimate_row(&catalog, &archs, r);
        if oom {
            // An out-of-memory error comes when what the allocator must hold (the figure a fit
            // is decided on, less what sits outside it) passes what the job had: reserved
            // blocks it cannot release count, freed whole segments do not.
            predicted = rep.per_gpu_required_gib
                - bot_core::vram::outside_allocator_gib(
                    r.task.parse::<Task>().unwrap().is_training(),
                    r.cards,
                );
        }
        let err = if oom {
            ((predicted - r.measured_gib) / r.measured_gib).min(0.0)
        } else {
            (predicted - r.measured_gib) / r.measured_gib
        };
        // The stated margin covers every measured row of its kind (file sizes are checked
        // as weights only, not as a whole estimate).
        if rep.margin_measured && r.measures != "file" && !oom {
            let off = (predicted - r.measured_gib).abs() / predicted * 100.0;
            // Held-out rows are printed, not asserted: they were never fitted.
            if off > rep.margin_pct && group(r).contains("held out") {
                println!(
                    "held out, outside the stated margin: {} {} {} ctx={} batch={}: off by {off:.1}% of the estimate, margin {}%",
                    r.model, r.quant, r.task, r.context, r.batch, rep.margin_pct
                );
            } else if off > rep.margin_pct {
                margin_misses.push(format!(
                    "{} {} {} ctx={} batch={}: off by {off:.1}% of the estimate, margin {}%",
                    r.model, r.quant, r.task, r.context, r.batch, rep.margin_pct
                ));
            }
        }
        errors.entry(group(r)).or_default().push((
            err,
            format!(
                "{} {} {} ctx={} batch={} cards={} attn={}: {} {:.2} GiB, estimated {:.2} GiB",
                r.model,
                r.quant,
                r.task,
                r.context,
                r.batch,
                r.cards,
                rep.attention,
                if oom {
                    "out of memory with"
                } else {
                    "measured"
                },
                r.measured_gib,
                predicted
            ),
        ));
    }
    let mut failures = Vec::new();
    let (mut all_n, mut all_w15, mut all_under) = (0usize, 0usize, 0usize);
    for (g, rows) in &errors {
        let n = rows.len() as f64;
        let w10 = rows.iter().filter(|(e, _)| e.abs() <= 0.10).count() as f64 / n;
        let w15n = rows.iter().filter(|(e, _)| e.abs() <= 0.15).count();
        let w15 = w15n as f64 / n;
        let under = rows.iter().filter(|(e, _)| *e < -0.15).count();
        let over = rows.iter().filter(|(e, _)| *e > 0.15).count();
        let worst = rows.iter().map(|(e, _)| e.abs()).fold(0.0, f64::max);
        let mean = rows.iter().map(|(e, _)| *e).sum::<f64>() / n;
        all_n += rows.len();
        all_w15 += w15n;
        all_under += under;
        println!(
            "{g}: {} rows, within 10%: {:.0}%, within 15%: {:.0}%, under by >15%: {under}, over by >15%: {over}, mean error {:+.1}%, worst {:.1}%",
            rows.len(),
            w10 * 100.0,
            w15 * 100.0,
            mean * 100.0,
            worst * 100.0
        );
        for (e, line) in rows {
            if e.abs() > 0.10 || std::env::var_os("FIT_REFERENCE_ALL").is_some() {
                println!("    {:+.1}%  {line}", e * 100.0);
            }
        }
        // A held-out group (rows added after the estimator was written, never tuned on) is
        // scored and printed; only its named gaps may be under by more than 15 %, and a named
        // gap that closes must leave the list.
        if g.contains("held out") {
            for (e, line) in rows {
                let known = HELD_OUT_KNOWN_UNDER.iter().any(|k| line.starts_with(k));
                if *e < -0.15 && !known {
                    failures.push(format!("{g}: {line} under by more than 15%"));
                }
                if *e >= -0.15 && known {
                    failures.push(format!(
                        "{g}: {line} is no longer under by more than 15%; remove it from HELD_OUT_KNOWN_UNDER"
                    ));
                }
            }
            continue;
        }
        if w15 < GOAL_WITHIN_15 || under > GOAL_UNDER_BEYOND_15 {
            failures.push(format!(
                "{g}: within 15% {w15:.2} (need {GOAL_WITHIN_15}), under by >15% {under} (max {GOAL_UNDER_BEYOND_15})"
            ));
        }
    }
    println!(
        "all groups: {all_n} rows, within 15%: {:.0}%, under by >15%: {all_under}",
        all_w15 as f64 * 100.0 / all_n as f64
    );
    assert!(failures.is_empty(), "goal not reached: {failures:?}");
    assert!(
        margin_misses.is_empty(),
        "stated margin_pct does not cover: {margin_misses:?}"
    );
}

#[test]
fn decode_speed_estimates_match_measured_public_data() {
    let catalog = Catalog::embedded().unwrap();
    let d = data();
    let mut worst: f64 = 0.0;
    for r in &d.decode {
        assert_eq!(r.kind, "measured");
        assert!(r.source.starts_with("https://"));
        let m = catalog.model(&r.model).unwrap();
        let g = catalog.gpu(&r.gpu).unwrap();
        let est = decode_tokens_per_second(
            ModelRef::Known(m),
            r.quant.parse().unwrap(),
            g,
            r.cards,
            r.engine.parse().unwrap(),
            1,
            r.context,
        )
        .unwrap();
        let err = (est.value - r.tok_s) / r.tok_s;
        println!(
            "{:+.0}%  {} {} {} x{}: measured {} tok/s, estimated {}",
            err * 100.0,
            r.model,
            r.quant,
            r.engine,
            r.cards,
            r.tok_s,
            est.value
        );
        worst = worst.max(err.abs());
    }
    println!("decode: worst error {:.0}%", worst * 100.0);
    assert!(worst <= 0.50, "decode estimates within 50% of measured");
}

/// The shapes measure.py builds are the catalog's: a measured row is only evidence about the
/// model the estimator sizes if both describe the same tensors.
#[test]
fn fit_measure_models_match_the_catalog() {
    let catalog = Catalog::embedded().unwrap();
    let v: serde_json::Value =
        serde_json::from_str(include_str!("../../../tools/fit-measure/models.json")).unwrap();
    let models = v.as_object().unwrap();
    let mut checked = 0;
    for (id, spec) in models.iter().filter(|(k, _)| !k.starts_with('_')) {
        let m = catalog
            .model(id)
            .unwrap_or_else(|e| panic!("{id} not in catalog: {e}"));
        let c = &spec["config"];
        let int = |k: &str| c[k].as_u64().unwrap_or_else(|| panic!("{id}: {k} missing")) as u32;
        assert_eq!(
            spec["source"].as_str(),
            Some(m.source.as_str()),
            "{id} source"
        );
        assert_eq!(int("num_hidden_layers"), m.layers, "{id} layers");
        assert_eq!(int("hidden_size"), m.hidden, "{id} hidden");
        assert_eq!(int("num_attention_heads"), m.heads, "{id} heads");
        assert_eq!(int("num_key_value_heads"), m.kv_heads, "{id} kv_heads");
        let head_dim = c["head_dim"]
            .as_u64()
            .map(|x| x as u32)
            .unwrap_or(m.hidden / m.heads);
        assert_eq!(head_dim, m.head_dim, "{id} head_dim");
        assert_eq!(
            int("intermediate_size"),
            m.intermediate,
            "{id} intermediate"
        );
        assert_eq!(int("vocab_size"), m.vocab, "{id} vocab");
        assert_eq!(
            c["tie_word_embeddings"].as_bool(),
            Some(m.tied_embeddings),
            "{id} tied"
        );
        assert_eq!(
            int("max_position_embeddings"),
            m.max_context,
            "{id} max_context"
        );
        assert!(matches!(
            spec["model_type"].as_str(),
            Some("qwen2" | "qwen3" | "llama")
        ));
        checked += 1;
    }
    assert!(checked >= 4, "measure.py sizes at least four models");
}

/// The CPU dry run of measure.py (`--dry-run`, memory not measured) is refused as measurement,
/// and every entry it wrote is a request the estimator accepts: the script's output format is
/// the one this test reads.
#[test]
fn fit_measure_dry_run_output_has_the_reference_format() {
    let text = include_str!("../data/fit_measured.dryrun.toml");
    assert!(
        parse_measured(text, "measured").is_err(),
        "a dry run is not a measurement"
    );
    let m = parse_measured(text, "dry-run").expect("dry-run output parses");
    assert!(!m.row.is_empty() && !m.oom.is_empty(), "rows and oom cases");
    let catalog = Catalog::embedded().unwrap();
    let archs = BTreeMap::new();
    let mut attn = std::collections::BTreeSet::new();
    let mut kinds = std::collections::BTreeSet::new();
    let oom_rows: Vec<Row> = m.oom.iter().map(Oom::as_row).collect();
    for r in m.row.iter().map(|r| &r.row).chain(oom_rows.iter()) {
        assert!(
            matches!(r.measures.as_str(), "allocated" | "resident"),
            "{}",
            r.measures
        );
        kinds.insert(r.measures.clone());
        let (rep, predicted) = estimate_row(&catalog, &archs, r);
        assert!(predicted > 0.0, "{} ctx={}", r.model, r.context);
        assert_eq!(
            Some(rep.attention.clone()),
            r.attention,
            "attention key round-trips"
        );
        assert!(
            r.group
                .as_deref()
                .unwrap_or("")
                .starts_with("inference, fit-measure")
        );
        attn.insert(rep.attention);
    }
    assert_eq!(attn.len(), 2, "eager and sdpa both written: {attn:?}");
    assert_eq!(kinds.len(), 2, "peak and resident rows: {kinds:?}");
}

/// measure.py itself parses and plans both gaps (CI has no torch; `--list` needs none). Skips
/// with a reason where no python3 is installed.
#[test]
fn fit_measure_script_plans_both_gaps() {
    let script = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../tools/fit-measure/measure.py"
    );
    let out = match std::process::Command::new("python3")
        .arg(script)
        .arg("--list")
        .output()
    {
        Ok(o) => o,
        Err(e) => {
            println!("skipped: no python3 to run measure.py --list ({e})");
            return;
        }
    };
    assert!(
        out.status.success(),
        "measure.py --list failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let list = String::from_utf8_lossy(&out.stdout);
    let has = |s: &str| list.lines().any(|l| l.ends_with(s));
    for m in ["qwen2.5-7b", "qwen3-8b"] {
        assert!(
            has(&format!("{m} attn=eager batch=1 ctx=32768")),
            "{m} eager 32k"
        );
        assert!(
            has(&format!("{m} attn=sdpa batch=16 ctx=4096")),
            "{m} batch 16"
        );
    }
    assert!(has("qwen2.5-7b attn=sdpa batch=1 ctx=131072"), "sdpa 128k");
    // Smallest model first: a run cut by its budget keeps whole sets of the small models.
    let first = list.lines().next().unwrap_or("");
    assert!(first.contains("qwen2.5-0.5b"), "first case: {first}");
}

#[path = "fit_reference/public.rs"]
pub(crate) mod public;

#[path = "fit_reference/categories.rs"]
mod categories;

#[path = "fit_reference/heldout4.rs"]
mod heldout4;

#[path = "fit_reference/each_row.rs"]
mod each_row;
#[path = "fit_reference/mixed.rs"]
mod mixed;

#[path = "fit_reference/heldout5.rs"]
mod heldout5;

#[path = "fit_reference/heldout6.rs"]
mod heldout6;

#[path = "fit_reference/heldout7.rs"]
mod heldout7;

#[path = "fit_reference/heldout8.rs"]
mod heldout8;

#[path = "fit_reference/heldout10.rs"]
mod heldout10;
#[path = "fit_reference/heldout11.rs"]
mod heldout11;
#[path = "fit_reference/heldout12.rs"]
mod heldout12;
#[path = "fit_reference/heldout13.rs"]
mod heldout13;
#[path = "fit_reference/heldout14.rs"]
mod heldout14;
#[path = "fit_reference/heldout15.rs"]
mod heldout15;
#[path = "fit_reference/heldout16.rs"]
mod heldout16;
#[path = "fit_reference/heldout17.rs"]
mod heldout17;
#[path = "fit_reference/heldout18.rs"]
mod heldout18;
#[path = "fit_reference/heldout19.rs"]
mod heldout19;
#[path = "fit_reference/heldout20.rs"]
mod heldout20;
#[path = "fit_reference/heldout21.rs"]
mod heldout21;
#[path = "fit_reference/heldout22.rs"]
mod heldout22;
#[path = "fit_reference/heldout23.rs"]
mod heldout23;
#[path = "fit_reference/heldout24.rs"]
mod heldout24;
#[path = "fit_reference/heldout25.rs"]
mod heldout25;
#[path = "fit_reference/heldout26.rs"]
mod heldout26;
#[path = "fit_reference/heldout27.rs"]
mod heldout27;
#[path = "fit_reference/heldout28.rs"]
mod heldout28;
#[path = "fit_reference/heldout29.rs"]
mod heldout29;
#[path = "fit_reference/heldout30.rs"]
mod heldout30;
#[path = "fit_reference/heldout31.rs"]
mod heldout31;
#[path = "fit_reference/heldout32.rs"]
mod heldout32;
#[path = "fit_reference/heldout33.rs"]
mod heldout33;
#[path = "fit_reference/heldout34.rs"]
mod heldout34;
#[path = "fit_reference/heldout35.rs"]
mod heldout35;
#[path = "fit_reference/heldout36.rs"]
mod heldout36;
#[path = "fit_reference/heldout37.rs"]
mod heldout37;
#[path = "fit_reference/heldout38.rs"]
mod heldout38;
#[path = "fit_reference/heldout39.rs"]
mod heldout39;
#[path = "fit_reference/heldout40.rs"]
mod heldout40;
#[path = "fit_reference/heldout41.rs"]
mod heldout41;
#[path = "fit_reference/heldout42.rs"]
mod heldout42;
#[path = "fit_reference/heldout43.rs"]
mod heldout43;
#[path = "fit_reference/heldout44.rs"]
mod heldout44;
#[path = "fit_reference/heldout45.rs"]
mod heldout45;
#[path = "fit_reference/heldout46.rs"]
mod heldout46;
#[path = "fit_reference/heldout47.rs"]
mod heldout47;
#[path = "fit_reference/heldout48.rs"]
mod heldout48;
#[path = "fit_reference/heldout49.rs"]
mod heldout49;
#[path = "fit_reference/heldout50.rs"]
mod heldout50;
#[path = "fit_reference/heldout51.rs"]
mod heldout51;
#[path = "fit_reference/heldout52.rs"]
mod heldout52;
#[path = "fit_reference/heldout53.rs"]
mod heldout53;
#[path = "fit_reference/heldout54.rs"]
mod heldout54;
#[path = "fit_reference/heldout55.rs"]
mod heldout55;
#[path = "fit_reference/heldout56.rs"]
mod heldout56;
#[path = "fit_reference/heldout57.rs"]
mod heldout57;
#[path = "fit_reference/heldout58.rs"]
mod heldout58;
#[path = "fit_reference/heldout59.rs"]
mod heldout59;
#[path = "fit_reference/heldout60.rs"]
mod heldout60;
#[path = "fit_reference/heldout61.rs"]
mod heldout61;
#[path = "fit_reference/heldout62.rs"]
mod heldout62;
#[path = "fit_reference/heldout63.rs"]
mod heldout63;
#[path = "fit_reference/heldout64.rs"]
mod heldout64;
#[path = "fit_reference/heldout65.rs"]
mod heldout65;
#[path = "fit_reference/heldout66.rs"]
mod heldout66;
#[path = "fit_reference/heldout67.rs"]
mod heldout67;
#[path = "fit_reference/heldout68.rs"]
mod heldout68;
#[path = "fit_reference/heldout69.rs"]
mod heldout69;
#[path = "fit_reference/heldout70.rs"]
mod heldout70;
#[path = "fit_reference/heldout71.rs"]
mod heldout71;
#[path = "fit_reference/heldout72.rs"]
mod heldout72;
#[path = "fit_reference/heldout73.rs"]
mod heldout73;
#[path = "fit_reference/heldout74.rs"]
mod heldout74;
#[path = "fit_reference/heldout75.rs"]
mod heldout75;
#[path = "fit_reference/heldout76.rs"]
mod heldout76;
#[path = "fit_reference/heldout78.rs"]
mod heldout78;
#[path = "fit_reference/heldout79.rs"]
mod heldout79;
#[path = "fit_reference/heldout80.rs"]
mod heldout80;
#[path = "fit_reference/heldout81.rs"]
mod heldout81;
#[path = "fit_reference/heldout9.rs"]
mod heldout9;
