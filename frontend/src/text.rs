//! Text as it arrives from a chat platform, before anything reads it: the invisible format
//! characters a copy from a chat app or a web page carries (zero-width space and joiners,
//! direction marks and embeddings, word joiner, byte-order mark, soft hyphen) taken out, so
//! `\u{200f}/gpu 4090` is a command and `/gpu\u{200b} 4090` is `/gpu` (both were read as no
//! command, or as an unknown card), and control characters that are no whitespace (NUL, BEL)
//! taken out. Visible text, emoji and right-to-left letters are kept.

use std::borrow::Cow;

/// Whether `c` is an invisible format character that only splits or hides words, or a
/// control character that is no whitespace (NUL, BEL, ESC…: a paste from a terminal or a
/// binary file; kept, it came back in an answer's quote of what was typed). Line breaks, tabs
/// and the other whitespace controls stay: they separate words.
pub fn invisible(c: char) -> bool {
    (c.is_control() && !c.is_whitespace())
        || matches!(
            c,
            '\u{00ad}'
                | '\u{200b}'..='\u{200f}'
                | '\u{202a}'..='\u{202e}'
                | '\u{2060}'..='\u{2064}'
                | '\u{2066}'..='\u{2069}'
                | '\u{feff}'
        )
}

/// `text` without its invisible format characters (borrowed when it has none).
pub fn visible(text: &str) -> Cow<'_, str> {
    if text.chars().any(invisible) {
        Cow::Owned(text.chars().filter(|c| !invisible(*c)).collect())
    } else {
        Cow::Borrowed(text)
    }
}

#[cfg(test)]
mod tests {
    use super::visible;

    #[test]
    fn invisible_marks_go_and_everything_visible_stays() {
        assert_eq!(visible("\u{200f}/gpu 4090"), "/gpu 4090");
        assert_eq!(visible("/gpu\u{200b} 4090\u{feff}"), "/gpu 4090");
        assert_eq!(
            visible("\u{2066}/fit qwen2.5-7b\u{2069}"),
            "/fit qwen2.5-7b"
        );
        assert_eq!(visible("h\u{00ad}100 \u{2060}吗"), "h100 吗");
        // Control characters that are no whitespace go; line breaks, tabs and NEL stay.
        assert_eq!(visible("/gpu \u{0}4090\u{7}\u{1b}[0m"), "/gpu 4090[0m");
        assert_eq!(visible("/gpu\n4090\t\u{85}\r"), "/gpu\n4090\t\u{85}\r");
        assert_eq!(visible("a\u{7f}b\u{9b}c"), "abc");
        // Right-to-left letters, CJK and emoji (other than their joiners) are text.
        assert_eq!(visible("مرحبا /gpu 4090 🚀"), "مرحبا /gpu 4090 🚀");
        assert!(matches!(
            visible("/gpu 4090"),
            std::borrow::Cow::Borrowed(_)
        ));
    }
}
