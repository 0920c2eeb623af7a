//! `/fit <model> [quant] [task] [ctx=32k] [batch=4] [gpu] [cards]` in the chat.
//!
//! Extra keys: `engine=vllm|transformers|llamacpp`, `kv=fp8`, `rank=64`, `zero=2`, `gc`
//! (gradient checkpointing), `optim=adam8bit`. `ctx=32k` means 32 x 1024 tokens.

use super::common::not_found_reply;
use crate::catalog::{Catalog, EntryKind, Gpu, NotFound};
use crate::context::Ctx;
use crate::lexicon;
use crate::reply::{Msg, Reply, Table};
use crate::vram::{
    self, Engine, FitError, FitOptions, FitReport, FitRequest, ModelRef, Quant, Task,
    decode_tokens_per_second, estimate_with, prefill_tokens_per_second,
};

/// Options shown when no card is given.
const SHOWN_OPTIONS: usize = 6;

/// A model name from the catalog, or a size such as `13b` / `1.5B` / `70b`.
pub fn model_ref<'a>(ctx: &Ctx<'a>, word: &str) -> Result<ModelRef<'a>, Box<Reply>> {
    match ctx.catalog.model(word) {
        Ok(m) => Ok(ModelRef::Known(m)),
        Err(nf) => match lexicon::params_b(word) {
            Some(Ok(b)) => Ok(ModelRef::BySize { params_b: b }),
            Some(Err(e)) => Err(Box::new(Reply::text(e.msg()).with(Msg::new("usage-fit")))),
            None => Err(Box::new(not_found_reply(&nf))),
        },
    }
}

struct Parsed<'a> {
    req: FitRequest<'a>,
    opts: FitOptions,
    quant_given: bool,
}

fn parse<'a>(ctx: &Ctx<'a>, args: &str) -> Result<Parsed<'a>, Box<Reply>> {
    let words: Vec<&str> = args.split_whitespace().collect();
    let Some(first) = words.first() else {
        return Err(Box::new(
            Reply::text(Msg::new("error-missing-args")).with(Msg::new("usage-fit")),
        ));
    };
    let model = model_ref(ctx, first)?;
    let mut req = FitRequest::new(model, Quant::Bf16, Task::Infer);
    let mut opts = FitOptions::default();
    let mut quant_given = false;
    let err = |e: FitError| Box::new(Reply::text(e.msg()).with(Msg::new("usage-fit")));
    for w in &words[1..] {
        let lw = w.to_lowercase();
        if let Some((k, v)) = lexicon::option(&lw) {
            let v = v.as_str();
            match k.as_str() {
                "ctx" | "context" | "上下文" => match lexicon::context_tokens(v) {
                    Some(n) if (1..=vram::MAX_CONTEXT as u64).contains(&n) => {
                        req.context = n as u32
                    }
                    Some(n) => return Err(err(FitError::BadContext(n))),
                    None => return Err(err(FitError::BadValue(w.to_string()))),
                },
                "batch" | "bs" | "并发" => match v.parse::<u64>() {
                    Ok(n) if (1..=vram::MAX_BATCH as u64).contains(&n) => req.batch = n as u32,
                    Ok(n) => return Err(err(FitError::BadBatch(n))),
                    Err(_) => return Err(err(FitError::BadValue(w.to_string()))),
                },
                "cards" | "gpus" | "卡" => match v.parse::<u64>() {
                    Ok(n) if (1..=vram::MAX_CARDS as u64).contains(&n) => req.cards = n as u32,
                    Ok(n) => return Err(err(FitError::BadCards(n))),
                    Err(_) => return Err(err(FitError::BadValue(w.to_string()))),
                },
                "engine" => req.engine = v.parse::<Engine>().map_err(err)?,
                "quant" => {
                    req.quant = v.parse::<Quant>().map_err(err)?;
                    quant_given = true;
                }
                "task" => req.task = v.parse::<Task>().map_err(err)?,
                "kv" => match lexicon::kv_dtype(v) {
                    Some(kv) => opts.kv_cache = kv,
                    None => return Err(err(FitError::BadValue(w.to_string()))),
                },
                "rank" | "r" => match v.parse::<u32>() {
                    Ok(n) if (1..=4096).contains(&n) => opts.lora_rank = n,
                    _ => return Err(err(FitError::BadValue(w.to_string()))),
                },
                "zero" => opts.zero = Some(v.parse().map_err(err)?),
                "optim" | "optimizer" => match lexicon::optimizer(v) {
                    Some(o) => opts.optimizer = o,
                    None => return Err(err(FitError::BadValue(w.to_string()))),
                },
                "gpu" | "card" => match ctx.catalog.gpu(v) {
                    Ok(g) => req.gpu = Some(g),
                    Err(nf) => return Err(Box::new(not_found_reply(&nf))),
                },
                _ => return Err(err(FitError::BadValue(w.to_string()))),
            }
            continue;
        }
        if matches!(lw.as_str(), "gc" | "grad-checkpointing" | "checkpointing") {
            req.grad_checkpointing = true;
            continue;
        }
        if let Ok(q) = w.parse::<Quant>() {
            req.quant = q;
            quant_given = true;
            continue;
        }
        if let Ok(t) = w.parse::<Task>() {
            req.task = t;
            continue;
        }
        if let Ok(e) = w.parse::<Engine>() {
            req.engine = e;
            continue;
        }
        // A small number is a card count; "4090" is a card.
        if let Some(n) = lexicon::card_count(w)
            && (1..=vram::MAX_CARDS).contains(&n)
        {
            req.cards = n;
            continue;
        }
        match ctx.catalog.gpu(w) {
            Ok(g) => req.gpu = Some(g),
            Err(nf) => {
                if let Some(n) = lexicon::card_count(w) {
                    return Err(err(FitError::BadCards(n as u64)));
                }
                if looks_like_quant(&lw) {
                    return Err(err(FitError::UnknownQuant(w.to_string())));
                }
                return Err(Box::new(unknown_word(w, &nf)));
            }
        }
    }
    if !quant_given && req.task == Task::Qlora {
        req.quant = Quant::Nf4;
    }
    if req.quant.is_gguf() && req.engine == Engine::Transformers && !req.task.is_training() {
        req.engine = Engine::Llamacpp;
    }
    Ok(Parsed {
        req,
        opts,
        quant_given,
    })
}

