//! Configuration from the environment, with the bot token kept out of every log line.

use std::fmt;
use std::net::SocketAddr;
use std::time::Duration;
use teloxide::adaptors::throttle::Limits;
use url::Url;

/// The official Bot API server.
pub const DEFAULT_API_URL: &str = "https://api.telegram.org";
/// Where the webhook server listens when `TELEGRAM_WEBHOOK_LISTEN` is not set.
pub const DEFAULT_WEBHOOK_LISTEN: &str = "0.0.0.0:8443";

/// The bot token. Its `Debug` and `Display` never show it.
#[derive(Clone, PartialEq, Eq)]
pub struct Token(String);

impl Token {
    pub fn new(token: impl Into<String>) -> Token {
        Token(token.into())
    }
    /// The secret itself, for the HTTP client only.
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Token(<redacted>)")
    }
}

impl fmt::Display for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("<redacted>")
    }
}

/// Removes the token from text that may quote a request URL (HTTP client errors do).
#[derive(Clone, Debug)]
pub struct Redactor {
    token: Token,
}

impl Redactor {
    pub fn new(token: &Token) -> Redactor {
        Redactor {
            token: token.clone(),
        }
    }
    pub fn clean(&self, text: &str) -> String {
        let secret = self.token.expose();
        if secret.is_empty() {
            return text.to_string();
        }
        text.replace(secret, "<token>")
    }
}

/// How updates reach us.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Mode {
    /// `getUpdates` long polling (the default).
    Polling,
    /// Telegram POSTs updates to `url`; we listen on `listen` and check the secret header.
    Webhook {
        url: Url,
        listen: SocketAddr,
        /// Sent to Telegram with `setWebhook` and required in `X-Telegram-Bot-Api-Secret-Token`.
        /// `None`: a random one is generated at start.
        secret: Option<String>,
    },
}

/// Everything the Telegram frontend needs to start.
#[derive(Clone, Debug)]
pub struct Config {
    pub token: Token,
    /// Bot API server root (without `/bot<token>`).
    pub api_url: Url,
    pub mode: Mode,
    /// Send pacing (Telegram's published limits by default).
    pub limits: Limits,
    /// Show "typing…" when an answer takes longer than this.
    pub typing_after: Duration,
}

/// A setting that cannot be used; the message says which variable and what to do.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{var}: {problem}")]
pub struct ConfigError {
    pub var: &'static str,
    pub problem: String,
}

impl Config {
    /// A polling configuration against the official API with default pacing.
    pub fn new(token: Token) -> Config {
        Config {
            token,
            api_url: Url::parse(DEFAULT_API_URL).expect("valid default URL"),
            mode: Mode::Polling,
            limits: Limits::default(),
            typing_after: Duration::from_millis(700),
        }
    }

    /// Reads the process environment. `Ok(None)`: no token, Telegram is off.
    pub fn from_env() -> Result<Option<Config>, ConfigError> {
        Config::from_vars(|name| std::env::var(name).ok())
    }

