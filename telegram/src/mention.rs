//! Whether a message mentions the bot, read in its own words: the `@` in a span Telegram
//! marks as other than a mention (code, a link's words, an address) is none, and a mention of
//! us is taken out of the question.

use teloxide::types::Message;

/// `text` (the message's words) with each `@` that lies in a span Telegram marks as other
/// than a mention written as the full-width `＠`: inside `code` or `pre` nothing is marked a
/// mention, a `text_link`'s words point wherever its `url` says, and a `url` or `email` is an
/// address; so `@us` shown as code, or as a link's words, never addresses the bot.
pub(crate) fn no_mentions_in_marked_spans<'t>(
    msg: &Message,
    text: &'t str,
) -> std::borrow::Cow<'t, str> {
    use teloxide::types::MessageEntityKind as K;
    let entities = match msg.text() {
        Some(_) => msg.entities(),
        None => msg.caption_entities(),
    };
    // Offsets are Telegram's (UTF-16 units), read here by hand: teloxide's own reading
    // panics on an offset inside a character, which a client or a test can send.
    let spans: Vec<std::ops::Range<usize>> = entities
        .unwrap_or_default()
        .iter()
        .filter(|e| {
            matches!(
                e.kind,
                K::Code | K::Pre { .. } | K::TextLink { .. } | K::Url | K::Email
            )
        })
        .filter_map(|e| utf16_span(text, e.offset, e.length))
        .collect();
    let marked = |at: usize| spans.iter().any(|r| r.contains(&at));
    if !text.match_indices('@').any(|(at, _)| marked(at)) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for (at, c) in text.char_indices() {
        out.push(if c == '@' && marked(at) { '＠' } else { c });
    }
    std::borrow::Cow::Owned(out)
}

/// The byte range of `text` that `offset` and `length` (UTF-16 units) cover, or `None` when
/// either end falls inside a character or past the end.
fn utf16_span(text: &str, offset: usize, length: usize) -> Option<std::ops::Range<usize>> {
    let end = offset.checked_add(length)?;
    let (mut units, mut start, mut stop) = (0usize, None, None);
    for (at, c) in text
        .char_indices()
        .chain(std::iter::once((text.len(), ' ')))
    {
        if units == offset {
            start = Some(at);
        }
        if units == end {
            stop = Some(at);
            break;
        }
        units += c.len_utf16();
    }
    Some(start?..stop?)
}

/// The text with every `@username` mention of us taken out, or `None` when it does not
/// mention us. Usernames are ASCII and case-insensitive, so the name is matched byte by byte
/// in the text itself (lower-casing the whole text first moved every cut after a letter whose
/// lower case is longer, such as Turkish `İ`); it must end there (`@GpuScoutBot2` is someone
/// else) and start one: an `@` right after an ASCII letter or digit is an address
/// (`team@us.dev`, Telegram's `email`), no mention, unless it follows a `/command`.
pub(crate) fn without_mention(text: &str, username: &str) -> Option<String> {
    let needle = format!("@{username}");
    let word = |c: char| c.is_alphanumeric() || c == '_';
    let mut out = String::with_capacity(text.len());
    let mut found = false;
    let mut i = 0;
    for (at, _) in text.match_indices('@') {
        let end = at + needle.len();
        // `get` is `None` past the end or inside a character: no name there.
        let named = text
            .get(at..end)
            .is_some_and(|s| s.eq_ignore_ascii_case(&needle));
        if at < i || !named {
            continue;
        }
        // An address's local part is ASCII (`team@…`), so `问一下@us` is a mention; so is
        // a command's `/gpu@us` (Telegram's `bot_command` naming the bot).
        let local = |c: char| c.is_ascii_alphanumeric() || c == '_';
        let before = text[..at].trim_end_matches(local);
        let starts = before.len() == at || before.ends_with('/');
        let ends = !text[end..].chars().next().is_some_and(word);
        if !(starts && ends) {
            continue;
        }
        out.push_str(&text[i..at]);
        out.push(' ');
        found = true;
        i = end;
    }
    out.push_str(&text[i..]);
    found.then(|| out.split_whitespace().collect::<Vec<_>>().join(" "))
}

#[cfg(test)]
mod tests {
    use super::{utf16_span, without_mention};

    #[test]
    fn utf16_offsets_map_to_byte_ranges_or_to_nothing_inside_a_character() {
        let text = "👋 @us 问";
        // 👋 is two UTF-16 units and four bytes; 问 one unit and three bytes.
        assert_eq!(utf16_span(text, 3, 3), Some(5..8));
        assert_eq!(utf16_span(text, 7, 1), Some(9..12));
        assert_eq!(utf16_span(text, 1, 2), None, "inside the emoji");
        assert_eq!(utf16_span(text, 7, 2), None, "past the end");
    }

    #[test]
    fn a_mention_of_us_is_found_and_taken_out() {
        assert_eq!(
            without_mention("@GpuScoutBot 4090能跑qwen2.5-32b吗", "GpuScoutBot").as_deref(),
            Some("4090能跑qwen2.5-32b吗")
        );
        assert_eq!(
            without_mention("cheapest A100? @gpuscoutbot", "GpuScoutBot").as_deref(),
            Some("cheapest A100?")
        );
        assert_eq!(
            without_mention("问一下@GPUSCOUTBOT，H100 哪家有货", "GpuScoutBot").as_deref(),
            Some("问一下 ，H100 哪家有货")
        );
        assert_eq!(without_mention("@GpuScoutBot2 hi", "GpuScoutBot"), None);
        // Letters whose lower case is longer before the name move no cut.
        assert_eq!(
            without_mention("İZMİR: @gpuscoutbot 4090 price?", "GpuScoutBot").as_deref(),
            Some("İZMİR: 4090 price?")
        );
        // An address is no mention; a mention ending a sentence is.
        assert_eq!(without_mention("team@GpuScoutBot.dev", "GpuScoutBot"), None);
        assert_eq!(
            without_mention("hey /gpu@GpuScoutBot 4090", "GpuScoutBot").as_deref(),
            Some("hey /gpu 4090")
        );
        assert_eq!(
            without_mention("ask @GpuScoutBot.", "GpuScoutBot").as_deref(),
            Some("ask .")
        );
        assert_eq!(
            without_mention("anyone renting H100s?", "GpuScoutBot"),
            None
        );
        assert_eq!(
            without_mention("@GpuScoutBot", "GpuScoutBot").as_deref(),
            Some("")
        );
    }
}
