//! Words that say a run is a try or a test, and the inference engines named in a sentence.
//! Split out of `words.rs`.

use super::squash::squash;
use crate::vram::Engine;

/// A run to test or try something (`测一下`, `验证一下`, `跑跑看`, `test it`, `just to try`): a
/// short experiment, `/pick`'s task (`dialogue::understand::task_from_sentence`).
pub const TRY_WORDS: &[&str] = &[
    "测一下",
    "测一测",
    "测测",
    "测下",
    "验证一下",
    "验证下",
    "试一下",
    "试试",
    "试跑",
    "跑跑看",
    "跑一下看看",
    "test it",
    "test run",
    "test drive",
    "try it",
    "try out",
    "kick the tires",
];

/// Whether `text` names an inference engine (`vllm`, `llama.cpp`, `ollama`, `sglang`): a job
/// run with one is inference. `llama` alone is a model family, `gguf` a file format, and
/// `transformers`/`pytorch` train as well, so those say no task.
pub fn engine_named(text: &str) -> bool {
    text.to_lowercase()
        .split(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_')))
        .filter(|w| !w.is_empty())
        .any(|w| {
            let s = squash(w);
            !matches!(
                s.as_str(),
                "llama" | "gguf" | "transformers" | "hf" | "huggingface" | "pytorch" | "torch"
            ) && w.parse::<Engine>().is_ok()
        })
}