    /// Reads settings through `get` (the environment in production, a map in tests).
    ///
    /// `TELEGRAM_BOT_TOKEN` (or `TELOXIDE_TOKEN`), `TELEGRAM_API_URL` (or `TELOXIDE_API_URL`),
    /// `TELEGRAM_WEBHOOK_URL`, `TELEGRAM_WEBHOOK_SECRET`, `TELEGRAM_WEBHOOK_LISTEN`.
    pub fn from_vars(get: impl Fn(&str) -> Option<String>) -> Result<Option<Config>, ConfigError> {
        let var = |name: &str| {
            get(name)
                .map(|v| v.trim().to_string())
                .filter(|v| !v.is_empty())
        };
        let Some(token) = var("TELEGRAM_BOT_TOKEN").or_else(|| var("TELOXIDE_TOKEN")) else {
            return Ok(None);
        };
        if token.chars().any(|c| c.is_whitespace() || c == '/') {
            return Err(ConfigError {
                var: "TELEGRAM_BOT_TOKEN",
                problem: "this does not look like a bot token; copy it from @BotFather again"
                    .into(),
            });
        }
        let mut config = Config::new(Token::new(token));
        if let Some(api) = var("TELEGRAM_API_URL").or_else(|| var("TELOXIDE_API_URL")) {
            config.api_url = Url::parse(&api).map_err(|e| ConfigError {
                var: "TELEGRAM_API_URL",
                problem: format!("not a URL ({e}); e.g. https://api.telegram.org"),
            })?;
        }
        if let Some(hook) = var("TELEGRAM_WEBHOOK_URL") {
            let url = Url::parse(&hook).map_err(|e| ConfigError {
                var: "TELEGRAM_WEBHOOK_URL",
                problem: format!("not a URL ({e}); e.g. https://bot.example.com/telegram"),
            })?;
            let listen_text =
                var("TELEGRAM_WEBHOOK_LISTEN").unwrap_or_else(|| DEFAULT_WEBHOOK_LISTEN.into());
            let listen = listen_text.parse().map_err(|_| ConfigError {
                var: "TELEGRAM_WEBHOOK_LISTEN",
                problem: format!("{listen_text:?} is not an address; e.g. 0.0.0.0:8443"),
            })?;
            let secret = var("TELEGRAM_WEBHOOK_SECRET");
            if let Some(s) = &secret
                && (s.len() > 256
                    || !s
                        .bytes()
                        .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-'))
            {
                return Err(ConfigError {
                    var: "TELEGRAM_WEBHOOK_SECRET",
                    problem: "use 1-256 characters from A-Z, a-z, 0-9, _ and -".into(),
                });
            }
            config.mode = Mode::Webhook {
                url,
                listen,
                secret,
            };
        }
        Ok(Some(config))
    }
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

    #[test]
    fn no_token_means_telegram_is_off() {
        assert!(from(&[]).unwrap().is_none());
        assert!(from(&[("TELEGRAM_BOT_TOKEN", "  ")]).unwrap().is_none());
    }

    #[test]
    fn teloxide_names_are_accepted_and_ours_win() {
        let c = from(&[
            ("TELOXIDE_TOKEN", "1:a"),
            ("TELOXIDE_API_URL", "http://127.0.0.1:9"),
        ])
        .unwrap()
        .unwrap();
        assert_eq!(c.token.expose(), "1:a");
        assert_eq!(c.api_url.as_str(), "http://127.0.0.1:9/");
        let c = from(&[("TELOXIDE_TOKEN", "1:a"), ("TELEGRAM_BOT_TOKEN", "2:b")])
            .unwrap()
            .unwrap();
        assert_eq!(c.token.expose(), "2:b");
        assert_eq!(c.api_url.as_str(), "https://api.telegram.org/");
        assert_eq!(c.mode, Mode::Polling);
    }

    #[test]
    fn webhook_mode_when_url_is_set() {
        let c = from(&[
            ("TELEGRAM_BOT_TOKEN", "1:a"),
            ("TELEGRAM_WEBHOOK_URL", "https://bot.example.com/tg"),
            ("TELEGRAM_WEBHOOK_SECRET", "s3cret_-x"),
        ])
        .unwrap()
        .unwrap();
        let Mode::Webhook {
            url,
            listen,
            secret,
        } = c.mode
        else {
            panic!("expected webhook mode")
        };
        assert_eq!(url.path(), "/tg");
        assert_eq!(listen.port(), 8443);
        assert_eq!(secret.as_deref(), Some("s3cret_-x"));
        let bad = from(&[
            ("TELEGRAM_BOT_TOKEN", "1:a"),
            ("TELEGRAM_WEBHOOK_URL", "https://bot.example.com/tg"),
            ("TELEGRAM_WEBHOOK_SECRET", "no spaces allowed"),
        ]);
        assert_eq!(bad.unwrap_err().var, "TELEGRAM_WEBHOOK_SECRET");
    }

    #[test]
    fn the_token_never_prints() {
        let c = from(&[("TELEGRAM_BOT_TOKEN", "123:SECRET")])
            .unwrap()
            .unwrap();
        let shown = format!("{c:?} {}", c.token);
        assert!(!shown.contains("SECRET"), "{shown}");
        let r = Redactor::new(&c.token);
        assert_eq!(
            r.clean("error sending request for url (https://x/bot123:SECRET/getMe)"),
            "error sending request for url (https://x/bot<token>/getMe)"
        );
    }
}
