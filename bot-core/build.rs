//! Embeds every `locales/<lang>/*.ftl` file so a new locale file needs no code change, and
//! registers every command module (`src/commands/<name>.rs` with a `DEF`) so a new command
//! needs no registry line.
use std::{env, fs, path::Path};

fn main() {
    commands();
    let root = Path::new(&manifest_dir()).join("../locales");
    println!("cargo:rerun-if-changed={}", root.display());
    let mut entries = Vec::new();
    for lang in ["en-US", "zh-CN"] {
        let dir = root.join(lang);
        println!("cargo:rerun-if-changed={}", dir.display());
        let mut files: Vec<_> = fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("reading {}: {e}", dir.display()))
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "ftl"))
            .collect();
        files.sort();
        for f in files {
            println!("cargo:rerun-if-changed={}", f.display());
            let name = f.file_name().unwrap().to_string_lossy().into_owned();
            let abs = fs::canonicalize(&f).unwrap();
            entries.push(format!(
                "    ({lang:?}, {name:?}, include_str!({:?})),\n",
                abs.display().to_string()
            ));
        }
    }
    let out = Path::new(&env::var("OUT_DIR").unwrap()).join("locales.rs");
    let body = format!(
        "/// (language, file name, contents) of every embedded Fluent file.\npub static FTL_FILES: &[(&str, &str, &str)] = &[\n{}];\n",
        entries.concat()
    );
    fs::write(out, body).unwrap();
}

/// The crate's directory as cargo gives it to this run. Read at run time, not with `env!`: a
/// `target/` copied from another checkout keeps a compiled build script, and a path baked in at
/// its compile time would read the other checkout's files (or fail when it is gone).
fn manifest_dir() -> String {
    env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR for build scripts")
}

/// Writes `commands.rs`: a `pub mod` for each `src/commands/*.rs` that defines
/// `pub const DEF: CommandDef`, and `ALL` ordered by each definition's `order: N`.
fn commands() {
    let dir = Path::new(&manifest_dir()).join("src/commands");
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut found = Vec::new();
    for entry in fs::read_dir(&dir).unwrap_or_else(|e| panic!("reading {}: {e}", dir.display())) {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|x| x != "rs") || path.file_stem().unwrap() == "mod" {
            continue;
        }
        println!("cargo:rerun-if-changed={}", path.display());
        let text = fs::read_to_string(&path).unwrap();
        // The definition starts a line of its own (a test quoting it does not).
        let Some(at) = text.find("\npub const DEF: CommandDef = CommandDef {") else {
            continue;
        };
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        let def = &text[at..text[at..].find("\n};").map_or(text.len(), |e| at + e)];
        let order: u32 = def
            .lines()
            .find_map(|l| l.trim().strip_prefix("order:"))
            .and_then(|v| v.trim().trim_end_matches(',').parse().ok())
            .unwrap_or_else(|| panic!("{}: its DEF needs `order: <number>,`", path.display()));
        found.push((order, name, fs::canonicalize(&path).unwrap()));
    }
    found.sort();
    for pair in found.windows(2) {
        assert!(
            pair[0].0 != pair[1].0,
            "commands {} and {} share order {}",
            pair[0].1,
            pair[1].1,
            pair[0].0
        );
    }
    let mut body = String::new();
    for (_, name, path) in &found {
        body += &format!(
            "#[path = {:?}]\npub mod {name};\n",
            path.display().to_string()
        );
    }
    body +=
        "/// Every command, in the order help and the menus list them (each `DEF`'s `order`).\n";
    body += "pub const ALL: &[&CommandDef] = &[\n";
    for (_, name, _) in &found {
        body += &format!("    &{name}::DEF,\n");
    }
    body += "];\n";
    fs::write(
        Path::new(&env::var("OUT_DIR").unwrap()).join("commands.rs"),
        body,
    )
    .unwrap();
}
