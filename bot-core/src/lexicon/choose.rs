//! Words that choose among options already offered, rather than name one: a yes in chat marks
//! (`👍`), and "the cheapest" said outright or as "whichever is cheap" (`哪个便宜选哪个`).

/// Marks that say yes in a chat (`👍`, `👌`, `✅`, `🆗`, `✔`), with the skin tones and the
/// emoji variation selector that come with them.
pub fn approval_mark(c: char) -> bool {
    matches!(
        c,
        '👍' | '👌' | '✅' | '🆗' | '✔' | '\u{FE0F}' | '\u{1F3FB}'..='\u{1F3FF}'
    )
}

/// Whether `text` chooses the cheapest of the options offered: said outright (`最便宜的`, `the
/// cheapest one`) or as whichever is cheap (`哪个便宜选哪个`, `谁便宜用谁`, `whichever is
/// cheaper`). Chinese says "whichever" by repeating the question word (哪…哪, 谁…谁), so a
/// repeat with no question mark or 吗 is a choice, not a question.
pub fn cheapest_chosen(text: &str) -> bool {
    let l = text.to_lowercase();
    if ["最便宜", "便宜的", "cheapest"]
        .iter()
        .any(|w| l.contains(w))
    {
        return true;
    }
    let cheap = l.contains("便宜") || l.contains("cheap");
    let asked = l.contains(['?', '？', '吗']);
    let whichever = ['哪', '谁'].iter().any(|w| l.matches(*w).count() >= 2)
        || l.contains("whichever")
        || l.contains("whatever");
    cheap && whichever && !asked
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cheapest_chosen_in_words() {
        for t in [
            "最便宜的",
            "the cheapest one",
            "谁便宜就用谁",
            "哪家便宜要哪家",
            "whichever is cheaper",
            "whatever's cheap",
        ] {
            assert!(cheapest_chosen(t), "{t}");
        }
        // Asked, or no price in it: no choice made.
        for t in [
            "哪个便宜哪个贵？",
            "哪个便宜",
            "哪个快选哪个",
            "whichever is faster",
            "4090",
        ] {
            assert!(!cheapest_chosen(t), "{t}");
        }
    }

    #[test]
    fn approval_marks() {
        assert!("👍🏽".chars().all(approval_mark));
        assert!("✔️".chars().all(approval_mark));
        assert!(!"🙏".chars().any(approval_mark));
    }
}
