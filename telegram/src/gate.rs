//! Backpressure: at most `limit` updates are accepted but not yet handled. When the gate is
//! full, polling stops fetching (the update stream is not read) and the webhook answers 503,
//! so Telegram keeps the backlog instead of our memory.

use futures_util::StreamExt;
use futures_util::stream::BoxStream;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use teloxide::stop::StopToken;
use teloxide::types::{AllowedUpdate, Update, UpdateKind};
use teloxide::update_listeners::{AsUpdateStream, UpdateListener};
use tokio::sync::Notify;

/// Counts updates in flight (accepted, not yet handled).
#[derive(Clone)]
pub(crate) struct Gate(Arc<Inner>);

struct Inner {
    limit: usize,
    inflight: AtomicUsize,
    freed: Notify,
}

impl Gate {
    pub(crate) fn new(limit: usize) -> Gate {
        Gate(Arc::new(Inner {
            limit: limit.max(1),
            inflight: AtomicUsize::new(0),
            freed: Notify::new(),
        }))
    }

    /// Takes a slot if one is free.
    pub(crate) fn try_enter(&self) -> bool {
        self.0
            .inflight
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |n| {
                (n < self.0.limit).then_some(n + 1)
            })
            .is_ok()
    }

    /// Waits for a free slot and takes it.
    pub(crate) async fn enter(&self) {
        loop {
            let freed = self.0.freed.notified();
            if self.try_enter() {
                return;
            }
            freed.await;
        }
    }

    /// Gives a slot back (an update was handled, or was not accepted after all).
    pub(crate) fn leave(&self) {
        let _ = self
            .0
            .inflight
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |n| n.checked_sub(1));
        self.0.freed.notify_one();
    }

    /// Gives the slot back when dropped: every handler holds one for its update.
    pub(crate) fn done(&self) -> Done {
        Done(self.clone())
    }

    #[cfg(test)]
    fn inflight(&self) -> usize {
        self.0.inflight.load(Ordering::Acquire)
    }
}

pub(crate) struct Done(Gate);

impl Drop for Done {
    fn drop(&mut self) {
        self.0.leave();
    }
}

/// An update listener behind the gate. `counted_on_accept`: the webhook already took the
/// slot when it answered 200; polling takes it here, before handing the update on, so a full
/// gate stops the stream and with it the next `getUpdates`.
pub(crate) struct Gated<L> {
    pub inner: L,
    pub gate: Gate,
    pub counted_on_accept: bool,
}

impl<'a, L> AsUpdateStream<'a> for Gated<L>
where
    L: UpdateListener + 'a,
    L::Err: Send + 'a,
{
    type StreamErr = L::Err;
    type Stream = BoxStream<'a, Result<Update, L::Err>>;

    fn as_stream(&'a mut self) -> Self::Stream {
        let gate = self.gate.clone();
        let counted = self.counted_on_accept;
        self.inner
            .as_stream()
            .then(move |item| {
                let gate = gate.clone();
                async move {
                    if let Ok(update) = &item {
                        // teloxide drops updates it cannot parse without calling a handler.
                        let unparsed = matches!(update.kind, UpdateKind::Error(_));
                        match (counted, unparsed) {
                            (true, true) => gate.leave(),
                            (false, false) => gate.enter().await,
                            _ => {}
                        }
                    }
                    item
                }
            })
            .boxed()
    }
}

impl<L> UpdateListener for Gated<L>
where
    L: UpdateListener + 'static,
    L::Err: Send + 'static,
{
    type Err = L::Err;

    fn stop_token(&mut self) -> StopToken {
        self.inner.stop_token()
    }

    fn hint_allowed_updates(&mut self, hint: &mut dyn Iterator<Item = AllowedUpdate>) {
        self.inner.hint_allowed_updates(hint);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slots_are_bounded_and_given_back() {
        let g = Gate::new(2);
        assert!(g.try_enter() && g.try_enter());
        assert!(!g.try_enter());
        drop(g.done());
        assert_eq!(g.inflight(), 1);
        assert!(g.try_enter());
        g.leave();
        g.leave();
        g.leave();
        assert_eq!(g.inflight(), 0, "never below zero");
    }
}