fn looks_like_quant(w: &str) -> bool {
    let b = w.as_bytes();
    (b.first() == Some(&b'q') && b.get(1).is_some_and(u8::is_ascii_digit))
        || ["int", "fp", "bf", "gptq", "awq", "nf", "bnb"]
            .iter()
            .any(|p| w.starts_with(p))
}

fn unknown_word(w: &str, nf: &NotFound) -> Reply {
    if nf.kind == EntryKind::Gpu && nf.suggestions.is_empty() {
        Reply::text(Msg::new("fit-error-word").arg("value", w)).with(Msg::new("usage-fit"))
    } else {
        not_found_reply(nf)
    }
}

fn gib(x: f64) -> String {
    format!("{x:.1}")
}

/// `/fit`: the estimate and what it means for the card(s).
pub fn fit(ctx: &Ctx, args: &str) -> Reply {
    let p = match parse(ctx, args) {
        Ok(p) => p,
        Err(r) => return *r,
    };
    match estimate_with(ctx.catalog, &p.req, &p.opts) {
        Ok(rep) => render_report(ctx.catalog, &p.req, &rep, p.quant_given, &ctx.currency),
        Err(e) => Reply::text(e.msg()).with(Msg::new("usage-fit")),
    }
}

/// The chat/terminal rendering of a report (`quant_given`: whether to say the quantization was
/// assumed).
/// Card prices are shown in `currency` (converted at the catalog's dated rate).
pub fn render_report(
    catalog: &Catalog,
    req: &FitRequest,
    rep: &FitReport,
    quant_given: bool,
    currency: &str,
) -> Reply {
    let mut r = Reply::text(
        Msg::new("fit-title")
            .arg("model", rep.model.as_str())
            .arg("quant", rep.quant.as_str())
            .arg("task", rep.task.as_str())
            .arg("context", rep.context)
            .arg("batch", rep.batch)
            .arg("engine", rep.engine.as_str()),
    );
    if !quant_given {
        r.push(Msg::new("fit-quant-assumed").arg("quant", req.quant.key()));
    }
    // Tables carry data cells; labels are localized messages, so the breakdown is one message.
    r.push(
        Msg::new("fit-breakdown")
            .arg("weights", gib(rep.weights_gib))
            .arg("kv", gib(rep.kv_cache_gib))
            .arg("act", gib(rep.activations_gib))
            .arg("optim", gib(rep.optimizer_gib))
            .arg("overhead", gib(rep.overhead_gib))
            .arg("total", gib(rep.total_gib))
            .arg("per_card", gib(rep.per_gpu_gib))
            .arg("cards", rep.cards)
            .arg(
                "training",
                if req.task.is_training() { "yes" } else { "no" },
            ),
    );
    if let Some(g) = req.gpu {
        let fits = rep.fits == Some(true);
        r.push(
            Msg::new("fit-verdict")
                .arg("fits", if fits { "yes" } else { "no" })
                .arg("gpu", g.name.as_str())
                .arg("cards", req.cards)
                .arg("vram", gib(g.vram_gib()))
                .arg("margin", gib(rep.margin_gib.unwrap_or(0.0).abs())),
        );
        if !fits {
            r.push(why_not(rep));
        }
        if fits && !req.task.is_training() {
            speed(&mut r, req, g);
        }
    } else {
        push_options(catalog, &mut r, rep, currency);
    }
    for w in &rep.warnings {
        r.push(w.clone());
    }
    r.push(Msg::new("fit-basis"));
    r
}

