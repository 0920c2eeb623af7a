//! A batch job said by its words (`批量翻译一百万篇文档`, `batch translate a million documents`,
//! `离线推理`, `in bulk`): a run of inference over a set of inputs that ends when they are done,
//! so one run, never a service kept on. `batch size`, `batch=8`, `批量大小` say a sizing option,
//! never a job.

/// Words of a batch job, found inside a run of Chinese or as an English phrase.
pub const BATCH_WORDS: &[&str] = &[
    "批量",
    "离线推理",
    "批处理",
    "跑批",
    "batch ",
    "batch-",
    "bulk ",
    "in bulk",
    "offline inference",
];

/// What turns a batch word into a sizing option when it follows it (`batch size 8`,
/// `批量大小`, `batch=4`).
const SIZE_AFTER: &[&str] = &["size", "大小", "=", ":", "_size"];

/// Whether `text` (lower case) says a batch job.
pub fn batch_job(text: &str) -> bool {
    let t = format!(" {text} ");
    BATCH_WORDS.iter().any(|w| {
        t.match_indices(w).any(|(i, _)| {
            let before = &t[..i];
            // `microbatch`, `a batch` as part of a longer word is not the word.
            if w.starts_with(|c: char| c.is_ascii_alphabetic())
                && before.ends_with(|c: char| c.is_ascii_alphanumeric())
            {
                return false;
            }
            let after = t[i + w.len()..].trim_start();
            !SIZE_AFTER.iter().any(|s| after.starts_with(s))
                && !after.starts_with(|c: char| c.is_ascii_digit())
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_batch_job_is_no_batch_size() {
        for t in [
            "要用qwen2.5-7b批量翻译一百万篇文档",
            "batch translate a million documents with qwen2.5-14b",
            "run a batch job over 200k emails",
            "summarize the reviews in bulk",
            "用vllm做离线推理",
        ] {
            assert!(batch_job(&t.to_lowercase()), "{t}");
        }
        for t in [
            "batch size 8",
            "batch=4",
            "批量大小设成16",
            "microbatch 2",
            "lora微调qwen2.5-7b",
            "batch 32 ctx 4k",
        ] {
            assert!(!batch_job(&t.to_lowercase()), "{t}");
        }
    }
}
