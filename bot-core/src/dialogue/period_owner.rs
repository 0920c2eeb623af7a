//! Which quantity a period word (`a day`, `a month`, `每天`, `per week`) belongs to (helper und_dp,
//! issue 26): the quantity of its own clause. An English period follows its quantity (`9 hours a
//! day`, `$300 a month`); a Chinese one comes before it (`每天9小时`, `每月预算2000`). A budget's
//! period had been the period word nearest the budget word, whichever quantity it followed or led,
//! so `about 9 hours a day, budget $300 a month` kept $300 a day and 9 hours a month (0.3 h a
//! day): two wrong figures said with confidence.

use crate::lexicon::CLAUSE_MARKS;

/// The byte range of the clause holding `at`.
pub(super) fn clause_of(t: &str, at: usize) -> (usize, usize) {
    let from = t[..at]
        .rfind(CLAUSE_MARKS)
        .map_or(0, |i| i + t[i..].chars().next().map_or(1, char::len_utf8));
    let to = t[at..].find(CLAUSE_MARKS).map_or(t.len(), |i| at + i);
    (from, to)
}

/// Whether a period word is said after its quantity, as English does (`a day`, `per month`,
/// `/day`, `3 hours daily`); `每天`, `daily budget` lead theirs.
fn follows_its_quantity(w: &str) -> bool {
    ["a ", "per ", "/", "an "].iter().any(|p| w.starts_with(p))
}

/// Whether the number whose digits end at `end` (and start at `start`) is money: a currency
/// sign before it, or a currency word (or `k`/`千` then one) right after it.
pub(super) fn is_money(t: &str, start: usize, end: usize) -> bool {
    let before = t[..start].trim_end();
    if before.ends_with(['$', '¥', '￥']) {
        return true;
    }
    let after = t[end..].trim_start();
    let after = after.trim_start_matches(['k', 'w', '千', '万', '百']);
    let word = unit_word(after);
    !word.is_empty() && crate::understand::currency_word(&word).is_some()
}

/// The word right after a number: a Latin word whole (`dollars`, not `doll`), else up to four
/// characters (`块钱`, `小时`).
fn unit_word(after: &str) -> String {
    let word = after
        .chars()
        .take_while(|c| !c.is_whitespace() && !c.is_ascii_digit());
    if after.starts_with(|c: char| c.is_ascii_alphabetic()) {
        word.take_while(char::is_ascii_alphabetic).collect()
    } else {
        word.take(4).collect()
    }
}

/// The digits of the last number in `t[from..to]`: its (start, end).
fn last_number(t: &str, from: usize, to: usize) -> Option<(usize, usize)> {
    let s = &t[from..to];
    let end = s.rfind(|c: char| c.is_ascii_digit())? + 1;
    // Past the character before the number, whatever its width (`¥500`: `¥` is two bytes).
    let start = s[..end]
        .char_indices()
        .rev()
        .find(|(_, c)| !(c.is_ascii_digit() || *c == '.'))
        .map_or(0, |(i, c)| i + c.len_utf8());
    Some((from + start, from + end))
}

/// The digits of the first number in `t[from..to]`.
fn first_number(t: &str, from: usize, to: usize) -> Option<(usize, usize)> {
    let s = &t[from..to];
    let start = s.find(|c: char| c.is_ascii_digit())?;
    let end = s[start..]
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .map_or(s.len(), |i| start + i);
    Some((from + start, from + end))
}

/// Whether the number at `s..e` has a unit of its own that is no money (`9 hours`, `9小时`,
/// `12个人`): what follows it up to `to`, a multiplier (`2千`, `2k`) aside, is a word that is no
/// currency, no budget word (`500以内`) and no period word right after a bare amount (`500 a
/// month`).
fn own_unit(t: &str, s: usize, e: usize, to: usize, budget_words: &[usize]) -> bool {
    if t[..s].trim_end().ends_with(['$', '¥', '￥']) {
        return false;
    }
    let rest = &t[e..to];
    let lead = rest.len() - rest.trim_start().len();
    let mut from = e + lead;
    let mut rest = rest.trim_start();
    // A multiplier glued to its number (`2千`, `2k`): money's or a count's, read past it.
    if let Some(m) = ['k', 'w', '千', '万', '百']
        .iter()
        .find(|m| rest.starts_with(**m))
    {
        let after = &rest[m.len_utf8()..];
        if after.is_empty() || after.starts_with([' ', ',', '，']) {
            return false;
        }
        from += m.len_utf8();
        rest = after;
    }
    if rest.is_empty() || budget_words.contains(&from) {
        return false;
    }
    let word = unit_word(rest);
    if word.is_empty() || crate::understand::currency_word(&word).is_some() {
        return false;
    }
    // `500 a month`, `300每月`: the period itself follows a bare amount.
    !crate::lexicon::EACH_PERIOD
        .iter()
        .any(|(p, _)| rest.starts_with(p))
}

