//! How long and how much: a job's duration as people say it (parts that add up, every day,
//! always on) and a daily volume of tokens.

use super::request::Usage;
use crate::lexicon;
use rust_decimal::Decimal;

fn is_number(t: &str) -> bool {
    !t.is_empty() && t.chars().all(|c| c.is_ascii_digit() || c == '.')
}

/// A decimal written apart from the multiplier after it (`2.5 million`, `4.5 亿`): a count only
/// with the multiplier, which the caller applies (`token_count` takes whole counts).
fn decimal_count(t: &str, next: Option<&String>) -> Option<f64> {
    let next = next?.as_str();
    let multiplied = lexicon::CJK_MULTIPLIERS
        .iter()
        .any(|(w, _)| next.starts_with(w))
        || matches!(next, "million" | "billion" | "thousand");
    (multiplied && is_number(t) && t.contains('.'))
        .then(|| t.parse::<f64>().ok())
        .flatten()
        .filter(|v| v.is_finite() && *v > 0.0)
}

/// Tokens per day: `2000万token`, `一千万token` (`1千万`), `20m tokens`, `1亿 tokens`,
/// `5 million tokens`. A count said with its day (or month) wins over one said without: in
/// `api 一百万 token 2块钱 我每天一亿 token` the first is the API price's unit.
pub(super) fn find_volume(toks: &[String]) -> Option<u64> {
    let mut unmarked = None;
    for (i, t) in toks.iter().enumerate() {
        // `a million tokens daily`: one million said with an article.
        let one_said = matches!(t.as_str(), "a" | "one")
            && matches!(
                toks.get(i + 1).map(String::as_str),
                Some("million" | "billion")
            );
        if !one_said && !t.chars().next().is_some_and(|c| c.is_ascii_digit()) {
            continue;
        }
        let Some(mut n) = (if one_said {
            Some(1.0)
        } else {
            lexicon::token_count(t).or_else(|| decimal_count(t, toks.get(i + 1)))
        }) else {
            continue;
        };
        let mut next = i + 1;
        let mut tail = toks.get(next).map(String::as_str).unwrap_or("");
        // A multiplier said in words (`万`, `million`), not a suffix (`20m` may be minutes).
        let mut worded = false;
        if let Some((w, m)) = lexicon::CJK_MULTIPLIERS
            .iter()
            .find(|(w, _)| tail.starts_with(w))
        {
            worded = true;
            n *= m;
            // `一千万个token`: the measure word before what is counted.
            tail = tail[w.len()..].trim_start_matches('个');
            if tail.is_empty() {
                next += 1;
                tail = toks.get(next).map(String::as_str).unwrap_or("");
            }
        } else if let Some(m) = match tail {
            "million" => Some(1e6),
            "billion" => Some(1e9),
            "thousand" => Some(1e3),
            _ => None,
        } {
            worded = true;
            n *= m;
            next += 1;
            tail = toks.get(next).map(String::as_str).unwrap_or("");
        }
        // `50 tokens/s`, `每秒50个token`: a speed asked, never a day's volume.
        if per_second(toks, i, next) {
            continue;
        }
        // `每月三亿token`, `90m tokens a month`: a month's volume is 30 days' (a week's 7).
        let days = period_days(toks, i, next, tail);
        let marked = days > 1.0 || daily_marker_before(toks, i) || daily_marker_at(toks, next + 1);
        if tail.starts_with("tok") && (1.0..1e15).contains(&n) {
            if marked {
                return Some((n / days) as u64);
            }
            unmarked = unmarked.or(Some((n / days) as u64));
            continue;
        }
        // `每天五百万`, `一天一千万`, `50m a day`: a large count said per day is tokens, the
        // only thing counted by the million per day here (`每天8小时` is a duration, `8` is
        // no volume).
        let per_day = daily_marker_before(toks, i)
            || daily_tokens_before(toks, i)
            || tail.starts_with("每天")
            || tail.starts_with("/天")
            || daily_marker_at(toks, next);
        if (per_day || days > 1.0) && worded && is_number(t) && (1e5..1e15).contains(&n) {
            return Some((n / days) as u64);
        }
    }
    unmarked
}

