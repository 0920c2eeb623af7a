//! One fit decision and one set of assumptions, for every answer that names a model and a card
//! (`/fit`, `/tco`, `/pick`, the CLI): a configuration that does not fit is never priced as a
//! working option, and the defaults a figure rests on are the same everywhere and shown.

use crate::billing::Pattern;
use crate::catalog::Catalog;
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

/// Orders configurations by [`ranking_cost`] of their known price; unpriced ones last, fewer
/// cards first among them. Stable, so equal keys keep the engine's order.
pub fn rank_options(options: &mut [FitOption]) {
    options.sort_by(|a, b| match (a.usd_per_hour, b.usd_per_hour) {
        (Some(x), Some(y)) => ranking_cost(x, a.cards).cmp(&ranking_cost(y, b.cards)),
        (Some(_), None) => std::cmp::Ordering::Less,
        (None, Some(_)) => std::cmp::Ordering::Greater,
        (None, None) => a.cards.cmp(&b.cards),
    });
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
    rank_options(&mut report.options);
    let alternatives = if report.fits == Some(false) {
        let mut any_card = req.clone();
        any_card.gpu = None;
        any_card.cards = 1;
        let mut fitting: Vec<FitOption> = vram::estimate_with(catalog, &any_card, opts)?
            .options
            .into_iter()
            .filter(|o| o.fits)
            .collect();
        rank_options(&mut fitting);
        fitting
    } else {
        Vec::new()
    };
    Ok(Fit {
        report,
        alternatives,
    })
}
