//! A count of quarters (`过去一个季度`, `近两个季度`, `last 2 quarters`): three months each,
//! written as months (`3个月`, `6 months`) before the spans are read, as `半年` is `6个月`.
//! The numerals had made `一个季度` `1个季度`, which no span or window word read: the price
//! history fell back to its default 30 days.

/// The text with each counted quarter written as its months.
pub(super) fn plain(norm: &str) -> String {
    let mut out = String::with_capacity(norm.len());
    let mut rest = norm;
    while let Some(at) = rest.find(|c: char| c.is_ascii_digit()) {
        let digits = rest[at..]
            .find(|c: char| !c.is_ascii_digit())
            .map_or(&rest[at..], |e| &rest[at..at + e]);
        let after = &rest[at + digits.len()..];
        // A digit glued after a letter is part of a name (`h20`), never a count.
        let glued = rest[..at].ends_with(|c: char| c.is_ascii_alphabetic());
        let quarters = ["个季度", "季度", " quarters", " quarter"]
            .iter()
            .find(|w| after.starts_with(**w))
            .filter(|_| !glued);
        let n = digits.parse::<u32>().ok().filter(|n| (1..=8).contains(n));
        out.push_str(&rest[..at]);
        match (quarters, n) {
            (Some(w), Some(n)) => {
                let unit = if w.is_ascii() { " months" } else { "个月" };
                out.push_str(&format!("{}{unit}", n * 3));
                rest = &after[w.len()..];
            }
            _ => {
                out.push_str(digits);
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::plain;

    #[test]
    fn counted_quarters_are_months() {
        assert_eq!(
            plain("mi300x 过去1个季度的 pricing 走势"),
            "mi300x 过去3个月的 pricing 走势"
        );
        assert_eq!(plain("b200 近2季度"), "b200 近6个月");
        assert_eq!(plain("h100 last 2 quarters"), "h100 last 6 months");
        for s in ["本季度", "上个季度 4090", "h20季度", "a quarter of an hour"] {
            assert_eq!(plain(s), s);
        }
    }
}
