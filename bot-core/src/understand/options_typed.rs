//! A command's own options typed inside a sentence (`subscribe h200 8 cards max=2.5`, `订阅 h100
//! max=3 cards=2`, `4090 offers max=0.5`): written as the words the readers know (`under
//! 2.5/hour`, `2 cards`) before anything reads them. Typed so, the ceiling and the count were
//! dropped (the `=` glued them to their key); a ceiling with its currency (`max=$2.5`) is read
//! as a price already and left as typed.

/// Per-hour units a typed ceiling may carry (`max=2.5/h`).
const HOURLY: &[&str] = &["/hour", "/hr", "/h"];

/// The text with `max=N` (a bare number) written `under N/hour` and `cards=N` written `N cards`.
pub(super) fn plain(norm: &str) -> String {
    let mut out = norm.to_string();
    for (key, cap) in [("max=", true), ("cards=", false), ("gpus=", false)] {
        let mut from = 0;
        while let Some(found) = out[from..].find(key) {
            let at = from + found;
            // `max=` as its own word, never the end of another key (`tmax=`, `num_gpus=`).
            let own = out[..at]
                .chars()
                .next_back()
                .is_none_or(|c| !(c.is_ascii_alphanumeric() || c == '_'));
            let rest = &out[at + key.len()..];
            let len = rest
                .find(|c: char| !(c.is_ascii_digit() || c == '.'))
                .unwrap_or(rest.len());
            let number = &rest[..len];
            let after = &rest[len..];
            let unit = HOURLY
                .iter()
                .find(|u| after.starts_with(**u))
                .map_or(0, |u| u.len());
            // The value ends at a space, a comma or the text's end: no currency glued on.
            let ends = after[unit..]
                .chars()
                .next()
                .is_none_or(|c| !(c.is_alphanumeric() || c == '$' || c == '¥'));
            let valid = number.parse::<f64>().is_ok_and(|v| v > 0.0);
            if !own || !valid || !ends || (!cap && unit > 0) {
                from = at + key.len();
                continue;
            }
            let said = if cap {
                format!(" under {number}/hour ")
            } else {
                format!(" {number} cards ")
            };
            let end = at + key.len() + len + unit;
            out = format!("{}{said}{}", &out[..at], &out[end..]);
            from = at + said.len();
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::plain;

    #[test]
    fn typed_ceilings_and_counts_are_written_as_words() {
        assert_eq!(
            plain("subscribe h200 8 cards max=2.5").trim(),
            "subscribe h200 8 cards  under 2.5/hour"
        );
        assert_eq!(
            plain("订阅 h100 max=3/h cards=2")
                .split_whitespace()
                .collect::<Vec<_>>(),
            ["订阅", "h100", "under", "3/hour", "2", "cards"]
        );
        for s in [
            "subscribe h200 max=$2.5",
            "max=2.5usd",
            "tmax=3",
            "num_gpus=2",
            "max=0",
        ] {
            assert_eq!(plain(s), s);
        }
    }
}
