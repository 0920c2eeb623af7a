//! An Ollama tag that carries its quantization (issue 26 §4, helper und_ec): in
//! `qwen2.5:14b-instruct-q4_K_M` the size names the model and the last part the format (GGUF
//! Q4_K_M), so the tag is written as the model and the format apart (`qwen2.5:14b q4_k_m`),
//! each read by its own reader and the format kept for its step. A part is a format where the
//! lexicon's one table of formats ([`super::QUANT_WORDS`]) knows it.

/// The tag's format part, as the table writes it, where `part` is one.
fn format_part(part: &str) -> Option<String> {
    let squashed: String = part
        .to_lowercase()
        .chars()
        .filter(|c| !matches!(c, '_' | '.'))
        .collect();
    super::QUANT_WORDS
        .iter()
        .any(|(w, _)| *w == squashed)
        .then(|| part.to_lowercase())
}

/// The text with each Ollama tag's format written apart from its model (`name:size format`);
/// `None` where no tag carries one.
pub fn tag_quant_apart(text: &str) -> Option<String> {
    let mut changed = false;
    let words: Vec<String> = text
        .split(' ')
        .map(|w| {
            let Some((name, tag)) = w.split_once(':') else {
                return w.to_string();
            };
            let parts: Vec<&str> = tag.split('-').collect();
            // The tag's first part a size (`14b`): a clock (`9:30-q4`) is no tag.
            let sized = parts[0]
                .to_lowercase()
                .strip_suffix('b')
                .is_some_and(|n| n.parse::<f64>().is_ok());
            if !sized {
                return w.to_string();
            }
            let Some(q) = parts.iter().skip(1).rev().find_map(|p| format_part(p)) else {
                return w.to_string();
            };
            changed = true;
            format!("{name}:{} {q}", parts[0])
        })
        .collect();
    changed.then(|| words.join(" "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tags_format_apart() {
        assert_eq!(
            tag_quant_apart("qwen2.5:14b-instruct-q4_K_M").as_deref(),
            Some("qwen2.5:14b q4_k_m")
        );
        assert_eq!(
            tag_quant_apart("ollama run llama3.1:8b-instruct-q8_0 please").as_deref(),
            Some("ollama run llama3.1:8b q8_0 please")
        );
        assert_eq!(
            tag_quant_apart("qwen2.5:7b-instruct-fp16").as_deref(),
            Some("qwen2.5:7b fp16")
        );
        // No format in the tag, or no tag: unchanged.
        assert_eq!(tag_quant_apart("qwen2.5:14b-instruct"), None);
        assert_eq!(tag_quant_apart("qwen2.5:14b"), None);
        assert_eq!(tag_quant_apart("q4_k_m"), None);
        assert_eq!(tag_quant_apart("at 9:30-q4"), None);
    }
}
