//! Reading pacing back from what a fake recorded.

use std::time::{Duration, Instant};

/// The most of `times` that fall within any one span of `window` (`times` in any order).
pub fn most_within(times: &[Instant], window: Duration) -> usize {
    let mut times = times.to_vec();
    times.sort();
    let mut j = 0;
    let mut most = 0;
    for i in 0..times.len() {
        while times[i] - times[j] >= window {
            j += 1;
        }
        most = most.max(i - j + 1);
    }
    most
}