/// Whether the count at word `i` (what it counts from word `next`) is said per second: `50
/// tokens/s`, `50 tok/s`, `50 tokens per second`, `每秒50个token`, `50个token每秒`, `50 tps`.
pub(super) fn per_second(toks: &[String], i: usize, next: usize) -> bool {
    let at = |k: usize| toks.get(k).map(String::as_str).unwrap_or("");
    let second = |w: &str| {
        w.contains("/s")
            || w.contains("/秒")
            || w.starts_with("每秒")
            || w.starts_with("一秒")
            || w == "tps"
    };
    let before = i
        .checked_sub(1)
        .is_some_and(|p| toks[p].ends_with("每秒") || toks[p].ends_with("一秒"));
    // The word counted may come after a measure word (`50 个 token`).
    let counted = if at(next).starts_with('个') && at(next).len() == '个'.len_utf8() {
        next + 1
    } else {
        next
    };
    before
        || (counted..=counted + 1).any(|k| second(at(k)))
        || (matches!(at(counted + 1), "per" | "a" | "each") && at(counted + 2).starts_with("sec"))
}

/// Whether a speed in tokens a second is said anywhere (`每秒50个token`, `30 tok/s`).
pub(super) fn speed_said(toks: &[String]) -> bool {
    (0..toks.len()).any(|i| is_number(&toks[i]) && per_second(toks, i, i + 1))
}

/// The days a count of tokens is said over: 30 for a month (`每月`, `一个月`, `per month`,
/// `every month`), 7 for a week, else 1 (a day, or no period: `/tco` reads a volume per day). The
/// period words are the lexicon's (`lexicon::EACH_PERIOD`): this list had lacked `every month`
/// and `each month`, so `300 million tokens every month` was read as a day's 300m.
fn period_days(toks: &[String], i: usize, next: usize, tail: &str) -> f64 {
    use crate::lexicon::{Period, period_words};
    let w = |j: usize| toks.get(j).map(String::as_str).unwrap_or("");
    let before = i.checked_sub(1).map_or("", w);
    // After the count: the rest of its word (`亿token每月`) and the two words after `tokens`.
    let after = format!("{tail} {} {} {}", w(next + 1), w(next + 2), w(next + 3));
    // Beside the table: `个月` (the count after `这个月` is this month's too) and `/mo`.
    let extra = |p: Period| match p {
        Period::Month => &["个月", "/mo"][..],
        _ => &[][..],
    };
    // A Chinese word may end the word before the count (`每月3亿`); an English one stands after.
    let said = |p: Period| {
        period_words(p)
            .chain(extra(p).iter().copied())
            .any(|z| (!z.is_ascii() && before.ends_with(z)) || after.contains(z))
            || (p == Period::Month && before == "month")
    };
    if said(Period::Month) {
        30.0
    } else if said(Period::Week) {
        7.0
    } else {
        super::volume_period::said_before(toks, i).unwrap_or(1.0)
    }
}

/// `每天` / `一天` / `每日` / `daily` right before a count.
fn daily_marker_before(toks: &[String], i: usize) -> bool {
    let Some(p) = i.checked_sub(1).and_then(|k| toks.get(k)) else {
        return false;
    };
    let one_day = p == "天"
        && i >= 2
        && (toks[i - 2] == "1" || toks[i - 2].ends_with('每') || toks[i - 2].ends_with('一'));
    p.ends_with("每天") || p.ends_with("每日") || p == "daily" || p == "per-day" || one_day
}

/// `每天token量大概2000万`, `daily token volume is about 20 million`: a day and then tokens
/// named as the topic a few words before the count, with no other number between (the day
/// marker said first, the tokens' noun after it).
fn daily_tokens_before(toks: &[String], i: usize) -> bool {
    let mut tokens = false;
    for k in (i.saturating_sub(5)..i).rev() {
        let w = toks[k].as_str();
        if w.starts_with(|c: char| c.is_ascii_digit()) {
            return false;
        }
        if w.starts_with("tok") {
            tokens = true;
        } else if tokens
            && (w.starts_with("每天")
                || w.starts_with("每日")
                || w == "daily"
                || (w == "day" && k > 0 && matches!(toks[k - 1].as_str(), "a" | "per" | "each")))
        {
            return true;
        }
    }
    false
}

