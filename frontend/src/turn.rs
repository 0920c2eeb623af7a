//! One turn of a conversation, the same on every platform: the platform crate decides that an
//! update is for us and where the answer goes; [`Turns`] asks bot-core and sends the answer.

use crate::sender::{Address, SendError, Sender};
use bot_core::choice::ChoiceId;
use bot_core::{Answer, ChatRef, Input, Lang, Msg, Reply};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

/// The message shown when answering itself failed (a panic in bot-core).
pub const INTERNAL_ERROR: &str = "internal-error";

/// Answers turns for one platform: the one `Bot`, that platform's sender, and when to show
/// "typing".
#[derive(Clone)]
pub struct Turns {
    core: Arc<bot_core::Bot>,
    sender: Arc<dyn Sender>,
    typing_after: Duration,
    /// Log lines start with this (`telegram`), so the operator knows which frontend spoke.
    platform: &'static str,
    /// Keep each update's answer until it was sent ([`Turns::keeping_answers`]).
    keep: bool,
    /// Whole answers behind "Details" buttons.
    details: Arc<crate::details::Shelf>,
    /// Sent answers still to be forgotten ([`Turns::answer_done`]).
    forgetting: Arc<Mutex<Forgetting>>,
    /// Each chat's last reading, the context of a follow-up.
    readings: Arc<crate::last_reading::LastReadings>,
}

#[derive(Default)]
struct Forgetting {
    sent: Vec<(ChatRef, u64)>,
    /// A blocking task is forgetting them (it takes what arrives meanwhile too).
    running: bool,
}

impl Turns {
    /// The bot these turns feed (a frontend's own events, such as a Discord thread opened
    /// again, act on its store).
    pub fn core(&self) -> &Arc<bot_core::Bot> {
        &self.core
    }

    /// `typing_after`: answers slower than this show "typing…" first (zero: always).
    pub fn new(
        core: Arc<bot_core::Bot>,
        sender: Arc<dyn Sender>,
        typing_after: Duration,
        platform: &'static str,
    ) -> Turns {
        crate::metrics::register_platform(platform);
        Turns {
            core,
            sender,
            typing_after,
            platform,
            keep: false,
            details: Arc::new(crate::details::Shelf::default()),
            forgetting: Arc::default(),
            readings: Arc::default(),
        }
    }

    /// For a platform that delivers an unconfirmed update again (Telegram): each update's
    /// answer is stored with its handled mark and forgotten once sent, so an update whose
    /// answer a crash or a stop cut off is answered after the restart, with the same answer.
    pub fn keeping_answers(mut self) -> Turns {
        self.keep = true;
        self
    }

    /// The send of `update`'s answer is over (sent, or failed past every retry and logged):
    /// bot-core need not keep it any more. The turn does not wait for that write: one
    /// blocking task forgets every answer sent meanwhile in one write that rides along with
    /// the next commit (a task and a write per update, awaited, held each chat's next update
    /// and a blocking thread for a durable commit: issue 28). A crash before it is written
    /// leaves a kept answer that is sent again only if the platform delivers its update again,
    /// as before; else it is pruned after a day.
    async fn answer_done(&self, who: ChatRef, update: Option<u64>) {
        let Some(id) = update.filter(|_| self.keep) else {
            return;
        };
        {
            let mut f = self
                .forgetting
                .lock()
                .unwrap_or_else(PoisonError::into_inner);
            f.sent.push((who, id));
            if f.running {
                return;
            }
            f.running = true;
        }
        let (core, forgetting, platform) =
            (self.core.clone(), self.forgetting.clone(), self.platform);
        tokio::task::spawn_blocking(move || {
            loop {
                let sent = {
                    let mut f = forgetting.lock().unwrap_or_else(PoisonError::into_inner);
                    if f.sent.is_empty() {
                        f.running = false;
                        return;
                    }
                    std::mem::take(&mut f.sent)
                };
                if let Err(e) = core.answers_sent(&sent) {
                    tracing::warn!(
                        "{platform}: forgetting {} sent answer(s) failed: {e}",
                        sent.len()
                    );
                }
            }
        });
    }

