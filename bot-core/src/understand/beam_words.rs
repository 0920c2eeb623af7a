//! Beam search said in a fit question (`num_beams=8`, `beam search with 4 beams`, `8 beams`,
//! `束搜索 4`, `束宽为8`, `4束`): `/fit`'s `beams=` (`vram::beams`). Without it the beams were
//! dropped and a generate of N beams was sized as one sequence.

use super::Reading;
use super::request::Request;

/// Words naming the number of beams when the number follows them, longest first.
const BEFORE: &[&str] = &[
    "num_beams",
    "num-beams",
    "beam_size",
    "beam size",
    "beam_width",
    "beam width",
    "beam search",
    "beam-search",
    "beamsearch",
    "束搜索宽度",
    "束搜索",
    "束宽",
    "束大小",
    "beams",
];
/// Words between a key and its number (`beam search with 4`, `束宽为8`).
const FILLER: &[&str] = &[
    "with", "of", "=", ":", "：", "为", "是", "设为", "宽度", "数",
];
/// Words naming the beams when the number comes first (`8 beams`, `4束`, `4个beam`).
const AFTER: &[&str] = &["beams", "beam", "束", "个beam", "个束"];

/// The digits at the start of `s`, as a count.
fn leading_number(s: &str) -> Option<u32> {
    let digits: String = s.chars().take_while(char::is_ascii_digit).collect();
    digits.parse().ok()
}

/// The number right after one of `BEFORE`, fillers skipped.
fn after_key(padded: &str) -> Option<u32> {
    BEFORE.iter().find_map(|k| {
        let at = padded.find(k)?;
        let mut rest = padded[at + k.len()..].trim_start();
        while let Some(f) = FILLER.iter().find(|f| rest.starts_with(**f)) {
            rest = rest[f.len()..].trim_start();
        }
        leading_number(rest)
    })
}

/// A number followed by one of `AFTER` (`8 beams`, `4束`).
fn before_word(padded: &str) -> Option<u32> {
    AFTER.iter().find_map(|w| {
        padded.match_indices(w).find_map(|(at, _)| {
            let head = padded[..at].trim_end();
            let digits: String = head
                .chars()
                .rev()
                .take_while(char::is_ascii_digit)
                .collect::<Vec<_>>()
                .into_iter()
                .rev()
                .collect();
            // `8 beams` or `4束`, never a number glued to letters before it (`qwen3-8beams`).
            let start = head.len() - digits.len();
            let glued = head[..start].ends_with(|c: char| c.is_ascii_alphabetic());
            (!glued).then(|| digits.parse().ok()).flatten()
        })
    })
}

/// The beams said in `padded`, when in range.
pub(super) fn beams_said(padded: &str) -> Option<u32> {
    after_key(padded)
        .or_else(|| before_word(padded))
        .filter(|n| (1..=crate::vram::MAX_BEAMS).contains(n))
}

/// `r` with the beams said, on a fit that has none yet.
pub(super) fn with_beams(padded: &str, r: Reading) -> Reading {
    let Reading::Command(Request::Fit(mut a)) = r else {
        return r;
    };
    if !a.options.iter().any(|(k, _)| k == "beams")
        && let Some(n) = beams_said(padded)
    {
        a.options.push(("beams".to_string(), n.to_string()));
    }
    Reading::Command(Request::Fit(a))
}

#[cfg(test)]
mod tests {
    use super::beams_said;

    #[test]
    fn beams_as_said() {
        for (text, n) in [
            (" phi-3-mini num_beams=40 on a6000 ", Some(40)),
            (" beam search with 4 beams on a 4090 ", Some(4)),
            (" generate with 8 beams ", Some(8)),
            (" 束搜索 4 用 4090 ", Some(4)),
            (" 束宽为8 ", Some(8)),
            (" 用4束生成 ", Some(4)),
            (" beam size: 6 ", Some(6)),
            (" qwen3-8b on a 4090 ", None),
            (" beam search on a 4090 ", None),
            (" num_beams=100000 ", None),
        ] {
            assert_eq!(beams_said(text), n, "{text}");
        }
    }
}
