//! Configuration from the environment, with the bot token kept out of every log line.

use gpuscout_frontend::pace::{Limits, Rate};
use std::fmt;
use std::net::SocketAddr;
use std::time::Duration;
use url::Url;

/// How long start-up rides out an outage by default.
pub const DEFAULT_STARTUP_TIMEOUT: Duration = Duration::from_secs(120);

/// Updates in flight at most, by default.
pub const DEFAULT_MAX_INFLIGHT: usize = 256;
/// Updates of one sender in a chat waiting at most, by default; more are skipped with one
/// notice.
pub const DEFAULT_MAX_PER_CHAT: usize = 8;

/// The official Bot API server.
pub const DEFAULT_API_URL: &str = "https://api.telegram.org";
/// Where the webhook server listens when `TELEGRAM_WEBHOOK_LISTEN` is not set.
pub const DEFAULT_WEBHOOK_LISTEN: &str = "0.0.0.0:8443";

/// The bot token: the workspace's one [`Secret`] type, which never prints itself.
pub type Token = bot_core::secret::Secret;

/// Removes secrets from text that may quote a request URL (HTTP client errors do): the token,
/// passwords in configured URLs, the webhook secret, and any `scheme://user:password@` form.
#[derive(Clone, Debug)]
pub struct Redactor {
    token: Token,
    /// Other secrets (URL passwords raw and percent-decoded, the webhook secret).
    others: Vec<Token>,
}

impl Redactor {
    pub fn new(token: &Token) -> Redactor {
        Redactor {
            token: token.clone(),
            others: Vec::new(),
        }
    }

    /// Everything secret in `config`.
    pub fn for_config(config: &Config) -> Redactor {
        let mut r = Redactor::new(&config.token);
        let mut urls = vec![&config.api_url];
        if let Mode::Webhook { url, secret, .. } = &config.mode {
            urls.push(url);
            if let Some(s) = secret {
                r.others.push(Token::new(s.clone()));
            }
        }
        for url in urls {
            if let Some(p) = url.password() {
                r.others.push(Token::new(p));
                let decoded = percent_decode(p);
                if decoded != p {
                    r.others.push(Token::new(decoded));
                }
            }
        }
        r.others.retain(|t| !t.expose().is_empty());
        r
    }

    pub fn clean(&self, text: &str) -> String {
        let secret = self.token.expose();
        let mut text = if secret.is_empty() {
            text.to_string()
        } else {
            text.replace(secret, "<token>")
        };
        for other in &self.others {
            text = text.replace(other.expose(), "<redacted>");
        }
        scrub_url_passwords(&text)
    }
}

/// `scheme://user:password@host` -> `scheme://user:<redacted>@host`, for URLs in any text.
pub fn scrub_url_passwords(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find("://") {
        let (head, tail) = rest.split_at(at + 3);
        out.push_str(head);
        // The authority ends at the first '/', whitespace, or closing bracket/quote.
        let end = tail
            .find(|c: char| c == '/' || c.is_whitespace() || matches!(c, ')' | '"' | '\'' | '>'))
            .unwrap_or(tail.len());
        let authority = &tail[..end];
        match (authority.rfind('@'), authority.find(':')) {
            (Some(at_sign), Some(colon)) if colon < at_sign => {
                out.push_str(&authority[..=colon]);
                out.push_str("<redacted>");
                out.push_str(&authority[at_sign..]);
            }
            _ => out.push_str(authority),
        }
        rest = &tail[end..];
    }
    out.push_str(rest);
    out
}

