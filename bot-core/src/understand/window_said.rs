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
