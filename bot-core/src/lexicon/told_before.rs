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
}
