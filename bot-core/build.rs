//! Embeds every `locales/<lang>/*.ftl` file so a new locale file needs no code change.
use std::{env, fs, path::Path};

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../locales");
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
