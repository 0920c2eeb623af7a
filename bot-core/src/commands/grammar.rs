//! The shape of a command line, shared by the terminal, Telegram and Discord: `/name args`
//! (or full-width `／name`), with Telegram's `/name@bot` suffix accepted for us and dropped.

/// Is `line` written as a command (`/x` or full-width `／x`)?
pub fn looks_like_command(line: &str) -> bool {
    let t = line.trim_start();
    t.starts_with('/') || t.starts_with('／')
}

/// Is `line` a command addressed to a bot other than `me` (`/help@OtherBot`)? Frontends use
/// this to stay quiet in groups; the grammar is the same one [`split`] reads.
pub fn for_another_bot(line: &str, me: &str) -> bool {
    let t = line.trim_start();
    let Some(body) = t.strip_prefix('/').or_else(|| t.strip_prefix('／')) else {
        return false;
    };
    let head = body.split(char::is_whitespace).next().unwrap_or("");
    match head.split_once('@') {
        Some((_, target)) => !target.eq_ignore_ascii_case(me.trim_start_matches('@')),
        None => false,
    }
}

/// Is `line`, a command sent in a group, one of ours? In a group every bot hears each
/// `/command` (Telegram's privacy mode passes them all on), so another bot's `/ban` or
/// `/warn` reaches us too. Ours: addressed to us by name (`/ban@us`, told it is unknown), a
/// command we have (a name or an alias), or one typo away from one (`/fti`, offered the fix).
/// Anything else is someone else's and gets no answer from us. A line that is no command
/// is `false` too (the caller reads plain text by its own rules).
pub fn for_us_in_a_group(line: &str, me: &str) -> bool {
    let half;
    let line = if line.chars().any(is_full_width) {
        half = half_width(line);
        half.as_str()
    } else {
        line
    };
    let t = line.trim_start();
    let Some(body) = t.strip_prefix('/') else {
        return false;
    };
    let head = body.split(char::is_whitespace).next().unwrap_or("");
    let name = match head.split_once('@') {
        Some((_, target)) => return target.eq_ignore_ascii_case(me.trim_start_matches('@')),
        None => head,
    };
    !name.is_empty() && (super::find(name).is_some() || !super::near::near(name).is_empty())
}

/// The command name and its trimmed argument text; `None` when the line is no command for
/// us (plain text, a bare `/`, or `/cmd@another_bot` when `bot_name` is known).
pub(super) fn split<'a>(line: &'a str, bot_name: Option<&str>) -> Option<(&'a str, &'a str)> {
    let line = line.trim();
    let body = line.strip_prefix('/').or_else(|| line.strip_prefix('／'))?;
    let (head, rest) = match body.find(char::is_whitespace) {
        Some(i) => (&body[..i], body[i..].trim()),
        None => (body, ""),
    };
    let name = match head.split_once('@') {
        Some((name, target)) => {
            if let Some(me) = bot_name
                && !target.eq_ignore_ascii_case(me.trim_start_matches('@'))
            {
                return None;
            }
            name
        }
        None => head,
    };
    (!name.is_empty()).then_some((name, rest))
}

/// A command's argument text with durations, amounts and counts as people say them
/// (`两个半小时`, `2块5每小时`, `一晚上`, `两张`, `an hour and a half`) in the lexicon's words:
/// the very pass a plain question goes through, so a typed command and a question never read
/// one phrase two ways (`/cost autodl 4090 两个半小时` is `2.5小时`, as `autodl 4090 跑两个半小时`).
pub(super) fn spoken(args: &str) -> String {
    crate::understand::text::normalize(args).trim().to_string()
}

/// Reads a command's arguments as typed, and when that fails, in their [`spoken`] form; an
/// error names the words as the user typed them.
pub(super) fn read_spoken<T, E>(args: &str, parse: impl Fn(&str) -> Result<T, E>) -> Result<T, E> {
    parse(args).or_else(|e| {
        let plain = spoken(args);
        if plain == args.trim() {
            return Err(e);
        }
        parse(&plain).map_err(|_| e)
    })
}

/// [`read_spoken`] for a parse that succeeds with words it cannot place (`/compare 4090 两个月
/// 包月` reads `4090 两个月` as the card): the spoken form (`4090 2个月 包月`) is read too, and
/// kept when `placed` accepts it and not the typed one.
pub(super) fn read_spoken_placed<T, E>(
    args: &str,
    parse: impl Fn(&str) -> Result<T, E>,
    placed: impl Fn(&T) -> bool,
) -> Result<T, E> {
    match parse(args) {
        Ok(t) if !placed(&t) => {
            let plain = spoken(args);
            match parse(&plain) {
                Ok(p) if plain != args.trim() && placed(&p) => Ok(p),
                _ => Ok(t),
            }
        }
        first => first.or_else(|e| {
            let plain = spoken(args);
            if plain == args.trim() {
                return Err(e);
            }
            parse(&plain).map_err(|_| e)
        }),
    }
}

/// A full-width ASCII form (`／`, `ｆ`, `４`) or the ideographic space.
pub(super) fn is_full_width(c: char) -> bool {
    ('\u{FF01}'..='\u{FF5E}').contains(&c) || c == '\u{3000}'
}

/// `line` with every full-width ASCII form and ideographic space made half-width.
pub(super) fn half_width(line: &str) -> String {
    line.chars()
        .map(|c| match c {
            '\u{3000}' => ' ',
            c if is_full_width(c) => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
            c => c,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::for_us_in_a_group;

    #[test]
    fn a_group_command_is_ours_when_we_have_it_nearly_have_it_or_it_names_us() {
        for ours in [
            "/gpu 4090",
            "/GPU 4090",
            "/fti qwen2.5-7b",
            "/ban@ScoutBot x",
            "/ban@scoutbot",
            "／ｇｐｕ ４０９０",
            "  /help",
        ] {
            assert!(for_us_in_a_group(ours, "ScoutBot"), "{ours}");
        }
        for theirs in [
            "/ban @spammer",
            "/warn",
            "/gpu@OtherBot 4090",
            "/",
            "/@ScoutBotX",
            "4090?",
            "/roll 1d20",
        ] {
            assert!(!for_us_in_a_group(theirs, "ScoutBot"), "{theirs}");
        }
    }
}
