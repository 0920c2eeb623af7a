//! Hong Kong Cantonese as `/pick`'s steps hear it (issue 26 §4, helper und_ef): the written
//! Cantonese words of an answer as the Mandarin words each step's table is written in
//! (`最平嗰張` → `最便宜那张`, `唔使實名` → `不用实名`, `冇其他喇` → `没有其他了`), and `得` (all
//! right) said alone as `行`. The question reader's own table (`understand::spellings`) writes
//! Cantonese as its cue words (`冇` → `没` of `有没有`); a step's answer is a whole word
//! (`没有`, `不用`), so its table is this one.

/// Cantonese words and the Mandarin step words they are, longest first where one starts another.
/// Traditional characters are folded before (`嗰張` is read as `嗰张`).
const YUE: &[(&str, &str)] = &[
    // `唔該` is thanks, never a `唔` (not) before `该`.
    ("唔该", "谢谢"),
    ("唔使", "不用"),
    ("唔洗", "不用"),
    ("唔需要", "不需要"),
    ("唔要", "不要"),
    ("唔好", "不要"),
    ("唔系", "不是"),
    ("冇", "没有"),
    ("最平", "最便宜"),
    ("平啲", "便宜点"),
    ("嗰", "那"),
    ("嘅", "的"),
    ("咗", "了"),
    ("喇", "了"),
    ("开住", "开着"),
    ("系", "是"),
];

/// `得` (all right) and its closing particles, said alone: a yes.
const OK_ALONE: &[&str] = &["得", "得喇", "得啦", "得嘞", "得㗎"];

/// `text` (Traditional already folded) with its Cantonese step words as Mandarin; `text` as it
/// is where it holds none.
pub fn yue_as_mandarin(text: &str) -> String {
    let t = text.trim();
    if OK_ALONE.contains(&t.trim_end_matches(['!', '！', '~', '～', '。', '.'])) {
        return "行".to_string();
    }
    // `系` is also a Simplified character of its own (`系统`, `关系`): read as `是` only where
    // the message is written in Cantonese (one of the table's words beside it).
    let cantonese = YUE
        .iter()
        .filter(|(w, _)| *w != "系")
        .any(|(w, _)| text.contains(w));
    if !cantonese {
        return text.to_string();
    }
    YUE.iter()
        .fold(text.to_string(), |t, (w, m)| t.replace(w, m))
}

#[cfg(test)]
mod tests {
    use super::yue_as_mandarin;

    #[test]
    fn cantonese_answers_as_the_steps_words() {
        for (t, m) in [
            ("最平嗰张", "最便宜那张"),
            ("唔使实名", "不用实名"),
            ("冇其他喇", "没有其他了"),
            ("冇", "没有"),
            ("得", "行"),
            ("得喇！", "行"),
            ("唔该晒", "谢谢晒"),
            ("一直开住", "一直开着"),
        ] {
            assert_eq!(yue_as_mandarin(t), m, "{t}");
        }
        // Mandarin stays, `系` in a Mandarin word included.
        for t in ["系统盘要大", "得多少钱", "4090", "没有"] {
            assert_eq!(yue_as_mandarin(t), t, "{t}");
        }
    }
}
