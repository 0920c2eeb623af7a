//! The reader's remaining misses as mechanisms on cases of my own (helper und_al, issue 26;
//! written before the change they tested): one platform asked about "for beginners"; the
//! platforms' list asked by `sites`; a month of living money is no rental length; a platform said
//! short; which of two cards is cheaper to rent with no length; a memory size after `anything
//! with`; `便宜点` as the reason for a spot card; a rate seen, per month; whether to quantize in
//! any wording; images an hour with the cheapest card asked.

use super::fresh19_share::{
    own_cases_read_right, own_labels_canonical, reading_lines as first_line,
};

const OWN: &str = include_str!("../data/questions_und_al_own.tsv");

#[test]
fn und_al_mechanisms_on_cases_of_their_own() {
    own_cases_read_right("und_al_own", OWN);
}

#[test]
fn und_al_own_labels_are_canonical_lines() {
    own_labels_canonical(OWN, |_| false);
}

/// Every way of asking WHETHER to quantize reads the same: no quantization chosen (the fit's
/// answer weighs 16-bit against the form that fits); the negation said as an instruction is bf16.
#[test]
fn whether_to_quantize_reads_the_same_in_every_wording() {
    for asked in [
        "a6000跑qwen2.5 32b要不要量化",
        "a6000跑qwen2.5 32b用不用量化",
        "a6000跑qwen2.5 32b需不需要量化",
        "a6000跑qwen2.5 32b需要量化吗",
        "a6000跑qwen2.5 32b要量化吗",
        "should i quantize qwen2.5 32b for an a6000",
    ] {
        let lines = first_line(asked);
        assert_eq!(
            lines,
            vec!["/fit qwen2.5-32b rtx-a6000".to_string()],
            "{asked}"
        );
    }
    for told in [
        "a6000跑qwen2.5 32b，不要量化",
        "a6000跑qwen2.5 32b，不用量化",
        "a6000跑qwen2.5 32b，不量化",
        "不要量化，a6000跑qwen2.5 32b行吗",
    ] {
        let lines = first_line(told);
        assert_eq!(
            lines,
            vec!["/fit qwen2.5-32b bf16 rtx-a6000".to_string()],
            "{told}"
        );
    }
}
