//! Words a story before the ask tells money with (`上周在autodl上花了两百多块`, `spent like $40
//! last week`): money already gone, a fact of the story's time, which `understand::background`
//! sets against an amount the ask states (corpus87), even where the sum is said in words no
//! price reader takes (`两百多块`).

/// Money spent or topped up, said of a time before the ask.
pub const SPENT_BEFORE: &[&str] = &[
    "花了",
    "充了",
    "烧了",
    "付了",
    "交了",
    "spent",
    "paid",
    "burned",
    "burnt",
    "topped up",
];

/// Whether `text` tells of money spent before (any of [`SPENT_BEFORE`]; Latin words whole).
pub fn spent_before(text: &str) -> bool {
    let padded = format!(" {} ", text.to_lowercase());
    SPENT_BEFORE.iter().any(|w| {
        if w.is_ascii() {
            padded.contains(&format!(" {w} "))
        } else {
            padded.contains(w)
        }
    })
}

/// Abbreviations whose point ends no sentence (`incl. 5 min image pull`, `e.g. a 4090`).
pub const ABBREVIATIONS: &[&str] = &[
    "incl", "excl", "e.g", "i.e", "eg", "ie", "approx", "vs", "etc", "avg", "ca", "est", "no",
];

/// Whether `before` (a sentence so far, its point left off) ends with an abbreviation.
pub fn abbreviation_before(before: &str) -> bool {
    let word = before
        .rsplit(|c: char| c.is_whitespace() || c == '(')
        .next()
        .unwrap_or("")
        .to_lowercase();
    ABBREVIATIONS.contains(&word.as_str())
}

/// Verbs that tell a job or a rental already done (`租了`, `跑过`, `rented`, `used`): a story of
/// another time, whose length is never the ask's (und_cl). Latin words whole.
pub const DONE_BEFORE: &[&str] = &[
    "租了", "租过", "跑了", "跑过", "用了", "用过", "训了", "rented", "used", "ran", "had",
    "trained", "finished",
];

/// Words that open the ask after a story, said of now (`现在4090什么价`, `now what's an a100`).
pub const NOW_OPENS: &[&str] = &["现在", "这次", "这回", "now", "this time", "today"];

/// Words of an ask that point back at the story's job (`what would that cost on runpod`,
/// `同样的任务`) or ask about it in the past (`花了多少钱`, `how much did it cost`): the story's
/// facts are the ask's.
pub const POINTS_BACK: &[&str] = &[
    "that",
    "it",
    "same",
    "this job",
    "the job",
    "did",
    "cost me",
    "同样",
    "一样",
    "这个任务",
    "那个任务",
    "这些",
    "花了",
    "花费了",
    "付了",
    "一共",
    "总共",
];

fn said(text: &str, words: &[&str]) -> bool {
    let padded = format!(" {} ", text.to_lowercase());
    words.iter().any(|w| {
        if w.is_ascii() {
            padded
                .match_indices(w)
                .any(|(at, _)| whole(&padded, at, w.len()))
        } else {
            padded.contains(w)
        }
    })
}

fn whole(padded: &str, at: usize, len: usize) -> bool {
    let before = padded[..at].chars().next_back();
    let after = padded[at + len..].chars().next();
    !before.is_some_and(|c| c.is_ascii_alphanumeric())
        && !after.is_some_and(|c| c.is_ascii_alphanumeric())
}

/// Whether `text` tells of a job or rental already done (any of [`DONE_BEFORE`]).
pub fn done_before(text: &str) -> bool {
    said(text, DONE_BEFORE)
}

/// Whether an ask points back at the story's job (any of [`POINTS_BACK`]).
pub fn points_back(text: &str) -> bool {
    said(text, POINTS_BACK)
}

/// Where an ask said of now opens in `text` (a byte offset of a [`NOW_OPENS`] word), if any
/// word of it is not at the start.
pub fn now_opens_at(text: &str) -> Option<usize> {
    let lower = text.to_lowercase();
    NOW_OPENS
        .iter()
        .filter_map(|w| {
            lower.match_indices(w).find_map(|(at, _)| {
                let ok = at > 0 && (!w.is_ascii() || whole(&lower, at, w.len()));
                ok.then_some(at)
            })
        })
        .min()
}

#[cfg(test)]
mod tests {
    use super::spent_before;

    #[test]
    fn money_spent_before_the_ask() {
        assert!(spent_before("上周在autodl上花了两百多块"));
        assert!(spent_before("we spent like 40 bucks"));
        assert!(!spent_before("how much would i spend"));
        assert!(!spent_before("unpaid leave"));
    }

    #[test]
    fn an_abbreviation_ends_no_sentence() {
        use super::abbreviation_before;
        assert!(abbreviation_before("what's the all-in cost incl"));
        assert!(abbreviation_before("a cheap card, e.g"));
        assert!(!abbreviation_before("I used SDXL on my 3060 before"));
    }

    #[test]
    fn a_job_done_and_an_ask_that_points_back_are_told_apart() {
        use super::{done_before, now_opens_at, points_back};
        assert!(done_before("昨天租了4090跑了3个小时"));
        assert!(done_before("I rented a 4090 for 3 hours yesterday"));
        // Latin words whole: `rerun`, `userspace` tell nothing done.
        assert!(!done_before("rerun it on a 4090 with userspace drivers"));
        assert!(points_back("what did that cost on runpod"));
        assert!(points_back("花了多少钱"));
        assert!(!points_back("how much is an a100"));
        assert_eq!(now_opens_at("前天租了两天3090 现在4090什么价"), Some(23));
        assert_eq!(now_opens_at("现在4090什么价"), None);
        assert_eq!(now_opens_at("we know the price"), None);
    }
}
