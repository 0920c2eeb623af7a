//! Formats said in words rather than as the format's one word: the model as published
//! (`full precision`, `unquantised`, `不量化`, `原始精度`) and a width written apart from its
//! number (`fp 16`, `bf 16`, `16 bit`, `16位`, `float 16`, `half-precision`), joined into the
//! word [`super::QUANT_WORDS`] reads.

/// Phrases that ask for a model as published, unquantized (its checkpoint's own format: BF16
/// unless the checkpoint ships FP8, MXFP4 or INT4 experts), substrings of a lower-case text.
/// `full precision` is here, never a full fine-tune (`full` alone is [`TASK_WORDS`]'s).
pub const PUBLISHED_FORMAT_PHRASES: &[&str] = &[
    "不量化",
    "不做量化",
    "不用量化",
    "不要量化",
    "不进行量化",
    "未量化",
    "无量化",
    "没量化",
    "原精度",
    "原始精度",
    "全精度",
    "满精度",
    "unquantized",
    "unquantised",
    "un-quantized",
    "un-quantised",
    "no quantization",
    "no quantisation",
    "no quant ",
    "without quantization",
    "without quantisation",
    "without quantizing",
    "not quantized",
    "not quantised",
    "non-quantized",
    "non quantized",
    "full precision",
    "full-precision",
    "full precison",
    "original precision",
    "native precision",
    "original weights",
];

/// Whether a lower-case text (padded with spaces) asks for the model as published
/// ([`PUBLISHED_FORMAT_PHRASES`]). A negation that is the second half of a yes-or-no ask
/// (`要不要量化`, `用不用量化`) asks whether to quantize and chooses no format.
pub fn published_format_said(padded: &str) -> bool {
    PUBLISHED_FORMAT_PHRASES.iter().any(|w| {
        padded
            .match_indices(w)
            .any(|(at, _)| !super::negation::yes_no_ask_at(padded, at))
    })
}

/// A format written apart (`fp 16`, `brain float 16`) and its one word. Longest first where one
/// holds another; `float` alone stays FP32, so `float 16` is joined before it is read.
pub const SPACED_FORMATS: &[(&str, &str)] = &[
    ("brain float 16", "bf16"),
    ("brain-float 16", "bf16"),
    ("bfloat 16", "bf16"),
    ("bf 16", "bf16"),
    ("float 16", "fp16"),
    ("fp 16", "fp16"),
    ("float 32", "fp32"),
    ("fp 32", "fp32"),
    ("fp 8", "fp8"),
    ("half-precision", "fp16"),
    ("half precision", "fp16"),
    ("16 bits", "16bit"),
    ("16 bit", "16bit"),
    ("16位精度", "16bit"),
    ("16位", "16bit"),
    ("8 bits", "8bit"),
    ("8 bit", "8bit"),
    ("4 bits", "4bit"),
    ("4 bit", "4bit"),
    // bitsandbytes named beside its bit width (`bnb 4bit`, `4-bit bitsandbytes`): its own
    // formats, NF4 and LLM.int8, as the grammar's `bnb4` / `bnb8` read them, never a plain int4.
    ("bitsandbytes 4bit", "bnb4bit"),
    ("bitsandbytes 4-bit", "bnb4bit"),
    ("4bit bitsandbytes", "bnb4bit"),
    ("4-bit bitsandbytes", "bnb4bit"),
    ("bnb 4bit", "bnb4bit"),
    ("bnb 4-bit", "bnb4bit"),
    ("4bit bnb", "bnb4bit"),
    ("4-bit bnb", "bnb4bit"),
    ("bitsandbytes 8bit", "bnb8"),
    ("bitsandbytes 8-bit", "bnb8"),
    ("8bit bitsandbytes", "bnb8"),
    ("8-bit bitsandbytes", "bnb8"),
    ("bnb 8bit", "bnb8"),
    ("bnb 8-bit", "bnb8"),
];

/// `text` (lower-case) with each format written apart joined into its one word, where it stands
/// as words of its own (`24 bit` holds no `4 bit`).
pub fn formats_joined(text: &str) -> String {
    let mut s = text.to_string();
    for (apart, word) in SPACED_FORMATS {
        let mut out = String::with_capacity(s.len());
        let mut rest = s.as_str();
        while let Some(at) = rest.find(apart) {
            let before = &rest[..at];
            let after = &rest[at + apart.len()..];
            let edge = |c: Option<char>| c.is_none_or(|c| !c.is_ascii_alphanumeric());
            let bounded = edge(before.chars().next_back()) && edge(after.chars().next());
            out.push_str(before);
            if bounded {
                out.push(' ');
                out.push_str(word);
                out.push(' ');
            } else {
                out.push_str(apart);
            }
            rest = after;
        }
        out.push_str(rest);
        s = out;
    }
    s
}
