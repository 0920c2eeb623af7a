//! The size written in a model's name, read without judging it: `13b`, `671b-a37b`
//! (total, then active), and a name split at its size (`deepseek-671b-a37b` → family words
//! `deepseek`, 671B total, 37B active). The lexicon checks the range and answers errors
//! (`lexicon::model_size`); the catalog uses the split to find the model of a family and size
//! ([`super::Catalog::find_model`]).

/// A size as written: total billions and, for a raw MoE size (`-a37b`), the active ones.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct NameSize {
    pub total_b: f64,
    pub active_b: Option<f64>,
}

impl NameSize {
    /// Inside the range a model can have (0.01 to 10,000 billions), active at most total.
    pub fn plausible(&self) -> bool {
        let ok = |v: f64| v.is_finite() && (0.01..=10_000.0).contains(&v);
        ok(self.total_b) && self.active_b.is_none_or(|a| ok(a) && a <= self.total_b)
    }
}

fn billions(w: &str) -> Option<f64> {
    w.strip_suffix('b')?.parse().ok()
}

/// An underscore between two digits is a decimal point (`1_8b` = 1.8B: Qwen's ids write
/// `Qwen-1_8B`, `Qwen-1_8B-Chat`, since a dot is awkward in a repository name); any other
/// underscore or space is dropped (`671b_a37b`).
fn decimal_underscores(w: &str) -> String {
    let c: Vec<char> = w.chars().collect();
    let mut out = String::with_capacity(w.len());
    for (i, &ch) in c.iter().enumerate() {
        let between_digits =
            i > 0 && c[i - 1].is_ascii_digit() && c.get(i + 1).is_some_and(|n| n.is_ascii_digit());
        match ch {
            '_' if between_digits => out.push('.'),
            '_' | ' ' => {}
            _ => out.push(ch),
        }
    }
    out
}

/// `13b` or `671b-a37b` (also `671b_a37b`, `671ba37b`, `671b a37b`), `1.8b` or `1_8b`, any
/// value; `None` when the word is not a size.
pub fn size_word(word: &str) -> Option<NameSize> {
    let w = decimal_underscores(&word.trim().to_lowercase());
    // `671b-a37b`, or `671ba37b` where the total's `b` runs into the active's `a`.
    let split = w
        .split_once("-a")
        .or_else(|| w.find("ba").map(|i| (&w[..=i], &w[i + 2..])));
    if let Some((total, active)) = split {
        return Some(NameSize {
            total_b: billions(total)?,
            active_b: Some(billions(active)?),
        });
    }
    Some(NameSize {
        total_b: billions(&w)?,
        active_b: None,
    })
}

/// A name split at its size: the words before the size (lower case, as typed; empty for a
/// bare size) and the size. The last path segment is read, split at `-`, `_`, `:` and
/// spaces; the first part that is a plausible size, with an active part that follows
/// (`a3b`). `None` when no part is a size, or two different sizes appear
/// (`qwen2.5-7b-vs-14b`).
pub fn split_at_size(word: &str) -> Option<(String, NameSize)> {
    let name = word.rsplit('/').next()?.to_lowercase();
    // A piece between dashes written `1_8b` is one decimal size (Qwen's `Qwen-1_8B-Chat`);
    // other pieces split at `_` too. Digits glued by `_` to a size inside a longer piece
    // (`qwen_1_8b`, `llama_2_7b`) read two ways - 1.8B or 8B, a version 2 and 7B - so no
    // size is read from them: a fragment (`8b`) would size a model four times too large.
    let mut parts: Vec<&str> = Vec::new();
    for piece in name.split(['-', ':', ' ']) {
        if is_decimal_size(piece) {
            parts.push(piece);
            continue;
        }
        let sub: Vec<&str> = piece.split('_').collect();
        let glued = sub.windows(2).any(|w| {
            !w[0].is_empty()
                && w[0].chars().all(|c| c.is_ascii_digit())
                && w[1].starts_with(|c: char| c.is_ascii_digit())
                && w[1].ends_with('b')
        });
        if glued {
            return None;
        }
        parts.extend(sub);
    }
    let at = parts
        .iter()
        .position(|p| p.ends_with('b') && size_word(p).is_some_and(|s| s.plausible()))?;
    if parts[at + 1..]
        .iter()
        .any(|p| p.ends_with('b') && !p.starts_with('a') && size_word(p).is_some())
    {
        return None;
    }
    let total = size_word(parts[at])?;
    let active = parts
        .get(at + 1)
        .filter(|p| p.starts_with('a'))
        .and_then(|p| size_word(&p[1..]));
    let size = match (total.active_b, active) {
        (None, Some(a)) => NameSize {
            total_b: total.total_b,
            active_b: Some(a.total_b),
        },
        _ => total,
    };
    Some((parts[..at].join("-"), size))
}

/// `1_8b`, `0_5b`: digits, one underscore, digits, `b` - a size with its decimal point
/// written as `_`.
fn is_decimal_size(piece: &str) -> bool {
    let Some((int, frac)) = piece.split_once('_') else {
        return false;
    };
    let digits = |s: &str| !s.is_empty() && s.chars().all(|c| c.is_ascii_digit());
    digits(int) && frac.strip_suffix('b').is_some_and(digits)
}

/// A family's letters glued to a size (`qwen7b`, `llama70b`, `mistral7b`: how people type
/// them) written apart (`qwen-7b`), for the catalog's family-and-size search only: a run of
/// letters then a size, so `qwen2.5` or `glm4` keep their version, and a family the catalog
/// does not hold finds nothing (`qwen38b` is no Qwen of 38B, and never sized as a bare 38B).
pub fn unglued(word: &str) -> Option<String> {
    let w = word.trim().to_lowercase();
    let i = w.find(|c: char| c.is_ascii_digit())?;
    let ok = i > 1
        && w[..i].chars().all(|c| c.is_ascii_lowercase())
        && size_word(&w[i..]).is_some_and(|s| s.active_b.is_none());
    ok.then(|| format!("{}-{}", &w[..i], &w[i..]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_split_into_family_words_and_size() {
        let split = |w: &str| split_at_size(w).map(|(f, s)| (f, s.total_b, s.active_b));
        assert_eq!(
            split("deepseek-671b-a37b"),
            Some(("deepseek".into(), 671.0, Some(37.0)))
        );
        assert_eq!(
            split("Meta-Llama-3.1-70B-Instruct"),
            Some(("meta-llama-3.1".into(), 70.0, None))
        );
        assert_eq!(
            split("org/Bar-30B-A3B-GGUF"),
            Some(("bar".into(), 30.0, Some(3.0)))
        );
        assert_eq!(split("70b"), Some((String::new(), 70.0, None)));
        // Letters glued to a size are written apart for the family search; a version stays.
        assert_eq!(split("qwen7b"), None);
        assert_eq!(unglued("qwen7b").as_deref(), Some("qwen-7b"));
        assert_eq!(unglued("Llama70B").as_deref(), Some("llama-70b"));
        assert_eq!(unglued("glm4-9b"), None);
        assert_eq!(unglued("qwen2.5"), None);
        assert_eq!(unglued("a100"), None);
        assert_eq!(unglued("7b"), None);
        assert_eq!(split("qwen2.5-7b-vs-14b"), None);
        assert_eq!(split("model-v2"), None);
        assert_eq!(size_word("37b-a671b").map(|s| s.plausible()), Some(false));
        assert_eq!(size_word("671ba37b").map(|s| s.active_b), Some(Some(37.0)));
    }
}
