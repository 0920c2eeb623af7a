//! One fit decision and one set of assumptions, for every answer that names a model and a card
//! (`/fit`, `/tco`, `/pick`, the CLI): a configuration that does not fit is never priced as a
//! working option, and the defaults a figure rests on are the same everywhere and shown.

use crate::billing::{Job, Pattern};
use crate::catalog::{CardLink, Catalog, Gpu, Model};
use crate::reply::Msg;
use crate::vram::{
    self, Engine, FitError, FitOption, FitOptions, FitReport, FitRequest, Quant, Task,
};
use rust_decimal::Decimal;

/// Minutes a first run spends booting its container, billed on most platforms from power-on
/// (the seed's hidden costs). A job assumption, not a platform fact; answers say so and
/// `boot=0` drops it.
pub const BOOT_MINUTES: u32 = 3;
/// Minutes a first run spends pulling its image and setting up; `pull=0` drops it.
pub const PULL_MINUTES: u32 = 2;

/// The boot and image-pull seconds a job's first session spends, by how it is used: a one-off
/// run boots and pulls; daily use boots every day (the image stays cached on the disk); a
/// held period (always on, `1w`, `1mo`: [`Job::held`]) has them inside the time it is kept.
pub fn hidden_seconds(job: &Job) -> (Decimal, Decimal) {
    let minute = Decimal::from(60);
    if job.held() {
        return (Decimal::ZERO, Decimal::ZERO);
    }
    match job.pattern {
        Pattern::OneOff => (
            Decimal::from(BOOT_MINUTES) * minute,
            Decimal::from(PULL_MINUTES) * minute,
        ),
        Pattern::Daily { .. } => (Decimal::from(BOOT_MINUTES) * minute, Decimal::ZERO),
        Pattern::AlwaysOn { .. } => (Decimal::ZERO, Decimal::ZERO),
    }
}

/// Gradient checkpointing for a training task unless the user says `gc=off`: the common
/// fine-tuning tools turn it on by default (LLaMA-Factory, unsloth), and without it a 7B LoRA
/// needs twice the memory. Inference has nothing to checkpoint.
pub fn default_grad_checkpointing(task: Task) -> bool {
    task.is_training()
}

/// The most memory one card has that most platforms rent by the hour: 80 GB (A100/H100
/// 80GB; the catalog's larger cards, H200 and B200, are rarer and dearer). A model whose
/// 16-bit inference does not fit in one is a several-card job in BF16.
pub const COMMON_LARGEST_CARD_GB: f64 = 80.0;

/// Qwen's own benchmark of its quantized checkpoints (QwenLM/Qwen2.5
/// `docs/source/benchmark/quantization_benchmark.rst` @0adae90f, Qwen2 series, greedy
/// decoding, average of MMLU, C-Eval and IFEval): Qwen2-72B-Instruct BF16 81.3, AWQ 80.4;
/// Qwen2-7B-Instruct BF16 66.9, AWQ 64.1. Large models lose little to 4-bit weights, small
/// ones more; the answer quotes these figures with their source rather than a rule of thumb.
pub const QUALITY_72B_BF16: f64 = 81.3;
pub const QUALITY_72B_AWQ: f64 = 80.4;
pub const QUALITY_7B_BF16: f64 = 66.9;
pub const QUALITY_7B_AWQ: f64 = 64.1;

