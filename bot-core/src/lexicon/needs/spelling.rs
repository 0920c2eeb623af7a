//! Need words written with a slip (`crytpo`, `paypl`, `per secound`): one rule over the need
//! spellings, never a typo list (split from `lexicon::needs` for the 650-line rule).

use super::billing_said;

/// The need words of one run of letters a slip is forgiven in (`crytpo`, `alipy`, `paypall`,
/// `wehcat`), as card and model names are: words of five letters or more, so a slip of a short
/// one (`visa`, `wx`, `btc`) makes no other word into a need.
pub const NEED_SPELLINGS: &[&str] = &[
    "crypto",
    "alipay",
    "paypal",
    "wechat",
    "bitcoin",
    "unionpay",
    "mastercard",
    // `per secound billing`, `per secnd`: the unit of a per-second need (`seconds`, its
    // plural, is an English word of its own: `REAL_WORDS`).
    "second",
    // `when instance is stoped`: the stopped machine of the stopped-free need (`STOPPED_WORDS`).
    "stopped",
    // Barrier words (und_dk): the long words of the need phrases, so a phrase typed with one
    // slip in its long word is the phrase (`dont need a credt card`, `no id verifcation`, `bank
    // tranfer`, `internatinal`). The English words one slip from them (`credits`, `identify`,
    // `oversees` …) are `REAL_WORDS`, never corrected.
    "credit",
    "verification",
    "identity",
    "passport",
    "transfer",
    "international",
    "overseas",
    "foreign",
    "domestic",
    "mainland",
];

/// The need word a run of lowercase letters is one slip from (a letter inserted, dropped or
/// changed, or two neighbours swapped: `lexicon::one_edit`), when it is five letters or more,
/// no need word, cue word or English word of its own, and one slip from one need word only:
/// a slip is never read as another need, nor guessed between two.
pub fn need_of_slip(w: &str) -> Option<&'static str> {
    if w.len() < 5
        || !w.bytes().all(|b| b.is_ascii_lowercase())
        || NEED_SPELLINGS.contains(&w)
        || super::super::CUE_WORDS.contains(&w)
        || super::super::REAL_WORDS.contains(&w)
    {
        return None;
    }
    let mut near = NEED_SPELLINGS.iter().filter(|n| {
        n.len().abs_diff(w.len()) <= 1 && super::super::one_edit(n.as_bytes(), w.as_bytes())
    });
    match (near.next(), near.next()) {
        (Some(n), None) => Some(n),
        _ => None,
    }
}

/// `text` (lowercase) with each run of ASCII letters that is a need word's slip
/// ([`need_of_slip`]) written as the need word, glued to Chinese or not (`支持paypl的平台`).
pub fn need_typos(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let billing = billing_said(text);
    let glue = |c: Option<&char>| c.is_some_and(|c| c.is_ascii_digit() || matches!(c, '-' | '_'));
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        if !chars[i].is_ascii_alphabetic() {
            out.push(chars[i]);
            i += 1;
            continue;
        }
        let end = (i..chars.len())
            .find(|&j| !chars[j].is_ascii_alphabetic())
            .unwrap_or(chars.len());
        let word: String = chars[i..end].iter().collect();
        // A run glued to a digit or a dash (`alipy2`, `x-paypl`) is a name's, left as typed;
        // after `per-` it is a unit (`per-secound`).
        let per = chars[..i].iter().rev().take(4).rev().collect::<String>() == "per-";
        let named =
            !per && (glue(i.checked_sub(1).and_then(|p| chars.get(p))) || glue(chars.get(end)));
        match need_of_slip(&word).filter(|_| !named) {
            Some(need) => out.push_str(need),
            None if second_short(&out, &word) && billing => out.push_str("second"),
            None => out.push_str(&word),
        }
        i = end;
    }
    out
}

/// Whether `word` is the per-second unit written short (`per sec`, `per-sec`, `by the sec`,
/// `per secs`) right after `before`. Read as `second` only where billing is said
/// ([`billing_said`]): `tokens per sec` is a speed, no way of billing.
fn second_short(before: &str, word: &str) -> bool {
    matches!(word, "sec" | "secs")
        && ["per ", "per-", "by the ", "by "]
            .iter()
            .any(|lead| before.ends_with(lead))
}
