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

/// Verbs of choosing: after a word that hands the choice over (`帮我挑`, `help me pick`,
/// `help me to select`), the bot is asked to choose.
pub const CHOOSE_VERBS: &[&str] = &["挑", "选", "pick", "choose", "decide", "select"];

/// Words that may stand between `help` and a verb of choosing (`help me to choose`, `help us
/// pick`, `help with choosing`).
const HELP_BETWEEN: &[&str] = &["me", "us", "to", "with", "in", "on"];

/// Whether help is asked with a choice (`pls help me to choose gpu provider`, `please help us
/// select a cloud`, `help with deciding`): the choice guided (`/pick`), never the bot's own help,
/// whatever polite word comes first. An English verb in any form (`choosing`, `decided`).
pub fn help_choosing(text: &str) -> bool {
    let words: Vec<&str> = text
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    let chooses = |w: &str| {
        CHOOSE_VERBS
            .iter()
            .filter(|v| v.is_ascii())
            .any(|v| w.starts_with(v.strip_suffix('e').unwrap_or(v)))
    };
    words.iter().enumerate().any(|(i, w)| {
        *w == "help"
            && words[i + 1..]
                .iter()
                .take(4)
                .find(|x| !HELP_BETWEEN.contains(x))
                .is_some_and(|v| chooses(v))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn help_asked_with_a_choice() {
        for t in [
            "pls help me to choose gpu provider",
            "please help us select a cloud",
            "help with deciding",
            "kindly help me pick",
        ] {
            assert!(help_choosing(t), "{t}");
        }
        for t in [
            "pls help",
            "please help me",
            "help, how do i use this bot",
            "helpful picks",
        ] {
            assert!(!help_choosing(t), "{t}");
        }
    }

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