/// What inference is sized in when the user named no quantization, and the BF16 figure that
/// made it so. BF16 while one 80 GB card ([`COMMON_LARGEST_CARD_GB`]) holds the BF16 job or
/// its BF16 weights; beyond that (a 70B-class model), the 4-bit weights people serve such models with: AWQ
/// (Transformers, vLLM), Q4_K_M (llama.cpp). An individual developer then rents one or two
/// cards instead of eight, at a quality cost the answer states ([`QUALITY_72B_AWQ`]); `bf16`
/// brings the full-precision estimate back. Training keeps its own defaults.
pub fn default_quant(
    catalog: &Catalog,
    req: &FitRequest<'_>,
    opts: &FitOptions,
) -> (Quant, Option<FitReport>) {
    if req.task.is_training() {
        return (req.quant, None);
    }
    if let vram::ModelRef::Known(m) = req.model
        && let Some(q) = native_quant(m)
    {
        return (q, None);
    }
    let mut bf16 = req.clone();
    bf16.quant = Quant::Bf16;
    bf16.gpu = None;
    bf16.cards = 1;
    let Ok(rep) = vram::estimate_with(catalog, &bf16, opts) else {
        return (Quant::Bf16, None);
    };
    // The weights decide: 4-bit shrinks them, not the KV cache or the activations a long
    // context or a large batch needs (`qwen2.5-7b ctx=1000000`), so a job too big for one
    // card only through those stays BF16 and the answer names its largest part.
    let one_card_gib = COMMON_LARGEST_CARD_GB * 1e9 / vram::GIB;
    if rep.per_gpu_gib <= one_card_gib || rep.weights_gib <= one_card_gib {
        return (Quant::Bf16, None);
    }
    let q = if req.engine == Engine::Llamacpp {
        Quant::Q4KM
    } else {
        Quant::Awq
    };
    (q, Some(rep))
}

/// The format a model's own checkpoint is published in when that is not 16-bit, used for
/// inference when no quantization is typed: catalog data (`Model::checkpoint_quant`, read
/// from each config.json's `quantization_config`), not a match on names. DeepSeek-V3/R1,
/// Kimi-K2 and MiniMax-M2 ship FP8; gpt-oss ships its MoE experts in MXFP4 (so 20b runs
/// within 16 GB and 120b on one 80 GB card); DeepSeek-V4 ships FP4 experts, sized as MXFP4
/// experts with the rest 16-bit; Kimi-K2-Thinking and K2.5 ship INT4 routed experts
/// (compressed-tensors, groups of 32). `None` for a 16-bit or unverified checkpoint.
pub fn native_quant(m: &Model) -> Option<Quant> {
    m.checkpoint_quant.as_deref()?.parse().ok()
}

/// Whether `req` is sized in the format its model is published in (`native_quant`).
pub fn sized_as_published(req: &FitRequest<'_>) -> bool {
    match req.model {
        vram::ModelRef::Known(m) => native_quant(m) == Some(req.quant),
        _ => false,
    }
}

/// The cheapest configuration that holds `req` in BF16, ranked as every answer ranks, to show
/// beside a 4-bit default ([`default_quant`]); `None` when nothing in the catalog holds it.
pub fn bf16_alternative(
    catalog: &Catalog,
    req: &FitRequest<'_>,
    opts: &FitOptions,
) -> Option<FitOption> {
    let mut bf16 = req.clone();
    bf16.quant = Quant::Bf16;
    bf16.gpu = None;
    bf16.cards = 1;
    let mut options: Vec<FitOption> = vram::estimate_with(catalog, &bf16, opts)
        .ok()?
        .options
        .into_iter()
        .filter(|o| o.fits)
        .collect();
    rank_options(catalog, &mut options, link_matters(&bf16), bf16.batch);
    options.into_iter().next()
}

/// How much cheaper a configuration with twice the cards must be to rank ahead: more cards
/// means more to go wrong (communication over PCIe, a node that cannot be had whole), so a
/// careful engineer takes one card over two unless two are clearly cheaper.
pub const MULTI_CARD_MARGIN_PERCENT: u32 = 15;

/// The ranking key of a configuration: its price, raised by the margin per doubling of cards.
pub fn ranking_cost(price: Decimal, cards: u32) -> Decimal {
    let mut cost = price;
    let step = Decimal::ONE + Decimal::from(MULTI_CARD_MARGIN_PERCENT) / Decimal::from(100);
    let mut n = cards.max(1);
    while n > 1 {
        cost *= step;
        n = n.div_ceil(2);
    }
    cost
}

/// How much cheaper several cards that are not known to be on NVLink must be to rank ahead of
/// cards that are, when the cards talk every step (tensor parallelism, ZeRO): over PCIe each
/// layer (or each gradient bucket) waits on a link 10-30× slower than NVLink, and consumer
/// cards often have peer-to-peer disabled. An unknown link counts as PCIe, its worst case.
pub const INTERCONNECT_MARGIN_PERCENT: u32 = 15;

