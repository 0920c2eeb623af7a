//! A letter typed for a digit inside a number (`1o dollar per day` is $10, `2oo块` is ¥200):
//! the letter `o` beside the keyboard's `0`, in a word that starts with a digit and is followed
//! by a unit of money or time. Left as it was, the reader saw `1` and a stray word (a wrong
//! figure) or no amount at all. A word with any other letter (`gpt-4o`, `4o-mini`, `70b`) or with
//! no unit after it stays as typed.

/// The units after such a number that make it an amount or a length.
const UNITS: &[&str] = &[
    "dollar", "dollars", "usd", "bucks", "buck", "cents", "yuan", "rmb", "cny", "hour", "hours",
    "hr", "hrs", "h", "day", "days", "min", "mins", "minutes", "minute", "块", "元", "刀", "美元",
    "小时", "天", "分钟",
];

/// `s` with each `o` inside a digit word before a unit written `0`.
pub fn zero_typed_as_o(s: &str) -> String {
    if !s.contains('o') {
        return s.to_string();
    }
    let words: Vec<&str> = s.split(' ').collect();
    let mut out: Vec<String> = Vec::with_capacity(words.len());
    for (i, w) in words.iter().enumerate() {
        // The number and a unit glued to it (`1o刀`), or the unit as the next word.
        let digits_end = w
            .char_indices()
            .find(|(_, c)| !(c.is_ascii_digit() || *c == 'o'))
            .map_or(w.len(), |(k, _)| k);
        let (number, glued) = w.split_at(digits_end);
        let unit = if glued.is_empty() {
            words.get(i + 1).copied().unwrap_or("")
        } else {
            glued
        };
        let unit = unit.trim_end_matches(|c: char| c.is_ascii_punctuation());
        let read = number.starts_with(|c: char| c.is_ascii_digit())
            && number.contains('o')
            && UNITS
                .iter()
                .any(|u| unit == *u || (!glued.is_empty() && unit.starts_with(u)));
        if read {
            out.push(format!("{}{glued}", number.replace('o', "0")));
        } else {
            out.push((*w).to_string());
        }
    }
    out.join(" ")
}

#[cfg(test)]
mod tests {
    use super::zero_typed_as_o;

    #[test]
    fn an_o_in_a_number_before_a_unit_is_a_zero() {
        assert_eq!(zero_typed_as_o("1o dollar per day"), "10 dollar per day");
        assert_eq!(zero_typed_as_o("2oo块一个月"), "200块一个月");
        assert_eq!(zero_typed_as_o("run it 1o hours"), "run it 10 hours");
        for kept in [
            "gpt-4o per hour",
            "4o mini dollars",
            "1 of them",
            "70b hours",
            "go 10 hours",
        ] {
            assert_eq!(zero_typed_as_o(kept), kept);
        }
    }
}
