//! The `/fit` answer: the estimate, the assumptions it rests on with the words that change
//! them, the verdict on a named card (with what makes a tight job fit or safe), speed, and the
//! configurations that hold the job.

use super::fit_assumptions::push_assumptions;
use super::fit_gc::checkpointing_flip;
use super::fit_model_note::{autocast_note, bare_size_warning, read_as_note};
use super::fit_options::push_options;
pub(super) use super::fit_options::{SHOWN_OPTIONS, gib};
pub use super::fit_parsed::Parsed;
use crate::advice::{self, Fit};
use crate::catalog::{Catalog, Gpu};
use crate::i18n::Lang;
use crate::reply::{Msg, Reply};
use crate::vram::{
    FitError, FitOptions, FitReport, FitRequest, decode_tokens_per_second_kv,
    prefill_tokens_per_second,
};

/// Below this many GiB the embedding llama.cpp keeps in system RAM is not worth a line: the
/// brief's threshold for a move of the card's figure a user would notice.
const EMBEDDING_NOTE_GIB: f64 = 0.5;

/// The `/fit` answer for one decision; the CLI prints the same reply. Every default the
/// figure rests on and the user did not choose is said, with the word that changes it.
pub fn render_fit(
    catalog: &Catalog,
    p: &Parsed<'_>,
    fit: &Fit,
    currency: &str,
    lang: Lang,
) -> Reply {
    render_fit_with(catalog, p, fit, currency, lang, |r| {
        push_verdict(r, catalog, p, fit, currency, lang);
    })
}

/// [`render_fit`] with the verdict `verdict` pushes (a job judged on a memory size says its
/// own, `fit_vram`).
pub(super) fn render_fit_with(
    catalog: &Catalog,
    p: &Parsed<'_>,
    fit: &Fit,
    currency: &str,
    lang: Lang,
    verdict: impl FnOnce(&mut Reply),
) -> Reply {
    let (req, rep) = (&p.req, &fit.report);
    let mut r = Reply::text(
        Msg::new("fit-title")
            .arg("model", rep.model.as_str())
            .arg("quant", rep.quant.as_str())
            .arg("task", rep.task.as_str())
            .arg("method", super::fit_rl::method_label(req).as_str())
            .arg("context", rep.context)
            .arg("batch", rep.batch)
            .arg("engine", engine_named(p, rep)),
    );
    push_assumptions(&mut r, catalog, p, rep, currency, lang);
    r.push(breakdown(req, rep));
    push_vllm_started(&mut r, p, rep);
    r.push(
        Msg::new("fit-setup")
            .arg("attention", rep.attention.as_str())
            .arg("parallelism", rep.parallelism.as_str())
            .arg("cards", rep.cards),
    );
    if let Some(m) = kv_cache_line(&rep.kv_cache) {
        r.push(m);
    }
    push_host_ram(&mut r, req);
    r.push(
        Msg::new("fit-margin")
            .arg("pct", rep.margin_pct.round())
            .arg("measured", if rep.margin_measured { "yes" } else { "no" }),
    );
    let lead = r.parts.len();
    verdict(&mut r);
    let verdict = r.parts[lead..].to_vec();
    for w in &rep.warnings {
        r.push(w.clone());
    }
    if let Some(w) = read_as_note(catalog, p.read_as.as_deref()) {
        r.push(w);
    }
    if let Some(w) = bare_size_warning(catalog, req.model) {
        r.push(w);
    }
    if let Some(w) = autocast_note(req) {
        r.push(w);
    }
    if req.quant.gguf_block_bpw().is_some() {
        r.push(Msg::new("fit-warn-iquant").arg("quant", req.quant.key()));
    }
    r.push(Msg::new("fit-basis"));
    short_first(r, p, verdict, lang)
}
/// The memory by part, one message (tables carry data cells; labels are localized messages):
/// per card under plain data parallel, else the job's, with the card's total, the need and
/// whether the engine's cache takes the rest.
fn breakdown(req: &FitRequest<'_>, rep: &FitReport) -> Msg {
    // Plain data parallel keeps a full copy on every card: the parts are given per card, so
    // the weights cannot read as the model's size times the cards.
    let copies = rep.parallelism == "data" && rep.cards > 1;
    let c = &rep.per_gpu;
    let (weights, kv, act, optim, overhead) = if copies {
        (
            c.weights_gib,
            c.kv_cache_gib,
            c.activations_gib,
            c.optimizer_gib,
            c.overhead_gib,
        )
    } else {
        (
            rep.weights_gib,
            rep.kv_cache_gib,
            rep.activations_gib,
            rep.optimizer_gib,
            rep.overhead_gib,
        )
    };
    Msg::new("fit-breakdown")
        .arg("copies", if copies { "yes" } else { "no" })
        .arg("weights", gib(weights))
        .arg("kv", gib(kv))
        .arg("act", gib(act))
        .arg("optim", gib(optim))
        .arg("overhead", gib(overhead))
        .arg(
            "card_total",
            gib(c.weights_gib
                + c.kv_cache_gib
                + c.activations_gib
                + c.optimizer_gib
                + c.overhead_gib),
        )
        .arg("total", gib(rep.total_gib))
        .arg("per_card", gib(rep.per_gpu_gib))
        .arg("required", gib(rep.per_gpu_required_gib))
        .arg(
            "cache",
            match () {
                _ if rep.per_gpu_gib <= rep.per_gpu_required_gib + 0.05 => "no",
                // vLLM's KV cache fills its budget on the card (`vram::vllm_grant`).
                _ if rep.engine == "vllm" => "vllm",
                _ => "yes",
            },
        )
        .arg("cards", rep.cards)
        .arg(
            "training",
            if req.task.is_training() { "yes" } else { "no" },
        )
}

