//! The send scheduler: every message a platform sender posts first takes a slot here, so that
//! the bot stays within the platform's rate limits without adding a tick to every reply.
//!
//! The group and overall limits are sliding windows ("at most `count` sends in any span of
//! `per`"); a chat's own limit is a token bucket refilled at `count` per `per` (the generic
//! cell rate algorithm: one timestamp per chat), which alerts must find full and a reply may
//! run [`Limits::reply_burst`] sends ahead of. A send takes its slot at once when every limit
//! has room, and otherwise sleeps exactly until the earliest instant at which all of them do —
//! no polling, no fixed tick. Telegram's chat pace is one send per 1.1 s, and a reply may
//! follow its chat's alert at once (see [`Limits::TELEGRAM`]).
//!
//! Replies come first: a send is a [`Priority::Reply`] (an answer someone is waiting for) or a
//! [`Priority::Alert`] (a fan-out); an alert takes an overall slot only while no reply is
//! waiting for one, so a user is answered within one slot's gap during any fan-out.
//!
//! State is small and short-lived: a chat's entry holds at most its window's last sends and is
//! dropped once they have all left the window (and any `retry_after` hold has passed), so a
//! stream of new chats does not grow memory. Times are tokio's, so tests run on paused time.

use std::collections::{HashMap, VecDeque};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, MutexGuard};
use std::time::Duration;
use tokio::time::Instant;

/// At most `count` sends in any span of `per`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rate {
    pub count: u32,
    pub per: Duration,
}

impl Rate {
    pub const fn new(count: u32, per: Duration) -> Rate {
        Rate { count, per }
    }
}

/// The limits a platform sender paces within; `None` = no limit of that kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Per chat (private chats, groups and channels alike): a sustained `count` per `per`,
    /// one send every `per / count`, with a burst of `count` for any send.
    pub chat: Option<Rate>,
    /// Sends a reply may take in a chat beyond the `chat` pace, when the chat's recent sends
    /// (alerts or replies) left none: a reply right after its chat's alert goes at once.
    /// Alerts never take these, so an alert leaves a reply its burst. Refilled at the `chat`
    /// pace, so over any longer span the chat still gets `count` per `per`.
    pub reply_burst: u32,
    /// Additionally per group, supergroup or channel.
    pub group: Option<Rate>,
    /// Over all chats together.
    pub overall: Option<Rate>,
}

impl Limits {
    /// Telegram's published limits, paced below with a margin: one message a second per
    /// chat, 20 a minute per group or channel, 30 a second overall.
    ///
    /// Per chat, the Bot FAQ ("My bot is hitting limits") says: avoid more than one message
    /// a second in a chat; "we may allow short bursts that go over this limit, but eventually
    /// you'll begin receiving 429 errors". So the chat's pace is a token bucket of one send
    /// per 1.1 s that alerts use without a burst, and a reply may go one send ahead of it: a
    /// question asked right after the chat's alert is answered at once (issue 28: that reply
    /// waited up to 1.1 s), and a burst is two messages at most, after which the chat is back
    /// to one per 1.1 s. At the receiver such a stream, with up to 100 ms of transit jitter,
    /// fits a bucket of one a second with a burst of two (what the fake Bot API enforces,
    /// `gpuscout_testkit::fake_telegram`); a reply in several parts (rare: long answers are
    /// folded behind a Details button) takes 1.1 s per part after its first two.
    ///
    /// Telegram counts at its end, where transit jitter bunches arrivals: 30 sends in any
    /// second at our end put up to 44 into one second there (measured against a fake that
    /// enforces the limits). So the overall limit is one send every 38 ms (26 a second, evenly
    /// spaced): a second at the receiver then holds at most 26 + jitter / 38 ms messages, under
    /// 30 for up to 140 ms of jitter; and the group window is 61 s, not 60.
    pub const TELEGRAM: Limits = Limits {
        chat: Some(Rate::new(1, Duration::from_millis(1100))),
        reply_burst: 1,
        group: Some(Rate::new(20, Duration::from_secs(61))),
        overall: Some(Rate::new(1, Duration::from_millis(38))),
    };

