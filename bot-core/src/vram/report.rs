//! The report for one request: the estimate with its warnings, the verdict on a named card,
//! or the cards (of 1, 2, 4, 8) that hold the job.

use super::estimate::{compute, compute_on, margin_pct, round2, trim_num, verdict};
use super::parts::{CUDA_CONTEXT_GIB, Parts, VllmDefaults, kv_bytes_per_token_kv};
use super::request::{
    CARD_COUNTS, CardParts, CheckpointingFlip, FitError, FitOption, FitOptions, FitReport,
    FitRequest, ModelRef, validate,
};
use super::{Engine, GIB, Shape, Task, Zero};
use crate::catalog::Catalog;
use crate::reply::Msg;
use rust_decimal::Decimal;

/// The estimate for one request (default options).
pub fn estimate(catalog: &Catalog, req: &FitRequest) -> Result<FitReport, FitError> {
    estimate_with(catalog, req, &FitOptions::default())
}

/// What the answer must warn about for this request, whatever the card.
fn warnings(shape: &Shape, req: &FitRequest, opts: &FitOptions) -> Vec<Msg> {
    let mut warnings = Vec::new();
    // A VL model's image encoder as sized, and Unsloth's float32 cast (mem_ad).
    warnings.extend(super::vision_tower::notes(shape, req));
    warnings.extend(super::chatglm_code::notes(shape, req));
    warnings.extend(super::unsloth_fp32::note(shape, req));
    if let ModelRef::BySize { params_b, active_b } = req.model {
        // Shaped like the catalog's dense model nearest in size (a raw MoE size: in active
        // size), and says which.
        let sized = active_b.filter(|a| *a < params_b).unwrap_or(params_b);
        let like = Shape::size_template(sized).map(|t| t.name.clone());
        warnings.push(
            Msg::new("fit-warn-size-only")
                .arg("like", like.unwrap_or_else(|| "none".into()))
                .arg("layers", shape.layers)
                .arg("hidden", shape.hidden)
                .arg("kv_heads", shape.kv_heads)
                .arg("head_dim", shape.head_dim),
        );
    }
    if let ModelRef::Known(m) = req.model {
        model_warnings(shape, req, m, &mut warnings);
    }
    // A compressed-tensors checkpoint in Transformers (`vram::ct_decompress`).
    warnings.extend(super::ct_decompress::warning(shape, req));
    if !req.task.is_training() && req.engine == Engine::Vllm && req.cards > shape.kv_heads {
        warnings.push(
            Msg::new("fit-warn-kv-replicated")
                .arg("cards", req.cards)
                .arg("kv_heads", shape.kv_heads),
        );
    }
    if req.quant.is_gguf() && req.engine != Engine::Llamacpp {
        warnings.push(Msg::new("fit-warn-gguf-engine").arg("quant", req.quant.key()));
    }
    vllm_warnings(shape, req, opts, &mut warnings);
    // The cache type as the engine runs it (`vram::kv_cache`), and what it keeps of a
    // sliding-window layer (`vram::swa`).
    warnings.extend(super::kv_cache::warnings(req, opts));
    warnings.extend(super::swa::note(shape, req, opts));
    warnings.extend(torchao_warning(shape, req));
    if req.task.is_training() && req.cards > 1 {
        let z = opts.zero.unwrap_or(Zero::Three);
        warnings.push(Msg::new("fit-warn-zero").arg("stage", zero_key(z)));
    }
    // A trainer that loads the whole model on every card before sharding (`vram::whole_load`).
    if let Some(gib) = super::whole_load::whole_load_gib(shape, req, opts) {
        warnings.push(Msg::new("fit-warn-whole-load").arg("gib", round2(gib)));
    }
    // What a CPU offload leaves on each card is said, per card (`vram::offload`).
    if req.task.is_training() && opts.offload && opts.zero != Some(Zero::Off) {
        let params = opts.zero.unwrap_or(Zero::Three) == Zero::Three;
        warnings
            .push(Msg::new("fit-warn-offload").arg("params", if params { "yes" } else { "no" }));
    }

    warnings
}

