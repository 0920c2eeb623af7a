//! `/fit <model> [quant] [task] [ctx=32k] [batch=4] [gpu] [cards]` in the chat.
//!
//! Words in any order (`/fit 4090 qwen2.5-32b` = `/fit qwen2.5-32b 4090`); `2x4090` is two
//! cards; `16gb` (`2x16gb`) in place of a card judges the job on that memory (`fit_vram`). Extra
//! keys: `engine=vllm|transformers|llamacpp|ollama|sglang|tgi|lmdeploy|trt-llm`,
//! `kv=fp8|q8_0|q4_0` (`ctk=` / `ctv=` apart, `vram::kv_cache`), `gmu=0.95` (vLLM's
//! `--gpu-memory-utilization`), `mfs=0.85` (a server's own fraction, `vram::server`),
//! `parallel=4` (Ollama's slots), `rank=64`, `zero=2`,
//! `gc=on|off` (gradient checkpointing; on by default for training, see [`crate::advice`]),
//! `attn=eager|sdpa|flash` (default: the engine's own),
//! `optim=adam8bit`, `beams=4` (Transformers' beam search, `vram::beams`). `ctx=32k` means
//! 32 x 1024 tokens.

use super::common::not_found_reply;
pub use super::fit_model_note::bare_size_warning;
pub use super::fit_options::push_options;
pub use super::fit_render::{Parsed, render_fit};
use crate::advice;
use crate::catalog::{Catalog, EntryKind, NotFound};
use crate::context::Ctx;
use crate::lexicon;
use crate::reply::{Msg, Reply};
use crate::vram::{self, Engine, FitError, FitOptions, FitRequest, ModelRef, Quant, Task};

use super::fit_render::SHOWN_OPTIONS;
pub use super::fit_words::Given;
use super::fit_words::usage_err;

/// A model name from the catalog, or a size such as `13b` / `1.5B` / `70b`, or the size in
/// an unknown model's name (`acme/Foo-14B-Instruct`, flagged as a size-only guess).
pub fn model_ref<'a>(ctx: &Ctx<'a>, word: &str) -> Result<ModelRef<'a>, Box<Reply>> {
    match ctx.catalog.model(word) {
        Ok(m) => Ok(ModelRef::Known(m)),
        Err(nf) => match lexicon::model_size_in_name(word) {
            Some(Ok(b)) => Ok(ModelRef::BySize {
                params_b: b.total_b,
                active_b: b.active_b,
            }),
            Some(Err(e)) => Err(Box::new(Reply::text(e.msg()).with(Msg::new("usage-fit")))),
            None => Err(Box::new(not_found_reply(&nf))),
        },
    }
}

/// The model word among `words`: the first that names a catalog model or a size (`13b`), so
/// `/fit 4090 qwen2.5-32b` reads the same as `/fit qwen2.5-32b 4090`. Falls back to the first
/// word that is not a card, an option or a known word, for a precise "not found".
fn model_word<'w>(ctx: &Ctx<'_>, words: &[&'w str]) -> Option<(usize, &'w str)> {
    let named = words.iter().enumerate().find(|(_, w)| {
        lexicon::option(w).is_none()
            && (ctx.catalog.find_model(w).is_some() || lexicon::params_b(w).is_some())
    });
    named
        .or_else(|| {
            words.iter().enumerate().find(|(_, w)| {
                lexicon::option(w).is_none()
                    && ctx.catalog.find_gpu(w).is_none()
                    && lexicon::card_count(w).is_none()
                    && w.parse::<Quant>().is_err()
                    && w.parse::<Task>().is_err()
            })
        })
        .map(|(i, w)| (i, *w))
}

