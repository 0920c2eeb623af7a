//! Updates run one after another per key and concurrently across keys, with no worker per
//! key (the key is a sender in a chat, `poll::lane`: one member's updates in order, a group's
//! members side by side). teloxide's `Dispatcher` keeps a task and a channel (a block of 32 `Update` slots,
//! ~64 KB) for as many chats as were ever busy at once, and only prunes them when the next
//! update arrives: after a flood of new chats that was 16 MiB held while idle. Here a chat's
//! lane is one task that exists only while the chat has updates waiting; when its queue is
//! empty the task ends and the chat's entry is removed, so an idle bot holds nothing per chat.
//!
//! Each lane holds at most `per_key` items waiting (a flooding sender has the excess refused,
//! so it cannot take the shared bound from everyone else), and [`Lanes::close`] makes lanes
//! stop starting items (a stop that ran out of time leaves the rest to be delivered again).

use futures_util::FutureExt;
use futures_util::future::BoxFuture;
use std::collections::hash_map::Entry;
use std::collections::{HashMap, VecDeque};
use std::hash::Hash;
use std::panic::AssertUnwindSafe;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use tokio_util::task::TaskTracker;

type Run<T> = Arc<dyn Fn(T) -> BoxFuture<'static, ()> + Send + Sync>;

/// Per-key ordered, cross-key concurrent execution of `run`.
pub(crate) struct Lanes<K, T> {
    /// Keys with a running lane, and what waits behind the item it is running.
    waiting: Arc<Mutex<HashMap<K, VecDeque<T>>>>,
    run: Run<T>,
    tasks: TaskTracker,
    /// Items one key may have waiting behind the one running.
    per_key: usize,
    /// Set by [`Lanes::close`]: no lane starts another item.
    closed: Arc<AtomicBool>,
}

impl<K, T> Lanes<K, T>
where
    K: Hash + Eq + Clone + Send + 'static,
    T: Send + 'static,
{
    pub(crate) fn new<F>(per_key: usize, run: F) -> Lanes<K, T>
    where
        F: Fn(T) -> BoxFuture<'static, ()> + Send + Sync + 'static,
    {
        Lanes {
            waiting: Arc::default(),
            run: Arc::new(run),
            tasks: TaskTracker::new(),
            per_key,
            closed: Arc::default(),
        }
    }

    /// Runs `item` after everything already pushed with the same key; without a key (an
    /// update that belongs to no chat) it runs at once, in order with nothing. `Err(item)`:
    /// the key already has `per_key` items waiting, or the lanes are closed.
    #[cfg(test)]
    pub(crate) fn push(&self, key: Option<K>, item: T) -> Result<(), T> {
        self.push_bounded(key, item, true)
    }

    /// [`Lanes::push`] past the per-key bound when `bounded` is false (items taken in
    /// before, such as a durable queue's after a restart).
    pub(crate) fn push_bounded(&self, key: Option<K>, item: T, bounded: bool) -> Result<(), T> {
        if self.closed.load(Ordering::Acquire) {
            return Err(item);
        }
        let Some(key) = key else {
            let run = self.run.clone();
            self.tasks.spawn(guarded(&run, item));
            return Ok(());
        };
        match lock(&self.waiting).entry(key.clone()) {
            Entry::Occupied(lane) if bounded && lane.get().len() >= self.per_key => {
                return Err(item);
            }
            Entry::Occupied(mut lane) => {
                lane.get_mut().push_back(item);
                return Ok(());
            }
            Entry::Vacant(slot) => {
                slot.insert(VecDeque::new());
            }
        }
        let (waiting, run, closed) = (self.waiting.clone(), self.run.clone(), self.closed.clone());
        self.tasks.spawn(async move {
            let mut next = Some(item);
            while let Some(item) = next {
                guarded(&run, item).await;
                let mut waiting = lock(&waiting);
                next = if closed.load(Ordering::Acquire) {
                    None
                } else {
                    waiting.get_mut(&key).and_then(VecDeque::pop_front)
                };
                if next.is_none() {
                    waiting.remove(&key);
                }
            }
        });
        Ok(())
    }

    /// No lane starts another item; what waits is dropped (not run). Items running go on.
    pub(crate) fn close(&self) {
        self.closed.store(true, Ordering::Release);
        self.tasks.close();
    }

    /// Keys whose lane is running now.
    #[cfg(test)]
    pub(crate) fn busy(&self) -> usize {
        lock(&self.waiting).len()
    }

    /// Takes nothing more and waits until every lane has run dry.
    pub(crate) async fn drain(&self) {
        self.tasks.close();
        self.tasks.wait().await;
    }
}

