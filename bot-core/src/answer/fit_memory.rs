//! `/fit 16gb [method]` (`16g显存能跑什么模型`, `what can I run on 48GB`, `24G 能微调多大的模型`):
//! which of the catalog's models fit a memory size with no card named, per method (16-bit
//! inference, 4-bit inference, LoRA, QLoRA; or the one typed). Every figure comes from the fit
//! engine, on a card holding that memory read as the catalog reads a marketed size (GiB of
//! memory chips), the CUDA context counted as on any card; the largest model that fits is named
//! with its estimate and what is left, the next largest of other families beside it, and the
//! basis and the estimate's stated margin are said as `/fit` says them.

use super::fit::{FitLine, Given, settle};
use super::fit_options::gib;
use super::memory_card::judged_on;
use crate::catalog::{Catalog, Gpu, Model};
use crate::context::Ctx;
use crate::i18n::Lang;
use crate::lexicon;
use crate::reply::{Msg, Reply};
use crate::vram::{self, FitOptions, FitReport, FitRequest, ModelRef, Quant, Task};

/// A `/fit` line that names a memory size and no model (`/fit 24gb lora`): the typed request the
/// question reader builds too.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MemoryLine {
    /// The memory, whole GB as a card is sold (`16gb`).
    pub gb: u32,
    /// 16-bit or 4-bit inference, or another format, when typed.
    pub quant: Option<Quant>,
    /// The method, when typed (`lora`, `qlora`, `full`; `finetune` is LoRA).
    pub task: Option<Task>,
    /// A card named instead of a size (`/fit rtx-4090`): the models sized on its own capacity.
    pub card: Option<String>,
}

impl MemoryLine {
    /// Reads a `/fit` line whose words are one memory size and at most a format and a method;
    /// `None` when it is not one (a model named: `/fit`'s own line).
    pub fn read(args: &str) -> Option<MemoryLine> {
        let mut line = MemoryLine {
            gb: 0,
            quant: None,
            task: None,
            card: None,
        };
        for w in args.split_whitespace() {
            let lw = w.to_lowercase();
            if let Some(gb) = lexicon::card_memory_gb(&lw).filter(|_| line.gb == 0) {
                line.gb = gb;
            } else if !line.method_word(&lw) {
                return None;
            }
        }
        (line.gb > 0).then_some(line)
    }

    /// Takes a format or a method word (`int4`, `lora`, `full`); false when `lw` is neither.
    fn method_word(&mut self, lw: &str) -> bool {
        if lw == "full" {
            self.task = Some(Task::Full);
        } else if let Ok(t) = lw.parse::<Task>() {
            self.task = Some(t);
        } else if let Ok(q) = lw.parse::<Quant>() {
            self.quant = Some(q);
        } else {
            return false;
        }
        true
    }

    /// Reads a `/fit` line whose words are one card the catalog knows and at most a format and
    /// a method (`/fit rtx-4090`, `/fit 3090 lora`): which models fit that card. `None` when it
    /// is not one (a model or a count named: `/fit`'s own line).
    pub fn read_card(catalog: &Catalog, args: &str) -> Option<MemoryLine> {
        let mut line = MemoryLine {
            gb: 0,
            quant: None,
            task: None,
            card: None,
        };
        for w in args.split_whitespace() {
            match catalog.find_gpu(w) {
                Some(g) if line.card.is_none() => {
                    line.gb = g.vram_gb.round() as u32;
                    line.card = Some(g.id.clone());
                }
                _ if line.method_word(&w.to_lowercase()) => {}
                _ => return None,
            }
        }
        line.card.is_some().then_some(line)
    }

    /// `24gb lora`: the words after `/fit`, which [`MemoryLine::read`] reads back.
    pub fn words(&self) -> Vec<String> {
        let mut w = vec![
            self.card
                .clone()
                .unwrap_or_else(|| format!("{}gb", self.gb)),
        ];
        w.extend(self.quant.map(|q| q.key().to_string()));
        w.extend(self.task.map(|t| lexicon::task_word(t).to_string()));
        w
    }

    /// The methods asked: the one typed, else the four most people choose between.
    fn methods(&self) -> Vec<(Task, Option<Quant>)> {
        match (self.task, self.quant) {
            (Some(t), q) => vec![(t, q)],
            (None, Some(q)) => vec![(Task::Infer, Some(q))],
            (None, None) => vec![
                (Task::Infer, Some(Quant::Bf16)),
                (Task::Infer, Some(Quant::Int4)),
                (Task::Lora, None),
                (Task::Qlora, None),
            ],
        }
    }
}

