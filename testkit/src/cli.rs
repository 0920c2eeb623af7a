//! Runs the `gpuscout` binary once, as a script or a person at a terminal would.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// What one run printed and whether it succeeded.
pub struct Run {
    pub ok: bool,
    pub stdout: String,
    pub stderr: String,
}

/// The `gpuscout` binary under test (in the root package's tests:
/// `Cli::new(env!("CARGO_BIN_EXE_gpuscout"))`).
#[derive(Debug, Clone)]
pub struct Cli {
    bin: PathBuf,
}

impl Cli {
    pub fn new(bin: impl Into<PathBuf>) -> Cli {
        Cli { bin: bin.into() }
    }

    /// Runs `gpuscout --data-dir DIR ARGS...` with `stdin` piped in. "Today" is pinned to
    /// 2026-11-30 so staleness labels do not drift, and no catalog override leaks in.
    pub fn run_in(&self, data_dir: &Path, args: &[&str], stdin: &str) -> Run {
        let mut child = Command::new(&self.bin)
            .arg("--data-dir")
            .arg(data_dir)
            .args(args)
            .env_remove("GPUSCOUT_CATALOG_DIR")
            .env("GPUSCOUT_TODAY", "2026-11-30")
            .env("LANG", "C")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the gpuscout binary runs");
        child
            .stdin
            .take()
            .unwrap()
            .write_all(stdin.as_bytes())
            .unwrap();
        let out = child.wait_with_output().unwrap();
        Run {
            ok: out.status.success(),
            stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        }
    }

    /// Runs with a fresh data directory and no input.
    pub fn run(&self, args: &[&str]) -> Run {
        let dir = tempfile::tempdir().unwrap();
        self.run_in(dir.path(), args, "")
    }

    /// Runs independent commands side by side, each with a fresh data directory and no
    /// input; the runs come back in the order given. For tests that check many one-shot
    /// calls: each is a process of its own either way.
    pub fn run_all(&self, calls: &[Vec<&str>]) -> Vec<Run> {
        std::thread::scope(|s| {
            let runs: Vec<_> = calls
                .iter()
                .map(|args| s.spawn(move || self.run(args)))
                .collect();
            runs.into_iter().map(|r| r.join().unwrap()).collect()
        })
    }

    /// Runs a `--json` command that must succeed and parses its output.
    pub fn json(&self, args: &[&str]) -> serde_json::Value {
        let r = self.run(args);
        assert!(r.ok, "{args:?} failed: {}", r.stderr);
        serde_json::from_str(&r.stdout).unwrap_or_else(|e| panic!("{e}: {}", r.stdout))
    }
}
