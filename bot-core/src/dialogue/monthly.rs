//! A budget said per month (`预算每月2000`, `每个月预算500块`, `budget $300 a month`), per
//! week or per day (`一周预算500`, `一天100块预算`, `daily budget $20`): kept with its period
//! and said so. A service and a daily job are costed over one month (`card::job_for`), so a
//! month's budget compares as it is and a day's or a week's is scaled to that month
//! (`barriers::over_budget`); one run has the budget of each period it spans. It had been
//! dropped (`预算每月2000`), said as one job's budget, or its period read as the job's length
//! (`一天100块预算` as a 24-hour run) and the period's count as the amount (`一个月预算2000` as ¥1).

use rust_decimal::Decimal;
use std::str::FromStr;

/// The words that name a budget's period: the lexicon's each-period words (`每月`, `per month`,
/// `一个月`), its packages of that length (`包月` names the month a sum is for) and the period
/// words a budget alone uses (`月预算`, `/mo`); one table, `lexicon::each_period`.
fn period_words(per: Per) -> Vec<&'static str> {
    use crate::lexicon::{PACKAGES, Package, Period};
    let (p, len) = match per {
        Per::Month => (Period::Month, Package::Months(1)),
        Per::Week => (Period::Week, Package::Week),
        Per::Day => (Period::Day, Package::Day),
    };
    let mut v: Vec<&'static str> = crate::lexicon::period_words(p).collect();
    v.extend(PACKAGES.iter().filter(|(_, k)| *k == len).map(|(w, _)| *w));
    v.extend(crate::lexicon::budget_period_words(p));
    v
}

/// The period a budget is said for (kept in `Needs::budget_per`).
pub(super) use super::state::BudgetPer as Per;

/// Words of spending that make an amount beside a period a budget, beside the lexicon's budget
/// nouns and bounds on spending (`一个月最多两百`, `max $150 a month`); a number with a unit of
/// its own (`每天最多3小时`) is never the amount.
/// Money given for the job by whoever pays (`my boss give me 500 dollar per month`, `公司每月给
/// 2000`) is its budget too (pick_al, und_ec).
const SPENDING: &[&str] = &[
    "花费",
    "spend",
    "give me",
    "gives me",
    "gave me",
    "gives us",
    "give us",
    "给我",
    "给我们",
];