/// One item; a panic in it ends that item only (the lane goes on with the next one; the
/// frontend's turn glue has already reported it).
fn guarded<T>(run: &Run<T>, item: T) -> impl Future<Output = ()> + Send + 'static
where
    T: Send + 'static,
{
    AssertUnwindSafe(run(item)).catch_unwind().map(|_| ())
}

/// The map is only touched between awaits and nothing in these sections can panic, so a
/// poisoned lock still holds consistent data.
fn lock<V>(m: &Mutex<V>) -> std::sync::MutexGuard<'_, V> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;
    use tokio::sync::Mutex as AsyncMutex;

    type Log = Arc<AsyncMutex<Vec<(u32, u32)>>>;

    fn lanes(log: Log, slow: Duration) -> Lanes<u32, (u32, u32)> {
        Lanes::new(8, move |(chat, n): (u32, u32)| {
            let log = log.clone();
            async move {
                if chat == 99 && n == 1 {
                    panic!("a handler bug");
                }
                tokio::time::sleep(slow).await;
                log.lock().await.push((chat, n));
            }
            .boxed()
        })
    }

    #[tokio::test(start_paused = true)]
    async fn one_chat_in_order_chats_side_by_side_and_nothing_kept_when_idle() {
        let log = Log::default();
        let l = lanes(log.clone(), Duration::from_secs(1));
        for n in 0..3 {
            for chat in 0..50 {
                l.push(Some(chat), (chat, n)).unwrap();
            }
        }
        assert_eq!(l.busy(), 50);
        let started = tokio::time::Instant::now();
        l.drain().await;
        // 150 one-second items across 50 chats: three seconds, not a hundred and fifty.
        assert_eq!(started.elapsed(), Duration::from_secs(3));
        let log = log.lock().await;
        assert_eq!(log.len(), 150);
        for chat in 0..50 {
            let order: Vec<u32> = log.iter().filter(|e| e.0 == chat).map(|e| e.1).collect();
            assert_eq!(order, vec![0, 1, 2], "chat {chat}");
        }
        assert_eq!(l.busy(), 0, "an idle lane leaves no entry behind");
    }

    #[tokio::test(start_paused = true)]
    async fn a_panic_ends_one_item_and_the_lane_goes_on() {
        let log = Log::default();
        let l = lanes(log.clone(), Duration::from_millis(10));
        for n in 0..3 {
            l.push(Some(99), (99, n)).unwrap();
        }
        l.push(None, (7, 0)).unwrap();
        l.drain().await;
        let log = log.lock().await;
        assert!(log.contains(&(99, 0)) && log.contains(&(99, 2)) && log.contains(&(7, 0)));
        assert!(!log.contains(&(99, 1)));
        assert_eq!(l.busy(), 0);
    }

    #[tokio::test(start_paused = true)]
    async fn a_flooding_key_is_refused_past_its_bound_and_others_are_not() {
        let log = Log::default();
        let l = lanes(log.clone(), Duration::from_secs(1));
        let refused = (0..100)
            .filter(|n| l.push(Some(1), (1, *n)).is_err())
            .count();
        // One running, eight waiting.
        assert_eq!(refused, 91);
        for chat in 2..22 {
            l.push(Some(chat), (chat, 0)).unwrap();
        }
        tokio::time::sleep(Duration::from_millis(1500)).await;
        let done: Vec<u32> = log.lock().await.iter().map(|e| e.0).collect();
        for chat in 2..22 {
            assert!(
                done.contains(&chat),
                "chat {chat} answered in the first second"
            );
        }
        l.drain().await;
        assert_eq!(log.lock().await.iter().filter(|e| e.0 == 1).count(), 9);
    }

    #[tokio::test(start_paused = true)]
    async fn closed_lanes_finish_what_runs_and_start_nothing_more() {
        let log = Log::default();
        let l = lanes(log.clone(), Duration::from_secs(1));
        for n in 0..5 {
            l.push(Some(3), (3, n)).unwrap();
        }
        tokio::time::sleep(Duration::from_millis(500)).await;
        l.close();
        assert!(l.push(Some(4), (4, 0)).is_err());
        l.drain().await;
        assert_eq!(*log.lock().await, vec![(3, 0)]);
        assert_eq!(l.busy(), 0);
    }
}