/// `a day`, `per day`, `/day`, `daily`, `每天`, `一天` right after a count.
fn daily_marker_at(toks: &[String], k: usize) -> bool {
    let w = |j: usize| toks.get(j).map(String::as_str).unwrap_or("");
    // The lexicon's daily rhythm (`daily`, `everyday`, `每天`, `every night`), and the day as a
    // unit after a span (`8 hours a day`, `/d`).
    lexicon::daily_rhythm_at(toks, k).is_some()
        || matches!(w(k), "/d" | "per-day")
        || (matches!(w(k), "a" | "per" | "each" | "every") && w(k + 1) == "day")
        || w(k).starts_with("/天")
}

/// `8 hours of h100 a day`, `5 hours of an a100 every day`: the card said between the span and
/// its day (it was one 8-hour run, a month's bill about thirty times too small).
fn of_card_then_daily(toks: &[String], taken: &[bool], k: usize) -> bool {
    if toks.get(k).is_none_or(|t| t != "of") {
        return false;
    }
    let mut j = k + 1;
    if toks
        .get(j)
        .is_some_and(|t| matches!(t.as_str(), "a" | "an" | "the"))
    {
        j += 1;
    }
    let card = (j..toks.len().min(j + 3))
        .take_while(|&i| taken.get(i).copied().unwrap_or(false))
        .count();
    card > 0 && daily_marker_at(toks, j + card)
}

/// Units after a number, as the lexicon's duration grammar reads them.
const DURATION_UNITS: &[&str] = &[
    "个小时",
    "小时",
    "分钟",
    "个月",
    "天",
    "周",
    "星期",
    "秒",
    "seconds",
    "second",
    "secs",
    "sec",
    "min",
    "mins",
    "minutes",
    "minute",
    "h",
    "hr",
    "hrs",
    "hours",
    "hour",
    "days",
    "day",
    "weeks",
    "week",
    "months",
    "month",
    "年",
    "years",
    "year",
];

/// How long the job runs: `40分钟`, `2小时30分钟` (the parts add up), `2.5小时`, `90 minutes`,
/// `1h30m`, `a day`, `always`; `每天4小时` / `daily 4h` is every day. Words taken as a card or a
/// model (`4090d`, `7b`) are not durations.
pub(super) fn find_usage(toks: &[String], taken: &[bool]) -> Option<Usage> {
    // The lexicon's always-on table, inside a Chinese run too (`4090常驻`), and a month's
    // package (`包月`, which the text keeps beside the month it spans): a month held, priced as
    // the monthly plan. `长期` and `全天` are not in it (below).
    let always = |t: &String| {
        lexicon::is_always_on(t)
            || lexicon::always_on_words().any(|w| !w.is_ascii() && t.contains(w))
            || lexicon::says_month_package(t)
    };
    // `runpod is always running out of a100s`: `always` before a verb says what happens.
    let on = |(i, t): (usize, &String)| {
        always(t)
            && !(t == "always" && lexicon::always_of_a_verb(toks.get(i + 1).map(String::as_str)))
    };
    if toks.iter().enumerate().any(on) {
        // `6 hours a day, what's the monthly bill?`: `monthly` alone names the bill's period;
        // a day's hours said beside it are the use (a daily job is priced over a month).
        let bill_only = toks.iter().filter(|t| always(t)).all(|t| t == "monthly");
        if bill_only && let Some(Usage::Daily(d)) = find_span(toks, taken) {
            return Some(Usage::Daily(d));
        }
        return Some(Usage::Always);
    }
    // One month in words ("a 4090 for a month", `一个月多少钱`) asks a month's rent, like
    // `包月`: always on, so monthly plans are weighed. A one-off 730-hour job plus its boot
    // minutes would overrun one plan and rank a dearer hourly row first. Two months stay a span.
    let month = lexicon::duration("1mo").ok();
    match find_span(toks, taken) {
        Some(Usage::Once(s)) if Some(s) == month => Some(Usage::Always),
        // No use said: a long rental (`长期租`) is priced as the month it is quoted for, and all
        // day (`全天`) is that day's 24 hours (the lexicon's decisions).
        None if toks.iter().any(|t| lexicon::is_long_rental(t)) => Some(Usage::Always),
        None if toks.iter().any(|t| {
            lexicon::WHOLE_DAY
                .iter()
                .any(|w| t == w || (!w.is_ascii() && t.contains(w) && !t.contains("全天候")))
        }) =>
        {
            lexicon::duration("1d").ok().map(Usage::Once)
        }
        u => u,
    }
}

