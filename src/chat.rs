//! The terminal frontend: one line in, replies out; numbered options stand in for buttons.

use anyhow::Result;
use bot_core::reply::Choice;
use bot_core::{Bot, Catalog, ChatRef, Input, Localizer, Store};
use std::io::{BufRead, Write};
use std::sync::Arc;

pub fn run(catalog: Arc<Catalog>, store: Arc<Store>, lang: Option<&str>) -> Result<()> {
    let env_lang = std::env::var("LANG").ok();
    let locale = lang.or(env_lang.as_deref());
    let who = ChatRef::terminal(locale);
    let charts_dir = store.path().parent().map(|d| d.join("charts"));
    let mut bot = Bot::new(catalog, store);
    bot.charts = Some(Arc::new(gpuscout_charts::PlottersCharts));
    bot.today = crate::pinned_today();
    // Whoever runs the terminal chat owns the machine: they are its operator.
    bot.operators = vec![who.user_key()];
    // `--lang` is stored like `/lang`, so every part of every answer uses one language.
    if let Some(l) = lang {
        let Some(choice) = bot_core::Lang::parse_user_choice(l) else {
            anyhow::bail!("--lang must be zh or en, not `{l}`");
        };
        bot.set_lang(&who, choice)?;
    }
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    let mut choices: Vec<Choice> = Vec::new();
    let mut input = stdin.lock();
    let mut raw = Vec::new();
    let readings = gpuscout_frontend::last_reading::LastReadings::default();
    loop {
        raw.clear();
        if input.read_until(b'\n', &mut raw)? == 0 {
            break;
        }
        // A paste from a non-UTF-8 terminal (GBK) must not end the chat: the bad bytes are
        // replaced, and the user is told, in their language.
        let line = match String::from_utf8_lossy(&raw) {
            std::borrow::Cow::Borrowed(s) => s.to_string(),
            std::borrow::Cow::Owned(s) => {
                let lang = bot.lang_for(&who);
                let note = bot_core::Msg::new("chat-invalid-utf8");
                writeln!(out, "{}\n", Localizer::get().format(lang, &note))?;
                s
            }
        };
        // The same invisible marks a chat app's paste carries are taken out as the chat
        // frontends do (`/gpu\u{200b} 4090` was an unknown command here).
        let line = gpuscout_frontend::text::visible(&line).into_owned();
        let text = line.trim();
        if text.is_empty() {
            continue;
        }
        if matches!(text, "/quit" | "/exit") {
            break;
        }
        // A number picks an option: of the last question shown, or, after a restart or another
        // command in between, of the question the dialogue is waiting on.
        if choices.is_empty() && text.parse::<usize>().is_ok() {
            choices = bot.pending_choices(&who);
        }
        let input = match text.parse::<usize>() {
            Ok(n) if n >= 1 && n <= choices.len() => Input::Choice(choices[n - 1].id.clone()),
            _ => Input::Text(text.to_string()),
        };
        // The last reading, as the chat frontends keep it: a follow-up changes it.
        let last = readings.get(&who, std::time::Instant::now());
        let (bot_core::Answer { lang, replies }, read) =
            bot.handle_after(&who, input, last.as_ref());
        if let Some(read) = read {
            readings.put(&who, read, std::time::Instant::now());
        }
        choices.clear();
        for reply in &replies {
            writeln!(out, "{}", Localizer::get().render_plain(lang, reply))?;
            if let Some(img) = &reply.image {
                // A terminal shows no pictures: the chart goes to a file, and its path is shown.
                let note = match save_chart(charts_dir.as_deref(), &img.png) {
                    Ok(path) => bot_core::Msg::new("chat-chart-saved")
                        .arg("caption", Localizer::get().format(lang, &img.caption))
                        .arg("path", path.display().to_string()),
                    Err(e) => bot_core::Msg::new("chat-chart-failed").arg("error", e.to_string()),
                };
                writeln!(out, "{}", Localizer::get().format(lang, &note))?;
            }
            for (i, c) in reply.choices.iter().enumerate() {
                writeln!(
                    out,
                    "  {}. {}",
                    choices.len() + i + 1,
                    Localizer::get().format(lang, &c.label)
                )?;
            }
            choices.extend(reply.choices.iter().cloned());
            writeln!(out)?;
        }
        out.flush()?;
    }
    Ok(())
}

/// Writes a chart under the data directory's `charts/` with a name that does not clash
/// (time and a counter), and returns its path.
fn save_chart(dir: Option<&std::path::Path>, png: &[u8]) -> std::io::Result<std::path::PathBuf> {
    let dir = dir
        .map(std::path::Path::to_path_buf)
        .unwrap_or_else(std::env::temp_dir);
    std::fs::create_dir_all(&dir)?;
    let stamp = bot_core::availability::format_rfc3339(bot_core::availability::now_unix())
        .replace([':', '-'], "");
    for n in 1..1000 {
        let path = dir.join(format!("trend-{stamp}-{n}.png"));
        match std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&path)
        {
            Ok(mut f) => {
                f.write_all(png)?;
                return Ok(path);
            }
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e),
        }
    }
    Err(std::io::Error::other("too many charts with the same time"))
}
