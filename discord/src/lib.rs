//! GPU Scout's Discord frontend: slash commands generated from bot-core's command table, the
//! HTTP interactions endpoint (`POST /discord/interactions`, Ed25519-verified), the `/pick`
//! dialogue on buttons and select menus, and a paced REST [`Rest`] sender.
//!
//! - [`commands`]: the table's rows as slash commands (typed options, zh-CN localizations,
//!   autocomplete from the catalog) and options back into the line bot-core parses;
//! - `interactions`: the endpoint (signature and timestamp checks, PING, defer + follow-up);
//! - [`render`]: `Reply` -> embeds, code blocks, buttons; everything escaped, no mentions;
//! - [`rest`]: Discord's REST API paced per route, 429s honoured; the platform's `Sender`;
//! - [`config`]: the environment; the token never shown.
//!
//! What it is not: no grammar, prices or fits of its own (bot-core decides), and no gateway
//! connection yet: interactions arrive over HTTP only. Channel alerts (`/subscribe`) will post
//! through [`Discord::sender`] once bot-core has subscriptions.

pub mod access;
pub mod commands;
pub mod config;
mod interactions;
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

/// The longest wait between two registration attempts.
const MAX_BACKOFF: Duration = Duration::from_secs(300);

/// The Discord frontend, configured and sharing the one `Bot`.
pub struct Discord {
    config: Config,
    rest: Rest,
    endpoint: Arc<interactions::Endpoint>,
}

impl Discord {
    pub fn new(config: Config, core: Arc<bot_core::Bot>) -> Result<Discord, ConfigError> {
        let rest = Rest::new(&config).map_err(|e| ConfigError::new(e.to_string()))?;
        let verifier = Verifier::try_new(config.public_key)
            .map_err(|_| ConfigError::new("DISCORD_PUBLIC_KEY is not a valid Ed25519 key"))?;
        let sender: Arc<dyn Sender> = Arc::new(rest.clone());
        // Interactions have no "typing…"; Discord shows "thinking…" for a deferral instead.
        let turns = Turns::new(core.clone(), sender, Duration::from_secs(3600), "discord");
        // Subscriptions in a channel need Manage Channels; the interaction says who has it.
        let access = Arc::new(access::DiscordAccess::default());
        core.access.register("discord", access.clone());
        let endpoint = Arc::new(interactions::Endpoint {
            access,
            turns,
            rest: rest.clone(),
            verifier,
            defer_after: config.defer_after,
            catalog: core.catalog.clone(),
        });
        Ok(Discord {
            config,
            rest,
            endpoint,
        })
    }

    /// The routes to mount on the bot's HTTP server (`POST /discord/interactions`).
    pub fn routes(&self) -> axum::Router {
        interactions::routes(self.endpoint.clone())
    }

    /// The platform's sender, for posting to a channel by id (alerts).
    pub fn sender(&self) -> Arc<dyn Sender> {
        Arc::new(self.rest.clone())
    }

    /// What `serve` prints at start.
    pub fn status(&self) -> String {
        let scope = match self.config.guild_id {
            Some(g) => format!("guild {g}"),
            None => "globally".to_string(),
        };
        format!(
            "discord: on (application {}, commands registered {scope}; interactions at \
             POST /discord/interactions)",
            self.config.application_id
        )
    }

    /// Registers the slash commands (one bulk overwrite, retried with backoff while Discord
    /// is unreachable), then waits for the stop. A registration that never succeeds is logged,
    /// never fatal: the endpoint keeps answering commands registered before.
    pub async fn run(self, stop: CancellationToken) -> Result<(), ConfigError> {
        let commands = serde_json::to_value(commands::slash_commands())
            .map_err(|e| ConfigError::new(e.to_string()))?;
        let mut backoff = Duration::from_secs(1);
        loop {
            match self
                .rest
                .register_commands(&commands, self.config.guild_id)
                .await
            {
                Ok(()) => {
                    eprintln!(
                        "discord: registered {} slash commands",
                        commands.as_array().map_or(0, Vec::len)
                    );
                    break;
                }
                Err(e) => {
                    eprintln!(
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
        stop.cancelled().await;
        Ok(())
    }
}