/// A `/fit` line read word by word with the lexicon, before anything is sized: the model as
/// written (a catalog id or a size), the quantization and task when named, the card and how
/// many, and the `key=value` options in order (flag words such as `gc`, `amp`, `vllm` or
/// `adamw8bit` are kept as their option). The question reader builds the same struct.
#[derive(Debug, Clone, Eq, Default)]
pub struct FitLine {
    pub model: String,
    pub quant: Option<Quant>,
    pub task: Option<Task>,
    /// A catalog GPU id.
    pub gpu: Option<String>,
    /// Cards when more than one is named (`2x4090`, `cards=2`, a bare `2`).
    pub cards: Option<u32>,
    /// A memory size said instead of a card (`/fit phi-4 16gb`): the job judged on the
    /// tightest catalog card sold with it (`answer::fit_vram`).
    pub memory: Option<u32>,
    pub options: Vec<(String, String)>,
    /// A fine-tune asked without its method (`finetune`, `微调`): sized as LoRA, said so, with
    /// what full fine-tuning and QLoRA would need beside it (`answer::fit_method`).
    pub method_assumed: bool,
    /// The format the model's name states (`…-AWQ`), which the answer says it read, or that a
    /// typed one overrode (`vram::name_format`); not compared, like `method_assumed`.
    pub named: Option<vram::name_format::NameFormat>,
}

/// Two lines are the same request when they size the same job: `finetune` and `lora` both
/// size LoRA (the echo line says `lora`, what was sized), so how the method was said
/// ([`FitLine::method_assumed`], which only adds words to the answer) is not compared.
impl PartialEq for FitLine {
    fn eq(&self, o: &Self) -> bool {
        (
            &self.model,
            self.quant,
            self.task,
            &self.gpu,
            self.cards,
            self.memory,
            &self.options,
        ) == (
            &o.model, o.quant, o.task, &o.gpu, o.cards, o.memory, &o.options,
        )
    }
}

impl FitLine {
    /// The line's words after `/fit`, which [`read_line`] reads back to the same struct.
    pub fn words(&self) -> Vec<String> {
        let mut w = vec![self.model.clone()];
        w.extend(self.quant.map(|q| q.key().to_string()));
        w.extend(self.task.map(|t| lexicon::task_word(t).to_string()));
        // The context window before the card, the rest after: the order people read it in.
        let (window, rest): (Vec<_>, Vec<_>) = self.options.iter().partition(|(k, _)| k == "ctx");
        w.extend(window.iter().map(|(k, v)| format!("{k}={v}")));
        // A memory said as the card (`16gb`, `2x16gb`) stands where the card would.
        let memory = self
            .memory
            .filter(|_| self.gpu.is_none())
            .map(|gb| format!("{gb}gb"));
        match (self.gpu.as_ref().or(memory.as_ref()), self.cards) {
            // A count of 0 is kept, so the line says it back and its reader refuses it.
            (Some(g), Some(n)) if n != 1 => w.push(format!("{n}x{g}")),
            (Some(g), _) => w.push(g.clone()),
            (None, Some(n)) => w.push(format!("cards={n}")),
            (None, None) => {}
        }
        w.extend(rest.iter().map(|(k, v)| format!("{k}={v}")));
        w
    }
}

/// Reads a `/fit` line (also the model, quantization, card and cards of a `/tco` line).
pub fn parse<'a>(ctx: &Ctx<'a>, args: &str) -> Result<Parsed<'a>, Box<Reply>> {
    resolve(ctx, &read_line(ctx, args)?)
}

/// Reads the words of a `/fit` line into a [`FitLine`]; a word that is none of its parts is
/// answered (a misspelt card with suggestions, a bad count, an unknown quantization).
pub fn read_line(ctx: &Ctx<'_>, args: &str) -> Result<FitLine, Box<Reply>> {
    let (mut line, joined) = read_model(ctx, args)?;
    let words: Vec<&str> = joined.iter().map(String::as_str).collect();
    for w in &join_sharding(&words) {
        let w = w.as_str();
        if crate::lexicon::connective(w) {
            continue;
        }
        let lw = w.to_lowercase();
        if !read_option_word(ctx, &mut line, w, &lw)? {
            read_card_word(ctx, &mut line, w, &lw)?;
        }
    }
    // `16gb` beside a card is its own; alone, a size some card is sold with (`memory_card`).
    if let Some(gb) = line.memory {
        let gpu = line.gpu.as_deref().and_then(|id| ctx.catalog.find_gpu(id));
        let zh = ctx.lang == crate::i18n::Lang::Zh;
        line.memory = super::memory_card::memory_kept(ctx.catalog, gpu, gb, zh)?;
    }
    Ok(line)
}

