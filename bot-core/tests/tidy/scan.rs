//! Reads a crate's source as text: which module files each file uses (`crate::…`,
//! `super::…`, `use` groups), how long each file and each function is. Text, not a compiler:
//! comments, string contents and inline `#[cfg(test)]` modules are cut out first.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Source files by path relative to `src/` (`alerts/outbox.rs`).
pub type Tree = BTreeMap<String, String>;

/// Every `.rs` file under `dir`.
pub fn read_tree(dir: &Path) -> Tree {
    let mut tree = Tree::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let rel = path
                    .strip_prefix(dir)
                    .unwrap()
                    .to_string_lossy()
                    .replace('\\', "/");
                tree.insert(rel, std::fs::read_to_string(&path).unwrap());
            }
        }
    }
    tree
}

/// The module path a file defines: `lib.rs` → [], `a/mod.rs` → [a], `a/b.rs` → [a, b].
pub fn module_of(file: &str) -> Vec<String> {
    let mut parts: Vec<String> = file
        .trim_end_matches(".rs")
        .split('/')
        .map(str::to_string)
        .collect();
    if matches!(
        parts.last().map(String::as_str),
        Some("mod" | "lib" | "main")
    ) {
        parts.pop();
    }
    parts
}

/// The file that defines module `m`, if any.
pub fn file_of(tree: &Tree, m: &[String]) -> Option<String> {
    if m.is_empty() {
        return tree.contains_key("lib.rs").then(|| "lib.rs".to_string());
    }
    let base = m.join("/");
    [format!("{base}.rs"), format!("{base}/mod.rs")]
        .into_iter()
        .find(|f| tree.contains_key(f))
}

/// The source with comments, string and char contents blanked (lines kept).
pub fn code_only(src: &str) -> String {
    let b = src.as_bytes();
    let mut out = String::with_capacity(src.len());
    let mut i = 0;
    while i < b.len() {
        let c = b[i] as char;
        let next = b.get(i + 1).copied().unwrap_or(0) as char;
        if c == '/' && next == '/' {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
        } else if c == '/' && next == '*' {
            while i + 1 < b.len() && !(b[i] == b'*' && b[i + 1] == b'/') {
                if b[i] == b'\n' {
                    out.push('\n');
                }
                i += 1;
            }
            i += 2;
        } else if c == 'r' && (next == '#' || next == '"') && !ident_before(b, i) {
            // A raw string: r"…", r#"…"#.
            let mut j = i + 1;
            let mut hashes = 0;
            while j < b.len() && b[j] == b'#' {
                hashes += 1;
                j += 1;
            }
            if j < b.len() && b[j] == b'"' {
                let close = format!("\"{}", "#".repeat(hashes));
                let rest = &src[j + 1..];
                let end = rest
                    .find(&close)
                    .map_or(b.len(), |e| j + 1 + e + close.len());
                out.push_str("\"\"");
                out.extend(src[i..end].chars().filter(|&ch| ch == '\n'));
                i = end;
            } else {
                out.push(c);
                i += 1;
            }
        } else if c == '"' {
            i += 1;
            while i < b.len() && b[i] != b'"' {
                if b[i] == b'\\' {
                    i += 1;
                } else if b[i] == b'\n' {
                    out.push('\n');
                }
                i += 1;
            }
            i += 1;
            out.push_str("\"\"");
        } else if c == '\'' && is_char_literal(b, i) {
            let end = b[i + 1..].iter().position(|&x| x == b'\'').unwrap() + i + 2;
            out.push_str("' '");
            i = end;
        } else {
            let ch = src[i..].chars().next().unwrap();
            out.push(ch);
            i += ch.len_utf8();
        }
    }
    out
}

