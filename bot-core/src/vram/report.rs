//! The report for one request: the estimate with its warnings, the verdict on a named card,
//! or the cards (of 1, 2, 4, 8) that hold the job.

use super::estimate::{compute, compute_on, margin_pct, round2, trim_num, verdict};
use super::parts::{CUDA_CONTEXT_GIB, Parts, VllmDefaults, kv_bytes_per_token_kv};
use super::request::{
    CARD_COUNTS, CardParts, CheckpointingFlip, FitError, FitOption, FitOptions, FitReport,
    FitRequest, ModelRef,
};
use super::request_check::validate;
use super::{Engine, GIB, Shape, Task};
use crate::catalog::Catalog;
use crate::reply::Msg;
use rust_decimal::Decimal;

/// The estimate for one request (default options).
pub fn estimate(catalog: &Catalog, req: &FitRequest) -> Result<FitReport, FitError> {
    estimate_with(catalog, req, &FitOptions::default())
}

/// The estimate for one request with explicit options.
pub fn estimate_with(
    catalog: &Catalog,
    req: &FitRequest,
    opts: &FitOptions,
) -> Result<FitReport, FitError> {
    // "Q-LoRA" on a GPTQ-Int8 checkpoint is LoRA on that frozen base (`vram::qlora_int8`).
    let as_lora = super::qlora_int8::as_lora(req);
    let read_note = as_lora.as_ref().map(|_| super::qlora_int8::note());
    let req = as_lora.as_ref().unwrap_or(req);
    validate(req)?;
    // A PEFT tuner whose targets PEFT would ask for (`vram::tuner_targets`).
    if req.task.is_training() && req.task != Task::Full {
        super::tuners::plan(req)?;
    }
    let shape = match req.model {
        ModelRef::Known(m) => Shape::from_model(m)?,
        ModelRef::BySize { params_b, active_b } => Shape::by_size(params_b, active_b),
    };
    // QAT's `int8-int4` unties a tied head before training (`vram::qat`).
    let shape = super::qat::untied_shape(&shape, req).unwrap_or(shape);
    // A card count vLLM refuses as tensor parallel is sized as the TP x PP split vLLM runs on
    // it (`vram::pipeline`); where none holds, at the largest valid count below it. The answer
    // says which (never "N cards, tensor parallel" for an N that does not start).
    let piped = super::pipeline::note(&shape, req);
    // A split the user typed (`pp=`) is run as typed.
    let resized = if piped.is_some() || super::pipeline::typed(&shape, req).is_some() {
        None
    } else {
        super::tp::resize(&shape, req)
    };
    // A checkpoint's declared word sized in the format it stores (`vram::declared_quant`).
    let stored = super::declared_quant::published(req);
    let declared_note = stored.map(|q| super::declared_quant::note(req, q));
    // A 16-bit checkpoint that DeepSpeed ZeRO-3 builds in fp32 (`vram::zero_init`).
    let zero_fp32 = super::zero_init::builds_fp32(req, opts);
    let zero_note = zero_fp32.then(|| super::zero_init::note(req));
    let owned;
    let req = if resized.is_some() || stored.is_some() || zero_fp32 {
        let mut r = req.clone();
        if let Some((sized, _)) = &resized {
            r.cards = *sized;
        }
        if let Some(q) = stored {
            r.quant = q;
        }
        if zero_fp32 {
            r.quant = super::Quant::Fp32;
        }
        owned = r;
        &owned
    } else {
        req
    };
    let parts = compute(&shape, req, opts);
    let mut warnings: Vec<Msg> = read_note.into_iter().collect();
    warnings.extend(resized.map(|(_, m)| m).into_iter().chain(piped));
    warnings.extend(declared_note);
    warnings.extend(zero_note);
    warnings.extend(super::name_format::notes(req));
    // A 16-bit checkpoint quantized while it loads, and whether that load sets the peak.
    let need = parts.need();
    warnings.extend(super::online_quant::note(
        req,
        opts.server,
        parts.load_stage,
        need,
    ));
    warnings.extend(super::report_notes::warnings(&shape, req, opts));
    let mut report = breakdown(&shape, req, opts, &parts);
    // A size-only guess's shape is itself a guess: its spread over the shapes of real models
    // of that size widens the stated error, so no verdict is firm on less (`vram::size_guess`).
    let guess = super::size_guess::spread_pct(req, opts, parts.need());
    if guess > 0.0 {
        report.margin_pct += guess.ceil();
        report.margin_measured = false;
    }
    match req.gpu {
        Some(g) => judge_card(&shape, req, opts, &parts, g, (&mut report, &mut warnings)),
        None => {
            report.options = options(catalog, &shape, req, opts, report.margin_pct);
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
        _ if req.tuner.is_some() => super::tuners::trainable_for(shape, req),
        _ => {
            let adapters = super::expert_adapters::lora_params_for(shape, opts.lora_rank, req);
            // DoRA's magnitude vectors train beside the adapters.
            let r1 = super::expert_adapters::lora_params_for(shape, 1, req);
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
        // With an MTP draft's attention layers in the same pool (`vram::spec_decode`).
        kv_bytes_per_token: kv_bytes_per_token_kv(
            &super::recurrent::kv_shape(shape, req, opts),
            req.engine,
            kv_k,
            kv_v,
        ) * super::spec_decode::kv_token_scale(shape, req),
        kv_cache: super::kv_cache::label(kv_k, kv_v),
        gpu: None,
        fits: None,
        margin_gib: None,
        verdict: None,
        server_pool: None,
        vllm_kv_pool: None,
        vllm_max_len: None,
        checkpointing_flip: None,
        whole_load_gib: super::whole_load::whole_load_gib(shape, req, opts)
            .or_else(|| super::whole_load::zero3_quantized_gib(shape, req, opts))
            .or_else(|| super::whole_load::axolotl_fsdp_gib(shape, req, opts).map(|(_, peak)| peak))
            .map(round2),
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
    // A training job's allocator cache fills the card at most (`vram::card_cap`); what is
    // allocated, the need and the verdict stay.
    let cut = super::card_cap::cut_bytes(parts, req, vram * GIB);
    if cut > 0.0 {
        let total = parts.weights + parts.kv + parts.act + parts.optim + parts.overhead;
        report.per_gpu_gib = round2((parts.per_card - cut) / GIB);
        report.per_gpu.overhead_gib = round2((parts.card[4] - cut) / GIB);
        report.overhead_gib = round2((parts.overhead - cut) / GIB);
        report.total_gib = round2((total - cut) / GIB);
    }
    report.vllm_kv_pool = super::vllm_pool::kv_pool(req, opts, report, g);
    report.vllm_max_len = super::vllm_max_len::refused(shape, req, opts);
    // Under vLLM the card must also be large enough that its share holds the job
    // (`vram::vllm_share`): the verdict is on the larger of the two, the need stays the job's.
    let floor = parts.card_floor();
    let share_binds = super::vllm_share::binds(parts.share_floor, parts.need());
    report.fits = Some(floor <= vram * GIB);
    report.margin_gib = Some(round2(vram - floor / GIB));
    report.verdict = Some(verdict(
        parts.per_card.max(floor),
        floor,
        exact_floor(parts, req, opts, share_binds),
        vram * GIB,
        report.margin_pct,
    ));
    // Said where it tells the user something: a share they set, or a verdict it makes less
    // than a clear fit (at vLLM's default a clear fit needs no note).
    let util_said = (opts.vllm_share() - super::VLLM_GPU_MEMORY_UTILIZATION).abs() > 1e-9;
    // V0's virtual engines each hold 1/PP of the pool (`vram::vllm_v0_pp`): where that decides,
    // its own line says why, in place of the share's.
    let v0_pp = super::vllm_v0_pp::note(shape, req, opts, parts, g);
    if share_binds {
        let util = opts.vllm_share();
        let core = parts.share_floor * util;
        // What is left inside the share, which is what the verdict's spare is.
        report.margin_gib = Some(round2(util * vram - core / GIB));
        let outside = (parts.need() - core).max(0.0);
        let clear = report.verdict.as_deref() == Some("fits");
        if (util_said || !clear) && v0_pp.is_none() {
            warnings.push(super::vllm_share::note(
                opts,
                g,
                (core, report.margin_pct, outside),
            ));
        }
    }
    warnings.extend(v0_pp);
    // A share that leaves no room for what vLLM keeps outside it (`vram::vllm_room`).
    let no_room = super::vllm_room::note(req, opts, g);
    // V0's CUDA graphs outside its share (`vram::vllm_v0_graphs`): less room than its log states.
    if let Some(room) = super::vllm_v0_graphs::short_room_gib(req, opts, g)
        && no_room.is_none()
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
        let need = super::estimate::compute(shape, &one, opts).card_floor();
        if let Some(left) = super::vllm_pool::starts_margin_gib(req, opts, report, g, need) {
            report.fits = Some(true);
            report.margin_gib = Some(round2(left));
            report.verdict = Some("starts".into());
        }
    }
    // SGLang starts with a token pool shorter than the demand, unless it is empty
    // (`vram::sglang_pool`): "starts, with a pool of N tokens", not "does not fit".
    if !matches!(report.verdict.as_deref(), Some("fits" | "tight"))
        && let Some((pool, held)) = super::sglang_pool::started(shape, req, opts, parts)
    {
        // ... unless the stated prompt is longer than the pool: SGLang refuses it.
        if super::sglang_pool::refuses(req, &pool) {
            super::sglang_pool::refuse(report, pool, held);
        } else {
            super::sglang_pool::judge(report, pool, held, vram);
        }
    }
    // The server's own arithmetic, not the estimate's margin: it does not start.
    if let Some(m) = no_room {
        report.fits = Some(false);
        report.verdict = Some("no".into());
        warnings.push(m);
    }
    // Model Runner V2's profile, and a full batch's sampler under load (`vram::vllm_mrv2`).
    super::vllm_mrv2::judge(req, opts, g, parts.served_sampler, (report, warnings));
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
    let class = VllmDefaults::for_card(Some(g));
    // What the release named samples for (`vllm_seqs::at_release`: V1 as it launched, 1024
    // requests on every card).
    let d = super::vllm_seqs::at_release(class, req.vllm_release, Some(g));
    if req.engine != Engine::Vllm
        || req.task.is_training()
        || d.max_seqs <= VllmDefaults::SMALL.max_seqs
        || verdict_now == Some("fits")
        // The user set it: the profile already samples for that many.
        || opts.vllm_max_seqs.is_some()
    {
        return None;
    }
    let seqs = VllmDefaults::SMALL.max_seqs;
    let fewer = FitOptions {
        vllm_max_seqs: Some(seqs),
        ..*opts
    };
    let then = compute_on(shape, req, &fewer, class);
    let need = then.need();
    // The room the verdict counts: inside vLLM's share where the share decides
    // (`vram::vllm_share`), else on the card.
    let (spare, within) = if super::vllm_share::binds(then.share_floor, need) {
        let util = opts.vllm_share();
        (
            util * g.usable_gib() - then.share_floor * util / GIB,
            "share",
        )
    } else {
        (g.usable_gib() - need / GIB, "card")
    };
    let launch = req.vllm_release.filter(|_| d != class);
    (then.card_floor() < parts.card_floor()).then(|| {
        let m = match launch {
            Some(r) => Msg::new("fit-warn-vllm-launch-seqs")
                .arg("release", r.label())
                .arg("default", d.max_seqs),
            None => Msg::new("fit-warn-vllm-fewer-seqs"),
        };
        m.arg("seqs", seqs)
            .arg("need", round2(need / GIB))
            .arg("spare", round2(spare))
            .arg("within", within)
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

/// `exact_need`, or where vLLM's share decides (`vram::vllm_share`) the card whose share holds
/// the counted weights and KV cache.
fn exact_floor(parts: &Parts, req: &FitRequest, opts: &FitOptions, share_binds: bool) -> f64 {
    if share_binds {
        super::vllm_share::floor(parts.card[0] + parts.card[1], opts.vllm_share())
    } else {
        exact_need(parts, req)
    }
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

/// An option's decode speed over the average context of a generation (half the sequence);
/// none for training, or with experts in system RAM (`vram::expert_offload`): the host's RAM
/// bandwidth reads them, which the catalog does not know.
fn option_decode(
    shape: &Shape,
    req: &FitRequest,
    g: &crate::catalog::Gpu,
    cards: u32,
    experts_in_ram: bool,
) -> Option<f64> {
    if req.task.is_training() || experts_in_ram {
        return None;
    }
    let half = req.context / 2;
    super::throughput::decode_with_shape(shape, req.quant, g, cards, req.engine, req.batch, half)
        .ok()
}

/// Whether vLLM refuses `req`'s MXFP4 on card `g` (`mxfp4_card::vllm_refuses`).
fn refused_on(req: &FitRequest, g: &crate::catalog::Gpu) -> bool {
    let mut r = req.clone();
    r.gpu = Some(g);
    super::mxfp4_card::vllm_refuses(&r)
}

/// Every catalog card type with the fewest cards (1, 2, 4, 8) that hold the job, cheapest
/// known hourly price first (cards without a catalog price after, by class and VRAM).
pub(super) fn options(
    catalog: &Catalog,
    shape: &Shape,
    req: &FitRequest,
    opts: &FitOptions,
    margin_pct: f64,
) -> Vec<FitOption> {
    // The memory a job needs per card depends on the card count, and under vLLM on the class
    // of card its scheduler defaults follow (`VllmDefaults::for_card`), not on the card itself
    // (no card is named here): computed once per count and class, not once per catalog GPU.
    // Per count: the smallest card that holds it, what the card shows (the verdict's two
    // figures) and what must be allocated.
    let per_card =
        |d: VllmDefaults, gpu: Option<&'_ crate::catalog::Gpu>| -> Vec<(u32, f64, f64, f64)> {
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
                    // The smallest card that holds it (`Parts::card_floor`): under vLLM
                    // its share must hold the job too.
                    let floor = parts.card_floor();
                    (cards, floor, parts.per_card.max(floor), parts.need())
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
    let m = margin_pct / 100.0;
    let experts_in_ram = super::expert_offload::in_ram(req).is_some_and(|(l, _)| l > 0);
    // Cards to rent: a laptop GPU is answered when named (`judge_card`), never offered.
    // vLLM's MXFP4 experts weigh what the card's MoE backend makes of them
    // (`vram::mxfp4_card::vllm_backend`): such a job is sized on each card, and a card vLLM
    // refuses MXFP4 on (below 8.0) is not offered.
    let mxfp4 = req.engine == Engine::Vllm && req.quant == super::Quant::Mxfp4;
    let offered = |g: &&crate::catalog::Gpu| !(g.is_laptop() || mxfp4 && refused_on(req, g));
    for g in catalog.gpus.iter().filter(offered) {
        let vram = g.usable_gib() * GIB;
        let own;
        let per_card = match (VllmDefaults::for_card(Some(g)), &math) {
            _ if mxfp4 => {
                own = per_card(VllmDefaults::for_card(Some(g)), Some(g));
                &own
            }
            (_, Some(m)) if math_path(g) => m,
            (VllmDefaults::SMALL, _) => &small,
            _ => &large,
        };
        if let Some(&(cards, floor, shown, need)) =
            per_card.iter().find(|(_, floor, _, _)| *floor <= vram)
        {
            let price = crate::billing::cheapest_hourly_usd(catalog, &g.id);
            out.push((
                FitOption {
                    gpu: g.id.clone(),
                    cards,
                    // What the job needs; the card is chosen on its floor.
                    per_gpu_gib: round2(need / GIB),
                    fits: true,
                    // The verdict's own test for a clear fit (`estimate::verdict`).
                    tight: shown > vram || floor * (1.0 + m) > vram,
                    vram_gb: g.vram_gb,
                    interconnect: g.interconnect.clone(),
                    // Kept unrounded: answers convert it back to the user's currency, and a
                    // rounded USD cent would turn ¥1.66 into ¥1.65.
                    usd_per_hour: price.as_ref().map(|p| p.usd * Decimal::from(cards)),
                    price_from: price.as_ref().is_some_and(|p| p.from),
                    price_as_of: price.map(|p| p.as_of),
                    decode_tok_s: option_decode(shape, req, g, cards, experts_in_ram),
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
