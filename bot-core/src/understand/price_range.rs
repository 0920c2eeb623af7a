//! A price said as a range (`1-2块一小时`, `$1-2/h`, `0.5-0.8美元/小时`, `$2-$3`, `between $0.3
//! and $0.5`): written as a cap at its upper end (`不超过2块`, `at most $2/h`), the most the user
//! will pay, before the price is read. The range was dropped whole (`1-2块`: no number after a
//! dash starts a price) or read as its lower end (`$1-2/h` → `$1`), a cap lower than the user's.

use super::price::CURRENCY_WORDS;

/// Words between the two ends of a range.
const BETWEEN: &[&str] = &["-", "~", "–", "到", "至", " to ", "to "];
/// A currency written as a sign before its amount.
const SIGNS: &[char] = &['$', '¥', '￥'];

/// `t` with each price range written as a cap at its upper end, its currency kept.
pub(crate) fn plain(t: &str) -> String {
    if !t.bytes().any(|b| b.is_ascii_digit()) {
        return t.to_string();
    }
    let t = &hour_before_cap(t);
    // The cap in the sentence's language.
    let cap = if t.is_ascii() {
        "at most "
    } else {
        "不超过"
    };
    let mut out = String::with_capacity(t.len());
    let mut i = 0;
    while i < t.len() {
        if let Some((upper, end, from)) = range_at(t, i) {
            // `between $0.3 and $0.5`: the word goes with the range.
            out.truncate(out.len() - from);
            // `每小时1-2块`: the cap before the unit said first, which stays the price's.
            let at = unit_first(&out).unwrap_or(out.len());
            out.insert_str(at, cap);
            out.push_str(&upper);
            i = end;
            continue;
        }
        let c = t[i..].chars().next().unwrap_or(' ');
        out.push(c);
        i += c.len_utf8();
    }
    out
}

/// Where a unit said before the amount starts (`每小时`, `每个小时`, `每天`) when `out` ends with
/// one.
/// `1小时不超过5块`, `一小时低于2块`: the hour said before a ceiling is the price's unit, as
/// `每小时` there is (the hour was read as the job's length, the length said after it lost).
fn hour_before_cap(t: &str) -> String {
    let mut out = t.to_string();
    for cap in ["不超过", "低于"] {
        for hour in ["1小时", "1个小时"] {
            out = out.replace(&format!("{hour}{cap}"), &format!("每小时{cap}"));
        }
    }
    out
}

fn unit_first(out: &str) -> Option<usize> {
    let k = out.rfind('每')?;
    let unit = &out[k + '每'.len_utf8()..];
    (!unit.is_empty()
        && unit.chars().count() <= 3
        && unit.chars().all(|c| !c.is_ascii_digit() && c != ' '))
    .then_some(k)
}

/// The range starting at byte `i`: its upper end as it is to be written, where the range ends,
/// and how many bytes of `between ` before `i` it takes with it.
fn range_at(t: &str, i: usize) -> Option<(String, usize, usize)> {
    let before = &t[..i];
    // The lower end starts a word (`qwen2.5-7b` holds no range) or follows its sign.
    if before.ends_with(|c: char| c.is_ascii_alphanumeric() || c == '.') {
        return None;
    }
    let (sign_a, k) = sign_at(t, i);
    let (low, k) = number_at(t, k)?;
    let (cur_a, k) = currency_at(t, k);
    let between = before.strip_suffix("between ").is_some();
    let k = skip_spaces(t, k);
    let sep = BETWEEN
        .iter()
        .copied()
        .chain(between.then_some(" and "))
        .chain(between.then_some("and "))
        .find(|s| t[k..].starts_with(s))?;
    let k = skip_spaces(t, k + sep.len());
    let (sign_b, k) = sign_at(t, k);
    let (high, k) = number_at(t, k)?;
    let (cur_b, end) = currency_at(t, k);
    let sign = sign_a.or(sign_b);
    let currency = cur_b.or(cur_a);
    // A range of money names its currency; a rising one only (`5-1` is no range).
    if (sign.is_none() && currency.is_none()) || high.parse::<f64>().ok()? <= low.parse().ok()? {
        return None;
    }
    // `1-2块卡` counts cards.
    if t[end..].starts_with(['卡', '显']) {
        return None;
    }
    let mut upper = String::new();
    upper.extend(sign);
    upper.push_str(high);
    upper.push_str(currency.unwrap_or(""));
    Some((upper, end, if between { "between ".len() } else { 0 }))
}

fn sign_at(t: &str, i: usize) -> (Option<char>, usize) {
    match t[i..].chars().next() {
        Some(c) if SIGNS.contains(&c) => (Some(c), i + c.len_utf8()),
        _ => (None, i),
    }
}

/// A decimal amount at `i` (`1`, `0.5`), never one that runs on into a word (`4090s`).
fn number_at(t: &str, i: usize) -> Option<(&str, usize)> {
    let end = t[i..]
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .map_or(t.len(), |k| i + k);
    let n = &t[i..end];
    let ok = !n.is_empty() && n.starts_with(|c: char| c.is_ascii_digit()) && !n.ends_with('.');
    let glued = t[end..].starts_with(|c: char| c.is_ascii_alphabetic())
        && !CURRENCY_WORDS.iter().any(|w| t[end..].starts_with(w));
    (ok && !glued).then_some((n, end))
}

/// A currency word right after an amount, as written (a space allowed before it: `2 bucks`;
/// `2 hours` is no currency).
fn currency_at(t: &str, i: usize) -> (Option<&str>, usize) {
    let k = skip_spaces(t, i);
    match CURRENCY_WORDS.iter().find(|w| t[k..].starts_with(**w)) {
        Some(w) => (Some(&t[i..k + w.len()]), k + w.len()),
        None => (None, i),
    }
}

fn skip_spaces(t: &str, i: usize) -> usize {
    i + (t.len() - i - t[i..].trim_start_matches(' ').len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_price_range_is_its_upper_end() {
        assert_eq!(plain("4090 1-2块1小时哪里有"), "4090 不超过2块1小时哪里有");
        assert_eq!(
            plain("h100 $1-2/h available"),
            "h100 at most $2/h available"
        );
        assert_eq!(plain("h100 $2-$3/hr"), "h100 at most $3/hr");
        assert_eq!(plain("0.5-0.8美元/小时的4090"), "不超过0.8美元/小时的4090");
        assert_eq!(plain("a100 1.2 - 1.8刀每小时"), "a100 不超过1.8刀每小时");
        assert_eq!(plain("1块到2块"), "不超过2块");
        assert_eq!(plain("4090 每小时1-2块"), "4090 不超过每小时2块");
        assert_eq!(
            plain("4090 between $0.3 and $0.5 an hour"),
            "4090 at most $0.5 an hour"
        );
        assert_eq!(plain("between 1 and 2 bucks"), "at most 2 bucks");
    }

    #[test]
    fn what_is_no_price_range_stays() {
        for t in [
            "qwen2.5-7b 4090",
            "4090 2-3小时",
            "2024-12-01 的价格",
            "1-2张4090",
            "1-2块卡",
            "between 2 and 3 hours",
            "$3-1",
            "a 3090 and 2 4090s",
        ] {
            assert_eq!(plain(t), t);
        }
    }
}