/// Whether the link between cards decides the job's speed: serving with tensor parallelism
/// (vLLM) and training with ZeRO talk over it every layer; a layer split (Transformers
/// `device_map="auto"`, llama.cpp) sends one hidden vector per layer boundary.
pub fn link_matters(req: &FitRequest<'_>) -> bool {
    req.task.is_training() || req.engine == vram::Engine::Vllm
}

/// What links `cards` × `gpu`: nothing to link for one card.
pub fn config_link(gpu: &Gpu, cards: u32) -> Option<CardLink> {
    (cards > 1).then(|| gpu.card_link())
}

/// The ranking key of a configuration: its price, raised by the margin per doubling of cards
/// and, where the link matters, by [`INTERCONNECT_MARGIN_PERCENT`] when several cards are not
/// known to be on NVLink.
pub fn ranking_cost_linked(
    price: Decimal,
    cards: u32,
    link: Option<CardLink>,
    matters: bool,
) -> Decimal {
    let cost = ranking_cost(price, cards);
    match link {
        Some(l) if matters && !l.is_known_fast() => {
            cost * (Decimal::ONE + Decimal::from(INTERCONNECT_MARGIN_PERCENT) / Decimal::from(100))
        }
        _ => cost,
    }
}

/// Orders `(link, price, cards)` keys: known prices by [`ranking_cost_linked`], a known link
/// before an unknown one at equal keys; unpriced ones last, fewer cards first among them.
pub fn compare_configs(
    a: (Option<CardLink>, Option<Decimal>, u32),
    b: (Option<CardLink>, Option<Decimal>, u32),
    matters: bool,
) -> std::cmp::Ordering {
    use std::cmp::Ordering;
    let unknown = |l: Option<CardLink>| matches!(l, Some(CardLink::Unknown | CardLink::Bridge));
    match (a.1, b.1) {
        (Some(x), Some(y)) => ranking_cost_linked(x, a.2, a.0, matters)
            .cmp(&ranking_cost_linked(y, b.2, b.0, matters))
            .then_with(|| unknown(a.0).cmp(&unknown(b.0))),
        (Some(_), None) => Ordering::Less,
        (None, Some(_)) => Ordering::Greater,
        (None, None) => a.2.cmp(&b.2),
    }
}

/// Silent reading pace of adults in English, words per minute: 238 for non-fiction
/// (Brysbaert 2019, "How many words do we read per minute? A review and meta-analysis of
/// reading rate", Journal of Memory and Language 109, doi:10.1016/j.jml.2019.104047).
pub const READING_WORDS_PER_MINUTE: f64 = 238.0;
/// Words per token of English text, OpenAI's rule of thumb ("1 token ~ 3/4 of a word",
/// help.openai.com/en/articles/4936856-what-are-tokens-and-how-to-count-them).
pub const WORDS_PER_TOKEN: f64 = 0.75;

/// The decode speed per conversation below which a reader waits for the text: about 5.3
/// tokens per second ([`READING_WORDS_PER_MINUTE`] / 60 / [`WORDS_PER_TOKEN`]). A configuration
/// that cannot keep that pace for every conversation at once is not a working service however
/// cheap its hour: eight RTX 4090 splitting a 72B model in BF16 layer by layer decode at one
/// 4090's pace, about 4 tokens per second.
pub fn reading_tokens_per_second() -> f64 {
    READING_WORDS_PER_MINUTE / 60.0 / WORDS_PER_TOKEN
}

/// Whether an inference configuration keeps up with a reader in every conversation
/// (`Some(false)` when it is too slow, `None` when its speed is unknown or it is training).
pub fn keeps_up(o: &FitOption, batch: u32) -> Option<bool> {
    let t = o.decode_tok_s?;
    Some(t / f64::from(batch.max(1)) >= reading_tokens_per_second())
}

/// Where a price puts a configuration within its speed tier: 0 a firm price, 1 a "from"
/// floor (the cheapest configuration only: never ranked ahead of a price the user can count
/// on, as `billing::rank_order` ranks platforms), 2 no price.
pub fn price_group(price: Option<Decimal>, from: bool) -> u8 {
    match (price, from) {
        (Some(_), false) => 0,
        (Some(_), true) => 1,
        (None, _) => 2,
    }
}