/// The line's first phase: the model word taken out, the line started with the model, and
/// the other words with a card named over several words (`4090 48g`) joined into one.
fn read_model(ctx: &Ctx<'_>, args: &str) -> Result<(FitLine, Vec<String>), Box<Reply>> {
    let mut words: Vec<&str> = args.split_whitespace().collect();
    let Some((at, first)) = model_word(ctx, &words) else {
        return Err(Box::new(
            Reply::text(Msg::new("error-missing-args")).with(Msg::new("usage-fit")),
        ));
    };
    words.remove(at);
    // `4090 48g` is one card (an alias of several words), as in questions and /compare.
    let joined = super::common::join_card_names(ctx.catalog, &words);
    // The model as its catalog id where the catalog knows it (a size such as `72b` as typed),
    // so a typed line and a question build the same struct.
    // A family and size (`llama-70b`) stays as typed, so the answer can say how it was read.
    // A checkpoint named with its quantization (`Qwen/Qwen2.5-7B-Instruct-AWQ`) holds those
    // weights: sized so unless a quantization word says otherwise (read after this), and the
    // model is the name before that ending (`…-v0.3-bnb-4bit` is v0.3).
    let read = vram::name_format::read(ctx.catalog, first);
    // A family and size (`llama-70b`) stays as written (its stem when it states a format), so
    // the answer can say how it was read.
    let model = match (read.model, &read.format) {
        (Some(m), _) if read.by_name => m.id.clone(),
        (Some(_), Some(f)) => f.stem.clone(),
        _ => first.to_string(),
    };
    let mut line = FitLine {
        model,
        quant: read.format.as_ref().map(|f| f.quant),
        named: read.format.clone(),
        ..FitLine::default()
    };
    // Saved by bitsandbytes in 4-bit: loaded as it is, without the 16-bit warm-up
    // (`vram::bnb_load`), as the answer's own note on such repositories says.
    if read.format.is_some_and(|f| f.saved_4bit) {
        line.options.push(("warmup".into(), "off".into()));
    }
    // A repository id with no quantization ending names a 16-bit checkpoint: `fp8` on it is
    // quantized while the server loads it (`vram::online_quant`).
    if crate::lexicon::names_16bit_repo(first) {
        line.options.push(("online".into(), "on".into()));
    }
    Ok((line, joined))
}

/// A card count said in the line, within the cards accepted.
fn card_count_said(n: u64) -> Result<u32, Box<Reply>> {
    (1..=vram::MAX_CARDS as u64)
        .contains(&n)
        .then_some(n as u32)
        .ok_or_else(|| usage_err(FitError::BadCards(n)))
}

