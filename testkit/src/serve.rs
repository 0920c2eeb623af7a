//! Runs the real `gpuscout serve` binary for end-to-end tests: environment set explicitly
//! (no inherited tokens, proxies or catalog overrides), stderr captured to a file, stopped
//! with SIGTERM like a service manager would, or killed like a crash.

use crate::fake_discord::FakeDiscord;
use crate::fake_providers::FakeProviders;
use crate::fake_telegram::FakeTelegram;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

/// Variables that must not leak from the developer's environment into a test run.
const SCRUBBED: &[&str] = &[
    "TELEGRAM_BOT_TOKEN",
    "TELOXIDE_TOKEN",
    "TELEGRAM_API_URL",
    "TELOXIDE_API_URL",
    "TELEGRAM_WEBHOOK_URL",
    "TELEGRAM_WEBHOOK_SECRET",
    "TELEGRAM_WEBHOOK_LISTEN",
    "DISCORD_TOKEN",
    "DISCORD_BOT_TOKEN",
    "DISCORD_APPLICATION_ID",
    "DISCORD_PUBLIC_KEY",
    "DISCORD_API_URL",
    "DISCORD_GUILD_ID",
    "DISCORD_DEFER_AFTER_MS",
    "DISCORD_GATEWAY",
    "GPUSCOUT_HTTP_ADDR",
    "GPUSCOUT_CATALOG_DIR",
    "GPUSCOUT_VAST_URL",
    "GPUSCOUT_RUNPOD_URL",
    "GPUSCOUT_LAMBDA_URL",
    "GPUSCOUT_VAST_API_KEY",
    "GPUSCOUT_RUNPOD_API_KEY",
    "GPUSCOUT_LAMBDA_API_KEY",
    "HTTP_PROXY",
    "HTTPS_PROXY",
    "ALL_PROXY",
    "http_proxy",
    "https_proxy",
    "all_proxy",
];

/// What a test runs `serve` with: the fakes it talks to and any other variables, written
/// once here instead of in every test (`Serve::with(bin).telegram(&tg).provider("runpod",
/// &p).start(dir)`).
#[derive(Debug, Clone)]
pub struct Setup {
    bin: PathBuf,
    env: Vec<(&'static str, String)>,
}

impl Setup {
    /// One more variable (a later one of the same name wins, as in a shell).
    pub fn env(mut self, name: &'static str, value: impl Into<String>) -> Setup {
        self.env.push((name, value.into()));
        self
    }

    /// Several more variables.
    pub fn envs<'a>(mut self, vars: impl IntoIterator<Item = &'a (&'static str, String)>) -> Setup {
        self.env.extend(vars.into_iter().cloned());
        self
    }

    /// Telegram against the fake Bot API, with its token.
    pub fn telegram(self, fake: &FakeTelegram) -> Setup {
        self.env("TELEGRAM_BOT_TOKEN", crate::fake_telegram::TOKEN)
            .env("TELEGRAM_API_URL", fake.api_url())
    }

    /// Discord against the fake REST API in the fake's guild, with the interactions endpoint
    /// on the bot's HTTP server (any free port: read it with [`Serve::http_addr`]) checked
    /// against `public_key_hex` (an `Interactions`' key).
    pub fn discord(self, fake: &FakeDiscord, public_key_hex: &str) -> Setup {
        use crate::fake_discord::{APPLICATION_ID, GUILD_ID, TOKEN};
        self.env("DISCORD_BOT_TOKEN", TOKEN)
            .env("DISCORD_APPLICATION_ID", APPLICATION_ID.to_string())
            .env("DISCORD_PUBLIC_KEY", public_key_hex)
            .env("DISCORD_API_URL", fake.api_url())
            .env("DISCORD_GUILD_ID", GUILD_ID.to_string())
            .http()
    }

    /// The bot's HTTP server on any free loopback port.
    pub fn http(self) -> Setup {
        self.env("GPUSCOUT_HTTP_ADDR", "127.0.0.1:0")
    }

    /// Polls `provider` (`vast`, `runpod`, `lambda`) at the fake every second, with a short
    /// fetch timeout; the only provider polled.
    pub fn provider(self, provider: &'static str, fake: &FakeProviders) -> Setup {
        let var = match provider {
            "vast" => "GPUSCOUT_VAST_URL",
            "runpod" => "GPUSCOUT_RUNPOD_URL",
            "lambda" => "GPUSCOUT_LAMBDA_URL",
            other => panic!("no fake for provider {other}"),
        };
        self.env("GPUSCOUT_PROVIDERS", provider)
            .env(var, fake.url())
            .env("GPUSCOUT_POLL_INTERVAL", "1")
            .env("GPUSCOUT_FETCH_TIMEOUT", "5")
    }

    /// Starts `serve` in `data_dir`.
    pub fn start(self, data_dir: &Path) -> Serve {
        Serve::start(&self.bin, data_dir, &self.env)
    }