/// A configuration's ranking key as a value, so that a sort works it out once per
/// configuration instead of looking the card up at every comparison: the [`keeps_up`] tier,
/// the [`price_group`], then [`compare_configs`].
struct ConfigKey(u8, Option<CardLink>, Option<Decimal>, u32, bool, u8);

impl Ord for ConfigKey {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        (self.0, self.5).cmp(&(other.0, other.5)).then_with(|| {
            compare_configs(
                (self.1, self.2, self.3),
                (other.1, other.2, other.3),
                self.4,
            )
        })
    }
}

impl PartialOrd for ConfigKey {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl PartialEq for ConfigKey {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other).is_eq()
    }
}

impl Eq for ConfigKey {}

/// 0: keeps up with a reader in every conversation, 1: speed unknown (or training), 2: slower.
pub fn speed_tier(o: &FitOption, batch: u32) -> u8 {
    match keeps_up(o, batch) {
        Some(true) => 0,
        None => 1,
        Some(false) => 2,
    }
}

/// Orders configurations: for inference, those known to keep up with a reader in every
/// conversation ([`keeps_up`]) first, then those whose speed is unknown, then those known to be
/// slower; within each, firm prices before "from" floors ([`price_group`]), then by
/// [`compare_configs`] (hourly price with the card and link margins).
/// Training options carry no speed and rank by hourly price alone. Stable, so equal keys keep
/// the engine's order.
pub fn rank_options(catalog: &Catalog, options: &mut [FitOption], matters: bool, batch: u32) {
    options.sort_by_cached_key(|o| {
        let link = catalog
            .find_gpu(&o.gpu)
            .and_then(|g| config_link(g, o.cards));
        let group = price_group(o.usd_per_hour, o.price_from);
        ConfigKey(
            speed_tier(o, batch),
            link,
            o.usd_per_hour,
            o.cards,
            matters,
            group,
        )
    });
}

/// [`rank_options`]'s order for options priced another way (the /pick card step prices the
/// whole job): `(option, price, link)`; the option's `price_from` says whether the price is a
/// floor.
pub fn compare_priced(
    a: (&FitOption, Option<Decimal>, Option<CardLink>),
    b: (&FitOption, Option<Decimal>, Option<CardLink>),
    matters: bool,
    batch: u32,
) -> std::cmp::Ordering {
    let key = |x: (&FitOption, Option<Decimal>, Option<CardLink>)| {
        (speed_tier(x.0, batch), price_group(x.1, x.0.price_from))
    };
    key(a)
        .cmp(&key(b))
        .then_with(|| compare_configs((a.2, a.1, a.0.cards), (b.2, b.1, b.0.cards), matters))
}

/// The warning for several cards whose link is not known to be NVLink, when the link matters
/// (serving with tensor parallelism, training with ZeRO); `None` otherwise.
pub fn link_warning(gpu: &Gpu, cards: u32, matters: bool) -> Option<Msg> {
    let id = match config_link(gpu, cards)? {
        CardLink::NvLink => return None,
        _ if !matters => return None,
        CardLink::Pcie => "advice-warn-pcie",
        CardLink::Bridge => "advice-warn-bridge",
        CardLink::Unknown => "advice-warn-link-unknown",
    };
    Some(
        Msg::new(id)
            .arg("cards", cards)
            .arg("gpu", gpu.name.as_str())
            .arg("pct", INTERCONNECT_MARGIN_PERCENT),
    )
}

/// The fit decision for one request, and what to offer when it fails.
#[derive(Debug, Clone, PartialEq)]
pub struct Fit {
    pub report: FitReport,
    /// When the named card(s) cannot hold the job: the configurations that can (the fewest
    /// cards of each card type), cheapest known price first. Empty when it fits, or no card
    /// was named.
    pub alternatives: Vec<FitOption>,
}

impl Fit {
    /// False only when a card was named and it cannot hold the job.
    pub fn fits(&self) -> bool {
        self.report.fits != Some(false)
    }
}

