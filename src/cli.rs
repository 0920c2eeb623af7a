//! Scriptable subcommands: JSON on stdout with `--json`, errors on stderr with exit 1.

use anyhow::{Result, bail};
use bot_core::catalog::NotFound;
use bot_core::{Catalog, Lang, Localizer};

fn not_found(nf: NotFound) -> anyhow::Error {
    let reply = bot_core::answer::common::not_found_reply(&nf);
    anyhow::anyhow!(
        Localizer::get()
            .render_plain(Lang::En, &reply)
            .replace('\n', " ")
    )
}

fn print_json(v: &impl serde::Serialize) -> Result<()> {
    println!("{}", serde_json::to_string_pretty(v)?);
    Ok(())
}

pub fn gpus(catalog: &Catalog, json: bool) -> Result<()> {
    if json {
        return print_json(&catalog.gpus);
    }
    for g in &catalog.gpus {
        println!(
            "{:<18} {:>6} GB  {:>6} GB/s  {:>7} TFLOPS  {}",
            g.id, g.vram_gb, g.mem_bandwidth_gbps, g.fp16_tflops, g.name
        );
    }
    Ok(())
}

pub fn gpu(catalog: &Catalog, name: &str, json: bool) -> Result<()> {
    let g = catalog.gpu(name).map_err(not_found)?;
    if json {
        return print_json(g);
    }
    println!("{} ({})", g.name, g.id);
    println!(
        "VRAM {} GB, {} GB/s, {} TFLOPS FP16/BF16 dense ({} accumulate)",
        g.vram_gb, g.mem_bandwidth_gbps, g.fp16_tflops, g.fp16_accumulate
    );
    println!("Interconnect: {}", g.interconnect);
    println!("Source: {} (as of {})", g.source, g.as_of);
    Ok(())
}

pub fn platforms(catalog: &Catalog, json: bool) -> Result<()> {
    if json {
        return print_json(&catalog.platforms);
    }
    for p in &catalog.platforms {
        println!("{:<14} {:<6} {:<4} {}", p.id, p.region, p.currency, p.name);
    }
    Ok(())
}

pub fn platform(catalog: &Catalog, name: &str, json: bool) -> Result<()> {
    let p = catalog.platform(name).map_err(not_found)?;
    if json {
        return print_json(p);
    }
    if p.id.is_empty() {
        bail!("platform without id");
    }
    println!(
        "{} ({}) — {} — prices in {}",
        p.name, p.id, p.region, p.currency
    );
    println!("Source: {} (as of {})", p.source, p.as_of);
    Ok(())
}
