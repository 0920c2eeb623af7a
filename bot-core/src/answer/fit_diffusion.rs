//! `/fit <image or video model> [card] [fp8|q8_0|q4_0|nf4] [offload=model|seq] [res=WxH|720p]
//! [frames=N] [batch=N] [te=fp8|cpu] [vae=fp32|tiled|sliced]`: the memory of one generation, by component, the verdict on
//! the card, what makes it fit, and the cards that hold it. The CLI prints the same reply.
//!
//! Here: the reply, the verdict and the cards. Apart: `words` (a line's words read into the
//! request), `training` (a training run's reply), `vae` (the VAE words and line), `extras`
//! (eager attention and the safety checker).

mod extras;
mod training;
mod vae;
mod words;
use super::fit_options::gib;
use crate::catalog::{Catalog, Gpu};
use crate::diffusion::{
    self, DiffusionReport, DiffusionRequest, Kind, Offload, Pipeline, Precision, cards_that_hold,
    estimate, what_fits,
};
use crate::reply::{Msg, Part, Reply};
use training::render_train;
use words::{bad, option, word};

/// How far a training estimate may be off, %: its activations and adapter sizes are derived
/// from the architecture, not measured for each tool.
pub const TRAIN_MARGIN_PCT: u32 = 30;

/// Cards listed as holding it.
const SHOWN_CARDS: usize = 6;
/// Changes listed as making it fit.
const SHOWN_FIXES: usize = 3;

/// A read `/fit` line for an image or video model.
pub struct DiffusionLine<'c> {
    pub req: DiffusionRequest<'static>,
    pub gpu: Option<&'c Gpu>,
    /// More than one card was asked for: sized on one, and said.
    pub many_cards: bool,
    /// A memory size said instead of a card (`16gb`): judged on the card `/fit 16gb` judges
    /// on (`fit_vram::image_on_memory`).
    pub memory: Option<u32>,
}

/// Reads `args` when one of its words names an image or video pipeline; `None` otherwise (an
/// LLM `/fit`). A word it cannot place is an error reply, never a guess.
pub fn read<'c>(catalog: &'c Catalog, args: &str) -> Option<Result<DiffusionLine<'c>, Box<Reply>>> {
    let words: Vec<&str> = args.split_whitespace().collect();
    let (at, pipeline) = words
        .iter()
        .enumerate()
        .find_map(|(i, w)| diffusion::find(w).map(|p| (i, p)))?;
    let mut line = DiffusionLine {
        req: DiffusionRequest::new(pipeline),
        gpu: None,
        many_cards: false,
        memory: None,
    };
    for (i, w) in words.iter().enumerate() {
        if i == at {
            continue;
        }
        if let Err(e) = word(catalog, &mut line, w) {
            return Some(Err(e));
        }
    }
    if let Some(gb) = line.memory {
        line.memory = match super::memory_card::memory_kept(catalog, line.gpu, gb, false) {
            Ok(kept) => kept,
            Err(e) => return Some(Err(e)),
        };
    }
    Some(Ok(line))
}

/// How far off the estimate may be, %: tighter where the step was measured for this model.
pub fn margin_pct(p: &Pipeline) -> u32 {
    if p.act_basis.starts_with("measured") {
        15
    } else {
        30
    }
}

fn size_text(r: &DiffusionRequest) -> String {
    match r.pipeline.kind {
        Kind::Image => format!("{}×{}", r.width, r.height),
        Kind::Video => format!("{}×{}×{}f", r.width, r.height, r.frames),
    }
}

