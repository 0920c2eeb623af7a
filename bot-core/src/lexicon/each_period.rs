//! The words that say "each day", "each week", "each month" or "on working days", in one table
//! (issue 26: one lexicon decides what a word means). Six rules had kept their own lists (the hours
//! of a day, weekdays beside hours, a token volume's period after or before its count, an API's
//! daily volume, a pasted row's other period), and a word in one list and missing from another
//! was read in one place and dropped in the next (`天天` made hours daily but no token volume
//! a day's; `each month` made a volume a month's before its count, not after). Every rule now reads
//! this table, each for the periods it needs.

/// What a word of the table says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Period {
    /// Each day (`每天`, `daily`, `/day`).
    Day,
    /// Each week (`每周`, `weekly`).
    Week,
    /// Each month (`每月`, `monthly`, `月均`).
    Month,
    /// Monday to Friday (`工作日`, `weekdays`): five days a week.
    WorkingDays,
}

/// Each word once, with what it says; longest first where one contains another (`每个星期`
/// before nothing shorter, `周一到周五` before `周一`). Chinese numerals reach some rules as digits
/// (`一天` as `1天`), so both spellings are kept.
pub const EACH_PERIOD: &[(&str, Period)] = &[
    ("每天", Period::Day),
    ("每日", Period::Day),
    ("天天", Period::Day),
    ("一天", Period::Day),
    ("1天", Period::Day),
    ("/天", Period::Day),
    ("a day", Period::Day),
    ("per day", Period::Day),
    ("each day", Period::Day),
    ("every day", Period::Day),
    // One word, as many write it (`everyday 2 hour`): it had been no period, so the hours were
    // one run, a month's bill thirty times too small.
    ("everyday", Period::Day),
    ("daily", Period::Day),
    ("/day", Period::Day),
    // `about 3 hours every evening` (pick_ao, und_ec): a part of each day is each day's; it had
    // been one run of 3 h for a service, its month thirty times too small.
    ("every evening", Period::Day),
    ("each evening", Period::Day),
    ("every morning", Period::Day),
    ("each morning", Period::Day),
    ("every afternoon", Period::Day),
    ("each afternoon", Period::Day),
    ("每周", Period::Week),
    ("每个星期", Period::Week),
    ("每星期", Period::Week),
    ("一周", Period::Week),
    ("1周", Period::Week),
    ("周用量", Period::Week),
    ("a week", Period::Week),
    ("per week", Period::Week),
    ("each week", Period::Week),
    ("every week", Period::Week),
    ("weekly", Period::Week),
    ("/week", Period::Week),
    ("每月", Period::Month),
    ("每个月", Period::Month),
    ("一个月", Period::Month),
    ("1个月", Period::Month),
    ("月均", Period::Month),
    ("月用量", Period::Month),
    ("月调用", Period::Month),
    ("月度", Period::Month),
    ("a month", Period::Month),
    ("per month", Period::Month),
    ("each month", Period::Month),
    ("every month", Period::Month),
    ("monthly", Period::Month),
    ("/month", Period::Month),
    ("周一到周五", Period::WorkingDays),
    ("周一至周五", Period::WorkingDays),
    ("星期一到星期五", Period::WorkingDays),
    ("工作日", Period::WorkingDays),
    ("monday to friday", Period::WorkingDays),
    ("monday through friday", Period::WorkingDays),
    ("monday-friday", Period::WorkingDays),
    ("mon-fri", Period::WorkingDays),
    ("business days", Period::WorkingDays),
    ("working days", Period::WorkingDays),
    ("work days", Period::WorkingDays),
    ("workdays", Period::WorkingDays),
    ("weekdays", Period::WorkingDays),
];

/// Words of the table that also say a length (`租一个月`, `for a month`, `跑1天`): a span as
/// much as a rate. A rule that needs "each" only (a budget's period) reads `rate_words`; the
/// length itself (`/compare … always`, `days=30`) stays the span rules' (`span.rs`). Kept apart,
/// never merged: `for a month` is how long, `per month` how often.
pub const ALSO_A_LENGTH: &[&str] = &[
    "一天",
    "1天",
    "a day",
    "一周",
    "1周",
    "a week",
    "一个月",
    "1个月",
    "a month",
];

/// The words that make hours each day's, for every reader of hours (issue 26: one reading of a
/// daily rhythm, where /pick's usage step, the question reader's spans and its hours-after-a-day
/// rule had each kept a list): the table's words of each day that say no length (`每天`, `天天`,
/// `everyday`, `daily`, `/day`), and nights said as a habit (`每晚`, `every night`, `nightly`:
/// the lexicon's nights), whose hours are each day's. Longest first.
pub fn daily_rhythm_words() -> &'static [&'static str] {
    static WORDS: std::sync::OnceLock<Vec<&'static str>> = std::sync::OnceLock::new();
    WORDS.get_or_init(|| {
        let mut v: Vec<&'static str> = rate_words(Period::Day).collect();
        v.extend(
            super::night_phrases()
                .iter()
                .filter(|(_, s)| *s == super::NightSense::Nightly)
                .map(|(w, _)| w.trim()),
        );
        v.sort_by_key(|w| std::cmp::Reverse(w.len()));
        v.dedup();
        v
    })
}

/// How many of the tokens from `k` say a daily rhythm ([`daily_rhythm_words`]): a Latin word
/// whole (`everyday`, `every` `night`), a Chinese one at the token's start (`每天用`, `每晚跑`).
pub fn daily_rhythm_at(toks: &[String], k: usize) -> Option<usize> {
    daily_rhythm_words().iter().find_map(|w| {
        let parts: Vec<&str> = w.split(' ').collect();
        let said = toks.get(k..k + parts.len())?;
        let whole = said.iter().zip(&parts).all(|(t, p)| {
            if p.is_ascii() {
                t == p
            } else {
                t.starts_with(p)
            }
        });
        whole.then_some(parts.len())
    })
}

