//! `比较` before an adjective is the adverb "rather" (`哪里租比较好找`, `比较稳的平台`, `在哪租比较
//! 方便`), never the verb "compare" (`比较一下 l20 的价格`, `l20 和 l40s 比较一下`). The cues read
//! `比较` as a comparison; the adverb is written `较` before any cue is matched, so a list that
//! means the adverb holds `较好`, `较稳` (a substring of both forms).

/// Adjectives (and verbs of ease) that `比较` grades as an adverb. A ranking question keeps its
/// reading by its own word (`哪家较便宜`: `便宜`), never by `比较`.
const GRADED: &[&str] = &[
    "好", "便宜", "贵", "快", "慢", "稳", "靠谱", "划算", "实惠", "合适", "适合", "方便", "容易",
    "难", "省心", "省钱", "省事", "友好", "简单", "常用", "热门", "流行", "大", "小", "多", "少",
    "新", "老", "安全", "可靠", "干净", "舒服", "放心",
];

/// The text with each `比较` before a graded word ([`GRADED`]) written `较`. A grade of ease
/// after a where-word (`哪儿比较好租到`) was read before, as the can-word of renting
/// ([`super::rent_ease`]).
pub fn rather_as_adverb(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find("比较") {
        let after = &rest[at + "比较".len()..];
        out.push_str(&rest[..at]);
        if GRADED.iter().any(|w| after.starts_with(w)) {
            out.push('较');
        } else {
            out.push_str("比较");
        }
        rest = after;
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rather_before_an_adjective_only() {
        assert_eq!(rather_as_adverb("哪里租比较好找"), "哪里租较好找");
        assert_eq!(rather_as_adverb("比较稳的平台"), "较稳的平台");
        assert_eq!(
            rather_as_adverb("比较一下各家 l20 的价格"),
            "比较一下各家 l20 的价格"
        );
        assert_eq!(rather_as_adverb("l20 和 l40s 比较"), "l20 和 l40s 比较");
        assert_eq!(rather_as_adverb("哪家比较便宜"), "哪家较便宜");
        // A when-word keeps the grade: how easily it is rented then.
        assert_eq!(rather_as_adverb("哪天比较好租"), "哪天较好租");
        assert_eq!(
            rather_as_adverb("什么时候比较容易租到"),
            "什么时候较容易租到"
        );
    }
}