    /// No limits at all (benchmarks of our own work).
    pub const NONE: Limits = Limits {
        chat: None,
        reply_burst: 0,
        group: None,
        overall: None,
    };
}

impl Limits {
    /// One send's share of the chat pace, and how far ahead of the pace a send of `priority`
    /// may go (the bucket's depth less one send).
    fn chat_pace(&self, priority: Priority) -> Option<(Duration, Duration)> {
        let r = self.chat?;
        let every = r.per / r.count.max(1);
        let extra = match priority {
            Priority::Reply => self.reply_burst,
            Priority::Alert => 0,
        };
        Some((every, every * (r.count.max(1) - 1 + extra)))
    }
}

impl Default for Limits {
    fn default() -> Limits {
        Limits::TELEGRAM
    }
}

/// Who waits for a send: a person who asked (served first) or a fan-out that can wait.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Priority {
    /// A reply to someone's message or button: takes any free slot.
    #[default]
    Reply,
    /// A stock alert or channel post: takes the slots replies leave.
    Alert,
}

/// What kind of chat a send goes to: groups and channels have a limit of their own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChatKind {
    Private,
    Group,
}

/// The last sends within one window, oldest first.
#[derive(Debug, Default)]
struct Window {
    sent: VecDeque<Instant>,
}

impl Window {
    /// Forgets sends that have left the window at `now`.
    fn prune(&mut self, rate: Rate, now: Instant) {
        while self.sent.front().is_some_and(|t| *t + rate.per <= now) {
            self.sent.pop_front();
        }
    }

    /// When the window next has room (`now` if it has room now).
    fn free_at(&mut self, rate: Rate, now: Instant) -> Instant {
        self.prune(rate, now);
        if self.sent.len() < rate.count as usize {
            return now;
        }
        // Full: room once the send `count` places back leaves the window.
        self.sent[self.sent.len() - rate.count as usize] + rate.per
    }

    fn record(&mut self, rate: Rate, now: Instant) {
        self.sent.push_back(now);
        // Only the last `count` sends can ever decide a wait.
        while self.sent.len() > rate.count as usize {
            self.sent.pop_front();
        }
    }
}

/// One chat's state: its pace, its group window and any hold the platform asked for.
#[derive(Debug, Default)]
struct Entry {
    /// When the chat's bucket is full again (`None`: full): each send pushes it one pace
    /// later, from now or from where it was, whichever is later.
    chat_full_at: Option<Instant>,
    group: Window,
    /// The platform answered "retry after": nothing goes to this chat before then.
    held_until: Option<Instant>,
}

impl Entry {
    /// True when this entry says nothing a fresh one would not (it can be dropped).
    fn idle(&self, limits: &Limits, now: Instant) -> bool {
        let gone = |w: &Window, r: Option<Rate>| {
            r.is_none_or(|r| w.sent.back().is_none_or(|t| *t + r.per <= now))
        };
        self.held_until.is_none_or(|t| t <= now)
            && self.chat_full_at.is_none_or(|t| t <= now)
            && gone(&self.group, limits.group)
    }
}

#[derive(Debug, Default)]
struct State {
    chats: HashMap<String, Entry>,
    overall: Window,
    /// Held back as a whole (a `retry_after` that is not about one chat).
    held_until: Option<Instant>,
    next_sweep: Option<Instant>,
}

/// How often idle chat entries are swept out at most.
const SWEEP_EVERY: Duration = Duration::from_secs(1);

/// The scheduler. Cheap to share behind an `Arc`; all methods take `&self`.
#[derive(Debug)]
pub struct Pacer {
    limits: Limits,
    state: Mutex<State>,
    /// Waiters for the overall limit queue here in order (tokio's mutex is fair), so that a
    /// full overall window wakes one sender per slot instead of every waiting one. Replies
    /// and alerts queue apart, so a reply never stands behind a fan-out's queue.
    turnstile: tokio::sync::Mutex<()>,
    alert_turnstile: tokio::sync::Mutex<()>,
    /// Replies waiting for an overall slot; alerts take none while this is above zero.
    replies_waiting: AtomicUsize,
    /// Woken when the last waiting reply has its slot (or gave up).
    replies_done: tokio::sync::Notify,
}