/// What the answer must warn about for a catalog model: a context past its own, MXFP4
/// dequantized, a mixture of experts and how its experts are held, MLA in Transformers.
fn model_warnings(
    shape: &Shape,
    req: &FitRequest,
    m: &crate::catalog::Model,
    warnings: &mut Vec<Msg>,
) {
    if m.max_context > 0 && req.context > m.max_context {
        warnings.push(
            Msg::new("fit-warn-context")
                .arg("context", req.context)
                .arg("max", m.max_context),
        );
    }
    // MXFP4 dequantized to bf16 by Transformers on an older card (`vram::mxfp4_card`).
    if super::mxfp4_card::transformers_dequantizes(req)
        && let Some(g) = req.gpu
    {
        warnings.push(
            Msg::new("fit-warn-mxfp4-dequantized")
                .arg("card", g.name.as_str())
                .arg("cc", g.compute_capability.clone().unwrap_or_default()),
        );
    }
    // SDPA's math path on a card without a bf16 kernel (`vram::sdpa_math`).
    if super::sdpa_math::tower_scores_bytes(req) > 0.0
        && let Some(g) = req.gpu
    {
        warnings.push(
            Msg::new("fit-warn-sdpa-math")
                .arg("card", g.name.as_str())
                .arg("cc", g.compute_capability.clone().unwrap_or_default()),
        );
    }
    // With experts in system RAM the offload line says where they are instead.
    let offloaded = super::expert_offload::in_ram(req).is_some_and(|(l, _)| l > 0);
    if m.is_moe() && !offloaded {
        warnings.push(
            Msg::new("fit-warn-moe")
                .arg("total", round2(shape.params.total / 1e9))
                .arg("active", round2(shape.params.active / 1e9)),
        );
    }
    // An MoE on a bitsandbytes base (`vram::bnb_experts`): the routed experts sized in 4 bits
    // holds where each is an `nn.Linear` (Transformers 4.x) or the trainer quantizes them
    // itself (Unsloth since 2026.6, axolotl's `quantize_moe_experts`); Transformers v5's
    // fused 3-D experts otherwise stay 16-bit (fp32 after PEFT's k-bit preparation). Said
    // with what that adds, and with the word that sizes the other case.
    let kept = super::bnb_experts::kept_extra_bytes(shape, req) / GIB;
    if kept > 0.0 {
        let key = if super::bnb_experts::kept(req) {
            "fit-assume-moe-experts-16bit"
        } else {
            "fit-warn-moe-4bit-experts"
        };
        let fp32 = super::bnb_experts::kept_in_fp32(req);
        warnings.push(
            Msg::new(key)
                .arg("gib", round2(kept))
                .arg("fp32", if fp32 { "yes" } else { "no" })
                .arg("train", if req.task.is_training() { "yes" } else { "no" }),
        );
    }
    if m.uses_mla() && req.engine == Engine::Transformers && !req.task.is_training() {
        warnings.push(Msg::new("fit-warn-mla-transformers"));
    }
}

/// torchao as its benchmark runs it (`vram::torchao`), said when the request uses it.
fn torchao_warning(shape: &Shape, req: &FitRequest) -> Option<Msg> {
    let t = super::torchao::scheme(req)?;
    // torchao as its benchmark runs it (`vram::torchao`): what stays pinned is in the
    // overhead; the 16-bit load before it is said, and whether the card holds it.
    // The busiest card's share: Transformers splits whole layers over the cards, the
    // 16-bit model as it is loaded and the quantized one alike.
    let r = super::torchao::replay(shape, t);
    let share =
        super::parts::layers_per_card(shape, req.cards.max(1)) / f64::from(shape.layers.max(1));
    let peak = r.load_peak * share / GIB + CUDA_CONTEXT_GIB;
    let id = match req.gpu {
        Some(g) if peak > g.usable_gib() => "fit-warn-torchao-load-short",
        _ => "fit-warn-torchao",
    };
    Some(
        Msg::new(id)
            .arg("scheme", t.key())
            .arg("pinned", round2(r.pinned * share / GIB))
            .arg("peak", round2(peak)),
    )
}

