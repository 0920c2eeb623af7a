//! What a step hears of a typed line beyond its words (issue 26 §4, helper und_ef): a greeting
//! before it left out, keycap digits as digits, a budget noun's slip as the noun, Cantonese as
//! the Mandarin step words (`lexicon::typed_forms`, `lexicon::yue_steps`), and `一天` before hours as
//! each day (`一天大概跑两个钟头` is 2 h a day; it had been one run of 24 h, and `一天两个钟头`
//! one of 26 h). Applied once by `slip::folded`, so every step and every pre-reader
//! (`told`, `listen`) hears the same line.

use crate::lexicon;

/// The line as the steps hear it.
pub(super) fn heard(text: &str) -> String {
    let t = lexicon::greeting_dropped(text);
    let t = lexicon::keycaps_as_digits(t);
    let t = lexicon::budget_slips_read(&t);
    let t = lexicon::yue_as_mandarin(&t);
    a_day_as_each_day(&t)
}

/// At a step after the first, a figure said again in the message (`a couple hours, call it 3
/// hours`, `lexicon::restated`) is the answer: the words before it left out, unless they name a
/// model or a card (a token of letters and digits, `7b`, `4090`), which the step would lose.
/// The first sentence is read whole (its other facts are kept).
pub(super) fn restated(step: super::state::Step, text: String) -> String {
    if step == super::state::Step::Task {
        return text;
    }
    let Some(rest) = lexicon::restated_answer(&text) else {
        return text;
    };
    let before = &text[..text.len() - rest.len()];
    let named = before.split(|c: char| !c.is_alphanumeric()).any(|w| {
        let digits = w.chars().filter(char::is_ascii_digit).count();
        digits > 0 && (digits >= 4 || w.chars().any(|c| c.is_ascii_alphabetic()))
    });
    if named { text } else { rest.to_string() }
}

/// Verbs of running before `一天` that make it the run's length (`跑一天`, `租一天`).
const RUN_BEFORE: &[char] = &['跑', '租', '用', '开', '训', '练', '挂', '算', '做'];

/// The hour words a day's hours are said in (the lexicon's hour spellings of Han characters).
fn hour_words() -> impl Iterator<Item = &'static str> {
    lexicon::UNIT_SPELLINGS
        .iter()
        .filter(|(w, u, _)| *u == crate::units::TimeUnit::Hour && w.chars().all(lexicon::is_han))
        .map(|(w, ..)| *w)
}

/// Whether `c` is a digit or a Chinese numeral.
fn numeral(c: char) -> bool {
    c.is_ascii_digit() || c == '两' || lexicon::numerals::value_of(&[c]).is_some()
}

/// `一天` (or `1天`) before hours said in a few characters (`一天大概跑两个钟头`, `一天3小时`) as
/// `每天`: the Chinese way of saying hours a day. Never after a run verb (`跑一天` is a day's
/// run), a number (`十一天`), nor where a half follows (`一天半` is a day and a half).
fn a_day_as_each_day(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = chars.clone();
    let mut i = 0;
    while i + 1 < chars.len() {
        let day = (chars[i] == '一' || chars[i] == '1') && chars[i + 1] == '天';
        let prev = i.checked_sub(1).map(|p| chars[p]);
        if !day
            || prev.is_some_and(|p| numeral(p) || p == '.' || RUN_BEFORE.contains(&p))
            || chars.get(i + 2) == Some(&'半')
        {
            i += 1;
            continue;
        }
        // The first number within six characters after, and an hour word right after it.
        let from = i + 2;
        let to = (from + 7).min(chars.len());
        if let Some(n) = (from..to).find(|&k| numeral(chars[k])) {
            let mut e = n;
            while e < chars.len() && (numeral(chars[e]) || chars[e] == '.' || chars[e] == '半') {
                e += 1;
            }
            let after: String = chars[e..].iter().take(5).collect();
            // `4个半小时`: the measure and a half between the number and its hours.
            let after = after.trim_start().trim_start_matches(['个', '半']);
            if chars[from..n].iter().all(|c| !c.is_ascii_digit())
                && hour_words().any(|h| after.starts_with(h))
            {
                out[i] = '每';
            }
        }
        i += 2;
    }
    out.into_iter().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_day_before_hours_is_each_day() {
        for (t, r) in [
            ("一天大概跑两个钟头", "每天大概跑两个钟头"),
            ("qlora，一天跑3个钟头", "qlora，每天跑3个钟头"),
            ("一天两个钟头", "每天两个钟头"),
            ("1天5小时", "每天5小时"),
            ("一天差不多4个半小时", "每天差不多4个半小时"),
        ] {
            assert_eq!(a_day_as_each_day(t), r, "{t}");
        }
        // A day's run, eleven days, a day and a half, a day with no hours.
        for t in [
            "跑一天",
            "跑一天两个小时",
            "十一天3小时",
            "一天半",
            "一天",
            "一天100块预算",
        ] {
            assert_eq!(a_day_as_each_day(t), t, "{t}");
        }
    }

    #[test]
    fn a_line_heard() {
        assert_eq!(heard("hi there! 2\u{fe0f}\u{20e3}"), "option 2");
        assert_eq!(heard("budegt 300 a month"), "budget 300 a month");
        assert_eq!(heard("冇其他喇"), "没有其他了");
    }
}
