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

/// Verbs that run a model once over each item of a set (`embed 10M documents`, `translate 50k
/// docs`): said with a counted set, one run that ends when the set is done.
const OVER_A_SET: &[&str] = &[
    "embed",
    "embedding",
    "vectorize",
    "vectorise",
    "translate",
    "translating",
    "classify",
    "classifying",
    "caption",
    "captioning",
    "transcribe",
    "transcribing",
];

/// Items a set is counted in (`10M documents`); never people or requests, which a service has.
const SET_ITEMS: &[&str] = &[
    "document", "doc", "image", "picture", "photo", "pic", "video", "clip", "file", "page", "text",
    "article", "record", "row", "sentence", "paper", "chunk", "passage",
];

/// A set's size said per period (`10k documents a day`): a stream to serve, not one set.
const PER_PERIOD: &[&str] = &[
    " a day",
    " per day",
    " daily",
    " a week",
    " per week",
    " a month",
    " per month",
    " every ",
    " an hour",
    " per hour",
    "/day",
    "/hour",
    "每天",
    "每小时",
];

/// Whether `text` (lower case) says a model run over a counted set (`need to embed 10M
/// documents`): a verb of [`OVER_A_SET`] as a word, a number right before a counted noun
/// of [`SET_ITEMS`], and no period the set recurs in.
fn set_processed(text: &str) -> bool {
    let words: Vec<&str> = text.split_whitespace().collect();
    let verb = words.iter().any(|w| {
        let w = w.trim_matches(|c: char| !c.is_ascii_alphanumeric());
        OVER_A_SET.contains(&w)
    });
    let counted = words.windows(2).any(|p| {
        let item = p[1].trim_matches(|c: char| !c.is_ascii_alphanumeric());
        let item = item.strip_suffix('s').unwrap_or(item);
        p[0].starts_with(|c: char| c.is_ascii_digit()) && SET_ITEMS.contains(&item)
    });
    let t = format!(" {text} ");
    verb && counted && !PER_PERIOD.iter().any(|p| t.contains(p))
}

/// Whether `text` (lower case) says a batch job.
pub fn batch_job(text: &str) -> bool {
    if set_processed(text) {
        return true;
    }
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

    #[test]
    fn a_model_run_over_a_counted_set_is_a_batch() {
        assert!(batch_job(
            "need to embed 10m documents with qwen3-embedding-8b to build a search index"
        ));
        assert!(batch_job("translate 50k docs with qwen2.5 7b"));
        // A set per period is a stream; a count of people or no verb over it is no batch.
        assert!(!batch_job("embed 10k documents a day for our search"));
        assert!(!batch_job("serve 20 users with an embedding model"));
        assert!(!batch_job("i have 10m documents"));
    }
}
