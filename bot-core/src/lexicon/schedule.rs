//! A schedule said instead of a number (issue 26 §3, helper und_dr): a span of the clock
//! (`9点到18点`, `早上9点到下午6点`, `21:00-05:00`, `9am to 5pm`, `noon to midnight`, `朝九晚五`) is
//! a day's length, across midnight where its end is before its start; a set of days
//! (`工作日`, `周末两天`, `一周三天`, `weekdays`, `Mon-Fri`, `3 days a week`, `every day`) is how many
//! days a week. Read by the shape of the phrase, never a list of sentences. A schedule word that
//! says no length (`跑批`, `上班时间`, `office hours`) or a length with no figure (`看情况`, `挺久`,
//! `a long time`) is found by [`unsized`], so /pick asks it back.

use super::clock_words::{
    DayPart as Part, NOT_A_TIME_AFTER as UNITS_AFTER, TIME_SEPARATORS as SEPARATORS,
    ZH_DAY_PARTS as ZH_PARTS, minutes_of_day,
};

/// A schedule read: a day's length in minutes, the days a week said (`None`: no day set, only a
/// span), where it was said (byte ranges of the day set and the span) and the quote.
#[derive(Debug, Clone, PartialEq)]
pub struct Schedule {
    pub minutes: u32,
    pub days: Option<u32>,
    pub ranges: Vec<(usize, usize)>,
    pub said: String,
}

/// Day sets with their days a week, longest first where one holds another.
const DAY_SETS: &[(&str, u32)] = &[
    ("星期一到星期五", 5),
    ("周一到周五", 5),
    ("周一至周五", 5),
    ("工作日", 5),
    ("上班日", 5),
    ("周末两天", 2),
    ("双休日", 2),
    ("周末", 2),
    ("monday through friday", 5),
    ("monday to friday", 5),
    ("monday-friday", 5),
    ("mon to fri", 5),
    ("mon-fri", 5),
    ("business days", 5),
    ("working days", 5),
    ("workdays", 5),
    ("weekdays", 5),
    ("weekends", 2),
    ("weekend", 2),
    ("saturday and sunday", 2),
];

/// Words of every day: seven days a week where no other day set is said beside them (`一周三天，
/// 每天…` is three).
const EVERY_DAY: &[&str] = &[
    "每天",
    "天天",
    "每日",
    "every day",
    "everyday",
    "each day",
    "daily",
];

/// A day's whole length (`周末两天全天`): 24 hours of each day of the set.
const WHOLE_DAY: &[&str] = &["全天", "整天", "all day", "around the clock"];

/// Words of a week before a count of days (`一周三天`) or after it (`3 days a week`).
const WEEK_BEFORE: &[&str] = &[
    "一周",
    "每周",
    "1周",
    "一星期",
    "每星期",
    "一个星期",
    "每个星期",
];
const WEEK_AFTER: &[&str] = &[" days a week", " days per week", " days/week", "天/周"];

/// `at` after a bare number in /pick is a count (`5 at once`, `10 at peak`), never a time: beside
/// the house's words that make a number no time (`clock_words::NOT_A_TIME_AFTER`).
const COUNT_AT: &str = "at";

/// A time read: its hour as said, minutes, the half of the day set (if any), whether it is
/// marked as a time (`点`, `:00`, `am`, a day-part) and where it ends.
#[derive(Clone, Copy, Debug)]
struct Time {
    hour: u32,
    minute: u32,
    part: Option<Part>,
    marked: bool,
    /// Written on the 24-hour clock (`21:00`, `08:00`, `18点`): the other end, said bare, is
    /// on it too (`8点到22点` is 14 h, never 20:00 to 22:00).
    clock24: bool,
    end: usize,
}

impl Time {
    /// The minutes of the day it may be (`clock_words::minutes_of_day`, the house's one rule).
    fn readings(&self) -> Vec<u32> {
        minutes_of_day(self.hour, self.minute, self.part, self.clock24)
    }
}