    /// Starts `serve` in `data_dir` and waits until it polls the fake Bot API (its Telegram
    /// frontend is up).
    pub fn start_polling(self, data_dir: &Path, fake: &FakeTelegram) -> Serve {
        let polls = fake.calls_of("getUpdates").len();
        let serve = self.start(data_dir);
        fake.wait_for_polling(polls + 1);
        serve
    }
}

pub struct Serve {
    child: Option<Child>,
    stderr_path: PathBuf,
    stdout_path: PathBuf,
}

impl Serve {
    /// A [`Setup`] for `bin` (`env!("CARGO_BIN_EXE_gpuscout")`) with no variables yet.
    pub fn with(bin: impl AsRef<Path>) -> Setup {
        Setup {
            bin: bin.as_ref().to_path_buf(),
            env: Vec::new(),
        }
    }

    /// Starts `<bin> --data-dir <data_dir> serve` with exactly these extra variables (`bin`:
    /// `env!("CARGO_BIN_EXE_gpuscout")` in the root package's tests).
    pub fn start(bin: impl AsRef<Path>, data_dir: &Path, env: &[(&str, String)]) -> Serve {
        let stderr_path = data_dir.join(format!(
            "serve-{}.stderr",
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .unwrap()
                .as_nanos()
        ));
        std::fs::create_dir_all(data_dir).unwrap();
        let stderr = std::fs::File::create(&stderr_path).unwrap();
        let stdout_path = stderr_path.with_extension("stdout");
        let stdout = std::fs::File::create(&stdout_path).unwrap();
        let mut cmd = Command::new(bin.as_ref());
        cmd.arg("--data-dir").arg(data_dir).arg("serve");
        for var in SCRUBBED {
            cmd.env_remove(var);
        }
        // No test reaches a real provider: polling is off unless a test turns it on.
        cmd.env("GPUSCOUT_PROVIDERS", "none")
            .env("NO_PROXY", "127.0.0.1,localhost")
            .env("LANG", "C")
            .envs(env.iter().map(|(k, v)| (*k, v.as_str())))
            .stdin(Stdio::null())
            .stdout(stdout)
            .stderr(stderr);
        let child = cmd.spawn().expect("gpuscout serve starts");
        Serve {
            child: Some(child),
            stderr_path,
            stdout_path,
        }
    }

    /// Everything the process has written to stdout and stderr so far.
    pub fn output(&self) -> String {
        let stdout = std::fs::read_to_string(&self.stdout_path).unwrap_or_default();
        format!("{stdout}{}", self.stderr())
    }

    /// The address the bot's HTTP server listens on, from its `http: listening on ADDR` log
    /// record (the message may follow a timestamp and a level); panics after `timeout`.
    pub fn http_addr(&self, timeout: Duration) -> std::net::SocketAddr {
        let deadline = Instant::now() + timeout;
        loop {
            let out = self.output();
            if let Some((_, addr)) = out
                .lines()
                .find_map(|l| l.split_once("http: listening on "))
                && let Ok(addr) = addr.trim().parse()
            {
                return addr;
            }
            assert!(Instant::now() < deadline, "serve did not listen:\n{out}");
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// The process id (to read its memory from /proc).
    pub fn pid(&self) -> u32 {
        self.child.as_ref().map_or(0, |c| c.id())
    }

    /// Whether the process is still running.
    pub fn running(&mut self) -> bool {
        self.child
            .as_mut()
            .is_some_and(|c| c.try_wait().ok().flatten().is_none())
    }

    /// Everything the process has written to stderr so far.
    pub fn stderr(&self) -> String {
        std::fs::read_to_string(&self.stderr_path).unwrap_or_default()
    }

    /// Waits for the process to exit on its own.
    pub fn wait(mut self, timeout: Duration) -> (ExitStatus, String) {
        let status = wait_for(self.child.as_mut().unwrap(), timeout);
        self.child = None;
        (status, self.stderr())
    }

    /// SIGTERM, then waits for a clean exit.
    pub fn stop(self) -> (ExitStatus, String) {
        self.stop_within(Duration::from_secs(40))
    }

    /// SIGTERM, then waits at most `timeout` for the exit (panics past it).
    pub fn stop_within(mut self, timeout: Duration) -> (ExitStatus, String) {
        let child = self.child.as_mut().unwrap();
        let ok = Command::new("kill")
            .arg("-TERM")
            .arg(child.id().to_string())
            .status()
            .expect("kill runs");
        assert!(ok.success());
        let status = wait_for(child, timeout);
        self.child = None;
        (status, self.stderr())
    }

    /// SIGKILL: a crash, with no chance to clean up.
    pub fn crash(mut self) -> String {
        if let Some(mut c) = self.child.take() {
            let _ = c.kill();
            let _ = c.wait();
        }
        self.stderr()
    }
}

fn wait_for(child: &mut Child, timeout: Duration) -> ExitStatus {
    let deadline = Instant::now() + timeout;
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status;
        }
        if Instant::now() >= deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("gpuscout serve did not exit within {timeout:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

impl Drop for Serve {
    fn drop(&mut self) {
        if let Some(mut c) = self.child.take() {
            let _ = c.kill();
            let _ = c.wait();
        }
    }
}
