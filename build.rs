//! The release link of `gpuscout`: identical code folding (issue 28: binary size,
//! docs/performance.md §22). Generic code instantiated for many types often compiles to the
//! same machine code (serde's visitors for teloxide's and serenity's types, `Vec`/`Arc` drops);
//! lld's `--icf=all` keeps one copy of each such function. Rust does not promise distinct
//! addresses for distinct functions, and `--icf=all` folds code, not read-only data, so no
//! comparison the program makes changes.
//!
//! Only where the linker is lld: rustc ≥ 1.90 links x86_64-unknown-linux-gnu with its own lld
//! by default (GNU ld has no `--icf`). `GPUSCOUT_NO_ICF=1` leaves it out (another linker).

use std::process::Command;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-env-changed=GPUSCOUT_NO_ICF");
    let release = std::env::var("PROFILE").is_ok_and(|p| p == "release");
    let target = std::env::var("TARGET").unwrap_or_default();
    if release
        && target == "x86_64-unknown-linux-gnu"
        && std::env::var_os("GPUSCOUT_NO_ICF").is_none()
        && links_with_lld()
    {
        println!("cargo:rustc-link-arg-bins=-Wl,--icf=all");
    }
}

/// True for rustc 1.90 and later, whose default linker for this target is its own lld.
fn links_with_lld() -> bool {
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let Ok(out) = Command::new(rustc).arg("-V").output() else {
        return false;
    };
    // "rustc 1.95.0 (59807616e 2026-04-14)"
    String::from_utf8_lossy(&out.stdout)
        .split_whitespace()
        .nth(1)
        .and_then(|v| v.split('.').nth(1)?.parse::<u32>().ok())
        .is_some_and(|minor| minor >= 90)
}