fn starts(s: &str, at: usize, w: &str) -> bool {
    s.get(at..).is_some_and(|r| r.starts_with(w))
}

/// An hour in ASCII digits or a Chinese numeral (0 to 24) at `at`: the hour and where it ends.
fn hour_at(s: &str, at: usize) -> Option<(u32, usize)> {
    let r = s.get(at..)?;
    let digits = r.len() - r.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    if digits > 0 {
        if digits > 2 {
            return None;
        }
        let h: u32 = r[..digits].parse().ok()?;
        return (h <= 24).then_some((h, at + digits));
    }
    // `十一`, `二十三`, `九`: a numeral of at most three characters.
    let han: String = r
        .chars()
        .take_while(|c| super::numerals::is_numeral(*c))
        .take(3)
        .collect();
    if han.is_empty() {
        return None;
    }
    let h = super::numerals::value_of(&han.chars().collect::<Vec<_>>())?;
    (h <= 24).then_some((h as u32, at + han.len()))
}

/// A time at byte `at`: a day-part and an hour (`晚上11点`, `下午五点半`), a 24-hour clock
/// (`21:00`), an English time (`9am`, `9:30 pm`, `noon`, `midnight`), a word of its own (`中午`,
/// `午夜`), or a bare hour (`9`, unmarked).
fn time_at(s: &str, at: usize) -> Option<Time> {
    let word = |w: &str, hour: u32, part: Option<Part>| {
        starts(s, at, w).then(|| Time {
            hour,
            minute: 0,
            part,
            marked: true,
            clock24: false,
            end: at + w.len(),
        })
    };
    if let Some(t) = word("midnight", 0, None).or_else(|| word("noon", 12, Some(Part::Noon))) {
        return Some(t);
    }
    for w in ["午夜", "半夜12点", "半夜十二点"] {
        if let Some(t) = word(w, 0, None) {
            return Some(t);
        }
    }
    let (part, at) = match ZH_PARTS.iter().find(|(w, _)| starts(s, at, w)) {
        Some((w, p)) => (Some(*p), at + w.len()),
        None => (None, at),
    };
    let Some((hour, mut end)) = hour_at(s, at) else {
        // `中午` alone is twelve, `半夜` alone midnight (`半夜2点` is two at night).
        let alone = |w: &str, hour: u32, part| {
            s[..at].ends_with(w).then_some(Time {
                hour,
                minute: 0,
                part,
                marked: true,
                clock24: false,
                end: at,
            })
        };
        return match part {
            Some(Part::Noon) => alone("中午", 12, part),
            Some(Part::Night) => alone("半夜", 0, None),
            _ => None,
        };
    };
    let mut t = Time {
        hour,
        minute: 0,
        part,
        marked: part.is_some(),
        clock24: part.is_none() && (hour > 12 || (end - at == 2 && s[at..].starts_with('0'))),
        end,
    };
    if starts(s, end, ":") || starts(s, end, "：") {
        let m_at = end + if starts(s, end, ":") { 1 } else { 3 };
        let r = s.get(m_at..)?;
        let d = r.len() - r.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        if d != 2 {
            return None;
        }
        t.minute = r[..2].parse().ok().filter(|m| *m < 60)?;
        t.marked = true;
        t.clock24 = part.is_none();
        end = m_at + 2;
    } else if let Some(w) = ["点", "點", "时", "時"].iter().find(|w| starts(s, end, w)) {
        t.marked = true;
        end += w.len();
        if starts(s, end, "半") {
            t.minute = 30;
            end += "半".len();
        }
    }
    let after = s[end..].trim_start();
    let gap = s.len() - end - after.len();
    for (w, p) in [
        ("am", Part::Am),
        ("pm", Part::Pm),
        ("a.m.", Part::Am),
        ("p.m.", Part::Pm),
    ] {
        if after.starts_with(w)
            && !after[w.len()..].starts_with(|c: char| c.is_ascii_alphabetic())
            && t.hour <= 12
        {
            t.part = Some(p);
            t.marked = true;
            end += gap + w.len();
            break;
        }
    }
    // A bare number followed by a unit (`8 hours`, `9个`, `5天`) is no time.
    if !t.marked {
        let rest = s[end..].trim_start();
        let word: String = rest
            .chars()
            .take_while(|c| c.is_ascii_alphabetic())
            .collect();
        if UNITS_AFTER.contains(&word.as_str())
            || word == COUNT_AT
            || (s[end..].starts_with(|c: char| c.is_ascii_alphabetic()))
            || [
                "个", "天", "小", "钟", "分", "块", "元", "张", "人", "路", "位", "周", "月",
            ]
            .iter()
            .any(|u| rest.starts_with(u))
        {
            return None;
        }
    }
    t.end = end;
    Some(t)
}

