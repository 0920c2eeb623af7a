//! A job's figures in a pasted command line or said in passing, written as the reader reads
//! them (the lexicon's [`crate::lexicon::job_flags`] words): a total of GPU-hours as the
//! job's length (`40 GPU-hours` was billed as the default hour), and a context flag's number
//! as `ctx=` (`-c 16384`, `--max_seq_length 4096`, `seq 2048` were dropped, so the fit was
//! sized at the default context; `4096` was even taken for a misspelt 4090).

use super::Reading;
use super::request::Request;
use crate::lexicon::{CONTEXT_FLAGS, gpu_hour_unit};
use rust_decimal::Decimal;

/// `norm` with GPU-hour totals and context flags written plainly.
pub(super) fn plain(norm: &str) -> String {
    context_flags(&gguf_names(&gpu_hours(norm)))
}

/// `qwen2.5-7b-instruct-q8_0.gguf` → `qwen2.5-7b-instruct q8_0 gguf`: the type a GGUF file's
/// name ends with is said apart, so it is read (glued, it was lost and `gguf` alone stood for
/// its usual Q4_K_M: a Q8_0 file sized at half its weight).
fn gguf_names(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 8);
    let mut rest = s;
    while let Some(at) = rest.find(".gguf") {
        let head = &rest[..at];
        let word = head.rfind([' ', '/', '=']).map_or(0, |k| k + 1);
        // The first separator after which the rest is a type (`q4_k_m` has its own `_`).
        let cut = head[word..]
            .match_indices(['-', '.', '_'])
            .map(|(k, _)| word + k)
            .find(|k| head[k + 1..].parse::<crate::vram::Quant>().is_ok());
        match cut {
            Some(k) => {
                out.push_str(&head[..k]);
                out.push(' ');
                out.push_str(&head[k + 1..]);
                out.push_str(" gguf");
            }
            None => out.push_str(&rest[..at + ".gguf".len()]),
        }
        rest = &rest[at + ".gguf".len()..];
    }
    out.push_str(rest);
    out
}

/// `40 gpu-hours`, `40 个 gpu 小时`, `40卡时` → `40小时`: the total is the length on one card.
/// A price's unit (`$2 per gpu hour`, `2元/卡时`) has a word or sign between, and a number
/// after a currency sign is an amount: neither is touched.
fn gpu_hours(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(at) = rest.find(|c: char| c.is_ascii_digit()) {
        let prev = rest[..at]
            .chars()
            .next_back()
            .or_else(|| out.chars().next_back());
        let digits = rest[at..]
            .find(|c: char| !(c.is_ascii_digit() || c == '.'))
            .map_or(rest.len(), |d| at + d);
        out.push_str(&rest[..digits]);
        let starts = !prev.is_some_and(|c| c.is_ascii_alphanumeric() || "$¥￥.".contains(c));
        let tail = rest[digits..].trim_start();
        let tail = tail.strip_prefix('个').unwrap_or(tail).trim_start();
        match gpu_hour_unit(tail).filter(|_| starts) {
            Some(u) => {
                out.push_str("小时 ");
                rest = &tail[u.len()..];
            }
            None => rest = &rest[digits..],
        }
    }
    out.push_str(rest);
    out
}

/// A total of GPU-hours on several cards (`2x h100, 40 gpu-hours`) is split between them: the
/// job runs 20 hours on two cards, never 40 (which bills 80 GPU-hours). A part of a minute is
/// rounded up, so the bill never falls short.
pub(super) fn split_between_cards(original: &str, r: Reading) -> Reading {
    if gpu_hours(original) == original {
        return r;
    }
    let split = |j: &mut crate::answer::billing::JobRequest| {
        if j.cards > 1 && j.job.work > Decimal::ZERO {
            let minute = Decimal::from(60);
            j.job.work = (j.job.work / Decimal::from(j.cards) / minute).ceil() * minute;
        }
    };
    match r {
        Reading::Command(Request::Cost(mut j)) => {
            split(&mut j);
            Reading::Command(Request::Cost(j))
        }
        Reading::Command(Request::Compare(mut j)) => {
            split(&mut j);
            Reading::Command(Request::Compare(j))
        }
        other => other,
    }
}

/// `-c 16384` → `ctx=16k`, `--max_seq_length 4096` → `ctx=4k`: a context flag (a whole word,
/// then `=`, `:` or a space) and its number of at least 256 tokens.
fn context_flags(s: &str) -> String {
    let mut out = format!(" {s} ");
    for flag in CONTEXT_FLAGS {
        let key = format!(" {flag}");
        let mut from = 0;
        while let Some(found) = out[from..].find(&key) {
            let at = from + found;
            let after = &out[at + key.len()..];
            let value = after.trim_start_matches([' ', '=', ':']);
            let digits = value.bytes().take_while(u8::is_ascii_digit).count();
            let separated = value.len() < after.len();
            let ends = !value[digits..]
                .chars()
                .next()
                .is_some_and(|c| c.is_ascii_alphanumeric());
            match value[..digits].parse::<u32>() {
                Ok(n) if separated && ends && n >= 256 => {
                    let end = out.len() - value.len() + digits;
                    let ctx = format!(" ctx={}", window(n));
                    out.replace_range(at..end, &ctx);
                    from = at + ctx.len();
                }
                _ => from = at + key.len(),
            }
        }
    }
    out.trim().to_string()
}

/// A context length as `ctx=` writes it: `16384` → `16k`.
fn window(tokens: u32) -> String {
    if tokens >= 1024 && tokens % 1024 == 0 {
        format!("{}k", tokens / 1024)
    } else {
        tokens.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gguf_types_said_apart() {
        assert_eq!(
            gguf_names("-m qwen2.5-7b-instruct-q8_0.gguf -c 1"),
            "-m qwen2.5-7b-instruct q8_0 gguf -c 1"
        );
        assert_eq!(
            gguf_names("llama-3.1-8b.q6_k.gguf"),
            "llama-3.1-8b q6_k gguf"
        );
        assert_eq!(gguf_names("model.gguf"), "model.gguf");
    }

    #[test]
    fn totals_and_flags_as_read() {
        assert_eq!(gpu_hours("40 gpu-hours of a100"), "40小时  of a100");
        assert_eq!(gpu_hours("40 个 gpu 小时"), "40小时 ");
        assert_eq!(gpu_hours("12卡时"), "12小时 ");
        assert_eq!(gpu_hours("$2 per gpu hour"), "$2 per gpu hour");
        assert_eq!(gpu_hours("$2 gpu hour"), "$2 gpu hour");
        assert_eq!(
            context_flags("llama-server -c 16384 -ngl 99"),
            "llama-server ctx=16k -ngl 99"
        );
        assert_eq!(context_flags("--max_seq_length=4096"), "ctx=4k");
        assert_eq!(context_flags("seq 2048 on a5000"), "ctx=2k on a5000");
        assert_eq!(context_flags("seq 10000"), "ctx=10000");
        // No window: a small number, or a flag inside a word.
        assert_eq!(context_flags("-c 2 x"), "-c 2 x");
        assert_eq!(context_flags("max-seqs 256"), "max-seqs 256");
    }
}