/// vLLM on a named card shows its budget under load; right after start-up it shows that less
/// its start-up profile's activation peak, which it hands back before allocating the KV cache
/// (`vram::vllm_grant`). Said only where the budget is what the breakdown shows.
fn push_vllm_started(r: &mut Reply, p: &Parsed<'_>, rep: &FitReport) {
    let profile = rep.per_gpu.activations_gib;
    if rep.engine != "vllm"
        || p.opts.server.is_some()
        || p.req.vllm_started
        || rep.per_gpu_gib <= rep.per_gpu_required_gib + 0.05
        || profile < 0.05
    {
        return;
    }
    r.push(
        Msg::new("fit-vllm-started")
            .arg("started", gib(rep.per_gpu_gib - profile))
            .arg("profile", gib(profile)),
    );
}

/// What llama.cpp keeps in system RAM instead of on the card: routed experts offloaded
/// (`vram::expert_offload`) and the token embedding (`vram::llamacpp_input`).
fn push_host_ram(r: &mut Reply, req: &FitRequest<'_>) {
    // llama.cpp's expert offload: what left the card for system RAM (`vram::expert_offload`).
    if let Some((layers, gib_ram)) = crate::vram::expert_offload::in_ram(req) {
        r.push(
            Msg::new("fit-cpu-moe")
                .arg("layers", layers)
                .arg("ram", gib(gib_ram)),
        );
    }
    // llama.cpp's token embedding in system RAM (`vram::llamacpp_input`), said once it is
    // big enough to matter to the card's figure or the host's RAM.
    if let Some((gib_ram, tied)) = crate::vram::llamacpp_input::in_ram_gib(req)
        && gib_ram > EMBEDDING_NOTE_GIB
    {
        r.push(
            Msg::new("fit-llamacpp-embedding")
                .arg("ram", gib(gib_ram))
                .arg("tied", if tied { "yes" } else { "no" }),
        );
    }
}

/// The first message on a phone: the title, the verdict (the top options when no card was
/// named) and one line with the words that change what was assumed; the breakdown, every
/// assumption's reason, warnings and the basis are in the details.
fn short_first(
    whole: Reply,
    p: &Parsed<'_>,
    verdict: Vec<crate::reply::Part>,
    lang: Lang,
) -> Reply {
    let mut short: Vec<crate::reply::Part> = whole.parts.first().cloned().into_iter().collect();
    short.extend(super::fit_method::assumed(p.method_assumed).map(crate::reply::Part::Text));
    short.extend(
        verdict
            .into_iter()
            .map(|part| crate::phone::top(lang, part, crate::phone::TOP_ROWS)),
    );
    let mut words = Vec::new();
    if !p.quant_given {
        words.push("int4 / fp8");
    }
    if !p.context_given {
        words.push("ctx=32k");
    }
    if p.serving_default {
        words.push("batch=1");
    }
    if p.req.task.is_training() && !p.gc_given {
        words.push("gc=off");
    }
    if !words.is_empty() {
        short.push(crate::reply::Part::Text(Msg::new("fit-short-assumed").arg(
            "words",
            words.join(if lang == Lang::Zh { "、" } else { ", " }),
        )));
    }
    whole.with_short(short)
}