/// The separator after a time ending at `at` (a verb of at most two Han characters before `到`
/// kept out of it): where the next time starts.
fn separator_at(s: &str, at: usize) -> Option<usize> {
    let mut k = at + (s[at..].len() - s[at..].trim_start().len());
    for _ in 0..=2 {
        if let Some(w) = SEPARATORS.iter().find(|w| starts(s, k, w)) {
            let e = k + w.len();
            let ascii_word = w.chars().all(|c| c.is_ascii_alphabetic());
            if ascii_word
                && (s[..k].ends_with(|c: char| c.is_ascii_alphabetic())
                    || s[e..].starts_with(|c: char| c.is_ascii_alphabetic()))
            {
                return None;
            }
            return Some(e + (s[e..].len() - s[e..].trim_start().len()));
        }
        // A verb before `到` (`跑到`, `开到`).
        let c = s[k..].chars().next()?;
        if !super::is_han(c) || super::numerals::is_numeral(c) {
            return None;
        }
        k += c.len_utf8();
    }
    None
}

/// The shortest length from `a` to `b` over their readings, across midnight; none when they
/// are the same clock.
fn length(a: &Time, b: &Time) -> Option<u32> {
    let on24 = |t: &Time, other: &Time| {
        let mut t = *t;
        t.clock24 |= t.part.is_none() && other.clock24;
        t
    };
    let (a, b) = (&on24(a, b), &on24(b, a));
    let mut best: Option<u32> = None;
    for x in a.readings() {
        for y in b.readings() {
            let d = (y + 24 * 60 - x) % (24 * 60);
            if d > 0 && best.is_none_or(|v| d < v) {
                best = Some(d);
            }
        }
    }
    // `12点到24点`, `noon to midnight`: an end at midnight said as 24 is the day's end.
    best.or_else(|| (b.hour == 24 && a.hour == 0).then_some(24 * 60))
}

/// A span of the clock in `s`: its byte range and length in minutes. `bare_ok`: two bare hours
/// (`9 to 5`, `9-6`) are a span, as they are beside a day set.
pub fn clock_span(s: &str, bare_ok: bool) -> Option<((usize, usize), u32)> {
    let mut i = 0;
    while i < s.len() {
        if !s.is_char_boundary(i) {
            i += 1;
            continue;
        }
        // Never inside a word or a number (`a100`, `4090`, `v2`).
        let inside = s[..i].ends_with(|c: char| c.is_ascii_alphanumeric() || c == '.' || c == ':');
        if let Some(r) = (!inside).then(|| span_at(s, i, bare_ok)).flatten() {
            return Some(r);
        }
        i += s[i..].chars().next().map_or(1, char::len_utf8);
    }
    None
}