/// Whether the period word `w` at `at` in `t` belongs to a quantity that is not money: a number
/// with a unit of its own (hours, people, tokens) right before it, for a word said after its
/// quantity (`9 hours a day`, `3 hours daily`), or right after it in its clause with no budget
/// word between, for a word that leads (`每天9小时`, `every day 3 hours`). `budget_words` are
/// the places of the budget's cue words: one between a leading period and its number makes the
/// period the budget's (`每天预算100块`, `daily budget $20`).
pub(super) fn period_of_another(t: &str, at: usize, w: &str, budget_words: &[usize]) -> bool {
    let (from, to) = clause_of(t, at);
    let latin = w.starts_with(|c: char| c.is_ascii_alphabetic() || c == '/');
    // Said after its quantity: the number just before, with a unit that is no currency.
    let before = |max_gap: usize| {
        last_number(t, from, at).is_some_and(|(s, e)| {
            t[e..at].trim().chars().count() <= max_gap
                && own_unit(t, s, e, at, budget_words)
                && !budget_words.iter().any(|b| (e..at).contains(b))
        })
    };
    if follows_its_quantity(w) {
        return before(16);
    }
    // `预算1500一个月`: a bare amount right before the period is said with it (a comma dropped by
    // normalizing leaves no clause mark to stop at, so the number after would be taken).
    if let Some((s, e)) = last_number(t, from, at)
        && t[e..at].trim().is_empty()
        && !own_unit(t, s, e, at, budget_words)
    {
        return false;
    }
    // A leading word right before a budget word is the budget's (`32k monthly budget $800`), and
    // so is one that holds the budget word (`月预算2000`).
    let end = at + w.len();
    // `9 hours every day budget $1500 per month`: a phrase of its own (`every day`, never a
    // compound like `daily budget`) right after a quantity with its unit is that quantity's,
    // though a budget word follows it (und_dr: it had been the budget's, 9 hours a month).
    if latin && w.contains(' ') && before(8) {
        return true;
    }
    if budget_words.iter().any(|b| (at..=end + 1).contains(b)) {
        return false;
    }
    // A Latin word that can go either side (`3 hours daily`, `daily 3 hours`).
    if latin && before(8) {
        return true;
    }
    // Said before its quantity: the first number after it, before any budget word.
    first_number(t, end, to).is_some_and(|(s, e)| {
        own_unit(t, s, e, to, budget_words)
            && !budget_words.iter().any(|b| (end..s).contains(b))
            && s - end <= 12
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn owned(t: &str, w: &str, cue: &str) -> bool {
        let at = t.find(w).unwrap();
        let cues: Vec<usize> = [cue, "以内"]
            .iter()
            .flat_map(|c| t.match_indices(c).map(|(i, _)| i))
            .collect();
        period_of_another(t, at, w, &cues)
    }

    #[test]
    fn a_period_belongs_to_its_own_clause() {
        for (t, w) in [
            ("about 9 hours a day, budget $300 a month", "a day"),
            ("9 hours a day budget $300", "a day"),
            ("21 hours per week, budget $250", "per week"),
            ("3 hours daily, budget $50", "daily"),
            ("每天9小时 预算300", "每天"),
            ("每天用9个小时，预算每月300块", "每天"),
            ("一周14小时 每月预算300块", "一周"),
            ("every day 3 hours, budget $50", "every day"),
            (
                "about 9 hours every day budget about $1500 per month",
                "every day",
            ),
        ] {
            assert!(
                owned(t, w, if t.is_ascii() { "budget" } else { "预算" }),
                "{t}"
            );
        }
        for (t, w) in [
            ("about 9 hours a day, budget $300 a month", "a month"),
            ("budget $300 a month 9 hours a day", "a month"),
            ("每天预算100块 每天9小时", "每天"),
            ("一天100块预算", "一天"),
            ("daily budget $20, 3 hours", "daily"),
            ("budget $20 daily", "daily"),
            ("预算每月2000", "每月"),
            ("每个月预算500块", "每个月"),
            ("context 32k monthly budget $800", "monthly"),
            ("每月500以内", "每月"),
            ("预算一个月2千，部署14b", "一个月"),
            ("budget 2k a month", "a month"),
            ("budget 500 a month", "a month"),
            // A currency sign of two or three bytes right before the amount.
            (
                " serve qwen2.5 7b  always , budget ¥500 a month ",
                "a month",
            ),
            ("预算￥800一个月", "一个月"),
            ("budget €300 a month", "a month"),
            // The period word holds the budget word; normalizing dropped the comma after it.
            (" 月预算2000 租卡跑个7b客服 ", "月预算"),
            (" 预算1500一个月 部署个7b的知识库助手 ", "一个月"),
            ("happy to spend roughly 3 dollars a day", "a day"),
        ] {
            assert!(
                !owned(t, w, if t.is_ascii() { "budget" } else { "预算" }),
                "{t}"
            );
        }
    }
}
