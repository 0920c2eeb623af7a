//! Chinese numerals, read one way for the whole reader (and `/pick`'s dialogue): the digit of each character (`幺` is 1
//! as digits are read out over a line, `〇` 0) and the value of a numeral of any size. Every
//! pass that writes a Chinese number in digits (`text`'s counter pass, `spoken_zh`'s amounts,
//! `wan_numbers`' place down, `spoken_forms`' sizes and spoken cards) reads it here, so a
//! spoken form known to one is known to all (`幺二八块` was ¥28 to the amounts pass, `一亿五千万`
//! 100 million to the volume reader).

/// The digit a Chinese character writes (`幺` as a spoken 1, `〇` as a written 0).
pub(crate) fn digit(c: char) -> Option<u32> {
    Some(match c {
        '零' | '〇' => 0,
        '一' | '幺' => 1,
        '二' | '两' => 2,
        '三' => 3,
        '四' => 4,
        '五' => 5,
        '六' => 6,
        '七' => 7,
        '八' => 8,
        '九' => 9,
        _ => return None,
    })
}

/// Whether a character is part of a Chinese numeral: a digit or a unit (`一两百`).
pub(crate) fn is_numeral(c: char) -> bool {
    digit(c).is_some() || unit(c).is_some()
}

/// A Chinese digit or an ASCII one.
fn any_digit(c: char) -> Option<u64> {
    digit(c)
        .or_else(|| c.to_digit(10).filter(|_| c.is_ascii_digit()))
        .map(u64::from)
}

/// The place a unit character stands for.
fn unit(c: char) -> Option<u64> {
    Some(match c {
        '十' => 10,
        '百' => 100,
        '千' => 1_000,
        '万' => 10_000,
        '亿' => 100_000_000,
        _ => return None,
    })
}

/// The value of a numeral (Chinese digits and units, ASCII digits among them allowed):
/// digits alone are read one by one as spoken (`幺二八` 128, `二〇二四` 2024); with units each
/// part is counted (`一亿五千万` 150,000,000, `三亿零五百万` 305,000,000, `一千零五十` 1,050), and a
/// single digit after the last unit of a hundred or more is the next place down, as said
/// (`一千五` 1,500, `一万五` 15,000, `一亿五` 150,000,000; `一千零五` is 1,005). `None` when the
/// characters are no one number (`五五五五五五五五五五五五五`, `百五百`), nor a range
/// ([`range_of`]: `三五`, `十二三`, `七八十`).
pub(crate) fn value_of(run: &[char]) -> Option<u64> {
    if run.is_empty() {
        return None;
    }
    if !run.iter().any(|c| unit(*c).is_some()) {
        // A long run of digits is no number said (and must not overflow).
        if run.len() > 12 {
            return None;
        }
        // Two Chinese digits side by side are a range said (`三五天` is three to five days,
        // never 35), never one number: a number read out digit by digit has three or more.
        if run.len() == 2 && run.iter().all(|c| digit(*c).is_some()) {
            return None;
        }
        return run
            .iter()
            .try_fold(0u64, |v, c| Some(v * 10 + any_digit(*c)?));
    }
    let (mut total, mut section) = (0u64, 0u64);
    let mut num: Option<u64> = None;
    let (mut last_unit, mut digits_after, mut zero) = (0u64, 0, false);
    for (k, &c) in run.iter().enumerate() {
        if let Some(d) = any_digit(c) {
            if d == 0 && !c.is_ascii_digit() {
                zero = true;
                continue;
            }
            // `十二三`, `两三百`: two Chinese digits side by side beside a unit are a range
            // (12 or 13, 200 or 300), no one number (it was 33 hours, ¥2,300).
            if !c.is_ascii_digit() && k > 0 && digit(run[k - 1]).is_some_and(|p| p > 0) {
                return None;
            }
            num = Some(num.unwrap_or(0).checked_mul(10)?.checked_add(d)?);
            digits_after += 1;
            continue;
        }
        let u = unit(c)?;
        let n = num.take();
        match u {
            // `万`/`亿` close a section: what was counted so far is that many of them.
            10_000 | 100_000_000 => {
                let counted = section.checked_add(n.unwrap_or(0))?;
                let counted = if counted == 0 { 1 } else { counted };
                total = if u == 100_000_000 {
                    total.checked_add(counted)?.checked_mul(u)?
                } else {
                    total.checked_add(counted.checked_mul(u)?)?
                };
                section = 0;
            }
            // A unit inside a section must fall (`一千五百`, never `五百千`).
            _ if u >= last_unit && last_unit != 0 && last_unit < 10_000 => return None,
            _ => section = section.checked_add(n.unwrap_or(1).checked_mul(u)?)?,
        }
        last_unit = u;
        digits_after = 0;
        zero = false;
    }
    let tail = match num {
        // `一千五`: a lone digit right after a unit of a hundred or more, no `零` between.
        Some(d) if digits_after == 1 && !zero && last_unit >= 100 => {
            d.checked_mul(last_unit / 10)?
        }
        Some(d) => d,
        None => 0,
    };
    total.checked_add(section)?.checked_add(tail)
}