fn span_at(s: &str, i: usize, bare_ok: bool) -> Option<((usize, usize), u32)> {
    // `朝九晚五`, `早八晚十`: a morning start and an evening end, no separator.
    for lead in ["朝", "早"] {
        if starts(s, i, lead)
            && let Some((a, e)) = hour_at(s, i + lead.len())
            && starts(s, e, "晚")
            && let Some((b, end)) = hour_at(s, e + "晚".len())
            && (1..=11).contains(&a)
            && (1..=12).contains(&b)
        {
            let len = (b % 12 + 12) * 60 - a * 60;
            return Some(((i, end), len));
        }
    }
    let from = ["从", "from "].iter().find(|w| starts(s, i, w));
    let at = from.map_or(i, |w| i + w.len());
    let a = time_at(s, at)?;
    let b_at = separator_at(s, a.end)?;
    let b = time_at(s, b_at)?;
    // Both bare: a span only beside a day set or after `from`, and never a range of hours
    // (`2到3小时`, handled by `time_at`'s unit test).
    if !(a.marked || b.marked || bare_ok || from.is_some()) {
        return None;
    }
    // A start bare and an end marked (`8到10点`, `9-5pm`) is a span; a start marked and an end
    // bare (`9点到5`) is one too where the end is an hour.
    Some(((i, b.end), length(&a, &b)?))
}

/// A day set in `s`: its byte range and days a week. A words-of-a-week count (`一周三天`, `3 days
/// a week`) and the table's sets come before a word of every day, which is seven only alone.
pub fn day_set(s: &str) -> Option<((usize, usize), u32)> {
    let counted = WEEK_BEFORE.iter().find_map(|w| {
        let at = s.find(w)?;
        let n_at = at + w.len();
        let (n, e) = hour_at(s, n_at)?;
        (starts(s, e, "天") && (1..=7).contains(&n)).then_some(((at, e + "天".len()), n))
    });
    let after = || {
        WEEK_AFTER.iter().find_map(|w| {
            let at = s.find(w)?;
            let head = s[..at].trim_end();
            let digits = head.len() - head.trim_end_matches(|c: char| c.is_ascii_digit()).len();
            let word = ["one", "two", "three", "four", "five", "six", "seven"]
                .iter()
                .position(|n| head.ends_with(n));
            let (n, start) = if digits > 0 {
                (
                    head[head.len() - digits..].parse().ok()?,
                    head.len() - digits,
                )
            } else {
                let k = word?;
                (
                    k as u32 + 1,
                    head.len() - ["one", "two", "three", "four", "five", "six", "seven"][k].len(),
                )
            };
            (1..=7).contains(&n).then_some(((start, at + w.len()), n))
        })
    };
    let table = || {
        DAY_SETS.iter().find_map(|(w, n)| {
            let at = s.find(w)?;
            let start = if s[..at].ends_with("on ") { at - 3 } else { at };
            Some(((start, at + w.len()), *n))
        })
    };
    let every = || {
        EVERY_DAY
            .iter()
            .find_map(|w| s.find(w).map(|at| ((at, at + w.len()), 7)))
    };
    counted.or_else(after).or_else(table).or_else(every)
}

/// A schedule in `s` (lower-cased): a span of the clock or a whole day, and the days a week
/// said beside it. A word of every day beside another day set (`一周三天，每天…`) is taken out
/// with it, so it is not read again as a rhythm of its own.
pub fn schedule(s: &str) -> Option<Schedule> {
    let days = day_set(s);
    let (span, minutes) = match clock_span(s, days.is_some()) {
        Some(x) => x,
        None => {
            days?;
            let w = WHOLE_DAY
                .iter()
                .find_map(|w| s.find(w).map(|at| (at, at + w.len())))?;
            (w, 24 * 60)
        }
    };
    let mut ranges = vec![span];
    if let Some((r, _)) = days {
        ranges.push(r);
        // `一周三天，每天早九晚五`: the every-day word goes with the set.
        if let Some(((a, b), _)) = EVERY_DAY
            .iter()
            .find_map(|w| s.find(w).map(|at| ((at, at + w.len()), 7)))
            && (b <= r.0 || a >= r.1)
        {
            ranges.push((a, b));
        }
    }
    ranges.sort();
    // Two ranges that overlap (`周末两天` holds `周末`) are one.
    ranges.dedup_by(|b, a| b.0 < a.1);
    let from = ranges.first()?.0;
    let to = ranges.iter().map(|r| r.1).max()?;
    Some(Schedule {
        minutes,
        days: days.map(|d| d.1),
        said: s[from..to].trim().to_string(),
        ranges,
    })
}

