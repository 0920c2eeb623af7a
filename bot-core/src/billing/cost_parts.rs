//! The named steps of one job's cost ([`super::cost::job_cost`]): how long the instance is
//! on, the span billed for it (increments and minimum, or a prepaid package), storage and
//! transfer. Each step writes the notes its figure rests on.

use super::arith::{add, div, mul, round_up_to};
use super::job::month_seconds_u64;
use super::money::format_decimal;
use super::{Assumption, BillingError, Job, Origin, Pattern, Rule};
use crate::catalog::{BillingStart, PriceQuote};
use crate::fact::Fact;
use crate::units::{TimeUnit, format_duration};
use rust_decimal::Decimal;

/// The notes a cost rests on, written only when they are wanted.
pub(super) struct Notes {
    pub(super) keep: bool,
    pub(super) list: Vec<Assumption>,
}

impl Notes {
    pub(super) fn push(&mut self, note: impl FnOnce() -> Assumption) {
        if self.keep {
            self.list.push(note());
        }
    }
}

/// Seconds per session and in all, before any rounding.
pub(super) struct OnTime {
    /// Boot and pull, where billed (one session).
    pub(super) startup: Decimal,
    /// Idle time before shutdown (one session; none for an always-on job).
    pub(super) idle: Decimal,
    /// Billed-or-not wall time of one session: work + boot + pull + idle (a prepaid package
    /// covers all of it).
    pub(super) on_session: Decimal,
    /// Work + billed startup + idle, one session.
    pub(super) active_session: Decimal,
    /// [`OnTime::active_session`] × sessions.
    pub(super) active: Decimal,
}

/// Which startup the meter sees. When it starts decides whether boot and pull are billed,
/// unless the catalog says so field by field. Unknown -> billed: the bill can only be lower.
pub(super) fn on_time(
    rule: &Rule,
    job: &Job,
    session_work: Decimal,
    n: Decimal,
    notes: &mut Notes,
) -> Result<OnTime, BillingError> {
    let start_known = rule.starts_at.known().copied();
    let billed_flag = |f: &Fact<bool>| -> (bool, bool) {
        match BillingStart::startup_billed(f, &rule.starts_at) {
            Fact::Known(b) => (b, true),
            Fact::Unknown => (true, false),
        }
    };
    let (boot_billed, boot_known) = billed_flag(&rule.boot_billed);
    let (pull_billed, pull_known) = billed_flag(&rule.pull_billed);
    let starts_value = match start_known {
        Some(BillingStart::Job) => "job",
        Some(BillingStart::Boot) | None => "boot",
    };
    notes.push(|| rule.note("starts_at", starts_value.into(), start_known.is_some()));
    // A held period (always on, `1w`, `1mo`) is the time the machine is kept: boot, setup and
    // any idle minutes fall inside it.
    let held = job.held();
    let idle = if held { Decimal::ZERO } else { job.idle };
    if job.boot > Decimal::ZERO {
        notes.push(|| job_note("boot", format_duration(job.boot), job.boot_assumed));
        notes.push(|| rule.note("boot_billed", yes_no(boot_billed), boot_known));
    }
    if job.pull > Decimal::ZERO {
        notes.push(|| job_note("pull", format_duration(job.pull), job.pull_assumed));
        notes.push(|| rule.note("pull_billed", yes_no(pull_billed), pull_known));
    }
    if idle > Decimal::ZERO {
        notes.push(|| user_note("idle", format_duration(idle)));
    }
    let boot_s = if boot_billed { job.boot } else { Decimal::ZERO };
    let pull_s = if pull_billed { job.pull } else { Decimal::ZERO };
    let (startup, active_session, on_session) = if held {
        (Decimal::ZERO, session_work, session_work)
    } else {
        let startup = add(boot_s, pull_s)?;
        (
            startup,
            add(add(session_work, startup)?, idle)?,
            add(add(add(session_work, job.boot)?, job.pull)?, idle)?,
        )
    };
    Ok(OnTime {
        startup,
        idle,
        on_session,
        active_session,
        active: mul(n, active_session)?,
    })
}

