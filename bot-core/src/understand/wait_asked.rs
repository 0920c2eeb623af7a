//! A wait for a price to fall (`等两个月H20会便宜吗`, `will the l40s drop in a month`, `should I
//! wait for h100 prices to drop`): a question about where the price is heading, `/trend`, never
//! a rental as long as the wait. Read as a length, the wait was billed: a two-month bill for
//! someone asking whether to wait two months.

use super::Reading;
use super::price_ahead::price_ahead_asked;
use super::question::Question;
use super::trend_job::trend_for;
use super::words::ALERT_WORDS;

/// Asking whether to wait, enough alone beside one card.
const SHOULD_WAIT: &[&str] = &[
    "should i wait",
    "should we wait",
    "worth waiting",
    "worth the wait",
    "better to wait",
    "hold off",
    "要不要等",
    "值不值得等",
    "值得等",
    "该不该等",
    "是不是该等",
    "等等再租",
    "等等看",
];
/// Waiting, or a time ahead, that asks about the price then only with a fall said.
const AHEAD: &[&str] = &[
    " wait ",
    // At the message's start too (`waiting for the l40s price to go down, worth it?`).
    "wait for ",
    "waiting for ",
    "wait until",
    "wait till",
    " waiting ",
    " hold out",
    " in a week",
    " in a month",
    " in a few ",
    " in a couple of ",
    " next week",
    " next month",
    " next quarter",
    " next year",
    " later this year",
    " by the end of the year",
    " soon",
    "再等",
    "等到",
    "等着",
    "等它",
    "等降",
    "下周",
    "下个月",
    "下月",
    "下季度",
    "明年",
    "年底",
    "以后",
    "过段时间",
    "过一阵",
    "过阵子",
    "将来",
    // `等4090降价`: 等 beside a fall said (the fall is required with every word of this list).
    "等",
    // The price's way ahead asked outright (`3090 价格会不会再降`, `will the a100 get cheaper`).
    "会不会再",
    // `H100价格会不会降`: the plainer form, the fall right after.
    "会不会降",
    "会不会跌",
    "会不会便宜",
    "会不会掉价",
    "还会降",
    "还会跌",
    "会继续降",
    "会继续跌",
    " will it ",
    " will prices ",
    " will the price",
    " going to drop",
    " going to fall",
    " going to get cheaper",
];
/// A price going down.
const DOWN: &[&str] = &[
    "便宜",
    "降",
    "跌",
    "掉价",
    "价格下来",
    "cheaper",
    "drop",
    "go down",
    "come down",
    "fall",
    "less expensive",
    "price cut",
];
/// Two things weighed: a ranking's question, not a wait.
const WEIGHED: &[&str] = &["哪个", "哪家", "which", "还是", " vs", "versus"];
/// Units of a wait long enough for a price to move (a wait of hours is the job's).
const LONG_UNITS: &[&str] = &[
    "天",
    "周",
    "个月",
    "月",
    "年",
    "礼拜",
    "星期",
    "段时间",
    "阵",
];

/// `等两个月`, `过2周`, `等几天`: `等` or `过` with a count of days, weeks, months or years after
/// it (`超过2周`, `跑过`: no wait).
fn waited_for(padded: &str) -> bool {
    ["等", "过"].iter().any(|w| {
        padded.match_indices(w).any(|(at, _)| {
            let before = padded[..at].chars().next_back().unwrap_or(' ');
            let after = &padded[at + w.len()..];
            let after = after.strip_prefix('了').unwrap_or(after);
            let n = after
                .char_indices()
                .find(|(_, c)| !(c.is_ascii_digit() || "几一两二三四五六七八九十半.".contains(*c)))
                .map_or(after.len(), |(i, _)| i);
            let unit = after[n..].trim_start_matches('个');
            let unit = if after[n..].starts_with("个月") {
                "个月"
            } else {
                unit
            };
            !"超不用跑做".contains(before)
                && n > 0
                && LONG_UNITS.iter().any(|u| unit.starts_with(u))
        })
    })
}

/// `/trend <card>` (with the job when one model is named) for a wait for one card's price.
pub(super) fn wait_asked(q: &Question) -> Option<Reading> {
    let [g] = q.e.gpus.as_slice() else {
        return None;
    };
    let p = q.padded;
    let falls = q.has(DOWN);
    // The way ahead asked yes/no (`会跌吗`) with no length or span said: a span is the history's
    // window (`price_moved`), a length the rental's own price.
    let ahead = q.e.usage.is_none() && q.days().is_none() && price_ahead_asked(p);
    let wait = q.has(SHOULD_WAIT) || (falls && (q.has(AHEAD) || waited_for(p))) || ahead;
    if !wait || q.has(ALERT_WORDS) || q.has(WEIGHED) || q.e.platforms.len() > 1 {
        return None;
    }
    trend_for(q, &g.gpu)
}

#[cfg(test)]
mod tests {
    use super::waited_for;

    #[test]
    fn a_wait_is_days_or_more_after_wait_or_pass() {
        assert!(waited_for(" 等2个月h20会便宜吗 "));
        assert!(waited_for(" 过2周h100会不会便宜点 "));
        assert!(waited_for(" 再等几天 "));
        assert!(waited_for(" 等半年 "));
        // A job's hours, a length exceeded, a thing done: no wait.
        assert!(!waited_for(" 等3小时能跑完吗 "));
        assert!(!waited_for(" 超过2周 "));
        assert!(!waited_for(" 跑过3天 "));
    }
}
