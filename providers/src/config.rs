//! Configuration from the environment. Keys are [`Secret`]s; base URLs default to the real
//! APIs, with the same paths, so a test points them at a loopback fake.
//!
//! | variable | default |
//! |---|---|
//! | `GPUSCOUT_VAST_URL`, `GPUSCOUT_RUNPOD_URL`, `GPUSCOUT_LAMBDA_URL` | the real APIs |
//! | `GPUSCOUT_VAST_API_KEY`, `GPUSCOUT_RUNPOD_API_KEY` (optional), `GPUSCOUT_LAMBDA_API_KEY` (Lambda is off without it) | unset |
//! | `GPUSCOUT_PROVIDERS`: comma list, or `none` | `vast,runpod,lambda` |
//! | `GPUSCOUT_POLL_INTERVAL`: seconds between polls of each provider | 900 |
//! | `GPUSCOUT_FETCH_TIMEOUT`: seconds one fetch may take | 20 |
//! | `GPUSCOUT_FX_URL`: the ECB daily rates file, or `none` | the ECB's; off with `GPUSCOUT_PROVIDERS=none` unless set |

use crate::lambda::Lambda;
use crate::runpod::RunPod;
use crate::vast::Vast;
use crate::{Adapter, Secret};
use std::sync::Arc;
use std::time::Duration;

pub const VAST_URL: &str = "https://console.vast.ai";
pub const RUNPOD_URL: &str = "https://api.runpod.io";
pub const LAMBDA_URL: &str = "https://cloud.lambda.ai";
pub const DEFAULT_INTERVAL: Duration = Duration::from_secs(900);
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(20);
/// The providers with adapters.
pub const ALL: &[&str] = &["vast", "runpod", "lambda"];
/// The shortest and longest poll interval or fetch timeout taken: below a millisecond a
/// figure is a typo that would poll a provider in a busy loop (a nanosecond rounds to none),
/// and past a year one that `Duration` may not even hold.
const SECONDS: std::ops::RangeInclusive<f64> = 0.001..=31_622_400.0;

/// A bad setting, named so the operator can fix it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ConfigError {
    #[error("{var}={value:?} is not a number of seconds from 0.001 to 31622400 (a year), e.g. 900")]
    Seconds { var: &'static str, value: String },
    #[error("{var} must be an http:// or https:// URL without a query (got {shown})")]
    Url { var: &'static str, shown: String },
    #[error("GPUSCOUT_PROVIDERS names `{0}`; known providers: vast, runpod, lambda (or `none`)")]
    UnknownProvider(String),
}

/// One provider's base URL and key.
#[derive(Clone, PartialEq, Eq)]
pub struct Endpoint {
    pub base: String,
    pub key: Option<Secret>,
}

impl std::fmt::Debug for Endpoint {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Endpoint")
            .field("base", &shown_url(&self.base))
            .field("key", &self.key.as_ref().map(|_| "<redacted>"))
            .finish()
    }
}

/// A URL for messages and stored sources: without `user:password@`, without its query and
/// fragment, and with any path segment that looks like a key (a long run mixing letters and
/// digits, or the segment after one named `token`, `key` …) replaced by `<redacted>`.
pub fn shown_url(url: &str) -> String {
    match url.split_once("://") {
        Some((scheme, rest)) => {
            let (host, path) = rest.split_at(rest.find('/').unwrap_or(rest.len()));
            let host = host.rsplit('@').next().unwrap_or(host);
            let path = path.split(['?', '#']).next().unwrap_or("");
            let mut after_word = false;
            let path: Vec<String> = path
                .split('/')
                .map(|seg| {
                    let hide =
                        (after_word && !seg.is_empty()) || bot_core::secret::scrub(seg, &[]) != seg;
                    after_word = bot_core::secret::is_credential_word(seg);
                    if hide {
                        "<redacted>".to_string()
                    } else {
                        seg.to_string()
                    }
                })
                .collect();
            format!("{scheme}://{host}{}", path.join("/"))
        }
        None => "<not a URL>".into(),
    }
}

#[derive(Clone, PartialEq, Eq)]
pub struct Config {
    pub vast: Endpoint,
    pub runpod: Endpoint,
    pub lambda: Endpoint,
    /// Providers asked for (before Lambda's key check).
    pub enabled: Vec<&'static str>,
    pub interval: Duration,
    pub timeout: Duration,
    /// The daily exchange-rate file (ECB XML); `None` = off.
    pub fx_url: Option<String>,
}