/// One word that is no bare card: a sharding stage, a `key=value` option (`gpu=` too), a
/// training method, DoRA, a flag word, the task, the quantization or the engine. `false`
/// when the word is none of them.
fn read_option_word(
    ctx: &Ctx<'_>,
    line: &mut FitLine,
    w: &str,
    lw: &str,
) -> Result<bool, Box<Reply>> {
    if let Some(z) = lexicon::sharding(lw).or_else(|| lexicon::offload_sharding(lw)) {
        // FSDP keeps its name: it holds a bf16 model's optimizer unlike DeepSpeed ZeRO-3.
        let key = if lexicon::is_fsdp(lw) {
            "fsdp"
        } else if lexicon::is_device_map(lw) {
            "device_map"
        } else {
            z.key()
        };
        // A CPU offload keeps its word: it changes what each card holds (`vram::offload`).
        let key = if lexicon::is_offload(lw) {
            format!("{key}-offload")
        } else {
            key.to_string()
        };
        line.options.push(("zero".into(), key));
        return Ok(true);
    }
    if let Some((k, v)) = lexicon::option(lw) {
        match k.as_str() {
            "quant" => line.quant = Some(v.parse::<Quant>().map_err(usage_err)?),
            "task" => take_task(line, v.parse::<Task>().map_err(usage_err)?, &v),
            "cards" | "gpus" | "卡" => match v.parse::<u64>() {
                Ok(n) => line.cards = Some(card_count_said(n)?),
                Err(_) => return Err(usage_err(FitError::BadValue(w.to_string()))),
            },
            "gpu" | "card" => match ctx.catalog.gpu(&v) {
                Ok(g) => line.gpu = Some(g.id.clone()),
                Err(nf) => return Err(Box::new(not_found_reply(&nf))),
            },
            _ => line.options.push((k, v)),
        }
        return Ok(true);
    }
    // A training method (`dpo`, `grpo`) or DoRA: a fine-tune, LoRA unless a method is said.
    if let Some(m) = lexicon::training_method_word(lw) {
        line.options.push(("method".into(), m.into()));
        take_task(line, Task::Lora, "finetune");
        return Ok(true);
    }
    if lexicon::is_dora_word(lw) {
        line.options.push(("dora".into(), "on".into()));
        take_task(line, Task::Lora, "finetune");
        return Ok(true);
    }
    if let Some(opt) = flag_word(lw) {
        line.options.push(opt);
        return Ok(true);
    }
    // `full` is a full fine-tune here (the lexicon also reads it as full precision).
    if lw == "full" {
        take_task(line, Task::Full, lw);
        return Ok(true);
    }
    if let Ok(q) = w.parse::<Quant>() {
        line.quant = Some(q);
        return Ok(true);
    }
    if let Ok(t) = w.parse::<Task>() {
        take_task(line, t, lw);
        return Ok(true);
    }
    if let Ok(e) = w.parse::<Engine>() {
        // A server in vLLM's class keeps its own name (and pool rule), as `engine=sglang` does.
        let key = if vram::ollama::is_ollama_word(w) {
            "ollama"
        } else {
            vram::Server::parse(w).map_or(e.key(), |s| s.key())
        };
        line.options.push(("engine".into(), key.to_string()));
        return Ok(true);
    }
    Ok(false)
}

/// One word that names the card or how many: a card count, a card with its count
/// (`2x4090`), a card; else the word is answered (a bad count, an unknown quantization, a
/// misspelt card with suggestions).
fn read_card_word(ctx: &Ctx<'_>, line: &mut FitLine, w: &str, lw: &str) -> Result<(), Box<Reply>> {
    // `16gb`: a memory said as the card (`answer::fit_vram`); beside a card named, its own.
    if let Some(gb) = lexicon::card_memory_gb(lw) {
        line.memory = Some(gb);
        return Ok(());
    }
    // A small number is a card count; "4090" is a card.
    if let Some(n) = lexicon::card_count(w)
        && (1..=vram::MAX_CARDS).contains(&n)
    {
        line.cards = Some(n);
        return Ok(());
    }
    // "2x4090", "4090x2", "2张4090": a card with its count.
    // A count out of range (`0x4090`, `65x4090`) is a bad count, not an unknown card.
    let (name, n) = lexicon::cards_and_name(w);
    // `2x16gb`: cards of a memory size.
    if name != lw
        && let Some(gb) = lexicon::card_memory_gb(&name)
    {
        line.cards = Some(card_count_said(u64::from(n))?);
        line.memory = Some(gb);
        return Ok(());
    }
    if name != lw
        && let Ok(g) = ctx.catalog.gpu(&name)
    {
        line.cards = Some(card_count_said(u64::from(n))?);
        line.gpu = Some(g.id.clone());
        return Ok(());
    }
    match ctx.catalog.gpu(w) {
        Ok(g) => line.gpu = Some(g.id.clone()),
        Err(nf) => {
            // A number that is not a card count (`-2`, `1.5`) is a bad count, not a
            // misspelt card to suggest names for.
            if w.parse::<f64>().is_ok() {
                return Err(usage_err(FitError::BadValue(w.to_string())));
            }
            if let Some(n) = lexicon::card_count(w) {
                return Err(usage_err(FitError::BadCards(n as u64)));
            }
            if looks_like_quant(lw) {
                return Err(usage_err(FitError::UnknownQuant(w.to_string())));
            }
            return Err(Box::new(unknown_word(w, &nf)));
        }
    }
    Ok(())
}