/// The estimate for one request with explicit options.
pub fn estimate_with(
    catalog: &Catalog,
    req: &FitRequest,
    opts: &FitOptions,
) -> Result<FitReport, FitError> {
    validate(req)?;
    let shape = match req.model {
        ModelRef::Known(m) => Shape::from_model(m)?,
        ModelRef::BySize { params_b, active_b } => Shape::by_size(params_b, active_b),
    };
    // A card count vLLM refuses as tensor parallel is sized at the largest valid count below
    // it, and the answer says so (never "N cards" for an N that does not start).
    let resized = super::tp::resize(&shape, req);
    let owned;
    let req = match &resized {
        Some((sized, _)) => {
            let mut r = req.clone();
            r.cards = *sized;
            owned = r;
            &owned
        }
        None => req,
    };
    let parts = compute(&shape, req, opts);
    let mut warnings: Vec<Msg> = resized.map(|(_, m)| m).into_iter().collect();
    warnings.extend(self::warnings(&shape, req, opts));
    let mut report = breakdown(&shape, req, opts, &parts);
    match req.gpu {
        Some(g) => judge_card(&shape, req, opts, &parts, g, (&mut report, &mut warnings)),
        None => {
            report.options = options(catalog, &shape, req, opts);
        }
    }
    // Ollama's own estimate beside llama.cpp's (`vram::ollama`).
    report.ollama = super::ollama::estimate(&shape, req, opts);
    warnings.extend(super::ollama::notes(
        req,
        opts,
        report.ollama.as_ref(),
        report.margin_pct,
    ));
    report.warning_ids = warnings.iter().map(|m| m.id.clone()).collect();
    report.warnings = warnings;
    Ok(report)
}

/// The name a report gives the model: its catalog id, or the size asked (`70b`, `671b-a37b`).
fn model_name(req: &FitRequest) -> String {
    match req.model {
        ModelRef::Known(m) => m.id.clone(),
        ModelRef::BySize { params_b, active_b } => match active_b {
            Some(a) => format!("{}b-a{}b", trim_num(params_b), trim_num(a)),
            None => format!("{}b", trim_num(params_b)),
        },
    }
}

/// The parameters that train, as the report states them: none for inference, every one in
/// full fine-tuning, else the adapters with DoRA's magnitude vectors.
fn trainable_params(shape: &Shape, req: &FitRequest, opts: &FitOptions) -> f64 {
    match req.task {
        Task::Infer => 0.0,
        Task::Full => shape.params.total,
        _ => {
            let adapters = shape.lora_params_on(opts.lora_rank, req.lora_targets, req.lora_experts);
            // DoRA's magnitude vectors train beside the adapters.
            let r1 = shape.lora_params_on(1, req.lora_targets, req.lora_experts);
            adapters
                + if req.dora {
                    super::method::dora_magnitude_params(shape, r1)
                } else {
                    0.0
                }
        }
    }
}

/// The report's breakdown of the estimate, whatever the card: the parts in GiB, the shape's
/// counts, the margin; no verdict, options or warnings yet.
fn breakdown(shape: &Shape, req: &FitRequest, opts: &FitOptions, parts: &Parts) -> FitReport {
    let to_gib = |b: f64| round2(b / GIB);
    let total = parts.weights + parts.kv + parts.act + parts.optim + parts.overhead;
    let trainable = trainable_params(shape, req, opts);
    let (margin_pct, margin_measured) = margin_pct(req);
    let (kv_k, kv_v) = super::kv_cache::engine_types(req, opts);
    FitReport {
        model: model_name(req),
        quant: req.quant.key().to_string(),
        task: req.task.key().to_string(),
        engine: req.engine.key().to_string(),
        context: req.context,
        batch: req.batch,
        cards: req.cards,
        total_gib: to_gib(total),
        per_gpu_gib: to_gib(parts.per_card),
        per_gpu_required_gib: to_gib(parts.need()),
        per_gpu: CardParts {
            weights_gib: to_gib(parts.card[0]),
            kv_cache_gib: to_gib(parts.card[1]),
            activations_gib: to_gib(parts.card[2]),
            optimizer_gib: to_gib(parts.card[3]),
            overhead_gib: to_gib(parts.card[4]),
        },
        parallelism: parts.parallelism.key().to_string(),
        attention: req.attention().key().to_string(),
        weights_gib: to_gib(parts.weights),
        kv_cache_gib: to_gib(parts.kv),
        activations_gib: to_gib(parts.act),
        optimizer_gib: to_gib(parts.optim),
        overhead_gib: to_gib(parts.overhead),
        params_b: round2(shape.params.total / 1e9),
        active_params_b: round2(shape.params.active / 1e9),
        trainable_params_b: (trainable / 1e9 * 1e4).round() / 1e4,
        kv_bytes_per_token: kv_bytes_per_token_kv(shape, req.engine, kv_k, kv_v),
        kv_cache: super::kv_cache::label(kv_k, kv_v),
        gpu: None,
        fits: None,
        margin_gib: None,
        verdict: None,
        checkpointing_flip: None,
        options: Vec::new(),
        size_only: matches!(req.model, ModelRef::BySize { .. }),
        warnings: Vec::new(),
        warning_ids: Vec::new(),
        margin_pct,
        margin_measured,
        ollama: None,
    }
}