/// Every cue said in `t` and its place: the lexicon's budget nouns (`lexicon::budget_nouns_in`,
/// one table: `额度` and `credits` are budgets here as in a question; `credit card` is none),
/// [`SPENDING`], the lexicon's bounds on spending (`lexicon::spend_bounds`), and its ceiling
/// words of a level below (`under $300 a month`, `每月低于2000`): beside a month, a week or a
/// day, a level below bounds what is spent in it, as `at most` does. An amount per hour beside
/// one is never read here: an hour is no budget's period, so `under $2/hr` stays the cap
/// (`dialogue::cap`). Each cue where it is first said.
fn cues_in(t: &str) -> Vec<(usize, &'static str)> {
    let mut nouns: Vec<(usize, &'static str)> = crate::lexicon::budget_nouns_in(t).collect();
    nouns.sort();
    let mut seen: Vec<&str> = Vec::new();
    nouns.retain(|(_, w)| {
        !seen.contains(w) && {
            seen.push(w);
            true
        }
    });
    let below = crate::lexicon::CEILINGS
        .iter()
        .filter(|c| {
            c.side == crate::lexicon::CeilingSide::Before && c.bound == crate::lexicon::Bound::Below
        })
        .map(|c| c.word);
    let others = SPENDING
        .iter()
        .copied()
        .chain(crate::lexicon::spend_bounds())
        .chain(below)
        .chain(super::bound_after::bounds_after())
        .filter_map(|w| t.find(w).map(|i| (i, w)));
    let mut out: Vec<(usize, &'static str)> = nouns.into_iter().chain(others).collect();
    // Money right beside a period with no budget word said (`money_period`): its own cue.
    if out.is_empty() {
        let periods: Vec<&'static str> = [Per::Month, Per::Week, Per::Day]
            .into_iter()
            .flat_map(period_words)
            .collect();
        out = super::money_period::cues(t, &periods, CURRENCY_AFTER);
    }
    out
}

/// Currency words said after an amount (`5 bucks`, `100块`): part of the amount's phrase.
const CURRENCY_AFTER: &[&str] = &[
    "块钱", "块", "元", "刀", "美元", "usd", "rmb", "dollars", "dollar", "bucks",
];

/// The amount, its currency when written, the text without them, and the budget's period.
pub(super) fn split(text: &str) -> Option<(Decimal, Option<&'static str>, String, Per)> {
    let t = format!(
        " {} ",
        super::flow::hundreds(&crate::understand::normalize(text).to_lowercase())
    );
    let said = cues_in(&t);
    let mut cue = said.iter().copied().min()?;
    // Cue words said one after the other (`can spend at most $40`) are one cue: the last of them,
    // right before its amount.
    while let Some(next) = said
        .iter()
        .copied()
        .filter(|(i, _)| (cue.0 + cue.1.len()..=cue.0 + cue.1.len() + 1).contains(i))
        // Each step ends later (a money cue has no word: it never follows itself).
        .filter(|(i, w)| i + w.len() > cue.0 + cue.1.len())
        .max_by_key(|(i, w)| i + w.len())
    {
        cue = next;
    }
    // Of the periods said, the one nearest the budget word, of those in its clause that belong
    // to no other quantity (`9 hours a day, budget $300 a month`: `a day` is the hours').
    let cue_places: Vec<usize> = said.iter().map(|(i, _)| *i).collect();
    let clause = super::period_owner::clause_of(&t, cue.0);
    let (per, month) = [Per::Month, Per::Week, Per::Day]
        .into_iter()
        .flat_map(|per| {
            period_words(per)
                .into_iter()
                .flat_map(|w| t.match_indices(w).map(move |(i, _)| (per, (i, w))))
                // `跑一天，预算80块`: a period said with a run verb is the run's length.
                .filter(|(_, (i, w))| {
                    !crate::lexicon::run_length_at(&t, *i) || super::bound_after::each_period(w)
                })
                .filter(|(_, (i, w))| {
                    super::period_owner::clause_of(&t, *i) == clause
                        && !super::period_owner::period_of_another(&t, *i, w, &cue_places)
                })
                .collect::<Vec<_>>()
        })
        .min_by_key(|(_, (i, w))| {
            let end = i + w.len();
            if end <= cue.0 {
                cue.0 - end
            } else {
                i.saturating_sub(cue.0 + cue.1.len())
            }
        })?;
    // The number nearest the month word.
    let found = crate::lexicon::bare_amounts(&t);
    // Of the budget word's clause first, money-marked first (`context 32k monthly budget $800`:
    // the 32 is the context's, though nearer the period).
    let near = |(i, digits, ..): &(usize, usize, usize, i64)| {
        (
            super::period_owner::clause_of(&t, *i) != clause,
            !super::period_owner::is_money(&t, *i, *digits),
            i.abs_diff(month.0).min(i.abs_diff(cue.0)),
        )
    };
    let best = found.into_iter().min_by_key(near);
    let (i, digits, j, times) = best?;
    let amount = Decimal::from_str(&t[i..digits])
        .ok()
        .map(|a| a * Decimal::from(times))
        .filter(|a| *a > Decimal::ZERO)?;
    // A few characters either side (never cut inside one).
    let before: Vec<char> = t[..i].chars().rev().take(4).collect();
    let before: String = before.into_iter().rev().collect();
    let after: String = t[j..].chars().take(8).collect();
    let around = format!("{before}{after}");
    let currency = crate::understand::currency_word(&around).or_else(|| {
        around
            .contains('$')
            .then_some("USD")
            .or_else(|| (around.contains('¥') || around.contains('￥')).then_some("CNY"))
    });
    // Everything from the first of the three words to the last is the phrase.
    let from = i.min(month.0).min(cue.0);
    let mut to = j.max(month.0 + month.1.len()).max(cue.0 + cue.1.len());
    for w in CURRENCY_AFTER {
        if t[to..].trim_start().starts_with(w) && to == j {
            to = t.len() - t[to..].trim_start().len() + w.len();
        }
    }
    if t[from..to].chars().count() > 30 {
        return None;
    }
    // A day or a week is a budget's only right beside it (`一天100块预算`, `budget 100 a day`):
    // `每天跑3小时 预算100` is a daily use and a budget for the whole.
    if per != Per::Month && !tight(&t[from..to], month.1, &t[i..j]) {
        return None;
    }
    let rest = format!("{} {}", &t[..from], &t[to..]);
    Some((
        amount,
        currency,
        rest.split_whitespace().collect::<Vec<_>>().join(" "),
        per,
    ))
}

/// Whether a phrase holds no number but its amount and at most a few characters of words
/// beside the period, the budget word and the currency.
fn tight(phrase: &str, period: &str, amount: &str) -> bool {
    let rest = phrase.replacen(period, " ", 1).replacen(amount, " ", 1);
    // The currency's word is the amount's, not words between (`spend maybe 5 bucks a day`).
    let words = CURRENCY_AFTER
        .iter()
        .fold(phrase.to_string(), |p, w| p.replacen(w, "", 1));
    !rest.bytes().any(|b| b.is_ascii_digit()) && words.chars().count() <= 24
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn budgets_per_month() {
        for (t, amount, cur) in [
            ("部署qwen2.5 7b 一直在线 预算每月2000", "2000", None),
            ("每个月预算500块", "500", Some("CNY")),
            (
                "always-on llama 3.1 8b api for my app, budget $300 a month",
                "300",
                Some("USD"),
            ),
            ("monthly budget 150 usd", "150", Some("USD")),
        ] {
            let (a, c, rest, per) = split(t).unwrap_or_else(|| panic!("{t}"));
            assert_eq!((a, c), (Decimal::from_str(amount).unwrap(), cur), "{t}");
            assert!(!rest.contains(amount), "{t}: {rest}");
            assert_eq!(per, Per::Month, "{t}");
        }
        for t in [
            "预算50",
            "包月4090多少钱",
            "跑一个月 qwen2.5 7b",
            "budget $20 for 4 hours",
            // A daily use beside a budget for the whole is no daily budget.
            "每天跑3小时 预算100",
            "budget 50, running 2 hours a day",
            // The run's length beside a budget for the whole.
            "用wan2.1生成视频，跑一天，预算80块",
            "lora finetune qwen2.5 7b, run it for a day, budget $30",
            "租一周 预算500",
        ] {
            assert!(split(t).is_none(), "{t}");
        }
    }

    #[test]
    fn the_period_is_the_budgets_and_its_count_never_the_amount() {
        for (t, amount, per, rest_has) in [
            (
                "一个月预算2000块，想长期跑个7b的客服机器人",
                "2000",
                Per::Month,
                "7b",
            ),
            ("预算一个月2千，部署14b", "2000", Per::Month, "14b"),
            ("一天100块预算，跑sd用哪个卡", "100", Per::Day, "sd"),
            ("每天預算80元 想跑flux", "80", Per::Day, "flux"),
            ("一周预算500，租哪张卡微调14b", "500", Per::Week, "14b"),
            ("daily budget of $20 for a 7b chatbot", "20", Per::Day, "7b"),
            (
                "budget 150 usd per week, fine-tune llama 8b",
                "150",
                Per::Week,
                "8b",
            ),
            ("weekly budget 300, which card", "300", Per::Week, "card"),
        ] {
            let (a, _, rest, p) = split(t).unwrap_or_else(|| panic!("{t}"));
            assert_eq!((a, p), (Decimal::from_str(amount).unwrap(), per), "{t}");
            assert!(rest.contains(rest_has), "{t}: {rest}");
            assert!(
                !rest.contains("预算") && !rest.contains("budget"),
                "{t}: {rest}"
            );
        }
    }

    #[test]
    fn a_bound_on_spending_beside_a_period_is_a_budget() {
        for (t, amount, per) in [
            ("一个月最多两百", "200", Per::Month),
            ("每周顶多50块", "50", Per::Week),
            ("一天不超过30元", "30", Per::Day),
            ("i can spend at most $40 a week", "40", Per::Week),
            ("每个月能花300左右", "300", Per::Month),
        ] {
            let (a, _, _, p) = split(t).unwrap_or_else(|| panic!("{t}"));
            assert_eq!((a, p), (Decimal::from_str(amount).unwrap(), per), "{t}");
        }
        // A bound on hours, cards or people is no budget.
        for t in [
            "每天最多跑3小时",
            "一个月最多用两张卡",
            "at most 4 hours a day",
            "最多10个人同时用 一直在线",
        ] {
            assert!(split(t).is_none(), "{t}");
        }
    }
}
