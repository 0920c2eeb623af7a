//! A deadline and the time said with it (`ddl 前三天`, `deadline next week`, `截止前一周`,
//! `3 days before the deadline`): when the job must end, never its length nor a window of
//! history. The reader takes such a phrase out before any length is read.

/// Words that name a deadline.
pub const DEADLINE_WORDS: &[&str] = &["deadline", "ddl", "截止日期", "截止时间", "截止", "due"];

/// The days of the week, whole (`cyber monday` is no `modal`; a deadline said `by friday`).
pub const WEEKDAYS: &[&str] = &[
    "monday",
    "tuesday",
    "wednesday",
    "thursday",
    "friday",
    "saturday",
    "sunday",
];

/// Whole English words that may stand in a deadline's time phrase (`is next friday`, `in 3
/// days`, `3 days before the`), beside [`WEEKDAYS`].
pub const DEADLINE_TIME_WORDS: &[&str] = &[
    "is", "s", "in", "on", "by", "of", "at", "the", "my", "our", "a", "this", "next", "coming",
    "before", "until", "till", "left", "only", "just", "about", "day", "days", "week", "weeks",
    "weekend", "month", "months", "hour", "hours", "h", "d", "tomorrow", "today", "tonight",
    // and the days of the week ([`WEEKDAYS`]).
    "mon", "tue", "wed", "thu", "fri", "sat", "sun", "end", "eod", "eow", "morning", "night",
    "midnight",
];

/// Chinese words that may stand in a deadline's time phrase (`前3天`, `还有一周`, `是下周五`).
pub const DEADLINE_TIME_ZH: &[&str] = &[
    "之前",
    "以前",
    "前",
    "还有",
    "还剩",
    "只剩",
    "就剩",
    "只有",
    "是",
    "在",
    "就是",
    "离",
    "距离",
    "距",
    "下周",
    "下个",
    "下星期",
    "这周",
    "本周",
    "周末",
    "月底",
    "月初",
    "星期",
    "礼拜",
    "周",
    "天",
    "号",
    "日",
    "月",
    "小时",
    "个",
    "明天",
    "后天",
    "今天",
    "今晚",
    "晚上",
    "早上",
    "中午",
    "一",
    "二",
    "三",
    "四",
    "五",
    "六",
    "末",
    "的",
    "了",
    "就",
];
