//! Marks people type that change a figure, read on the raw text before any other pass (helper
//! und_dx, issue 26; the words are the lexicon's `said_numbers`): a `*` correction replaces the
//! value it corrects (`4 hrs how much? *5 hrs` is 5 hours: the chat convention); a numbered
//! list's item numbers (`1. 算家云 2. 4090 3. 两小时`) are no counts; an `h:mm` figure after a
//! word of use (`for 2:30`) is a length; digit groups (`20 000 000`, `5'000'000`) and lakh or
//! crore are one number; `Y` right before a number is the yuan sign; a contraction with its
//! apostrophe misplaced (`dont'`) and `木有` are written as the readers read them. Each of these
//! was a wrong figure or a need read as its opposite.

use crate::lexicon;

/// The raw text with every mark above read.
pub(super) fn read(text: &str) -> String {
    let mut s = lexicon::ZH_CHAT_SPELLINGS
        .iter()
        .fold(text.to_string(), |s, (from, to)| s.replace(from, to));
    s = contractions(&hosts(&s));
    s = corrected(&s);
    s = list_numbers_dropped(&s);
    s = clock_lengths(&s);
    s = millions_of_tokens(&large_numbers(&grouped_digits(&s)));
    yuan_sign(&s)
}

/// `https://www.autodl.com/`: a web address pasted without its scheme and `www.` (`autodl.com`),
/// the name the platform readers know; its path is kept.
fn hosts(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(at) = ["https://", "http://", "www."]
        .iter()
        .filter_map(|m| rest.to_ascii_lowercase().find(m))
        .min()
    {
        // `www.` inside a word is no address's start.
        if at > 0 && rest[..at].ends_with(|c: char| c.is_ascii_alphanumeric()) {
            out.push_str(&rest[..at + 1]);
            rest = &rest[at + 1..];
            continue;
        }
        out.push_str(&rest[..at]);
        let url = &rest[at..];
        let end = url
            .find(|c: char| c.is_whitespace() || !c.is_ascii())
            .unwrap_or(url.len());
        let lower = url[..end].to_ascii_lowercase();
        let bare = lower
            .trim_start_matches("https://")
            .trim_start_matches("http://")
            .trim_start_matches("www.");
        // A path is kept (`huggingface.co/meta-llama/Llama-3.1-70B-Instruct` names the model);
        // a bare trailing `/` is dropped.
        let host = bare.strip_suffix('/').unwrap_or(bare);
        out.push_str(host);
        rest = &url[end..];
    }
    out.push_str(rest);
    out
}

fn chars(s: &str) -> Vec<char> {
    s.chars().collect()
}

/// `dont'`, `does'nt`, `do'nt`: a contraction with one apostrophe out of place, written with
/// it before its last letter (`don't`).
fn contractions(s: &str) -> String {
    let c = chars(s);
    let mut out = String::with_capacity(s.len());
    let mut i = 0;
    while i < c.len() {
        let word = |k: usize| {
            c.get(k)
                .is_some_and(|ch| ch.is_ascii_alphabetic() || *ch == '\'' || *ch == '’')
        };
        if word(i) && (i == 0 || !word(i - 1)) {
            let end = (i..c.len()).find(|&k| !word(k)).unwrap_or(c.len());
            let run: String = c[i..end].iter().collect();
            let marks = run.chars().filter(|ch| *ch == '\'' || *ch == '’').count();
            let bare: String = run.chars().filter(char::is_ascii_alphabetic).collect();
            let lower = bare.to_lowercase();
            if marks == 1 && lexicon::CONTRACTIONS_BARE.contains(&lower.as_str()) {
                let cut = bare.len() - 1;
                let fixed = format!("{}'{}", &bare[..cut], &bare[cut..]);
                if run != fixed {
                    out.push_str(&fixed);
                    i = end;
                    continue;
                }
            }
            out.push_str(&run);
            i = end;
            continue;
        }
        out.push(c[i]);
        i += 1;
    }
    out
}

/// A number at `i` (digits with one optional point): its end.
fn number_end(c: &[char], i: usize) -> Option<usize> {
    if !c.get(i)?.is_ascii_digit() {
        return None;
    }
    let mut k = i;
    while c.get(k).is_some_and(char::is_ascii_digit) {
        k += 1;
    }
    if c.get(k) == Some(&'.') && c.get(k + 1).is_some_and(char::is_ascii_digit) {
        k += 1;
        while c.get(k).is_some_and(char::is_ascii_digit) {
            k += 1;
        }
    }
    Some(k)
}

