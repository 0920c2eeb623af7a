//! A length said as the time it ends (`跑到明天早上`, `till friday`, `until 6pm`), read by the
//! shape of the phrase: a word of "until" (`到`, `直到`, `till`, `until`) and a time point after
//! it — a day (`明天`, `周五`, `tomorrow`, `friday`), a part of the day (`早上`, `晚上`,
//! `morning`), a clock (`8点`, `8点半`, `7am`, `22:00`), one or more of them. With no start
//! said, or a start or an end whose hour is not plain (`早上` is no hour; `10点` with no part of
//! the day is 10 or 22), the hours are not known: the bot does not know the person's clock.
//! With a start said (`从晚上10点`, `晚上10点跑到…`, `from 9pm`) and both hours plain, the
//! length is the time between them, the next day where the end says so or comes earlier.

use rust_decimal::Decimal;

/// A day a point names: this day, the next, or a later one (a weekday, the weekend).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Day {
    Today,
    Tomorrow,
    Later,
}

/// A length said as its end, and its start where one is said.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TillRead {
    /// Both ends on a plain clock: the hours between, the clock of each (24 h, minutes) and
    /// whether the end is on the next day.
    Span {
        said: (usize, usize),
        hours: Decimal,
        from: u32,
        to: u32,
        next_day: bool,
    },
    /// An end with no start, or a time that is no plain hour: asked. `tomorrow`: the end is
    /// tomorrow.
    Open {
        said: (usize, usize),
        tomorrow: bool,
    },
}

/// Days, longest first (`大后天` before `后天`, `明早` a day and a part).
const DAYS: &[(&str, Day, Option<u32>)] = &[
    ("大后天", Day::Later, None),
    ("后天", Day::Later, None),
    ("今天", Day::Today, None),
    ("今晚", Day::Today, Some(PM)),
    ("今早", Day::Today, Some(AM)),
    ("明天", Day::Tomorrow, None),
    ("明早", Day::Tomorrow, Some(AM)),
    ("明晚", Day::Tomorrow, Some(PM)),
    ("明儿", Day::Tomorrow, None),
    ("第二天", Day::Tomorrow, None),
    ("次日", Day::Tomorrow, None),
    ("隔天", Day::Tomorrow, None),
    ("周末", Day::Later, None),
    ("下周", Day::Later, None),
    ("月底", Day::Later, None),
    ("today", Day::Today, None),
    ("tonight", Day::Today, Some(PM)),
    ("tomorrow", Day::Tomorrow, None),
    ("tmrw", Day::Tomorrow, None),
    ("tmr", Day::Tomorrow, None),
    ("the weekend", Day::Later, None),
    ("weekend", Day::Later, None),
    ("next week", Day::Later, None),
];
/// Weekday words: a Chinese week word and its day (`周五`, `星期天`, `下周一`).
const WEEK_ZH: &[&str] = &["下周", "这周", "本周", "周", "星期", "礼拜"];
const WEEKDAY_ZH: &str = "一二三四五六日天";

/// Parts of the day: how a clock after them reads (`AM`: as said, `PM`: 12 later, `NOON`).
const AM: u32 = 0;
const PM: u32 = 1;
const NOON: u32 = 2;
const PARTS: &[(&str, u32)] = &[
    ("凌晨", AM),
    ("早上", AM),
    ("早晨", AM),
    ("清早", AM),
    ("一早", AM),
    ("上午", AM),
    ("中午", NOON),
    ("下午", PM),
    ("傍晚", PM),
    ("晚上", PM),
    ("夜里", PM),
    ("半夜", AM),
    ("深夜", PM),
    ("天亮", AM),
    ("morning", AM),
    ("noon", NOON),
    ("midday", NOON),
    ("afternoon", PM),
    ("evening", PM),
    ("night", PM),
    ("dawn", AM),
];
/// Words of "until" before an end, longest first; `to` only after a start (`from 9pm to 7am`).
const TILL: &[&str] = &[
    "一直到",
    "直到",
    "到",
    "until",
    "untill",
    "till",
    "til",
    "'til",
    "through",
    "thru",
];
/// Words between a start and its "until" (`晚上10点跑到`, `9pm and run till`).
const RUN_BETWEEN: &[&str] = &[
    "开始跑",
    "开始",
    "开机",
    "跑",
    "开",
    "用",
    "租",
    "挂",
    "起",
    "run",
    "running",
    "and",
    "then",
];
/// Words of "from" before a start.
const FROM: &[&str] = &["从", "from", "starting at", "start at", "starting", "since"];

