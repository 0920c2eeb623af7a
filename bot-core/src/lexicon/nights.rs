//! A night, one list of its words, and what the words around it make of it (issue 26): one night
//! is a length, 8 hours (`一晚上`, `通宵`, `overnight`); nights as a habit are a daily pattern, 8
//! hours a day (`每晚`, `只在晚上`, `nights only`). Two tables had kept the same words for the two
//! meanings and drifted (`每晚` a pattern in one and nothing in the other; `overnight` a length
//! in one only). `晚上` alone (`晚上更容易有货吗`) is an hour of the day, neither.

/// What a night said means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NightSense {
    /// One night: a length of 8 hours.
    One,
    /// Every night: 8 hours a day.
    Nightly,
}

/// The night's words: Chinese after their marker, English after theirs (with a space).
const NIGHT_ZH: &[&str] = &["晚上", "晚", "宿", "通宵"];
const NIGHT_EN: &[&str] = &["night", "nights"];

/// Chinese markers before a night word and the sense they give it (`一整晚`, `1个通宵`, `每晚`,
/// `只在晚上`). `通宵` alone is one night (it is never an hour of the day).
const MARK_ZH: &[(&str, NightSense)] = &[
    ("一整", NightSense::One),
    // `整晚`, `整夜` without its `一`: the whole night, one night (it fell to the 1-hour default).
    ("整", NightSense::One),
    ("一个", NightSense::One),
    ("1个", NightSense::One),
    ("一", NightSense::One),
    ("每天", NightSense::Nightly),
    ("每", NightSense::Nightly),
    ("只在", NightSense::Nightly),
    ("只有", NightSense::Nightly),
    ("只", NightSense::Nightly),
];

/// English markers before a night (`a night`, `overnight`-like phrases, `every night`).
const MARK_EN: &[(&str, NightSense)] = &[
    ("all ", NightSense::One),
    ("whole ", NightSense::One),
    // `the full night`, `an entire night`: one night, as `the whole night` (und_df).
    ("full ", NightSense::One),
    ("entire ", NightSense::One),
    ("for the ", NightSense::One),
    ("through the ", NightSense::One),
    (" one ", NightSense::One),
    (" 1 ", NightSense::One),
    (" a ", NightSense::One),
    ("every ", NightSense::Nightly),
    ("each ", NightSense::Nightly),
    ("only at ", NightSense::Nightly),
    ("only ", NightSense::Nightly),
];

/// Whole words that are a night by themselves: `overnight` one; `nightly`, `nights only`
/// a habit.
const WHOLE: &[(&str, NightSense)] = &[
    ("overnight", NightSense::One),
    ("通宵", NightSense::One),
    // `整夜` (und_df); never `一夜` alone, which `一天一夜` (a whole day, 24 h) holds.
    ("一整夜", NightSense::One),
    ("整夜", NightSense::One),
    ("nightly", NightSense::Nightly),
    ("nights only", NightSense::Nightly),
];

/// Every night phrase and its sense, longest first (`一晚上` before `一晚`, `每天晚上` before `每晚`).
pub fn night_phrases() -> &'static [(String, NightSense)] {
    static PHRASES: std::sync::OnceLock<Vec<(String, NightSense)>> = std::sync::OnceLock::new();
    PHRASES.get_or_init(|| {
        let mut v: Vec<(String, NightSense)> =
            WHOLE.iter().map(|(w, s)| (w.to_string(), *s)).collect();
        for (m, s) in MARK_ZH {
            v.extend(NIGHT_ZH.iter().map(|n| (format!("{m}{n}"), *s)));
        }
        for (m, s) in MARK_EN {
            v.extend(NIGHT_EN.iter().map(|n| (format!("{m}{n}"), *s)));
        }
        v.sort_by_key(|(w, _)| std::cmp::Reverse(w.len()));
        v.dedup_by(|a, b| a.0 == b.0);
        v
    })
}

/// The sense of the first night said in `text` (lower case), if any.
pub fn night_said(text: &str) -> Option<NightSense> {
    let padded = format!(" {text} ");
    night_phrases()
        .iter()
        .filter_map(|(w, s)| padded.find(w.as_str()).map(|k| (k, *s)))
        .min_by_key(|(k, _)| *k)
        .map(|(_, s)| s)
}

/// The text with each night of `sense` written as `zh` (a Chinese phrase) or `en` (an English
/// one), longest phrase first.
pub fn nights_as(text: &str, sense: NightSense, zh: &str, en: &str) -> String {
    let padded = format!(" {text} ");
    let out = night_phrases()
        .iter()
        .filter(|(_, s)| *s == sense)
        .fold(padded, |t, (w, _)| {
            let to = if w.is_ascii() { en } else { zh };
            let mut out = String::with_capacity(t.len());
            let mut last = 0;
            for (k, _) in t.match_indices(w.as_str()) {
                out.push_str(&t[last..k]);
                // `l40s一晚上` → `l40s 8小时`, never a card named `l40s8`.
                if to.starts_with(|c: char| c.is_ascii_digit())
                    && out.ends_with(|c: char| c.is_ascii_alphanumeric())
                {
                    out.push(' ');
                }
                out.push_str(to);
                last = k + w.len();
            }
            out.push_str(&t[last..]);
            out
        });
    out[1..out.len() - 1].to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_words_around_a_night_decide_it() {
        for t in [
            "跑一晚上",
            "通宵",
            "一宿",
            "overnight",
            "for a night",
            "all night",
            // Without `一`, with `夜`, or `full`/`entire` (und_df): one night still.
            "整晚跑",
            "跑整夜",
            "the full night",
            "an entire night",
        ] {
            assert_eq!(night_said(t), Some(NightSense::One), "{t}");
        }
        for t in [
            "每晚跑",
            "只在晚上跑",
            "每天晚上",
            "every night",
            "nights only",
            "nightly",
        ] {
            assert_eq!(night_said(t), Some(NightSense::Nightly), "{t}");
        }
        assert_eq!(night_said("晚上更容易有货吗"), None);
        assert_eq!(night_said("knights"), None);
    }

    #[test]
    fn nights_written_by_sense() {
        assert_eq!(
            nights_as("l40s一晚上", NightSense::One, "8小时", " 8h "),
            "l40s 8小时"
        );
        assert_eq!(
            nights_as("4090跑一晚上", NightSense::One, "8小时", " 8h "),
            "4090跑8小时"
        );
        assert_eq!(
            nights_as("4090每晚跑", NightSense::One, "8小时", " 8h "),
            "4090每晚跑"
        );
        assert_eq!(
            nights_as(
                "4090每天晚上跑",
                NightSense::Nightly,
                "每天8小时",
                " 8 hours a day "
            ),
            "4090每天8小时跑"
        );
    }
}
