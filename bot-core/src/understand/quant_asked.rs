//! A quantization asked about rather than chosen (`flux schnell 3090 能跑吗，要fp8吗`,
//! `需要int4吗`, `要不要量化到4bit`, `do i need fp8`, `is awq necessary`): whether the job
//! needs it is the question, so the fit is asked without it, and its answer weighs the
//! 16-bit run against the form that fits (issue 24 §5). Said once, alone; two said are
//! weighed by another rule.

use crate::vram::Quant;

/// Words before a quantization that ask whether it is needed.
const NEED_BEFORE: &[&str] = &["要不要", "需不需要", "用不用", "需要", "要", "得", "必须"];
/// English words before it that ask the same.
const NEED_BEFORE_EN: &[&str] = &["do i need", "do we need", "need to use", "have to use"];
/// Words after it that close a question about it.
const ASKED_AFTER: &[&str] = &["吗", "么", "嘛", "不", "necessary", "needed", "required"];

/// Whether the one quantization said (`toks[i]`) is asked about, not chosen.
fn asked_at(toks: &[String], i: usize) -> bool {
    let before = i.checked_sub(1).map(|k| toks[k].as_str()).unwrap_or("");
    let after = toks.get(i + 1).map(String::as_str).unwrap_or("");
    let zh_need = NEED_BEFORE.iter().any(|w| before.ends_with(w));
    let closes = ASKED_AFTER.iter().any(|w| after.starts_with(w));
    // `要不要fp8`, `需不需要int4`: the question is in the words before.
    let either = ["要不要", "需不需要", "用不用"]
        .iter()
        .any(|w| before.ends_with(w));
    let en_before = toks[..i].join(" ");
    let en = NEED_BEFORE_EN.iter().any(|w| en_before.ends_with(w)) || (before == "is" && closes);
    (zh_need && closes) || either || en
}

/// The quantization dropped where the sentence asks whether it is needed (`要fp8吗`).
pub(super) fn drop_asked(toks: &[String], quants: &mut Vec<Quant>, quant: &mut Option<Quant>) {
    let [q] = quants.as_slice() else {
        return;
    };
    let q = *q;
    let at: Vec<usize> = (0..toks.len())
        .filter(|&i| toks[i].parse::<Quant>().is_ok_and(|t| t == q))
        .collect();
    if let [i] = at.as_slice()
        && asked_at(toks, *i)
    {
        quants.clear();
        *quant = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn asked(s: &str) -> bool {
        let toks = crate::understand::text::tokens(s);
        let q = toks.iter().find_map(|t| t.parse::<Quant>().ok()).unwrap();
        let (mut qs, mut one) = (vec![q], Some(q));
        drop_asked(&toks, &mut qs, &mut one);
        one.is_none()
    }

    #[test]
    fn a_quantization_asked_about_is_not_chosen() {
        assert!(asked("flux schnell 3090 能跑吗 要fp8吗"));
        assert!(asked("qwen2.5 32b 4090 需要int4吗"));
        assert!(asked("要不要int4"));
        assert!(asked("do i need fp8 for flux on a 4090"));
        assert!(asked("is awq necessary for qwen2.5 72b on two a100"));
        // Chosen: said as the job's own form.
        assert!(!asked("qwen2.5 32b int4 4090能跑吗"));
        assert!(!asked("用fp8跑flux 3090够吗"));
        assert!(!asked("要跑int4的qwen2.5 32b"));
        assert!(!asked("i need to run fp8 flux on a 3090"));
    }
}
