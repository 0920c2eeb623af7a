//! A card count said apart from the card's name with its own classifier (`h20 跑 deepseek-v3
//! fp8 一台8卡够不够`, `4090 …… 要4张卡吗`): the one card named, that many of it. Without it
//! the fit was judged on one card while eight were asked about.

use super::request::Cards;
use crate::lexicon::COUNT_WANTED;

/// Classifiers that count cards (never `张` alone: `2张图` counts images).
const CLASSIFIERS: &[&str] = &["张卡", "卡", "块卡", "张显卡", "块显卡"];

/// Words after a count that point back to the one card named (`用两台这种`, `4张这个卡`):
/// that many of it. The verdict had been for one card where eight were asked. A card's
/// classifier (`张`, `台`, `块`) says it counts cards.
const BACK: &[&str] = &[
    "台这种",
    "张这种",
    "块这种",
    "台这个",
    "张这个",
    "块这个",
    "台这款",
    "张这款",
    "块这款",
    "台这样的",
    "张这样的",
    "张这卡",
    "台它",
    "张它",
];
/// English words after a count that point back (`fit on 8 of them`): with no classifier they
/// count cards only after a word that puts a job on them or weighs them as enough (`on`,
/// `across`, `is`, `would`): `I need maybe five of them` counts runs.
const BACK_EN: &[&str] = &[
    " of them",
    " of those",
    " of these",
    " of em",
    " of 'em",
    " of the cards",
    " of those cards",
    " of these cards",
];
const ON: &[&str] = &[
    "on ", "across ", "over ", "onto ", "with ", "using ", "use ", "rent ", "is ", "are ",
    "would ", "will ", "could ",
];

/// The count a text says as `N卡` / `N张卡` (or pointing back, [`BACK`], [`BACK_EN`]), 2 to 64,
/// the first one.
fn count_said(norm: &str) -> Option<u32> {
    for (start, end) in super::numerals::digit_runs(norm) {
        let rest = &norm[end..];
        // `fit on 8 of them`, or after the card said in the plural (`a100s on lambda, 8 of
        // them`): the cards counted.
        let pointed = BACK_EN.iter().any(|c| rest.starts_with(c))
            && (ON.iter().any(|w| norm[..start].ends_with(w))
                || norm[..start].split(' ').any(crate::lexicon::card_plural));
        // `4090，要八张`: a count wanted, `张` ending its clause, counts the card named.
        let wanted = rest
            .strip_prefix('张')
            .is_some_and(|r| r.is_empty() || r.starts_with([' ', '租']))
            && COUNT_WANTED.iter().any(|w| norm[..start].ends_with(w));
        if (pointed || wanted || CLASSIFIERS.iter().chain(BACK).any(|c| rest.starts_with(c)))
            && let Ok(n) = norm[start..end].parse::<u32>()
            && (2..=64).contains(&n)
        {
            return Some(n);
        }
    }
    None
}

/// One card named once, with no count beside it: the count said apart, if any.
pub(super) fn count_apart(norm: &str, gpus: &mut [Cards]) {
    if let [c] = gpus
        && c.count == 1
        && let Some(n) = count_said(norm)
    {
        c.count = n;
    }
}

#[cfg(test)]
mod tests {
    use super::count_said;

    #[test]
    fn counts_with_their_classifier() {
        assert_eq!(count_said("h20跑deepseek-v3 fp8 1台8卡够不够"), Some(8));
        assert_eq!(count_said("4090 跑 qwen2.5-72b 要4张卡吗"), Some(4));
        assert_eq!(count_said("4090卡 跑 qwen"), None);
        assert_eq!(count_said("sdxl 出 4张图"), None);
        assert_eq!(count_said("1卡"), None);
        assert_eq!(count_said("does deepseek v3 fit on 8 of them"), Some(8));
        assert_eq!(count_said("qwen2.5 72b 用2台这种能跑吗"), Some(2));
        assert_eq!(count_said("4张这个卡够吗"), Some(4));
        assert_eq!(count_said("on 1 of them"), None);
        assert_eq!(
            count_said("each run is 6h and i need maybe 5 of them"),
            None
        );
        assert_eq!(count_said("is 4 of those enough"), Some(4));
        assert_eq!(
            count_said("a100s on lambda  8 of them  for a week"),
            Some(8)
        );
        assert_eq!(count_said("autodl的4090 要8张 租一天多少钱"), Some(8));
        assert_eq!(count_said("sdxl 要4张图"), None);
    }
}
