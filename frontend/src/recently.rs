//! `Recently`: which keys (a chat, a channel, a person) were told something within the last
//! while, so a notice that answers a kind of message (a photo without words, an album of
//! them) is sent once a window, not once a message. Bounded: old entries go as new ones come.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Most keys kept; past it the oldest are forgotten (a key forgotten early is told again).
const MAX_KEYS: usize = 4096;

pub struct Recently {
    window_secs: u64,
    told: Mutex<Vec<(u64, Instant)>>,
}

impl Recently {
    /// A window of `window_secs` seconds per key.
    pub const fn new(window_secs: u64) -> Recently {
        Recently {
            window_secs,
            told: Mutex::new(Vec::new()),
        }
    }

    /// Whether `key` was marked within the window (it is not marked by asking).
    pub fn within(&self, key: impl Hash) -> bool {
        let key = hashed(key);
        let window = Duration::from_secs(self.window_secs);
        let told = self.told.lock().unwrap_or_else(|p| p.into_inner());
        told.iter()
            .any(|(k, at)| *k == key && at.elapsed() < window)
    }

    /// True, and the key marked, when `key` was not marked within the window; false inside it.
    pub fn first_in_a_while(&self, key: impl Hash) -> bool {
        let key = hashed(key);
        let now = Instant::now();
        let window = Duration::from_secs(self.window_secs);
        let mut told = self.told.lock().unwrap_or_else(|p| p.into_inner());
        if told
            .iter()
            .any(|(k, at)| *k == key && now.duration_since(*at) < window)
        {
            return false;
        }
        told.retain(|(k, at)| *k != key && now.duration_since(*at) < window);
        if told.len() >= MAX_KEYS {
            let over = told.len() + 1 - MAX_KEYS;
            told.drain(..over);
        }
        told.push((key, now));
        true
    }
}

fn hashed(key: impl Hash) -> u64 {
    let mut h = DefaultHasher::new();
    key.hash(&mut h);
    h.finish()
}

#[cfg(test)]
mod tests {
    use super::Recently;

    #[test]
    fn a_key_is_told_once_a_window_and_others_apart() {
        let r = Recently::new(60);
        assert!(!r.within(1_i64));
        assert!(r.first_in_a_while(1_i64));
        assert!(r.within(1_i64));
        assert!(!r.first_in_a_while(1_i64));
        assert!(r.first_in_a_while(2_i64));
        assert!(r.first_in_a_while("c:1"));
        let none = Recently::new(0);
        assert!(none.first_in_a_while(7_u64));
        assert!(none.first_in_a_while(7_u64));
        let many = Recently::new(60);
        for k in 0..5_000_u32 {
            assert!(many.first_in_a_while(k));
        }
        assert!(many.told.lock().unwrap().len() <= super::MAX_KEYS);
    }
}