/// `每天用4090跑6个小时`: `每天` said a few words before the span, the card and a verb between
/// (no other number with a unit of time).
pub(super) fn daily_earlier(toks: &[String], i: usize) -> bool {
    // The lexicon's daily rhythm (`每天`, `天天`, `每晚`, `everyday`).
    (i.saturating_sub(4)..i.saturating_sub(1))
        .rev()
        .any(|j| lexicon::daily_rhythm_at(toks, j).is_some())
        && !toks[i.saturating_sub(3)..i].iter().any(|t| {
            DURATION_UNITS.iter().any(|u| {
                if u.is_ascii() {
                    t == u
                } else {
                    t.starts_with(u)
                }
            })
        })
}

/// [`find_usage`]'s durations: a one-off span or every day.
fn find_span(toks: &[String], taken: &[bool]) -> Option<Usage> {
    // A daily rhythm in words that opens the sentence (`everyday i need an a100 for 5 hours`)
    // is the rhythm of its hours, however far they come after it; a day's budget (`daily
    // budget $20`) says nothing of the hours.
    let opens_daily = toks.first().is_some_and(|t| t.is_ascii())
        && lexicon::daily_rhythm_at(toks, 0)
            .is_some_and(|n| toks.get(n).is_none_or(|t| !lexicon::budget_noun_said(t)));
    let daily_before = |i: usize| {
        daily_earlier(toks, i)
            || i > 0 && {
                let p = &toks[i - 1];
                // The lexicon's daily rhythm (`daily`, `everyday`, `我每天`, `every night`).
                lexicon::daily_rhythm_before(toks, i)
                // `一天24小时`, `一天8小时`: hours in a day are the day's use.
                || (p == "天"
                    && i > 1
                    && toks[i - 2] == "1"
                    && toks[i].parse::<u32>().is_ok_and(|h| h <= 24)
                    && toks
                        .get(i + 1)
                        .is_some_and(|u| u.starts_with("小时") || u.starts_with("个小时")))
            }
    };
    // A span said per day anywhere (`一周7天每天8小时`) is the usage: the other spans say
    // over how long it repeats.
    // `8 hours a day`, `8小时一天`: the marker after the span says it as well.
    let daily_after = |k: usize| {
        daily_marker_at(toks, k)
            || of_card_then_daily(toks, taken, k)
            || toks.get(k).is_some_and(|t| t == "1") && toks.get(k + 1).is_some_and(|t| t == "天")
    };
    if let Some(d) = (0..toks.len()).find_map(|i| {
        let (total, k) = span_run(toks, taken, i);
        // More than a day is no daily use (`跑一个月 每天10小时`: the month, then the day's).
        let in_a_day = total >= Decimal::from(60) && total <= Decimal::from(86_400);
        (in_a_day && (daily_before(i) || daily_after(k) || (opens_daily && i > 0))).then_some(total)
    }) {
        // All day every day is always on.
        return Some(if d >= Decimal::from(86_400) {
            Usage::Always
        } else {
            Usage::Daily(d)
        });
    }
    // `for a day`, `an hour`, `one month`: one of the unit, unless a span with its number is
    // said too (`best hourly price … roughly 200 hours`: `per hour` is the price's unit).
    let mut one_unit = None;
    let mut short = None;
    let mut i = 0;
    while i < toks.len() {
        let t = &toks[i];
        if one_unit.is_none()
            && matches!(t.as_str(), "a" | "an" | "one" | "per")
            && let Some(next) = toks.get(i + 1)
            && let Some(span) = match next.as_str() {
                "hour" => Some("1h"),
                "day" => Some("1d"),
                "week" => Some("1w"),
                "month" => Some("1mo"),
                "year" => Some("1y"),
                _ => None,
            }
            && let Ok(secs) = lexicon::duration(span)
        {
            one_unit = Some(Usage::Once(secs));
            i += 1;
            continue;
        }
        if taken[i] || !t.chars().next().is_some_and(|c| c.is_ascii_digit()) {
            i += 1;
            continue;
        }
        let start = i;
        let (total, _) = span_run(toks, taken, i);
        if total >= Decimal::from(60) {
            return Some(if daily_before(start) {
                Usage::Daily(total)
            } else {
                Usage::Once(total)
            });
        }
        // A run under a minute (`跑30秒`, `for 45 seconds`) is the length asked about, unless
        // a longer one is said too; never replaced by the default hour. `按1秒计费` / `billed
        // per second` is how a platform bills, not a length.
        if short.is_none() && total > Decimal::ZERO && !billing_step(toks, start) {
            short = Some(Usage::Once(total));
        }
        i = start + 1;
    }
    short.or(one_unit)
}