/// The words that ask for `t` (`fp8 offload=model res=768x768`), for a "what fits" line.
fn change_words(from: &DiffusionRequest, t: &DiffusionRequest) -> String {
    let mut out: Vec<String> = Vec::new();
    if t.precision.is_some() && t.denoiser_precision() != from.denoiser_precision() {
        out.push(t.denoiser_precision().key().to_string());
    }
    if let Some(q) = t
        .text_precision
        .filter(|_| t.text_precision != from.text_precision)
    {
        out.push(format!("te={}", q.key()));
    }
    if t.text_on_cpu && !from.text_on_cpu {
        out.push("te=cpu".into());
    }
    if from.wan_generate && !t.wan_generate {
        out.push("runner=diffusers".into());
    }
    if let Some(v) = t.torch.filter(|_| t.torch != from.torch) {
        out.push(format!("torch={}", v.key()));
    }
    vae::change_words(from, t, &mut out);
    if t.load_on_cpu && !from.load_on_cpu {
        out.push("load=cpu".into());
    }
    if t.offload != from.offload {
        out.push(format!("offload={}", t.offload.key()));
    }
    if (t.width, t.height) != (from.width, from.height) {
        out.push(format!("res={}x{}", t.width, t.height));
    }
    if t.frames != from.frames {
        out.push(format!("frames={}", t.frames));
    }
    out.join(" ")
}

/// The reply for a read line.
pub fn render(catalog: &Catalog, line: &DiffusionLine) -> Reply {
    let r = &line.req;
    let p = r.pipeline;
    let e = estimate(r);
    if let Some(t) = &r.train {
        return render_train(catalog, line, t, &e);
    }
    let mut reply = Reply::text(
        Msg::new("diff-title")
            .arg("model", p.name.as_str())
            .arg("precision", r.denoiser_precision().key().to_uppercase())
            .arg("size", size_text(r))
            .arg("batch", r.batch)
            .arg("offload", r.offload.key()),
    );
    reply.push(
        Msg::new("diff-weights")
            .arg("denoiser", gib(e.denoiser_gib))
            .arg("text", gib(e.text_gib))
            .arg("vae", gib(e.vae_gib))
            .arg(
                "text_fp8",
                if r.text_on_cpu {
                    "cpu"
                } else if r.text_precision.is_some() {
                    "yes"
                } else {
                    "no"
                },
            )
            .arg("te_quant", r.text_precision.map_or("", Precision::key)),
    );
    if r.drop_optional_text {
        reply.push(Msg::new("diff-t5-off"));
    }
    extras::explain(&mut reply, r, &e);
    reply.push(
        Msg::new("diff-activations")
            .arg("step", gib(e.step_gib))
            .arg("tokens", format!("{:.0}", e.tokens))
            .arg("decode", gib(e.decode_gib)),
    );
    reply.push(
        Msg::new("diff-peak")
            .arg("peak", gib(e.peak_gib))
            .arg("stage", e.stage.key())
            .arg("reserve", gib(e.reserve_gib))
            .arg("context", gib(e.context_gib)),
    );
    // The 2-D decode's blocks handed back before an out-of-memory error: out of the need,
    // in what nvidia-smi shows (`diffusion::estimate::decode_blocks`).
    if e.released_gib > 0.05 && e.shown_gib > e.peak_gib + 0.05 {
        reply.push(
            Msg::new("diff-decode-released")
                .arg("released", gib(e.released_gib))
                .arg("shown", gib(e.shown_gib))
                .arg("peak", gib(e.peak_gib)),
        );
    }
    reply.push(Msg::new("diff-offload").arg("offload", r.offload.key()));
    extras::offload_basis(&mut reply, r, &e);
    extras::conv3d_columns(&mut reply, r);
    vae::explain(&mut reply, r, &e);
    wan_generate(&mut reply, r, &e);
    causal_decode(&mut reply, r);
    if line.many_cards {
        reply.push(Msg::new("diff-one-card"));
    }
    if let Some(g) = line.gpu {
        verdict(&mut reply, r, &e, g);
    }
    cards(&mut reply, catalog, r, &e);
    basis(&mut reply, r);
    reply
}