/// The rates feed's URL may hold credentials like any other: shown as [`shown_url`].
impl std::fmt::Debug for Config {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Config")
            .field("vast", &self.vast)
            .field("runpod", &self.runpod)
            .field("lambda", &self.lambda)
            .field("enabled", &self.enabled)
            .field("interval", &self.interval)
            .field("timeout", &self.timeout)
            .field("fx_url", &self.fx_url.as_deref().map(shown_url))
            .finish()
    }
}

impl Config {
    /// Reads the process environment.
    pub fn from_env() -> Result<Config, ConfigError> {
        Config::from_lookup(|k| std::env::var(k).ok())
    }

    /// Reads settings through `get` (tests pass a map).
    pub fn from_lookup(get: impl Fn(&str) -> Option<String>) -> Result<Config, ConfigError> {
        let key = |var: &str| {
            get(var)
                .map(|v| v.trim().to_string())
                .filter(|v| !v.is_empty())
                .map(Secret::new)
        };
        let url = |var: &'static str, default: &str| -> Result<String, ConfigError> {
            let v = get(var)
                .map(|v| v.trim().to_string())
                .filter(|v| !v.is_empty());
            let v = v.unwrap_or_else(|| default.to_string());
            let ok = (v.starts_with("http://") || v.starts_with("https://")) && !v.contains('?');
            if !ok {
                return Err(ConfigError::Url {
                    var,
                    shown: shown_url(&v),
                });
            }
            Ok(v.trim_end_matches('/').to_string())
        };
        let secs = |var: &'static str, default: Duration| -> Result<Duration, ConfigError> {
            match get(var) {
                None => Ok(default),
                Some(s) => s
                    .trim()
                    .parse::<f64>()
                    .ok()
                    .filter(|x| SECONDS.contains(x))
                    .map(Duration::from_secs_f64)
                    .ok_or(ConfigError::Seconds { var, value: s }),
            }
        };
        let enabled = match get("GPUSCOUT_PROVIDERS") {
            None => ALL.to_vec(),
            Some(list) if list.trim().eq_ignore_ascii_case("none") || list.trim().is_empty() => {
                Vec::new()
            }
            Some(list) => {
                let mut out = Vec::new();
                // A trailing comma or a doubled one names nothing.
                let names = list.split(',').map(|s| s.trim().to_ascii_lowercase());
                for name in names.filter(|n| !n.is_empty()) {
                    let known = ALL
                        .iter()
                        .find(|p| **p == name)
                        .ok_or_else(|| ConfigError::UnknownProvider(name.clone()))?;
                    if !out.contains(known) {
                        out.push(*known);
                    }
                }
                out
            }
        };
        let all_off = enabled.is_empty();
        Ok(Config {
            vast: Endpoint {
                base: url("GPUSCOUT_VAST_URL", VAST_URL)?,
                key: key("GPUSCOUT_VAST_API_KEY"),
            },
            runpod: Endpoint {
                base: url("GPUSCOUT_RUNPOD_URL", RUNPOD_URL)?,
                key: key("GPUSCOUT_RUNPOD_API_KEY"),
            },
            lambda: Endpoint {
                base: url("GPUSCOUT_LAMBDA_URL", LAMBDA_URL)?,
                key: key("GPUSCOUT_LAMBDA_API_KEY"),
            },
            enabled,
            fx_url: match get("GPUSCOUT_FX_URL").map(|v| v.trim().to_string()) {
                Some(v) if v.eq_ignore_ascii_case("none") => None,
                Some(v) if !v.is_empty() => Some(url("GPUSCOUT_FX_URL", &v)?),
                // With every feed off (tests, offline use), the rates feed is off too.
                _ if all_off => None,
                _ => Some(crate::fx::ECB_URL.to_string()),
            },
            interval: secs("GPUSCOUT_POLL_INTERVAL", DEFAULT_INTERVAL)?,
            timeout: secs("GPUSCOUT_FETCH_TIMEOUT", DEFAULT_TIMEOUT)?,
        })
    }

    /// The adapters that will run, and a line for each provider that will not, saying why.
    pub fn adapters(&self) -> (Vec<Arc<dyn Adapter>>, Vec<String>) {
        let mut on: Vec<Arc<dyn Adapter>> = Vec::new();
        let mut off = Vec::new();
        for p in ALL {
            if !self.enabled.contains(p) {
                off.push(format!("{p}: off (not in GPUSCOUT_PROVIDERS)"));
                continue;
            }
            match *p {
                "vast" => on.push(Arc::new(Vast {
                    base: self.vast.base.clone(),
                    key: self.vast.key.clone(),
                })),
                "runpod" => on.push(Arc::new(RunPod {
                    base: self.runpod.base.clone(),
                    key: self.runpod.key.clone(),
                })),
                _ => match &self.lambda.key {
                    Some(key) => on.push(Arc::new(Lambda {
                        base: self.lambda.base.clone(),
                        key: key.clone(),
                    })),
                    None => off.push("lambda: off (set GPUSCOUT_LAMBDA_API_KEY)".into()),
                },
            }
        }
        (on, off)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn cfg(vars: &[(&str, &str)]) -> Result<Config, ConfigError> {
        let m: HashMap<String, String> = vars
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        Config::from_lookup(|k| m.get(k).cloned())
    }

    #[test]
    fn defaults_are_the_real_apis_and_lambda_is_off_without_a_key() {
        let c = cfg(&[]).unwrap();
        assert_eq!(c.vast.base, VAST_URL);
        assert_eq!(c.interval, DEFAULT_INTERVAL);
        let (on, off) = c.adapters();
        let names: Vec<&str> = on.iter().map(|a| a.provider()).collect();
        assert_eq!(names, ["vast", "runpod"]);
        assert!(off[0].contains("GPUSCOUT_LAMBDA_API_KEY"));
        assert!(
            cfg(&[("GPUSCOUT_PROVIDERS", "none")])
                .unwrap()
                .adapters()
                .0
                .is_empty()
        );
    }

    #[test]
    fn bad_settings_are_named_and_keys_never_print() {
        assert!(matches!(
            cfg(&[("GPUSCOUT_POLL_INTERVAL", "soon")]),
            Err(ConfigError::Seconds { .. })
        ));
        assert!(matches!(
            cfg(&[("GPUSCOUT_PROVIDERS", "vast,azure")]),
            Err(ConfigError::UnknownProvider(_))
        ));
        let e = cfg(&[(
            "GPUSCOUT_VAST_URL",
            "ftp://user:hunter2@host/x?api_key=hunter2",
        )])
        .unwrap_err();
        assert!(!e.to_string().contains("hunter2"), "{e}");
        let c = cfg(&[
            ("GPUSCOUT_LAMBDA_API_KEY", "secret_lambda_key"),
            ("GPUSCOUT_RUNPOD_URL", "http://me:hunter2@127.0.0.1:9/"),
        ])
        .unwrap();
        let debug = format!("{c:?}");
        assert!(
            !debug.contains("secret_lambda_key") && !debug.contains("hunter2"),
            "{debug}"
        );
        assert_eq!(c.runpod.base, "http://me:hunter2@127.0.0.1:9");
        assert_eq!(c.adapters().0.len(), 3);
    }

    #[test]
    fn the_rates_feed_defaults_to_the_ecb_and_follows_none() {
        assert_eq!(
            cfg(&[]).unwrap().fx_url.as_deref(),
            Some(crate::fx::ECB_URL)
        );
        assert_eq!(cfg(&[("GPUSCOUT_PROVIDERS", "none")]).unwrap().fx_url, None);
        assert_eq!(cfg(&[("GPUSCOUT_FX_URL", "none")]).unwrap().fx_url, None);
        let c = cfg(&[
            ("GPUSCOUT_PROVIDERS", "none"),
            ("GPUSCOUT_FX_URL", "http://127.0.0.1:9/eurofxref-daily.xml"),
        ])
        .unwrap();
        assert_eq!(
            c.fx_url.as_deref(),
            Some("http://127.0.0.1:9/eurofxref-daily.xml")
        );
        assert!(cfg(&[("GPUSCOUT_FX_URL", "file:///etc/passwd")]).is_err());
    }

    #[test]
    fn shown_urls_lose_credentials_queries_and_key_like_path_segments() {
        let key = "a8f5f167f44f4964e6c998dee827110c";
        assert_eq!(
            shown_url(&format!(
                "https://u:p@fx.example/{key}/eurofxref-daily.xml?k={key}#x"
            )),
            "https://fx.example/<redacted>/eurofxref-daily.xml"
        );
        assert_eq!(
            shown_url("http://127.0.0.1:9/token/hunter22/runpod.csv"),
            "http://127.0.0.1:9/token/<redacted>/runpod.csv"
        );
        let plain = "https://raw.githubusercontent.com/skypilot-org/skypilot-catalog/master/catalogs/v5/lambda/vms.csv";
        assert_eq!(shown_url(plain), plain);
        assert_eq!(shown_url(crate::fx::ECB_URL), crate::fx::ECB_URL);
        // A key in the FX URL's path never reaches the config error either.
        let e = cfg(&[("GPUSCOUT_FX_URL", &format!("ftp://fx.example/{key}/f.xml"))]).unwrap_err();
        assert!(!e.to_string().contains(key), "{e}");
    }
}