fn percent_decode(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| (b as char).to_digit(16);
        if bytes[i] == b'%'
            && let (Some(h), Some(l)) = (
                bytes.get(i + 1).and_then(|&b| hex(b)),
                bytes.get(i + 2).and_then(|&b| hex(b)),
            )
        {
            out.push((h * 16 + l) as u8);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8_lossy(&out).into_owned()
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

/// Everything the Telegram frontend needs to start. `Debug` shows no secret.
#[derive(Clone)]
pub struct Config {
    pub token: Token,
    /// Bot API server root (without `/bot<token>`).
    pub api_url: Url,
    pub mode: Mode,
    /// Send pacing (Telegram's published limits by default; see [`gpuscout_frontend::pace`]).
    pub limits: Limits,
    /// Show "typing…" when an answer takes longer than this.
    pub typing_after: Duration,
    /// How long start-up (getMe) keeps retrying through an outage before giving up
    /// (`TELEGRAM_STARTUP_TIMEOUT` seconds; default 120).
    pub startup_timeout: Duration,
    /// Updates accepted but not yet handled, at most (`TELEGRAM_MAX_INFLIGHT`; default 256).
    /// When full, polling pauses and the webhook answers 503.
    pub max_inflight: usize,
    /// Updates of one sender in a chat waiting behind the one it is answering, at most
    /// (`TELEGRAM_MAX_PER_CHAT`; default 8): one that floods past it has the excess
    /// skipped, with one notice to it a minute, so it cannot fill the shared
    /// `max_inflight`, nor hold up or crowd out the other members of its group.
    pub max_per_chat: usize,
    /// How long a stop may take (`serve` sets its `GPUSCOUT_STOP_DEADLINE`): accepted
    /// updates are answered for about half of it, then what has not started is left to
    /// Telegram to deliver again after the restart.
    pub stop_deadline: Duration,
}

impl fmt::Debug for Config {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let r = Redactor::for_config(self);
        let mode = match &self.mode {
            Mode::Polling => "polling".to_string(),
            Mode::Webhook { url, listen, .. } => {
                format!("webhook {} on {listen}", r.clean(url.as_str()))
            }
        };
        f.debug_struct("Config")
            .field("token", &self.token)
            .field("api_url", &r.clean(self.api_url.as_str()))
            .field("mode", &mode)
            .field("typing_after", &self.typing_after)
            .field("startup_timeout", &self.startup_timeout)
            .field("max_inflight", &self.max_inflight)
            .field("max_per_chat", &self.max_per_chat)
            .finish_non_exhaustive()
    }
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
            limits: Limits::TELEGRAM,
            typing_after: Duration::from_millis(700),
            startup_timeout: DEFAULT_STARTUP_TIMEOUT,
            max_inflight: DEFAULT_MAX_INFLIGHT,
            max_per_chat: DEFAULT_MAX_PER_CHAT,
            stop_deadline: Duration::from_secs(10),
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
            let mut url = Url::parse(&api).map_err(|e| ConfigError {
                var: "TELEGRAM_API_URL",
                // The URL parser's message never quotes the input, so no secret leaks here.
                problem: format!("not a URL ({e}); e.g. https://api.telegram.org"),
            })?;
            // A copy-paste of `…/bot<token>/` means the server root: the client adds that part.
            let bot_part = format!("/bot{}", config.token.expose());
            if let Some(at) = url.path().find(&bot_part) {
                let root = url.path()[..at].to_string();
                url.set_path(if root.is_empty() { "/" } else { &root });
            }
            config.api_url = url;
        }
        if let Some(t) = var("TELEGRAM_STARTUP_TIMEOUT") {
            config.startup_timeout = t
                .parse::<f64>()
                .ok()
                .filter(|s| s.is_finite() && *s >= 0.0 && *s <= 86_400.0)
                .map(Duration::from_secs_f64)
                .ok_or_else(|| ConfigError {
                    var: "TELEGRAM_STARTUP_TIMEOUT",
                    problem: format!("{t:?} is not a number of seconds (0-86400), e.g. 120"),
                })?;
        }
        if let Some(n) = var("TELEGRAM_MESSAGES_PER_SEC") {
            // Telegram allows more to bots with paid broadcasts; tests lift it entirely.
            let count = n
                .parse::<u32>()
                .ok()
                .filter(|n| *n >= 1)
                .ok_or_else(|| ConfigError {
                    var: "TELEGRAM_MESSAGES_PER_SEC",
                    problem: format!("{n:?} is not a whole number of messages per second, e.g. 30"),
                })?;
            config.limits.overall = Some(Rate::new(count, Duration::from_secs(1)));
        }
        // The alert pacing variables pace every message now: replies and alerts go through
        // one pacer, because Telegram counts them together.
        let number = |name: &'static str, n: String| -> Result<f64, ConfigError> {
            n.parse::<f64>()
                .ok()
                .filter(|f| f.is_finite() && *f >= 0.0)
                .ok_or_else(|| ConfigError {
                    var: name,
                    problem: format!("{n:?} is not a number of 0 or more"),
                })
        };
        if let Some(n) = var("GPUSCOUT_ALERT_RATE") {
            if var("TELEGRAM_MESSAGES_PER_SEC").is_some() {
                return Err(ConfigError {
                    var: "GPUSCOUT_ALERT_RATE",
                    problem: "set either this or TELEGRAM_MESSAGES_PER_SEC, not both".into(),
                });
            }
            let rate = number("GPUSCOUT_ALERT_RATE", n)?;
            if !(rate > 0.0 && rate <= 1e6) {
                return Err(ConfigError {
                    var: "GPUSCOUT_ALERT_RATE",
                    problem: "must be above 0 (messages per second)".into(),
                });
            }
            // Evenly spaced, as it always meant: one message every 1/rate seconds.
            config.limits.overall = Some(Rate::new(1, Duration::from_secs_f64(1.0 / rate)));
        }
        if let Some(n) = var("GPUSCOUT_ALERT_CHAT_GAP_MS") {
            let gap = Duration::from_millis(number("GPUSCOUT_ALERT_CHAT_GAP_MS", n)? as u64);
            config.limits.chat = (!gap.is_zero()).then_some(Rate::new(1, gap));
        }
        if let Some(n) = var("GPUSCOUT_ALERT_GROUP_PER_MIN") {
            let per_min = (number("GPUSCOUT_ALERT_GROUP_PER_MIN", n)? as u32).max(1);
            config.limits.group = Some(Rate::new(per_min, Duration::from_secs(60)));
        }
        if let Some(n) = var("TELEGRAM_MAX_INFLIGHT") {
            config.max_inflight = n
                .parse::<usize>()
                .ok()
                .filter(|n| (1..=100_000).contains(n))
                .ok_or_else(|| ConfigError {
                    var: "TELEGRAM_MAX_INFLIGHT",
                    problem: format!("{n:?} is not a count from 1 to 100000, e.g. 256"),
                })?;
        }
        if let Some(n) = var("TELEGRAM_MAX_PER_CHAT") {
            config.max_per_chat = n
                .parse::<usize>()
                .ok()
                .filter(|n| (1..=10_000).contains(n))
                .ok_or_else(|| ConfigError {
                    var: "TELEGRAM_MAX_PER_CHAT",
                    problem: format!("{n:?} is not a count from 1 to 10000, e.g. 8"),
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
    fn pacing_comes_from_the_environment() {
        let c = from(&[("TELEGRAM_BOT_TOKEN", "1:a")]).unwrap().unwrap();
        assert_eq!(c.limits, Limits::TELEGRAM);
        let c = from(&[
            ("TELEGRAM_BOT_TOKEN", "1:a"),
            ("GPUSCOUT_ALERT_RATE", "100"),
            ("GPUSCOUT_ALERT_CHAT_GAP_MS", "1000"),
            ("GPUSCOUT_ALERT_GROUP_PER_MIN", "20"),
        ])
        .unwrap()
        .unwrap();
        assert_eq!(
            c.limits,
            Limits {
                chat: Some(Rate::new(1, Duration::from_secs(1))),
                reply_burst: 1,
                group: Some(Rate::new(20, Duration::from_secs(60))),
                overall: Some(Rate::new(1, Duration::from_millis(10))),
            }
        );
        let c = from(&[
            ("TELEGRAM_BOT_TOKEN", "1:a"),
            ("GPUSCOUT_ALERT_CHAT_GAP_MS", "0"),
        ])
        .unwrap()
        .unwrap();
        assert_eq!(c.limits.chat, None);
        for bad in [
            vec![("GPUSCOUT_ALERT_RATE", "0")],
            vec![("GPUSCOUT_ALERT_RATE", "fast")],
            vec![("GPUSCOUT_ALERT_GROUP_PER_MIN", "-1")],
            vec![
                ("GPUSCOUT_ALERT_RATE", "5"),
                ("TELEGRAM_MESSAGES_PER_SEC", "5"),
            ],
        ] {
            let mut vars = vec![("TELEGRAM_BOT_TOKEN", "1:a")];
            vars.extend(bad.iter().copied());
            let e = from(&vars).unwrap_err();
            assert!(e.var.starts_with("GPUSCOUT_ALERT_"), "{e}");
        }
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

    #[test]
    fn url_passwords_and_a_pasted_bot_path_never_print() {
        let c = from(&[
            ("TELEGRAM_BOT_TOKEN", "123:SECRET"),
            (
                "TELEGRAM_API_URL",
                "http://proxy:pa%24%24word@127.0.0.1:1/bot123:SECRET/",
            ),
            (
                "TELEGRAM_WEBHOOK_URL",
                "https://u:hookpass@bot.example.com/tg",
            ),
            ("TELEGRAM_WEBHOOK_SECRET", "whsecret_1"),
        ])
        .unwrap()
        .unwrap();
        // The pasted `/bot<token>/` is dropped: the client adds it.
        assert_eq!(c.api_url.path(), "/");
        let shown = format!("{c:?}");
        for secret in ["SECRET", "pa%24%24word", "hookpass", "whsecret_1"] {
            assert!(!shown.contains(secret), "{secret} in {shown}");
        }
        let r = Redactor::for_config(&c);
        let line = r.clean(
            "error for url (http://proxy:pa%24%24word@127.0.0.1:1/bot123:SECRET/getMe): pa$$word whsecret_1",
        );
        assert!(
            !line.contains("SECRET") && !line.contains("pa$$word"),
            "{line}"
        );
        assert!(
            !line.contains("pa%24%24word") && !line.contains("whsecret_1"),
            "{line}"
        );
        assert_eq!(
            scrub_url_passwords("see https://a:b@h/x and http://h2/ and ftp://c:d@e"),
            "see https://a:<redacted>@h/x and http://h2/ and ftp://c:<redacted>@e"
        );
    }
}
