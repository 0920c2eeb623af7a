//! A pasted offer as JSON (`{"gpu_name": "RTX 3090", "num_gpus": 2, "dph_total": 0.44} 这个还在吗`):
//! its card count key (`num_gpus`, `gpu_count`) is the machine's size, written as the words a
//! card floor is said in (`at least 2 gpus`), so the question asks for such machines
//! (`/offers rtx-3090 cards>=2`). Left as a key, the count was dropped: one card's stock or specs.

/// Keys of a pasted offer that count its cards.
const COUNT_KEYS: &[&str] = &["num_gpus", "gpu_count", "n_gpus"];

/// `text` with each `"num_gpus": N` (N of 2 and more) written as `at least N gpus`.
pub(super) fn plain(text: &str) -> String {
    let mut out = text.to_string();
    for key in COUNT_KEYS {
        let mut from = 0;
        while let Some(at) = out[from..].find(key).map(|k| k + from) {
            let rest = &out[at + key.len()..];
            // The key's closing quote, the colon, spaces, then the value.
            let lead = rest
                .chars()
                .take_while(|c| matches!(c, '"' | '\'' | ':' | ' ' | '：'))
                .map(char::len_utf8)
                .sum::<usize>();
            let digits: String = rest[lead..]
                .chars()
                .take_while(char::is_ascii_digit)
                .collect();
            from = at + key.len();
            let Some(n) = digits.parse::<u32>().ok().filter(|n| (2..=64).contains(n)) else {
                continue;
            };
            // The key's opening quote goes too.
            let start = if out[..at].ends_with(['"', '\'']) {
                at - 1
            } else {
                at
            };
            let end = at + key.len() + lead + digits.len();
            let said = format!(" at least {n} gpus ");
            out.replace_range(start..end, &said);
            from = start + said.len();
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::plain;

    #[test]
    fn a_pasted_count_is_a_card_floor() {
        assert_eq!(
            plain(r#"{"gpu_name": "rtx 3090", "num_gpus": 2, "dph_total": 0.44}"#),
            r#"{"gpu_name": "rtx 3090",  at least 2 gpus , "dph_total": 0.44}"#
        );
        assert!(plain(r#"{"gpu_count":8}"#).contains("at least 8 gpus"));
        // One card is no floor; a key with no number is left.
        assert_eq!(plain(r#""num_gpus": 1"#), r#""num_gpus": 1"#);
        assert_eq!(plain("num_gpus"), "num_gpus");
    }
}
