//! The thirty-eighth held-out set (tests/data/measured_memory_heldout38.tsv, session 26, mem_bl): a second
//! fresh mainstream mix - AWQ serving read from nvidia-smi (Qwen1.5-32B-Chat-AWQ on one and two RTX 3090s,
//! Mixtral-8x7B AWQ on 2 x A100 80GB), AutoAWQ's new-kernel benchmark (Mistral 7B Instruct, RTX 4090) and a
//! 70B QLoRA under FSDP with parameter offload on two 24 GB cards (axolotl) - written down and committed
//! before the fit engine's code was read for it and scored untuned. A row the CLI cannot state counts as a
//! miss, not as a skipped row. Printed with `-- --nocapture`.

use super::each_row::{floors, scored_rows};
use bot_core::Catalog;

const TABLE: &str = include_str!("../../data/measured_memory_heldout38.tsv");

#[test]
fn public_measurements_thirty_eighth_held_out_set() {
    let catalog = Catalog::embedded().unwrap();
    let (held, _unstated) = scored_rows(
        &catalog,
        TABLE,
        "measured_memory_heldout38.tsv (held out 38, session 26)",
    );
    assert!(held.numeric >= 10 && held.verdicts >= 3);
    // Untuned (scored on mem_bl's branch from main d69b49ac, 2026-12-05): 8 of 10 numeric rows within 15 %
    // (AutoAWQ's Mistral-7B rows -13.2 % to +4.4 %, Mixtral-8x7B AWQ TP 2 nvidia-smi -5.4 %), 1 under by more
    // than 15 % (Llama-2-70B FSDP-QLoRA with parameter offload -39.3 %), Qwen1.5-32B-AWQ not stated (no
    // catalog entry); verdicts 0 of 3 (Mixtral AWQ OOM on a 31k prompt answered "fits", both Qwen1.5-32B rows
    // not stated) - docs/misses/heldout38_misses.md. After mem_bl's catalog entry `qwen1.5-32b` (from its
    // config.json): verdicts 2 of 3 (TP 2 on 2 x 3090 "tight" for a server that ran, one 3090 "no"), its
    // nvidia-smi row +21.2 % over; 8 of 10 within, 1 under, unchanged. mem_bn corrected the axolotl row's
    // replay from `--zero=3-offload` to `--zero=fsdp-offload` (the PR's YAML states PyTorch FSDP; the table's
    // header quotes it): -39.3 % -> -42.7 %, still the one row under; no mechanism for the rest was found in
    // the code read (docs/misses/heldout38_misses.md). mem_cz (session 30) corrected the seven AutoAWQ rows'
    // replay to a cache of the decode length (benchmark.py at 68c727a / v0.2.3: `max_seq_len=n_generate`; the
    // header quotes it): -13.2 / -13.2 / -12.7 / -11.8 / -9.2 / -1.5 / +4.4 % -> -13.4 / -13.4 / -13.1 /
    // -12.4 / -10.5 / -4.3 / +0.0 %; counts unchanged (8 of 10 within, 1 under, verdicts 2 of 3). The floors
    // may only tighten.
    let floor_within = 8;
    let ceiling_under = 1;
    let floor_verdicts = 2;
    floors(
        &held,
        "held out 38",
        floor_within,
        ceiling_under,
        floor_verdicts,
    );
}
