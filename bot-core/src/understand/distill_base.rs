//! A distill named by its base model (`r1蒸馏的qwen 14b`, `deepseek r1 distilled llama 70b`,
//! `r1 的 qwen 1.5b 蒸馏版`, `qwen 32b distilled from r1`): the catalog's distill of that base and
//! size, written by its id before any pass reads `r1` (the 671B teacher) or the base (Qwen2.5)
//! as the model. With the base and no size (`r1 distilled into qwen`), or a size the catalog has
//! no distill of, the words are left as `deepseek r1 distill <base>`, whose distills the family
//! rule asks back; nothing is guessed.

use crate::catalog::Catalog;
use crate::lexicon;

/// The teacher, as people write it.
const TEACHER: &[&str] = &["r1", "deepseek-r1", "ds-r1", "dsr1", "deepseek", "ds"];
/// Distill, in English (`蒸馏` is written `distill` by `weighed::distill` before this pass).
const DISTILL: &[&str] = &[
    "distill",
    "distilled",
    "distillation",
    "distil",
    "distilled-",
];
/// The bases the catalog has distills on.
const BASES: &[&str] = &["qwen", "llama"];
/// Words that may stand between the names (`的`, `of`, `版`).
const FILLERS: &[&str] = &[
    "的", "of", "into", "onto", "from", "版", "版本", "version", "model", "模型", "based",
];

/// A word of the text and where it starts and ends.
struct Word<'a> {
    at: usize,
    end: usize,
    w: &'a str,
}

/// What a word is, in a distill's name.
#[derive(Clone, Copy, PartialEq)]
enum Part {
    Teacher,
    Distill,
    Base(&'static str),
    Size,
    Filler,
}

/// `t` with each distill named by its base written as the catalog names it.
pub(super) fn plain(catalog: &Catalog, t: &str) -> String {
    if !DISTILL.iter().any(|d| t.contains(d)) {
        return t.to_string();
    }
    let words = words(t);
    let mut out = String::with_capacity(t.len());
    let mut copied = 0;
    let mut s = 0;
    while s < words.len() {
        let Some((name, next)) = name_from(catalog, &words, s) else {
            s += 1;
            continue;
        };
        out.push_str(&t[copied..words[s].at]);
        out.push_str(&name);
        copied = words[next - 1].end;
        s = next;
    }
    out.push_str(&t[copied..]);
    out
}

/// The distill named by the words from `s` on, and the index of the first word after them.
fn name_from(catalog: &Catalog, words: &[Word], s: usize) -> Option<(String, usize)> {
    let first = part(&words[s], None, None)?;
    if !matches!(first, Part::Teacher | Part::Base(_)) {
        return None;
    }
    let mut parts = vec![first];
    let mut j = s + 1;
    while let Some(w) = words.get(j) {
        match part(w, parts.last().copied(), words.get(j + 1)) {
            Some(p) => parts.push(p),
            None => break,
        }
        j += 1;
    }
    // No filler ends the name (`版` does: `蒸馏版`).
    while j > s + 1 && parts.last() == Some(&Part::Filler) && !words[j - 1].w.starts_with('版') {
        parts.pop();
        j -= 1;
    }
    let bases: Vec<&str> = parts
        .iter()
        .filter_map(|p| match p {
            Part::Base(b) => Some(*b),
            _ => None,
        })
        .collect();
    let [base] = bases.as_slice() else {
        return None;
    };
    // `r1 distill qwen or llama`: two bases weighed, for the family rule to ask.
    let other_base = words[j..]
        .iter()
        .take(2)
        .any(|w| matches!(part(w, None, None), Some(Part::Base(b)) if b != *base));
    if other_base {
        return None;
    }
    if !parts.contains(&Part::Teacher) || !parts.contains(&Part::Distill) {
        return None;
    }
    let size = parts
        .iter()
        .position(|p| *p == Part::Size)
        .map(|k| words[s + k].w);
    let id = size.map(|size| format!("deepseek-r1-distill-{base}-{size}"));
    let name = match id.filter(|id| catalog.find_model(id).is_some_and(|m| m.id == *id)) {
        Some(id) => id,
        None => format!("deepseek r1 distill {base}"),
    };
    Some((name, j))
}

/// What `w` is in a distill's name (a size only right after or right before its base, `next`),
/// or `None`.
fn part(w: &Word, last: Option<Part>, next: Option<&Word>) -> Option<Part> {
    let word = w.w;
    if TEACHER.contains(&word) {
        return Some(Part::Teacher);
    }
    if DISTILL.contains(&word) {
        return Some(Part::Distill);
    }
    if FILLERS.contains(&word) {
        return Some(Part::Filler);
    }
    if let Some(b) = BASES.iter().find(|b| {
        word.strip_prefix(**b).is_some_and(|v| {
            v.chars()
                .all(|c| c.is_ascii_digit() || matches!(c, '.' | '-'))
        })
    }) {
        return Some(Part::Base(b));
    }
    let beside_base = matches!(last, Some(Part::Base(_)))
        || next.is_some_and(|n| matches!(part(n, None, None), Some(Part::Base(_))));
    let sized = beside_base && word.ends_with('b');
    (sized && matches!(lexicon::params_b(word), Some(Ok(_)))).then_some(Part::Size)
}

/// The words of `t`: runs of Latin letters, digits and `.-_`, and runs of other letters.
fn words(t: &str) -> Vec<Word<'_>> {
    let mut out = Vec::new();
    let mut start: Option<(usize, bool)> = None;
    for (i, c) in t.char_indices().chain(std::iter::once((t.len(), ' '))) {
        let latin = c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_');
        let other = !c.is_ascii() && c.is_alphanumeric();
        let class = (latin || other).then_some(latin);
        match (start, class) {
            (Some((_, was)), Some(now)) if was == now => {}
            (Some((at, _)), now) => {
                out.push(Word {
                    at,
                    end: i,
                    w: &t[at..i],
                });
                start = now.map(|l| (i, l));
            }
            (None, now) => start = now.map(|l| (i, l)),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_distill_named_by_its_base_is_its_id() {
        let c = Catalog::embedded().unwrap();
        assert_eq!(
            plain(&c, "r1 distill 的qwen 14b 3060能跑吗"),
            "deepseek-r1-distill-qwen-14b 3060能跑吗"
        );
        assert_eq!(
            plain(&c, "deepseek r1 distilled llama 70b on 2 h100s"),
            "deepseek-r1-distill-llama-70b on 2 h100s"
        );
        assert_eq!(
            plain(&c, "r1 的 qwen 1.5b distill 版 要多少显存"),
            "deepseek-r1-distill-qwen-1.5b 要多少显存"
        );
        assert_eq!(
            plain(&c, "r1 distilled 8b llama on 3060"),
            "deepseek-r1-distill-llama-8b on 3060"
        );
        assert_eq!(
            plain(&c, "qwen 32b distilled from r1 on a 4090"),
            "deepseek-r1-distill-qwen-32b on a 4090"
        );
        // The base and no size: the words the family rule asks back.
        assert_eq!(
            plain(&c, "r1 distilled into qwen  3090 ok"),
            "deepseek r1 distill qwen  3090 ok"
        );
    }

    #[test]
    fn words_that_name_no_distill_by_its_base_stay() {
        let c = Catalog::embedded().unwrap();
        for t in [
            "deepseek r1 on 8 h100s",
            "r1 distill 14b",
            "deepseek-r1-distill-qwen-14b 4090",
            "r1 distill qwen or llama",
            "qwen 14b 4090",
        ] {
            assert_eq!(plain(&c, t), t);
        }
    }
}
