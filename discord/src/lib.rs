//! GPU Scout's Discord frontend: slash commands generated from bot-core's command table, the
//! HTTP interactions endpoint (`POST /discord/interactions`, Ed25519-verified), the `/pick`
//! dialogue on buttons and select menus, and a paced REST [`Rest`] sender.
//!
//! - [`commands`]: the table's rows as slash commands (typed options, zh-CN localizations,
//!   autocomplete from the catalog) and options back into the line bot-core parses;
//! - `interactions`: the one interaction handler, and the HTTP endpoint (signature and
//!   timestamp checks, PING, defer + follow-up);
//! - [`gateway`]: the serenity client: interactions into the same handler, messages (DMs,
//!   mentions, replies to us) into bot-core's understanding layer; reconnects with backoff;
//! - [`render`]: `Reply` -> embeds, code blocks, buttons; everything escaped, no mentions;
//! - [`rest`]: Discord's REST API paced per route, 429s honoured; the platform's `Sender`;
//! - [`config`]: the environment; the token never shown.
//!
//! What it is not: no grammar, prices or fits of its own (bot-core decides). Channel alerts
//! (`/subscribe`) post through [`Discord::sender`].

pub mod access;
mod buckets;
pub mod commands;
pub mod config;
pub mod gateway;
mod gateway_tap;
mod interactions;
mod mentions;
pub mod render;
pub mod rest;

pub use config::{Config, ConfigError, OFF_NOTICE};
pub use rest::Rest;

use gpuscout_frontend::{ChoiceData, Sender, Turns, choice::DISCORD_LIMIT};
use serenity::interactions_endpoint::Verifier;
use std::sync::Arc;
use std::time::Duration;
use tokio_util::sync::CancellationToken;

/// A component's `custom_id`: a versioned choice id within Discord's 100 bytes.
pub type ChoiceId = ChoiceData<DISCORD_LIMIT>;

/// Why the frontend stopped when Discord refused the bot token (revoked, reset or mistyped).
pub const TOKEN_REJECTED: &str = "Discord rejected the bot token (check DISCORD_BOT_TOKEN; the \
    Developer Portal's Bot page resets it); the Discord frontend stopped";

/// The longest wait between two registration attempts.
const MAX_BACKOFF: Duration = Duration::from_secs(300);

/// The Discord frontend, configured and sharing the one `Bot`: two ways in (the HTTP
/// endpoint, the gateway), one interaction handler.
pub struct Discord {
    config: Config,
    rest: Rest,
    endpoint: Option<Arc<interactions::Endpoint>>,
    gateway: Option<gateway::Gateway>,
    /// Interactions in hand, answered at a stop within the deadline.
    pending: interactions::Pending,
}

impl Discord {
    pub fn new(config: Config, core: Arc<bot_core::Bot>) -> Result<Discord, ConfigError> {
        let rest = Rest::new(&config).map_err(|e| ConfigError::new(e.to_string()))?;
        let sender: Arc<dyn Sender> = Arc::new(rest.clone());
        // Interactions have no "typing…"; Discord shows "thinking…" for a deferral instead.
        let turns = Turns::new(
            core.clone(),
            sender.clone(),
            Duration::from_secs(3600),
            "discord",
        );
        // Subscriptions in a channel need Manage Channels; the interaction says who has it.
        let access = Arc::new(access::DiscordAccess::default());
        core.access.register("discord", access.clone());
        let handler = Arc::new(interactions::Handler {
            access,
            turns,
            rest: rest.clone(),
            defer_after: config.defer_after,
            catalog: core.catalog.clone(),
            pending: interactions::Pending::default(),
        });
        let pending = handler.pending.clone();
        let endpoint = match config.public_key {
            None => None,
            Some(key) => Some(Arc::new(interactions::Endpoint {
                handler: handler.clone(),
                verifier: Verifier::try_new(key).map_err(|_| {
                    ConfigError::new("DISCORD_PUBLIC_KEY is not a valid Ed25519 key")
                })?,
            })),
        };
        let gateway = config.gateway.then(|| {
            let messages = Turns::new(core.clone(), sender, gateway::TYPING_AFTER, "discord");
            gateway::Gateway::new(&config, handler.clone(), messages)
        });
        Ok(Discord {
            config,
            rest,
            endpoint,
            gateway,
            pending,
        })
    }

    /// Whether the HTTP interactions endpoint runs (`DISCORD_PUBLIC_KEY` is set), so the bot's
    /// HTTP server must.
    pub fn has_endpoint(&self) -> bool {
        self.endpoint.is_some()
    }

