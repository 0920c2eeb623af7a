//! An idle worker thread gives its allocation cache back (issue 28: idle RSS 30 s after a
//! backlog). jemalloc keeps a cache of freed blocks per thread and trims it only as that thread
//! allocates again, so a tokio worker that goes quiet after a burst keeps what it had cached,
//! and the slabs those blocks sit in stay resident. Measured 30 s after 5,000 updates: the
//! flush took ~2 MiB of the anonymous memory an idle `serve` held (19.3 → 17.4 MiB; fresh
//! 5.5); `_RJEM_MALLOC_CONF=tcache:false` gave 11.7 but sends every allocation to the arena
//! (a slower burst), so it is not what ships (docs/performance.md §21).
//! Blocking-pool threads need nothing: they exit after 10 s idle, and a thread's exit flushes
//! its cache.
//!
//! When a worker parks (it ran out of tasks), its cache is flushed, at most once a second per
//! thread, so a burst (thousands of parks a second) pays one flush a second per worker and
//! a worker that parks after a burst returns the cache the next time it parks a second later
//! (the Telegram long poll and the connection pool's timers wake the workers every few seconds).

use std::cell::Cell;
use std::time::{Duration, Instant};
use tikv_jemalloc_ctl::{Access, AsName};

/// At most one flush per thread in this time.
const EVERY: Duration = Duration::from_secs(1);

thread_local! {
    static LAST: Cell<Option<Instant>> = const { Cell::new(None) };
}

/// `on_thread_park` of the serve runtime.
pub(crate) fn on_park() {
    let now = Instant::now();
    let due = LAST.with(|last| {
        let due = last.get().is_none_or(|t| now.duration_since(t) >= EVERY);
        if due {
            last.set(Some(now));
        }
        due
    });
    if due {
        flush();
    }
}

/// Returns this thread's cached blocks to their arenas: turning the thread's cache off flushes
/// and frees it, turning it on again starts an empty one (jemalloc has no safe flush call
/// through `tikv-jemalloc-ctl`; `thread.tcache.flush` takes no value). Errors are ignored: a
/// cache that stays is only memory.
fn flush() {
    let enabled = b"thread.tcache.enabled\0".name();
    if enabled.write(false).is_ok() {
        let _ = enabled.write(true);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The flush leaves the thread's cache on and allocation working, and a second park within
    /// the second does not flush again.
    #[test]
    fn a_flush_keeps_the_cache_on_and_parks_within_a_second_skip_it() {
        let name = b"thread.tcache.enabled\0".name();
        on_park();
        let first = LAST.with(Cell::get).expect("the first park flushes");
        assert!(
            Access::<bool>::read(name).unwrap(),
            "the cache is on after a flush"
        );
        let v: Vec<u64> = (0..10_000).collect();
        assert_eq!(v.iter().sum::<u64>(), 49_995_000);
        on_park();
        assert_eq!(
            LAST.with(Cell::get),
            Some(first),
            "no second flush within the second"
        );
    }
}