/// The verdict on the named card, the flip with gradient checkpointing, and the card's own
/// warnings (vLLM's fewer sequences, several cards' interconnect).
fn judge_card(
    shape: &Shape,
    req: &FitRequest,
    opts: &FitOptions,
    parts: &Parts,
    g: &crate::catalog::Gpu,
    (report, warnings): (&mut FitReport, &mut Vec<Msg>),
) {
    let vram = g.usable_gib();
    report.gpu = Some(g.id.clone());
    report.fits = Some(parts.need() <= vram * GIB);
    report.margin_gib = Some(round2(vram - parts.need() / GIB));
    report.verdict = Some(verdict(
        parts.per_card,
        parts.need(),
        exact_need(parts, req),
        vram * GIB,
        report.margin_pct,
    ));
    // V0's CUDA graphs outside its share (`vram::vllm_v0_graphs`): less room than its log states.
    if let Some(room) = super::vllm_v0_graphs::short_room_gib(req, opts, g)
        && matches!(report.verdict.as_deref(), Some("fits" | "tight"))
    {
        report.verdict = Some("tight".into());
        let [lo, hi] = super::vllm_v0_graphs::VLLM_V0_GRAPHS_STATED_GIB;
        warnings.push(
            Msg::new("fit-warn-vllm-v0-graph-room")
                .arg("room", round2(room))
                .arg("lo", lo)
                .arg("hi", hi),
        );
    }
    // A vLLM service that holds fewer than its `max_num_seqs` requests at full length still
    // starts (`vram::vllm_pool`): the verdict says so rather than "does not fit".
    if !matches!(report.verdict.as_deref(), Some("fits" | "tight")) {
        let mut one = req.clone();
        one.batch = 1;
        let need = super::estimate::compute(shape, &one, opts).need();
        if let Some(left) = super::vllm_pool::starts_margin_gib(req, opts, report, g, need) {
            report.fits = Some(true);
            report.margin_gib = Some(round2(left));
            report.verdict = Some("starts".into());
        }
    }
    report.checkpointing_flip =
        checkpointing_flip(shape, req, opts, vram, report.verdict.as_deref());
    if let Some(m) = fewer_seqs(shape, req, opts, parts, g, report.verdict.as_deref()) {
        warnings.push(m);
    }
    if req.cards > 1 {
        warnings.push(
            Msg::new("fit-warn-multi-card")
                .arg("cards", req.cards)
                .arg("interconnect", g.interconnect.as_str())
                // The engine knows no language: both texts travel, each locale picks.
                .arg("interconnect_zh", g.interconnect_text(true)),
        );
    }
}

