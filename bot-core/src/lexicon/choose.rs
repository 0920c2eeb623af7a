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

/// Openers of a proposal the speaker makes for themself (`let's price the 4090 anyway`, `i'll
/// go with the a100`, `那就4090吧`): a decision, never a question, though its verb asks for a
/// price.
const PROPOSALS: &[&str] = &[
    "let's",
    "lets",
    "let us",
    "i'll",
    "ill",
    "we'll",
    "i will",
    "we will",
    "i'd go",
    "那就",
    "我们就",
    "我就",
];

/// Whether `text` opens with a proposal of the speaker's own and asks nothing ([`PROPOSALS`]).
pub fn proposed(text: &str) -> bool {
    let l = text.trim().to_lowercase().replace('’', "'");
    let asked = l.contains(['?', '？', '吗']);
    !asked
        && PROPOSALS.iter().any(|p| {
            l.strip_prefix(p)
                .is_some_and(|r| !p.is_ascii() || r.starts_with(' '))
        })
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

/// Who the choice is handed to, then the verb of choosing (`帮我挑`, `帮忙选`, `给我挑`, `help me
/// pick`, `can you choose`).
pub(crate) const FOR_ME_ZH: &[&str] = &["帮我", "帮忙", "给我", "替我"];
const FOR_ME_EN: &[&str] = &["help me ", "can you "];

/// Whether the choice is handed to the bot, in any of the ways people hand it over: a word that
/// hands it then a verb of choosing (`帮忙挑一张`, `help me choose a cloud`, `can you pick`),
/// help asked with a choice ([`help_choosing`]: `pls help me to select`), or `pick me a`. Every
/// verb of choosing counts alike (`choose` had been weaker than `pick` beside a payment need).
pub fn choice_handed_over(text: &str) -> bool {
    FOR_ME_ZH.iter().chain(FOR_ME_EN).any(|f| {
        text.match_indices(f).any(|(at, _)| {
            let rest = text[at + f.len()..].trim_start();
            CHOOSE_VERBS.iter().any(|v| rest.starts_with(v))
        })
    }) || help_choosing(text)
        || [
            "pick me a",
            "choose me a",
            "pick a gpu for me",
            "pick a card for me",
        ]
        .iter()
        .any(|w| text.contains(w))
}

/// What suits the person said of themselves (`适合我`, `适合自己`, `suits me`, `right for me`):
/// the choice is theirs to be guided in, never a list to filter.
pub const SUITS_ME: &[&str] = &[
    "适合我",
    "适合自己",
    "合适我",
    "suits me",
    "suit me",
    "fits me",
    "right for me",
    "best for me",
    // Suits a student, as the asker is one (`有什么平台适合学生`; und_df): the same. A platform
    // for newcomers (`适合新手的平台`) stays a list.
    "适合学生",
    "good for students",
    "suitable for students",
];

/// Whether the person asks what suits them ([`SUITS_ME`]; `適合我` arrives folded to `适合我`).
pub fn suits_me(text: &str) -> bool {
    SUITS_ME.iter().any(|w| text.contains(w))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_verb_of_choosing_hands_the_choice_over() {
        for t in [
            "help me choose a gpu cloud",
            "help me pick a gpu cloud",
            "help me select a provider",
            "帮我挑个平台",
            "帮忙选一家",
            "can you choose for me",
        ] {
            assert!(choice_handed_over(t), "{t}");
        }
        for t in ["which cloud do people choose", "我选好了4090", "help me"] {
            assert!(!choice_handed_over(t), "{t}");
        }
    }

    #[test]
    fn what_suits_the_person() {
        for t in [
            "有什么平台适合我",
            "which cloud suits me",
            "what's right for me",
        ] {
            assert!(suits_me(t), "{t}");
        }
        for t in ["适合新手的平台", "4090适合跑sdxl吗", "which suits a team"] {
            assert!(!suits_me(t), "{t}");
        }
    }

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