/// The unit word after a number ending at `k`, past one space: a Latin word, or a Han run less
/// a leading measure word `个`.
fn unit_after(c: &[char], k: usize) -> String {
    let k = if c.get(k) == Some(&' ') { k + 1 } else { k };
    let k = if c.get(k) == Some(&'个') { k + 1 } else { k };
    let latin = c.get(k).is_some_and(char::is_ascii_alphabetic);
    c[k.min(c.len())..]
        .iter()
        .take_while(|ch| {
            if latin {
                ch.is_ascii_alphabetic()
            } else {
                lexicon::is_han(**ch)
            }
        })
        .flat_map(|ch| ch.to_lowercase())
        .collect()
}

/// Two units are one: the same word, or two words of one length (`hrs`, `hours`; `天`, `天的`).
fn same_unit(a: &str, b: &str) -> bool {
    if a.is_empty() || b.is_empty() {
        return false;
    }
    if a == b {
        return true;
    }
    // A Latin unit is its whole word (`how` is no `h`); a Han run may go on past its unit
    // (`小时多少钱`).
    let length = |w: &str| {
        let shortest = if w.is_ascii() { w.len() } else { 1 };
        (shortest..=w.chars().count()).rev().find_map(|n| {
            lexicon::duration(&format!("1{}", w.chars().take(n).collect::<String>())).ok()
        })
    };
    matches!((length(a), length(b)), (Some(x), Some(y)) if x == y)
}

/// `… 4 hrs how much? *5 hrs`: a `*` before a number, where no word or number is glued before
/// it, corrects the last earlier number said with the same unit; the correction is dropped.
/// With no such number the text is left as it was.
fn corrected(s: &str) -> String {
    let mut c = chars(s);
    let mut from = 0;
    while let Some(star) = (from..c.len()).find(|&k| c[k] == '*') {
        from = star + 1;
        if star > 0 && c[star - 1].is_ascii_alphanumeric() {
            continue;
        }
        let Some(end) = number_end(&c, star + 1) else {
            continue;
        };
        let unit = unit_after(&c, end);
        let new: Vec<char> = c[star + 1..end].to_vec();
        let earlier = (0..star).rev().find(|&k| {
            (k == 0 || !(c[k - 1].is_ascii_alphanumeric() || c[k - 1] == '.'))
                && number_end(&c, k)
                    .is_some_and(|e| e <= star && same_unit(&unit_after(&c, e), &unit))
        });
        let Some(at) = earlier else {
            continue;
        };
        let Some(old_end) = number_end(&c, at) else {
            continue;
        };
        // The correction runs to its clause's end.
        let stop = (end..c.len())
            .find(|&k| {
                matches!(
                    c[k],
                    ',' | '，' | '?' | '？' | '!' | '！' | '。' | ';' | '\n'
                )
            })
            .unwrap_or(c.len());
        c.splice(star..stop, std::iter::once(' '));
        c.splice(at..old_end, new);
        from = at;
    }
    c.into_iter().collect()
}

/// Item numbers of a list (`1. a 2. b`, `1) a 2) b`, `1、a 2、b`): a number of one or two digits
/// opening the text or after a space, then `)`, `）`, `、`, or `.` not before a digit. Dropped
/// only where the items count up from 1, at least two of them.
fn list_numbers_dropped(s: &str) -> String {
    let c = chars(s);
    let mut marks = Vec::new();
    for i in 0..c.len() {
        if !(i == 0 || c[i - 1].is_whitespace()) {
            continue;
        }
        let Some(end) = (i..c.len().min(i + 3)).find(|&k| !c[k].is_ascii_digit()) else {
            continue;
        };
        if end == i || !matches!(c[end], '.' | ')' | '）' | '、' | '．') {
            continue;
        }
        // A point before a digit is a decimal point (`1.5`); `、` and `)` never are.
        if matches!(c[end], '.' | '．') && c.get(end + 1).is_some_and(char::is_ascii_digit) {
            continue;
        }
        let n: usize = c[i..end].iter().collect::<String>().parse().unwrap_or(0);
        marks.push((i, end + 1, n));
    }
    let counted: Vec<_> = marks
        .iter()
        .scan(1, |want, m| {
            (m.2 == *want).then(|| {
                *want += 1;
                *m
            })
        })
        .collect();
    if counted.len() < 2 {
        return s.to_string();
    }
    let mut out = String::with_capacity(s.len());
    let mut i = 0;
    for (start, end, _) in counted {
        out.extend(&c[i..start]);
        out.push(' ');
        i = end;
    }
    out.extend(&c[i..]);
    out
}

/// `for 2:30`, `跑1:45`: hours and minutes after a word of use, with no word of a time of day
/// after them, written as a length (`2h30m`).
fn clock_lengths(s: &str) -> String {
    let c = chars(s);
    let mut out = String::with_capacity(s.len());
    let mut i = 0;
    while i < c.len() {
        if let Some(len) = clock_length_at(&c, i) {
            out.push_str(&len.0);
            i = len.1;
            continue;
        }
        out.push(c[i]);
        i += 1;
    }
    out
}

