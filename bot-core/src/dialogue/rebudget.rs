//! A budget said the way people correct it or hedge it: with a verb of changing (`预算改成三百`,
//! `把預算調到六十塊`, Traditional folded before), in Chinese numerals the reader's passes leave
//! alone before no unit (`三百`, `八十`), or as a range (`budget 50-80 dollars`, `预算三十到五十块`),
//! whose top is kept and said (`pick-range-top`: so no option the user would take is hidden).
//! A range in digits is never read as a card (`50-80` had been an RTX 5080).

use rust_decimal::Decimal;

/// A budget read out of a message, and the message with it taken out.
pub(super) struct BudgetSaid {
    pub amount: Decimal,
    pub currency: Option<&'static str>,
    /// The two ends when it was said as a range (the amount is the top).
    pub range: Option<(Decimal, Decimal)>,
    pub rest: String,
}

/// The budget `text` (lower case, Traditional folded) sets with an amount in Chinese numerals or
/// as a range; `None` for a budget in plain digits (the reader's own) or none.
pub(super) fn split(text: &str) -> Option<BudgetSaid> {
    let t = text.to_lowercase();
    let (at, noun) = crate::lexicon::budget_noun_at(&t)?;
    let mut i = at + noun.len();
    loop {
        let r = &t[i..];
        let trimmed = r.trim_start_matches([' ', ':', '：', '=']);
        i += r.len() - trimmed.len();
        let word = crate::lexicon::BUDGET_SET_WORDS
            .iter()
            .filter(|w| {
                trimmed.starts_with(**w)
                    && (!w.is_ascii() || trimmed[w.len()..].starts_with([' ', '$']))
            })
            .max_by_key(|w| w.len());
        match word {
            Some(w) => i += w.len(),
            None => break,
        }
    }
    let mut currency = None;
    if let Some(r) = t[i..].strip_prefix('$') {
        currency = Some("USD");
        i = t.len() - r.len();
    } else if let Some(r) = t[i..].strip_prefix('¥') {
        currency = Some("CNY");
        i = t.len() - r.len();
    }
    let (lo, mut end, chinese, inner) = amount_at(&t, i)?;
    let mut range = inner;
    let r = &t[end..];
    for mark in ["-", "–", "~", "～", "到", "至", " to ", " - "] {
        if let Some(after) = r.strip_prefix(mark) {
            let at2 = t.len() - after.len();
            let at2 = at2 + after.len() - after.trim_start_matches(['$', '¥', ' ']).len();
            if let Some((hi, e, _, _)) = amount_at(&t, at2)
                && lo < hi
            {
                range = Some((lo, hi));
                end = e;
            }
            break;
        }
    }
    // Two numerals side by side are a range read by the numerals' own rule (`一两百`).
    if !chinese && range.is_none() {
        return None;
    }
    let after = t[end..].trim_start();
    let token: String = if after.starts_with(|c: char| c.is_ascii_alphabetic()) {
        after.split_whitespace().next().unwrap_or("").to_string()
    } else {
        after.chars().take(2).collect()
    };
    if let Some(c) = crate::understand::currency_word(&token) {
        currency = currency.or(Some(c));
        let used = ["块钱", "块", "元", "刀", "美元", "美金", "人民币"]
            .iter()
            .find(|w| after.starts_with(**w))
            .map_or_else(
                || after.split_whitespace().next().unwrap_or("").len(),
                |w| w.len(),
            );
        end = t.len() - after.len() + used;
    }
    // What follows stands apart (a space, a mark) or only hedges it; `预算三小时` (a unit of
    // something else) is no budget of this reading.
    let raw = &t[end..];
    let plain = raw.trim().is_empty()
        || raw.starts_with(|c: char| c.is_whitespace() || "，,。.;；!！、".contains(c))
        || crate::lexicon::BUDGET_AFTER
            .iter()
            .any(|w| raw.starts_with(w));
    if !plain {
        return None;
    }
    let amount = range.map_or(lo, |(_, hi)| hi);
    let rest = format!("{} {}", &t[..at], &t[end..]);
    Some(BudgetSaid {
        amount,
        currency,
        range,
        rest: rest.trim().to_string(),
    })
}

/// The amount at byte `at`: digits (with one decimal point), or a Chinese numeral (its value,
/// or the top of a range said by two numerals side by side, `一两百`); where it ends, and whether
/// it was Chinese, and the range two numerals side by side said.
type Amount = (Decimal, usize, bool, Option<(Decimal, Decimal)>);

fn amount_at(t: &str, at: usize) -> Option<Amount> {
    let r = &t[at..];
    let digits = r
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(r.len());
    if digits > 0 {
        let n: Decimal = r[..digits].trim_end_matches('.').parse().ok()?;
        // `2k`, `3千`: left to the reader's own amounts.
        if r[digits..].starts_with(['k', 'w', '千', '万']) {
            return None;
        }
        return Some((n, at + digits, false, None));
    }
    let run: Vec<char> = r
        .chars()
        .take_while(|c| crate::lexicon::numerals::is_numeral(*c))
        .collect();
    if run.is_empty() {
        return None;
    }
    let len: usize = run.iter().map(|c| c.len_utf8()).sum();
    let v = crate::lexicon::numerals::value_or_top(&run)?;
    let range = crate::lexicon::numerals::range_of(&run)
        .map(|(lo, hi)| (Decimal::from(lo), Decimal::from(hi)));
    Some((Decimal::from(v), at + len, true, range))
}

#[cfg(test)]
mod tests {
    use super::split;
    use rust_decimal::Decimal;

    #[test]
    fn budgets_said_in_words_and_ranges() {
        let read = |t: &str| {
            split(&crate::understand::fold_traditional(t)).map(|b| (b.amount, b.currency, b.range))
        };
        let d = Decimal::from;
        assert_eq!(read("預算改成三百"), Some((d(300), None, None)));
        assert_eq!(read("預算改成八十"), Some((d(80), None, None)));
        assert_eq!(read("預算改為五十"), Some((d(50), None, None)));
        assert_eq!(read("把預算調到六十塊"), Some((d(60), Some("CNY"), None)));
        assert_eq!(
            read("budget 50-80 dollars"),
            Some((d(80), Some("USD"), Some((d(50), d(80)))))
        );
        assert_eq!(
            read("budget 20-30 dollar"),
            Some((d(30), Some("USD"), Some((d(20), d(30)))))
        );
        assert_eq!(
            read("预算三十到五十块"),
            Some((d(50), Some("CNY"), Some((d(30), d(50)))))
        );
        assert_eq!(read("预算一两百块").map(|b| b.0), Some(d(200)));
        // Plain digits are the reader's own; other units are no budget.
        assert_eq!(read("预算50"), None);
        assert_eq!(read("budget 100 dollars"), None);
        assert_eq!(read("预算三小时"), None);
        assert_eq!(read("预算2k"), None);
        assert_eq!(split("预算改成三百").map(|b| b.rest), Some(String::new()));
    }
}