/// Whether the tokens before `i` end with a daily rhythm (`everyday 2 hour`, `每天 4小时`): a
/// Chinese word anywhere in the last token (`我每天`).
pub fn daily_rhythm_before(toks: &[String], i: usize) -> bool {
    daily_rhythm_words().iter().any(|w| {
        let parts: Vec<&str> = w.split(' ').collect();
        let Some(said) = i.checked_sub(parts.len()).and_then(|s| toks.get(s..i)) else {
            return false;
        };
        said.iter()
            .zip(&parts)
            .all(|(t, p)| if p.is_ascii() { t == p } else { t.contains(p) })
    })
}

/// The words of period `p` that say "each" only, never a length (`每月`, `per month`, `monthly`).
pub fn rate_words(p: Period) -> impl Iterator<Item = &'static str> {
    period_words(p).filter(|w| !ALSO_A_LENGTH.contains(w))
}

/// The words of the periods `ps`, longest first (for a rule that strips a prefix or a suffix).
pub fn words_longest_first(ps: &[Period]) -> Vec<&'static str> {
    let mut v: Vec<&'static str> = EACH_PERIOD
        .iter()
        .filter(|(_, p)| ps.contains(p))
        .map(|(w, _)| *w)
        .collect();
    v.sort_by_key(|w| std::cmp::Reverse(w.len()));
    v
}

/// The words of one period, in the table's order.
pub fn period_words(p: Period) -> impl Iterator<Item = &'static str> {
    EACH_PERIOD
        .iter()
        .filter(move |(_, q)| *q == p)
        .map(|(w, _)| *w)
}

/// Whether `word` stands at byte `at` of `s` as itself: a word led by a digit (`1天`) not inside a
/// longer number (`21天` is twenty-one days, not a day).
pub fn stands_at(s: &str, at: usize, word: &str) -> bool {
    !(word.starts_with(|c: char| c.is_ascii_digit())
        && s[..at].ends_with(|c: char| c.is_ascii_digit() || c == '.'))
}

/// The first period word said in `s` (by position), and its period.
pub fn first_period(s: &str) -> Option<(usize, &'static str, Period)> {
    EACH_PERIOD
        .iter()
        .filter(|(_, p)| *p != Period::WorkingDays)
        .filter_map(|(w, p)| {
            s.match_indices(*w)
                .find(|(at, _)| stands_at(s, *at, w))
                .map(|(at, _)| (at, *w, *p))
        })
        .min_by_key(|(at, w, _)| (*at, std::cmp::Reverse(w.len())))
}

/// Whether `s` says a word of period `p` anywhere.
pub fn says(s: &str, p: Period) -> bool {
    period_words(p).any(|w| s.match_indices(w).any(|(at, _)| stands_at(s, at, w)))
}

/// Whether `s` starts with a word of period `p`.
pub fn starts_with(s: &str, p: Period) -> bool {
    period_words(p).any(|w| s.starts_with(w))
}

#[cfg(test)]
mod tests {
    use super::{
        EACH_PERIOD, Period, daily_rhythm_at, daily_rhythm_before, daily_rhythm_words,
        first_period, says,
    };

    fn toks(s: &str) -> Vec<String> {
        s.split_whitespace().map(str::to_string).collect()
    }

    #[test]
    fn a_daily_rhythm_is_one_list() {
        for w in [
            "everyday",
            "every day",
            "daily",
            "每天",
            "天天",
            "每日",
            "每晚",
            "nightly",
        ] {
            assert!(daily_rhythm_words().contains(&w), "{w}");
        }
        // A day as a length is no rhythm; a night alone is one night.
        for w in ["一天", "a day", "1天", "一晚", "overnight"] {
            assert!(!daily_rhythm_words().contains(&w), "{w}");
        }
        assert_eq!(daily_rhythm_at(&toks("everyday 2 hour"), 0), Some(1));
        assert_eq!(daily_rhythm_at(&toks("every night 6 hours"), 0), Some(2));
        assert_eq!(daily_rhythm_at(&toks("每晚跑 6 小时"), 0), Some(1));
        assert_eq!(daily_rhythm_at(&toks("every 2 hours"), 0), None);
        assert!(daily_rhythm_before(&toks("everyday 2 hour"), 1));
        assert!(daily_rhythm_before(&toks("i use it every day 2 hour"), 5));
        assert!(!daily_rhythm_before(&toks("for a day 2 hour"), 3));
    }

    #[test]
    fn each_word_once() {
        for (k, (w, _)) in EACH_PERIOD.iter().enumerate() {
            assert!(
                !EACH_PERIOD[k + 1..].iter().any(|(v, _)| v == w),
                "{w} twice"
            );
        }
    }

    #[test]
    fn a_period_read_by_its_word() {
        assert_eq!(
            first_period(" m tokens 每个星期").map(|p| p.2),
            Some(Period::Week)
        );
        assert_eq!(
            first_period(" tokens each month").map(|p| p.2),
            Some(Period::Month)
        );
        assert_eq!(first_period(" tokens 天天").map(|p| p.2), Some(Period::Day));
        assert!(says("跑1天", Period::Day));
        assert!(says(" everyday 2 hour", Period::Day));
        assert!(!says("跑21天", Period::Day));
    }
}