/// Estimates `req`; when it names a card that cannot hold the job, also finds the cheapest
/// configurations that can.
pub fn decide(catalog: &Catalog, req: &FitRequest<'_>, opts: &FitOptions) -> Result<Fit, FitError> {
    let mut report = vram::estimate_with(catalog, req, opts)?;
    let matters = link_matters(req);
    rank_options(catalog, &mut report.options, matters, req.batch);
    // `report.cards`: the count sized (a tensor-parallel size vLLM starts with).
    if let Some(w) = req.gpu.and_then(|g| link_warning(g, report.cards, matters)) {
        report.warning_ids.push(w.id.clone());
        report.warnings.push(w);
    }
    // A server that starts short of its demand (`FitReport::starts_short`): the cards that hold
    // it all are offered too.
    let alternatives = if report.fits == Some(false) || report.starts_short() {
        let mut any_card = req.clone();
        any_card.gpu = None;
        any_card.cards = 1;
        // The card counts listed are each one tensor-parallel group (`-dp` counts ranks of it).
        any_card.data_parallel = 1;
        let mut fitting: Vec<FitOption> = vram::estimate_with(catalog, &any_card, opts)?
            .options
            .into_iter()
            .filter(|o| o.fits)
            .collect();
        rank_options(catalog, &mut fitting, matters, req.batch);
        fitting
    } else {
        Vec::new()
    };
    Ok(Fit {
        report,
        alternatives,
    })
}

/// One change that makes a tight fit safe (or a near miss fit): the word that asks for it, the
/// memory the busiest card then needs, and whether that is a clear fit (`estimate::verdict`).
#[derive(Debug, Clone, PartialEq)]
pub struct Remedy {
    pub word: String,
    pub need_gib: f64,
    pub clear: bool,
}