/// A task word into the line: a method said (`lora`, `full`, `qlora`) is the task; a fine-tune
/// without its method (`finetune`, `微调`) is LoRA, assumed, unless a method was said beside it
/// (`qlora finetune` stays QLoRA).
fn take_task(line: &mut FitLine, t: Task, word: &str) {
    if !lexicon::is_generic_tune(word) {
        line.task = Some(t);
        line.method_assumed = false;
    } else if line.task.is_none() {
        line.task = Some(t);
        line.method_assumed = true;
    }
}

/// The words of a line with a sharding phrase split over two words (`deepspeed zero3`,
/// `zero 3`, `ds stage3`) read as one, so the stage is not read as a card count.
fn join_sharding(words: &[&str]) -> Vec<String> {
    let mut out = Vec::with_capacity(words.len());
    let mut i = 0;
    while i < words.len() {
        if let Some(next) = words.get(i + 1) {
            let two = format!("{}{}", words[i], next);
            let lead =
                ["deepspeed", "ds", "zero", "stage"].contains(&words[i].to_lowercase().as_str());
            if lead && lexicon::sharding(&two).is_some() {
                out.push(two);
                i += 2;
                continue;
            }
        }
        out.push(words[i].to_string());
        i += 1;
    }
    out
}

/// A word that stands for an option: `gc`/`nogc`, `amp`, an optimizer (`adamw8bit`).
fn flag_word(lw: &str) -> Option<(String, String)> {
    let (k, v) = match lw {
        "gc" | "grad-checkpointing" | "checkpointing" => ("gc", "on"),
        "nogc" | "no-gc" => ("gc", "off"),
        // Mixed precision: fp32 master weights beside the 16-bit model (full fine-tuning).
        "amp" | "mixed-precision" | "混合精度" => ("amp", "on"),
        "unsloth" => ("trainer", "unsloth"),
        "axolotl" => ("trainer", "axolotl"),
        // Liger Kernel's fused linear cross-entropy: no full-vocabulary logits (`LossHead::Fused`).
        "liger" | "liger-kernel" | "liger_kernel" | "use_liger_kernel" => ("loss", "fused"),
        // fms-acceleration's `fast_loss` (Unsloth's Triton cross-entropy, `LossHead::Triton`).
        "fast_loss" | "fast-loss" | "fastloss" => ("loss", "triton"),
        // llama.cpp's expert offload: every routed expert in system RAM (`vram::expert_offload`).
        _ if lexicon::is_cpu_moe_word(lw) => ("cpu-moe", "all"),
        // A compressed-tensors checkpoint (`vram::ct_decompress`).
        _ if super::fit_words::checkpoint_format(lw) == Some(true) => ("format", lw),
        // torchao weight-only quantization (`vram::Torchao`): `torchao`, `int8wo`, `int4wo-64`.
        _ if vram::Torchao::parse(lw).is_some() && lw != "on" && lw != "yes" => ("torchao", lw),
        _ if lw.contains("adam") && lexicon::optimizer(lw).is_some() => ("optim", lw),
        _ => return None,
    };
    Some((k.to_string(), v.to_string()))
}

