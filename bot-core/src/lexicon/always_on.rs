//! Always on, a whole day, a long rental and a rented package: what each usage word means,
//! decided once for the question reader, `/cost` `/compare` `/tco`'s arguments and `/pick`
//! (issue 26). Three tables had disagreed: `常驻`, `不关机`, `nonstop`, `round the clock` were
//! always on to the reader and no length to `/cost`; `长期`, `全天`, `常开` the other way round;
//! `包月`/`monthly` always on in one and a package in another.
//!
//! Decisions, as a careful speaker reads each word:
//! - `常驻`, `常开`, `不关机`, `不停机`, `nonstop`, `round the clock`, `24/7`, `7x24`: kept on,
//!   everywhere (beside a span, that span held whole: `one week nonstop` is 7 days).
//! - `长期` alone is a long rental ([`LONG_RENTAL`]), not a card kept on: `长期租` says no
//!   hours; `长期 每天跑4小时` stays daily, `长期租三个月` three months. With no use said it is
//!   priced as the package a long rental is quoted for, a month held. `长期在线`/`长期挂着` are
//!   kept on (the table).
//! - `全天` is all day ([`WHOLE_DAY`]): 24 hours that day; beside a span of days, the span held
//!   whole. `全天候` (round the clock) is kept on.
//! - `包月`, `按月`, `月租`, `monthly` are a month's package ([`PACKAGES`]): a month held, priced
//!   as the monthly plan (`/compare … always`); `包周` a week held, `包天` a day, `包年` twelve
//!   months. A month named as a rate or a budget's period (`每月`, `per month`) is
//!   `each_period`'s, never a package.

/// The one always-on table. The phrases said with a Chinese half that may be English
/// ([`ALWAYS_HALVES`]) and the fixed marks are written as the reader's word `always` by the text
/// pass ([`always_on_as_always`]); the rest stay as said, because other readers need their
/// parts (`nonstop` beside a week is that week held whole, `24小时不关机` a day's hours kept
/// on), and are read through [`says_always_on`] and [`is_always_on`].
const WRITTEN_ALWAYS: &[&str] = &[
    "一直在线",
    "长期在线",
    "24小时在线",
    "全天候在线",
    "24/7",
    "always on",
    "always-on",
];

/// The rest of the table, kept as said in the text (see [`WRITTEN_ALWAYS`]).
const SAID_ALWAYS: &[&str] = &[
    "alwayson",
    "常驻",
    "常开",
    "不关机",
    "不停机",
    "24小时开着",
    "一直开着",
    "一直开",
    "一直挂着",
    "长期挂着",
    "长期开着",
    "全天候",
    "24小时不停",
    "24小时不间断",
    "不间断运行",
    "7x24",
    "round the clock",
    "around the clock",
    "24 hours a day",
    "never turn it off",
    "never shut it down",
    "always running",
    "running nonstop",
    "nonstop",
];

/// Every always-on phrase, the reader's own word `always` first.
pub fn always_on_words() -> impl Iterator<Item = &'static str> {
    std::iter::once("always")
        .chain(WRITTEN_ALWAYS.iter().copied())
        .chain(SAID_ALWAYS.iter().copied())
}

/// The Chinese halves of [`WRITTEN_ALWAYS`] phrases and their English (`一直online`, `24小时online`,
/// `always在线`, `全天候 online`): a mixed form is the phrase with a half said in English. Only
/// inside a phrase, so `online` or `always` alone keeps its own sense (`我always用autodl`).
const ALWAYS_HALVES: &[(&str, &str)] = &[("一直", "always"), ("在线", "online")];

/// Every spelling of the [`WRITTEN_ALWAYS`] phrases, mixed ones included, longest first (so
/// `always online` is read before `always on`).
fn always_on_forms() -> Vec<String> {
    let mut forms: Vec<String> = Vec::new();
    for p in WRITTEN_ALWAYS {
        forms.push(p.to_string());
        let halves: Vec<_> = ALWAYS_HALVES
            .iter()
            .filter(|(zh, _)| p.contains(zh))
            .collect();
        for (zh, en) in &halves {
            for en in [en.to_string(), format!("{en} "), format!(" {en}")] {
                forms.push(p.replace(zh, &en));
            }
        }
        if halves.len() == 2 {
            let both = halves.iter().fold(p.to_string(), |t, (zh, en)| {
                t.replace(zh, &format!(" {en} "))
            });
            forms.push(both.split_whitespace().collect::<Vec<_>>().join(" "));
        }
    }
    forms.sort_by_key(|f| std::cmp::Reverse(f.chars().count()));
    forms.dedup();
    forms
}