/// vLLM on an H100-class card that does not clearly hold the job: its profile samples for 1024
/// requests; with the smaller cards' 256 it reserves less (what an expert would try before a
/// second card). The line saying so, when it lowers the need.
fn fewer_seqs(
    shape: &Shape,
    req: &FitRequest,
    opts: &FitOptions,
    parts: &Parts,
    g: &crate::catalog::Gpu,
    verdict_now: Option<&str>,
) -> Option<Msg> {
    let d = VllmDefaults::for_card(Some(g));
    if req.engine != Engine::Vllm
        || req.task.is_training()
        || d != VllmDefaults::LARGE
        || verdict_now == Some("fits")
        // The user set it: the profile already samples for that many.
        || opts.vllm_max_seqs.is_some()
    {
        return None;
    }
    let fewer = VllmDefaults {
        max_seqs: VllmDefaults::SMALL.max_seqs,
        ..d
    };
    let need = compute_on(shape, req, opts, fewer).need();
    (need < parts.need()).then(|| {
        Msg::new("fit-warn-vllm-fewer-seqs")
            .arg("seqs", fewer.max_seqs)
            .arg("need", round2(need / GIB))
            .arg("spare", round2(g.usable_gib() - need / GIB))
    })
}

/// Training on a named card: the verdict with gradient checkpointing the other way, when it
/// turns a fit into a miss or back (the trainers' defaults differ: `CHECKPOINTING_DEFAULTS`).
fn checkpointing_flip(
    shape: &Shape,
    req: &FitRequest,
    opts: &FitOptions,
    vram: f64,
    verdict_now: Option<&str>,
) -> Option<CheckpointingFlip> {
    if !req.task.is_training() {
        return None;
    }
    let mut other = req.clone();
    other.grad_checkpointing = !req.grad_checkpointing;
    let parts = compute(shape, &other, opts);
    let (margin, _) = margin_pct(&other);
    let v = verdict(
        parts.per_card,
        parts.need(),
        exact_need(&parts, &other),
        vram * GIB,
        margin,
    );
    let runs = |v: &str| matches!(v, "fits" | "tight");
    (runs(&v) != runs(verdict_now?)).then(|| CheckpointingFlip {
        checkpointing: other.grad_checkpointing,
        verdict: v,
        margin_gib: round2(vram - parts.need() / GIB),
        per_gpu_required_gib: round2(parts.need() / GIB),
    })
}

/// What the busiest card must hold that is counted rather than estimated (`estimate::verdict`):
/// a catalog model's weights (a size-only guess is not exact), its KV cache for the tokens
/// asked for, and the CUDA context.
fn exact_need(parts: &Parts, req: &FitRequest) -> f64 {
    match req.model {
        ModelRef::Known(_) => parts.card[0] + parts.card[1] + CUDA_CONTEXT_GIB * GIB,
        ModelRef::BySize { .. } => 0.0,
    }
}

/// The `max_num_seqs` the answer offers for Llama-3.2-Vision on vLLM V0: the value that started
/// the server vllm#9445 saw die at the default 256 (an A100 80GB, `--max-model-len 1024`).
const VLLM_V0_TILED_FEW_SEQS: u32 = 32;

pub(super) fn zero_key(z: Zero) -> &'static str {
    match z {
        Zero::Off => "0",
        Zero::One => "1",
        Zero::Two => "2",
        Zero::Three => "3",
    }
}

