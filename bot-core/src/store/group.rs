//! Group commit: writes that arrive while a commit is under way share the next one.
//!
//! Every durable commit costs redb two `fdatasync`s (a two-phase commit, which quick repair
//! needs), whatever it holds. Updates of different chats are handled side by side, so their
//! transactions arrive together; one at a time, each waited for its own syncs and the updates
//! per second were bounded by the disk. Here the first writer that finds no commit running
//! leads: it takes everything queued, commits it as one transaction and hands each writer its
//! own result. Writers that arrived meanwhile wait for the next round, which one of them
//! leads. Nothing is acknowledged before the commit that holds it is durable, and a writer
//! whose group failed gets its own transaction's result (the group is retried one by one), so
//! each writer sees exactly what a commit of its own would have given it.
//!
//! A writer may also leave something to ride along ([`Committer::submit`] with `wait: false`):
//! it is written by the round under way or the next one, never alone while another commit
//! runs. When nothing runs, its writer leads (an idle store pays its own sync, a busy one none).

use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};

/// Queued writes of type `W`, committed in rounds; each waiting writer gets its `R`.
pub(super) struct Committer<W, R> {
    queue: Mutex<Queue<W, R>>,
}

struct Queue<W, R> {
    /// A writer is committing a round now (or was just handed the lead).
    leading: bool,
    /// Waiting for the next round, in arrival order.
    next: Vec<Queued<W, R>>,
}

struct Queued<W, R> {
    /// Where a waiting writer hears of its result or of its turn to lead (`None`: the write
    /// rides along and its writer returned at once).
    slot: Option<Arc<Slot<R>>>,
    write: W,
}

/// One waiting writer's own wake-up: a round wakes only the writers it wrote (and the one
/// it hands the lead to), not every writer waiting (with a hundred waiting and rounds of a
/// few writes, waking all of them for each round cost more than the rounds).
struct Slot<R> {
    wake: Mutex<Option<Wake<R>>>,
    cv: Condvar,
}

enum Wake<R> {
    /// Its write is durable (or failed): the result.
    Done(R),
    /// The round that wrote the others is over and its own write is still queued: it leads
    /// the next round.
    Lead,
}

impl<R> Slot<R> {
    fn set(&self, wake: Wake<R>) {
        *self.wake.lock().unwrap_or_else(PoisonError::into_inner) = Some(wake);
        self.cv.notify_one();
    }

    fn wait(&self) -> Wake<R> {
        let mut w = self.wake.lock().unwrap_or_else(PoisonError::into_inner);
        loop {
            if let Some(wake) = w.take() {
                return wake;
            }
            w = self.cv.wait(w).unwrap_or_else(PoisonError::into_inner);
        }
    }
}

impl<W, R> Default for Committer<W, R> {
    fn default() -> Self {
        Committer {
            queue: Mutex::new(Queue {
                leading: false,
                next: Vec::new(),
            }),
        }
    }
}

impl<W, R> Committer<W, R> {
    /// Queues `write` for the next round and, when `wait`, returns its result once the round
    /// that holds it is over; `commit` writes one round (every write in it, in order) and
    /// returns one result per write. Without `wait`, returns `None` at once unless no round is
    /// running; then this call leads and commits it before returning.
    pub(super) fn submit(
        &self,
        write: W,
        wait: bool,
        commit: impl Fn(Vec<W>) -> Vec<R>,
    ) -> Option<R> {
        let mut q = self.lock();
        if q.leading {
            if !wait {
                // A round is running; the next one takes this along.
                q.next.push(Queued { slot: None, write });
                return None;
            }
            let slot = Arc::new(Slot {
                wake: Mutex::new(None),
                cv: Condvar::new(),
            });
            q.next.push(Queued {
                slot: Some(slot.clone()),
                write,
            });
            drop(q);
            match slot.wait() {
                Wake::Done(result) => return Some(result),
                // Handed the lead: `leading` stayed set, and this write is in `next`.
                Wake::Lead => q = self.lock(),
            }
            return self.lead(q, &slot, commit);
        }
        q.leading = true;
        // Its slot only marks it as ours, so that the round hands its result back here.
        let mine = Arc::new(Slot {
            wake: Mutex::new(None),
            cv: Condvar::new(),
        });
        q.next.push(Queued {
            slot: Some(mine.clone()),
            write,
        });
        self.lead(q, &mine, commit)
    }

