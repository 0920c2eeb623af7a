//! GPU Scout's Telegram frontend: turns Telegram updates into `bot_core` inputs and renders
//! the replies as Telegram messages. It decides nothing about GPUs, prices or fits.
//!
//! - Updates arrive by long polling (`getUpdates`) or, when `TELEGRAM_WEBHOOK_URL` is set, by
//!   webhook (an axum server that checks `X-Telegram-Bot-Api-Secret-Token`). See [`Config`].
//! - Messages in private chats, commands and replies-to-us in groups (`/cmd@OurBot` accepted,
//!   `/cmd@OtherBot` ignored), and commands posted in channels become [`bot_core::Input::Text`];
//!   inline-button presses become [`bot_core::Input::Choice`] ([`callback`]), are always
//!   answered, and edit the message that carried the buttons.
//! - Replies are rendered in HTML parse mode with every string escaped, split under 4096
//!   characters, tables in `<pre>` ([`render`]).
//! - Sends are paced by our own scheduler ([`gpuscout_frontend::pace`]: at once when a slot is
//!   free, exactly until the next one otherwise), which also waits out `RetryAfter`; edits and
//!   button answers retry `RetryAfter` themselves ([`sender`]). [`TelegramSender`] is Telegram's
//!   [`gpuscout_frontend::Sender`] and posts to any chat or channel by id (availability alerts
//!   use it).
//! - What every frontend shares (the per-turn glue, the choice-id codec, text packing) lives in
//!   `gpuscout_frontend`; this crate keeps only what is Telegram's: teloxide types, HTML,
//!   inline keyboards, the sender and the update handlers.
//!
//! **Dialogue state lives in bot-core, not in a teloxide `Storage`.** bot-core already keeps
//! each `/pick` conversation in its redb store keyed by (platform, chat, user), for every
//! frontend. A teloxide `Storage` would be a second copy of the same state, keyed only by chat
//! (two people in one group would share one dialogue), and would make the terminal, Discord
//! and Telegram disagree about where a conversation stands. This crate therefore passes the
//! chat and user ids through [`bot_core::ChatRef`] and lets bot-core load and save the step;
//! a restart resumes the conversation because the store is on disk.
//!
//! The bot token is never printed: [`config::Token`] redacts itself and every error we print
//! goes through [`config::Redactor`] (HTTP client errors quote the request URL, which
//! contains the token). We install no `log` backend, so teloxide's own log lines go nowhere.

pub mod admins;
pub mod callback;
pub mod config;
mod dm;
mod fetch;
mod gate;
mod handler;
mod inline;
mod lanes;
mod mention;
mod poll;
mod read;
pub mod render;
pub mod sender;
mod webhook;

pub use config::{Config, ConfigError, Mode, Token};
pub use sender::{SendError, TelegramSender};

use bot_core::commands::ALL as COMMANDS;
use bot_core::{Lang, Localizer, Msg};
use config::Redactor;
use futures_util::FutureExt;
use futures_util::future::BoxFuture;
use gpuscout_frontend::Turns;
use handler::App;
use std::fmt::Debug;
use std::future::Future;
use std::panic::AssertUnwindSafe;
use std::sync::Arc;
use std::time::Duration;
use teloxide::prelude::*;
use teloxide::types::{BotCommand, BotCommandScope};
use teloxide::{ApiError, RequestError};
use tokio_util::sync::CancellationToken;

/// What `gpuscout serve` prints when no token is configured.
pub const OFF_NOTICE: &str = "telegram: off — no TELEGRAM_BOT_TOKEN (or TELOXIDE_TOKEN) is set; \
set it to the token from @BotFather to run the Telegram bot";

/// Why the frontend could not run.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    #[error(
        "Telegram rejected the bot token (check TELEGRAM_BOT_TOKEN; @BotFather shows it with /token)"
    )]
    TokenRejected,
    #[error("cannot reach the Telegram Bot API at {api}: {detail}")]
    Unreachable { api: String, detail: String },
    #[error("cannot listen for webhooks on {addr}: {detail} (check TELEGRAM_WEBHOOK_LISTEN)")]
    Bind { addr: String, detail: String },
    #[error("Telegram refused the webhook: {0} (check TELEGRAM_WEBHOOK_URL)")]
    Webhook(String),
    #[error("cannot build the HTTP client: {0}")]
    Client(String),
}