/// A range said with two adjacent Chinese digits, smaller first (`三五` 3–5, `两三` 2–3, `一两`
/// 1–2, `十二三` 12–13, `二十五六` 25–26, `七八十` 70–80, `两三百` 200–300, `一千五六百`
/// 1,500–1,600): each end is the numeral with the other digit left out. `None` when the run
/// holds no such pair, or is one number.
pub(crate) fn range_of(run: &[char]) -> Option<(u64, u64)> {
    let chinese = |c: char| digit(c).filter(|d| *d > 0 && c != '幺');
    let pairs: Vec<usize> = (0..run.len().saturating_sub(1))
        .filter(|&k| {
            matches!((chinese(run[k]), chinese(run[k + 1])), (Some(a), Some(b)) if b > a && b - a <= 2)
        })
        .collect();
    let [k] = pairs[..] else {
        return None;
    };
    let without = |skip: usize| -> Vec<char> {
        run.iter()
            .enumerate()
            .filter(|(i, _)| *i != skip)
            .map(|(_, c)| *c)
            .collect()
    };
    let lo = value_of(&without(k + 1))?;
    let hi = value_of(&without(k))?;
    (lo < hi).then_some((lo, hi))
}

/// The value of a numeral, or the top of a range said (`三五天` is read as five days, the
/// longer end, so a bill never falls short).
pub(crate) fn value_or_top(run: &[char]) -> Option<u64> {
    value_of(run).or_else(|| range_of(run).map(|(_, hi)| hi))
}

/// The byte ranges of the whole numbers written in digits that stand alone, not glued after a
/// letter, a digit or a decimal point (`8 of them`, `跑10天`; never the `90` of `4090` or the `5`
/// of `2.5`), in order.
pub(crate) fn digit_runs(text: &str) -> impl Iterator<Item = (usize, usize)> + '_ {
    runs(text, false)
}

/// The byte ranges of the numbers written in digits with their decimal points (`2.5`, `0.0007`,
/// a trailing point kept: `2.`) that stand alone, as [`digit_runs`] starts them: the one scan
/// of the money readers (`lexicon::bare_amounts`, `said_range`, `/pick`'s cap).
pub(crate) fn decimal_runs(text: &str) -> impl Iterator<Item = (usize, usize)> + '_ {
    runs(text, true)
}

/// The one scan behind [`digit_runs`] and [`decimal_runs`]: a run starts at a digit not glued
/// after a letter, a digit or a point, and goes on over digits (and points, when `points`).
fn runs(text: &str, points: bool) -> impl Iterator<Item = (usize, usize)> + '_ {
    let b = text.as_bytes();
    let mut i = 0;
    std::iter::from_fn(move || {
        while i < b.len() {
            let glued = i > 0 && (b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'.');
            if !b[i].is_ascii_digit() || glued {
                i += 1;
                continue;
            }
            let start = i;
            while i < b.len() && (b[i].is_ascii_digit() || (points && b[i] == b'.')) {
                i += 1;
            }
            return Some((start, i));
        }
        None
    })
}