/// Counts a reply as waiting for an overall slot for as long as it lives, so a reply whose
/// future is dropped mid-wait never holds alerts back.
struct WaitingReply<'a>(&'a Pacer);

impl<'a> WaitingReply<'a> {
    fn new(p: &'a Pacer) -> WaitingReply<'a> {
        p.replies_waiting.fetch_add(1, Ordering::SeqCst);
        WaitingReply(p)
    }
}

impl Drop for WaitingReply<'_> {
    fn drop(&mut self) {
        if self.0.replies_waiting.fetch_sub(1, Ordering::SeqCst) == 1 {
            self.0.replies_done.notify_waiters();
        }
    }
}

impl Pacer {
    pub fn new(limits: Limits) -> Pacer {
        Pacer {
            limits,
            state: Mutex::new(State::default()),
            turnstile: tokio::sync::Mutex::new(()),
            alert_turnstile: tokio::sync::Mutex::new(()),
            replies_waiting: AtomicUsize::new(0),
            replies_done: tokio::sync::Notify::new(),
        }
    }

    pub fn limits(&self) -> Limits {
        self.limits
    }

    fn state(&self) -> MutexGuard<'_, State> {
        // The state stays consistent between statements, so a panic elsewhere cannot leave
        // it half-written: keep using it.
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Waits until a reply may go to `chat` now, and counts it as sent.
    pub async fn slot(&self, chat: &str, kind: ChatKind) {
        self.slot_as(chat, kind, Priority::Reply).await
    }

    /// Waits until a message of `priority` may go to `chat` now, and counts it as sent.
    pub async fn slot_as(&self, chat: &str, kind: ChatKind, priority: Priority) {
        loop {
            // The chat's own limits first, without holding up anyone else.
            let chat_free = self.chat_free_at(chat, kind, priority, Instant::now());
            if chat_free > Instant::now() {
                tokio::time::sleep_until(chat_free).await;
                continue;
            }
            // Then the overall limit, one waiter at a time, in order; replies before alerts.
            let taken = match priority {
                Priority::Reply => {
                    let _waiting = WaitingReply::new(self);
                    let _turn = self.turnstile.lock().await;
                    self.overall_slot(chat, kind, priority).await
                }
                Priority::Alert => {
                    let _turn = self.alert_turnstile.lock().await;
                    self.overall_slot(chat, kind, priority).await
                }
            };
            if taken {
                return;
            }
        }
    }

    /// Waits for an overall slot and takes it (true), or gives up when another send to this
    /// chat took the chat's slot meanwhile (false: back to the chat's queue).
    async fn overall_slot(&self, chat: &str, kind: ChatKind, priority: Priority) -> bool {
        loop {
            // Registered before looking, so a reply finishing in between still wakes us.
            let replies_done = self.replies_done.notified();
            tokio::pin!(replies_done);
            replies_done.as_mut().enable();
            enum Next {
                Sleep(Instant),
                YieldToReplies,
            }
            let next = {
                let now = Instant::now();
                let mut st = self.state();
                let mut free = match self.limits.overall {
                    Some(r) => st.overall.free_at(r, now),
                    None => now,
                };
                if let Some(h) = st.held_until {
                    free = free.max(h);
                }
                if free > now {
                    Next::Sleep(free)
                } else if priority == Priority::Alert
                    && self.replies_waiting.load(Ordering::SeqCst) > 0
                {
                    Next::YieldToReplies
                } else if self.chat_free_in(&mut st, chat, kind, priority, now) > now {
                    return false;
                } else {
                    self.record(&mut st, chat, kind, now);
                    return true;
                }
            };
            match next {
                Next::Sleep(at) => tokio::time::sleep_until(at).await,
                Next::YieldToReplies => replies_done.await,
            }
        }
    }

    /// When `chat`'s own windows (and hold) next have room.
    fn chat_free_at(
        &self,
        chat: &str,
        kind: ChatKind,
        priority: Priority,
        now: Instant,
    ) -> Instant {
        let mut st = self.state();
        self.chat_free_in(&mut st, chat, kind, priority, now)
    }