/// Wan's own `generate.py`: what it was sized as, or what it would need, with the word.
fn wan_generate(reply: &mut Reply, r: &DiffusionRequest, e: &DiffusionReport) {
    let Some(w) = &r.pipeline.wan_generate else {
        return;
    };
    let mut other = *r;
    other.wan_generate = !r.wan_generate;
    let (sized, alt) = if r.wan_generate {
        (r, &other)
    } else {
        (&other, r)
    };
    let o = estimate(&other);
    let msg = if r.wan_generate {
        "diff-wan-generate"
    } else {
        "diff-wan-generate-other"
    };
    reply.push(
        Msg::new(msg)
            .arg("precision", sized.denoiser_precision().key())
            .arg("convert", if w.convert_flag { "yes" } else { "no" })
            .arg("per_token", if w.per_token_timestep { "yes" } else { "no" })
            .arg("kb", format!("{:.0}", sized.act_bytes_per_token() / 1000.0))
            .arg(
                "other_kb",
                format!("{:.0}", alt.act_bytes_per_token() / 1000.0),
            )
            .arg("peak", gib(o.peak_gib))
            .arg("this", gib(e.peak_gib))
            .arg("source", w.source.as_str()),
    );
}

/// How generate.py's causal VAE decode was sized, from its decoder's shapes.
fn causal_decode(reply: &mut Reply, r: &DiffusionRequest) {
    let Some(v) = r.wan().and_then(|w| w.causal_vae.as_ref()) else {
        return;
    };
    let d = diffusion::causal_decode::size(v, r.width, r.height, r.frames, r.pipeline.vae_time);
    let (channels, w, h) = d.widest;
    reply.push(
        Msg::new("diff-wan-causal-decode")
            .arg("class", v.class.as_str())
            .arg("file", v.source.rsplit('/').next().unwrap_or(""))
            .arg("channels", channels)
            .arg("w", w)
            .arg("h", h)
            .arg("transient", gib(d.transient_gib))
            .arg("caches", gib(d.caches_gib))
            .arg("earlier", gib(d.earlier_gib))
            .arg("source", v.source.as_str()),
    );
}

/// Whether one generation's peak fits on `g` at all ("tight" included): the answer's verdict, and
/// what the reference tables' image/video verdict rows are scored with. Decided on what CUDA
/// reports as the card's total (`Gpu::usable_gib`), as a language model's verdict is and as the
/// verdict line's margin and "tight" band are: the peak holds the CUDA context (`context_gib`).
/// The driver's total (`vram_gib`, 0.3-0.7 GiB more) let a peak between the two read "tight,
/// X GiB to spare" with X a shortfall (mem_fs).
pub fn fits_card(e: &DiffusionReport, g: &Gpu) -> bool {
    g.usable_gib() >= e.peak_gib
}

fn verdict(reply: &mut Reply, r: &DiffusionRequest, e: &DiffusionReport, g: &Gpu) {
    let none = Msg::new("diff-no-fix").arg("gpu", g.name.as_str());
    verdict_and_fixes(reply, g, e, margin_pct(r.pipeline), none, |target| {
        what_fits(r, target, SHOWN_FIXES)
            .into_iter()
            .map(|(t, te)| Fix {
                words: change_words(r, &t),
                peak_gib: te.peak_gib,
                slow: t.offload == Offload::Sequential,
            })
            .collect()
    });
}

/// One change that lowers a run's peak, as a verdict offers it.
struct Fix {
    words: String,
    peak_gib: f64,
    /// It trades speed for memory (offload, swapped blocks), and is said to.
    slow: bool,
}

/// The verdict on card `g` (±`pct`) and, short of a clear fit, the changes `find` returns for the
/// peak the run must get under: the card itself outside the margin, the card less the margin
/// inside it. `none` is said when it finds no change. One for generation and training alike.
fn verdict_and_fixes(
    reply: &mut Reply,
    g: &Gpu,
    e: &DiffusionReport,
    pct: u32,
    none: Msg,
    find: impl FnOnce(f64) -> Vec<Fix>,
) {
    let vram = g.usable_gib();
    let fits = if !fits_card(e, g) {
        "no"
    } else if !safe(e.peak_gib, vram, pct) {
        "tight"
    } else {
        "yes"
    };
    reply.push(
        Msg::new("diff-verdict")
            .arg("fits", fits)
            .arg("gpu", g.name.as_str())
            .arg("vram", gib(vram))
            .arg("margin", gib((vram - e.peak_gib).abs()))
            .arg("pct", pct),
    );
    if fits == "yes" {
        return;
    }
    // Inside the margin, what makes it safe; outside, what makes it fit.
    let target = if fits == "tight" {
        vram / (1.0 + pct as f64 / 100.0)
    } else {
        vram
    };
    let fixes = find(target);
    if fixes.is_empty() {
        reply.push(none);
        return;
    }
    reply.push(
        Msg::new("diff-fix-intro")
            .arg("gpu", g.name.as_str())
            .arg("fits", fits),
    );
    let yes_no = |b: bool| if b { "yes" } else { "no" };
    for f in fixes {
        // A change that only just fits is said to be tight, never offered as a plain fit.
        reply.push(
            Msg::new("diff-fix")
                .arg("words", f.words)
                .arg("peak", gib(f.peak_gib))
                .arg("slow", yes_no(f.slow))
                .arg("tight", yes_no(!safe(f.peak_gib, vram, pct)))
                .arg("pct", pct),
        );
    }
}