    /// Commits rounds until a waiting writer can take the lead (or nothing is queued);
    /// returns this writer's own result, which the first round holds.
    fn lead<'a>(
        &'a self,
        mut q: MutexGuard<'a, Queue<W, R>>,
        mine: &Arc<Slot<R>>,
        commit: impl Fn(Vec<W>) -> Vec<R>,
    ) -> Option<R> {
        let mut own = None;
        loop {
            let round = std::mem::take(&mut q.next);
            drop(q);
            let (slots, writes): (Vec<_>, Vec<W>) =
                round.into_iter().map(|w| (w.slot, w.write)).unzip();
            let results = commit(writes);
            for (slot, r) in slots.into_iter().zip(results) {
                match slot {
                    Some(s) if Arc::ptr_eq(mine, &s) => own = Some(r),
                    Some(s) => s.set(Wake::Done(r)),
                    None => {}
                }
            }
            q = self.lock();
            if q.next.is_empty() {
                q.leading = false;
                break;
            }
            // Hand the lead to the first writer that waits; only what rides along is left
            // to us otherwise (no one else would write it).
            if let Some(next) = q.next.iter().find_map(|w| w.slot.clone()) {
                next.set(Wake::Lead);
                break;
            }
        }
        own
    }

    fn lock(&self) -> MutexGuard<'_, Queue<W, R>> {
        self.queue.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::time::Duration;

    /// Writers arriving while a (slow) commit runs share the next one: 64 writers from 16
    /// threads need far fewer than 64 commits, and each gets its own result.
    #[test]
    fn writers_that_arrive_together_share_a_commit_and_get_their_own_results() {
        let c: Arc<Committer<u32, u32>> = Arc::default();
        let rounds = Arc::new(AtomicUsize::new(0));
        let written = Arc::new(Mutex::new(Vec::new()));
        let threads: Vec<_> = (0..16u32)
            .map(|t| {
                let (c, rounds, written) = (c.clone(), rounds.clone(), written.clone());
                std::thread::spawn(move || {
                    for n in 0..4u32 {
                        let w = t * 100 + n;
                        let r = c.submit(w, true, |ws| {
                            rounds.fetch_add(1, Ordering::SeqCst);
                            std::thread::sleep(Duration::from_millis(5));
                            written.lock().unwrap().extend(ws.iter().copied());
                            ws.iter().map(|w| w * 2).collect()
                        });
                        assert_eq!(r, Some(w * 2), "each writer gets its own result");
                        assert!(
                            written.lock().unwrap().contains(&w),
                            "written before it returns"
                        );
                    }
                })
            })
            .collect();
        for t in threads {
            t.join().unwrap();
        }
        let mut all = written.lock().unwrap().clone();
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), 64, "every write once");
        let rounds = rounds.load(Ordering::SeqCst);
        assert!(rounds < 40, "64 writes took {rounds} commits");
    }

    /// What rides along is written by the round under way or the next one, not alone; with
    /// nothing running, its writer commits it.
    #[test]
    fn a_write_that_rides_along_joins_the_next_round_or_leads_when_idle() {
        let c: Arc<Committer<u32, ()>> = Arc::default();
        let rounds: Arc<Mutex<Vec<Vec<u32>>>> = Arc::default();
        let commit = |rounds: Arc<Mutex<Vec<Vec<u32>>>>, slow: u64| {
            move |ws: Vec<u32>| {
                std::thread::sleep(Duration::from_millis(slow));
                let n = ws.len();
                rounds.lock().unwrap().push(ws);
                vec![(); n]
            }
        };
        // Idle: the writer leads, and the write is there when it returns.
        assert_eq!(c.submit(1, false, commit(rounds.clone(), 0)), Some(()));
        assert_eq!(*rounds.lock().unwrap(), vec![vec![1]]);
        // Busy: a slow round runs; the rider returns at once and the next round carries it.
        let (started_tx, started_rx) = std::sync::mpsc::channel();
        let leader = {
            let (c, rounds) = (c.clone(), rounds.clone());
            std::thread::spawn(move || {
                let slow = commit(rounds, 300);
                c.submit(2, true, move |ws| {
                    let _ = started_tx.send(());
                    slow(ws)
                })
            })
        };
        started_rx.recv().unwrap();
        assert_eq!(c.submit(3, false, commit(rounds.clone(), 0)), None);
        assert!(
            !leader.is_finished(),
            "the rider did not wait for the round"
        );
        assert_eq!(leader.join().unwrap(), Some(()));
        assert_eq!(*rounds.lock().unwrap(), vec![vec![1], vec![2], vec![3]]);
    }
}
