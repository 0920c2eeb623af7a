//! One way to compare words written with or without separators, shared by the word tables.

/// Lower-case, without `-`, `_`, spaces or dots: `Q4_K_M`, `q4-k-m` and `q4km` are one word.
pub(super) fn squash(s: &str) -> String {
    s.trim()
        .to_lowercase()
        .chars()
        .filter(|c| !matches!(c, '-' | '_' | ' ' | '.'))
        .collect()
}
