//! A decimal point typed as another mark. A Chinese IME in its full-width mode writes `。` for
//! the `.` key (`0。5元`, `1。99美元`), some keyboards a half-width `｡`, a middle dot `·`/`・`,
//! and a slipped finger a doubled `..` (`$0..9/hr`). Read as a full stop, the number was cut
//! into two and the reader took its fraction for the amount (`1。99美元` → $99): a wrong
//! figure, the worst answer.
//!
//! The rule: digits, one mark, digits — a whole part of one to three digits (no card's
//! number: `4090。5小时` is a card then a sentence) and a fraction of one or two digits
//! (a price's cents) followed by no further digit — is one number with a decimal point. A `。`
//! after a number that ends its sentence (`预算500。4090哪家…`, `我有300。`) stays a full stop:
//! it has no fraction of that form after it. Three dots or more are an ellipsis, never a point.

/// The single marks typed for a decimal point between digits.
const POINTS: [char; 4] = ['。', '｡', '·', '・'];

/// The longest whole part and fraction read across a mark (a price per hour or per token).
const WHOLE_MAX: usize = 3;
const FRACTION_MAX: usize = 2;
/// After a whole part `0` a fraction may be longer (`0。0004` a second): no sentence ends in 0.
const ZERO_FRACTION_MAX: usize = 6;

/// `raw` with every decimal point typed as another mark written `.`; one walk.
pub(super) fn points(raw: Vec<char>) -> Vec<char> {
    let mut out = Vec::with_capacity(raw.len());
    let mut i = 0;
    while i < raw.len() {
        let c = raw[i];
        let width = if POINTS.contains(&c) {
            1
        } else if c == '.' && raw.get(i + 1) == Some(&'.') && raw.get(i + 2) != Some(&'.') {
            2
        } else {
            0
        };
        if width > 0 && i > 0 && decimal_at(&raw, i, width) {
            out.push('.');
            i += width;
            continue;
        }
        out.push(c);
        i += 1;
    }
    out
}

/// `text` with its decimal points typed as other marks written `.` (for the readers of the raw
/// text: [`points`] on its characters).
pub(super) fn pointed(text: &str) -> String {
    if !text.contains(POINTS) && !text.contains("..") {
        return text.to_string();
    }
    points(text.chars().collect()).into_iter().collect()
}

/// Whether the mark of `width` characters at `at` stands between a whole part and a fraction
/// of the rule's form, the whole part starting its number (`1.2。3` is no number to read whole).
fn decimal_at(raw: &[char], at: usize, width: usize) -> bool {
    let digit = |i: usize| raw.get(i).is_some_and(char::is_ascii_digit);
    let whole = (0..at).rev().take_while(|&k| digit(k)).count();
    let fraction = (at + width..).take_while(|&k| digit(k)).count();
    let before = at - whole;
    let glued = before > 0 && matches!(raw[before - 1], '.' | ',' | '。' | '｡' | '·' | '・');
    // A zero whole part ends no sentence: `0。0004美元` is a price per second whatever its length.
    let fraction_max = if whole == 1 && raw[before] == '0' {
        ZERO_FRACTION_MAX
    } else {
        FRACTION_MAX
    };
    !glued && (1..=WHOLE_MAX).contains(&whole) && (1..=fraction_max).contains(&fraction)
}

#[cfg(test)]
mod tests {
    use super::points;

    fn read(s: &str) -> String {
        points(s.chars().collect()).into_iter().collect()
    }

    #[test]
    fn a_mark_between_a_price_s_digits_is_its_point() {
        for (typed, read_as) in [
            ("0。5元", "0.5元"),
            ("1。99美元", "1.99美元"),
            ("￥1｡5/时", "￥1.5/时"),
            ("$0..9/hr", "$0.9/hr"),
            ("2·4刀", "2.4刀"),
            ("12・5块", "12.5块"),
            ("qwen2。5 7b", "qwen2.5 7b"),
            ("0。0004美元每秒", "0.0004美元每秒"),
        ] {
            assert_eq!(read(typed), read_as, "{typed}");
        }
    }

    #[test]
    fn a_full_stop_or_an_ellipsis_stays() {
        for typed in [
            "预算500。4090哪家便宜",
            "我有300。",
            "4090。5小时",
            "2张。a100",
            "等等...5分钟",
            "1000。5元",
        ] {
            assert_eq!(read(typed), typed, "{typed}");
        }
    }
}
