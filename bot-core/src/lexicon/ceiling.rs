//! Words of a ceiling and of a run's length, one table each for every reader (/pick's cap per
//! hour and budget at any step, the first sentence's facts): a ceiling said before its amount
//! (`不超过3块`, `under $1/h`, `nothing over $2.5/hr`) or after it (`$15 max`, `100块封顶`,
//! `40 dollars at most`), and a period said with a run verb (`跑一天`, `run it for a day`), which
//! is how long the job runs, never the period of a budget beside it.

/// Words before an amount that make it a ceiling.
pub const CEILING_BEFORE: &[&str] = &[
    "不超过",
    "别超过",
    "不要超过",
    "不能超过",
    "最多",
    "低于",
    "不高于",
    "上限",
    "under ",
    "below ",
    "max ",
    "max.",
    "maximum",
    "at most",
    "less than",
    "no more than",
    "not more than",
    // `nothing over $2.5/hr`, `not above 2 dollars an hour`: a ceiling said by what to refuse.
    "nothing over ",
    "not over ",
    "never over ",
    "nothing above ",
    "not above ",
    "no higher than",
    "up to",
    "cap ",
    "<=",
    "≤",
    "<",
];

/// Words after an amount that make it a ceiling (`$15 max`, `100块封顶`, `300以内`).
pub const CEILING_AFTER: &[&str] = &[
    "at the most",
    "at most",
    "maximum",
    "max",
    "tops",
    "or less",
    "封顶",
    "以内",
    "以下",
    "之内",
    "顶天",
];

/// Verbs that make a period said right after them the job's length (`跑一天`, `要跑一周`,
/// `租一个月`, `run it for a day`, `train for a week`).
pub const RUN_VERBS: &[&str] = &[
    "跑", "跑个", "跑上", "训", "训练", "租", "租个", "用", "开", "run", "run it", "running",
    "train", "training", "rent", "rent it", "keep it",
];

/// The ceiling word said right after byte `end` of `s` (spaces between allowed), if any; an
/// English word only as a whole word (`max`, never `maxwell`).
pub fn ceiling_after(s: &str, end: usize) -> Option<&'static str> {
    let rest = s.get(end..)?.trim_start();
    CEILING_AFTER.iter().copied().find(|w| {
        rest.starts_with(w)
            && !rest[w.len()..]
                .chars()
                .next()
                .is_some_and(|c| c.is_ascii_alphanumeric())
    })
}

/// Whether the period word at byte `at` of `s` is said as a run's length: right after a run
/// verb, with at most `for` between (`跑一天`, `run it for a day`).
pub fn run_length_at(s: &str, at: usize) -> bool {
    let before = s[..at].trim_end();
    let before = before.strip_suffix(" for").unwrap_or(before).trim_end();
    RUN_VERBS.iter().any(|v| {
        before.ends_with(v)
            && !before[..before.len() - v.len()]
                .chars()
                .next_back()
                .is_some_and(|c| c.is_ascii_alphabetic())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_period_after_a_run_verb_is_the_runs_length() {
        for (s, w) in [
            ("用wan2.1生成视频，跑一天，预算80块", "一天"),
            ("wan2.1出视频 要跑一天 budget 50刀", "一天"),
            ("finetune, run it for a day, budget $30", "a day"),
            ("train for a week, budget 200", "a week"),
            ("租一个月 预算2000", "一个月"),
        ] {
            let at = s.find(w).unwrap();
            assert!(run_length_at(s, at), "{s}");
        }
        for (s, w) in [
            ("一天100块预算", "一天"),
            ("预算一个月2千", "一个月"),
            ("daily budget $20, budget $20 a day", "a day"),
            ("i can spend at most $40 a week", "a week"),
            // `prerun` is no run verb.
            ("prerun a day", "a day"),
        ] {
            let at = s.find(w).unwrap();
            assert!(!run_length_at(s, at), "{s}");
        }
    }

    #[test]
    fn a_ceiling_after_its_amount() {
        for (s, amount) in [
            ("$15 max", "$15"),
            ("40 dollars at most", "40 dollars"),
            ("100块封顶", "100块"),
            ("50 bucks tops", "50 bucks"),
            ("300以内", "300"),
        ] {
            assert!(ceiling_after(s, amount.len()).is_some(), "{s}");
        }
        for (s, amount) in [("$15 maxwell", "$15"), ("$15 for 3 hours", "$15")] {
            assert!(ceiling_after(s, amount.len()).is_none(), "{s}");
        }
    }
}
