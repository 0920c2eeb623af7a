//! An amount written as money right beside a period (`300 dollar per month`, `$300 a month`,
//! `每月300块`, `一个月300块`) is a budget of that period, a budget word said or not (issue 26
//! §4, helper und_ef): `monthly::split` takes it as its cue. It had been read as the job's
//! usage (`per month` → always on, a 10-hours-a-day job costed as 730 hours) with the money a
//! budget for the whole job, or (`一个月300块`) the money dropped. An hour is no budget's
//! period: `$2 an hour` stays the cap (`dialogue::cap`).

/// Where each amount written as money (a currency sign before it, or a currency word after:
/// `period_owner::is_money`) stands right beside one of `periods`, after its currency words
/// (`300 dollar per month`) or before the amount (`每月300块`): the amount's start, as a cue
/// with no word of its own.
pub(super) fn cues(
    t: &str,
    periods: &[&'static str],
    currency: &[&str],
) -> Vec<(usize, &'static str)> {
    let mut out = Vec::new();
    for (i, digits, j, _) in crate::lexicon::bare_amounts(t) {
        if !super::period_owner::is_money(t, i, digits) {
            continue;
        }
        let mut after = t[j..].trim_start();
        if let Some(w) = currency.iter().find(|w| after.starts_with(*w)) {
            after = after[w.len()..].trim_start();
        }
        let before = t[..i]
            .trim_end()
            .trim_end_matches(['$', '¥', '￥'])
            .trim_end();
        if periods
            .iter()
            .any(|p| after.starts_with(p.trim_start()) || before.ends_with(p.trim_end()))
        {
            out.push((i, ""));
        }
    }
    out
}