/// The verdict on the named card(s), with what makes a tight job fit or safe, the speed when
/// it fits and the configurations that hold it when it does not; the options when no card
/// was named.
fn push_verdict(
    r: &mut Reply,
    catalog: &Catalog,
    p: &Parsed<'_>,
    fit: &Fit,
    currency: &str,
    lang: Lang,
) {
    let (req, rep) = (&p.req, &fit.report);
    if let Some(g) = req.gpu {
        let fits = fit.fits();
        let verdict = rep.verdict.as_deref().unwrap_or("no");
        r.push(
            Msg::new("fit-verdict")
                .arg("verdict", verdict)
                .arg("gpu", g.display_name(lang == Lang::Zh))
                .arg("cards", req.cards)
                .arg("vram", gib(g.usable_gib()))
                .arg("margin", gib(rep.margin_gib.unwrap_or(0.0).abs()))
                .arg("pct", rep.margin_pct.round()),
        );
        if let Some(f) = &rep.checkpointing_flip {
            r.push(checkpointing_flip(f, gib(f.margin_gib.abs()), lang));
        }
        // vLLM refuses to start at a context whose one request its pool cannot hold: the
        // longest it starts at, and what the card shows then (`vram::vllm_max_len`).
        if let Some(m) = &rep.vllm_max_len {
            r.push(
                Msg::new("fit-vllm-max-len")
                    .arg("context", rep.context)
                    .arg("tokens", m.tokens as usize)
                    .arg("gib", gib(m.shown_gib)),
            );
        }
        // A vLLM service whose pool holds some, not all, of its requests at full length still
        // starts: say how many run at once (`vram::vllm_pool`).
        if let Some(n) = crate::vram::vllm_pool::full_length_requests(req, &p.opts, rep, g) {
            r.push(
                Msg::new("fit-vllm-holds")
                    .arg("n", n)
                    .arg("batch", rep.batch)
                    .arg("context", rep.context),
            );
        }
        // SGLang's pool on the card, when shorter than the demand (`vram::sglang_pool`).
        if let Some(pool) = &rep.server_pool {
            r.push(sglang_pool_line(pool, rep));
        }
        // A fine-tune asked without its method: what full fine-tuning and QLoRA would need.
        for m in super::fit_method::others(catalog, &method_sized(p), lang) {
            r.push(m);
        }
        if matches!(verdict, "tight" | "short") {
            push_remedies(r, catalog, p, verdict, lang);
        }
        if fits && !req.task.is_training() {
            speed(r, req, &p.opts, g, lang);
        }
        // The KV pool vLLM fills on this card, whatever one request needs; after the speed line,
        // which the stories read first (`vram::vllm_pool`).
        if let Some(pool) = &rep.vllm_kv_pool {
            r.push(
                Msg::new("fit-vllm-kv-pool")
                    .arg("gib", gib(pool.gib))
                    .arg("tokens", pool.tokens as usize),
            );
        }
        // A server that starts short of its demand (`starts`, `pool`): what the whole demand
        // needs, as for a job that does not fit.
        if !fits || rep.starts_short() {
            super::fit_short::push_short(r, catalog, p, fit, currency, lang, true);
        }
    } else {
        for m in super::fit_method::others(catalog, &method_sized(p), lang) {
            r.push(m);
        }
        push_options(
            catalog,
            r,
            &rep.options,
            currency,
            "fit-options-intro",
            lang,
            req,
        );
    }
}

/// What SGLang's token pool holds on the named card when it is shorter than the demand: the
/// longest request it takes, or how many requests at full length it runs at once.
fn sglang_pool_line(pool: &crate::vram::ServerPool, rep: &crate::vram::FitReport) -> Msg {
    Msg::new("fit-sglang-pool")
        .arg("fraction", format!("{:.3}", pool.fraction))
        .arg("tokens", pool.tokens as usize)
        .arg("context", rep.context)
        .arg("clipped", if pool.clipped { "yes" } else { "no" })
        .arg("n", pool.full_requests)
        .arg("batch", rep.batch)
        .arg("held", gib(pool.held_gib))
}

