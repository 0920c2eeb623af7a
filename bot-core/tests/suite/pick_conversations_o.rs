//! /pick conversations the way real users answer, a second set written apart from the code
//! (issue 26 §4, helper pick_o): `tests/data/pick_conversations_o.txt`, its header says the
//! format. Other people than pick_n's (a teacher, a startup, hobbyists with images and video, a
//! researcher with a deadline, someone leaving Colab), their facts early, late or all at once.

use super::chat::{message_ids, text, world};
use bot_core::{ChatRef, Input};

/// Conversations that must hold: all of them (untuned 41/50 as written, 43/50 after relabelling
/// the file's own errors, 50/50 after the fixes; the file's header says which and why).
const MUST_HOLD: usize = 50;

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

/// Runs every conversation in `src`: (conversations held, all of them, what missed).
fn run(src: &str) -> (usize, usize, String) {
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

#[test]
fn pick_conversations_o() {
    let (held, all, report) = run(include_str!("../data/pick_conversations_o.txt"));
    println!("{report}\npick_conversations_o: {held}/{all} hold");
    assert!(all >= 50, "{all} conversations");
    assert!(held >= MUST_HOLD, "{held}/{all} hold:\n{report}");
}

/// The mechanisms behind the file's misses, on sentences of their own: `一直` alone is "all
/// along", and a length said after inference was asked settles it; no preference in more
/// words (a pointer, the default named, the step's question asked back); people at once are
/// the conversations step's answer; a family misspelt before its size.
#[test]
fn pick_o_mechanisms() {
    let src = "
## own-all-along zh
> /pick
> 我一直在用kaggle跑llama3.1 8b推理，想换个地方
= +pick-infer-which +pick-understood-model -pick-understood-usage -pick-invalid
> 大概两个小时
= +pick-ask-method-quant -pick-ask-task -pick-invalid

## own-kept-on zh
> /pick
> qwen2.5 7b 一直开着给组里用
= +pick-understood-usage -pick-infer-which

## own-you-decide zh
> /pick
> 微调qwen2.5 7b 跑3小时
> 🤔不太懂这个，听你的吧
= +pick-took-default +pick-ask-context -pick-invalid

## own-default-en en
> /pick
> try llama 3.1 8b for 2 hours
> just use the default
= +pick-took-default +pick-ask-context -pick-invalid

## own-not-sure-which en
> /pick
> #1
> not sure which model to pick
= +pick-ask-model-unsure -pick-invalid

## own-asked-not-unsure zh
# Not knowing which platform has stock is a question, never a default taken.
> /pick
> #1
> 不知道哪家有货
= -pick-took-default -pick-ask-method-quant

## own-peak-at-once en
> /pick
> host qwen2.5 7b for our support team, always on
> awq
> 4k
= +pick-ask-concurrency
> at peak maybe 12 people at the same time
= +pick-ask-card|advice-pick-ask-card-reader -pick-understood-users -pick-invalid

## own-slip-sentence zh
> /pick
> 用qlora微调lamma-3.1 8b 跑4小时
= +pick-understood-model ~llama-3.1-8b -pick-invalid

## own-slip-step en
> /pick
> #2
> lamma 3.1 8b
= +pick-ask-method-train -pick-invalid
";
    let (held, all, report) = run(src);
    assert_eq!(held, all, "{held}/{all} hold:\n{report}");
}
