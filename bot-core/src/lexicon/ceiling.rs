//! Words of a ceiling and of a run's length, one table each for every reader (/pick's cap per
//! hour and budget at any step, the first sentence's facts): a ceiling said before its amount
//! (`不超过3块`, `under $1/h`, `nothing over $2.5/hr`) or after it (`$15 max`, `100块封顶`,
//! `40 dollars at most`), and a period said with a run verb (`跑一天`, `run it for a day`), which
//! is how long the job runs, never the period of a budget beside it.

/// Where a ceiling word stands beside its amount.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// Before it (`不超过3块`, `under $1/h`).
    Before,
    /// After it (`$15 max`, `100块封顶`).
    After,
}

/// What a ceiling word bounds: a quantity at most this much (`不超过`, `at most`, `最多`: a
/// budget's bound as much as a price's), or a level it must stay below (`低于`, `under`,
/// `cheaper than`: a price compared, never money to spend).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    AtMost,
    Below,
}

/// One ceiling word: its side, what it bounds, and whether it says a ceiling wherever it stands
/// in a sentence (`alone`) or only beside an amount (`最多能跑多大的模型`, `up to you`,
/// `laptops`, `三天之内` say none).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ceiling {
    pub word: &'static str,
    pub side: Side,
    pub bound: Bound,
    pub alone: bool,
}

const fn c(word: &'static str, side: Side, bound: Bound, alone: bool) -> Ceiling {
    Ceiling {
        word,
        side,
        bound,
        alone,
    }
}

use Bound::{AtMost, Below};
use Side::{After, Before};

/// Every word of a ceiling, one row per side it is said on: the one table the question reader
/// (a price cap: `understand::bare_ceiling`, `price_here`, `stock_rules`…), `/pick`'s cap per
/// hour (`dialogue::cap`) and its first sentence's budget (`understand::facts`) read. The
/// question reader had kept its own shorter lists (`CAP_WORDS`, `UNDER`), so `nothing over $2`
/// was a ceiling in `/pick` and no ceiling in a question.
pub const CEILINGS: &[Ceiling] = &[
    c("不超过", Before, AtMost, true),
    c("别超过", Before, AtMost, true),
    // `月费别过100` (pick_ak): `过` alone after the no, as `超过`.
    c("别过", Before, AtMost, true),
    c("不要超过", Before, AtMost, true),
    c("不能超过", Before, AtMost, true),
    c("最多", Before, AtMost, false),
    c("顶多", Before, AtMost, false),
    // `至多2张`: said beside an amount or a count only.
    c("至多", Before, AtMost, false),
    c("低于", Before, Below, true),
    c("不高于", Before, AtMost, true),
    // `便宜于2块`: cheaper than a price is below it.
    c("便宜于", Before, Below, true),
    c("上限", Before, AtMost, false),
    c("under ", Before, Below, true),
    // A slip of `under` people make (`4090 offers undr 0.5`).
    c("undr ", Before, Below, true),
    c("below ", Before, Below, true),
    c("max ", Before, AtMost, true),
    c("max.", Before, AtMost, false),
    c("maximum", Before, AtMost, false),
    c("at most", Before, AtMost, true),
    c("less than", Before, Below, true),
    // `fewer than 4 cards`: a count's ceiling, beside its number only.
    c("fewer than", Before, Below, false),
    c("cheaper than", Before, Below, true),
    c("no more than", Before, AtMost, true),
    c("not more than", Before, AtMost, true),
    // `nothing over $2.5/hr`, `not above 2 dollars an hour`: a ceiling said by what to refuse.
    c("nothing over ", Before, AtMost, true),
    c("not over ", Before, AtMost, true),
    c("never over ", Before, AtMost, true),
    c("nothing above ", Before, AtMost, true),
    c("not above ", Before, AtMost, true),
    c("no higher than", Before, AtMost, true),
    c("up to", Before, AtMost, false),
    c("cap ", Before, AtMost, false),
    c("<=", Before, AtMost, true),
    c("≤", Before, AtMost, true),
    c("<", Before, Below, false),
    c("at the most", After, AtMost, true),
    c("at most", After, AtMost, true),
    c("maximum", After, AtMost, false),
    c("max", After, AtMost, true),
    c("tops", After, AtMost, false),
    c("or less", After, AtMost, true),
    c("or fewer", After, AtMost, false),
    c("封顶", After, AtMost, true),
    c("以内", After, AtMost, true),
    // `8卡以下` is 8 or fewer: 以上/以下/以内 include the number said (民法典 第一千二百五十九条:
    // "以上、以下、以内、届满，包括本数").
    c("以下", After, AtMost, true),
    c("之下", After, Below, true),
    c("之内", After, AtMost, false),
    c("顶天", After, AtMost, false),
];

/// The ceiling words said on `side` of their amount.
pub fn ceiling_words(side: Side) -> impl Iterator<Item = &'static str> {
    CEILINGS
        .iter()
        .filter(move |c| c.side == side)
        .map(|c| c.word)
}

