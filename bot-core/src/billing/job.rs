//! A job to price: useful work, the hidden minutes around it, and how it is spread over time.

use super::BillingError;
use super::arith::mul;
use super::choice::Tiers;
use crate::units::{HOURS_PER_MONTH, MAX_DURATION_SECONDS};
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

/// How the work is spread over time.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Pattern {
    /// One session of `Job::work`.
    OneOff,
    /// `days` sessions of `hours` useful hours each (Job::work is not used).
    Daily { hours: Decimal, days: u32 },
    /// Running continuously for `months` × 730 h (Job::work is not used; no idle tail).
    AlwaysOn { months: u32 },
}

/// A job to price. All durations are seconds.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Job {
    /// Useful seconds of one one-off session (see [`Pattern`]).
    pub work: Decimal,
    /// Provisioning/boot time per session.
    pub boot: Decimal,
    /// Image pull and environment setup per session.
    pub pull: Decimal,
    /// Idle tail per session before the instance stops (auto-shutdown delay, or forgetting).
    pub idle: Decimal,
    pub storage_gb: Decimal,
    /// Seconds the storage exists; zero means the default: the billed time for a one-off job,
    /// the whole period (days or months) for daily and always-on use.
    pub stored: Decimal,
    /// GB moved out of the platform.
    pub egress_gb: Decimal,
    /// GB moved into the platform (uploads, dataset downloads on platforms that bill them).
    #[serde(default)]
    pub ingress_gb: Decimal,
    pub pattern: Pattern,
    /// Whether `boot` / `pull` are the standard first-run assumption ([`crate::advice`]) rather
    /// than the user's own figures; answers label them and say how to drop them.
    #[serde(default)]
    pub boot_assumed: bool,
    #[serde(default)]
    pub pull_assumed: bool,
    /// Which price tiers the job may run on: spot/interruptible only when the user asks.
    #[serde(default)]
    pub tiers: Tiers,
}

impl Default for Job {
    fn default() -> Self {
        Job {
            work: Decimal::ZERO,
            boot: Decimal::ZERO,
            pull: Decimal::ZERO,
            idle: Decimal::ZERO,
            storage_gb: Decimal::ZERO,
            stored: Decimal::ZERO,
            egress_gb: Decimal::ZERO,
            ingress_gb: Decimal::ZERO,
            pattern: Pattern::OneOff,
            boot_assumed: false,
            pull_assumed: false,
            tiers: Tiers::Standard,
        }
    }
}

/// Useful seconds of one day of `hours`. Typed durations are whole milliseconds at most, so the
/// product is rounded there: `40m` a day is 2,400 s, not 2,400.000…1 s billed as 40m1s.
pub fn daily_seconds(hours: Decimal) -> Result<Decimal, BillingError> {
    Ok(mul(hours, Decimal::from(3600))?.round_dp(3))
}

impl Job {
    /// One session of useful work, no extras.
    pub fn one_off(work_seconds: Decimal) -> Job {
        Job {
            work: work_seconds,
            ..Job::default()
        }
    }
    /// `hours` of useful work every day for `days` days.
    pub fn daily(hours: Decimal, days: u32) -> Job {
        Job {
            // Saturates instead of panicking; `validate` rejects absurd hours anyway.
            work: hours
                .checked_mul(Decimal::from(3600))
                .and_then(|x| x.checked_mul(Decimal::from(days)))
                .unwrap_or(Decimal::MAX),
            pattern: Pattern::Daily { hours, days },
            ..Job::default()
        }
    }
    /// Always on for `months` months of 730 h.
    pub fn always_on(months: u32) -> Job {
        Job {
            work: Decimal::from(u64::from(months) * month_seconds_u64()),
            pattern: Pattern::AlwaysOn { months },
            ..Job::default()
        }
    }

    /// Whether the machine is held for a rental period rather than run for a job: always on, or
    /// one run of whole days or whole 730-hour months (`1d`, `1w`, `2mo`, `包周`). The first boot
    /// and setup fall inside a held period (no extra minutes, no idle tail), so a prepaid package
    /// of that period covers it whole; a run typed in hours or minutes (`3h`, `36h`) is work, and
    /// its boot and setup come on top.
    pub fn held(&self) -> bool {
        match self.pattern {
            Pattern::AlwaysOn { .. } => true,
            Pattern::Daily { .. } => false,
            Pattern::OneOff => {
                let day = Decimal::from(86_400u32);
                let month = Decimal::from(month_seconds_u64());
                self.work >= day && ((self.work % day).is_zero() || (self.work % month).is_zero())
            }
        }
    }

    /// Useful seconds over the whole job.
    pub fn useful_seconds(&self) -> Result<Decimal, BillingError> {
        let (sessions, session_work) = self.sessions()?;
        mul(Decimal::from(sessions), session_work)
    }

    /// (number of sessions, useful seconds per session).
    pub(crate) fn sessions(&self) -> Result<(u32, Decimal), BillingError> {
        Ok(match self.pattern {
            Pattern::OneOff => (1, self.work),
            Pattern::Daily { hours, days } => {
                if days == 0 {
                    return Err(BillingError::ZeroPeriod);
                }
                if hours <= Decimal::ZERO || hours > Decimal::from(24) {
                    return Err(BillingError::BadDailyHours {
                        hours: hours.normalize().to_string(),
                    });
                }
                (days, daily_seconds(hours)?)
            }
            Pattern::AlwaysOn { months } => {
                if months == 0 {
                    return Err(BillingError::ZeroPeriod);
                }
                (
                    1,
                    mul(Decimal::from(months), Decimal::from(month_seconds_u64()))?,
                )
            }
        })
    }

    pub(crate) fn validate(&self) -> Result<(), BillingError> {
        let max = Decimal::from(MAX_DURATION_SECONDS);
        for (what, v) in [
            ("work", self.work),
            ("boot", self.boot),
            ("pull", self.pull),
            ("idle", self.idle),
            ("stored", self.stored),
        ] {
            if v.is_sign_negative() && !v.is_zero() {
                return Err(BillingError::Negative { what });
            }
            if v > max {
                return Err(BillingError::TooLarge { what });
            }
        }
        for (what, v) in [
            ("storage", self.storage_gb),
            ("egress", self.egress_gb),
            ("ingress", self.ingress_gb),
        ] {
            if v.is_sign_negative() && !v.is_zero() {
                return Err(BillingError::Negative { what });
            }
        }
        if self.useful_seconds()? <= Decimal::ZERO {
            return Err(BillingError::ZeroWork);
        }
        Ok(())
    }
}

pub(crate) fn month_seconds_u64() -> u64 {
    u64::from(HOURS_PER_MONTH) * 3600
}

#[cfg(test)]
mod tests {
    use super::*;

    fn secs(s: &str) -> Decimal {
        crate::units::parse_duration(s).unwrap()
    }

    #[test]
    fn whole_days_and_months_are_held_hours_are_work() {
        for held in ["1d", "2d", "1w", "4w", "1mo", "2mo", "48h", "14d"] {
            assert!(Job::one_off(secs(held)).held(), "{held}");
        }
        for work in ["3h", "36h", "23h", "1d1h", "90m", "1mo1h"] {
            assert!(!Job::one_off(secs(work)).held(), "{work}");
        }
        assert!(Job::always_on(3).held());
        assert!(!Job::daily(Decimal::from(24), 30).held());
    }
}
