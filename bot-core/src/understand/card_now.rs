//! The card a model runs on now, beside the card asked about (`现在公司用 V100 跑 qwen2.5-7b，换成
//! 4090 能跑吗`, `we're on a g6.xlarge (L4) now, would qwen2.5-14b fit an A10 here?`, `… holds it
//! across 8 A100 40GB. could 2x H100 do it instead?`): context, taken out; the card after the
//! switch is the one sized. Both had been asked back as if either could be meant.

use crate::catalog::Catalog;

/// Words that set the scene now (`we run … on`, `现在…用`).
const NOW: &[&str] = &[
    "we run",
    "we're running",
    "we are running",
    "we're on",
    "we are on",
    "we use",
    "we currently",
    "currently",
    "right now we",
    " holds ",
    " now ",
    "现在",
    "目前",
    "公司用",
    "在跑",
    // A card rented or served on now (`I rent runpod's A40 for …`, `we serve … on an A10`).
    "i rent",
    "i'm renting",
    "i am renting",
    "i'm on",
    "i am on",
    "i run",
    "i'm running",
    "i am running",
    "we serve",
    "we're serving",
    "we rent",
    " today",
    "在租",
    "租的是",
    "用的是",
];
/// Words of a switch between the two cards (`A100跑… 换成4090`): the first is the one run on
/// now even where no word of the present is left (a platform's clause taken out before).
const SWITCHED: &[&str] = &[
    "换成",
    "换到",
    "改用",
    "换用",
    "switch to",
    "switching to",
    "move to",
    "moving to",
];
/// Words that ask about another card after it.
const ASKED: &[&str] = &[
    "换成",
    "换到",
    "改用",
    "换用",
    "instead",
    "would the same",
    "would it",
    "would ",
    "could ",
    "switch to",
    "move to",
    " here",
];
/// Words that weigh the two cards (`哪个`, `vs`): both asked, none context.
const WEIGHED: &[&str] = &[
    "哪个",
    " vs ",
    "还是",
    " or ",
    "compare",
    "比较",
    "区别",
    "差多少",
    "cheaper",
    "便宜",
];

/// Of two cards, the first when it is the card run on now and the second is asked after it;
/// else nothing.
pub(super) fn card_now(catalog: &Catalog, padded: &str, gpus: &[String]) -> Option<String> {
    let [first, second] = gpus else {
        return None;
    };
    if WEIGHED.iter().any(|w| padded.contains(w)) {
        return None;
    }
    let (p1, p2) = (at(catalog, padded, first)?, at(catalog, padded, second)?);
    if p1 >= p2 {
        return None;
    }
    let now = NOW.iter().any(|w| padded[..p2].contains(w));
    let asked = ASKED.iter().any(|w| padded[p1..].contains(w));
    let switched = SWITCHED.iter().any(|w| padded[p1..p2].contains(w));
    ((now && asked) || switched).then(|| first.clone())
}

/// Where a card is first named in `padded` (its id or an alias, as a whole word).
fn at(catalog: &Catalog, padded: &str, id: &str) -> Option<usize> {
    let g = catalog.gpu(id).ok()?;
    let names = g
        .aliases
        .iter()
        .map(|a| a.to_lowercase())
        .chain([id.to_string()]);
    names
        .filter_map(|n| {
            padded.match_indices(n.as_str()).find_map(|(k, _)| {
                let whole = !padded[k + n.len()..].starts_with(|c: char| c.is_ascii_alphanumeric())
                    && !padded[..k].ends_with(|c: char| c.is_ascii_alphanumeric());
                whole.then_some(k)
            })
        })
        .min()
}