/// The number at `i` and its unit say a billing step or minimum (`按1秒计费`, `per 10
/// seconds`, `30s billing increments`, `最低30秒`), not how long a job runs.
fn billing_step(toks: &[String], i: usize) -> bool {
    let w = |j: usize| toks.get(j).map(String::as_str).unwrap_or("");
    let before = i.checked_sub(1).map_or("", w);
    let by = ["按", "每", "最低", "最少", "起步", "粒度"];
    // The unit's own word may run on (`秒计费`); the word after it says it otherwise.
    let (unit, next) = (w(i + 1), w(i + 2));
    by.iter().any(|b| before.ends_with(b))
        || matches!(
            before,
            "per" | "every" | "each" | "by" | "minimum" | "min" | "least"
        )
        || ["计费", "计价", "为单位", "一计", "粒度", "起步", "起算"]
            .iter()
            .any(|a| unit.contains(a) || next.starts_with(a))
        || matches!(
            next,
            "billing" | "billed" | "increment" | "increments" | "granularity" | "minimum" | "steps"
        )
}

/// A length said with its unit that no bill can use: zero (`0小时`, `0 minutes`) or longer
/// than the 100 years a duration may run. The reader skips it, and the default hour would be
/// priced in its place, so it is said back instead (the word as written, unit included).
pub(super) fn unusable_span(toks: &[String]) -> Option<String> {
    use crate::units::DurationError;
    let unusable = |d: &str| match lexicon::duration(d) {
        Ok(secs) => secs.is_zero(),
        Err(e) => e == DurationError::TooLarge,
    };
    for (i, t) in toks.iter().enumerate() {
        let scaled_pair = toks.get(i + 1).map(|next| scaled(t, next));
        if is_number(t)
            && let Some((t, next)) = &scaled_pair
            && let Some(unit) = DURATION_UNITS
                .iter()
                .find(|u| next == *u || (!u.is_ascii() && next.starts_with(*u)))
        {
            if unusable(&format!("{t}{unit}")) {
                let gap = if unit.is_ascii() { " " } else { "" };
                return Some(format!("{t}{gap}{unit}"));
            }
            continue;
        }
        // `0h`, `0m`, `2000000h` as one word (never `3090s`: seconds are not read this way).
        let digits = t.trim_end_matches(|c: char| c.is_ascii_alphabetic());
        if is_number(digits)
            && matches!(
                &t[digits.len()..],
                "h" | "m" | "d" | "hr" | "hrs" | "min" | "mins"
            )
            && unusable(t)
        {
            return Some(t.clone());
        }
    }
    None
}

