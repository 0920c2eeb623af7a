//! A context window said with `m` (`1m context`, `context of 1m`, `上下文1m`): a window only
//! where a context word names it; `1m` alone is a minute or a million tokens a day.

/// Whether a context word stands beside word `i` (`1m context`, `context of 1m`, `上下文1m`):
/// `1m` alone is a minute or a million tokens a day, and is a window only so named.
pub(super) fn window_beside(toks: &[String], i: usize) -> bool {
    let window = |k: Option<usize>| {
        k.and_then(|k| toks.get(k)).is_some_and(|w| {
            ["context", "ctx", "上下文", "window", "窗口"]
                .iter()
                .any(|c| w.starts_with(c) || w.ends_with(c))
        })
    };
    let of = i.checked_sub(1).is_some_and(|p| toks[p] == "of");
    window(i.checked_sub(1)) || window(Some(i + 1)) || (of && window(i.checked_sub(2)))
}

/// `100万上下文`, `一百万的上下文` (`1百万`): a count of 万 (or 百万) split from its number by the
/// word after it (`100`, `万上下文`), a window when a context word follows; written as the tokens
/// it counts (`1000000`).
pub(super) fn wan_window(toks: &[String], i: usize) -> Option<String> {
    let n: f64 = toks.get(i)?.parse().ok()?;
    let next = toks.get(i + 1)?;
    let (rest, unit) = match next.strip_prefix("百万") {
        Some(r) => (r, 1e6),
        None => (next.strip_prefix('万')?, 1e4),
    };
    let tokens = n * unit;
    if !(tokens.is_finite() && (1024.0..1e9).contains(&tokens) && tokens.fract() == 0.0) {
        return None;
    }
    let rest = rest.strip_prefix('的').unwrap_or(rest);
    let named = ["上下文", "窗口"].iter().any(|c| rest.starts_with(c))
        || (rest.is_empty()
            && toks.get(i + 2).is_some_and(|w| {
                ["context", "ctx", "上下文"]
                    .iter()
                    .any(|c| w.starts_with(c))
            }));
    named.then(|| format!("{}", tokens as u64))
}

/// `开百万上下文`, `百万的上下文窗口`: a million said with no number before it is one million, a
/// window when a context word follows; written `1百万` as `wan_window` reads it (the window
/// was dropped: the fit was read at the model's default context).
pub(super) fn million_alone(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 4);
    let mut rest = s;
    while let Some(at) = rest.find("百万") {
        let before = &rest[..at];
        let after = &rest[at + "百万".len()..];
        let counted = before
            .chars()
            .next_back()
            .is_some_and(|c| c.is_ascii_digit() || "一二两三四五六七八九十几数".contains(c));
        let tail = after.trim_start_matches('的').trim_start();
        let window = ["上下文", "窗口", "context", "ctx"]
            .iter()
            .any(|w| tail.starts_with(w));
        out.push_str(before);
        if !counted && window {
            out.push_str(" 1");
        }
        out.push_str("百万");
        rest = after;
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_million_alone_before_a_window_is_one() {
        assert_eq!(million_alone("开百万上下文"), "开 1百万上下文");
        assert_eq!(million_alone("百万的上下文窗口"), " 1百万的上下文窗口");
        // Counted, or no window: as said.
        assert_eq!(million_alone("1百万上下文"), "1百万上下文");
        assert_eq!(million_alone("几百万上下文"), "几百万上下文");
        assert_eq!(million_alone("每天百万token"), "每天百万token");
    }
}
