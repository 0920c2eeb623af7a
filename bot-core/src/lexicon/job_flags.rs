//! Words that give a job's figures in the forms engineers paste or say in passing: a context
//! length as a launcher's flag (llama.cpp `-c 16384`, `--ctx-size`; a trainer's
//! `--max_seq_length`, `--cutoff_len`; a bare `seq 2048`), a tensor-parallel degree in words
//! (`tensor parallel 2`, `-tp 2`), and a total of GPU-hours (`40 GPU-hours`, `40 个 GPU 小时`,
//! `40卡时`), which is the job's length on one card, never a price's unit.

/// Flags and words whose number is the context length (vLLM's `--max-model-len` is read by the
/// reader's vLLM pass). Each is matched as a whole word followed by its number; `-c` and `seq`
/// only with a number of at least 256 tokens, so `-c 2` or `seq 1` is no window.
pub const CONTEXT_FLAGS: &[&str] = &[
    "--ctx-size",
    "--ctx_size",
    "-c",
    "--max_seq_length",
    "--max-seq-length",
    "max_seq_length",
    "--max_seq_len",
    "--max-seq-len",
    "max_seq_len",
    "--cutoff_len",
    "--cutoff-len",
    "cutoff_len",
    "--seq_len",
    "--seq-len",
    "seq_len",
    "--sequence_len",
    "sequence_len",
    "seqlen",
    "seq len",
    "seq length",
    "sequence length",
    "seq",
];

/// Words whose number is a tensor-parallel degree, i.e. the number of cards one model is split
/// across (vLLM's `--tensor-parallel-size` and `tp=` are matched by the reader's vLLM pass).
pub const TENSOR_PARALLEL_WORDS: &[&str] = &[
    "tensor parallel size",
    "tensor parallel of",
    "tensor parallel",
    "tensor-parallel",
    "tensor_parallel",
    "--tp",
    "-tp",
    "tp size",
];

/// Units after a number that make it a total of GPU-hours (`40 gpu-hours`, `40个gpu小时`,
/// `40卡时`); longest first so `gpu-hours` is not read as `gpu-h`.
pub const GPU_HOUR_UNITS: &[&str] = &[
    "gpu-hours",
    "gpu hours",
    "gpuhours",
    "gpu-hour",
    "gpu hour",
    "gpu-hrs",
    "gpu hrs",
    "gpu-hr",
    "gpu hr",
    "gpu小时",
    "gpu 小时",
    "gpu时",
    "卡小时",
    "卡时",
];

/// The unit of [`GPU_HOUR_UNITS`] that `rest` starts with, ending a word (`gpu hourly` is none).
pub fn gpu_hour_unit(rest: &str) -> Option<&'static str> {
    GPU_HOUR_UNITS.iter().copied().find(|u| {
        rest.starts_with(u)
            && !rest[u.len()..]
                .chars()
                .next()
                .is_some_and(|c| c.is_ascii_alphanumeric())
    })
}

/// Units after a card said between a number and them (`100 a100 hours`, `30 个 4090 小时`, `50
/// h100 gpu hours`, `72 l40s 卡时`): the number is hours on that card, the total of GPU-hours
/// [`GPU_HOUR_UNITS`] says, never a count of cards. Longest first.
pub const CARD_HOUR_UNITS: &[&str] = &["hours", "hour", "hrs", "hr", "个小时", "小时", "机时"];

/// The unit of [`GPU_HOUR_UNITS`] or [`CARD_HOUR_UNITS`] that `rest` starts with, ending a word.
pub fn card_hour_unit(rest: &str) -> Option<&'static str> {
    gpu_hour_unit(rest).or_else(|| {
        CARD_HOUR_UNITS.iter().copied().find(|u| {
            rest.starts_with(u)
                && !rest[u.len()..]
                    .chars()
                    .next()
                    .is_some_and(|c| c.is_ascii_alphanumeric())
        })
    })
}
