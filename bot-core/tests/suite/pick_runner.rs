//! The runner of the /pick conversation files written in one format (`pick_conversations_m.txt`'s
//! header says it; `> #N` taps the Nth button of the answer before): shared by the files' tests.

use super::chat::{message_ids, text, world};
use bot_core::{ChatRef, Input};

struct Check {
    line: String,
    expect: String,
}

fn conversations(src: &str) -> Vec<(String, String, Vec<Check>)> {
    let mut out: Vec<(String, String, Vec<Check>)> = Vec::new();
    for raw in src.lines() {
        let l = raw.trim_end();
        if let Some(head) = l.strip_prefix("## ") {
            let mut it = head.split_whitespace();
            let id = it.next().unwrap_or_default().to_string();
            let locale = it.next().unwrap_or("en").to_string();
            out.push((id, locale, Vec::new()));
        } else if let Some(line) = l.strip_prefix("> ") {
            let conv = out.last_mut().expect("a line before any conversation");
            conv.2.push(Check {
                line: line.to_string(),
                expect: String::new(),
            });
        } else if let Some(e) = l.strip_prefix("= ") {
            let conv = out.last_mut().expect("a check before any conversation");
            let last = conv.2.last_mut().expect("a check before any line");
            last.expect = e.to_string();
        }
    }
    out
}

/// What is wrong with one answer against its expectation words; empty when it holds.
fn misses(expect: &str, ids: &[String], said: &str) -> Vec<String> {
    let low = said.to_lowercase();
    let mut bad = Vec::new();
    for word in expect.split_whitespace() {
        let (kind, rest) = word.split_at(1);
        let rest = rest.replace('_', " ");
        let alts: Vec<&str> = rest.split('|').collect();
        let ok = match kind {
            "+" => alts.iter().any(|a| ids.iter().any(|i| i == a)),
            "-" => !ids.contains(&rest),
            "~" => alts.iter().any(|a| low.contains(&a.to_lowercase())),
            "!" => !low.contains(&rest.to_lowercase()),
            _ => panic!("unknown check {word}"),
        };
        if !ok {
            bad.push(word.to_string());
        }
    }
    bad
}

/// Runs every conversation of a file in this format: how many hold, of how many, and the
/// report of each miss.
pub(super) fn run(src: &str) -> (usize, usize, String) {
    let w = world();
    let all = conversations(src);
    let mut held = 0;
    let mut report = String::new();
    for (id, locale, checks) in &all {
        let me = ChatRef {
            platform: "test".into(),
            chat: id.clone(),
            user: id.clone(),
            locale: Some(locale.clone()),
            thread: None,
        };
        let mut failed = Vec::new();
        let mut buttons: Vec<String> = Vec::new();
        for c in checks {
            // `#N` taps the Nth button of the answer before, as the terminal chat's numbers do.
            let input = match c
                .line
                .strip_prefix('#')
                .and_then(|n| n.parse::<usize>().ok())
            {
                Some(n) => Input::Choice(buttons.get(n - 1).cloned().unwrap_or_default()),
                None => Input::Text(c.line.clone()),
            };
            let replies = w.bot.handle(&me, input).replies;
            // Buttons stay on screen under their message: an answer without any keeps the last.
            let shown: Vec<String> = replies
                .iter()
                .flat_map(|r| r.choices.iter().map(|c| c.id.clone()))
                .collect();
            if !shown.is_empty() {
                buttons = shown;
            }
            let ids = message_ids(&replies);
            let said = text(&replies, w.bot.lang_for(&me));
            let bad = misses(&c.expect, &ids, &said);
            // `PICK_CONV_SHOW=id,id`: the whole conversation printed, to read it as a user.
            if std::env::var("PICK_CONV_SHOW").is_ok_and(|v| v.split(',').any(|x| x == id)) {
                println!("[{id}] > {}\n{said}\n", c.line);
            }
            if !bad.is_empty() {
                failed.push(format!(
                    "  > {}\n    missed {:?}\n    ids {:?}\n    {}",
                    c.line,
                    bad,
                    ids,
                    said.replace('\n', "\n    ")
                ));
            }
        }
        if failed.is_empty() {
            held += 1;
        } else {
            report.push_str(&format!("## {id} {locale}\n{}\n", failed.join("\n")));
        }
    }
    (held, all.len(), report)
}
