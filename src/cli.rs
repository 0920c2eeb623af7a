//! Scriptable catalog subcommands: JSON on stdout with `--json`, else the chat's `/gpus`, `/gpu`,
//! `/platforms`, `/platform` answer in English; errors on stderr with exit 1.

use anyhow::Result;
use bot_core::answer::catalog::{self as answer, View};
use bot_core::answer::common::not_found_reply;
use bot_core::catalog::NotFound;
use bot_core::{Catalog, Lang, Localizer, Reply};

fn not_found(nf: NotFound) -> anyhow::Error {
    let reply = not_found_reply(&nf);
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

fn print_reply(reply: &Reply) -> Result<()> {
    println!("{}", Localizer::get().render_plain(Lang::En, reply));
    Ok(())
}

fn view(catalog: &Catalog) -> View<'_> {
    View {
        catalog,
        lang: Lang::En,
        today: crate::today(),
    }
}

pub fn gpus(catalog: &Catalog, json: bool) -> Result<()> {
    if json {
        return print_json(&catalog.gpus);
    }
    print_reply(&answer::gpu_list(&view(catalog)))
}

pub fn gpu(catalog: &Catalog, name: &str, json: bool) -> Result<()> {
    let g = catalog.gpu(name).map_err(not_found)?;
    if json {
        return print_json(g);
    }
    print_reply(&answer::gpu_detail(&view(catalog), &g.id))
}

pub fn platforms(catalog: &Catalog, json: bool) -> Result<()> {
    if json {
        return print_json(&catalog.platforms);
    }
    print_reply(&answer::platform_list(&view(catalog)))
}

pub fn platform(catalog: &Catalog, name: &str, json: bool) -> Result<()> {
    let p = catalog.platform(name).map_err(not_found)?;
    if json {
        return print_json(p);
    }
    print_reply(&answer::platform_detail(&view(catalog), &p.id))
}