/// The catalog's text models, one per architecture (entries that share a shape size the same;
/// the newest version of it kept, `llama-3.1-8b` over `llama-3-8b`), largest first.
fn candidates(catalog: &Catalog) -> Vec<&Model> {
    let shape = |m: &Model| {
        (
            m.params_b.to_bits(),
            m.layers,
            m.hidden,
            m.kv_heads,
            m.intermediate,
            m.vocab,
            m.experts,
        )
    };
    let mut kept: Vec<&Model> = Vec::new();
    for m in catalog.models.iter().filter(|m| m.vision.is_none()) {
        match kept.iter_mut().find(|k| shape(k) == shape(m)) {
            Some(k) if m.family_version() > k.family_version() => *k = m,
            Some(_) => {}
            None => kept.push(m),
        }
    }
    kept.sort_by(|a, b| b.params_b.total_cmp(&a.params_b));
    kept
}

/// One model's estimate on the memory card, by the same defaults `/fit` settles.
fn sized(
    catalog: &Catalog,
    m: &Model,
    card: &Gpu,
    method: (Task, Option<Quant>),
) -> Option<FitReport> {
    let (task, quant) = method;
    let mut req = FitRequest::new(ModelRef::Known(m), quant.unwrap_or(Quant::Bf16), task);
    req.gpu = Some(card);
    let given = Given {
        quant: quant.is_some(),
        ..Given::default()
    };
    let parsed = settle(catalog, req, FitOptions::default(), given);
    vram::estimate_with(catalog, &parsed.req, &parsed.opts).ok()
}

/// What one method's lines say: the largest model that fits clearly, a larger one that fits
/// only inside the estimate's margin, the largest clear fits of other families, and the
/// smallest model's need when none fits.
struct MethodFit<'c> {
    largest: Option<(&'c Model, FitReport)>,
    tight: Option<(&'c Model, FitReport)>,
    also: Vec<&'c Model>,
    smallest: Option<(&'c Model, FitReport)>,
}

/// How many other families' models are named beside the largest.
const ALSO: usize = 3;

fn method_fit<'c>(
    catalog: &'c Catalog,
    models: &[&'c Model],
    card: &Gpu,
    method: (Task, Option<Quant>),
) -> MethodFit<'c> {
    let mut out = MethodFit {
        largest: None,
        tight: None,
        also: Vec::new(),
        smallest: None,
    };
    for m in models {
        let Some(rep) = sized(catalog, m, card, method) else {
            continue;
        };
        let verdict = rep.verdict.clone().unwrap_or_default();
        match &out.largest {
            None if verdict == "fits" => out.largest = Some((m, rep)),
            None if verdict == "tight" && out.tight.is_none() => out.tight = Some((m, rep)),
            None => out.smallest = Some((m, rep)),
            Some((first, _)) if verdict == "fits" => {
                let named =
                    first.family == m.family || out.also.iter().any(|a| a.family == m.family);
                if !named {
                    out.also.push(m);
                }
                if out.also.len() == ALSO {
                    break;
                }
            }
            Some(_) => {}
        }
    }
    out
}

/// The method's key in the messages.
fn method_key(method: (Task, Option<Quant>)) -> &'static str {
    match method {
        (Task::Infer, Some(Quant::Bf16 | Quant::Fp16) | None) => "infer16",
        (Task::Infer, Some(Quant::Int4)) => "infer4",
        (Task::Infer, Some(_)) => "infer",
        (Task::Lora, _) => "lora",
        (Task::Qlora, _) => "qlora",
        (Task::Full, _) => "full",
    }
}

/// One method's lines, pushed to `r`; the `/fit` line of the model named, to tap.
fn push_method(
    r: &mut Reply,
    fit: &MethodFit<'_>,
    method: (Task, Option<Quant>),
    gb: u32,
    zh: bool,
) -> Option<FitLine> {
    let quant = method.1.map_or("", |q| q.key());
    let head = |id: &str| {
        Msg::new(id)
            .arg("method", method_key(method))
            .arg("quant", quant)
            .arg("gb", gb)
    };
    match (&fit.largest, &fit.tight) {
        (Some((m, rep)), _) => {
            r.push(
                head("fit-memory-method")
                    .arg("model", m.name.as_str())
                    .arg("need", gib(rep.per_gpu_required_gib))
                    .arg("left", gib(rep.margin_gib.unwrap_or(0.0).max(0.0))),
            );
        }
        (None, Some(_)) => {
            r.push(head("fit-memory-none-clear"));
        }
        (None, None) => {
            let (name, need) = fit
                .smallest
                .as_ref()
                .map_or((String::new(), 0.0), |(m, rep)| {
                    (m.name.clone(), rep.per_gpu_required_gib)
                });
            r.push(
                head("fit-memory-none")
                    .arg("model", name)
                    .arg("need", gib(need)),
            );
        }
    }
    if let Some((m, rep)) = &fit.tight {
        r.push(
            Msg::new("fit-memory-tight")
                .arg("model", m.name.as_str())
                .arg("need", gib(rep.per_gpu_required_gib))
                .arg("left", gib(rep.margin_gib.unwrap_or(0.0).max(0.0)))
                .arg("pct", rep.margin_pct.round()),
        );
    }
    if !fit.also.is_empty() {
        let names: Vec<&str> = fit.also.iter().map(|m| m.name.as_str()).collect();
        r.push(Msg::new("fit-memory-also").arg("models", names.join(if zh { "、" } else { ", " })));
    }
    // The model named's own fit line, a tap away: its breakdown and the cards that hold it.
    let (m, _) = fit.largest.as_ref().or(fit.tight.as_ref())?;
    Some(FitLine {
        model: m.id.clone(),
        quant: method.1,
        task: Some(method.0).filter(|t| *t != Task::Infer),
        ..FitLine::default()
    })
}

