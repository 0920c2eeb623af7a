//! A currency's Latin code typed glued to its amount (`USD1.45 per hr`, `rmb2.5/hr`, `cny4`):
//! written apart, as the price reader reads a code before its number (`usd 1.45`). Glued, the
//! amount had no reading at all. Only a code the currency table says is said before its number
//! and priced; a code inside a longer word (`busd1`) is none.

use super::CURRENCIES;

/// `text` with a space between a glued currency code and the number after it; one walk.
pub fn codes_spaced(text: &str) -> String {
    let codes: Vec<&str> = CURRENCIES
        .iter()
        .filter(|c| c.before && c.priced && c.word.chars().all(|ch| ch.is_ascii_alphabetic()))
        .map(|c| c.word)
        .collect();
    let mut out = String::with_capacity(text.len() + 4);
    let mut rest = text;
    while let Some((i, ch)) = rest.char_indices().next() {
        let starts = !out.ends_with(|c: char| c.is_ascii_alphanumeric());
        let code = codes.iter().find(|w| {
            starts
                && rest.starts_with(**w)
                && rest[w.len()..].starts_with(|c: char| c.is_ascii_digit())
        });
        if let Some(w) = code {
            out.push_str(w);
            out.push(' ');
            rest = &rest[w.len()..];
        } else {
            out.push(ch);
            rest = &rest[i + ch.len_utf8()..];
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::codes_spaced;

    #[test]
    fn a_glued_code_is_written_apart() {
        assert_eq!(codes_spaced("usd1.45 per hr"), "usd 1.45 per hr");
        assert_eq!(codes_spaced("价格rmb2.5/hr"), "价格rmb 2.5/hr");
        for kept in ["usd 1.45", "busd1", "4090 usd", "h100"] {
            assert_eq!(codes_spaced(kept), kept);
        }
    }
}