/// For a request on a named card whose verdict is `tight` or `short`: the single changes a user
/// can type (QLoRA, dropout off, no adapters on an MoE's routed experts, checkpointing on,
/// Unsloth, a shorter context, a smaller batch, 4-bit weights, an 8-bit optimizer, one more card) that fit,
/// clear fits first, then by need.
pub fn remedies(catalog: &Catalog, req: &FitRequest<'_>, opts: &FitOptions) -> Vec<Remedy> {
    let Some(gpu) = req.gpu else {
        return Vec::new();
    };
    let mut tries: Vec<(String, FitRequest<'_>, FitOptions)> = Vec::new();
    let mut push = |word: String, f: &dyn Fn(&mut FitRequest<'_>, &mut FitOptions)| {
        let (mut r, mut o) = (req.clone(), *opts);
        f(&mut r, &mut o);
        tries.push((word, r, o));
    };
    if req.task == Task::Lora {
        push("qlora".into(), &|r, _| {
            r.task = Task::Qlora;
            r.quant = Quant::Nf4;
        });
    }
    if req.task.is_training() && req.task != Task::Full && req.lora_dropout {
        push("dropout=off".into(), &|r, _| r.lora_dropout = false);
    }
    // Adapters on every routed expert of an MoE (`experts=on`): attention and shared layers
    // only is what PEFT's all-linear wraps in Transformers v5.
    if req.task.is_training() && req.task != Task::Full && req.lora_experts {
        push("experts=off".into(), &|r, _| r.lora_experts = false);
    }
    if req.task.is_training() && !req.grad_checkpointing {
        push("gc=on".into(), &|r, _| r.grad_checkpointing = true);
    }
    // The same adapters trained with Unsloth (`FitRequest::unsloth`): offloaded checkpoints,
    // no full-vocabulary logits, its adamw_8bit unless another optimizer was chosen.
    if matches!(req.task, Task::Lora | Task::Qlora) && !req.unsloth && req.grad_checkpointing {
        push("unsloth".into(), &|r, o| {
            r.unsloth = true;
            if o.optimizer == vram::Optimizer::AdamW {
                o.optimizer = vram::Optimizer::Adam8bit;
            }
        });
    }
    if req.task == Task::Full && opts.optimizer == vram::Optimizer::AdamW {
        push("adamw8bit".into(), &|_, o| {
            o.optimizer = vram::Optimizer::Adam8bit
        });
    }
    if req.task == Task::Infer && !req.quant.is_low_bit() && !req.quant.is_gguf() {
        push("awq".into(), &|r, _| r.quant = Quant::Awq);
    }
    if req.context >= 1024 {
        let half = req.context / 2;
        push(format!("ctx={}", context_word(half)), &|r, _| {
            r.context = half
        });
    }
    if req.batch > 1 {
        let half = req.batch / 2;
        push(format!("batch={half}"), &|r, _| r.batch = half);
    }
    // The method's own knobs (`vram::method`): the reference copy of a full DPO/KTO/GRPO
    // (precomputed log-probs, or GRPO's beta=0), GRPO's completion length and its rollout.
    if req.task == Task::Full && vram::rl_trainer::reference_on(req) {
        push("ref=off".into(), &|r, _| r.reference = Some(false));
    }
    if req.method == vram::Method::Grpo {
        if let Some(c) = req.completion.filter(|c| *c >= 256) {
            let (half, prompt) = (c / 2, req.context - c);
            push(format!("completion={half}"), &|r, _| {
                r.completion = Some(half);
                r.context = prompt + half;
            });
        }
        if req.rollout != vram::Rollout::Separate {
            push("rollout=separate".into(), &|r, _| {
                r.rollout = vram::Rollout::Separate
            });
        }
    }
    if req.dora {
        push("dora=off".into(), &|r, _| r.dora = false);
    }
    if req.beams > 1 {
        let half = req.beams / 2;
        push(format!("beams={half}"), &|r, _| r.beams = half);
    }
    let more = req.cards + 1;
    push(format!("{more}x{}", gpu_word(gpu)), &|r, _| r.cards = more);
    let mut out: Vec<Remedy> = share_remedy(catalog, req, opts).into_iter().collect();
    out.extend(tries.into_iter().filter_map(|(word, r, o)| {
        let rep = vram::estimate_with(catalog, &r, &o).ok()?;
        rep.holds_all().then(|| Remedy {
            word,
            need_gib: rep.per_gpu_required_gib,
            clear: rep.verdict.as_deref() == Some("fits"),
        })
    }));
    out.sort_by(|a, b| {
        b.clear
            .cmp(&a.clear)
            .then(a.need_gib.total_cmp(&b.need_gib))
    });
    out
}

/// vLLM's steps of `--gpu-memory-utilization` a user would try above the one said.
const SHARE_STEPS: [f64; 6] = [0.6, 0.7, 0.8, 0.85, 0.9, 0.95];

/// Under vLLM a wider share (`gmu=`), not another card, is what holds a job its share is too
/// small for (`vram::vllm_share`): the lowest step above the one said that holds it clearly,
/// else the lowest that holds it at all.
fn share_remedy(catalog: &Catalog, req: &FitRequest<'_>, opts: &FitOptions) -> Option<Remedy> {
    if req.engine != vram::Engine::Vllm || req.task.is_training() || opts.server.is_some() {
        return None;
    }
    let now = opts.vllm_share();
    // Only where the share decides: a wider one then leaves more room, else it changes nothing.
    let spare_now = vram::estimate_with(catalog, req, opts).ok()?.margin_gib?;
    let tried: Vec<(f64, vram::FitReport)> = SHARE_STEPS
        .into_iter()
        .filter(|u| *u > now)
        .filter_map(|u| {
            let o = FitOptions {
                vllm_utilization: u,
                ..*opts
            };
            Some((u, vram::estimate_with(catalog, req, &o).ok()?))
        })
        .filter(|(_, rep)| rep.holds_all() && rep.margin_gib.is_some_and(|m| m > spare_now + 0.01))
        .collect();
    let clear = |rep: &vram::FitReport| rep.verdict.as_deref() == Some("fits");
    let (u, rep) = tried
        .iter()
        .find(|(_, rep)| clear(rep))
        .or_else(|| tried.first())?;
    Some(Remedy {
        word: format!("gmu={u}"),
        need_gib: rep.per_gpu_required_gib,
        clear: clear(rep),
    })
}

/// A context length as the user types it: `2k` for 2048, else the number.
fn context_word(tokens: u32) -> String {
    if tokens >= 1024 && tokens % 1024 == 0 {
        format!("{}k", tokens / 1024)
    } else {
        tokens.to_string()
    }
}

/// The shortest alias of a card that is a plain word (`4090`), else its id.
fn gpu_word(gpu: &Gpu) -> String {
    gpu.aliases
        .iter()
        .filter(|a| !a.contains(' '))
        .min_by_key(|a| a.len())
        .cloned()
        .unwrap_or_else(|| gpu.id.clone())
}
