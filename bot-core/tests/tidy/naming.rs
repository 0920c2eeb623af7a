//! A command is named in one place, its definition (`commands/<name>.rs`): no other file of
//! bot-core, the frontends, the alerts runtime or the binary writes a command line for it
//! (`"/cost …"`), and the registry files never match on a command's name. Everything else
//! reaches a command through its `DEF` (`cost::DEF.name`) or the registry (`commands::ALL`).

use super::scan::{Tree, code_only, matching_brace, read_tree};
use std::collections::BTreeSet;
use std::path::Path;

/// Where the registry and the dispatcher live: a bare name there is a match on a name.
const REGISTRY: &[&str] = &[
    "bot-core/src/bot.rs",
    "bot-core/src/commands/mod.rs",
    "bot-core/src/commands/def.rs",
    "bot-core/src/commands/request.rs",
];

/// The source trees read, from the repository root.
pub const TREES: &[&str] = &[
    "bot-core/src",
    "frontend/src",
    "telegram/src",
    "discord/src",
    "alerts/src",
    "src",
];

/// Every command's name, read from the definitions (`name: "…"` in `commands/<file>.rs`).
pub fn command_names(commands: &Tree) -> BTreeSet<(String, String)> {
    let mut out = BTreeSet::new();
    for (file, src) in commands {
        // A definition starts its own line (a test quoting one does not).
        let src = format!("\n{src}");
        let Some(def) = src.find("\npub const DEF: CommandDef") else {
            continue;
        };
        let name = src[def..]
            .split("name: \"")
            .nth(1)
            .and_then(|s| s.split('"').next())
            .expect("a DEF has a name");
        out.insert((name.to_string(), file.clone()));
    }
    out
}

/// The string literals outside inline `#[cfg(test)] mod`s and comments, with their lines.
pub fn literals(src: &str) -> Vec<(usize, String)> {
    let code = code_only(src);
    let mut test_lines = Vec::new();
    let mut from = 0;
    while let Some(at) = code[from..].find("#[cfg(test)]").map(|a| a + from) {
        let after = &code[at + "#[cfg(test)]".len()..];
        if after.trim_start().starts_with("mod ")
            && let Some(open) = code[at..].find('{').map(|o| o + at)
            && code[at..open].find(';').is_none()
        {
            let end = matching_brace(&code, open).unwrap_or(code.len() - 1);
            let line = |i: usize| code[..i].matches('\n').count();
            test_lines.push(line(at)..=line(end));
            from = end;
        } else {
            from = at + 1;
        }
    }
    let in_test = |l: usize| test_lines.iter().any(|r| r.contains(&l));
    // Literal contents, where `code_only` left `""` in the same line.
    let mut out = Vec::new();
    let mut chars = src.char_indices().peekable();
    let (mut line, mut comment, mut block) = (0usize, false, false);
    while let Some((i, c)) = chars.next() {
        let next = src[i + c.len_utf8()..].chars().next().unwrap_or('\0');
        match c {
            '\n' => {
                line += 1;
                comment = false;
            }
            _ if comment => {}
            '*' if block && next == '/' => {
                block = false;
                chars.next();
            }
            _ if block => {}
            '/' if next == '/' => comment = true,
            '/' if next == '*' => block = true,
            '\'' if src[i..].starts_with("'\"'") || src[i..].starts_with("'\\\"'") => {
                let skip = if next == '"' { 2 } else { 3 };
                for _ in 0..skip {
                    chars.next();
                }
            }
            '"' => {
                let mut s = String::new();
                let start = line;
                while let Some((_, d)) = chars.next() {
                    match d {
                        '\\' => {
                            if let Some((_, e)) = chars.next() {
                                s.push('\\');
                                s.push(e);
                            }
                        }
                        '"' => break,
                        '\n' => {
                            line += 1;
                            s.push(d);
                        }
                        _ => s.push(d),
                    }
                }
                if !in_test(start) {
                    out.push((start + 1, s));
                }
            }
            _ => {}
        }
    }
    out
}

/// Each place outside a command's definition that names it, as `file:line names /x`.
pub fn named_elsewhere(
    trees: &[(String, Tree)],
    names: &BTreeSet<(String, String)>,
) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for (root, tree) in trees {
        for (file, src) in tree {
            let path = format!("{root}/{file}");
            let is_test = file.ends_with("tests.rs") || file.split('/').any(|p| p == "tests");
            if is_test {
                continue;
            }
            for (line, lit) in literals(src) {
                for (name, def_file) in names {
                    if path == format!("bot-core/src/commands/{def_file}") {
                        continue;
                    }
                    let slash = format!("/{name}");
                    let a_line = lit
                        .strip_prefix(&slash)
                        .is_some_and(|rest| rest.is_empty() || rest.starts_with([' ', '@']));
                    let a_match = REGISTRY.contains(&path.as_str()) && lit == *name;
                    if a_line || a_match {
                        out.insert(format!("{path}:{line} names /{name}"));
                    }
                }
            }
        }
    }
    out
}

/// The trees of the repository, for the real check.
pub fn read_trees(repo: &Path) -> Vec<(String, Tree)> {
    TREES
        .iter()
        .map(|t| (t.to_string(), read_tree(&repo.join(t))))
        .collect()
}

#[test]
fn a_planted_command_line_or_name_match_is_found_and_tests_and_comments_are_not() {
    let tree = |files: &[(&str, &str)]| -> Tree {
        files
            .iter()
            .map(|(f, s)| (f.to_string(), s.to_string()))
            .collect()
    };
    let commands = tree(&[(
        "cost.rs",
        "pub const DEF: CommandDef = CommandDef {\n    name: \"cost\",\n};\nfn x() { let _ = \"/cost here is fine\"; }\n",
    )]);
    let names = command_names(&commands);
    assert_eq!(names.len(), 1);
    let clean = tree(&[
        (
            "bot.rs",
            "// \"/cost\" in a comment\nfn f() { let _ = \"costly\"; let _ = \"/costs\"; }\n#[cfg(test)]\nmod tests {\n    const L: &str = \"/cost a b\";\n}\n",
        ),
        ("commands/cost.rs", "fn y() { let _ = \"/cost a\"; }\n"),
    ]);
    let trees = |t: Tree| vec![("bot-core/src".to_string(), t)];
    assert!(named_elsewhere(&trees(clean.clone()), &names).is_empty());
    let mut line = clean.clone();
    line.insert(
        "alerts/text.rs".into(),
        "fn g() -> String { format!(\"/cost {} 1h\", 1) }\n".into(),
    );
    let mut matched = clean;
    matched.insert(
        "bot.rs".into(),
        "fn f(n: &str) -> bool {\n    n == \"cost\"\n}\n".into(),
    );
    assert_eq!(
        named_elsewhere(&trees(line), &names)
            .into_iter()
            .collect::<Vec<_>>(),
        ["bot-core/src/alerts/text.rs:1 names /cost"]
    );
    assert_eq!(
        named_elsewhere(&trees(matched), &names)
            .into_iter()
            .collect::<Vec<_>>(),
        ["bot-core/src/bot.rs:2 names /cost"]
    );
}
