//! The estimator's error by kind of job across every public table (fit_reference.toml and the
//! measured-memory TSVs, tuned and held out): for each basis (what the figure covers) and each
//! method, the mean, lowest and highest error. A bias shows here before it shows in one table.
//! Printed with `cargo test -p bot-core --test suite fit_reference::categories -- --nocapture`.

use super::public::{Outcome, parse, replay};
use bot_core::Catalog;
use bot_core::vram::{Quant, Task};
use std::collections::BTreeMap;

/// The basis a figure is on: `alloc` (tensors), `reserved` (the caching allocator's hold),
/// `smi` (the process as nvidia-smi shows it); weights-only and part figures are left out.
fn basis(measures: &str) -> Option<&'static str> {
    match measures {
        "allocated" | "alloc" | "alloc-sum" | "allocated-per-card" => Some("alloc"),
        "reserved" => Some("reserved"),
        "process" | "smi" => Some("smi"),
        _ => None,
    }
}

/// The method: inference in 16 bits, 8 bits or 4 bits; LoRA, Q-LoRA (4-bit base) or full
/// fine-tuning; MoE models apart.
fn method(catalog: &Catalog, model: &str, task: &str, quant: &str) -> String {
    let q: Quant = quant.parse().expect("quant");
    let t: Task = task.parse().expect("task");
    let moe = catalog.model(model).map(|m| m.experts > 0).unwrap_or(false);
    let bits = q.linear_bits();
    let prec = if bits >= 15.0 {
        "16-bit"
    } else if bits >= 7.0 {
        "8-bit"
    } else {
        "4-bit"
    };
    let m = match t {
        Task::Infer => format!("infer {prec}"),
        Task::Full => "full".to_string(),
        Task::Qlora => "qlora".to_string(),
        _ if prec == "4-bit" => "qlora".to_string(),
        _ => format!("lora {prec}"),
    };
    if moe { format!("{m} MoE") } else { m }
}

/// The shape of the job: batch ≥ 4 and context ≥ 32k are kinds of their own.
fn load(batch: u32, context: u32) -> &'static str {
    match (batch >= 4, context >= 32_768) {
        (_, true) => " ctx>=32k",
        (true, _) => " batch>=4",
        _ => "",
    }
}

#[test]
fn error_by_basis_and_method_across_all_tables() {
    let catalog = Catalog::embedded().unwrap();
    let mut cats: BTreeMap<String, Vec<f64>> = BTreeMap::new();
    let d = super::data();
    let archs: BTreeMap<_, _> = d
        .arch
        .iter()
        .map(|(k, a)| (k.clone(), super::arch_model(k, a)))
        .collect();
    for r in &d.row {
        let Some(b) = basis(&r.measures) else {
            continue;
        };
        let (_, est) = super::estimate_row(&catalog, &archs, r);
        let model = archs.get(&r.model).map(|_| "").unwrap_or(&r.model);
        let key = format!(
            "{b:8} {}{}",
            method(&catalog, model, &r.task, &r.quant),
            load(r.batch, r.context)
        );
        cats.entry(key)
            .or_default()
            .push((est - r.measured_gib) / r.measured_gib);
    }
    let tables = [
        include_str!("../../data/measured_memory.tsv"),
        include_str!("../../data/measured_memory_heldout.tsv"),
        include_str!("../../data/measured_memory_heldout2.tsv"),
        include_str!("../../data/measured_memory_heldout3.tsv"),
    ];
    for text in tables {
        for c in parse(text) {
            let Some(b) = basis(&c.basis) else {
                continue;
            };
            if let Outcome::Error(e, _) = replay(&catalog, &c) {
                let key = format!(
                    "{b:8} {}{}",
                    method(&catalog, &c.model, &c.task, &c.quant),
                    load(c.batch, c.context)
                );
                cats.entry(key).or_default().push(e);
            }
        }
    }
    let mut worst_bias: (f64, String) = (0.0, String::new());
    for (k, errs) in &cats {
        let n = errs.len() as f64;
        let mean = errs.iter().sum::<f64>() / n;
        let lo = errs.iter().cloned().fold(f64::INFINITY, f64::min);
        let hi = errs.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
        let within = errs.iter().filter(|e| e.abs() <= 0.15).count();
        let under = errs.iter().filter(|e| **e < -0.15).count();
        println!(
            "{k:32} {:3} rows  mean {:+6.1}%  min {:+6.1}%  max {:+6.1}%  within 15% {within:3}  under >15% {under}",
            errs.len(),
            mean * 100.0,
            lo * 100.0,
            hi * 100.0
        );
        if errs.len() >= 3 && mean.abs() > worst_bias.0.abs() {
            worst_bias = (mean, k.clone());
        }
    }
    println!(
        "largest mean bias (3+ rows): {} {:+.1}%",
        worst_bias.1,
        worst_bias.0 * 100.0
    );
    assert!(cats.len() >= 10, "every kind of job is scored");
}
