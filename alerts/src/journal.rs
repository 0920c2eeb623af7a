//! The dispatcher's group commit of delivery state: each send's intent (right before its
//! first request), each refusal and each delivery is one [`Change`]; whatever changes arrive
//! while a commit is being written go into the next one together. A paced fan-out therefore
//! pays about one commit per send slot at most (an intent and the previous send's delivery
//! share it), and fewer when the disk is slower than the pace: the batch grows instead of
//! the sends waiting in line.

use bot_core::Store;
use bot_core::alerts::outbox::{self, Change};
use bot_core::availability::now_unix;
use gpuscout_frontend::{Once, SendError, SendFuture};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use tokio::sync::oneshot;

type Waiter = oneshot::Sender<Result<(), String>>;

/// Changes waiting for the next commit, and the turn to write one.
pub(crate) struct Journal {
    store: Arc<Store>,
    waiting: Mutex<Vec<(Change, Waiter)>>,
    turn: tokio::sync::Mutex<()>,
    commits: AtomicUsize,
}

impl Journal {
    pub(crate) fn new(store: Arc<Store>) -> Journal {
        Journal {
            store,
            waiting: Mutex::default(),
            turn: tokio::sync::Mutex::new(()),
            commits: AtomicUsize::new(0),
        }
    }

    /// Commits written so far (each holds one or more changes).
    pub(crate) fn commits(&self) -> usize {
        self.commits.load(Ordering::Relaxed)
    }

    /// Returns once `change` is durable: committed by whoever holds the turn when it arrives
    /// (with everything else waiting), or by this call when nobody does.
    pub(crate) async fn write(&self, change: Change) -> Result<(), String> {
        let (tx, mut rx) = oneshot::channel();
        self.waiting
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push((change, tx));
        // Whoever holds the turn commits every change waiting, ours too: then ours is done
        // and we need no turn (waiting for one would queue us behind commits of others).
        let _turn = tokio::select! {
            biased;
            done = &mut rx => return done.unwrap_or_else(|_| Err("the commit was cancelled".into())),
            turn = self.turn.lock() => turn,
        };
        // A committer hands results out before giving the turn up.
        if let Ok(done) = rx.try_recv() {
            return done;
        }
        let taken =
            std::mem::take(&mut *self.waiting.lock().unwrap_or_else(PoisonError::into_inner));
        let (changes, waiters): (Vec<Change>, Vec<Waiter>) = taken.into_iter().unzip();
        let store = self.store.clone();
        let result =
            match tokio::task::spawn_blocking(move || outbox::apply(&store, &changes)).await {
                Ok(Ok(())) => Ok(()),
                Ok(Err(e)) => Err(e.to_string()),
                Err(e) => Err(e.to_string()),
            };
        self.commits.fetch_add(1, Ordering::Relaxed);
        for w in waiters {
            let _ = w.send(result.clone());
        }
        rx.await
            .unwrap_or_else(|_| Err("the commit was cancelled".into()))
    }
}

/// One outbox item's idempotency, handed to `Sender::send_once`.
pub(crate) struct OutboxOnce {
    pub(crate) journal: Arc<Journal>,
    pub(crate) row: String,
    pub(crate) key: String,
    pub(crate) platform: String,
    pub(crate) chat: String,
}

impl Once for OutboxOnce {
    fn key(&self) -> &str {
        &self.key
    }

    fn intend(&self) -> SendFuture<'_> {
        Box::pin(async move {
            self.journal
                .write(Change::Intend {
                    row: self.row.clone(),
                    platform: self.platform.clone(),
                    chat: self.chat.clone(),
                    at: now_unix(),
                })
                .await
                // Not marked, not sent: the item stays queued and is tried again later.
                .map_err(|e| SendError::Failed(format!("recording the send failed: {e}")))
        })
    }

    fn withdraw(&self) -> SendFuture<'_> {
        Box::pin(async move {
            if let Err(e) = self
                .journal
                .write(Change::Withdraw {
                    row: self.row.clone(),
                })
                .await
            {
                // The mark stays: after a kill the alert counts as "fate unknown", which
                // loses at most this one, never repeats it.
                tracing::warn!("alerts: withdrawing the send mark failed: {e}");
            }
            Ok(())
        })
    }
}
