//! Back said with an adverb (`back again`, `go back once more`, `back one more step`, `再返回一
//! 步`, `再上一步`): `/back`, as the back words alone are (`said::Said::Back`). The adverbs of
//! repeating or of one more step say nothing beside the move; it had been refused (pick_ah's
//! `back again` right after `back`).

/// Adverbs of repeating or of one more step, said before or after a back word.
const AGAIN: &[&str] = &[
    "again",
    "once more",
    "one more time",
    "one more step",
    "one more",
    "another step",
    "one step",
    "a step",
    "further",
    "more",
    "pls",
    "please",
    "再次",
    "再往",
    "再",
    "又",
    "一步",
    "一次",
    "一下",
];

/// Whether `text` is a back word with adverbs of [`AGAIN`] around it, at least one.
pub(super) fn said(text: &str) -> bool {
    let low = text
        .trim()
        .trim_matches(|c: char| c.is_whitespace() || "?？!！.。~…,，吧".contains(c))
        .to_lowercase();
    let mut t = low.as_str();
    let back = |t: &str| {
        !t.is_empty() && super::said::said_in(t, &|_| false) == Some(super::said::Said::Back)
    };
    // One adverb off at a time, so `再上一步` is `上一步` before `一步` is taken off it.
    let mut any = false;
    loop {
        if any && back(t) {
            return true;
        }
        let Some(r) = AGAIN.iter().find_map(|w| {
            t.strip_prefix(w)
                .map(str::trim_start)
                .or_else(|| t.strip_suffix(w).map(str::trim_end))
        }) else {
            return false;
        };
        t = r;
        any = true;
    }
}

#[cfg(test)]
mod tests {
    use super::said;

    #[test]
    fn back_with_an_adverb_is_back() {
        for t in [
            "back again",
            "go back once more",
            "go back again pls",
            "back one more step",
            "再返回一步",
            "再上一步",
            "再返回",
        ] {
            assert!(said(t), "{t}");
        }
        for t in [
            "back",
            "again",
            "i'll be back again tomorrow",
            "再来一次",
            "once more",
        ] {
            assert!(!said(t), "{t}");
        }
    }
}
