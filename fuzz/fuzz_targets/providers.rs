//! The provider response parsers (Vast, RunPod, Lambda) on any body.
#![no_main]

use bot_core::Catalog;
use gpuscout_providers::lambda::Lambda;
use gpuscout_providers::runpod::RunPod;
use gpuscout_providers::vast::Vast;
use gpuscout_providers::{Adapter, Secret};
use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;

fn catalog() -> &'static Catalog {
    static C: OnceLock<Catalog> = OnceLock::new();
    C.get_or_init(|| Catalog::embedded().expect("the embedded catalog loads"))
}

fuzz_target!(|body: &[u8]| {
    let base = "http://127.0.0.1:9".to_string();
    let adapters: [Box<dyn Adapter>; 3] = [
        Box::new(Vast { base: base.clone(), key: None }),
        Box::new(RunPod { base: base.clone(), key: None }),
        Box::new(Lambda { base, key: Secret::new("k") }),
    ];
    for a in &adapters {
        let _ = a.parse(body, catalog(), 1_764_581_400);
    }
});