    /// The sender replies go through.
    pub fn sender(&self) -> &Arc<dyn Sender> {
        &self.sender
    }

    /// A typed line (a command or a free-text answer): every reply is sent to `to`.
    pub async fn text(&self, who: ChatRef, text: &str, to: &Address) -> Result<(), SendError> {
        self.text_update(who, text, to, None).await
    }

    /// [`Turns::text`] for platform update `update`: a re-delivered update (one bot-core
    /// already handled, before a crash) is skipped, so its effects and answers happen once.
    pub async fn text_update(
        &self,
        who: ChatRef,
        text: &str,
        to: &Address,
        update: Option<u64>,
    ) -> Result<(), SendError> {
        let arrived = Instant::now();
        let Some(answer) = self
            .answer_at(who.clone(), Input::Text(text.to_string()), to, update)
            .await
        else {
            return Ok(());
        };
        let sent = async {
            for reply in &answer.replies {
                self.sender.send(to, answer.lang, reply).await?;
            }
            Ok(())
        };
        let sent = sent.await;
        self.answer_done(who, update).await;
        self.measured(arrived, sent)
    }

    /// Counts a turn's latency (arrival to its last reply sent) and a send failure's kind.
    fn measured(&self, arrived: Instant, sent: Result<(), SendError>) -> Result<(), SendError> {
        crate::metrics::reply_latency(self.platform, arrived.elapsed());
        if let Err(e) = &sent {
            crate::metrics::error(self.platform, e.kind());
        }
        sent
    }

    /// A button press: the first reply replaces `carrier` (the message that had the buttons,
    /// when the platform still has it), the rest are sent after it.
    pub async fn choice(
        &self,
        who: ChatRef,
        choice: String,
        to: &Address,
        carrier: Option<&str>,
    ) -> Result<(), SendError> {
        self.choice_update(who, choice, to, carrier, None).await
    }

    /// [`Turns::choice`] for platform update `update` (see [`Turns::text_update`]).
    pub async fn choice_update(
        &self,
        who: ChatRef,
        choice: String,
        to: &Address,
        carrier: Option<&str>,
        update: Option<u64>,
    ) -> Result<(), SendError> {
        let arrived = Instant::now();
        let Some(answer) = self
            .answer_at(who.clone(), Input::Choice(choice), to, update)
            .await
        else {
            return Ok(());
        };
        let sent = async {
            let Some((first, rest)) = answer.replies.split_first() else {
                return Ok(());
            };
            match carrier {
                // A refusal of the per-user limit answers the press, never the step it
                // refused: edited in, it took the step's text and buttons, which the person
                // needs again once the wait is over. It comes as a message of its own.
                Some(_) if rate_limited(&answer) => {
                    self.sender.send(to, answer.lang, first).await?
                }
                Some(message) => {
                    self.sender
                        .edit_or_send(to, message, answer.lang, first)
                        .await?
                }
                None => self.sender.send(to, answer.lang, first).await?,
            }
            for reply in rest {
                self.sender.send(to, answer.lang, reply).await?;
            }
            Ok(())
        };
        let sent = sent.await;
        self.answer_done(who, update).await;
        self.measured(arrived, sent)
    }

    /// The language `who` is answered in, for notices outside a turn (an outdated button).
    pub async fn lang_for(&self, who: ChatRef) -> Lang {
        let core = self.core.clone();
        let fallback = Lang::from_locale(who.locale.as_deref());
        tokio::task::spawn_blocking(move || core.lang_for(&who))
            .await
            .unwrap_or(fallback)
    }

    /// Whether `who`, who is not the asker, may press `choice` on the asker's answer (bot-core's
    /// per-button rule: a button that changes the chat, pressed by one of its administrators),
    /// off the async threads (the administrator check may ask the platform).
    pub async fn may_press_for_asker(&self, who: ChatRef, choice: String) -> bool {
        let core = self.core.clone();
        tokio::task::spawn_blocking(move || core.may_press_for_asker(&who, &choice))
            .await
            .unwrap_or(false)
    }