/// The largest part of the estimate, to say why it does not fit.
fn why_not(rep: &FitReport) -> Msg {
    let parts = [
        ("weights", rep.weights_gib),
        ("kv", rep.kv_cache_gib),
        ("activations", rep.activations_gib),
        ("optimizer", rep.optimizer_gib),
    ];
    let (part, v) = parts
        .iter()
        .copied()
        .fold(("weights", f64::MIN), |a, b| if b.1 > a.1 { b } else { a });
    Msg::new("fit-why-not").arg("part", part).arg("gib", gib(v))
}

fn speed(r: &mut Reply, req: &FitRequest, g: &Gpu) {
    if let Ok(d) = decode_tokens_per_second(
        req.model,
        req.quant,
        g,
        req.cards,
        req.engine,
        1,
        req.context / 2,
    ) {
        r.push(
            Msg::new("fit-speed-decode")
                .arg("tps", d.value.round())
                .arg("cards", req.cards),
        );
        r.push(d.basis);
    }
    if let Ok(pf) = prefill_tokens_per_second(req.model, g, req.cards) {
        r.push(Msg::new("fit-speed-prefill").arg("tps", pf.value));
        r.push(pf.basis);
    }
}

fn push_options(catalog: &Catalog, r: &mut Reply, rep: &FitReport, currency: &str) {
    if rep.options.is_empty() {
        r.push(Msg::new("fit-no-option"));
        return;
    }
    // Prices come in USD at the catalog rate; show them in the user's currency when a
    // rate exists, else in USD.
    let fx = crate::billing::resolve_fx(Some(catalog), "USD", currency, None).ok();
    let shown_currency = if fx.is_some() { currency } else { "USD" };
    r.push(
        Msg::new("fit-options-intro")
            .arg("count", rep.options.len())
            .arg("currency", shown_currency.to_uppercase()),
    );
    let mut rows = Vec::new();
    for o in rep.options.iter().take(SHOWN_OPTIONS) {
        let name = catalog
            .gpus
            .iter()
            .find(|g| g.id == o.gpu)
            .map_or(o.gpu.clone(), |g| g.name.clone());
        let price = match (o.usd_per_hour, &o.price_as_of) {
            (Some(usd), Some(d)) => {
                let rate = fx.as_ref().and_then(|f| f.as_ref().map(|f| f.rate));
                let amount = usd * rate.unwrap_or(rust_decimal::Decimal::ONE);
                format!(
                    "{}/h ({d})",
                    crate::billing::format_money(amount, shown_currency)
                )
            }
            _ => "?".to_string(),
        };
        rows.push(vec![
            name,
            format!("×{}", o.cards),
            gib(o.per_gpu_gib),
            price,
            o.interconnect.clone(),
        ]);
    }
    *r = std::mem::take(r).with_table(Table {
        header: vec![
            Msg::new("fit-col-gpu"),
            Msg::new("fit-col-cards"),
            Msg::new("fit-col-per-card"),
            Msg::new("fit-col-price"),
            Msg::new("fit-col-interconnect"),
        ],
        rows,
    });
    r.push(Msg::new("fit-options-note"));
}
