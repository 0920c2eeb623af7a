//! Configuration from the environment. The bot token never appears in a log line, an error
//! or a `Debug` (also not inside a URL: [`Redactor`] scrubs every text that may quote one).

use std::time::Duration;
use url::Url;

/// The official REST API, version 10.
pub const DEFAULT_API_URL: &str = "https://discord.com/api/v10";
/// How long an answer may take before the interaction is deferred (Discord allows 3 s).
pub const DEFAULT_DEFER_AFTER: Duration = Duration::from_millis(2000);
/// How long a stop may take when `serve` does not say.
pub const DEFAULT_STOP_DEADLINE: Duration = Duration::from_secs(10);

/// What `serve` says when Discord is not configured.
pub const OFF_NOTICE: &str = "discord: off (set DISCORD_BOT_TOKEN and DISCORD_APPLICATION_ID, \
                              and DISCORD_PUBLIC_KEY for the interactions endpoint, to turn it \
                              on); running the rest";

/// A secret (the bot token, an interaction token): the workspace's one type.
pub use bot_core::secret::Secret;

/// Removes the bot token (and the API URL's password, if any) from a text.
#[derive(Clone, Debug)]
pub struct Redactor {
    secrets: Vec<Secret>,
}

impl Redactor {
    pub fn new(secrets: impl IntoIterator<Item = Secret>) -> Redactor {
        Redactor {
            secrets: secrets
                .into_iter()
                .filter(|s| !s.expose().is_empty())
                .collect(),
        }
    }

    pub fn clean(&self, text: &str) -> String {
        let mut text = text.to_string();
        for s in &self.secrets {
            text = text.replace(s.expose(), "<redacted>");
        }
        text
    }
}

/// Everything the Discord frontend needs. `Debug` shows no secret.
#[derive(Clone, Debug)]
pub struct Config {
    pub token: Secret,
    pub application_id: u64,
    /// The application's Ed25519 public key (32 bytes, from 64 hex digits): the HTTP
    /// interactions endpoint runs only with it.
    pub public_key: Option<[u8; 32]>,
    /// Connect to the gateway (`DISCORD_GATEWAY`, on unless `off`): messages (DMs, mentions)
    /// and, when no endpoint URL is set in the Developer Portal, interactions arrive there.
    pub gateway: bool,
    /// REST API root, e.g. `https://discord.com/api/v10` (tests: a loopback fake).
    pub api_url: Url,
    /// Register the commands to this guild only (instant, for testing) instead of globally.
    pub guild_id: Option<u64>,
    /// Answers slower than this are deferred and followed up (`DISCORD_DEFER_AFTER_MS`).
    pub defer_after: Duration,
    /// How long a stop may take (`serve` sets its `GPUSCOUT_STOP_DEADLINE`): interactions
    /// taken before it are answered within it (their deferred answers and follow-ups).
    pub stop_deadline: Duration,
}

impl Config {
    /// `Ok(None)` when none of the required variables is set (Discord is off); an error that
    /// names the variable when the configuration is incomplete or malformed.
    pub fn from_env() -> Result<Option<Config>, ConfigError> {
        Config::from_vars(|k| std::env::var(k).ok().filter(|v| !v.trim().is_empty()))
    }

    /// [`Config::from_env`] over any source of variables (tests).
    pub fn from_vars(var: impl Fn(&str) -> Option<String>) -> Result<Option<Config>, ConfigError> {
        const REQUIRED: [&str; 2] = ["DISCORD_BOT_TOKEN", "DISCORD_APPLICATION_ID"];
        let values: Vec<Option<String>> = REQUIRED.iter().map(|k| var(k)).collect();
        let key = var("DISCORD_PUBLIC_KEY");
        if values.iter().all(Option::is_none) && key.is_none() {
            return Ok(None);
        }
        let missing: Vec<&str> = REQUIRED
            .iter()
            .zip(&values)
            .filter(|(_, v)| v.is_none())
            .map(|(k, _)| *k)
            .collect();
        if !missing.is_empty() {
            return Err(ConfigError(format!(
                "Discord is half configured: set {} too (or unset the DISCORD_* variables to \
                 run without Discord)",
                missing.join(", ")
            )));
        }
        let [token, app] = [0, 1].map(|i| values[i].clone().unwrap_or_default());
        let token = Secret::new(token.trim().trim_start_matches("Bot ").to_string());
        let application_id = snowflake("DISCORD_APPLICATION_ID", &app)?;
        let public_key = key
            .map(|key| {
                hex32(key.trim()).ok_or_else(|| {
                    ConfigError(
                        "DISCORD_PUBLIC_KEY must be the application's public key: 64 hex \
                         digits (Developer Portal → General Information)"
                            .into(),
                    )
                })
            })
            .transpose()?;
        let gateway = match var("DISCORD_GATEWAY").map(|v| v.trim().to_ascii_lowercase()) {
            None => true,
            Some(v) if ["on", "1", "true", "yes"].contains(&v.as_str()) => true,
            Some(v) if ["off", "0", "false", "no"].contains(&v.as_str()) => false,
            Some(v) => {
                return Err(ConfigError(format!(
                    "DISCORD_GATEWAY={v:?} must be on or off"
                )));
            }
        };
        if !gateway && public_key.is_none() {
            return Err(ConfigError(
                "with DISCORD_GATEWAY=off, interactions can only come to the HTTP endpoint: set \
                 DISCORD_PUBLIC_KEY (Developer Portal → General Information) or turn the \
                 gateway on"
                    .into(),
            ));
        }
        let api_url = match var("DISCORD_API_URL") {
            None => Url::parse(DEFAULT_API_URL).expect("valid default"),
            Some(s) => Url::parse(s.trim().trim_end_matches('/')).map_err(|e| {
                ConfigError(format!(
                    "DISCORD_API_URL is not a URL ({e}); e.g. {DEFAULT_API_URL}"
                ))
            })?,
        };
        let guild_id = var("DISCORD_GUILD_ID")
            .map(|g| snowflake("DISCORD_GUILD_ID", &g))
            .transpose()?;
        let defer_after = match var("DISCORD_DEFER_AFTER_MS") {
            None => DEFAULT_DEFER_AFTER,
            Some(ms) => ms
                .trim()
                .parse::<u64>()
                .ok()
                .filter(|ms| *ms <= 2500)
                .map(Duration::from_millis)
                .ok_or_else(|| {
                    ConfigError(format!(
                        "DISCORD_DEFER_AFTER_MS={ms:?} must be milliseconds from 0 to 2500"
                    ))
                })?,
        };
        Ok(Some(Config {
            token,
            application_id,
            public_key,
            gateway,
            api_url,
            guild_id,
            defer_after,
            stop_deadline: DEFAULT_STOP_DEADLINE,
        }))
    }