/// Words of a schedule or a length that say no figure: the hours are asked, never guessed.
const UNSIZED: &[&str] = &[
    "上班时间",
    "工作时间",
    "办公时间",
    "跑批",
    "白天",
    "看情况",
    "不一定",
    "说不准",
    "说不好",
    "挺久",
    "很久",
    "好久",
    "比较久",
    "有时候长",
    "office hours",
    "business hours",
    "working hours",
    "work hours",
    "daytime",
    "whenever i need",
    "when i need it",
    "it depends",
    "depends",
    "a long time",
];

/// A schedule word or a length with no figure in `s` (lower-cased) and where: none where a
/// number in digits is said (a length or a count the readers take).
pub fn unsized_at(s: &str) -> Option<(usize, usize)> {
    // Chinese numerals are left to the caller's length reader (`不一定` holds a `一`).
    if s.chars().any(|c| c.is_ascii_digit()) {
        return None;
    }
    UNSIZED
        .iter()
        .filter_map(|w| s.find(w).map(|at| (at, at + w.len())))
        // `跑批量推理` is a batch job (`batch_job`), not a schedule.
        .filter(|r| !s[r.1..].starts_with('量'))
        .min_by_key(|r| r.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(s: &str) -> Option<(u32, Option<u32>)> {
        schedule(s).map(|x| (x.minutes, x.days))
    }

    #[test]
    fn spans_and_day_sets() {
        for (s, want) in [
            ("工作日朝九晚五", Some((480, Some(5)))),
            ("早八晚十", Some((840, None))),
            ("从晚上11点跑到早上7点", Some((480, None))),
            ("weekdays 9 to 6", Some((540, Some(5)))),
            ("周末两天全天", Some((1440, Some(2)))),
            ("weekends, 10am to 4pm", Some((360, Some(2)))),
            ("9:00-21:00", Some((720, None))),
            ("每天中午12点到午夜", Some((720, Some(7)))),
            ("every day from noon to midnight", Some((720, Some(7)))),
            ("一周三天，每天下午2点到6点", Some((240, Some(3)))),
            ("mon-fri 9-5", Some((480, Some(5)))),
            ("9am-5pm, 3 days a week", Some((480, Some(3)))),
            ("工作日每天早上九点到下午五点半", Some((510, Some(5)))),
            ("每天8点到22点", Some((840, Some(7)))),
            ("9 to 5 mon-fri", Some((480, Some(5)))),
            ("5 users at once, 9 to 5 on weekdays", Some((480, Some(5)))),
            ("周末晚上11点到早上7点", Some((480, Some(2)))),
            // The house's one clock (`clock_words`): 半夜2点 is two at night (it had been read as
            // midnight and the 2点 lost), 深夜 a late hour, 中午3点 fifteen.
            ("每天晚上10点到半夜2点", Some((240, Some(7)))),
            ("每天下午6点到深夜11点", Some((300, Some(7)))),
            ("每天中午3点到晚上9点", Some((360, Some(7)))),
        ] {
            assert_eq!(read(s), want, "{s}");
        }
    }

    #[test]
    fn what_is_no_schedule() {
        for s in [
            "跑3个小时",
            "2到3小时",
            "from 2 to 4 gpus",
            "4090 2-3小时",
            "每天4小时",
            "a100 80g",
            "weekdays",
            "9 to 5",
            "5-10块",
            "8到10个人",
        ] {
            assert_eq!(read(s), None, "{s}");
        }
    }

    #[test]
    fn words_with_no_figure() {
        for s in ["每天凌晨跑批", "office hours", "看情况吧，可能要跑挺久的"] {
            assert!(unsized_at(s).is_some(), "{s}");
        }
        for s in ["跑3小时", "office hours 8h", "跑批量推理"] {
            assert_eq!(unsized_at(s), None, "{s}");
        }
    }
}
