//! Nothing here: this package exists for its criterion benches (`criterion/*.rs`, run with
//! `cargo bench -p gpuscout-benches --bench <name>`; figures in docs/performance.md). Keeping
//! them out of the crates they measure means `cargo test --workspace` never compiles criterion.