/// Sizes what a [`FitLine`] names: the model (catalog or size), the card, every option, and
/// the shared defaults ([`settle`]).
pub fn resolve<'a>(ctx: &Ctx<'a>, line: &FitLine) -> Result<Parsed<'a>, Box<Reply>> {
    let model = model_ref(ctx, &line.model)?;
    let mut req = FitRequest::new(model, line.quant.unwrap_or(Quant::Bf16), Task::Infer);
    req.task = line.task.unwrap_or(Task::Infer);
    if let Some(g) = &line.gpu {
        req.gpu = Some(
            ctx.catalog
                .gpu(g)
                .map_err(|nf| Box::new(not_found_reply(&nf)))?,
        );
    }
    if let Some(n) = line.cards {
        req.cards = n;
    }
    let mut opts = FitOptions::default();
    let mut given = Given {
        quant: line.quant.is_some(),
        ..Given::default()
    };
    for (k, v) in &line.options {
        let w = format!("{k}={v}");
        super::fit_words::apply_option(ctx, &mut req, &mut opts, &mut given, k, v, &w)?;
    }
    if let Some(f) = &line.named {
        let typed = line.quant.is_some_and(|q| q != f.quant);
        vram::name_format::apply(&mut req, f, typed);
    }
    let mut parsed = settle(ctx.catalog, req, opts, given);
    parsed.read_as = read_as(ctx.catalog, &line.model);
    parsed.method_assumed = line.method_assumed && parsed.req.task == Task::Lora;
    Ok(parsed)
}

/// The model words when they name a family and size rather than a model (`llama-70b`), for
/// [`Parsed::read_as`]; the CLI sets it the same way.
pub fn read_as(catalog: &Catalog, word: &str) -> Option<String> {
    if catalog.model_by_name(word).is_some() {
        return None;
    }
    catalog
        .model_by_family_and_size(word)
        .map(|_| word.to_string())
}

/// The defaults every caller of the fit shares (chat and CLI alike): QLoRA on a 4-bit base
/// unless a quantization was given, inference of a model too big for one 80 GB card in BF16
/// sized in 4-bit ([`advice::default_quant`]), gradient checkpointing per [`advice`], GGUF on
/// llama.cpp.
pub fn settle<'a>(
    catalog: &Catalog,
    mut req: FitRequest<'a>,
    opts: FitOptions,
    given: Given,
) -> Parsed<'a> {
    let Given {
        quant: quant_given,
        gc,
        context: context_given,
        engine: engine_given,
        optimizer: optimizer_given,
    } = given;
    let mut opts = opts;
    // Unsloth's notebooks train with `optim = "adamw_8bit"`.
    if req.unsloth && !optimizer_given {
        opts.optimizer = crate::vram::Optimizer::Adam8bit;
    }
    // A service (several concurrent sequences) runs on a serving engine: vLLM unless an engine
    // was typed (`transformers` sizes it on Hugging Face Transformers).
    let serving = !engine_given
        && req.task == Task::Infer
        && req.batch > 1
        && req.beams <= 1
        && req.engine == Engine::Transformers
        && !req.quant.is_gguf();
    if serving {
        req.engine = Engine::Vllm;
    }
    if !quant_given && req.task == Task::Qlora {
        req.quant = Quant::Nf4;
    }
    let mut bf16_instead = None;
    if !quant_given && req.task == Task::Infer {
        let (q, bf16) = advice::default_quant(catalog, &req, &opts);
        req.quant = q;
        bf16_instead = bf16;
    }
    // PPO's trainers never turn it on themselves (`vram::ppo::trainer_checkpoints`).
    req.grad_checkpointing = gc.unwrap_or_else(|| {
        advice::default_grad_checkpointing(req.task) && vram::ppo::trainer_checkpoints(req.method)
    });
    // EXL2 runs on ExLlamaV2 (`vram::exl2`): the engine its file names, unless one was typed.
    if req.quant.exl2_bpw().is_some() && !engine_given {
        req.engine = Engine::Exllamav2;
    }
    if req.quant.is_gguf() && req.engine == Engine::Transformers && !req.task.is_training() {
        req.engine = Engine::Llamacpp;
    }
    // Ollama runs at its own default context when none is said (`vram::ollama`).
    if opts.ollama && !context_given {
        req.context = crate::vram::ollama::DEFAULT_NUM_CTX;
    }
    Parsed {
        req,
        opts,
        quant_given,
        gc_given: gc.is_some(),
        context_given,
        bf16_instead,
        serving_default: serving,
        read_as: None,
        method_assumed: false,
    }
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
        Reply::text(Msg::new("fit-error-word").said("value", w)).with(Msg::new("usage-fit"))
    } else {
        not_found_reply(nf)
    }
}

