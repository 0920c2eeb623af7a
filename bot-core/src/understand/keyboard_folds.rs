//! Characters other keyboards put where a plain letter or digit was meant, read as that
//! character before anything else reads the text (helper und_eb, issue 26): the Turkish
//! keyboard's dotless `ı` for `i` (`prıce`, `whıch`: no cue word matched, so a price history was
//! read as a card's specs), and a keycap emoji tapped from the emoji keyboard's suggestion for
//! its digit (`4️⃣ hours`, `🔟天`: the number was lost, or read beside its marks).

/// The keycap for ten, one character of its own.
const KEYCAP_TEN: char = '\u{1F51F}';
/// The combining keycap mark after a digit (`4` U+FE0F U+20E3), and the emoji selector before it.
const KEYCAP_MARK: char = '\u{20E3}';
const EMOJI_SELECTOR: char = '\u{FE0F}';

/// `text` with every stand-in above written as its character; one walk.
pub(super) fn folded(text: &str) -> String {
    if text.is_ascii() && !text.contains('`') {
        return text.to_string();
    }
    let c: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    for (i, &ch) in c.iter().enumerate() {
        match ch {
            'ı' => out.push('i'),
            // `don`t`: a backtick between letters is the apostrophe (und_eg).
            '`' if i > 0
                && c[i - 1].is_ascii_alphabetic()
                && c.get(i + 1).is_some_and(char::is_ascii_alphabetic) =>
            {
                out.push('\'')
            }
            KEYCAP_TEN => out.push_str("10"),
            // The marks of a digit's keycap go; elsewhere a selector is the emoji's own.
            KEYCAP_MARK if i > 0 => {}
            EMOJI_SELECTOR if c.get(i + 1) == Some(&KEYCAP_MARK) => {}
            _ => out.push(ch),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::folded;

    #[test]
    fn stand_ins_are_their_characters() {
        for (typed, read) in [
            ("prıce goıng", "price going"),
            ("近🔟天", "近10天"),
            ("4\u{fe0f}\u{20e3} hours", "4 hours"),
            ("2\u{20e3}张", "2张"),
            ("ok ❤\u{fe0f}", "ok ❤\u{fe0f}"),
            ("plain", "plain"),
        ] {
            assert_eq!(folded(typed), read);
        }
    }
}