/// A point said at byte `at` of `t`: its day, its minute of the day where plain, whether any
/// clock was said, and where it ends.
#[derive(Debug, Clone, Copy)]
struct Point {
    day: Option<Day>,
    minute: Option<u32>,
    end: usize,
}

/// The length `t` (lower case, Simplified) says as an end, if any.
pub fn till_point(t: &str) -> Option<TillRead> {
    for w in TILL {
        for (at, _) in t.match_indices(w) {
            if w.is_ascii() && t[..at].ends_with(|c: char| c.is_ascii_alphanumeric()) {
                continue;
            }
            let Some(end) = point_at(t, skip_space(t, at + w.len())) else {
                continue;
            };
            let start = start_before(t, at);
            return Some(read(at, start, end));
        }
    }
    // `from 9pm to 7am`: `to` after a start.
    for f in FROM {
        for (at, _) in t.match_indices(f) {
            let Some(s) = point_at(t, skip_space(t, at + f.len())) else {
                continue;
            };
            let rest = skip_space(t, s.end);
            let Some(to) = t[rest..].strip_prefix("to ") else {
                continue;
            };
            if let Some(e) = point_at(t, skip_space(t, t.len() - to.len())) {
                return Some(read(at, Some((at, s)), e));
            }
        }
    }
    None
}

fn skip_space(t: &str, at: usize) -> usize {
    at + (t[at..].len() - t[at..].trim_start().len())
}

/// The span read from a start (where said) to an end.
fn read(till_at: usize, start: Option<(usize, Point)>, end: Point) -> TillRead {
    let from = start.map_or(till_at, |(at, _)| at);
    let said = (from, end.end);
    let open = TillRead::Open {
        said,
        tomorrow: end.day == Some(Day::Tomorrow),
    };
    let Some((_, s)) = start else {
        return open;
    };
    let (Some(a), Some(b)) = (s.minute, end.minute) else {
        return open;
    };
    let day = |d: Option<Day>| match d {
        None | Some(Day::Today) => Some(0i64),
        Some(Day::Tomorrow) => Some(1),
        Some(Day::Later) => None,
    };
    let (Some(da), Some(db)) = (day(s.day), day(end.day)) else {
        return open;
    };
    let mut minutes = (db - da) * 1440 + i64::from(b) - i64::from(a);
    if end.day.is_none() && minutes <= 0 {
        minutes += 1440;
    }
    if !(1..=48 * 60).contains(&minutes) {
        return open;
    }
    TillRead::Span {
        said,
        hours: Decimal::from(minutes) / Decimal::from(60),
        from: a,
        to: b,
        next_day: db > da || i64::from(b) <= i64::from(a),
    }
}

/// A start said before the "until" word at `till_at`: a point ending right there (run words
/// between allowed: `晚上10点跑到`), or after a "from" word earlier in the text.
fn start_before(t: &str, till_at: usize) -> Option<(usize, Point)> {
    let mut before = t[..till_at].trim_end();
    while let Some(w) = RUN_BETWEEN.iter().find(|w| before.ends_with(**w)) {
        before = before[..before.len() - w.len()].trim_end();
    }
    for f in FROM {
        if let Some(at) = t[..till_at].rfind(f)
            && let Some(p) = point_at(t, skip_space(t, at + f.len()))
            && p.end <= till_at
        {
            return Some((at, p));
        }
    }
    // The point that ends right before: tried from each start a point may have.
    (0..before.len())
        .filter(|&i| before.is_char_boundary(i))
        .find_map(|i| {
            point_at(t, i)
                .filter(|p| p.end == before.len())
                .map(|p| (i, p))
        })
}

