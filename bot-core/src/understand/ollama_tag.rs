//! An ollama tag `family:size-variant-quant` (`qwen2.5:14b-instruct-q4_K_M`, `llama3.1:70b`,
//! `mixtral:8x7b`): the size after the colon is the model's, and the quantization at its end
//! is the model's too. Glued to the family by the colon, the size was not read (every size of
//! the family was asked back) and the quantization was dropped.

/// `s` with each ollama tag written apart: the colon and the tag's hyphens as spaces
/// (`qwen2.5 14b instruct q4_k_m`).
pub(super) fn plain(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(at) = rest.find(':') {
        let (before, after) = (&rest[..at], &rest[at + 1..]);
        out.push_str(before);
        let named = before
            .chars()
            .next_back()
            .is_some_and(|c| c.is_ascii_alphanumeric() || c == '.')
            && before
                .rsplit(' ')
                .next()
                .is_some_and(|w| w.chars().any(|c| c.is_ascii_alphabetic()));
        let tag_end = after.find(char::is_whitespace).unwrap_or(after.len());
        let tag = &after[..tag_end];
        if named && sized(tag) {
            out.push(' ');
            out.push_str(&tag.replace('-', " "));
            rest = &after[tag_end..];
        } else {
            out.push(':');
            rest = after;
        }
    }
    out.push_str(rest);
    out
}

/// Whether a tag starts with a size: digits (a point, an `x` of experts) then `b`
/// (`14b`, `1.5b`, `8x7b`), ended by the tag or a hyphen.
fn sized(tag: &str) -> bool {
    let size = tag.split('-').next().unwrap_or("");
    let Some(body) = size.strip_suffix('b') else {
        return false;
    };
    body.starts_with(|c: char| c.is_ascii_digit())
        && body
            .chars()
            .all(|c| c.is_ascii_digit() || c == '.' || c == 'x')
}

#[cfg(test)]
mod tests {
    use super::plain;

    #[test]
    fn a_tag_is_written_apart_and_nothing_else() {
        assert_eq!(
            plain("ollama's qwen2.5:14b-instruct-q4_k_m fit"),
            "ollama's qwen2.5 14b instruct q4_k_m fit"
        );
        assert_eq!(plain("mixtral:8x7b on a 4090"), "mixtral 8x7b on a 4090");
        assert_eq!(
            plain("deadline is friday: lora"),
            "deadline is friday: lora"
        );
        assert_eq!(plain("at 10:30 tonight"), "at 10:30 tonight");
        assert_eq!(plain("qwen2.5:latest"), "qwen2.5:latest");
    }
}