/// The text with each [`WRITTEN_ALWAYS`] phrase, in any of its mixed forms, written as the
/// reader's one word, ` always `.
pub fn always_on_as_always(text: &str) -> String {
    // Built once: `normalize` calls this on every message.
    static FORMS: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    FORMS
        .get_or_init(always_on_forms)
        .iter()
        .fold(text.to_string(), |t, w| t.replace(w.as_str(), " always "))
}

/// Whether one word (a command's usage argument, lower case) is always on: a phrase of the
/// table or a mixed form of one (`一直online`).
pub fn is_always_on(word: &str) -> bool {
    always_on_words().any(|w| w == word) || always_on_as_always(word).trim() == "always"
}

/// Words of staying on: after a whole day (`全天开着`, `全天在线`, `24小时不关`) they say the
/// card kept on, not one day's 24 hours.
pub const STAYS_ON: &[&str] = &[
    "开机", "开着", "在线", "运行", "不停", "不关", "跑着", "挂着",
];

/// Whether all day ([`WHOLE_DAY`]) is said kept on (`全天开着`, `全天 在线`), spaces aside.
fn whole_day_kept_on(text: &str) -> bool {
    said_kept_on(text, WHOLE_DAY)
}

/// Whether the day's hours or all day ([`DAY_HOURS`], [`WHOLE_DAY`]) are said kept on
/// (`24小时开机`, `24h不关`, `全天不关机`), spaces aside: the card kept on, never one day's 24 hours
/// nor hours of a longer period said beside it (`一个月 24小时不关机`). Alone (`一天 24h 开着`)
/// the day's hours kept on can still be that one day: the reader decides by the use said.
pub fn day_kept_on(text: &str) -> bool {
    said_kept_on(text, DAY_HOURS) || said_kept_on(text, WHOLE_DAY)
}

/// Whether one of `days` is said right before a word of [`STAYS_ON`], spaces aside.
fn said_kept_on(text: &str, days: &[&str]) -> bool {
    let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    days.iter().any(|d| {
        let d: String = d.chars().filter(|c| !c.is_whitespace()).collect();
        compact.match_indices(&d).any(|(k, _)| {
            STAYS_ON
                .iter()
                .any(|w| compact[k + d.len()..].starts_with(w))
        })
    })
}

/// Whether `text` (lower case) says a card kept on anywhere: a phrase of the table, Chinese
/// inside a run of Chinese, English as whole words, or all day kept on (`全天开着`); `always`
/// before a verb (`always running out of a100s`, `always kicks me off`) says what happens, not
/// how long a card runs.
pub fn says_always_on(text: &str) -> bool {
    if whole_day_kept_on(text) {
        return true;
    }
    let padded = format!(" {} ", always_on_as_always(text));
    always_on_words().any(|w| {
        padded.match_indices(w).any(|(k, _)| {
            let after = padded[k + w.len()..].trim_start();
            let next = after.split_whitespace().next();
            if !w.is_ascii() {
                return true;
            }
            let bounded = !padded[..k].ends_with(|c: char| c.is_ascii_alphanumeric())
                && !padded[k + w.len()..].starts_with(|c: char| c.is_ascii_alphanumeric());
            let adverb = w == "always" && super::always_of_a_verb(next);
            // `always running out of a100s`: the phrase ends in a verb whose object is scarcity.
            bounded && !adverb && !after.starts_with("out ")
        })
    })
}