/// Inside the stated margin: the single changes that make the job fit (`short`) or safe
/// (`tight`), each with the memory it then needs per card.
pub(super) fn push_remedies(
    r: &mut Reply,
    catalog: &Catalog,
    p: &Parsed<'_>,
    verdict: &str,
    lang: Lang,
) {
    let list: Vec<String> = advice::remedies(catalog, &p.req, &p.opts)
        .into_iter()
        .filter(|m| m.clear || verdict == "short")
        .take(4)
        .map(|m| match lang {
            // Full-width brackets in a Chinese list, as `fit_diffusion` writes its cards.
            Lang::Zh => format!("{}（{} GiB）", m.word, gib(m.need_gib)),
            Lang::En => format!("{} ({} GiB)", m.word, gib(m.need_gib)),
        })
        .collect();
    if list.is_empty() {
        r.push(Msg::new("fit-tight-none"));
    } else {
        r.push(
            Msg::new("fit-tight-remedies")
                .arg("goal", if verdict == "short" { "fit" } else { "safe" })
                .arg(
                    "list",
                    list.join(if lang == Lang::Zh { "、" } else { ", " }),
                ),
        );
    }
    // Near the card's limit the allocator's fragmentation can decide a training run: the
    // setting that keeps it from doing so (`answer::fit_alloc_conf`).
    if let Some(m) = super::fit_alloc_conf::line(&p.req) {
        r.push(m);
    }
}

/// What `fit_method` reads of the parsed job.
fn method_sized<'r, 'a>(p: &'r Parsed<'a>) -> super::fit_method::Sized<'r, 'a> {
    super::fit_method::Sized {
        req: &p.req,
        opts: &p.opts,
        quant_given: p.quant_given,
        method_assumed: p.method_assumed,
    }
}

/// The engine the title names: the server typed (`engine=sglang|tgi|lmdeploy|trt-llm`), which
/// is sized in vLLM's class with its own pool rule (`vram::server`), else the report's engine.
fn engine_named<'a>(p: &Parsed<'_>, rep: &'a FitReport) -> &'a str {
    p.opts.server.map_or(rep.engine.as_str(), |s| s.key())
}

fn speed(r: &mut Reply, req: &FitRequest, opts: &FitOptions, g: &Gpu, lang: Lang) {
    // Experts in system RAM (`vram::expert_offload`) are read at the host's memory bandwidth,
    // which the catalog does not know: no figure rather than the card's.
    if crate::vram::expert_offload::in_ram(req).is_some_and(|(layers, _)| layers > 0) {
        r.push(Msg::new("fit-speed-cpu-moe"));
        return;
    }
    // A card figure the catalog does not know: say which, once, instead of estimating from a
    // guess; the card by its name in the answer's language.
    let mut unknown: Vec<Msg> = Vec::new();
    let named = |mut m: Msg| {
        for (k, v) in &mut m.args {
            if k == "gpu" {
                *v = g.display_name(lang == Lang::Zh).into();
            }
        }
        m
    };
    // The cache is read in the types the memory estimate sized (a q4_0 cache at 4.5 bits a
    // value), so the line's bytes per token and its speed agree with the answer above.
    match decode_tokens_per_second_kv(
        req.model,
        req.quant,
        g,
        req.cards,
        req.engine,
        1,
        req.context / 2,
        crate::vram::kv_cache::engine_types(req, opts),
    ) {
        Ok(d) => {
            r.push(
                Msg::new("fit-speed-decode")
                    .arg("tps", d.value.round())
                    .arg("cards", req.cards),
            );
            r.push(d.basis);
        }
        Err(e @ FitError::SpecUnknown(..)) => unknown.push(named(e.msg())),
        Err(_) => {}
    }
    match prefill_tokens_per_second(req.model, g, req.cards) {
        Ok(pf) => {
            r.push(Msg::new("fit-speed-prefill").arg("tps", pf.value));
            r.push(pf.basis);
        }
        Err(e @ FitError::SpecUnknown(..)) if !unknown.contains(&named(e.msg())) => {
            unknown.push(named(e.msg()));
        }
        Err(_) => {}
    }
    for m in unknown {
        r.push(m);
    }
}

/// The KV cache type the estimate ran, when it is not the 16-bit default: its bits a value
/// (averaged over K and V) and its share of f16's (`vram::kv_cache`).
fn kv_cache_line(label: &str) -> Option<Msg> {
    let types: Vec<_> = label
        .split('/')
        .filter_map(crate::lexicon::kv_dtype)
        .collect();
    let bytes = match types.as_slice() {
        [t] => t.bytes(),
        [k, v] => crate::vram::kv_cache::mean_bytes(*k, *v),
        _ => return None,
    };
    (bytes != 2.0).then(|| {
        Msg::new("fit-kv-cache")
            .arg("kv", label)
            .arg(
                "bits",
                format!("{:.2}", bytes * 8.0)
                    .trim_end_matches('0')
                    .trim_end_matches('.')
                    .to_string(),
            )
            .arg("share", (bytes / 2.0 * 100.0).round())
    })
}