/// A point said at `at`: days, parts and a clock in any order (`明天早上8点`, `8am tomorrow`,
/// `friday night`); `None` when nothing of one is said there.
fn point_at(t: &str, at: usize) -> Option<Point> {
    let mut p = Point {
        day: None,
        minute: None,
        end: at,
    };
    let (mut part, mut clock, mut any) = (None, None, false);
    let mut i = at;
    loop {
        let r = &t[i..];
        let r0 = r.trim_start_matches([' ']);
        let r0 = r0
            .strip_prefix("at ")
            .or_else(|| r0.strip_prefix("the "))
            .or_else(|| r0.strip_prefix("in the "))
            .filter(|_| any)
            .unwrap_or(r0);
        let k = t.len() - r0.len();
        if let Some((len, d, pt)) = day_at(r0) {
            p.day = Some(d);
            part = part.or(pt);
            i = k + len;
        } else if let Some((w, pt)) = PARTS.iter().find(|(w, _)| whole(r0, w)) {
            part = Some(*pt);
            i = k + w.len();
        } else if let Some((len, h, m, ap)) = clock_at(r0) {
            clock = Some((h, m));
            part = ap.or(part);
            i = k + len;
        } else {
            break;
        }
        any = true;
        p.end = i;
    }
    if !any {
        return None;
    }
    p.minute = clock.and_then(|(h, m)| plain(h, m, part));
    Some(p)
}

/// Whether `r` starts with `w`, a whole word where `w` is Latin.
fn whole(r: &str, w: &str) -> bool {
    r.starts_with(w)
        && (!w.is_ascii() || !r[w.len()..].starts_with(|c: char| c.is_ascii_alphabetic()))
}

/// A day word at the start of `r`: its length, the day, and the part of day it holds.
fn day_at(r: &str) -> Option<(usize, Day, Option<u32>)> {
    if let Some((w, d, p)) = DAYS.iter().find(|(w, _, _)| whole(r, w)) {
        return Some((w.len(), *d, *p));
    }
    for w in WEEK_ZH {
        if let Some(rest) = r.strip_prefix(w)
            && let Some(c) = rest.chars().next()
            && WEEKDAY_ZH.contains(c)
        {
            return Some((w.len() + c.len_utf8(), Day::Later, None));
        }
    }
    let weekday = super::WEEKDAYS
        .iter()
        .find(|w| whole(r, w))
        .map(|w| w.len())?;
    Some((weekday, Day::Later, None))
}

/// A clock at the start of `r` (`8点`, `8点半`, `十点`, `7am`, `7 pm`, `22:00`, `midnight`): its
/// length, hour, minute, and the part of the day its own letters say (`pm`).
fn clock_at(r: &str) -> Option<(usize, u32, u32, Option<u32>)> {
    if whole(r, "midnight") || r.starts_with("午夜") {
        let len = if r.starts_with('午') {
            "午夜".len()
        } else {
            "midnight".len()
        };
        return Some((len, 0, 0, Some(AM)));
    }
    let digits = r.find(|c: char| !c.is_ascii_digit()).unwrap_or(r.len());
    let (hour, mut len) = if digits > 0 {
        (r[..digits].parse::<u32>().ok()?, digits)
    } else {
        let chars: Vec<char> = r
            .chars()
            .take_while(|c| super::numerals::is_numeral(*c))
            .collect();
        let v = super::numerals::value_of(&chars)?;
        (
            u32::try_from(v).ok()?,
            chars.iter().map(|c| c.len_utf8()).sum(),
        )
    };
    if hour > 24 {
        return None;
    }
    let rest = &r[len..];
    let mut minute = 0;
    let mut ap = None;
    if let Some(m) = rest.strip_prefix(':') {
        let n = m.find(|c: char| !c.is_ascii_digit()).unwrap_or(m.len());
        if n != 2 || digits == 0 {
            return None;
        }
        minute = m[..n].parse().ok()?;
        len += 1 + n;
        // A 24-hour clock from 13:00 says its own half of the day.
        ap = (hour >= 13).then_some(AM);
    } else if let Some(m) = rest
        .strip_prefix("点钟")
        .or_else(|| rest.strip_prefix('点'))
    {
        len += rest.len() - m.len();
        if let Some(h) = m.strip_prefix('半') {
            minute = 30;
            len += m.len() - h.len();
        }
    } else {
        let spaced = rest.trim_start();
        let marks = [
            ("am", AM),
            ("a.m.", AM),
            ("pm", PM),
            ("p.m.", PM),
            ("o'clock", NOON + 1),
        ];
        let (w, half) = marks
            .iter()
            .find(|(w, _)| whole(spaced, w))
            .filter(|_| digits > 0)?;
        ap = (*half != NOON + 1).then_some(*half);
        len += rest.len() - spaced.len() + w.len();
    }
    Some((len, hour, minute, ap))
}