/// `/fit`: the estimate and what it means for the card(s).
/// What a bf16 job means on a card without bf16 (compute capability below 8.0, `Gpu::bf16_native`):
/// serving runs fp16 instead (vLLM refuses `--dtype bfloat16` there and picks fp16 with `auto`:
/// the same two bytes a weight, so the size stands); training in bf16 is not available (fp16
/// mixed precision with loss scaling, or a card of 8.0 or newer). `None` when the card's
/// capability is unknown or the job is not in bf16 (QLoRA's compute dtype is the trainer's choice).
pub fn no_bf16_note(g: &crate::catalog::Gpu, quant: Quant, task: Task) -> Option<Msg> {
    if g.bf16_native() != Some(false) || quant != Quant::Bf16 {
        return None;
    }
    let key = match task {
        Task::Infer => "fit-no-bf16-infer",
        Task::Lora | Task::Full => "fit-no-bf16-train",
        Task::Qlora => return None,
    };
    Some(
        Msg::new(key)
            .arg("card", g.name.clone())
            .arg("cc", g.compute_capability.clone().unwrap_or_default())
            .arg("model", String::new()),
    )
}

pub fn fit(ctx: &Ctx, line: &FitLine) -> Reply {
    let mut p = match resolve(ctx, line) {
        Ok(p) => p,
        Err(r) => return *r,
    };
    // A memory said as the card: judged on the card `/fit 16gb` judges on (`fit_vram`).
    let memory = line.memory.filter(|_| line.gpu.is_none());
    let memory_card = memory.map(|gb| super::memory_card::judged_on(ctx.catalog, gb).0);
    if let Some(card) = &memory_card {
        p.req.gpu = Some(card);
    }
    match advice::decide(ctx.catalog, &p.req, &p.opts) {
        Ok(fit) => {
            // The count the estimate was sized for (fewer when vLLM cannot split the model's
            // heads over the count typed, `vram::tp_valid`): verdict and speed follow it.
            p.req.cards = fit.report.cards;
            let mut r = match memory {
                Some(gb) => {
                    super::fit_vram::render(ctx.catalog, &p, &fit, gb, &ctx.currency, ctx.lang)
                }
                None => render_fit(ctx.catalog, &p, &fit, &ctx.currency, ctx.lang),
            };
            if let Some(m) = p
                .req
                .gpu
                .and_then(|g| no_bf16_note(g, p.req.quant, p.req.task))
            {
                // Training that cannot run as sized is said in the first message on a phone;
                // serving in fp16 at the same size is a detail.
                if p.req.task.is_training() {
                    r.append(m);
                } else {
                    r.push_whole(m);
                }
            }
            // The options shown carry list prices; say where a fresh live price exists.
            let shown = match p.req.gpu {
                Some(_) if !fit.report.holds_all() => &fit.alternatives,
                Some(_) => &Vec::new(),
                None => &fit.report.options,
            };
            let now = crate::availability::now_unix();
            let mut done: Vec<&str> = Vec::new();
            for o in shown.iter().take(SHOWN_OPTIONS) {
                if done.contains(&o.gpu.as_str()) {
                    continue;
                }
                done.push(&o.gpu);
                if let Some(m) = super::offers::live_option_note(ctx, &o.gpu, now) {
                    r.push_whole(m);
                }
            }
            r
        }
        Err(e) => Reply::text(e.msg()).with(Msg::new("usage-fit")),
    }
}
