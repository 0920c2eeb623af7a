//! Scriptable catalog subcommands: JSON on stdout with `--json`, else the chat's `/gpus`, `/gpu`,
//! `/platforms`, `/platform` answer in English; errors on stderr with exit 1.

use anyhow::Result;
use anyhow::bail;
use bot_core::answer::catalog::{self as answer, View};
use bot_core::answer::common::not_found_reply;
use bot_core::catalog::NotFound;
use bot_core::{Catalog, Lang, Localizer, Reply};
use std::path::Path;

/// A reply as the CLI prints it: English, no markup.
pub(crate) fn plain(reply: &Reply) -> String {
    Localizer::get().render_plain(Lang::En, reply)
}

/// The context CLI commands answer in: the terminal user, English, US dollars.
pub(crate) fn ctx<'a>(
    catalog: &'a Catalog,
    store: &'a bot_core::Store,
    who: &'a bot_core::ChatRef,
) -> bot_core::context::Ctx<'a> {
    bot_core::context::Ctx {
        catalog,
        store,
        who,
        lang: Lang::En,
        currency: "USD".into(),
        bare_currency: "USD".into(),
        today: crate::today(),
        is_operator: false,
    }
}

fn not_found(nf: NotFound) -> anyhow::Error {
    let reply = not_found_reply(&nf);
    anyhow::anyhow!(
        Localizer::get()
            .render_plain(Lang::En, &reply)
            .replace('\n', " ")
    )
}

fn print_json(v: &impl serde::Serialize) -> Result<()> {
    outln!("{}", serde_json::to_string_pretty(v)?)?;
    Ok(())
}

fn print_reply(reply: &Reply) -> Result<()> {
    outln!("{}", Localizer::get().render_plain(Lang::En, reply))?;
    Ok(())
}

fn view(catalog: &Catalog) -> View<'_> {
    View {
        catalog,
        lang: Lang::En,
        today: crate::today(),
        currency: "USD",
    }
}

pub fn gpus(catalog: &Catalog, json: bool) -> Result<()> {
    if json {
        return print_json(&catalog.gpus);
    }
    print_reply(&answer::gpu_list(&view(catalog)))
}

pub fn gpu(catalog: &Catalog, name: &str, json: bool) -> Result<()> {
    // `gpuscout gpu g5.xlarge`: a cloud instance type is the card it holds; the answer says
    // which instance it was read from.
    let instance = catalog
        .find_gpu(name)
        .is_none()
        .then(|| catalog.instance(name))
        .flatten();
    let g = match &instance {
        Some(read) => catalog.gpu(read.gpu),
        None => catalog.gpu(name),
    }
    .map_err(not_found)?;
    if json {
        return print_json(g);
    }
    let shown = if instance.is_some() { name } else { &g.id };
    print_reply(&answer::gpu_detail(&view(catalog), shown))
}

pub fn platforms(catalog: &Catalog, needs: &[String], json: bool) -> Result<()> {
    let words = needs.join(" ");
    let needs = bot_core::answer::platform_filter::parse_needs(&words)
        .map_err(|w| anyhow::anyhow!("`{w}` is not a filter"))?;
    if needs.is_empty() {
        if json {
            return print_json(&catalog.platforms);
        }
        return print_reply(&answer::platform_list(&view(catalog)));
    }
    if json {
        let (known, unsure, left_out) =
            bot_core::answer::platform_filter::filter(&catalog.platforms, &needs);
        return print_json(&serde_json::json!({
            "known": known.iter().map(|p| &p.id).collect::<Vec<_>>(),
            "unknown": unsure
                .iter()
                .map(|(p, k)| serde_json::json!({"id": p.id, "unknown": k}))
                .collect::<Vec<_>>(),
            "left_out": left_out,
        }));
    }
    print_reply(&bot_core::answer::platform_filter::filtered_list(
        &view(catalog),
        &needs,
    ))
}

pub fn platform(catalog: &Catalog, name: &str, json: bool) -> Result<()> {
    let p = catalog.platform(name).map_err(not_found)?;
    if json {
        return print_json(p);
    }
    print_reply(&answer::platform_detail(&view(catalog), &p.id))
}

/// `gpuscout db check`: exit 0 when every page and entry reads.
pub fn db_check(path: &Path) -> Result<()> {
    let r = bot_core::store::check(path)?;
    outln!(
        "{}: schema {}, every page verified",
        path.display(),
        r.schema_version
    )?;
    for (table, n) in &r.tables {
        outln!("  {table:<14} {n} entries")?;
    }
    if r.needs_repair {
        outln!(
            "It was not shut down cleanly; the next start repairs it in place (no copy of the file)."
        )?;
    }
    if r.unreadable_values > 0 {
        bail!(
            "{} stored values are not valid JSON; run `gpuscout db repair`",
            r.unreadable_values
        );
    }
    Ok(())
}

/// `gpuscout db repair`: keeps what can be read; the damaged file stays next to it.
pub fn db_repair(path: &Path) -> Result<()> {
    match bot_core::store::repair(path)? {
        bot_core::store::RepairReport::Healthy(_) => {
            outln!("{}: healthy; nothing to repair.", path.display())?;
        }
        bot_core::store::RepairReport::Rebuilt {
            moved_to,
            kept,
            lost_tables,
        } => {
            outln!(
                "{}: rebuilt. The damaged file is kept as {}.",
                path.display(),
                moved_to.display()
            )?;
            for (table, n) in &kept {
                outln!("  {table:<14} {n} entries kept")?;
            }
            if !lost_tables.is_empty() {
                outln!("  could not read: {}", lost_tables.join(", "))?;
            }
        }
    }
    Ok(())
}

/// `gpuscout db reset`: moves the file aside; the next start creates an empty one.
pub fn db_reset(path: &Path) -> Result<()> {
    match bot_core::store::reset(path)? {
        Some(to) => outln!(
            "{} moved to {}; the next start begins with an empty database.",
            path.display(),
            to.display()
        )?,
        None => outln!("{}: no database here; nothing to reset.", path.display())?,
    }
    Ok(())
}

/// The chat's messages name chat options (`fx=RATE`); on the command line the same thing is
/// a flag, so errors and notes name the flag that exists.
pub fn cli_words(text: &str) -> String {
    const FLAGS: &[(&str, &str)] = &[
        ("fx=RATE", "--fx-rate RATE"),
        ("tps=TOKENS_PER_SECOND", "--throughput TOKENS_PER_SECOND"),
        ("storage=50gb", "--storage-gb 50"),
        ("price=…, e.g. price=2.5", "--price …, e.g. --price 2.5"),
    ];
    FLAGS
        .iter()
        .fold(text.to_string(), |t, (chat, flag)| t.replace(chat, flag))
}

/// A daily token volume read the way the chat reads it (`10m`, `1.5b`, `500k`, `3000万`,
/// `20000000`): one reader, so the CLI accepts what `/tco` accepts.
pub fn token_volume(s: &str) -> std::result::Result<f64, String> {
    bot_core::lexicon::token_count(s)
        .ok_or_else(|| format!("`{s}` is not a token count (e.g. 10m, 500k, 20000000)"))
}
