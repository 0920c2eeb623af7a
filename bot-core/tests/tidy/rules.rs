//! The rules ARCHITECTURE.md's "must never" column states, checked on a source tree.

use super::scan::{Tree, functions, module_of, uses};
use std::collections::{BTreeMap, BTreeSet};

pub const MAX_FILE_LINES: usize = 650;
pub const MAX_FN_LINES: usize = 120;

/// Engines take typed queries and return typed results: they never import these.
pub const ENGINES: &[&str] = &["billing", "vram", "availability", "catalog", "tco", "trial"];
pub const ABOVE_ENGINES: &[&str] = &["answer", "dialogue", "lexicon", "context"];
/// Platform and network crates: frontends' business, never bot-core's.
pub const PLATFORM_CRATES: &[&str] = &["teloxide", "serenity", "reqwest", "axum"];

/// One broken rule, as a stable line an exemption can name.
pub fn check(tree: &Tree, manifest: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let graph: BTreeMap<String, BTreeSet<String>> =
        tree.keys().map(|f| (f.clone(), uses(tree, f))).collect();
    for circle in circles(&graph) {
        out.insert(format!("circle: {}", circle.join(" <-> ")));
    }
    for (file, deps) in &graph {
        let top = |f: &str| module_of(f).first().cloned().unwrap_or_default();
        if ENGINES.contains(&top(file).as_str()) {
            for d in deps {
                if ABOVE_ENGINES.contains(&top(d).as_str()) {
                    out.insert(format!("engine imports above it: {file} -> {d}"));
                }
            }
        }
    }
    for (file, src) in tree {
        let code = super::scan::code_only(src);
        for krate in PLATFORM_CRATES {
            let used = code.match_indices(&format!("{krate}::")).any(|(at, _)| {
                at == 0
                    || !code.as_bytes()[at - 1].is_ascii_alphanumeric()
                        && code.as_bytes()[at - 1] != b'_'
            });
            if used {
                out.insert(format!("platform crate: {file} uses {krate}"));
            }
        }
        let lines = src.lines().count();
        if lines > MAX_FILE_LINES {
            out.insert(format!("long file: {file}"));
        }
        for (name, _, len) in functions(src) {
            if len > MAX_FN_LINES {
                out.insert(format!("long fn: {file} {name}"));
            }
        }
    }
    for krate in PLATFORM_CRATES {
        let deps = manifest.split("[dependencies]").nth(1).unwrap_or("");
        let deps = deps.split("\n[").next().unwrap_or("");
        if deps.lines().any(|l| {
            l.trim_start().starts_with(&format!("{krate} "))
                || l.trim_start().starts_with(&format!("{krate}="))
        }) {
            out.insert(format!("platform crate: Cargo.toml depends on {krate}"));
        }
    }
    out
}

/// Every set of two or more files that reach each other (Tarjan's strongly connected
/// components), each sorted, as the files' paths.
pub fn circles(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    struct State<'g> {
        graph: &'g BTreeMap<String, BTreeSet<String>>,
        index: BTreeMap<&'g str, usize>,
        low: BTreeMap<&'g str, usize>,
        stack: Vec<&'g str>,
        on_stack: BTreeSet<&'g str>,
        out: Vec<Vec<String>>,
    }
    fn visit<'g>(s: &mut State<'g>, v: &'g str) {
        let n = s.index.len();
        s.index.insert(v, n);
        s.low.insert(v, n);
        s.stack.push(v);
        s.on_stack.insert(v);
        for w in s.graph.get(v).into_iter().flatten() {
            let w = w.as_str();
            if !s.graph.contains_key(w) {
                continue;
            }
            if !s.index.contains_key(w) {
                visit(s, w);
                let lw = s.low[w];
                let lv = s.low.get_mut(v).unwrap();
                *lv = (*lv).min(lw);
            } else if s.on_stack.contains(w) {
                let iw = s.index[w];
                let lv = s.low.get_mut(v).unwrap();
                *lv = (*lv).min(iw);
            }
        }
        if s.low[v] == s.index[v] {
            let mut comp = Vec::new();
            while let Some(w) = s.stack.pop() {
                s.on_stack.remove(w);
                comp.push(w.to_string());
                if w == v {
                    break;
                }
            }
            if comp.len() > 1 {
                comp.sort();
                s.out.push(comp);
            }
        }
    }
    let mut s = State {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        out: Vec::new(),
    };
    for v in graph.keys() {
        if !s.index.contains_key(v.as_str()) {
            visit(&mut s, v);
        }
    }
    s.out.sort();
    s.out
}