/// How long a connection to the Bot API stays open unused.
const IDLE_CONNECTION_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(5);

/// The Telegram frontend: a configured client, its sender, and the update loop.
pub struct Telegram {
    config: Config,
    sender: TelegramSender,
    redactor: Redactor,
}

impl Telegram {
    /// Builds the client.
    pub fn new(config: Config) -> Result<Telegram, RunError> {
        let redactor = Redactor::for_config(&config);
        // A burst of replies (up to `max_inflight` at once) keeps its connections for the
        // next burst instead of closing all but 16 and connecting again (issue 28: a new
        // connection for every second update through `serve`); idle ones close after a few
        // seconds, so an idle bot holds none of them (the reason for the bound of 16).
        let client = teloxide::net::default_reqwest_settings()
            .pool_max_idle_per_host(
                config
                    .max_inflight
                    .max(gpuscout_frontend::IDLE_CONNECTIONS_PER_HOST),
            )
            .pool_idle_timeout(IDLE_CONNECTION_TIMEOUT)
            .build()
            .map_err(|e| RunError::Client(redactor.clean(&e.to_string())))?;
        let bot =
            Bot::with_client(config.token.expose(), client).set_api_url(config.api_url.clone());
        let pacer = Arc::new(gpuscout_frontend::Pacer::new(config.limits));
        Ok(Telegram {
            sender: TelegramSender::new(bot, pacer, redactor.clone()),
            config,
            redactor,
        })
    }

    /// A sender sharing this frontend's pacing, for alerts to chats and channels: at alert
    /// priority, so replies go first during a fan-out.
    pub fn sender(&self) -> TelegramSender {
        self.sender.for_alerts()
    }

    /// The sender replies go through (what the per-turn glue uses), sharing the same pacing.
    pub fn reply_sender(&self) -> TelegramSender {
        self.sender.clone()
    }

    /// Runs until `stop` is cancelled (Ctrl-C, SIGTERM, another part of `serve` ending) or
    /// the update source ends.
    ///
    /// `core` is shared with the other parts of `serve`; it needs no `bot_name`, because the
    /// handlers drop commands for other bots (`/cmd@OtherBot`) before bot-core sees them.
    pub async fn run(
        self,
        core: Arc<bot_core::Bot>,
        stop: CancellationToken,
    ) -> Result<(), RunError> {
        let bot = self.sender.bot().clone();
        self.sender.keep_moves_in(&core);
        // An outage at start-up is ridden out (with backoff, for `startup_timeout`); a stop
        // during the wait is a clean stop.
        let me = {
            let retry = Startup {
                stop: &stop,
                give_up_after: self.config.startup_timeout,
                redactor: &self.redactor,
            };
            match retry.run("getMe", || bot.get_me().send()).await {
                Ok(Some(me)) => me,
                Ok(None) => {
                    tracing::info!("telegram: stopped before start-up finished");
                    return Ok(());
                }
                Err(RequestError::Api(ApiError::InvalidToken)) => {
                    return Err(RunError::TokenRejected);
                }
                Err(other) => {
                    return Err(RunError::Unreachable {
                        api: self.redactor.clean(self.config.api_url.as_str()),
                        detail: self.redactor.clean(&other.to_string()),
                    });
                }
            }
        };
        let username = me.username().to_string();
        // The command menu is a nicety: registering it never delays answering or a stop.
        let menu = {
            let (bot, redactor, stop) = (bot.clone(), self.redactor.clone(), stop.clone());
            tokio::spawn(async move {
                tokio::select! {
                    () = register_commands(&bot, &redactor) => {}
                    () = stop.cancelled() => {}
                }
            })
        };

        let gate = gate::Gate::new(self.config.max_inflight);
        let acks = Arc::new(poll::Acks::new(core.store.clone()));
        let app = Arc::new(App {
            gate: gate.clone(),
            turns: Turns::new(
                core.clone(),
                Arc::new(self.sender.clone()),
                self.config.typing_after,
                "telegram",
            )
            .keeping_answers(),
            sender: self.sender.clone(),
            core: core.clone(),
            me: me.id,
            username: username.clone(),
        });
        let lanes = {
            let acks = acks.clone();
            lanes::Lanes::new(self.config.max_per_chat, move |upd: Update| {
                let (app, acks, id) = (app.clone(), acks.clone(), upd.id.0);
                Box::pin(async move {
                    // A panic ends this update, which then counts as answered: it would
                    // panic again after a restart.
                    let _ = AssertUnwindSafe(handler::handle(app, upd))
                        .catch_unwind()
                        .await;
                    acks.done(id);
                }) as BoxFuture<'static, ()>
            })
        };
        let intake = poll::Intake {
            lanes,
            gate: gate.clone(),
            acks,
            sender: self.sender.clone(),
            told: Default::default(),
        };

        let result = match &self.config.mode {
            config::Mode::Polling => {
                tracing::info!("telegram: running as @{username} (long polling)");
                let ended = poll::poll(&intake, &bot, &self.redactor, &stop).await;
                tracing::info!("telegram: stopping");
                poll::finish(&intake, &bot, &self.redactor, self.config.stop_deadline).await;
                match ended {
                    poll::Ended::Stopped => Ok(()),
                    poll::Ended::TokenRejected => Err(RunError::TokenRejected),
                }
            }
            config::Mode::Webhook {
                url,
                listen,
                secret,
            } => {
                tracing::info!("telegram: running as @{username} (webhook)");
                let hook = webhook::Hook {
                    url,
                    listen,
                    secret: secret.as_ref(),
                    deadline: self.config.stop_deadline,
                };
                webhook::run(&intake, &bot, hook, &self.redactor, &stop).await
            }
        };
        menu.abort();
        tracing::info!("telegram: stopped");
        result
    }
}

