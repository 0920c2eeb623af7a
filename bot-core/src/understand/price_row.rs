//! A pasted price-table row (`"RTX 4090 | 24 GB | $0.34/hr" what is that per day`,
//! `"H100 SXM 80GB | $2.69/hr" on runpod — what do 10 hours cost?`): cells split by `|`, one of
//! them an hourly price. It is a listing seen, not a price the user pays: with a platform named
//! outside the row, the platform's own bill answers (the row's price taken out: `/cost` cannot
//! carry a platform and a price of the user's own together, and the platform's billing rule is
//! known); with a rate asked in another period and no platform, the price alone is converted
//! (the card and its memory taken out). Otherwise the row is left as said.

use super::text::tokens;
use crate::catalog::Catalog;

/// `text` with a pasted row read as the listing it is.
pub(super) fn plain(catalog: &Catalog, text: &str) -> String {
    let Some((start, end)) = row(text) else {
        return text.to_string();
    };
    let inner = &text[start..end];
    let cells: Vec<&str> = inner
        .split('|')
        .map(|c| c.trim_matches(|c: char| c.is_whitespace() || "\"“”「」".contains(c)))
        .collect();
    let priced = |c: &str| super::price::find_price(c).is_some_and(|(m, _)| m.per.is_some());
    let Some(price) = cells.iter().find(|c| priced(c)) else {
        return text.to_string();
    };
    let outside = format!("{} {}", &text[..start], &text[end..]);
    let platform = tokens(&outside)
        .iter()
        .any(|t| catalog.find_platform(t).is_some());
    let kept = if platform {
        cells
            .iter()
            .filter(|c| !priced(c))
            .copied()
            .collect::<Vec<_>>()
            .join(" ")
    } else if crate::lexicon::first_period(&outside).is_some() {
        // A rate asked in another period: any word of each day, week or month (the lexicon's).
        price.to_string()
    } else {
        return text.to_string();
    };
    format!("{} {kept} {}", &text[..start], &text[end..])
}

/// The byte span of a row: from the quote (or the message's start) before the first `|` to the
/// quote (or the end of the last cell) after the last, with at least one `|` inside a quote or
/// two `|` bare.
fn row(text: &str) -> Option<(usize, usize)> {
    let first = text.find('|')?;
    let last = text.rfind('|')?;
    let open = text[..first].rfind(['"', '“', '「']);
    let close = text[last..]
        .find(['"', '”', '」'])
        .map(|k| last + k + text[last + k..].chars().next().map_or(1, char::len_utf8));
    match (open, close) {
        (Some(o), Some(c)) => Some((o, c)),
        _ if first != last => {
            // A bare row: its line (the cells up to the end of the last one's words).
            let from = text[..first].rfind('\n').map_or(0, |k| k + 1);
            let to = text[last..].find('\n').map_or(text.len(), |k| last + k);
            Some((from, to))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pasted_row_is_a_listing_seen() {
        let c = Catalog::embedded().unwrap();
        let t = plain(&c, "\"rtx 4090 | 24 gb | $0.34/hr\" what is that per day");
        assert!(!t.contains("4090") && t.contains("$0.34/hr"), "{t}");
        let t = plain(
            &c,
            "\"h100 sxm 80gb | $2.69/hr\" on runpod what do 10 hours cost",
        );
        assert!(t.contains("h100") && !t.contains("2.69"), "{t}");
        // No platform and no other period: left as said.
        let t = "\"a100 | 80 gb | $1.20/hr\" is that cheap";
        assert_eq!(plain(&c, t), t);
        // No row at all.
        let t = "4090 $0.34/hr per day";
        assert_eq!(plain(&c, t), t);
    }
}