    fn chat_free_in(
        &self,
        st: &mut State,
        chat: &str,
        kind: ChatKind,
        priority: Priority,
        now: Instant,
    ) -> Instant {
        let Some(e) = st.chats.get_mut(chat) else {
            return now;
        };
        let mut at = e.held_until.map_or(now, |h| h.max(now));
        if let (Some((_, ahead)), Some(full)) = (self.limits.chat_pace(priority), e.chat_full_at) {
            // Room once the bucket is no more than `ahead` short of full.
            at = at.max(full.checked_sub(ahead).unwrap_or(now));
        }
        if kind == ChatKind::Group
            && let Some(r) = self.limits.group
        {
            at = at.max(e.group.free_at(r, now));
        }
        at
    }

    fn record(&self, st: &mut State, chat: &str, kind: ChatKind, now: Instant) {
        if let Some(r) = self.limits.overall {
            st.overall.record(r, now);
        }
        let chat_limited = self.limits.chat.is_some();
        let group_limited = kind == ChatKind::Group && self.limits.group.is_some();
        if chat_limited || group_limited {
            let e = st.chats.entry(chat.to_string()).or_default();
            if let Some((every, _)) = self.limits.chat_pace(Priority::Alert) {
                e.chat_full_at = Some(e.chat_full_at.map_or(now, |t| t.max(now)) + every);
            }
            if kind == ChatKind::Group
                && let Some(r) = self.limits.group
            {
                e.group.record(r, now);
            }
        }
        self.sweep(st, now);
    }

    /// The platform said "retry after `wait`" for a send to `chat`: nothing more goes there
    /// until then.
    pub fn hold_chat(&self, chat: &str, wait: Duration) {
        let until = Instant::now() + wait;
        let mut st = self.state();
        let e = st.chats.entry(chat.to_string()).or_default();
        e.held_until = Some(e.held_until.map_or(until, |h| h.max(until)));
    }

    /// The platform said "retry after `wait`" for everything (a global limit).
    pub fn hold_all(&self, wait: Duration) {
        let until = Instant::now() + wait;
        let mut st = self.state();
        st.held_until = Some(st.held_until.map_or(until, |h| h.max(until)));
    }

    /// Chats with state kept (tests: idle entries are evicted).
    pub fn tracked_chats(&self) -> usize {
        let now = Instant::now();
        let mut st = self.state();
        self.sweep_now(&mut st, now);
        st.chats.len()
    }

    fn sweep(&self, st: &mut State, now: Instant) {
        if st.next_sweep.is_some_and(|t| now < t) {
            return;
        }
        self.sweep_now(st, now);
    }