/// Every catalog card type with the fewest cards (1, 2, 4, 8) that hold the job, cheapest
/// known hourly price first (cards without a catalog price after, by class and VRAM).
pub(super) fn options(
    catalog: &Catalog,
    shape: &Shape,
    req: &FitRequest,
    opts: &FitOptions,
) -> Vec<FitOption> {
    // The memory a job needs per card depends on the card count, and under vLLM on the class
    // of card its scheduler defaults follow (`VllmDefaults::for_card`), not on the card itself
    // (no card is named here): computed once per count and class, not once per catalog GPU.
    // Per count: what must be allocated, and what the card shows (the verdict's two figures).
    let per_card =
        |d: VllmDefaults, gpu: Option<&'_ crate::catalog::Gpu>| -> Vec<(u32, f64, f64)> {
            CARD_COUNTS
                .into_iter()
                // vLLM starts only at tensor-parallel sizes the model's heads divide.
                .filter(|&cards| !super::tp::tp_applies(req) || super::tp::tp_valid(shape, cards))
                .map(|cards| {
                    let mut r = req.clone();
                    r.cards = cards;
                    if gpu.is_some() {
                        r.gpu = gpu;
                    }
                    let parts = compute_on(shape, &r, opts, d);
                    (cards, parts.need(), parts.per_card)
                })
                .collect()
        };
    let large = per_card(VllmDefaults::LARGE, None);
    let small = if req.engine == Engine::Vllm && !req.task.is_training() {
        per_card(VllmDefaults::SMALL, None)
    } else {
        large.clone()
    };
    // A card on which Transformers' SDPA takes the math path sizes the image encoder's fp32
    // scores (`vram::sdpa_math`): one such card stands for all (the path depends only on it).
    let math_path = |g: &crate::catalog::Gpu| {
        let mut r = req.clone();
        r.gpu = Some(g);
        super::sdpa_math::tower_scores_bytes(&r) > 0.0
    };
    let math = catalog
        .gpus
        .iter()
        .find(|g| math_path(g))
        .map(|g| per_card(VllmDefaults::LARGE, Some(g)));
    // Each option with its card's tier (the sort's tie-break), so sorting looks nothing up.
    let mut out: Vec<(FitOption, u8)> = Vec::new();
    let m = margin_pct(req).0 / 100.0;
    let experts_in_ram = super::expert_offload::in_ram(req).is_some_and(|(l, _)| l > 0);
    for g in &catalog.gpus {
        let vram = g.usable_gib() * GIB;
        let per_card = match (VllmDefaults::for_card(Some(g)), &math) {
            (_, Some(m)) if math_path(g) => m,
            (VllmDefaults::SMALL, _) => &small,
            _ => &large,
        };
        if let Some(&(cards, need, shown)) = per_card.iter().find(|(_, need, _)| *need <= vram) {
            let price = crate::billing::cheapest_hourly_usd(catalog, &g.id);
            out.push((
                FitOption {
                    gpu: g.id.clone(),
                    cards,
                    per_gpu_gib: round2(need / GIB),
                    fits: true,
                    // The verdict's own test for a clear fit (`estimate::verdict`).
                    tight: shown > vram || need * (1.0 + m) > vram,
                    vram_gb: g.vram_gb,
                    interconnect: g.interconnect.clone(),
                    // Kept unrounded: answers convert it back to the user's currency, and a
                    // rounded USD cent would turn ¥1.66 into ¥1.65.
                    usd_per_hour: price.as_ref().map(|p| p.usd * Decimal::from(cards)),
                    price_from: price.as_ref().is_some_and(|p| p.from),
                    price_as_of: price.map(|p| p.as_of),
                    // Decode over the average context of a generation (half the sequence);
                    // none with experts in system RAM (`vram::expert_offload`): the host's RAM
                    // bandwidth reads them, which the catalog does not know.
                    decode_tok_s: (!req.task.is_training() && !experts_in_ram)
                        .then(|| {
                            super::throughput::decode_with_shape(
                                shape,
                                req.quant,
                                g,
                                cards,
                                req.engine,
                                req.batch,
                                req.context / 2,
                            )
                            .ok()
                        })
                        .flatten(),
                },
                g.tier,
            ));
        }
    }
    // Positions are sorted, not the options (each a few hundred bytes, moved at every step of
    // the sort otherwise); stable either way, so the order is the same.
    let mut order: Vec<usize> = (0..out.len()).collect();
    order.sort_by(|&i, &j| {
        let ((a, ta), (b, tb)) = (&out[i], &out[j]);
        match (a.usd_per_hour, b.usd_per_hour) {
            (Some(x), Some(y)) => x.cmp(&y),
            (Some(_), None) => std::cmp::Ordering::Less,
            (None, Some(_)) => std::cmp::Ordering::Greater,
            (None, None) => (a.cards * u32::from(*ta))
                .cmp(&(b.cards * u32::from(*tb)))
                .then(a.vram_gb.total_cmp(&b.vram_gb)),
        }
        .then(a.cards.cmp(&b.cards))
        .then(a.gpu.cmp(&b.gpu))
    });
    let mut slots: Vec<Option<FitOption>> = out.into_iter().map(|(o, _)| Some(o)).collect();
    order.into_iter().filter_map(|i| slots[i].take()).collect()
}

