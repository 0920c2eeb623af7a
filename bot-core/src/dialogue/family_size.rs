//! A family and a size with no version at the model step (`通义千问14b`, `千问7b`, `qwen 14b`,
//! `llama8b`): the step's own option of that family and size, where exactly one of the options
//! it offers (its buttons and its "not sure" size list) is one. The person sees those options
//! while typing, so that one is meant; it had been sized as a bare 14B. A version said between
//! (`qwen3 14b`, which the catalog matcher reads when it knows it) is never read here, and two
//! options of one family and size are no answer of this kind.

use super::state::TaskKind;

/// The step's option of the family and size said in `value`, its catalog id.
pub(super) fn step_option(task: Option<TaskKind>, value: &str) -> Option<&'static str> {
    let l = value.trim().to_lowercase();
    // A Chinese brand name in its Latin family (`通义千问` → `qwen`).
    let l = crate::catalog::BRAND_WORDS
        .iter()
        .find_map(|(zh, latin)| {
            l.find(zh)
                .map(|at| format!("{}{latin}{}", &l[..at], &l[at + zh.len()..]))
        })
        .unwrap_or(l);
    let (family, size) = family_then_size(&l)?;
    let mut options = super::ask::default_models(task)
        .iter()
        .chain(super::ask::BY_SIZE)
        .copied()
        .filter(|id| id.starts_with(family) && id_size(id) == Some(size))
        .collect::<Vec<_>>();
    options.dedup();
    options.sort_unstable();
    options.dedup();
    (options.len() == 1).then(|| options[0])
}

/// The family word and the size right after it (`qwen14b`, `qwen 14b`, `llama-8b`), nothing
/// else around them but a closing particle or `instruct`.
fn family_then_size(l: &str) -> Option<(&'static str, f64)> {
    let words = [
        "的", "吧", "那个", "模型", "instruct", "model", "就行", "就好", "用",
    ];
    let mut core = l.trim();
    for _ in 0..3 {
        for w in words {
            core = core.strip_suffix(w).unwrap_or(core).trim();
            core = core.strip_prefix(w).unwrap_or(core).trim();
        }
    }
    let family = crate::lexicon::MODEL_FAMILIES
        .iter()
        .find(|f| core.starts_with(**f))?;
    let rest = core[family.len()..].trim_start_matches([' ', '-', '_']);
    let b = rest.strip_suffix('b')?;
    if b.is_empty() || !b.chars().all(|c| c.is_ascii_digit() || c == '.') {
        return None;
    }
    Some((family, b.parse().ok()?))
}

/// The size a catalog id ends with (`qwen2.5-14b` → 14).
fn id_size(id: &str) -> Option<f64> {
    id.rsplit('-').next()?.strip_suffix('b')?.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_family_and_size_is_the_steps_option() {
        let ft = Some(TaskKind::FineTune);
        assert_eq!(step_option(None, "通义千问14b"), Some("qwen2.5-14b"));
        assert_eq!(step_option(None, "千问7b"), Some("qwen2.5-7b"));
        assert_eq!(step_option(ft, "qwen 14b"), Some("qwen2.5-14b"));
        assert_eq!(step_option(None, "llama8b"), Some("llama-3.1-8b"));
        assert_eq!(step_option(None, "llama 70b"), Some("llama-3.3-70b"));
        // A version said, a size no option has, two options, no family: none.
        assert_eq!(step_option(None, "qwen3 14b"), None);
        assert_eq!(step_option(None, "qwen 8b"), Some("qwen3-8b"));
        assert_eq!(step_option(ft, "qwen 8b"), None);
        assert_eq!(step_option(None, "qwen 3b"), None);
        assert_eq!(step_option(None, "14b"), None);
        assert_eq!(step_option(None, "mistral 7b"), None);
    }
}
