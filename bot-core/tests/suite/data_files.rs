//! The test data files whose names start with a prefix (`questions_`, `measured_memory`), sorted:
//! the tests that walk every file of a kind share this one listing.

use std::path::PathBuf;

pub(super) fn tsv_files(prefix: &str) -> Vec<PathBuf> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with(prefix) && n.ends_with(".tsv"))
        })
        .collect();
    files.sort();
    files
}
