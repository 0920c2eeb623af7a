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
    llama_slots(padded, &mut a.options);
    Reading::Command(Request::Fit(a))
}

/// llama-server's parallel slots (`-np 4`, `--parallel 4`): that many sequences at once, the
/// batch. They share one cache of `-c` tokens: llama.cpp gives each slot `n_ctx / n_seq_max`
/// (`src/llama-context.cpp`, `n_ctx_per_seq = cparams.n_ctx / cparams.n_seq_max`; the cache
/// holds `n_ctx` cells, unified or split into one stream per slot), so the fit is `batch=N`
/// at `ctx=` the window over N, never N windows. No `-c` said: the fit's default window is the
/// one split (llama.cpp's `common_params.n_ctx` was 4096 too; newer builds take the model's
/// trained window when `-c` is 0, which the answer's ctx line shows). The flag is llama.cpp's,
/// so its engine when none is said.
fn llama_slots(padded: &str, options: &mut Vec<(String, String)>) {
    let said = |o: &[(String, String)], k: &str| o.iter().any(|(key, _)| key == k);
    let Some(n) = value_of(padded, &[" -np", "--parallel", "--n-parallel"])
        .filter(|n| (2..=crate::vram::MAX_BATCH).contains(n))
    else {
        return;
    };
    if said(options, "batch") {
        return;
    }
    let ctx = options
        .iter()
        .find(|(k, _)| k == "ctx")
        .map_or(Some(crate::vram::DEFAULT_CONTEXT), |(_, v)| tokens_of(v));
    let Some(per_slot) = ctx.map(|c| c / n).filter(|c| *c >= 1) else {
        return;
    };
    options.retain(|(k, _)| k != "ctx");
    options.insert(0, ("ctx".to_string(), window(per_slot)));
    // The batch before the engine, as `/fit` lines are written.
    let engine_at = options.iter().position(|(k, _)| k == "engine");
    let at = engine_at.unwrap_or(options.len());
    options.insert(at, ("batch".to_string(), n.to_string()));
    if engine_at.is_none() {
        options.push(("engine".to_string(), "llamacpp".to_string()));
    }
}

/// A `ctx=` value as tokens: `16k` → 16384, `10000` → 10000.
fn tokens_of(v: &str) -> Option<u32> {
    match v.strip_suffix('k') {
        Some(k) => k.parse::<u32>().ok()?.checked_mul(1024),
        None => v.parse().ok(),
    }
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

    #[test]
    fn llama_server_slots_split_the_window() {
        let mut o = vec![("ctx".to_string(), "32k".to_string())];
        llama_slots(" llama-server -np 8 ctx=32k ", &mut o);
        let get = |k: &str| o.iter().find(|(key, _)| key == k).map(|(_, v)| v.clone());
        assert_eq!(get("ctx").as_deref(), Some("4k"));
        assert_eq!(get("batch").as_deref(), Some("8"));
        assert_eq!(get("engine").as_deref(), Some("llamacpp"));
        // No window said: the default one, split.
        let mut o = Vec::new();
        llama_slots(" llama.cpp --parallel 4 ", &mut o);
        let want = crate::vram::DEFAULT_CONTEXT / 4;
        assert!(o.contains(&("ctx".to_string(), window(want))), "{o:?}");
        // A batch said wins; vLLM's tensor parallel is no slot count.
        let mut o = vec![("batch".to_string(), "2".to_string())];
        llama_slots(" -np 4 ", &mut o);
        assert_eq!(o.len(), 1);
        let mut o = Vec::new();
        llama_slots(" vllm --tensor-parallel-size 2 ", &mut o);
        assert!(o.is_empty());
    }
}
