//! The usage words of `/cost` and `/compare` (`always`, `常驻`, `包月`, `全天`, `长期`,
//! `一晚上`, `每晚`): what each means is the lexicon's, read here into the job.

use crate::billing::{BillingError, Job, Pattern};
use crate::lexicon::parse_dur;
use rust_decimal::Decimal;

/// Days of daily use and months of always-on use when none are written.
pub(super) const DEFAULT_DAYS: u32 = 30;
pub(super) const DEFAULT_MONTHS: u32 = 1;

/// Whether a word says the job's use or length without a number: the lexicon's always-on
/// table, a package (`包周`, `包月`), all day (`全天`), a long rental (`长期`) or a night
/// (`一晚上`, `每晚`, `nightly`). Their meanings are the lexicon's (`lexicon::always_on`,
/// `lexicon::nights`), the same the question reader and `/pick` read.
pub(super) fn usage_word(l: &str) -> bool {
    crate::lexicon::is_always_on(l)
        || crate::lexicon::package(l).is_some()
        || crate::lexicon::is_whole_day(l)
        || crate::lexicon::LONG_RENTAL.contains(&l)
        || night_word(l).is_some()
}

/// A word that is a night by itself (`一晚上`, `overnight`, `每晚`, `nightly`), and its sense.
fn night_word(l: &str) -> Option<crate::lexicon::NightSense> {
    crate::lexicon::night_phrases()
        .iter()
        .find(|(w, _)| w.trim() == l)
        .map(|(_, s)| *s)
}

/// The job a usage word says ([`usage_word`]), with the whole months said before it (`2个月
/// 包月`, `1个月 全天`) or given as `months=`.
pub(super) fn word_usage(job: &mut Job, l: &str, months: Option<u32>) -> Result<(), BillingError> {
    use crate::lexicon::{NightSense, Package};
    let held = |n: u32| Pattern::AlwaysOn {
        months: months.unwrap_or(n),
    };
    match crate::lexicon::package(l) {
        Some(Package::Day) => job.work = parse_dur("work", "1d")?,
        Some(Package::Week) => job.work = parse_dur("work", "1w")?,
        Some(Package::Months(n)) => job.pattern = held(n),
        // Kept on, or a long rental with no use said (a month held).
        None if crate::lexicon::is_always_on(l) || crate::lexicon::LONG_RENTAL.contains(&l) => {
            job.pattern = held(DEFAULT_MONTHS)
        }
        // All day: 24 hours that day; beside whole months, those months held whole.
        None if crate::lexicon::is_whole_day(l) => match months {
            Some(n) => job.pattern = Pattern::AlwaysOn { months: n },
            None => job.work = parse_dur("work", "1d")?,
        },
        None => match night_word(l) {
            Some(NightSense::Nightly) => {
                job.pattern = Pattern::Daily {
                    hours: Decimal::from(8),
                    days: DEFAULT_DAYS,
                }
            }
            _ => job.work = parse_dur("work", "8h")?,
        },
    }
    Ok(())
}