/// The models the answer to `line` names, per method (the largest clear fit, a tight one, the
/// others beside it, the smallest when none fits): the list a card's answer prints, so the
/// reader can tell whether two memory sizes of one card answer alike.
pub fn models_named(catalog: &Catalog, line: &MemoryLine) -> Vec<Vec<String>> {
    let named = line.card.as_deref().and_then(|id| catalog.find_gpu(id));
    let card = named
        .cloned()
        .unwrap_or_else(|| judged_on(catalog, line.gb).0);
    let models = candidates(catalog);
    line.methods()
        .into_iter()
        .map(|method| {
            let fit = method_fit(catalog, &models, &card, method);
            let ids = |p: &Option<(&Model, FitReport)>| p.as_ref().map(|(m, _)| m.id.clone());
            ids(&fit.largest)
                .into_iter()
                .chain(ids(&fit.tight))
                .chain(fit.also.iter().map(|m| m.id.clone()))
                .chain(ids(&fit.smallest).filter(|_| fit.largest.is_none()))
                .collect()
        })
        .collect()
}

/// `/fit 16gb`: the models that fit, per method, and each named model's own fit line (the
/// command offers them to tap).
pub fn answer(ctx: &Ctx, line: &MemoryLine) -> (Reply, Vec<FitLine>) {
    let catalog = ctx.catalog;
    let named = line.card.as_deref().and_then(|id| catalog.find_gpu(id));
    let (memory, tight) = judged_on(catalog, line.gb);
    let card = named.cloned().unwrap_or(memory);
    let models = candidates(catalog);
    let mut r = Reply::text(Msg::new("fit-memory-title").arg("gb", line.gb));
    r.push(match (named, tight) {
        (Some(g), _) => Msg::new("fit-memory-read-on")
            .arg("card", g.display_name(ctx.lang == Lang::Zh))
            .arg("usable", format!("{:.2}", g.usable_gib()))
            .arg("count", models.len()),
        (None, Some(g)) => Msg::new("fit-memory-read-card")
            .arg("gb", line.gb)
            .arg("card", g.display_name(ctx.lang == Lang::Zh))
            .arg("usable", format!("{:.2}", g.usable_gib()))
            .arg("count", models.len()),
        (None, None) => Msg::new("fit-memory-read")
            .arg("gb", line.gb)
            .arg("count", models.len()),
    });
    let (mut pct, mut context) = (0.0_f64, vram::DEFAULT_CONTEXT);
    let mut taps = Vec::new();
    for method in line.methods() {
        let fit = method_fit(catalog, &models, &card, method);
        for (_, rep) in fit.largest.iter().chain(&fit.tight) {
            pct = pct.max(rep.margin_pct);
            context = rep.context;
        }
        taps.extend(push_method(
            &mut r,
            &fit,
            method,
            line.gb,
            ctx.lang == Lang::Zh,
        ));
    }
    r.push(
        Msg::new("fit-memory-basis")
            .arg("context", context)
            .arg("pct", pct.round())
            .arg("gb", line.gb),
    );
    (r, taps)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_memory_line_reads_back() {
        for (typed, words) in [
            ("16gb", "16gb"),
            ("24G lora", "24gb lora"),
            ("80gb full", "80gb full"),
            ("48gib int4", "48gb int4"),
            ("24gb finetune", "24gb lora"),
        ] {
            let line = MemoryLine::read(typed).unwrap_or_else(|| panic!("{typed}"));
            assert_eq!(line.words().join(" "), words, "{typed}");
            assert_eq!(MemoryLine::read(words), Some(line), "{words}");
        }
        for not in ["qwen2.5-7b 16gb", "16gb 4090", "lora", "16gb 24gb", "0gb"] {
            assert_eq!(MemoryLine::read(not), None, "{not}");
        }
    }
}