/// Whether `peak` fits in `vram` with the estimate's whole error margin to spare.
fn safe(peak: f64, vram: f64, pct: u32) -> bool {
    vram - peak >= peak * pct as f64 / 100.0
}

fn cards(reply: &mut Reply, catalog: &Catalog, r: &DiffusionRequest, e: &DiffusionReport) {
    let held = cards_that_hold(catalog, e);
    if held.is_empty() {
        reply.push(Msg::new("diff-no-cards"));
        return;
    }
    // Cards that hold it only inside the estimate's margin are listed apart, as tight.
    let pct = margin_pct(r.pipeline);
    let (held, tight): (Vec<&Gpu>, Vec<&Gpu>) =
        (held.into_iter()).partition(|g| safe(e.peak_gib, g.usable_gib(), pct));
    if !held.is_empty() {
        push_cards(reply, "diff-cards", &held, pct);
    }
    if !tight.is_empty() {
        push_cards(reply, "diff-cards-tight", &tight, pct);
    }
}

fn push_cards(reply: &mut Reply, id: &'static str, held: &[&Gpu], pct: u32) {
    // The reply is built before its language is known: both lists go, each locale shows its
    // own (names and punctuation as its readers write them).
    let list = |zh: bool| {
        held.iter()
            .take(SHOWN_CARDS)
            .map(|g| {
                let (name, gib) = (g.display_name(zh), gib(g.usable_gib()));
                if zh {
                    format!("{name}（{gib} GiB）")
                } else {
                    format!("{name} ({gib} GiB)")
                }
            })
            .collect::<Vec<_>>()
            .join(if zh { "、" } else { ", " })
    };
    reply.push(
        Msg::new(id)
            .arg("cards", list(false))
            .arg("cards_zh", list(true))
            .arg("count", held.len())
            .arg("pct", pct),
    );
}

fn basis(reply: &mut Reply, r: &DiffusionRequest) {
    let p = r.pipeline;
    let measured = if r.wan().is_some() {
        "wan"
    } else if p.act_basis.starts_with("measured") {
        "yes"
    } else {
        "no"
    };
    let decode_measured = p.decode_basis.starts_with("measured");
    reply.push(
        Msg::new("diff-basis")
            .arg("measured", measured)
            .arg(
                "decode_measured",
                if decode_measured { "yes" } else { "no" },
            )
            .arg("pct", margin_pct(p)),
    );
    if let Some(n) = &p.note_en {
        let zh = p.note_zh.as_deref().unwrap_or(n);
        reply.push(Msg::new("diff-note").arg("en", n.as_str()).arg("zh", zh));
    }
    let denoiser = p
        .component
        .iter()
        .find(|c| c.role == diffusion::Role::Denoiser)
        .map_or("", |c| c.source.as_str());
    let mut sources = vec![p.source.as_str()];
    if denoiser != p.source {
        sources.push(denoiser);
    }
    reply.push(
        Msg::new("diff-sources")
            .arg("sources", sources.join(" · "))
            .arg("as_of", p.as_of.as_str()),
    );
}

