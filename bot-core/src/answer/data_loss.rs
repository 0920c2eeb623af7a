//! Warnings before data is lost: the catalog's retention rules of a platform, said in the
//! user's language wherever a plan leaves an instance stopped (/platform lists them all; /cost
//! for long or intermittent use, the /pick result and the trial plan warn here).

use crate::billing::{Job, Pattern};
use crate::catalog::Platform;
use crate::catalog::warn::data_loss_warnings;
use crate::i18n::Lang;
use crate::reply::Reply;
use rust_decimal::Decimal;

/// A job long enough, or intermittent enough, that the instance will sit stopped in between.
pub fn leaves_instance_stopped(job: &Job) -> bool {
    match job.pattern {
        Pattern::Daily { .. } => true,
        Pattern::AlwaysOn { .. } => false,
        Pattern::OneOff => job.work >= Decimal::from(86_400),
    }
}

/// Appends the platform's data-loss warnings (nothing when it documents none).
pub fn push_data_loss_warnings(r: &mut Reply, p: &Platform, lang: Lang) {
    for m in data_loss_warnings(p, lang, 3) {
        r.push(m);
    }
}

/// The warnings for a /cost answer: only when the job leaves the instance stopped.
pub fn push_cost_warnings(r: &mut Reply, p: &Platform, job: &Job, lang: Lang) {
    if leaves_instance_stopped(job) {
        push_data_loss_warnings(r, p, lang);
    }
}
