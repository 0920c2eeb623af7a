//! vLLM's own flag names said in a fit question (`TP=2`, `--tensor-parallel-size 2`,
//! `max_model_len 16384`, `max_num_seqs 32`): the cards, `ctx=` and `batch=` of `/fit`. An
//! engineer's sizing was answered on one card at the default context and batch.

use super::Reading;
use super::request::Request;

/// The number after one of `keys` (`tp=2`, `tp 2`, `max_model_len: 16384`).
fn value_of(padded: &str, keys: &[&str]) -> Option<u32> {
    keys.iter().find_map(|k| {
        let at = padded.find(k)?;
        let rest = padded[at + k.len()..].trim_start_matches([' ', '=', ':']);
        let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
        digits.parse().ok()
    })
}

/// A context length as `ctx=` writes it: `16384` → `16k`.
fn window(tokens: u32) -> String {
    if tokens >= 1024 && tokens % 1024 == 0 {
        format!("{}k", tokens / 1024)
    } else {
        tokens.to_string()
    }
}

/// `r` with the flags said, on a fit.
pub(super) fn with_flags(padded: &str, r: Reading) -> Reading {
    let Reading::Command(Request::Fit(mut a)) = r else {
        return r;
    };
    let keys = [
        "tensor-parallel-size",
        "tensor_parallel_size",
        " tp=",
        " tp ",
        "tp=",
    ];
    // And the degree said in words (`tensor parallel 2`, `-tp 2`): the lexicon's list.
    let tp = value_of(padded, &keys)
        .or_else(|| value_of(padded, crate::lexicon::TENSOR_PARALLEL_WORDS))
        .filter(|n| (2..=64).contains(n));
    if let Some(n) = tp
        && a.gpu.is_some()
        && a.cards.is_none_or(|c| c == 1)
    {
        a.cards = Some(n);
    }
    let said = |k: &str| a.options.iter().any(|(key, _)| key == k);
    let (ctx, batch, seqs_said) = (said("ctx"), said("batch"), said("seqs"));
    let len = value_of(padded, &["max_model_len", "max-model-len"]).filter(|n| *n >= 256);
    if let Some(n) = len.filter(|_| !ctx) {
        a.options.insert(0, ("ctx".to_string(), window(n)));
    }
    let seqs = value_of(padded, &["max_num_seqs", "max-num-seqs"])
        .filter(|n| (1..=crate::vram::MAX_BATCH).contains(n));
    if let Some(n) = seqs.filter(|_| !batch) {
        a.options.push(("batch".to_string(), n.to_string()));
    }
    // And the profile's rows (`vram::vllm_seqs`): a ceiling the user set, whatever the batch.
    if let Some(n) = seqs.filter(|_| !seqs_said) {
        a.options.push(("seqs".to_string(), n.to_string()));
    }
    Reading::Command(Request::Fit(a))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flags_as_said() {
        let p =
            " need vram llama-3.1-70b awq tp=2 on a100-80g max_model_len 16384 max_num_seqs 32 ";
        assert_eq!(value_of(p, &[" tp="]), Some(2));
        assert_eq!(value_of(p, &["max_model_len"]), Some(16384));
        assert_eq!(window(16384), "16k");
        assert_eq!(window(10000), "10000");
    }
}
