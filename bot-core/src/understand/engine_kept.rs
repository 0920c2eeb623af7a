//! The serving engine named (`用 ollama 跑`, `with vllm`) kept on every `/fit` the sentence is
//! read as, found in the words as typed (a word pass spelled `ollama` into `llama` beside a
//! distill's name) and added on the paths built apart from `intent::fit` (a memory size as the
//! card, the family ask-back), which dropped it. Ollama lays layers out by its own estimate
//! (whether they spill to the CPU), so the engine changes the answer.

use super::Reading;
use super::cues;
use super::request::Request;

fn with_one(engine: &str, r: &mut Request) {
    if let Request::Fit(f) = r
        && !f.options.iter().any(|(k, _)| k == "engine")
    {
        f.options.push(("engine".to_string(), engine.to_string()));
    }
}

/// `r` with the engine the sentence names on each `/fit` (a command or the choices asked back).
pub(super) fn with_engine(padded: &str, mut r: Reading) -> Reading {
    let Some(engine) = cues::engine(padded) else {
        return r;
    };
    match &mut r {
        Reading::Command(req) => with_one(&engine, req),
        Reading::Ask(asks) => asks.iter_mut().for_each(|a| with_one(&engine, a)),
        Reading::Unknown => {}
    }
    r
}