/// The time billed and how: a prepaid package paid whole for the span held, else the rule's
/// increment (unknown: whole units of the quote) and minimum per session.
pub(super) struct Span {
    pub(super) billed: Decimal,
    /// Increment used (seconds), or the package length.
    pub(super) increment: Decimal,
    pub(super) prepaid: Option<TimeUnit>,
    pub(super) uses_month: bool,
    /// The minimum per session (seconds) and whether it is published, when it bills more than
    /// rounding to the increment would.
    pub(super) minimum: Option<(Decimal, bool)>,
}

pub(super) fn billed_span(
    quote: &PriceQuote,
    rule: &Rule,
    job: &Job,
    time: &OnTime,
    n: Decimal,
    origin: Origin,
    notes: &mut Notes,
) -> Result<Span, BillingError> {
    let always_on = matches!(job.pattern, Pattern::AlwaysOn { .. });
    let uses_month = quote.per == TimeUnit::Month || always_on;
    let prepaid = prepaid_unit(quote);
    if let Some(pkg) = prepaid {
        // A package is paid whole, for the whole span the machine is held: a held period
        // (`1mo`, `1w`, always on) is exactly its length, a run its work plus boot and setup.
        let span = match job.pattern {
            Pattern::OneOff | Pattern::AlwaysOn { .. } => time.on_session,
            Pattern::Daily { days, .. } => Decimal::from(u64::from(days) * 86_400),
        };
        let pkg_s = Decimal::from(pkg.seconds());
        notes.push(|| Assumption {
            key: "tier".into(),
            value: pkg.key().into(),
            origin,
            source: None,
            as_of: None,
        });
        return Ok(Span {
            billed: round_up_to(span, pkg_s)?,
            increment: pkg_s,
            prepaid,
            uses_month: uses_month || pkg == TimeUnit::Month,
            minimum: None,
        });
    }
    let (inc, inc_known) = match rule.increment {
        Fact::Known(i) => (i, true),
        // Unknown granularity: assume whole units of the quote (an hourly price billed per
        // started hour), which never bills less than a finer increment would.
        Fact::Unknown => (Decimal::from(quote.per.seconds()), false),
    };
    if inc <= Decimal::ZERO {
        return Err(BillingError::ZeroIncrement);
    }
    notes.push(|| rule.note("increment", format_span(inc), inc_known));
    let (min, min_known) = match rule.minimum {
        Fact::Known(m) => (m, true),
        // Unknown minimum: one whole unit of the quote (an hourly price: at least an hour a
        // session), the same conservative reading as an unknown increment; never "none", the
        // kindest reading (that is `Rule::best_case`, the range's other end).
        Fact::Unknown => (Decimal::from(quote.per.seconds()), false),
    };
    if min.is_sign_negative() && !min.is_zero() {
        return Err(BillingError::Negative { what: "minimum" });
    }
    notes.push(|| rule.note("minimum", format_duration(min), min_known));
    let rounded = round_up_to(time.active_session, inc)?;
    let per_session = rounded.max(min);
    Ok(Span {
        billed: mul(n, per_session)?,
        increment: inc,
        prepaid: None,
        minimum: (min > rounded).then_some((min, min_known)),
        uses_month: uses_month || inc >= Decimal::from(month_seconds_u64()),
    })
}