#[cfg(test)]
mod tests {
    use super::{range_of, value_of, value_or_top};

    #[test]
    fn decimal_runs_keep_their_points() {
        let text = "4090 at $2.5/h, 0.0007 per sec, 3. then v2.1";
        let runs: Vec<&str> = super::decimal_runs(text)
            .map(|(a, b)| &text[a..b])
            .collect();
        assert_eq!(runs, ["4090", "2.5", "0.0007", "3."]);
    }

    fn v(s: &str) -> Option<u64> {
        value_of(&s.chars().collect::<Vec<_>>())
    }

    fn r(s: &str) -> Option<(u64, u64)> {
        range_of(&s.chars().collect::<Vec<_>>())
    }

    #[test]
    fn adjacent_numerals_are_a_range_never_one_number() {
        for (said, lo, hi) in [
            ("三五", 3, 5),
            ("两三", 2, 3),
            ("一两", 1, 2),
            ("四五", 4, 5),
            ("七八", 7, 8),
            ("十二三", 12, 13),
            ("二十五六", 25, 26),
            ("七八十", 70, 80),
            ("两三百", 200, 300),
            ("三四千", 3000, 4000),
            ("五六万", 50_000, 60_000),
            ("一千五六百", 1500, 1600),
        ] {
            assert_eq!(r(said), Some((lo, hi)), "{said}");
            assert_eq!(v(said), None, "{said} is no one number");
            assert_eq!(value_or_top(&said.chars().collect::<Vec<_>>()), Some(hi));
        }
        // One number, or no range: a number read out digit by digit, a falling pair, a pair
        // too far apart.
        assert_eq!(r("幺二八"), None);
        assert_eq!(r("十二"), None);
        assert_eq!(r("五三"), None);
        assert_eq!(r("二八"), None);
        assert_eq!(v("二八"), None);
        assert_eq!(r("一百二十"), None);
    }

    #[test]
    fn one_reading_for_every_numeral() {
        assert_eq!(v("幺二八"), Some(128));
        assert_eq!(v("二〇二四"), Some(2024));
        assert_eq!(v("三"), Some(3));
        assert_eq!(v("十二"), Some(12));
        assert_eq!(v("二十"), Some(20));
        assert_eq!(v("一百二十八"), Some(128));
        assert_eq!(v("一千五"), Some(1500));
        assert_eq!(v("一千零五"), Some(1005));
        assert_eq!(v("一千零五十"), Some(1050));
        assert_eq!(v("两千五百"), Some(2500));
        assert_eq!(v("一万五"), Some(15_000));
        assert_eq!(v("一万五千"), Some(15_000));
        assert_eq!(v("一千五百万"), Some(15_000_000));
        assert_eq!(v("一亿五千万"), Some(150_000_000));
        assert_eq!(v("两亿五千万"), Some(250_000_000));
        assert_eq!(v("三亿零五百万"), Some(305_000_000));
        assert_eq!(v("一亿五"), Some(150_000_000));
        assert_eq!(v("1亿5000万"), Some(150_000_000));
        assert_eq!(v("3千"), Some(3000));
        assert_eq!(v("1万2"), Some(12_000));
        // No one number: a unit that rises inside a section, a range, a run too long.
        assert_eq!(v("五百千"), None);
        assert_eq!(v("十二三"), None);
        assert_eq!(v("两三百"), None);
        assert_eq!(v("五五五五五五五五五五五五五"), None);
        assert_eq!(v("三五"), None);
        assert_eq!(v(""), None);
    }

    #[test]
    fn digit_runs_are_whole_numbers_standing_alone() {
        use super::digit_runs;
        let text = "8 of the 4090s for 2.5 days, 跑10天 a12";
        let runs: Vec<&str> = digit_runs(text).map(|(a, b)| &text[a..b]).collect();
        assert_eq!(runs, ["8", "4090", "2", "10"]);
    }
}