    /// Everything secret in this configuration.
    pub fn redactor(&self) -> Redactor {
        let mut secrets = vec![self.token.clone()];
        if let Some(p) = self.api_url.password() {
            secrets.push(Secret::new(p));
        }
        Redactor::new(secrets)
    }
}

/// A configuration mistake, said so that the operator knows what to fix. Never quotes a secret.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct ConfigError(String);

impl ConfigError {
    pub fn new(why: impl Into<String>) -> ConfigError {
        ConfigError(why.into())
    }
}

fn snowflake(var: &str, value: &str) -> Result<u64, ConfigError> {
    value.trim().parse::<u64>().map_err(|_| {
        ConfigError(format!(
            "{var}={value:?} is not a Discord id (a number, e.g. 1234567890123456789)"
        ))
    })
}

fn hex32(s: &str) -> Option<[u8; 32]> {
    if s.len() != 64 || !s.is_ascii() {
        return None;
    }
    let mut out = [0u8; 32];
    for (i, byte) in out.iter_mut().enumerate() {
        *byte = u8::from_str_radix(&s[2 * i..2 * i + 2], 16).ok()?;
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn from(pairs: &[(&str, &str)]) -> Result<Option<Config>, ConfigError> {
        let map: HashMap<String, String> = pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        Config::from_vars(|k| map.get(k).cloned())
    }

    const KEY: &str = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";

    #[test]
    fn nothing_set_is_off_and_half_set_names_what_is_missing() {
        assert!(from(&[]).unwrap().is_none());
        let e = from(&[("DISCORD_BOT_TOKEN", "sekrit.token")]).unwrap_err();
        assert!(e.to_string().contains("DISCORD_APPLICATION_ID"), "{e}");
        assert!(!e.to_string().contains("sekrit"), "{e}");
    }

    #[test]
    fn a_full_config_reads_and_never_shows_the_token() {
        let c = from(&[
            ("DISCORD_BOT_TOKEN", "sekrit.token"),
            ("DISCORD_APPLICATION_ID", "42"),
            ("DISCORD_PUBLIC_KEY", KEY),
            ("DISCORD_API_URL", "http://127.0.0.1:9/api/v10/"),
            ("DISCORD_GUILD_ID", "7"),
        ])
        .unwrap()
        .unwrap();
        assert_eq!(c.application_id, 42);
        assert_eq!(c.guild_id, Some(7));
        assert_eq!(c.public_key.map(|k| k[0]), Some(0x01));
        assert!(c.gateway, "the gateway is on unless turned off");
        assert_eq!(c.api_url.as_str(), "http://127.0.0.1:9/api/v10");
        let debug = format!("{c:?}");
        assert!(!debug.contains("sekrit"), "{debug}");
        assert_eq!(
            c.redactor().clean("GET /x?t=sekrit.token failed"),
            "GET /x?t=<redacted> failed"
        );
        let bad = from(&[
            ("DISCORD_BOT_TOKEN", "t"),
            ("DISCORD_APPLICATION_ID", "42"),
            ("DISCORD_PUBLIC_KEY", "nothex"),
        ]);
        assert!(bad.unwrap_err().to_string().contains("64 hex digits"));
    }

    #[test]
    fn gateway_or_endpoint_at_least_one_way_in() {
        let base = [("DISCORD_BOT_TOKEN", "t"), ("DISCORD_APPLICATION_ID", "42")];
        // Gateway only: no public key needed.
        let c = from(&base).unwrap().unwrap();
        assert!(c.gateway && c.public_key.is_none());
        // Endpoint only.
        let c = from(&[
            base[0],
            base[1],
            ("DISCORD_PUBLIC_KEY", KEY),
            ("DISCORD_GATEWAY", "off"),
        ])
        .unwrap()
        .unwrap();
        assert!(!c.gateway && c.public_key.is_some());
        // Neither: refused, saying what to set.
        let e = from(&[base[0], base[1], ("DISCORD_GATEWAY", "off")]).unwrap_err();
        assert!(e.to_string().contains("DISCORD_PUBLIC_KEY"), "{e}");
        let e = from(&[base[0], base[1], ("DISCORD_GATEWAY", "maybe")]).unwrap_err();
        assert!(e.to_string().contains("on or off"), "{e}");
        // A key alone is half a configuration.
        let e = from(&[("DISCORD_PUBLIC_KEY", KEY)]).unwrap_err();
        assert!(e.to_string().contains("DISCORD_BOT_TOKEN"), "{e}");
    }
}