/// `/fit` for an image or video model from a line read word by word (a question's reading):
/// `None` when its model is no pipeline. A training task reads as its word does in a typed line
/// (`diffusion::train`); an unknown option is refused, as in a typed line.
pub fn answer_line(catalog: &Catalog, line: &super::fit::FitLine) -> Option<Reply> {
    let pipeline = diffusion::find(&line.model)?;
    let mut d = DiffusionLine {
        req: DiffusionRequest::new(pipeline),
        gpu: None,
        many_cards: line.cards.is_some_and(|n| n > 1),
        memory: line.memory.filter(|_| line.gpu.is_none()),
    };
    if let Some(t) = line.task.filter(|t| *t != crate::vram::Task::Infer) {
        if let Err(e) = word(catalog, &mut d, crate::lexicon::task_word(t)) {
            return Some(*e);
        }
    }
    if let Some(q) = line.quant {
        match Precision::parse(q.key()) {
            Some(p) => d.req.precision = Some(p),
            None => return Some(*bad(q.key())),
        }
    }
    if let Some(g) = &line.gpu {
        match catalog.find_gpu(g) {
            Some(g) => d.gpu = Some(g),
            None => return Some(*bad(g)),
        }
    }
    for (k, v) in &line.options {
        if option(&mut d.req, k, v).is_none() {
            return Some(*bad(&format!("{k}={v}")));
        }
    }
    Some(render_noted(catalog, &d))
}

/// [`render`], with the bf16 note ([`no_bf16_image_note`]) when the card has no bf16.
pub fn render_noted(catalog: &Catalog, line: &DiffusionLine) -> Reply {
    // A memory said as the card: judged on the card `/fit 16gb` judges on, named after the
    // verdict (`memory_card`).
    if let (None, Some(gb)) = (line.gpu, line.memory) {
        let (card, tightest) = super::memory_card::judged_on(catalog, gb);
        let on = DiffusionLine {
            gpu: Some(&card),
            memory: None,
            ..*line
        };
        let basis = Msg::new("fit-vram-image-basis")
            .arg("gb", gb)
            .arg("card", tightest.map_or("none", |t| t.name.as_str()))
            .arg("usable", gib(card.usable_gib()));
        return after_verdict(render_noted(catalog, &on), basis);
    }
    let r = render(catalog, line);
    // A risk to the run itself (NaN, black images, or training not available): right after
    // the verdict, so a phone's first message keeps it rather than putting it behind Details.
    match line.gpu.and_then(|g| no_bf16_image_note(g, &line.req)) {
        Some(m) => after_verdict(r, m),
        None => r,
    }
}

/// `m` right after the verdict (or in the details, without one).
fn after_verdict(mut r: Reply, m: Msg) -> Reply {
    let verdict = r
        .parts
        .iter()
        .position(|p| matches!(p, Part::Text(v) if v.id == "diff-verdict"));
    match verdict {
        Some(at) => r.insert(at + 1, Part::Text(m)),
        None => r.append(m),
    }
    r
}

/// On a card without bf16 (compute capability below 8.0), a pipeline that runs in bf16
/// cannot: trained, bf16 is not available (fp16 mixed precision or another card); run, its
/// fp16 cast has overflowed (NaN, black images: FLUX in fp16, github.com/huggingface/diffusers
/// issues/9096, clipped in diffusers pull/9097; FLUX Fill still black, issues/10533), so the
/// answer says the risk instead of sizing silently. `None` when the card's capability is
/// unknown or the denoiser is not in bf16.
pub fn no_bf16_image_note(g: &crate::catalog::Gpu, req: &DiffusionRequest) -> Option<Msg> {
    if g.bf16_native() != Some(false) || req.denoiser_precision() != Precision::Bf16 {
        return None;
    }
    let cc = g.compute_capability.clone().unwrap_or_default();
    let key = if req.train.is_some() {
        "fit-no-bf16-train"
    } else {
        "fit-no-bf16-image"
    };
    Some(
        Msg::new(key)
            .arg("card", g.name.clone())
            .arg("cc", cc)
            .arg("model", req.pipeline.name.clone()),
    )
}

/// `/fit` for an image or video model; `None` when no word names one.
pub fn answer(catalog: &Catalog, args: &str) -> Option<Reply> {
    Some(match read(catalog, args)? {
        Ok(line) => render(catalog, &line),
        Err(r) => *r,
    })
}