    /// Runs bot-core off the async threads (it does blocking redb I/O) and shows "typing…" in
    /// `chat` if that takes longer than `typing_after`. A failure inside bot-core becomes a
    /// polite reply in the user's platform language rather than silence.
    pub async fn answer(&self, who: ChatRef, input: Input, chat: &str) -> Answer {
        self.answer_update(who, input, chat, None)
            .await
            .unwrap_or_else(|| Answer {
                lang: Lang::En,
                replies: Vec::new(),
            })
    }

    /// [`Turns::answer`], or `None` for an update that was handled before.
    pub async fn answer_update(
        &self,
        who: ChatRef,
        input: Input,
        chat: &str,
        update: Option<u64>,
    ) -> Option<Answer> {
        self.answer_at(who, input, &Address::chat(chat), update)
            .await
    }

    /// [`Turns::answer_update`] for an answer going to `to`: "typing…" shows where it will
    /// be posted (a forum topic's own header).
    async fn answer_at(
        &self,
        who: ChatRef,
        input: Input,
        to: &Address,
        update: Option<u64>,
    ) -> Option<Answer> {
        let chat = to.chat.as_str();
        if let Input::Choice(id) = &input
            && matches!(ChoiceId::parse(id), ChoiceId::Details(_))
        {
            let lang = self.lang_for(who.clone()).await;
            if let Some((lang, whole)) = self.details.open(chat, lang, id) {
                crate::metrics::update_handled(self.platform);
                return Some(Answer {
                    lang,
                    replies: vec![whole],
                });
            }
        }
        let core = self.core.clone();
        let fallback_lang = Lang::from_locale(who.locale.as_deref());
        let keep = self.keep;
        let readings = self.readings.clone();
        let last = readings.get(&who, Instant::now());
        let mut job = tokio::task::spawn_blocking(move || {
            let last = last.as_ref();
            let answered = match update {
                Some(id) if keep => core.handle_update_kept_after(&who, id, input, last),
                Some(id) => core.handle_update_after(&who, id, input, last),
                None => Some(core.handle_after(&who, input, last)),
            };
            answered.map(|(answer, read)| {
                if let Some(read) = read {
                    readings.put(&who, read, Instant::now());
                }
                answer
            })
        });
        let typing = async {
            if let Err(e) = self.sender.typing_at(to).await {
                crate::metrics::error(self.platform, "typing_failed");
                tracing::warn!("{}: typing action failed: {e}", self.platform);
            }
        };
        let done = if self.typing_after.is_zero() {
            typing.await;
            job.await
        } else {
            tokio::select! {
                done = &mut job => done,
                () = tokio::time::sleep(self.typing_after) => {
                    typing.await;
                    job.await
                }
            }
        };
        let answer = done.unwrap_or_else(|e| {
            crate::metrics::error(self.platform, "answer_panicked");
            tracing::error!("{}: answering failed: {e}", self.platform);
            Some(Answer {
                lang: fallback_lang,
                replies: vec![Reply::text(Msg::new(INTERNAL_ERROR))],
            })
        });
        let answer = answer.map(|a| Answer {
            lang: a.lang,
            replies: (a.replies.into_iter())
                .map(|r| self.details.offer(chat, a.lang, r))
                .collect(),
        });
        if let Some(answer) = &answer {
            self.counted(answer);
        }
        answer
    }

    /// Counts an answered update (every platform's, Discord's too) and a rate-limit refusal.
    fn counted(&self, answer: &Answer) {
        crate::metrics::update_handled(self.platform);
        // The notice only, as before: the silent rest of a flood is not counted.
        if !answer.replies.is_empty() && rate_limited(answer) {
            crate::metrics::rate_limited(self.platform);
        }
    }
}

/// Whether `answer` is bot-core's refusal under the per-user limit: its one-line notice, or
/// nothing at all (the rest of a flood within the window; bot-core answers nothing else with
/// no reply).
pub fn rate_limited(answer: &Answer) -> bool {
    answer.replies.is_empty()
        || answer.replies.iter().flat_map(|r| &r.parts).any(|p| {
            matches!(p, bot_core::reply::Part::Text(m) if m.id == bot_core::ratelimit::RATE_LIMITED)
        })
}
