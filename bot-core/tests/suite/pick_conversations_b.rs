//! Whole /pick conversations written apart from the dialogue code (issue 26 item 4, helper
//! pick-b): `data/pick_conversations_b.txt`, each turn checked for the message ids its answer has
//! or lacks and the words its text carries. The format is the one `pick_conversations_m.txt`
//! uses; a `!a|b` check means the text has neither.

use super::chat::{who, world};
use bot_core::reply::Reply;
use bot_core::{Input, Lang, Localizer};

const DATA: &str = include_str!("../data/pick_conversations_b.txt");
/// Cases of our own for each fix made after the untuned run.
const OWN: &str = include_str!("../data/pick_conversations_b_own.txt");

struct Turn {
    line: String,
    checks: Vec<String>,
}

struct Conversation {
    id: String,
    locale: &'static str,
    turns: Vec<Turn>,
}

fn conversations(data: &str) -> Vec<Conversation> {
    let mut all: Vec<Conversation> = Vec::new();
    for raw in data.lines() {
        let line = raw.trim_end();
        if let Some(head) = line.strip_prefix("## ") {
            let mut words = head.split_whitespace();
            let id = words.next().unwrap_or_default().to_string();
            let locale = match words.next() {
                Some("zh") => "zh-CN",
                _ => "en-US",
            };
            all.push(Conversation {
                id,
                locale,
                turns: Vec::new(),
            });
        } else if let Some(said) = line.strip_prefix("> ") {
            let c = all.last_mut().expect("a line before any conversation");
            c.turns.push(Turn {
                line: said.to_string(),
                checks: Vec::new(),
            });
        } else if let Some(checks) = line.strip_prefix("= ") {
            let c = all.last_mut().expect("a check before any conversation");
            let t = c.turns.last_mut().expect("a check before any line");
            t.checks
                .extend(checks.split_whitespace().map(str::to_string));
        }
    }
    all
}

fn rendered(replies: &[Reply], lang: Lang) -> String {
    replies
        .iter()
        .map(|r| Localizer::get().render_plain(lang, &r.expanded()))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The checks of one turn that fail, each with why.
fn failures(checks: &[String], ids: &[String], text: &str) -> Vec<String> {
    let lower = text.to_lowercase();
    let has = |w: &str| lower.contains(&w.replace('_', " ").to_lowercase());
    let mut bad = Vec::new();
    for c in checks {
        let (kind, rest) = c.split_at(1);
        let ok = match kind {
            "+" => ids.iter().any(|i| i == rest),
            "-" => !ids.iter().any(|i| i == rest),
            "~" => rest.split('|').any(has),
            "!" => !rest.split('|').any(has),
            _ => panic!("unknown check {c}"),
        };
        if !ok {
            bad.push(c.clone());
        }
    }
    bad
}

/// Runs every conversation; returns (conversations fully right, checked turns right, checked
/// turns, report). A turn with no check (`/pick`) is not counted.
fn run_all(all: Vec<Conversation>) -> (usize, usize, usize, String) {
    let (mut whole, mut right, mut turns) = (0, 0, 0);
    let mut report = String::new();
    for c in all {
        let w = world();
        let me = who(c.locale);
        let mut all_right = true;
        for t in &c.turns {
            let a = w.bot.handle(&me, Input::Text(t.line.clone()));
            let ids: Vec<String> = a
                .replies
                .iter()
                .flat_map(|r| r.message_ids())
                .map(str::to_string)
                .collect();
            let text = rendered(&a.replies, a.lang);
            // `PICK_B_SHOW=1`: every answer printed, to read them whole.
            if std::env::var_os("PICK_B_SHOW").is_some() {
                println!("=== {} > {}\n{text}\n", c.id, t.line);
            }
            if t.checks.is_empty() {
                continue;
            }
            let bad = failures(&t.checks, &ids, &text);
            turns += 1;
            if bad.is_empty() {
                right += 1;
                continue;
            }
            all_right = false;
            report.push_str(&format!(
                "--- {} > {}\n  failed: {}\n  ids: {}\n  text: {}\n",
                c.id,
                t.line,
                bad.join(" "),
                ids.join(" "),
                text.replace('\n', "\n        ")
            ));
        }
        if all_right {
            whole += 1;
        }
    }
    (whole, right, turns, report)
}

fn holds(name: &str, data: &str, at_least: usize) {
    let all = conversations(data);
    let n = all.len();
    assert!(n >= at_least, "{n} conversations");
    let (whole, right, turns, report) = run_all(all);
    println!("{name}: {whole}/{n} conversations, {right}/{turns} checked turns");
    assert!(report.is_empty(), "{report}");
}

#[test]
fn the_written_conversations_hold() {
    holds("pick_conversations_b", DATA, 40);
}

#[test]
fn our_own_cases_for_each_fix_hold() {
    holds("pick_conversations_b_own", OWN, 10);
}