/// A command's arguments with every always-on phrase (`round the clock`, `24 hours a day`,
/// `7x24`, which a count reader would take for cards) as the one word `always`, so a grammar
/// that reads words one by one reads it whole; other words keep their case.
pub fn always_on_phrases_as_word(args: &str) -> String {
    let lower = args.to_lowercase();
    let spaced = always_on_forms()
        .into_iter()
        .chain(SAID_ALWAYS.iter().map(|w| w.to_string()))
        .filter(|w| w.contains(' '))
        .any(|w| lower.contains(&w));
    let text = if spaced {
        let mut out = always_on_as_always(&lower);
        for w in SAID_ALWAYS.iter().filter(|w| w.contains(' ')) {
            out = out.replace(w, " always ");
        }
        out
    } else {
        args.to_string()
    };
    text.split_whitespace()
        .map(|w| match is_always_on(&w.to_lowercase()) {
            true => "always",
            false => w,
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// All day: 24 hours that day; beside a span of days, that span held whole. `全天候` (round the
/// clock) is always on, in the table, and is never read as this word.
pub const WHOLE_DAY: &[&str] = &["全天", "整天", "all-day"];

/// The day's hours (`24小时`, `24h`, `24 hours`): a whole day as all day is ([`WHOLE_DAY`]),
/// unless said as hours used in a longer period (`一个月用24小时`, `24 hours a month`: a daily share
/// of it, decided where the period is read, `understand::whole_day_span`).
pub const DAY_HOURS: &[&str] = &["24小时", "24个小时", "24h", "24 hours", "24 hrs"];

/// The always-on phrases that name every hour of the day (`24/7`, `7x24`, `round the clock`):
/// beside a span of days they hold that span whole, as all day does. Each is a phrase of the
/// always-on table (checked by a test), listed here only for this second sense.
pub const EVERY_HOUR: &[&str] = &["24/7", "7x24", "around the clock", "round the clock"];

/// Every way of saying a whole day: all day, the day's hours, every hour of the day.
pub fn whole_day_words() -> impl Iterator<Item = &'static str> {
    WHOLE_DAY.iter().chain(DAY_HOURS).chain(EVERY_HOUR).copied()
}

/// Whether `word` (a command's usage word) is all day: [`WHOLE_DAY`]'s, or the day's hours
/// ([`DAY_HOURS`], `24h` beside a span of days is that span held whole, alone one day).
pub fn is_whole_day(word: &str) -> bool {
    WHOLE_DAY.contains(&word) || DAY_HOURS.contains(&word)
}

/// A long rental with no length said (`长期`, `长租`, `long-term`): never always on by itself;
/// priced as a month held only where no use is said.
pub const LONG_RENTAL: &[&str] = &["长期", "长租", "long-term", "longterm"];

/// Whether a word is a long rental's ([`LONG_RENTAL`]), or a Chinese run holds one
/// (`想长期租两张4090`).
pub fn is_long_rental(word: &str) -> bool {
    LONG_RENTAL
        .iter()
        .any(|w| word == *w || (!w.is_ascii() && word.contains(w)))
}

/// A rented package's length.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Package {
    Day,
    Week,
    /// Months held: priced as the monthly plan.
    Months(u32),
}

/// Package words and what each holds. `monthly` and `weekly` as a command's usage are the
/// package; in a sentence beside a day's hours (`6 hours a day, what's the monthly bill`) a
/// month names only the bill's period (the reader's `find_usage`).
pub const PACKAGES: &[(&str, Package)] = &[
    ("包天", Package::Day),
    ("包日", Package::Day),
    ("包周", Package::Week),
    ("weekly", Package::Week),
    ("包月", Package::Months(1)),
    ("按月", Package::Months(1)),
    ("月租", Package::Months(1)),
    ("monthly", Package::Months(1)),
    ("包年", Package::Months(12)),
    ("按年", Package::Months(12)),
];

/// Words that, right after an English package word, make it the bill's period and no package
/// (`monthly bill`, `weekly cost`): `each day 3 hours, monthly bill?` is a daily use. Not
/// `price`, nor the Chinese `包月费用`: those ask the package's own price.
pub const BILL_OF_PERIOD: &[&str] = &[
    "bill",
    "cost",
    "total",
    "spend",
    // Money of the user's by the period (`my monthly allowance is $300`): no package either.
    "allowance",
    "budget",
    "salary",
    "income",
];

/// Whether `word` (what follows a package word) begins with a [`BILL_OF_PERIOD`] word.
pub fn names_bill_period(word: &str) -> bool {
    BILL_OF_PERIOD.iter().any(|b| word.starts_with(b))
}

/// Paying by the hour named as the other choice beside a package (`包月还是按量`, `monthly or
/// pay as you go`): the plan is weighed against the hours said, one ranking, no second sense.
pub const HOURLY_BILLING: &[&str] = &[
    "按量付费",
    "按量计费",
    "按量",
    "按小时",
    "按时计费",
    "按时",
    "pay as you go",
    "pay-as-you-go",
    "on-demand",
    "on demand",
    "hourly billing",
    "by the hour",
    // ` hourly` is written ` per hour ` by the spoken-form pass.
    "pay per hour",
    "or per hour",
    "per hour or",
    // At the start of a message ` hourly` has no space before it and stays as typed.
    "hourly or",
];

/// The package a word holds, if it is one.
pub fn package(word: &str) -> Option<Package> {
    PACKAGES.iter().find(|(w, _)| *w == word).map(|(_, p)| *p)
}

/// Whether a month's package word is said inside `token` (a Chinese run, `4090包月`) or is it.
/// Inside a run only the `包` words: `3个月租a100` is three months' rent, no package.
pub fn says_month_package(token: &str) -> bool {
    PACKAGES.iter().any(|(w, p)| {
        matches!(p, Package::Months(_))
            && (token == *w || (w.starts_with('包') && token.contains(w)))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn always_on_said_half_in_english_is_always() {
        for t in [
            "一直online",
            "24小时online",
            "always在线",
            "全天候 online",
            "一直 online",
            "always online",
            "一直在线",
            "24/7",
        ] {
            assert_eq!(always_on_as_always(t).trim(), "always", "{t}");
        }
        // `online` or `always` alone keeps its own sense.
        assert_eq!(always_on_as_always("online demo"), "online demo");
        assert_eq!(always_on_as_always("我always用autodl"), "我always用autodl");
    }

    #[test]
    fn one_table_for_every_reader() {
        for w in [
            "常驻",
            "常开",
            "不关机",
            "nonstop",
            "一直online",
            "24/7",
            "always",
        ] {
            assert!(is_always_on(w), "{w}");
        }
        for w in ["长期", "全天", "包月", "monthly", "online"] {
            assert!(!is_always_on(w), "{w}");
        }
        assert!(says_always_on("h100 round the clock"));
        assert!(says_always_on("4090常驻跑推理"));
        assert!(!says_always_on("runpod is always running out of a100s"));
        assert!(!says_always_on("colab always kicks me off"));
        assert!(!says_always_on("长期租4090"));
        assert!(says_always_on("autodl 4090 全天开着"));
        assert!(!says_always_on("4090 全天 多少钱"));
        assert!(!says_month_package("3个月租a100"));
        assert_eq!(
            always_on_phrases_as_word("4090 Round The Clock"),
            "4090 always"
        );
        assert_eq!(always_on_phrases_as_word("4090 3H"), "4090 3H");
        assert_eq!(always_on_phrases_as_word("4090 7x24"), "4090 always");
    }

    #[test]
    fn a_whole_day_in_one_table() {
        for w in EVERY_HOUR {
            assert!(
                is_always_on(w) || always_on_as_always(w).trim() == "always",
                "{w}"
            );
        }
        assert!(is_whole_day("24h") && is_whole_day("全天") && is_whole_day("24小时"));
        assert!(!is_whole_day("24") && !is_whole_day("全天候"));
        assert!(day_kept_on("a100 1个月 24小时开机"));
        assert!(day_kept_on("24h 不关"));
        assert!(day_kept_on("全天 在线"));
        assert!(!day_kept_on("24小时 多少钱"));
        assert_eq!(whole_day_words().count(), 12);
    }

    #[test]
    fn packages_and_long_rentals() {
        assert_eq!(package("包月"), Some(Package::Months(1)));
        assert_eq!(package("包年"), Some(Package::Months(12)));
        assert_eq!(package("每月"), None);
        assert!(is_long_rental("长期租"));
        assert!(!is_long_rental("长期在线") || is_always_on("长期在线"));
        assert!(says_month_package("4090包月"));
    }
}
