//! A whole span said in words (`整晚`, `一整周`, `the whole night`, `an entire afternoon`): the
//! marks of wholeness and the units they can mark (helper und_df, issue 26). The span readers
//! write the ones they read in digits (`一整天` → `1天`, `整晚` → `8小时`); one left as said was
//! not read, and a bill must not fall back to the one-hour default beside it.

/// Marks that say a span is whole, longest first where one ends another.
pub const WHOLE_MARKS_ZH: &[&str] = &["一整个", "一整", "整个", "整"];
/// … in English, as whole words.
pub const WHOLE_MARKS_EN: &[&str] = &["whole ", "entire ", "full "];

/// Units of time a whole mark can mark.
pub const WHOLE_UNITS_ZH: &[&str] = &[
    "天", "日", "晚", "夜", "周", "星期", "礼拜", "月", "年", "下午", "上午", "白天", "周末",
];
/// … in English.
pub const WHOLE_UNITS_EN: &[&str] = &[
    "day",
    "night",
    "week",
    "weekend",
    "month",
    "year",
    "afternoon",
    "morning",
    "evening",
];

/// The first whole span said in `text` as words (a mark right before a unit), if any.
pub fn whole_span_said(text: &str) -> Option<&str> {
    for (at, _) in text.char_indices() {
        let rest = &text[at..];
        for m in WHOLE_MARKS_ZH {
            if let Some(u) = rest.strip_prefix(m)
                && let Some(unit) = WHOLE_UNITS_ZH.iter().find(|w| u.starts_with(**w))
            {
                return Some(&rest[..m.len() + unit.len()]);
            }
        }
        let word_start = text[..at]
            .chars()
            .next_back()
            .is_none_or(|c| !c.is_ascii_alphanumeric());
        if !word_start {
            continue;
        }
        for m in WHOLE_MARKS_EN {
            if let Some(u) = rest.strip_prefix(m)
                && let Some(unit) = WHOLE_UNITS_EN.iter().find(|w| {
                    u.strip_prefix(**w).is_some_and(|t| {
                        !t.starts_with(|c: char| c.is_ascii_alphabetic() && c != 's')
                    })
                })
            {
                return Some(&rest[..m.len() + unit.len()]);
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::whole_span_said;

    #[test]
    fn a_whole_span_left_in_words_is_found() {
        assert_eq!(
            whole_span_said("4090跑一整个下午多少钱"),
            Some("一整个下午")
        );
        assert_eq!(
            whole_span_said("runpod 4090 an entire afternoon"),
            Some("entire afternoon")
        );
        assert_eq!(whole_span_said("整晚跑"), Some("整晚"));
        // Read spans are in digits; a whole model (`full fine-tune`) is no span.
        assert_eq!(whole_span_said("4090跑1天"), None);
        assert_eq!(whole_span_said("full fine-tune of a whole model"), None);
    }
}