fn clock_length_at(c: &[char], i: usize) -> Option<(String, usize)> {
    if i > 0 && (c[i - 1].is_ascii_digit() || c[i - 1] == ':') {
        return None;
    }
    let h_end = (i..c.len().min(i + 3)).find(|&k| !c[k].is_ascii_digit())?;
    if h_end == i || !matches!(c[h_end], ':' | '：') {
        return None;
    }
    let m: String = c.get(h_end + 1..h_end + 3)?.iter().collect();
    if !m.chars().all(|d| d.is_ascii_digit()) || c.get(h_end + 3).is_some_and(char::is_ascii_digit)
    {
        return None;
    }
    let (h, m): (u32, u32) = (
        c[i..h_end].iter().collect::<String>().parse().ok()?,
        m.parse().ok()?,
    );
    if m > 59 || (h == 0 && m == 0) {
        return None;
    }
    let before: String = c[..i].iter().collect::<String>().to_lowercase();
    let before = before.trim_end();
    let cue = lexicon::LENGTH_BEFORE_CLOCK.iter().any(|w| {
        before.ends_with(w)
            && (!w.is_ascii()
                || !before[..before.len() - w.len()].ends_with(|ch: char| ch.is_ascii_alphabetic()))
    });
    let after: String = c[h_end + 3..].iter().collect::<String>().to_lowercase();
    let after = after.trim_start();
    let clock = lexicon::CLOCK_AFTER.iter().any(|w| {
        after.starts_with(w)
            && (!w.is_ascii() || !after[w.len()..].starts_with(|ch: char| ch.is_ascii_alphabetic()))
    });
    if !cue || clock {
        return None;
    }
    let len = match (h, m) {
        (0, m) => format!("{m}m"),
        (h, 0) => format!("{h}h"),
        (h, m) => format!("{h}h{m}m"),
    };
    Some((len, h_end + 3))
}

/// `20 000 000`, `5'000'000`: a lead of one to three digits and groups of three, one number.
pub(super) fn grouped_digits(s: &str) -> String {
    let c = chars(s);
    let mut out = String::with_capacity(s.len());
    let mut i = 0;
    while i < c.len() {
        let starts = c[i].is_ascii_digit()
            && (i == 0 || !(c[i - 1].is_ascii_alphanumeric() || matches!(c[i - 1], '.' | ',')));
        if starts && let Some((digits, end)) = group_at(&c, i) {
            out.push_str(&digits);
            i = end;
            continue;
        }
        out.push(c[i]);
        i += 1;
    }
    out
}

fn group_at(c: &[char], i: usize) -> Option<(String, usize)> {
    let lead_end = (i..c.len())
        .find(|&k| !c[k].is_ascii_digit())
        .unwrap_or(c.len());
    if lead_end - i > 3 {
        return None;
    }
    let mut digits: String = c[i..lead_end].iter().collect();
    let (mut k, mut groups, mut spaced) = (lead_end, 0, false);
    let mut first_mark = None;
    while let Some(&mark) = c.get(k) {
        let apostrophe = lexicon::GROUP_APOSTROPHES.contains(&mark);
        let of_two = lexicon::GROUP_MARKS_OF_TWO.contains(&mark);
        if !apostrophe && !of_two && !lexicon::GROUP_SPACES.contains(&mark) {
            break;
        }
        let three = c
            .get(k + 1..k + 4)
            .is_some_and(|g| g.iter().all(char::is_ascii_digit));
        if !three || c.get(k + 4).is_some_and(char::is_ascii_digit) {
            // `2.5.1`, `1.0005`: a dot before no group of three ends no number of dot groups.
            if of_two && groups > 0 && c.get(k + 1).is_some_and(char::is_ascii_digit) {
                return None;
            }
            break;
        }
        // `5.000.000` is one number; `5.000 000` or `5，000.000` mixes marks and is left.
        let dotted = |m: char| lexicon::GROUP_MARKS_OF_TWO.contains(&m);
        if first_mark.is_some_and(|m| m != mark && (dotted(m) || of_two)) {
            return None;
        }
        first_mark.get_or_insert(mark);
        spaced |= !apostrophe;
        digits.extend(&c[k + 1..k + 4]);
        groups += 1;
        k += 4;
    }
    (groups >= if spaced { 2 } else { 1 }).then_some((digits, k))
}

