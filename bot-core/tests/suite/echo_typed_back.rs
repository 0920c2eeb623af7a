//! The echo line can be typed back (one command grammar): whatever a question is read as, the
//! line the bot answers it under ("I read this as: …") is read by the command's own parser into
//! a request that renders the very same line. Checked on every question file, so a reading a
//! parser cannot take (a card-only `/fit`, a `/tco` with no card) shows here, not in a chat.
//! A reading that carries a value no command takes (`-1张4090`) may be refused typed only when
//! the chat does not answer it under an echo line (it says the count is wrong instead).

use super::fresh19_share::with_parse_ctx;
use super::typed_readings::{bot, who};
use bot_core::Input;
use bot_core::commands::Request;
use bot_core::reply::Part;
use bot_core::understand::Reading;

// Two tests over alternate files, so libtest's two threads share the suite's largest test
// instead of one thread running it alone at the end (docs/performance.md §27).
#[test]
fn every_reading_of_every_question_file_is_a_line_its_command_reads_back() {
    every_reading_reads_back(0);
}

#[test]
fn every_reading_of_the_other_question_files_is_a_line_its_command_reads_back() {
    every_reading_reads_back(1);
}

/// The files at even (`half` 0) or odd (`half` 1) places of the sorted list.
fn every_reading_reads_back(half: usize) {
    let all = super::data_files::tsv_files("questions_");
    assert!(all.len() > 40, "question files: {}", all.len());
    let files: Vec<_> = all.into_iter().skip(half).step_by(2).collect();
    let (mut read_as_one, mut off, mut refused) = (0, Vec::new(), Vec::new());
    with_parse_ctx(|ctx| {
        for path in &files {
            let text = std::fs::read_to_string(path).unwrap();
            let rows = text.lines().filter(|l| !l.starts_with('#'));
            for q in rows.filter_map(|l| l.split_once('\t').map(|(q, _)| q)) {
                let Reading::Command(req) = super::readings::embedded(q) else {
                    continue;
                };
                read_as_one += 1;
                let line = req.line();
                match Request::parse(ctx, &line) {
                    Some(Ok(back)) if back.line() == line => {}
                    Some(Ok(back)) => {
                        off.push(format!("{q}: {line} reads back as {}", back.line()))
                    }
                    Some(Err(_)) => refused.push((q.to_string(), line)),
                    None => off.push(format!("{q}: {line} is no command")),
                }
            }
        }
    });
    let dir = tempfile::tempdir().unwrap();
    let (bot, me) = (bot(dir.path()), who());
    for (q, line) in refused {
        let replies = bot.handle(&me, Input::Text(q.clone())).replies;
        let echo = replies.first().and_then(|r| r.parts.first());
        if !matches!(echo, Some(Part::Text(m)) if m.id == "understood-as") {
            continue;
        }
        off.push(format!(
            "{q}: {line} answered under its echo, refused typed"
        ));
    }
    assert!(
        read_as_one > 2500,
        "questions read as one command: {read_as_one}"
    );
    assert!(
        off.is_empty(),
        "{} of {read_as_one}:\n{}",
        off.len(),
        off.join("\n")
    );
}