/// A number and the word after it, with a Chinese multiplier that opens the word taken into
/// the number (`1` `万小时` → `10000` `小时`; `十万小时` arrives as `10` `万小时`).
fn scaled(t: &str, next: &str) -> (String, String) {
    for (m, times) in [("万", 10_000), ("千", 1_000)] {
        if let Some(rest) = next.strip_prefix(m)
            && let Ok(n) = t.parse::<Decimal>()
            && let Some(v) = n.checked_mul(Decimal::from(times))
        {
            return (v.normalize().to_string(), rest.to_string());
        }
    }
    (t.to_string(), next.to_string())
}

/// Number and unit pairs in a row from `i` (`2` `小时` `30` `分钟`), added up while each part
/// is smaller than the one before: `6个小时 1个月下来` is six hours and then the month they
/// repeat over, never 736 hours. (total seconds, the index after the run).
fn span_run(toks: &[String], taken: &[bool], i: usize) -> (Decimal, usize) {
    let (mut total, mut k, mut last) = (Decimal::ZERO, i, None);
    while let Some((secs, used)) = span_at(toks, taken, k) {
        if last.is_some_and(|l| secs >= l) {
            break;
        }
        total += secs;
        k += used;
        last = Some(secs);
    }
    (total, k)
}

/// A Chinese unit said twice (`天天`, `月月`, `年年`, `周周`): "every day/month/…", never a count
/// of that unit after the number before it.
pub(super) fn doubled_unit(next: &str) -> bool {
    ["天天", "月月", "年年", "周周"]
        .iter()
        .any(|d| next.starts_with(d))
}

/// One number with its unit at `i`: (seconds, words used).
pub(super) fn span_at(toks: &[String], taken: &[bool], i: usize) -> Option<(Decimal, usize)> {
    let t = toks.get(i)?;
    if taken[i] || !t.chars().next().is_some_and(|c| c.is_ascii_digit()) {
        return None;
    }
    if is_number(t)
        && let Some(next) = toks.get(i + 1)
    {
        let (t, next) = &scaled(t, next);
        let next = next.as_str();
        // `4090天天抢不到`: a unit said twice is "every day" (天天, 月月, 年年), never a count of
        // days after the number (the number is the card's).
        let doubled = doubled_unit(next);
        for unit in DURATION_UNITS {
            let whole = next == *unit;
            if !doubled
                && (whole || (!unit.is_ascii() && next.starts_with(unit)))
                && let Ok(secs) = lexicon::duration(&format!("{t}{unit}"))
            {
                // A Chinese run that goes on after its unit (`小时多少钱`) ends the span.
                let used = if whole || next.len() == unit.len() {
                    2
                } else {
                    toks.len()
                };
                return Some((secs, used.min(toks.len() - i)));
            }
        }
    }
    // `5个hours`: the Chinese measure word before an English unit, as mixed speech says it
    // (`5个小时` is read above; `2个4090` has no unit after it).
    if is_number(t)
        && toks.get(i + 1).is_some_and(|m| m == "个" || m == "個")
        && let Some(unit) = toks.get(i + 2)
        && unit.is_ascii()
        && DURATION_UNITS.contains(&unit.as_str())
        && let Ok(secs) = lexicon::duration(&format!("{t}{unit}"))
    {
        return Some((secs, 3));
    }
    // `40m`, `2h`, `1h30m`, `3d` as one word (not `7b`, `4090`, `32k`, `2gb`).
    let last = t.chars().last().unwrap_or(' ');
    // Also `30min`, `2hr`, `2hrs`, `90mins`.
    let word_unit = ["min", "mins", "hr", "hrs"].iter().any(|u| {
        t.strip_suffix(u)
            .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit() || b == b'.'))
    });
    // `10M documents`, `5m users`: a count of things, never ten minutes (the lexicon's nouns).
    let counted = toks.get(i + 1).is_some_and(|n| lexicon::counted_noun(n));
    if (matches!(last, 'm' | 'h' | 'd' | 's') || word_unit)
        && !counted
        && !t.ends_with("gb")
        && let Ok(secs) = lexicon::duration(t)
        // `30s` is a length too; one letter more of minutes (`0.5m`) is no way to say it.
        && (secs >= Decimal::from(60) || last == 's')
    {
        return Some((secs, 1));
    }
    None
}

#[cfg(test)]
mod tests;
