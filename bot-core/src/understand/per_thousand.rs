//! An API price per thousand tokens (`每千token 0.002元`, `$0.0005 per 1k tokens`, `API 每 1k
//! tokens 0.0006 美元`): written per million before reading (a thousand times the figure),
//! the unit `/tco` takes; read as it stood it was a price per million a thousand times too low,
//! and its `1k` a day's volume.

use rust_decimal::Decimal;

/// `text` with a price per thousand tokens written as its price per million.
pub(super) fn plain(text: &str) -> String {
    // The lexicon's units of tokens after a price's mark, one table for every reader.
    let Some(unit) = crate::lexicon::per_thousand_at(text) else {
        return text.to_string();
    };
    let (at, mut unit_end) = (unit.start, unit.end);
    if text[unit_end..].starts_with('s') {
        unit_end += 1;
    }
    let per_million = if text[at..unit_end].is_ascii() {
        " per million tokens "
    } else {
        "每百万token "
    };
    // The figure right after the unit, else right before it.
    let figure = number_after(text, unit_end).or_else(|| number_before(text, at));
    let Some(span) = figure else {
        return text.to_string();
    };
    let Ok(n) = text[span.clone()].parse::<Decimal>() else {
        return text.to_string();
    };
    let scaled = (n * Decimal::from(1000)).normalize().to_string();
    let mut out = text.to_string();
    // The later span first, so the earlier one's offsets hold.
    if span.start > at {
        out.replace_range(span, &scaled);
        out.replace_range(at..unit_end, per_million);
    } else {
        out.replace_range(at..unit_end, per_million);
        out.replace_range(span, &scaled);
    }
    out
}

/// The digits (with a point) of the number starting after spaces and a currency sign at `i`.
fn number_after(t: &str, i: usize) -> Option<std::ops::Range<usize>> {
    let skip = t[i..]
        .char_indices()
        .find(|(_, c)| !matches!(c, ' ' | '$' | '¥' | '￥' | ':' | '：' | '是' | '为'))
        .map_or(t.len() - i, |(k, _)| k);
    let s = i + skip;
    let len = t[s..]
        .char_indices()
        .find(|(_, c)| !(c.is_ascii_digit() || *c == '.'))
        .map_or(t.len() - s, |(k, _)| k);
    // `per 1k tokens 3m tokens a day`: a count with its unit glued on is the volume, no figure.
    let tail = &t[s + len..];
    let counted = tail.starts_with(|c: char| c.is_ascii_alphabetic())
        && !["usd", "rmb", "cny", "dollar"]
            .iter()
            .any(|w| tail.starts_with(w));
    (len > 0 && !counted && t[s..].starts_with(|c: char| c.is_ascii_digit())).then_some(s..s + len)
}

/// The number ending before `i`, over spaces and a currency word between (`$0.0005 per 1k`,
/// `0.002 usd per 1k`).
fn number_before(t: &str, i: usize) -> Option<std::ops::Range<usize>> {
    let mut end = t[..i].trim_end().len();
    for w in ["usd", "美元", "元", "刀", "块", "dollars", "rmb", "cny"] {
        if t[..end].ends_with(w) {
            end = t[..end - w.len()].trim_end().len();
            break;
        }
    }
    let start = t[..end]
        .char_indices()
        .rev()
        .find(|(_, c)| !(c.is_ascii_digit() || *c == '.'))
        .map_or(0, |(k, c)| k + c.len_utf8());
    (start < end && t[start..end].starts_with(|c: char| c.is_ascii_digit())).then_some(start..end)
}
