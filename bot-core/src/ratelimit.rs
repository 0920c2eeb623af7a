//! A per-user limit on expensive commands (`/pick` steps, `/fit`, `/compare`, `/cost`, `/tco`,
//! `/stock`, plain questions): a token bucket per user key that refills continuously. A
//! bucket that has refilled to full is the same as none, so idle users' buckets are swept
//! away and memory follows the number of users active within one window. A refused user is
//! told once per window ([`RateLimit::notice_due`]); the rest of a flood is refused silently,
//! so the notices themselves cannot flood the chat or the send queue.

use std::collections::HashMap;
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

/// The message id of the answer to a limited user (frontends count it as a metric).
pub const RATE_LIMITED: &str = "rate-limited";

/// How many expensive commands a user may send in a window, and the window.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Limit {
    pub burst: u32,
    pub per: Duration,
}

impl Limit {
    /// `GPUSCOUT_RATE_LIMIT`'s format: `N/SECONDS` (`20/60`: 20 per minute, all at once at
    /// most 20), or `off`. `None` = off.
    pub fn parse(spec: &str) -> Result<Option<Limit>, String> {
        let spec = spec.trim();
        if spec.eq_ignore_ascii_case("off") || spec == "0" {
            return Ok(None);
        }
        let bad = || format!("{spec:?} is not N/SECONDS (e.g. 20/60) or off");
        let (n, secs) = spec.split_once('/').ok_or_else(bad)?;
        let burst: u32 = n.trim().parse().map_err(|_| bad())?;
        let secs: f64 = secs
            .trim()
            .trim_end_matches('s')
            .parse()
            .map_err(|_| bad())?;
        if burst == 0 || !(0.001..=86_400.0).contains(&secs) {
            return Err(bad());
        }
        Ok(Some(Limit {
            burst,
            per: Duration::from_secs_f64(secs),
        }))
    }
}

#[derive(Debug, Clone, Copy)]
struct Bucket {
    tokens: f64,
    at: Instant,
}

#[derive(Debug)]
pub struct RateLimit {
    limit: Limit,
    state: Mutex<State>,
}

#[derive(Debug)]
struct State {
    buckets: HashMap<String, Bucket>,
    /// When each refused user was last told so (forgotten a window later).
    noticed: HashMap<String, Instant>,
    swept: Instant,
}

impl RateLimit {
    pub fn new(limit: Limit) -> RateLimit {
        RateLimit {
            limit,
            state: Mutex::new(State {
                buckets: HashMap::new(),
                noticed: HashMap::new(),
                swept: Instant::now(),
            }),
        }
    }

    pub fn limit(&self) -> Limit {
        self.limit
    }

    fn refill_per_sec(&self) -> f64 {
        f64::from(self.limit.burst) / self.limit.per.as_secs_f64()
    }

    fn refilled(&self, b: Bucket, now: Instant) -> f64 {
        let elapsed = now.saturating_duration_since(b.at).as_secs_f64();
        (b.tokens + elapsed * self.refill_per_sec()).min(f64::from(self.limit.burst))
    }

    /// Takes one expensive command from `user`'s allowance at `now`: `Err(wait)` when none is
    /// left, with how long until one is.
    pub fn check(&self, user: &str, now: Instant) -> Result<(), Duration> {
        let mut state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        if now.saturating_duration_since(state.swept) >= self.limit.per {
            let full = f64::from(self.limit.burst);
            state.buckets.retain(|_, b| self.refilled(*b, now) < full);
            let per = self.limit.per;
            state
                .noticed
                .retain(|_, at| now.saturating_duration_since(*at) < per);
            // As the pacer does: a burst of new users must not leave a huge table behind.
            if state.buckets.capacity() > 64 && state.buckets.capacity() > 4 * state.buckets.len() {
                state.buckets.shrink_to_fit();
            }
            state.swept = now;
        }
        let tokens = state
            .buckets
            .get(user)
            .map_or(f64::from(self.limit.burst), |b| self.refilled(*b, now));
        if tokens >= 1.0 {
            state.buckets.insert(
                user.to_string(),
                Bucket {
                    tokens: tokens - 1.0,
                    at: now,
                },
            );
            Ok(())
        } else {
            let wait = (1.0 - tokens) / self.refill_per_sec();
            Err(Duration::from_secs_f64(wait.max(0.001)))
        }
    }

    /// Whether a refused `user` should be told so at `now`: once per window, so a flood of
    /// refused commands gets one notice, not one each.
    pub fn notice_due(&self, user: &str, now: Instant) -> bool {
        let mut state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        let per = self.limit.per;
        match state.noticed.get(user) {
            Some(at) if now.saturating_duration_since(*at) < per => false,
            _ => {
                state.noticed.insert(user.to_string(), now);
                true
            }
        }
    }

    /// How many users' buckets are held now.
    pub fn tracked(&self) -> usize {
        self.state
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .buckets
            .len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_format_is_n_per_seconds_or_off() {
        assert_eq!(
            Limit::parse("20/60").unwrap(),
            Some(Limit {
                burst: 20,
                per: Duration::from_secs(60)
            })
        );
        assert_eq!(Limit::parse(" 5/2s ").unwrap().unwrap().burst, 5);
        assert_eq!(Limit::parse("off").unwrap(), None);
        for bad in ["", "20", "x/60", "20/0", "0/60", "20/-1", "20/1e9", "-1/60"] {
            assert!(Limit::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_burst_is_allowed_then_one_per_interval_per_user() {
        let rl = RateLimit::new(Limit {
            burst: 3,
            per: Duration::from_secs(30),
        });
        let t0 = Instant::now();
        for _ in 0..3 {
            assert!(rl.check("telegram:1", t0).is_ok());
        }
        let wait = rl.check("telegram:1", t0).unwrap_err();
        assert!(
            wait > Duration::from_secs(9) && wait <= Duration::from_secs(10),
            "{wait:?}"
        );
        // Someone else is not affected.
        assert!(rl.check("telegram:2", t0).is_ok());
        // One refills every 10 s.
        assert!(rl.check("telegram:1", t0 + Duration::from_secs(10)).is_ok());
        assert!(
            rl.check("telegram:1", t0 + Duration::from_secs(11))
                .is_err()
        );
    }

    #[test]
    fn a_refused_user_is_told_once_per_window() {
        let rl = RateLimit::new(Limit {
            burst: 1,
            per: Duration::from_secs(30),
        });
        let t0 = Instant::now();
        assert!(rl.notice_due("telegram:1", t0));
        let told = (1..100)
            .filter(|s| rl.notice_due("telegram:1", t0 + Duration::from_millis(*s * 100)))
            .count();
        assert_eq!(told, 0, "a flood inside the window is refused silently");
        assert!(rl.notice_due("telegram:2", t0), "others are told");
        assert!(rl.notice_due("telegram:1", t0 + Duration::from_secs(30)));
    }

    #[test]
    fn idle_users_are_forgotten() {
        let rl = RateLimit::new(Limit {
            burst: 2,
            per: Duration::from_secs(10),
        });
        let t0 = Instant::now();
        for u in 0..1000 {
            rl.check(&format!("telegram:{u}"), t0).unwrap();
        }
        assert_eq!(rl.tracked(), 1000);
        // A window later every bucket is full again; the next call sweeps them.
        rl.check("telegram:new", t0 + Duration::from_secs(11))
            .unwrap();
        assert_eq!(rl.tracked(), 1);
    }
}
