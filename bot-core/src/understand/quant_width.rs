//! `mixtral 8x7b 量化后 4090 能跑吗`, `llama 3.1 70b quantized on two 3090s`: a model said to be
//! quantized with no bit width. A 16-bit verdict answers another question and 4-bit is only one
//! of the usual widths, so the fit is asked back at 4 bits and at 8 (int4 first: what
//! "quantized" most often means for a model too big to run in 16 bits), never guessed.

use super::Reading;
use super::request::Request;
use crate::vram::{Quant, Task};

/// Words saying a model is quantized, with no width.
const QUANTIZED: &[&str] = &[
    "量化",
    "quantized",
    "quantised",
    "quantize",
    "quantise",
    "quantization",
    "quantisation",
    "quant",
];

/// Words before a quantized word that deny it (`不量化`, `not quantized`); `unquantized` is
/// one word and never matches `quantized` at a word's start.
const DENIED: &[&str] = &[
    "不", "未", "无", "没", "没有", "别", "非", "not ", "no ", "without ",
];

/// Whether `padded` says quantized (not denied) as a word of its own.
fn said_quantized(padded: &str) -> bool {
    QUANTIZED.iter().any(|w| {
        padded.match_indices(w).any(|(at, _)| {
            let before = &padded[..at];
            let after = &padded[at + w.len()..];
            let word = !w.is_ascii()
                || (!before.ends_with(|c: char| c.is_ascii_alphanumeric() || c == '-')
                    && !after.starts_with(|c: char| c.is_ascii_alphabetic()));
            // `需不需要量化成int8`: whether to quantize is asked, no width left unsaid.
            word && !DENIED.iter().any(|d| before.ends_with(d))
                && !super::quant_asked::asks_whether(before)
                && !super::quant_asked::needed_asked(before, after)
        })
    })
}

/// A fit of a model said to be quantized without its width: asked back at int4 and int8;
/// `reading` unchanged when a width was said, or a method that trains was asked.
pub(super) fn asked_back(norm: &str, reading: Reading) -> Reading {
    let Reading::Command(Request::Fit(f)) = &reading else {
        return reading;
    };
    let trains = f.task.is_some_and(|t| t != Task::Infer);
    if f.quant.is_some() || trains || !said_quantized(&format!(" {norm} ")) {
        return reading;
    }
    let at = |q: Quant| {
        let mut each = f.clone();
        each.quant = Some(q);
        Request::Fit(each)
    };
    Reading::Ask(vec![at(Quant::Int4), at(Quant::Int8)])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quantized_is_said_and_denied() {
        for t in [
            " mixtral 量化后 4090 ",
            " llama 70b quantized on a 3090 ",
            " gemma quantised? ",
            " 量化版的 qwen ",
            " can i quantize it ",
            " with quantization on a 4090 ",
        ] {
            assert!(said_quantized(t), "{t}");
        }
        for t in [
            " 不量化 ",
            " 没有量化的 ",
            " unquantized ",
            " without quantization ",
            " not quantized ",
            " quantity ",
        ] {
            assert!(!said_quantized(t), "{t}");
        }
    }
}
