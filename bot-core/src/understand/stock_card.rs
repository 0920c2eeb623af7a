//! The stock card said beside a modded one (`魔改4090 48G和原版4090区别`, `stock 4090 vs the
//! 48g modded one`, `魔改4090跟普通的比`): the catalog's stock card, written by its id so no
//! memory said for the modded card is read as its own. It had been read as the modded card
//! again, and the side-by-side compared a card with itself (corpus44, issue 26).

use crate::catalog::Catalog;

/// Words that say a card is modified (only beside one of them is `stock`, `普通` the card's
/// kind and not its stock or a plain word).
const MODDED: &[&str] = &["魔改", "modded", "modified", "改装"];

/// Words for the card as sold (longest first where one contains another).
const STOCK: &[&str] = &[
    "原版的",
    "原版",
    "原装的",
    "原装",
    "普通版",
    "普通的",
    "普通",
    "正常版",
    "标准版",
    "标准的",
    "标准",
    "公版",
    "非魔改",
    "unmodded",
    "non-modded",
    "stock",
    "normal",
    "regular",
    "vanilla",
    "standard",
    "original",
];

/// `norm` with each stock card beside a modded one written as the stock card's id.
pub(super) fn plain(catalog: &Catalog, norm: &str) -> String {
    // With no modded word, a variant named by its memory (`4090 48g 和普通4090`) makes the stock
    // word beside the other mention its base card; with neither, `stock` may be inventory.
    let modded = MODDED.iter().any(|w| norm.contains(w));
    let variant = if modded {
        None
    } else {
        variant_base(catalog, norm)
    };
    if !modded && variant.is_none() {
        return norm.to_string();
    }
    let mut out = String::with_capacity(norm.len());
    let mut rest = norm;
    'scan: while !rest.is_empty() {
        for w in STOCK {
            let Some(after) = rest.strip_prefix(w) else {
                continue;
            };
            // An English word only whole (`standards`, `abnormal` are none).
            let whole = !w.is_ascii()
                || (!out.ends_with(|c: char| c.is_ascii_alphanumeric())
                    && !after.starts_with(|c: char| c.is_ascii_alphabetic()));
            if !whole {
                continue;
            }
            let found = match &variant {
                None => stock_of(catalog, norm, after),
                // Only a card named right after the word, its memory unsaid, and the base of
                // the variant named (`stock 4090 48g` is that variant in stock).
                Some(base) => stock_named(catalog, after)
                    .filter(|(id, used)| id == base && !memory_next(&after[*used..])),
            };
            if let Some((id, used)) = found {
                out.push_str(&format!(" {id} "));
                rest = &after[used..];
                continue 'scan;
            }
        }
        let c = rest.chars().next().unwrap_or(' ');
        out.push(c);
        rest = &rest[c.len_utf8()..];
    }
    out
}

/// The stock card named in `after` (the text after a stock word), and how much of it it took:
/// the card named next (`4090`, `rtx 4090`), or with no card (`the normal one`, `原版的`) the
/// base of the modded card the sentence names.
fn stock_of(catalog: &Catalog, norm: &str, after: &str) -> Option<(String, usize)> {
    if let Some(found) = stock_named(catalog, after) {
        return Some(found);
    }
    let lead = after.len() - after.trim_start_matches([' ', '的']).len();
    let word: String = after[lead..]
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
        .collect();
    // No card after the word: the stock card of the modded one named.
    let one = after.trim_start();
    let used = if one.starts_with("one") && !one[3..].starts_with(|c: char| c.is_alphabetic()) {
        after.len() - one.len() + 3
    } else if word.is_empty() {
        0
    } else {
        return None;
    };
    Some((variant_base(catalog, norm)?, used))
}

/// The card named right after a stock word (`4090`, ` rtx 4090`), as its base card, and how
/// much of `after` it took.
fn stock_named(catalog: &Catalog, after: &str) -> Option<(String, usize)> {
    let lead = after.len() - after.trim_start_matches([' ', '的']).len();
    let word: String = after[lead..]
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
        .collect();
    if word.is_empty() {
        return None;
    }
    let g = catalog.find_gpu(&word)?;
    let id = base_of(catalog, &g.id).unwrap_or_else(|| g.id.clone());
    Some((id, lead + word.len()))
}

/// Whether a memory size comes next (`48g`, ` 48 gb`).
fn memory_next(rest: &str) -> bool {
    let t = rest.trim_start();
    let digits = t.len() - t.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    digits > 0 && t[digits..].trim_start().starts_with(['g', 'G'])
}

/// The base card of a memory variant the sentence names (`4090 48g` → `rtx-4090`), if any.
fn variant_base(catalog: &Catalog, norm: &str) -> Option<String> {
    let words: Vec<&str> = norm
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
        .filter(|w| !w.is_empty())
        .collect();
    words
        .iter()
        .find_map(|w| base_of(catalog, &catalog.find_gpu(w)?.id))
        // `魔改的4090 48g`: the card and its memory, Chinese around them.
        .or_else(|| {
            words.windows(2).find_map(|p| {
                let g = catalog.find_gpu(&format!("{} {}", p[0], p[1]))?;
                base_of(catalog, &g.id)
            })
        })
        // `魔改4090`: the modded card by its alias, glued to its Chinese word.
        .or_else(|| {
            norm.split_whitespace()
                .find_map(|w| base_of(catalog, &catalog.find_gpu(w)?.id))
        })
        .or_else(|| {
            // `魔改4090 48g`: the card and its memory as the catalog names the modded card.
            let toks: Vec<&str> = norm.split_whitespace().collect();
            toks.windows(2).find_map(|p| {
                let g = catalog.find_gpu(&format!("{} {}", p[0], p[1]))?;
                base_of(catalog, &g.id)
            })
        })
}

/// The stock card of a modded one (`rtx-4090-48g` → `rtx-4090`): its id without the memory
/// at its end, where the catalog has that card. `None` for a stock card.
fn base_of(catalog: &Catalog, id: &str) -> Option<String> {
    let (base, mem) = id.rsplit_once('-')?;
    let gb = mem.strip_suffix('g')?;
    if gb.is_empty() || !gb.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    catalog
        .gpus
        .iter()
        .find(|g| g.id == base)
        .map(|g| g.id.clone())
}

#[cfg(test)]
mod tests {
    use super::plain;
    use crate::catalog::Catalog;

    #[test]
    fn the_stock_card_beside_a_modded_one_is_the_stock_card() {
        let catalog = Catalog::embedded().unwrap();
        let said = |s: &str| plain(&catalog, s);
        assert!(said("魔改4090 48g和原版4090区别").contains(" rtx-4090 区别"));
        assert!(said("stock 4090 vs the modded 4090 48g").starts_with(" rtx-4090  vs"));
        assert!(said("魔改4090 48g 和原版的有啥区别").contains(" rtx-4090 有啥"));
        // No modded card named: `stock` is the stock, `普通` a plain word.
        assert_eq!(said("any stock 4090 on runpod"), "any stock 4090 on runpod");
        assert_eq!(said("普通4090多少钱"), "普通4090多少钱");
    }
}