/// Start-up calls that must succeed before polling: retried with exponential backoff (and
/// Telegram's `retry_after`) until `give_up_after`, except a rejected token; `Ok(None)` when a
/// stop was asked for meanwhile.
struct Startup<'a> {
    stop: &'a CancellationToken,
    give_up_after: Duration,
    redactor: &'a Redactor,
}

impl Startup<'_> {
    async fn run<T, F, Fut>(&self, what: &str, mut call: F) -> Result<Option<T>, RequestError>
    where
        F: FnMut() -> Fut,
        Fut: Future<Output = Result<T, RequestError>>,
    {
        let started = tokio::time::Instant::now();
        let mut backoff = Duration::from_millis(500);
        loop {
            let result = tokio::select! {
                r = call() => r,
                () = self.stop.cancelled() => return Ok(None),
            };
            let error = match result {
                Ok(t) => return Ok(Some(t)),
                Err(e @ RequestError::Api(ApiError::InvalidToken)) => return Err(e),
                Err(e) => e,
            };
            let wait = match &error {
                RequestError::RetryAfter(after) => after.duration().max(backoff),
                _ => backoff,
            };
            if started.elapsed() + wait > self.give_up_after {
                return Err(error);
            }
            tracing::warn!(
                "telegram: {what} failed ({}); retrying in {:.1}s",
                self.redactor.clean(&error.to_string()),
                wait.as_secs_f64()
            );
            tokio::select! {
                () = tokio::time::sleep(wait) => {}
                () = self.stop.cancelled() => return Ok(None),
            }
            backoff = (backoff * 2).min(MAX_STARTUP_BACKOFF);
        }
    }
}

/// The longest wait between two start-up attempts.
const MAX_STARTUP_BACKOFF: Duration = Duration::from_secs(15);

/// The command menu in one language, generated from bot-core's command definitions
/// (descriptions from their Fluent `describe_id`s).
pub fn command_menu(lang: Lang) -> Vec<BotCommand> {
    COMMANDS
        .iter()
        .map(|spec| {
            let text = Localizer::get().format(lang, &Msg::new(spec.describe_id));
            let text: String = text.chars().take(256).collect();
            BotCommand::new(spec.name, text)
        })
        .collect()
}

/// `setMyCommands` for private chats and groups, in English (default) and Chinese (`zh`).
async fn register_commands(bot: &sender::TgBot, redactor: &Redactor) {
    for (lang, code) in [(Lang::En, None), (Lang::Zh, Some("zh"))] {
        for scope in [
            BotCommandScope::AllPrivateChats,
            BotCommandScope::AllGroupChats,
        ] {
            let mut req = bot.set_my_commands(command_menu(lang)).scope(scope);
            if let Some(code) = code {
                req = req.language_code(code);
            }
            if let Err(e) = sender::with_retry(&req).await {
                tracing::warn!(
                    "telegram: could not register the command menu: {}",
                    redactor.clean(&e.to_string())
                );
            }
        }
    }
}