/// vLLM's notes: its share of each card and its start-up profile (V1 by card class, or V0),
/// and with no card named what the larger class adds.
fn vllm_warnings(shape: &Shape, req: &FitRequest, opts: &FitOptions, warnings: &mut Vec<Msg>) {
    // SGLang, TGI, LMDeploy, TensorRT-LLM: their own pool rule in place of vLLM's share, sized
    // in vLLM's class otherwise (`vram::server`), each said.
    if let Some((s, f)) = opts.server_pool(req) {
        warnings.extend(super::tgi_release::warning(shape, req, s));
        warnings.push(
            Msg::new("fit-warn-server-pool")
                .arg("server", s.key())
                .arg("pct", round2(f * 100.0))
                .arg(
                    "given",
                    if opts.server_fraction.is_some() {
                        "yes"
                    } else {
                        "no"
                    },
                )
                .arg("card", if req.gpu.is_some() { "yes" } else { "no" }),
        );
        return;
    }
    if !req.task.is_training() && req.engine == Engine::Vllm && req.vllm_v0 {
        // vLLM's V0 engine (`VllmDefaults::v0`): its profile and the word that sizes V1.
        let multimodal = matches!(req.model, ModelRef::Known(m) if m.vision.is_some());
        let d = VllmDefaults::v0(req.context, multimodal);
        warnings.push(
            Msg::new("fit-warn-vllm-v0")
                .arg("util", round2(opts.vllm_share() * 100.0))
                .arg("tokens", d.batched_tokens)
                // Its CUDA graphs outside that share (`parts::VLLM_V0_GRAPHS_SEEN_GIB`).
                .arg("rest", round2((1.0 - opts.vllm_share()) * 100.0))
                .arg("graphs_lo", super::parts::VLLM_V0_GRAPHS_SEEN_GIB[0])
                .arg("graphs_hi", super::parts::VLLM_V0_GRAPHS_SEEN_GIB[1]),
        );
        // A tiled (encoder-decoder) tower: one image per dummy sequence in V0's profile
        // (`vision_tower::vllm_v0_tiled_profile_bytes`); `seqs=` is the word that shrinks it.
        if let ModelRef::Known(crate::catalog::Model {
            vision: Some(v), ..
        }) = req.model
        {
            let seqs = super::vllm_seqs::profile_limits(d, opts.vllm_max_seqs).max_seqs;
            let tp = req.cards.max(1) as f64;
            let at = |n| super::vision_tower::vllm_v0_tiled_profile_bytes(v, n, tp);
            if let (Some(now), Some(small)) = (at(seqs), at(VLLM_V0_TILED_FEW_SEQS.min(seqs))) {
                warnings.push(
                    Msg::new("fit-warn-vllm-v0-tiled")
                        .arg("seqs", seqs)
                        .arg("gib", round2(now / GIB))
                        .arg("few", VLLM_V0_TILED_FEW_SEQS.min(seqs))
                        .arg("few_gib", round2(small / GIB)),
                );
            }
        }
    } else if !req.task.is_training() && req.engine == Engine::Vllm {
        let d =
            super::vllm_seqs::profile_limits(VllmDefaults::for_card(req.gpu), opts.vllm_max_seqs);
        warnings.push(
            Msg::new("fit-warn-vllm-prealloc")
                .arg("util", round2(opts.vllm_share() * 100.0))
                .arg("tokens", d.batched_tokens)
                .arg("seqs", d.max_seqs),
        );
        if req.gpu.is_none() {
            // No card named: the figures are the smaller class's; say what an H100-class card
            // adds (the card list already counts it).
            let l = super::vllm_seqs::profile_limits(VllmDefaults::LARGE, opts.vllm_max_seqs);
            let act = |d| compute_on(shape, req, opts, d).card[2];
            let extra = (act(l) - act(d)).max(0.0) / GIB;
            warnings.push(
                Msg::new("fit-warn-vllm-large-cards")
                    .arg("tokens", l.batched_tokens)
                    .arg("seqs", l.max_seqs)
                    .arg("extra", round2(extra)),
            );
        }
    }
}
