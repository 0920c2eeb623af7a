//! One fit decision and one set of assumptions, for every answer that names a model and a card
//! (`/fit`, `/tco`, `/pick`, the CLI): a configuration that does not fit is never priced as a
//! working option, and the defaults a figure rests on are the same everywhere and shown.

use crate::billing::Pattern;
use crate::catalog::{CardLink, Catalog, Gpu};
use crate::reply::Msg;
use crate::vram::{self, FitError, FitOption, FitOptions, FitReport, FitRequest, Task};
use rust_decimal::Decimal;

/// Minutes a first run spends booting its container, billed on most platforms from power-on
/// (the seed's hidden costs). A job assumption, not a platform fact; answers say so and
/// `boot=0` drops it.
pub const BOOT_MINUTES: u32 = 3;
/// Minutes a first run spends pulling its image and setting up; `pull=0` drops it.
pub const PULL_MINUTES: u32 = 2;

/// The boot and image-pull seconds a job's first session spends, by how it is used: a one-off
/// run boots and pulls; daily use boots every day (the image stays cached on the disk);
/// an always-on service pays them once, which disappears in a month of 730 hours.
pub fn hidden_seconds(pattern: &Pattern) -> (Decimal, Decimal) {
    let minute = Decimal::from(60);
    match pattern {
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

/// A configuration's [`compare_configs`] key as a value, so that a sort can work it out once
/// per configuration instead of looking the card up at every comparison.
struct ConfigKey(Option<CardLink>, Option<Decimal>, u32, bool);

impl Ord for ConfigKey {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        compare_configs(
            (self.0, self.1, self.2),
            (other.0, other.1, other.2),
            self.3,
        )
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

/// Orders configurations by [`compare_configs`]. Stable, so equal keys keep the engine's order.
pub fn rank_options(catalog: &Catalog, options: &mut [FitOption], matters: bool) {
    options.sort_by_cached_key(|o| {
        let link = catalog
            .find_gpu(&o.gpu)
            .and_then(|g| config_link(g, o.cards));
        ConfigKey(link, o.usd_per_hour, o.cards, matters)
    });
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
    rank_options(catalog, &mut report.options, matters);
    if let Some(w) = req.gpu.and_then(|g| link_warning(g, req.cards, matters)) {
        report.warning_ids.push(w.id.clone());
        report.warnings.push(w);
    }
    let alternatives = if report.fits == Some(false) {
        let mut any_card = req.clone();
        any_card.gpu = None;
        any_card.cards = 1;
        let mut fitting: Vec<FitOption> = vram::estimate_with(catalog, &any_card, opts)?
            .options
            .into_iter()
            .filter(|o| o.fits)
            .collect();
        rank_options(catalog, &mut fitting, matters);
        fitting
    } else {
        Vec::new()
    };
    Ok(Fit {
        report,
        alternatives,
    })
}
