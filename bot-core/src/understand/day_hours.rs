//! Hours a day said with the day first (`一天跑3个小时`, `每天大概跑3个小时`, `a day about 3
//! hours`): regular use, `daily 3h`. Read alone, `一天` was one 24-hour job (eight times the
//! bill) and `a day … 3 hours` a few minutes a day. Minutes a day the same (`一天跑20分钟`, `一天
//! 跑20m`): before (helper und_cm), `一天` alone was read, one day held, the minutes dropped.

use super::request::Usage;
use rust_decimal::Decimal;

/// Words between the day and its hours that say nothing of them.
const FILLER: &[&str] = &[
    "大概",
    "大约",
    "差不多",
    "估计",
    "基本",
    "可能",
    "也就",
    "就",
    "要",
    "会",
    "跑",
    "用",
    "开",
    "租",
    "训练",
    "训",
    "约",
    "about",
    "around",
    "roughly",
    "like",
    "maybe",
    "for",
    "i",
    "we",
    "run",
    "use",
    "it",
    "~",
    ",",
    "，",
];

/// Hour units after the number.
const HOURS: &[&str] = &[
    "个小时",
    "小时",
    "个钟头",
    "个钟",
    "钟头",
    "hours",
    "hour",
    "hrs",
    "hr",
    "h",
];

/// Minute units after the number; a bare `m` only where the sentence makes it minutes
/// (`m_minutes`: the bare `m`'s senses, `volume_unit::m_unit`).
const MINUTES: &[&str] = &["分钟", "minutes", "minute", "mins", "min"];

/// The usage with hours (or minutes) a day put in, when the text says a day and then its
/// hours; `m_minutes`: a bare `m` after a number is minutes in this sentence.
pub(super) fn per_day(norm: &str, usage: &mut Option<Usage>, m_minutes: bool) {
    // The words of each day are the lexicon's (`lexicon::EACH_PERIOD`, `一天` and `everyday`
    // included). Nights as a habit (`每晚跑4小时`) are the spans' (`span::find_span`), which
    // leave a month's package said beside them (`包月`) its say.
    for d in crate::lexicon::period_words(crate::lexicon::Period::Day) {
        for (at, _) in norm.match_indices(d) {
            if !crate::lexicon::stands_at(norm, at, d) {
                continue;
            }
            if let Some(s) = length_after(&norm[at + d.len()..], m_minutes) {
                *usage = Some(Usage::Daily(s));
                return;
            }
        }
    }
}

/// The seconds of the hours (more than 0, less than 24) or minutes (less than a day's) said at
/// the start of `rest`, past filler words.
fn length_after(rest: &str, m_minutes: bool) -> Option<Decimal> {
    let mut rest = rest;
    // Fillers, a few at most (`大概就跑`, `about`).
    for _ in 0..6 {
        let t = rest.trim_start();
        match FILLER.iter().find(|f| {
            t.starts_with(*f)
                && (!f.is_ascii() || !t[f.len()..].starts_with(|c: char| c.is_ascii_alphabetic()))
        }) {
            Some(f) => rest = &t[f.len()..],
            None => {
                rest = t;
                break;
            }
        }
    }
    let digits: String = rest
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == '.')
        .collect();
    let n: Decimal = digits.parse().ok()?;
    let unit = rest[digits.len()..].trim_start();
    let ends = |u: &str| {
        unit.starts_with(u) && !unit[u.len()..].starts_with(|c: char| c.is_ascii_alphanumeric())
    };
    if n <= Decimal::ZERO {
        return None;
    }
    if HOURS.iter().any(|u| ends(u)) {
        return (n < Decimal::from(24)).then(|| n * Decimal::from(3600));
    }
    let minutes = MINUTES.iter().any(|u| ends(u)) || (m_minutes && ends("m"));
    (minutes && n < Decimal::from(1440)).then(|| n * Decimal::from(60))
}
