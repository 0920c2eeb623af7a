//! The command grammar and the plain-question reader on any UTF-8 line.
#![no_main]

use bot_core::{Catalog, command, understand};
use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;

fn catalog() -> &'static Catalog {
    static C: OnceLock<Catalog> = OnceLock::new();
    C.get_or_init(|| Catalog::load(None).expect("the embedded catalog loads"))
}

fuzz_target!(|line: &str| {
    let _ = command::parse(line, None);
    let _ = command::parse(line, Some("ScoutBot"));
    let _ = command::looks_like_command(line);
    let _ = command::for_another_bot(line, "ScoutBot");
    let _ = understand::read(catalog(), line);
});