/// `50 lakh`, `1.5 crore`: the number times the word's, in digits.
fn large_numbers(s: &str) -> String {
    let c = chars(s);
    let mut out = String::with_capacity(s.len());
    let mut i = 0;
    while i < c.len() {
        let starts = i == 0 || !(c[i - 1].is_ascii_alphanumeric() || c[i - 1] == '.');
        if starts && let Some(end) = number_end(&c, i) {
            let at = end + usize::from(c.get(end) == Some(&' '));
            let word: String = c[at.min(c.len())..]
                .iter()
                .take_while(|ch| ch.is_ascii_alphabetic())
                .flat_map(|ch| ch.to_lowercase())
                .collect();
            let after_word = at + word.len();
            let times = lexicon::LARGE_NUMBER_WORDS
                .iter()
                .find(|(w, _)| *w == word)
                .map(|(_, n)| *n);
            let n: Option<f64> = c[i..end].iter().collect::<String>().parse().ok();
            if let (Some(times), Some(n)) = (times, n) {
                let whole = n * times as f64;
                if whole.fract() == 0.0 {
                    out.push_str(&format!("{}", whole as u64));
                    i = after_word;
                    continue;
                }
            }
            out.extend(&c[i..end]);
            i = end;
            continue;
        }
        out.push(c[i]);
        i += 1;
    }
    out
}

/// `5000000 tokens`: a whole number of millions before a token word written as millions
/// (`5m tokens`), the form the volume readers take; as seven digits after `at` it was also read
/// as an API price.
fn millions_of_tokens(s: &str) -> String {
    let c = chars(s);
    let mut out = String::with_capacity(s.len());
    let mut i = 0;
    while i < c.len() {
        let starts = i == 0 || !(c[i - 1].is_ascii_alphanumeric() || c[i - 1] == '.');
        let end = (i..c.len())
            .find(|&k| !c[k].is_ascii_digit())
            .unwrap_or(c.len());
        if starts && end - i >= 7 && c.get(end) != Some(&'.') {
            let after: String = c[end..].iter().take(8).collect::<String>().to_lowercase();
            let n: u64 = c[i..end].iter().collect::<String>().parse().unwrap_or(0);
            if after
                .trim_start()
                .trim_start_matches('个')
                .starts_with("tok")
                && n % 100_000 == 0
            {
                out.push_str(&format!("{}m", n as f64 / 1e6));
                i = end;
                continue;
            }
        }
        out.extend(&c[i..end.max(i + 1)]);
        i = end.max(i + 1);
    }
    out
}

/// `Y1.6 per hour`: a `Y` alone right before a number is the yuan sign (a keyboard without `¥`).
fn yuan_sign(s: &str) -> String {
    let c = chars(s);
    c.iter()
        .enumerate()
        .map(|(i, &ch)| {
            let alone = i == 0 || !c[i - 1].is_alphanumeric();
            let number = number_end(&c, i + 1)
                .is_some_and(|e| !c.get(e).is_some_and(|n| n.is_ascii_alphanumeric()));
            if matches!(ch, 'Y' | 'y') && alone && number {
                '¥'
            } else {
                ch
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::read;

    #[test]
    fn marks_read() {
        for (typed, read_as) in [
            ("4 hrs how much? *5 hrs", "5 hrs how much?  "),
            ("1 day job *2 day job", "2 day job  "),
            ("跑4小时多少钱 *5小时", "跑5小时多少钱  "),
            ("4090 how much *5 hrs", "4090 how much *5 hrs"),
            ("1. 算家云 2. 4090 3. 两小时", "  算家云   4090   两小时"),
            ("2. 4090", "2. 4090"),
            ("for 2:30, what", "for 2h30m, what"),
            ("from 9:30 to 11:00", "from 9:30 to 11:00"),
            ("跑1:45 多少钱", "跑1h45m 多少钱"),
            ("20 000 000 tokens", "20m tokens"),
            ("1500000 tokens", "1.5m tokens"),
            ("1500000 yuan", "1500000 yuan"),
            ("3 100 hours", "3 100 hours"),
            ("5'000'000 tokens", "5m tokens"),
            ("5.000.000 tokens", "5m tokens"),
            ("每天20，000，000 token", "每天20m token"),
            ("1.500 tokens", "1.500 tokens"),
            ("v1.100.2000", "v1.100.2000"),
            ("5.000,000", "5.000,000"),
            ("5.000 000", "5.000 000"),
            ("20.000.000.", "20000000."),
            ("50 lakh tokens", "5m tokens"),
            ("1.5 crore", "15000000"),
            ("Y1.6 per hour", "¥1.6 per hour"),
            ("my 4090 y 2", "my 4090 y 2"),
            ("dont' need", "don't need"),
            ("does'nt", "doesn't"),
            ("don't", "don't"),
            ("木有信用卡", "没有信用卡"),
            ("https://vast.ai need kyc", "vast.ai need kyc"),
            ("https://www.autodl.com/ 按秒", "autodl.com 按秒"),
            (
                "https://huggingface.co/Qwen/Qwen2.5-7B x",
                "huggingface.co/qwen/qwen2.5-7b x",
            ),
            ("see www.runpod.io.", "see runpod.io."),
            ("wwwx", "wwwx"),
        ] {
            assert_eq!(read(typed), read_as, "{typed}");
        }
    }
}
