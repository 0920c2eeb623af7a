//! A weekend said beside a length is WHEN the run happens, not how long it runs (helper und_ed,
//! issue 26): `周末想把毕设跑完…4090 跑三个小时多少钱` is 3 hours, `周末要跑个评测，3090 包一天` one
//! day; the weekend's two days had outranked the length the ask states (a wrong bill). A
//! weekend alone (`周末租4090多少钱`), a whole one (`整个周末`, `the whole weekend`), a weekend's
//! days counted (`周末两天`) or a rhythm (`周末每天3小时`, `weekends 5 hours a day`) are left to
//! the readers as before.

use super::span::span_at;
use super::text::{normalize, tokens};

/// A weekend's words, as typed (`週末` in Traditional script).
const WEEKENDS: &[&str] = &["周末", "週末", "weekends", "weekend"];

/// Words that make the weekend a span of its own (`整个周末`, `the whole weekend`) or count its
/// days (`周末两天`).
const WHOLE: &[&str] = &[
    "整个", "整個", "一个", "一個", "whole ", "entire ", "full ", "all ",
];
const COUNTED_AFTER: &[&str] = &["两天", "兩天", "2天", "全天", "二天"];

/// Words of a daily rhythm: the weekend is then the days the rhythm runs on.
const RHYTHM: &[&str] = &[
    "每", "天天", "per day", "a day", "each day", "every", "daily", "/day", "一天",
];

/// `text` with a weekend that is only when the run happens taken out, where another length is
/// said; as typed otherwise.
pub(super) fn plain(text: &str) -> String {
    let lower = text.to_lowercase();
    if lower.len() != text.len() || !WEEKENDS.iter().any(|w| lower.contains(w)) {
        return text.to_string();
    }
    let whole = WEEKENDS.iter().any(|w| {
        lower.match_indices(w).any(|(k, _)| {
            let before = &lower[..k];
            let after = &lower[k + w.len()..];
            WHOLE.iter().any(|m| before.ends_with(m))
                || COUNTED_AFTER
                    .iter()
                    .any(|c| after.trim_start().starts_with(c))
        })
    });
    // `包一天` is a day's span (one day), no rhythm.
    let rhythm = RHYTHM
        .iter()
        .any(|r| lower.replace("包一天", "").contains(r));
    if whole || rhythm {
        return text.to_string();
    }
    // Taken out of the text as typed (its case kept: a lower-case form of the same length).
    let mut out = text.to_string();
    for w in WEEKENDS {
        while let Some(k) = out.to_lowercase().find(w) {
            out.replace_range(k..k + w.len(), " ");
        }
    }
    let toks = tokens(&normalize(&out));
    let taken = vec![false; toks.len()];
    let length_said = (0..toks.len()).any(|i| span_at(&toks, &taken, i).is_some());
    if length_said { out } else { text.to_string() }
}

#[cfg(test)]
mod tests {
    use super::plain;

    #[test]
    fn a_weekend_beside_a_length_is_when() {
        assert!(!plain("周末想跑完，4090 跑三个小时多少钱").contains("周末"));
        assert!(!plain("this weekend i run a 4090 for 5 hours").contains("weekend"));
        assert!(!plain("周末要跑个评测，3090 包一天大概多少米").contains("周末"));
        // Alone, whole, counted or a rhythm: as typed.
        for kept in [
            "周末租4090多少钱",
            "整个周末跑4090 3小时",
            "周末两天 跑10小时",
            "周末每天3小时 4090",
            "weekends 5 hours a day on a 4090",
            "the whole weekend, 4090, 5 hours?",
        ] {
            assert_eq!(plain(kept), kept);
        }
    }
}
