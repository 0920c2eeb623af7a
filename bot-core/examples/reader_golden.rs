//! The reader's golden output (helper perf_rd): every question of every
//! `bot-core/tests/data/questions_*.tsv` read through `understand::read`, one line each:
//! `file:line<TAB>Debug of the reading`. A speed-only change to the reader must leave this output
//! byte-identical; `tools/reader_golden.sh` builds it optimized (the debug build takes ~100 ms a
//! question, an hour for the ~35 000 rows) and diffs it against a saved run.
//! Timing goes to stderr so the golden stays comparable. `GOLDEN_FILES` (comma-separated names)
//! reads only those files, `GOLDEN_EVERY=k` every k-th row, `GOLDEN_THREADS` (default 2) splits
//! the rows among threads.

use bot_core::Catalog;
use bot_core::understand::read;
use std::time::Instant;

fn main() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .expect("tests/data")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with("questions_") && n.ends_with(".tsv"))
        })
        // `GOLDEN_FILES=questions_corpus89.tsv,…`: only those files (a timing on a debug build).
        .filter(|p| {
            std::env::var("GOLDEN_FILES").ok().is_none_or(|only| {
                let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
                only.split(',').any(|o| o == name)
            })
        })
        .collect();
    files.sort();
    // (file, line number, question) in file order, so the output order never depends on threads.
    let mut rows = Vec::new();
    for path in &files {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(path).expect("a questions file");
        for (i, line) in text.lines().enumerate() {
            if line.starts_with('#') {
                continue;
            }
            if let Some((q, _)) = line.split_once('\t') {
                rows.push((name.clone(), i + 1, q.to_string()));
            }
        }
    }
    // `GOLDEN_EVERY=k`: every k-th row only (a quick check on a loaded machine; 1, all, is the
    // golden).
    let every: usize = std::env::var("GOLDEN_EVERY")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1)
        .max(1);
    let rows: Vec<_> = rows.into_iter().step_by(every).collect();
    let catalog = Catalog::embedded().expect("the embedded catalog");
    let threads: usize = std::env::var("GOLDEN_THREADS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(2)
        .max(1);
    let start = Instant::now();
    let chunk = rows.len().div_ceil(threads).max(1);
    let out: Vec<String> = std::thread::scope(|s| {
        let handles: Vec<_> = rows
            .chunks(chunk)
            .map(|part| {
                let catalog = &catalog;
                s.spawn(move || {
                    part.iter()
                        .map(|(f, n, q)| format!("{f}:{n}\t{:?}\n", read(catalog, q)))
                        .collect::<String>()
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let elapsed = start.elapsed();
    use std::io::Write;
    let mut stdout = std::io::stdout().lock();
    for part in out {
        stdout.write_all(part.as_bytes()).unwrap();
    }
    eprintln!(
        "{} questions from {} files, {threads} threads: {:.2} s wall in read",
        rows.len(),
        files.len(),
        elapsed.as_secs_f64()
    );
}
