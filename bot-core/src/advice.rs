//! One fit decision and one set of assumptions, for every answer that names a model and a card
//! (`/fit`, `/tco`, `/pick`, the CLI): a configuration that does not fit is never priced as a
//! working option, and the defaults a figure rests on are the same everywhere and shown.

use crate::catalog::Catalog;
use crate::vram::{self, FitError, FitOption, FitOptions, FitReport, FitRequest, Task};

/// Minutes a first run spends booting its container, billed on most platforms from power-on
/// (the seed's hidden costs). A job assumption, not a platform fact; answers say so and
/// `boot=0` drops it.
pub const BOOT_MINUTES: u32 = 3;
/// Minutes a first run spends pulling its image and setting up; `pull=0` drops it.
pub const PULL_MINUTES: u32 = 2;

/// Gradient checkpointing for a training task unless the user says `gc=off`: the common
/// fine-tuning tools turn it on by default (LLaMA-Factory, unsloth), and without it a 7B LoRA
/// needs twice the memory. Inference has nothing to checkpoint.
pub fn default_grad_checkpointing(task: Task) -> bool {
    task.is_training()
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
    let report = vram::estimate_with(catalog, req, opts)?;
    let alternatives = if report.fits == Some(false) {
        let mut any_card = req.clone();
        any_card.gpu = None;
        any_card.cards = 1;
        vram::estimate_with(catalog, &any_card, opts)?
            .options
            .into_iter()
            .filter(|o| o.fits)
            .collect()
    } else {
        Vec::new()
    };
    Ok(Fit {
        report,
        alternatives,
    })
}
