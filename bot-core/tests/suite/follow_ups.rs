//! Issue 26 (session 9): follow-ups read against the chat's last reading. Each case is a
//! first question, then a message said after it; the second is read with the first's request
//! as the last reading (`understand::read_after`).

use bot_core::Catalog;
use bot_core::understand::{Reading, read, read_after};

/// `first \t follow-up \t expected`: `expected` is the follow-up's first line, `ask:` lines
/// offered back (any one of them), or `alone` (read as the message alone reads).
fn score(catalog: &Catalog, cases: &str) -> (usize, Vec<String>) {
    let mut misses = Vec::new();
    let mut total = 0;
    for line in cases
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
    {
        let cols: Vec<&str> = line.split('\t').collect();
        let [first, follow, expected] = cols[..] else {
            panic!("three columns: {line}");
        };
        total += 1;
        let Reading::Command(last) = read(catalog, first) else {
            misses.push(format!(
                "{first} did not read as one command: {:?}",
                read(catalog, first).lines()
            ));
            continue;
        };
        let reading = read_after(catalog, follow, Some(&last));
        let lines = reading.lines();
        let ok = match (expected, &reading) {
            ("alone", _) => reading == read(catalog, follow),
            (e, Reading::Ask(_)) if e.starts_with("ask:") => lines.iter().any(|l| l == &e[4..]),
            (e, Reading::Command(_)) => lines[0] == e,
            _ => false,
        };
        if !ok {
            misses.push(format!(
                "{} | {follow} → {lines:?} (expected {expected})",
                last.line()
            ));
        }
    }
    (total, misses)
}

#[test]
#[ignore]
fn probe_follow_ups() {
    let Ok(path) = std::env::var("FOLLOW_PROBE") else {
        return;
    };
    let catalog = Catalog::embedded().unwrap();
    let text = std::fs::read_to_string(path).unwrap();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let (first, follow) = line.split_once('\t').unwrap();
        let r0 = read(&catalog, first);
        let Reading::Command(last) = &r0 else {
            println!("FIRST {first} → {:?}", r0.lines());
            continue;
        };
        let r = read_after(&catalog, follow, Some(last));
        println!(
            "{}\t{follow}\t{}{:?}\t(alone {:?})",
            last.line(),
            if matches!(r, Reading::Ask(_)) {
                "ASK "
            } else {
                ""
            },
            r.lines(),
            read(&catalog, follow).lines()
        );
    }
}

#[test]
fn follow_ups_change_the_last_reading() {
    let catalog = Catalog::embedded().unwrap();
    let (total, misses) = score(&catalog, include_str!("../data/follow_ups.tsv"));
    assert!(total >= 40, "{total} cases");
    assert!(
        misses.is_empty(),
        "{} of {total} missed:\n{}",
        misses.len(),
        misses.join("\n")
    );
}