/// The words that bound a quantity at most (`不超过`, `at most`, `最多`, `max`), said before it:
/// beside money to spend, its amount is a budget (`understand::facts`, `dialogue::monthly`).
pub fn at_most_before() -> impl Iterator<Item = &'static str> {
    CEILINGS
        .iter()
        .filter(|c| c.side == Before && c.bound == AtMost)
        .map(|c| c.word)
}

/// Whether `text` says a ceiling by a word that says one wherever it stands (the question
/// reader's test for a cap beside a price it read).
pub fn ceiling_said(text: &str) -> bool {
    CEILINGS
        .iter()
        .filter(|c| c.alone)
        .any(|c| text.contains(c.word.trim_end()))
}

/// The hour a price is per (`/h`, `每小时`, `an hour`): beside a ceiling word it makes the amount
/// a cap per hour, never a budget (`/pick`'s cap, the first sentence's budget, two cards'
/// hourly difference). English ones with their space before, to be found in a padded text.
pub const PER_HOUR: &[&str] = &[
    "每小时",
    "每个小时",
    "一小时",
    "一个小时",
    "1小时",
    "每时",
    "/小时",
    "/时",
    "/hour",
    "/hr",
    "/h",
    " per hour",
    " per hr",
    " an hour",
    " a hour",
    " hourly",
    " per h",
];

/// Verbs that make a period said right after them the job's length (`跑一天`, `要跑一周`,
/// `租一个月`, `run it for a day`, `train for a week`), and a number said right after them a
/// length without its unit (`跑3 多少钱`, `训练 3 多少钱`, `running 5 how much`:
/// `understand::bare_number`, which had kept a shorter list of its own).
pub const RUN_VERBS: &[&str] = &[
    "跑", "跑个", "跑上", "训", "训练", "租", "租个", "用", "用个", "开", "run", "run it",
    "running", "train", "training", "rent", "rent it", "keep it",
];

/// Words after which a number or a period is a length, with no verb before them (`h100 for
/// 12 how much`, `run it for a day`).
pub const LENGTH_BEFORE: &[&str] = &["for"];

/// Whether `b` ends with `w`, an English `w` as a whole word (`prerun` does not end with `run`).
pub(crate) fn ends_with_word(b: &str, w: &str) -> bool {
    b.ends_with(w)
        && !(w.is_ascii()
            && b[..b.len() - w.len()]
                .chars()
                .next_back()
                .is_some_and(|c| c.is_ascii_alphanumeric()))
}

/// Whether `before` (the text before a number or a period, spaces trimmed) ends with a run verb
/// of [`RUN_VERBS`] (an English one a whole word: `prerun` is none), with a word of
/// [`LENGTH_BEFORE`] after it allowed when `verb_needed`, or that word alone when not.
pub fn run_verb_ends(before: &str, verb_needed: bool) -> bool {
    let stripped = LENGTH_BEFORE.iter().find_map(|l| {
        ends_with_word(before, l).then(|| before[..before.len() - l.len()].trim_end())
    });
    if stripped.is_some() && !verb_needed {
        return true;
    }
    let before = stripped.unwrap_or(before);
    RUN_VERBS.iter().any(|v| ends_with_word(before, v))
}

/// The ceiling word said right after byte `end` of `s` (spaces between allowed), if any; an
/// English word only as a whole word (`max`, never `maxwell`).
pub fn ceiling_after(s: &str, end: usize) -> Option<&'static str> {
    let rest = s.get(end..)?.trim_start();
    ceiling_words(After).find(|w| {
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
    run_verb_ends(s[..at].trim_end(), true)
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
    fn one_table_of_ceiling_words_for_every_reader() {
        // Said by a word that says a ceiling wherever it stands.
        for s in [
            "any h100 nothing over 2 an hour",
            "4090 not above 0.5 an hour",
            "3090 1块5 封顶",
            "a6000 0.6刀一小时之下",
            "4090 under 2",
        ] {
            assert!(ceiling_said(s), "{s}");
        }
        // A word that is a ceiling only beside an amount says none alone.
        for s in [
            "4090最多能跑多大的模型",
            "idk, up to you",
            "laptops with a 4090",
        ] {
            assert!(!ceiling_said(s), "{s}");
        }
        // Bounds at most are a budget's words too; a level below is none.
        let at_most: Vec<&str> = at_most_before().collect();
        assert!(at_most.contains(&"不超过") && at_most.contains(&"up to"));
        assert!(!at_most.contains(&"低于") && !at_most.contains(&"cheaper than"));
        // Each word once per side.
        for side in [Side::Before, Side::After] {
            let words: Vec<&str> = ceiling_words(side).collect();
            let mut once = words.clone();
            once.sort_unstable();
            once.dedup();
            assert_eq!(once.len(), words.len(), "{side:?}");
        }
    }

    #[test]
    fn a_number_after_a_run_verb_or_for() {
        assert!(run_verb_ends("autodl 4090 训练", false));
        assert!(run_verb_ends("runpod a100 running", false));
        assert!(run_verb_ends("vast 4090 用个", false));
        assert!(run_verb_ends("runpod h100 for", false));
        assert!(!run_verb_ends("runpod h100 for", true));
        assert!(run_verb_ends("run it for", true));
        assert!(!run_verb_ends("prerun", false));
        assert!(!run_verb_ends("runpod h100", false));
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