/// Storage, in the quote's currency: the running part at the running price, the rest at
/// the stopped price (billed unless the catalog says it is not).
pub(super) fn storage_cost(
    rule: &Rule,
    job: &Job,
    n: Decimal,
    time: &OnTime,
    billed: Decimal,
    notes: &mut Notes,
) -> Result<Decimal, BillingError> {
    if job.storage_gb <= Decimal::ZERO {
        return Ok(Decimal::ZERO);
    }
    let default_stored = match job.pattern {
        Pattern::OneOff | Pattern::AlwaysOn { .. } => billed,
        Pattern::Daily { days, .. } => Decimal::from(u64::from(days) * 86_400).max(billed),
    };
    let stored = if job.stored.is_zero() {
        default_stored
    } else {
        job.stored
    };
    notes.push(|| {
        user_note(
            "storage",
            format!("{} GB", format_decimal(job.storage_gb, 6)),
        )
    });
    notes.push(|| Assumption {
        key: "stored".into(),
        value: format_duration(stored),
        origin: if job.stored.is_zero() {
            Origin::Assumed
        } else {
            Origin::User
        },
        source: None,
        as_of: None,
    });
    let Fact::Known(price) = rule.storage_price else {
        notes.push(|| rule.note("storage_price", "unknown".into(), false));
        return Ok(Decimal::ZERO);
    };
    notes.push(|| rule.note("storage_price", per_gb_month(price, rule), true));
    let running = stored.min(mul(n, time.on_session)?);
    let stopped = stored - running;
    let mut gb_seconds_cost = mul(price, running)?;
    if stopped > Decimal::ZERO {
        let (billed_when_stopped, known) = match rule.stopped_storage_billed {
            Fact::Known(b) => (b, true),
            Fact::Unknown => (true, false),
        };
        notes.push(|| rule.note("stopped_storage_billed", yes_no(billed_when_stopped), known));
        if billed_when_stopped {
            let stopped_price = match rule.stopped_storage_price {
                Fact::Known(p) => {
                    notes.push(|| rule.note("stopped_storage_price", per_gb_month(p, rule), true));
                    p
                }
                Fact::Unknown => price,
            };
            gb_seconds_cost = add(gb_seconds_cost, mul(stopped_price, stopped)?)?;
        }
    }
    div(
        mul(job.storage_gb, gb_seconds_cost)?,
        Decimal::from(month_seconds_u64()),
    )
}

fn per_gb_month(price: Decimal, rule: &Rule) -> String {
    format!("{} {}/GB-month", format_decimal(price, 12), rule.currency)
}

/// Egress and ingress, in the quote's currency; an unknown price adds nothing and is noted.
pub(super) fn transfer_cost(
    rule: &Rule,
    job: &Job,
    notes: &mut Notes,
) -> Result<Decimal, BillingError> {
    let mut transfer = Decimal::ZERO;
    for (key, what, gb, price) in [
        ("egress_price", "egress", job.egress_gb, rule.egress_price),
        (
            "ingress_price",
            "ingress",
            job.ingress_gb,
            rule.ingress_price,
        ),
    ] {
        if gb <= Decimal::ZERO {
            continue;
        }
        notes.push(|| user_note(what, format!("{} GB", format_decimal(gb, 6))));
        match price {
            Fact::Known(p) => {
                notes.push(|| {
                    rule.note(
                        key,
                        format!("{} {}/GB", format_decimal(p, 12), rule.currency),
                        true,
                    )
                });
                transfer = add(transfer, mul(gb, p)?)?;
            }
            Fact::Unknown => notes.push(|| rule.note(key, "unknown".into(), false)),
        }
    }
    Ok(transfer)
}

/// The prepaid package a quote's tier names (`day`, `week`, `month`, `year`), if any.
pub fn prepaid_unit(q: &PriceQuote) -> Option<TimeUnit> {
    TimeUnit::parse(&q.tier).filter(|u| *u >= TimeUnit::Day)
}

/// Like `format_duration`, but whole 730-hour months read `1mo`, not `30d10h`.
pub fn format_span(seconds: Decimal) -> String {
    let month = Decimal::from(month_seconds_u64());
    if seconds >= month && (seconds % month).is_zero() {
        format!("{}mo", (seconds / month).normalize())
    } else {
        format_duration(seconds)
    }
}

pub(super) fn yes_no(b: bool) -> String {
    if b { "yes" } else { "no" }.to_string()
}

/// A figure of the job: the user's, or the standard assumption.
pub(super) fn job_note(key: &str, value: String, assumed: bool) -> Assumption {
    Assumption {
        origin: if assumed {
            Origin::Assumed
        } else {
            Origin::User
        },
        ..user_note(key, value)
    }
}

pub(super) fn user_note(key: &str, value: String) -> Assumption {
    Assumption {
        key: key.to_string(),
        value,
        origin: Origin::User,
        source: None,
        as_of: None,
    }
}