    fn sweep_now(&self, st: &mut State, now: Instant) {
        let limits = self.limits;
        st.chats.retain(|_, e| !e.idle(&limits, now));
        // A burst of new chats must not leave a huge table behind once they are gone.
        if st.chats.capacity() > 64 && st.chats.capacity() > 4 * st.chats.len() {
            st.chats.shrink_to_fit();
        }
        if st.held_until.is_some_and(|t| t <= now) {
            st.held_until = None;
        }
        st.next_sweep = Some(now + SWEEP_EVERY);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    fn secs(s: f64) -> Duration {
        Duration::from_secs_f64(s)
    }

    /// Asserts that no span of `rate.per` holds more than `rate.count` of `times` (sorted).
    fn within(times: &[Instant], rate: Rate, what: &str) {
        for (i, t) in times.iter().enumerate() {
            let in_window = times[i..]
                .iter()
                .take_while(|u| **u < *t + rate.per)
                .count();
            assert!(
                in_window <= rate.count as usize,
                "{what}: {in_window} sends within {:?} from send {i}",
                rate.per
            );
        }
    }

    #[tokio::test(start_paused = true)]
    async fn a_free_slot_is_taken_without_waiting() {
        let p = Pacer::new(Limits {
            overall: Some(Rate::new(30, secs(1.0))),
            ..Limits::TELEGRAM
        });
        let start = Instant::now();
        for chat in 1..20 {
            p.slot(&chat.to_string(), ChatKind::Private).await;
        }
        assert_eq!(
            Instant::now(),
            start,
            "no send waited while a slot was free"
        );
    }

    /// Asserts that `times` (sorted) fit a token bucket of one send per `every` holding
    /// `depth` sends: any k + 1 of them span at least (k + 1 - depth) × `every`.
    fn fits_bucket(times: &[Instant], every: Duration, depth: u32, what: &str) {
        for i in 0..times.len() {
            for j in i + 1..times.len() {
                let k = (j - i) as u32;
                let least = every * (k + 1).saturating_sub(depth);
                assert!(
                    times[j] - times[i] >= least,
                    "{what}: sends {i}..={j} within {:?}, the bucket needs {least:?}",
                    times[j] - times[i]
                );
            }
        }
    }

    /// Shifts each send by 0..=`max_ms` of transit (the deterministic jitter below) and sorts.
    fn arrivals(sent: &[Instant], max_ms: u64, seed: u64) -> Vec<Instant> {
        let mut seed = seed;
        let mut at: Vec<Instant> = sent
            .iter()
            .map(|t| *t + jitter(&mut seed, max_ms))
            .collect();
        at.sort();
        at
    }

    #[tokio::test(start_paused = true)]
    async fn telegram_pacing_fits_one_a_second_with_a_burst_of_two_at_the_receiver() {
        // A reply in three parts, and an alert to the same chat meanwhile: at Telegram, with up
        // to 100 ms of transit jitter, they fit one a second with a burst of two (the fake Bot
        // API's rule), and the sends themselves one per 1.1 s with a burst of two.
        let p = Arc::new(Pacer::new(Limits::TELEGRAM));
        let start = Instant::now();
        let alert = {
            let p = p.clone();
            tokio::spawn(async move {
                p.slot_as("5", ChatKind::Private, Priority::Alert).await;
                Instant::now()
            })
        };
        let mut times = Vec::new();
        for _ in 0..3 {
            p.slot("5", ChatKind::Private).await;
            times.push(Instant::now());
        }
        let parts: Vec<Duration> = times.iter().map(|t| *t - start).collect();
        let gap = Limits::TELEGRAM.overall.unwrap().per;
        // The reply's first two parts at once (one overall slot apart), the third at the
        // pace; the alert, which takes no burst, once the bucket is full again.
        assert_eq!(parts, [Duration::ZERO, gap, secs(1.1)]);
        let alert = alert.await.unwrap();
        assert_eq!(alert - start, secs(3.3));
        times.push(alert);
        fits_bucket(&times, secs(1.1), 2, "sent");
        for seed in 1..50 {
            fits_bucket(&arrivals(&times, 100, seed), secs(1.0), 2, "arrived");
        }
    }

    #[tokio::test(start_paused = true)]
    async fn a_reply_right_after_its_chats_alert_goes_at_once() {
        let p = Pacer::new(Limits::TELEGRAM);
        let start = Instant::now();
        p.slot_as("5", ChatKind::Private, Priority::Alert).await;
        tokio::time::advance(secs(0.2)).await;
        p.slot("5", ChatKind::Private).await;
        assert_eq!(Instant::now() - start, secs(0.2), "the reply waited");
        // The burst is spent: a second reply, and an alert, wait for the pace.
        p.slot("5", ChatKind::Private).await;
        assert_eq!(Instant::now() - start, secs(1.1), "second reply");
        p.slot_as("5", ChatKind::Private, Priority::Alert).await;
        assert_eq!(
            Instant::now() - start,
            secs(3.3),
            "an alert waits for a full bucket"
        );
        // The same in a group, whose 20 a minute still holds.
        let g = Pacer::new(Limits::TELEGRAM);
        let start = Instant::now();
        g.slot_as("-5", ChatKind::Group, Priority::Alert).await;
        g.slot("-5", ChatKind::Group).await;
        let gap = Limits::TELEGRAM.overall.unwrap().per;
        assert_eq!(Instant::now() - start, gap, "the group's reply waited");
    }

    #[tokio::test(start_paused = true)]
    async fn alerts_alone_never_burst() {
        // Alerts to one chat take the pace without the reply's burst: 1.1 s apart.
        let p = Pacer::new(Limits::TELEGRAM);
        let mut times = Vec::new();
        for _ in 0..4 {
            p.slot_as("9", ChatKind::Private, Priority::Alert).await;
            times.push(Instant::now());
        }
        for w in times.windows(2) {
            assert_eq!(w[1] - w[0], secs(1.1));
        }
        // And replies that spent the burst are back to the pace.
        tokio::time::advance(secs(5.0)).await;
        let start = Instant::now();
        for _ in 0..4 {
            p.slot("9", ChatKind::Private).await;
        }
        assert_eq!(
            Instant::now() - start,
            secs(2.2),
            "four replies: two at once, then 1.1 s each"
        );
    }

    #[tokio::test(start_paused = true)]
    async fn a_full_window_waits_exactly_until_the_next_slot() {
        let rate = Rate::new(1, secs(1.0));
        let p = Pacer::new(Limits {
            chat: Some(rate),
            reply_burst: 0,
            group: None,
            overall: None,
        });
        let start = Instant::now();
        p.slot("7", ChatKind::Private).await;
        tokio::time::advance(secs(0.3)).await;
        p.slot("7", ChatKind::Private).await;
        assert_eq!(
            Instant::now() - start,
            secs(1.0),
            "slept exactly to the slot"
        );
        // Another chat is not held up by chat 7's limit.
        let before = Instant::now();
        p.slot("8", ChatKind::Private).await;
        assert_eq!(Instant::now(), before);
    }

    #[tokio::test(start_paused = true)]
    async fn concurrent_senders_never_exceed_any_configured_rate() {
        let limits = Limits {
            chat: Some(Rate::new(3, secs(3.0))),
            reply_burst: 0,
            group: Some(Rate::new(20, secs(60.0))),
            overall: Some(Rate::new(30, secs(1.0))),
        };
        let p = Arc::new(Pacer::new(limits));
        let log = Arc::new(Mutex::new(Vec::<(String, Instant)>::new()));
        let mut tasks = Vec::new();
        // 40 private chats and 5 groups, each with bursts of messages from several tasks.
        for c in 0..45 {
            for _ in 0..3 {
                let (p, log) = (p.clone(), log.clone());
                tasks.push(tokio::spawn(async move {
                    let (chat, kind) = if c < 40 {
                        (format!("{c}"), ChatKind::Private)
                    } else {
                        (format!("-{c}"), ChatKind::Group)
                    };
                    for _ in 0..4 {
                        p.slot(&chat, kind).await;
                        log.lock().unwrap().push((chat.clone(), Instant::now()));
                    }
                }));
            }
        }
        for t in tasks {
            t.await.unwrap();
        }
        let log = log.lock().unwrap();
        assert_eq!(log.len(), 45 * 3 * 4);
        let mut all: Vec<Instant> = log.iter().map(|(_, t)| *t).collect();
        all.sort();
        within(&all, limits.overall.unwrap(), "overall");
        for c in 0..45 {
            let chat = if c < 40 {
                format!("{c}")
            } else {
                format!("-{c}")
            };
            let mut times: Vec<Instant> = log
                .iter()
                .filter(|(k, _)| *k == chat)
                .map(|(_, t)| *t)
                .collect();
            times.sort();
            // A chat's limit is a bucket of 3 refilled one a second (was a window of 3 in any
            // 3 s, which a bucket allows to reach 5: the pacing rule, not the test, changed).
            fits_bucket(&times, secs(1.0), 3, &format!("chat {chat}"));
            if c >= 40 {
                within(&times, limits.group.unwrap(), &format!("group {chat}"));
            }
        }
        // And it was not slower than the limits make it: 540 sends at 30/s is 18 s, and the
        // groups' 12 sends each fit in their first minute's 20.
        let span = *all.last().unwrap() - *all.first().unwrap();
        assert!(span <= secs(18.0), "took {span:?}");
    }

    #[tokio::test(start_paused = true)]
    async fn retry_after_holds_that_chat_only() {
        let p = Pacer::new(Limits::TELEGRAM);
        let start = Instant::now();
        p.hold_chat("5", secs(4.0));
        p.slot("6", ChatKind::Private).await;
        assert_eq!(Instant::now(), start);
        p.slot("5", ChatKind::Private).await;
        assert_eq!(Instant::now() - start, secs(4.0));
        p.hold_all(secs(2.0));
        p.slot("6", ChatKind::Private).await;
        assert_eq!(Instant::now() - start, secs(6.0));
    }

    #[tokio::test(start_paused = true)]
    async fn idle_chats_are_forgotten() {
        let p = Pacer::new(Limits::TELEGRAM);
        for c in 0..5_000 {
            p.slot(&c.to_string(), ChatKind::Private).await;
        }
        assert!(p.tracked_chats() > 0);
        tokio::time::advance(secs(3.0)).await;
        assert_eq!(
            p.tracked_chats(),
            0,
            "entries whose sends left every window"
        );
        let st = p.state();
        assert!(st.chats.capacity() <= 64, "{}", st.chats.capacity());
    }

    #[tokio::test(start_paused = true)]
    async fn no_limits_keep_no_state() {
        let p = Pacer::new(Limits::NONE);
        let start = Instant::now();
        for c in 0..1_000 {
            p.slot(&(c % 7).to_string(), ChatKind::Group).await;
        }
        assert_eq!(Instant::now(), start);
        assert_eq!(p.tracked_chats(), 0);
    }

    /// A deterministic stand-in for transit time: 0..=`max_ms` milliseconds, spread over the
    /// range (a linear congruential sequence, so the test is repeatable).
    fn jitter(seed: &mut u64, max_ms: u64) -> Duration {
        *seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        Duration::from_millis((*seed >> 33) % (max_ms + 1))
    }

    /// Sends `alerts` alerts to distinct chats and, meanwhile, a few replies in a few groups;
    /// returns (chat, group?, time it left) for every send.
    async fn fan_out(limits: Limits, alerts: usize) -> Vec<(String, bool, Instant)> {
        let p = Arc::new(Pacer::new(limits));
        let log = Arc::new(Mutex::new(Vec::new()));
        let mut tasks = Vec::new();
        for c in 0..alerts {
            let (p, log) = (p.clone(), log.clone());
            let group = c % 10 == 0;
            let chat = if group {
                format!("-{c}")
            } else {
                c.to_string()
            };
            tasks.push(tokio::spawn(async move {
                let kind = if group {
                    ChatKind::Group
                } else {
                    ChatKind::Private
                };
                p.slot_as(&chat, kind, Priority::Alert).await;
                log.lock().unwrap().push((chat, group, Instant::now()));
            }));
        }
        for r in 0..60 {
            let (p, log) = (p.clone(), log.clone());
            tasks.push(tokio::spawn(async move {
                tokio::time::sleep(secs(0.25 * r as f64)).await;
                let chat = format!("-9{}", r % 3);
                p.slot(&chat, ChatKind::Group).await;
                log.lock().unwrap().push((chat, true, Instant::now()));
            }));
        }
        for t in tasks {
            t.await.unwrap();
        }
        Arc::try_unwrap(log).unwrap().into_inner().unwrap()
    }

    /// The most arrivals at the receiver within any span of `per`, each send delayed by up to
    /// `max_jitter_ms` of transit.
    fn busiest_at_receiver(sent: &[Instant], per: Duration, max_jitter_ms: u64) -> usize {
        let mut seed = 7;
        let mut arrived: Vec<Instant> = sent
            .iter()
            .map(|t| *t + jitter(&mut seed, max_jitter_ms))
            .collect();
        arrived.sort();
        (0..arrived.len())
            .map(|i| {
                arrived[i..]
                    .iter()
                    .take_while(|u| **u < arrived[i] + per)
                    .count()
            })
            .max()
            .unwrap_or(0)
    }

    #[tokio::test(start_paused = true)]
    async fn telegram_pacing_keeps_a_margin_at_the_receiver() {
        // 1,500 alerts (every tenth to a group) with replies in three groups meanwhile; each
        // message spends 0–120 ms in transit. Telegram must see at most 30 in any second and
        // 20 a minute per group.
        let log = fan_out(Limits::TELEGRAM, 1_500).await;
        let all: Vec<Instant> = log.iter().map(|(_, _, t)| *t).collect();
        let busiest = busiest_at_receiver(&all, secs(1.0), 120);
        assert!(
            busiest <= 30,
            "{busiest} messages arrived within one second"
        );
        for chat in ["-90", "-91", "-92"] {
            let times: Vec<Instant> = log
                .iter()
                .filter(|(c, _, _)| c == chat)
                .map(|(_, _, t)| *t)
                .collect();
            let busiest = busiest_at_receiver(&times, secs(60.0), 120);
            assert!(busiest <= 20, "group {chat}: {busiest} within a minute");
        }
        // And the margin costs little: the sends go at the paced rate, back to back (1,560 at
        // one per 38 ms is 59.3 s; 30 a second would be 52 s).
        let span = *all.iter().max().unwrap() - *all.iter().min().unwrap();
        let paced = Limits::TELEGRAM.overall.unwrap().per * all.len() as u32;
        assert!(span <= paced + secs(2.0), "took {span:?}, paced {paced:?}");
    }

    #[tokio::test(start_paused = true)]
    async fn thirty_a_second_without_margin_is_what_drew_429s() {
        // The same traffic paced at exactly 30 per second: jitter bunches it past the limit at
        // the receiver, which is why TELEGRAM keeps a margin (this guards the test above from
        // passing on a receiver check that cannot fail).
        let exact = Limits {
            overall: Some(Rate::new(30, secs(1.0))),
            ..Limits::TELEGRAM
        };
        let log = fan_out(exact, 1_500).await;
        let all: Vec<Instant> = log.iter().map(|(_, _, t)| *t).collect();
        assert!(busiest_at_receiver(&all, secs(1.0), 120) > 30);
    }

    #[tokio::test(start_paused = true)]
    async fn a_reply_goes_before_a_waiting_fan_out() {
        let p = Arc::new(Pacer::new(Limits::TELEGRAM));
        let gap = Limits::TELEGRAM.overall.unwrap().per;
        let sent = Arc::new(AtomicUsize::new(0));
        let mut fan = Vec::new();
        for c in 0..10_000 {
            let (p, sent) = (p.clone(), sent.clone());
            fan.push(tokio::spawn(async move {
                p.slot_as(&c.to_string(), ChatKind::Private, Priority::Alert)
                    .await;
                sent.fetch_add(1, Ordering::SeqCst);
            }));
        }
        // Replies arrive while a 10,000-chat fan-out queues for its slots.
        let mut worst = Duration::ZERO;
        for r in 0..20 {
            tokio::time::sleep(secs(1.7)).await;
            let asked = Instant::now();
            p.slot(&format!("user{r}"), ChatKind::Private).await;
            worst = worst.max(Instant::now() - asked);
        }
        let during = sent.load(Ordering::SeqCst);
        // The figure docs/performance.md quotes (`-- --nocapture`).
        eprintln!(
            "10,000-chat fan-out: worst reply wait {worst:?} of 20, {during} alerts meanwhile"
        );
        assert!(
            worst <= gap,
            "a reply waited {worst:?} behind the fan-out (one slot is {gap:?})"
        );
        assert!(
            during > 500 && during < 10_000,
            "{during} alerts went meanwhile"
        );
        for t in fan {
            t.await.unwrap();
        }
        assert_eq!(sent.load(Ordering::SeqCst), 10_000);
    }

    #[tokio::test(start_paused = true)]
    async fn a_dropped_reply_does_not_hold_alerts_back() {
        let p = Arc::new(Pacer::new(Limits::TELEGRAM));
        p.hold_all(secs(1.0));
        // A reply that waits out the hold, then is abandoned (its request was cancelled).
        let waiting = {
            let p = p.clone();
            tokio::spawn(async move { p.slot("u", ChatKind::Private).await })
        };
        tokio::time::sleep(secs(0.5)).await;
        waiting.abort();
        let _ = waiting.await;
        let start = Instant::now();
        let alert = p.slot_as("a", ChatKind::Private, Priority::Alert);
        tokio::time::timeout(secs(5.0), alert)
            .await
            .expect("the alert waited for a reply that no longer exists");
        assert!(Instant::now() - start <= secs(0.5));
    }
}
