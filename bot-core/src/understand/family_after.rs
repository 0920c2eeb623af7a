//! A size and a family joined by `的` (`72b的千问`, `70b 的 llama`, `32B 的 qwen2.5`, `千问的72b`):
//! written as the family then its size (`千问 72b`), the form `family_model` reads. Without it
//! the size was read alone (a dense model of that size) and the family named beside it lost.
//! Only a family word the reader knows (a Chinese brand name or a Latin family) counts; any other
//! word after `的` (`72b的模型`, `72b的awq`) leaves the text as said.

use super::family_model::FAMILIES;
use crate::catalog::{BRAND_WORDS, Catalog};

/// `text` with each `<size>的<family>` and `<family>的<size>` written `<family> <size>`.
pub(super) fn plain(_: &Catalog, text: &str) -> String {
    if !text.contains('的') {
        return text.to_string();
    }
    let mut out = text.to_string();
    // Each rewrite removes one `的`, so the loop ends.
    while let Some(next) = size_first(&out).or_else(|| family_first(&out)) {
        out = next;
    }
    out
}

/// The family word (with its version, `qwen2.5`, `千问2.5`) at the start of `s`, and its length.
pub(super) fn family_at(s: &str) -> Option<usize> {
    // The aliases are lower-case; the text may not be (`Qwen`).
    let alias = BRAND_WORDS
        .iter()
        .chain(FAMILIES)
        .map(|(a, _)| *a)
        .find(|a| s.get(..a.len()).is_some_and(|h| h.eq_ignore_ascii_case(a)))?;
    let version = s[alias.len()..]
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(s.len() - alias.len());
    let end = alias.len() + version;
    // `llamaxyz` is no family word: a Latin alias ends at a word's end.
    let whole = !s[end..].starts_with(|c: char| c.is_ascii_alphabetic());
    whole.then_some(end)
}

/// The model size (`72b`, `1.5B`) ending at byte `end` of `s`, and where it starts.
fn size_before(s: &str, end: usize) -> Option<usize> {
    let head = s[..end].trim_end();
    let num = head.strip_suffix(['b', 'B'])?;
    let start = num
        .rfind(|c: char| !(c.is_ascii_digit() || c == '.'))
        .map_or(0, |k| k + num[k..].chars().next().map_or(1, char::len_utf8));
    let digits = &num[start..];
    // `qwen2.5-7b` (glued to letters or a dash) is a name already, not a size said alone.
    let glued = num[..start].ends_with(|c: char| c.is_ascii_alphanumeric() || c == '-');
    let ok = !digits.is_empty()
        && digits.starts_with(|c: char| c.is_ascii_digit())
        && !glued
        && crate::lexicon::params_b(&format!("{digits}b")).is_some();
    ok.then_some(start)
}

/// The size at the start of `s` (`72b`, `1.5B`), its length.
pub(super) fn size_at(s: &str) -> Option<usize> {
    let digits = s
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(s.len());
    let rest = &s[digits..];
    let sized = digits > 0
        && rest.starts_with(['b', 'B'])
        && !rest[1..].starts_with(|c: char| c.is_ascii_alphanumeric());
    (sized && crate::lexicon::params_b(&format!("{}b", &s[..digits])).is_some())
        .then_some(digits + 1)
}

/// `72b的千问要几张h100` → `千问 72b 要几张h100`: the first such pair rewritten.
fn size_first(s: &str) -> Option<String> {
    s.match_indices('的').find_map(|(at, de)| {
        let start = size_before(s, at)?;
        let after = at + de.len();
        let gap = s[after..].len() - s[after..].trim_start().len();
        let fam = after + gap;
        let len = family_at(&s[fam..])?;
        let size = s[start..at].trim_end();
        let family = &s[fam..fam + len];
        Some(format!(
            "{}{family} {size} {}",
            &s[..start],
            &s[fam + len..]
        ))
    })
}

/// `千问的72b` → `千问 72b`: the `的` between a family and its size taken out.
fn family_first(s: &str) -> Option<String> {
    s.match_indices('的').find_map(|(at, de)| {
        let head = s[..at].trim_end();
        // The family word ending right before `的`: try each start among the last few chars.
        head.char_indices()
            .rev()
            .take(12)
            .map(|(k, _)| k)
            .find(|&k| {
                let starts_word = !head[..k].ends_with(|c: char| c.is_ascii_alphabetic());
                starts_word && family_at(&head[k..]) == Some(head.len() - k)
            })?;
        let after = at + de.len();
        let tail = s[after..].trim_start();
        size_at(tail)?;
        Some(format!("{} {tail}", &s[..head.len()]))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(s: &str) -> String {
        let c = Catalog::embedded().unwrap();
        plain(&c, s)
    }

    #[test]
    fn a_family_after_its_size_is_written_first() {
        assert_eq!(p("72b的千问要几张h100"), "千问 72b 要几张h100");
        assert_eq!(p("70b 的 llama 4090"), "llama 70b  4090");
        assert_eq!(p("32B 的 qwen2.5 行吗"), "qwen2.5 32B  行吗");
        assert_eq!(p("千问的72b 要几张"), "千问 72b 要几张");
        assert_eq!(p("llama3.1 的 8b"), "llama3.1 8b");
    }

    #[test]
    fn other_words_after_de_are_left_as_said() {
        for s in [
            "72b的模型要几张a100",
            "qwen2.5 72b的awq",
            "qwen2.5-7b的千问",
            "我的4090",
            "千问的显存",
        ] {
            assert_eq!(p(s), s);
        }
    }
}
