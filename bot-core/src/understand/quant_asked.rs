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

/// Verbs that carry a model to a format (`量化到4bit`, `量化成int8`): the asking words stand
/// before the verb, the format after it.
const TO_FORMAT: &[&str] = &[
    "量化到",
    "量化成",
    "量化为",
    "量化",
    "压到",
    "压成",
    "转成",
    "转为",
];
/// Verbs of turning a format on or using it (`要不要开fp8`, `需不需要用int4`, `should i use
/// fp8`, `do i need to turn on int8`): the asking words stand before the verb, the format
/// after it, as with [`TO_FORMAT`].
const USE_VERBS: &[&str] = &["开启", "打开", "启用", "开", "用", "上"];
const USE_VERBS_EN: &[&str] = &["use", "using", "turn on", "enable", "go with", "switch to"];

/// English questions of whether to quantize (`should i quantize … to 4 bit`): the format is
/// a few words after the verb, the question right before it.
const SHOULD_EN: &[&str] = &[
    "should i",
    "should we",
    "do i need to",
    "do we need to",
    "do i have to",
    "do we have to",
    "is it worth",
    "worth it to",
    "whether to",
    "whether i should",
    "need i",
];
/// English verbs of quantizing.
const QUANTIZE_EN: &[&str] = &["quantize", "quantise", "quantizing", "quantising"];

/// `should i quantize qwen2.5 32b to 4bit`: the verb at most six words before the format,
/// right after a question of whether to.
fn should_quantize(toks: &[String], i: usize) -> bool {
    (i.saturating_sub(6)..i).any(|k| {
        QUANTIZE_EN.contains(&toks[k].as_str()) && {
            let lead = toks[..k].join(" ");
            SHOULD_EN.iter().any(|w| lead.ends_with(w))
        }
    })
}

/// Whether the text right before a quantize word asks whether to (`需不需要量化`, `should i
/// quantize`): the word names no quantization chosen.
pub(super) fn asks_whether(before: &str) -> bool {
    let before = before.trim_end();
    ["要不要", "需不需要", "用不用", "该不该", "是否"]
        .iter()
        .chain(SHOULD_EN)
        .any(|w| before.ends_with(w))
}

/// Whether a quantize word with no format, `before` and `after` it, asks whether it is needed
/// (`需要量化吗`, `要量化不`, `need quantizing?`): the asking words before, a question closed
/// after.
pub(super) fn needed_asked(before: &str, after: &str) -> bool {
    let before = before.trim_end();
    let after = after.trim_start();
    let need = NEED_BEFORE.iter().any(|w| before.ends_with(w))
        || ["need", "need to", "need to be"]
            .iter()
            .any(|w| before.ends_with(&format!(" {w}")));
    need && (after.starts_with('?') || ASKED_AFTER.iter().any(|w| after.starts_with(w)))
}

/// Whether the one quantization said (`toks[i]`) is asked about, not chosen.
fn asked_at(toks: &[String], i: usize) -> bool {
    let said = i.checked_sub(1).map(|k| toks[k].as_str()).unwrap_or("");
    // `要不要量化到4bit`: the verb between the asking words and the format is passed over.
    let before = TO_FORMAT
        .iter()
        .chain(USE_VERBS)
        .find_map(|v| said.strip_suffix(v))
        .unwrap_or(said);
    let after = toks.get(i + 1).map(String::as_str).unwrap_or("");
    let zh_need = NEED_BEFORE.iter().any(|w| before.ends_with(w));
    let closes = ASKED_AFTER.iter().any(|w| after.starts_with(w));
    // `要不要fp8`, `需不需要int4`: the question is in the words before.
    let either = ["要不要", "需不需要", "用不用"]
        .iter()
        .any(|w| before.ends_with(w));
    let en_said = toks[..i].join(" ");
    // `should i use fp8`: the verb of using passed over, as `量化到` is.
    let en_before = USE_VERBS_EN
        .iter()
        .find_map(|v| en_said.strip_suffix(v).filter(|b| b.ends_with(' ')))
        .map_or(en_said.as_str(), str::trim_end);
    let en_asks = SHOULD_EN.iter().any(|w| en_before.ends_with(w)) && en_before != en_said;
    let en = NEED_BEFORE_EN.iter().any(|w| en_before.ends_with(w))
        || en_asks
        || (before == "is" && closes);
    (zh_need && closes) || either || en || should_quantize(toks, i)
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
        assert!(asked("qwen2.5 32b在4090上要不要量化到4bit"));
        assert!(asked("需不需要量化成int8"));
        assert!(asked("should i quantize qwen2.5 32b to 4bit for a 4090"));
        assert!(asked("4090跑qwen3 14b要不要开fp8"));
        assert!(asked("should we use awq for qwen2.5 72b"));
        assert!(asked("do i need to turn on int8 for llama 3.1 8b"));
        assert!(!asked("i use fp8 for qwen3 32b, does it fit an h100"));
        assert!(!asked("要用int4跑qwen2.5 32b"));
        assert!(!asked("i quantized qwen2.5 32b to int4 does it fit a 4090"));
        assert!(!asked("qwen2.5 14b量化到4bit 3090能跑吗"));
        // Chosen: said as the job's own form.
        assert!(!asked("qwen2.5 32b int4 4090能跑吗"));
        assert!(!asked("用fp8跑flux 3090够吗"));
        assert!(!asked("要跑int4的qwen2.5 32b"));
        assert!(!asked("i need to run fp8 flux on a 3090"));
    }
}
