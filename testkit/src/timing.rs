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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_the_busiest_window() {
        let t0 = Instant::now();
        let at = |ms: u64| t0 + Duration::from_millis(ms);
        let times = [at(900), at(0), at(100), at(1000), at(1050), at(2500)];
        // [100, 1100) holds 100, 900, 1000, 1050; [0, 1000) only three.
        assert_eq!(most_within(&times, Duration::from_secs(1)), 4);
        assert_eq!(most_within(&times, Duration::from_millis(1)), 1);
        assert_eq!(most_within(&[], Duration::from_secs(1)), 0);
    }
}