/// The minute of the day a clock says, where the part of the day makes its hour plain (`晚上
/// 10点` 22:00, `7am`, `22:00`); a bare `10点` is 10 or 22, no plain hour.
fn plain(hour: u32, minute: u32, part: Option<u32>) -> Option<u32> {
    let h = match part? {
        _ if hour >= 13 => hour,
        AM => hour % 12,
        PM => hour % 12 + 12,
        NOON => {
            if hour == 12 || hour < 6 {
                hour % 12 + 12
            } else {
                hour
            }
        }
        _ => return None,
    };
    Some(h * 60 + minute)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hours(t: &str) -> Option<String> {
        match till_point(t)? {
            TillRead::Span { hours, .. } => Some(hours.normalize().to_string()),
            TillRead::Open { .. } => None,
        }
    }

    fn open(t: &str) -> Option<(String, bool)> {
        match till_point(t)? {
            TillRead::Open { said, tomorrow } => Some((t[said.0..said.1].to_string(), tomorrow)),
            TillRead::Span { .. } => None,
        }
    }

    #[test]
    fn a_start_and_an_end_on_the_clock() {
        assert_eq!(hours("晚上10点跑到明天早上8点").as_deref(), Some("10"));
        assert_eq!(hours("from 9pm until 7am").as_deref(), Some("10"));
        assert_eq!(
            hours("qlora qwen2.5 14b from 9pm until 7am").as_deref(),
            Some("10")
        );
        assert_eq!(hours("从下午2点到晚上8点半").as_deref(), Some("6.5"));
        assert_eq!(hours("from 22:00 to 6am").as_deref(), Some("8"));
        assert_eq!(hours("今晚十点开到明早六点").as_deref(), Some("8"));
        assert_eq!(hours("每天早上9点到晚上6点").as_deref(), Some("9"));
        assert_eq!(hours("from 8am to 6pm every day").as_deref(), Some("10"));
    }

    #[test]
    fn an_end_with_no_start_or_no_plain_hour_is_open() {
        assert_eq!(open("跑到明天早上"), Some(("到明天早上".into(), true)));
        assert_eq!(open("till friday"), Some(("till friday".into(), false)));
        assert_eq!(open("跑到下午五点"), Some(("到下午五点".into(), false)));
        assert_eq!(
            open("until tomorrow morning"),
            Some(("until tomorrow morning".into(), true))
        );
        assert_eq!(open("run it until 6pm"), Some(("until 6pm".into(), false)));
        assert_eq!(open("跑到周五"), Some(("到周五".into(), false)));
        assert_eq!(open("跑到晚上"), Some(("到晚上".into(), false)));
        assert_eq!(open("until noon"), Some(("until noon".into(), false)));
        // A start said whose hour is not plain (10 or 22).
        assert!(open("10点跑到8点").is_some());
        for w in super::super::TILL_TOMORROW {
            assert!(open(w).is_some_and(|(_, t)| t), "{w}");
        }
    }

    #[test]
    fn an_end_that_is_no_time_point() {
        for t in [
            "从头跑到尾，大概3小时",
            "lora finetune llama 3.1 8b until it's done, about 5 hours",
            "跑到收敛",
            "up to 3 hours",
            "预算改到300",
            "用到32k",
            "跑3小时",
        ] {
            assert_eq!(till_point(t), None, "{t}");
        }
    }
}