    /// The routes to mount on the bot's HTTP server (`POST /discord/interactions`); none
    /// without a public key.
    pub fn routes(&self) -> axum::Router {
        match &self.endpoint {
            Some(e) => interactions::routes(e.clone()),
            None => axum::Router::new(),
        }
    }

    /// The platform's sender, for posting to a channel by id (alerts, at alert priority:
    /// replies go first).
    pub fn sender(&self) -> Arc<dyn Sender> {
        Arc::new(self.rest.for_alerts())
    }

    /// What `serve` prints at start.
    pub fn status(&self) -> String {
        let scope = match self.config.guild_id {
            Some(g) => format!("guild {g}"),
            None => "globally".to_string(),
        };
        let ways = match (self.gateway.is_some(), self.endpoint.is_some()) {
            (true, true) => "gateway on; interactions also at POST /discord/interactions",
            (true, false) => "gateway on; no interactions endpoint (DISCORD_PUBLIC_KEY unset)",
            (false, _) => {
                "gateway off (DISCORD_GATEWAY=off): interactions at POST \
                           /discord/interactions, no messages"
            }
        };
        format!(
            "discord: on (application {}, commands registered {scope}; {ways})",
            self.config.application_id
        )
    }

    /// Registers the slash commands (one bulk overwrite, retried with backoff while Discord
    /// is unreachable) and keeps the gateway connected, until the stop. Neither failing is
    /// fatal: the endpoint keeps answering commands registered before, and a gateway that
    /// cannot connect retries with backoff. Discord refusing the bot token itself (a 401 to
    /// the registration or the gateway URL, the gateway's close code 4004) is: no retry mends
    /// a revoked token, so the frontend stops with [`TOKEN_REJECTED`] (the token never shown),
    /// as Telegram's does.
    pub async fn run(mut self, stop: CancellationToken) -> Result<(), ConfigError> {
        let ours = stop.child_token();
        let gateway = self.gateway.take().map(|g| g.run(ours.clone()));
        let gateway = async {
            let r = match gateway {
                Some(g) => g.await,
                None => Ok(()),
            };
            if r.is_err() {
                ours.cancel();
            }
            r
        };
        let register = async {
            let r = self.register(ours.clone()).await;
            if r.is_err() {
                ours.cancel();
            }
            r
        };
        // The drain's clock starts at the stop, while the gateway's shard shuts down beside
        // it: serve aborts every part at the deadline, so the wait must end before that.
        let drain = async {
            ours.cancelled().await;
            self.drain().await;
        };
        let (registered, connected, ()) = tokio::join!(register, gateway, drain);
        registered.and(connected)
    }

    /// At a stop: interactions taken before it are answered within (most of) its deadline;
    /// the rest are given up here and their work dropped, not retried after the restart
    /// (nothing is kept, and Discord would refuse an interaction token past its window).
    async fn drain(&self) {
        let left = self.pending.count();
        if left > 0 {
            tracing::info!(
                "discord: answering {left} interaction(s) or message(s) in hand before stopping"
            );
        }
        let within = self.config.stop_deadline * 8 / 10;
        if tokio::time::timeout(within, self.pending.idle())
            .await
            .is_err()
        {
            tracing::warn!(
                "discord: {} interaction(s) or message(s) not answered by the stop deadline; given up",
                self.pending.count()
            );
        }
        // Whatever the gateway still hands over after the deadline is dropped as well.
        self.pending.give_up();
    }

    async fn register(&self, stop: CancellationToken) -> Result<(), ConfigError> {
        let commands = serde_json::to_value(commands::slash_commands())
            .map_err(|e| ConfigError::new(e.to_string()))?;
        let mut backoff = Duration::from_secs(1);
        loop {
            // The REST client retries an outage itself for a while: a stop does not wait it out.
            let attempt = self.rest.register_commands(&commands, self.config.guild_id);
            let result = tokio::select! {
                r = attempt => r,
                () = stop.cancelled() => return Ok(()),
            };
            match result {
                Ok(()) => {
                    tracing::info!(
                        "discord: registered {} slash commands",
                        commands.as_array().map_or(0, Vec::len)
                    );
                    return Ok(());
                }
                Err(e) if rest::token_refused(&e) => {
                    return Err(ConfigError::new(TOKEN_REJECTED));
                }
                Err(e) => {
                    tracing::warn!(
                        "discord: registering slash commands failed ({e}); retrying in {}s",
                        backoff.as_secs()
                    );
                    tokio::select! {
                        () = tokio::time::sleep(backoff) => {}
                        () = stop.cancelled() => return Ok(()),
                    }
                    backoff = (backoff * 2).min(MAX_BACKOFF);
                }
            }
        }
    }
}