fn ident_before(b: &[u8], i: usize) -> bool {
    i > 0 && (b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_')
}

/// `'x'`, `'\n'`, `'\u{1f}'`, `'中'` — not a lifetime (`'a`).
fn is_char_literal(b: &[u8], i: usize) -> bool {
    let rest = &b[i + 1..];
    if rest.first() == Some(&b'\\') {
        return rest.iter().skip(1).take(10).any(|&x| x == b'\'');
    }
    // One character (1–4 bytes) then a quote.
    (1..=4).any(|n| rest.get(n) == Some(&b'\'') && std::str::from_utf8(&rest[..n]).is_ok())
}

/// The source without inline `#[cfg(test)] mod … { … }` blocks (tests may import anything).
pub fn without_test_mods(code: &str) -> String {
    let mut out = String::new();
    let mut rest = code;
    while let Some(at) = rest.find("#[cfg(test)]") {
        out.push_str(&rest[..at]);
        let after = &rest[at..];
        let is_mod = after["#[cfg(test)]".len()..]
            .trim_start()
            .starts_with("mod ");
        match (is_mod, after.find('{'), after.find(';')) {
            (true, Some(open), semi) if semi.is_none_or(|s| s > open) => {
                let end = matching_brace(after, open).unwrap_or(after.len() - 1);
                out.extend(after[..=end].chars().filter(|&c| c == '\n'));
                rest = &after[end + 1..];
            }
            _ => {
                out.push_str("#[cfg(test)]");
                rest = &after["#[cfg(test)]".len()..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// The index of the `}` closing the `{` at `open`.
pub fn matching_brace(code: &str, open: usize) -> Option<usize> {
    let mut depth = 0usize;
    for (i, c) in code[open..].char_indices() {
        match c {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    return Some(open + i);
                }
            }
            _ => {}
        }
    }
    None
}

fn ident_at(s: &str) -> Option<&str> {
    let end = s
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(s.len());
    (end > 0).then(|| &s[..end])
}

/// Expands a path that starts at `s` (after its root) into full segment lists: `a::{b, c::d}`
/// → [a, b], [a, c, d]; `self` in a group stands for the group's prefix.
fn expand(s: &str, prefix: Vec<String>, out: &mut Vec<Vec<String>>) {
    let s = s.trim_start();
    if let Some(group) = s.strip_prefix('{') {
        let close = matching_brace(s, 0).unwrap_or(s.len() - 1);
        let inner = &group[..close - 1];
        let mut depth = 0;
        let mut start = 0;
        for (i, c) in inner.char_indices() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    expand(&inner[start..i], prefix.clone(), out);
                    start = i + 1;
                }
                _ => {}
            }
        }
        expand(&inner[start..], prefix, out);
        return;
    }
    let Some(id) = ident_at(s) else {
        out.push(prefix);
        return;
    };
    let mut path = prefix;
    if id != "self" {
        path.push(id.to_string());
    }
    match s[id.len()..].strip_prefix("::") {
        Some(rest) => expand(rest, path, out),
        None => out.push(path),
    }
}

/// The module files `file` uses (itself and modules it declares as children excluded:
/// a folder's `mod.rs` is the folder's front door, not a dependency of its rooms).
pub fn uses(tree: &Tree, file: &str) -> BTreeSet<String> {
    let me = module_of(file);
    let code = without_test_mods(&code_only(&tree[file]));
    let mut paths = Vec::new();
    for root in ["crate::", "super::"] {
        for (at, _) in code.match_indices(root) {
            // Not a path's root: `x::super::` is read from its first `super::`.
            if ident_before(code.as_bytes(), at) || code[..at].ends_with("::") {
                continue;
            }
            let mut base = if root == "crate::" {
                Vec::new()
            } else {
                me[..me.len().saturating_sub(1)].to_vec()
            };
            let mut rest = &code[at + root.len()..];
            while let Some(r) = rest.strip_prefix("super::") {
                base.pop();
                rest = r;
            }
            expand(rest, base, &mut paths);
        }
    }
    let mut out = BTreeSet::new();
    for p in paths {
        if let Some(f) = resolve(tree, &p) {
            let target = module_of(&f);
            let is_child = target.len() > me.len() && target.starts_with(&me);
            if f != file && !is_child {
                out.insert(f);
            }
        }
    }
    out
}

/// The deepest module file along `path`.
fn resolve(tree: &Tree, path: &[String]) -> Option<String> {
    (0..=path.len())
        .rev()
        .find_map(|n| file_of(tree, &path[..n]))
}

/// Each function's name, first line (1-based) and length in lines, body included.
pub fn functions(src: &str) -> Vec<(String, usize, usize)> {
    let code = code_only(src);
    let line_of = |at: usize| code[..at].matches('\n').count() + 1;
    let mut out = Vec::new();
    for (at, _) in code.match_indices("fn ") {
        if ident_before(code.as_bytes(), at) {
            continue;
        }
        let Some(name) = ident_at(&code[at + 3..]) else {
            continue;
        };
        let sig = &code[at..];
        let (Some(open), semi) = (sig.find('{'), sig.find(';')) else {
            continue;
        };
        if semi.is_some_and(|s| s < open) {
            continue; // a declaration without a body
        }
        if let Some(close) = matching_brace(sig, open) {
            let first = line_of(at);
            let last = line_of(at + close);
            out.push((name.to_string(), first, last - first + 1));
        }
    }
    out
}
