//! A model said twice, first by a vague name and then exactly (`用comfyui跑wan2.1做视频…wan2.1
//! 1.3b那个小模型`): the exact one. The vague name (`wan2.1`, the 14B's alias) came first and
//! won, and the 14B was sized for a question about the 1.3B.

/// The size a catalog id ends with (`wan2.1-t2v-1.3b` → `1.3b`), if any.
fn size_of(id: &str) -> Option<&str> {
    let last = id.rsplit('-').next()?;
    (last.ends_with('b') && last.starts_with(|c: char| c.is_ascii_digit())).then_some(last)
}

/// The family an id's size belongs to (`wan2.1-t2v-1.3b` → `wan2.1-t2v`).
fn family_of(id: &str) -> &str {
    id.rsplit_once('-').map_or(id, |(f, _)| f)
}

/// `models` without one of a family whose size the text never says, when another of the same
/// family has its size said.
pub(super) fn exact_kept(padded: &str, models: &mut Vec<String>) {
    if models.len() < 2 {
        return;
    }
    let said = |id: &str| size_of(id).is_some_and(|s| padded.contains(s));
    let vague: Vec<String> = models
        .iter()
        .filter(|m| {
            !said(m)
                && models
                    .iter()
                    .any(|o| o != *m && family_of(o) == family_of(m) && said(o))
        })
        .cloned()
        .collect();
    models.retain(|m| !vague.contains(m));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_exact_model_wins_over_its_vague_name() {
        let mut ms = vec!["wan2.1-t2v-14b".to_string(), "wan2.1-t2v-1.3b".to_string()];
        exact_kept(" 跑wan2.1做视频 wan2.1 1.3b那个小模型 ", &mut ms);
        assert_eq!(ms, ["wan2.1-t2v-1.3b"]);
        // Two sizes said are both kept (asked or weighed elsewhere).
        let mut ms = vec!["qwen2.5-7b".to_string(), "qwen2.5-14b".to_string()];
        exact_kept(" qwen2.5-7b 和 qwen2.5-14b ", &mut ms);
        assert_eq!(ms.len(), 2);
    }
}
