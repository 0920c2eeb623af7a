//! A model's name spelled in words (`mistral small 3.2`, `mistral small 3.1`): joined into
//! the catalog name it spells (`mistral-small-3.2`), so the version said picks the model. Read
//! word by word, the family alone matched and every Mistral was asked back, though the
//! sentence had settled which.

use crate::catalog::Catalog;

/// A family or variant word: letters only (`mistral`, `small`).
fn letters(w: &str) -> bool {
    !w.is_empty() && w.bytes().all(|b| b.is_ascii_alphabetic())
}

/// A version (`3.2`): digits with a dot. A size (`24b`) is not one: `mistral small 24b` is
/// three models, asked back.
fn version(w: &str) -> bool {
    w.starts_with(|c: char| c.is_ascii_digit())
        && w.contains('.')
        && w.bytes().all(|b| b.is_ascii_digit() || b == b'.')
}

/// `norm` with each run `family variant version` that is exactly a catalog model's name
/// joined by hyphens. A run that names no model is left as said.
pub(super) fn joined(catalog: &Catalog, norm: &str) -> String {
    let words: Vec<&str> = norm.split(' ').collect();
    if words.len() < 3 {
        return norm.to_string();
    }
    let mut out: Vec<String> = Vec::with_capacity(words.len());
    let mut i = 0;
    'words: while i < words.len() {
        // A longer name said word by word (`r1 distill llama 70b`, `glm4 9b chat 1m`): the
        // longest run that is a catalog name or alias, joined. After a hyphenated prefix
        // (`deepseek-r1-distill qwen 14b`, `qwen2.5-coder 32b`) two or three words are a name
        // too: the prefix alone had matched the family, and its six distills were asked back.
        let shortest = if words[i].contains('-') { 2 } else { 4 };
        for n in (shortest..=5).rev() {
            // Plain words only: an org path (`qwen/…`) would match by its last part alone,
            // and a card is never part of a model's name.
            let plain =
                |w: &&str| !w.is_empty() && !w.contains('/') && catalog.find_gpu(w).is_none();
            if i + n <= words.len() && words[i..i + n].iter().all(plain) {
                let name = words[i..i + n].join("-");
                if catalog.model_by_name(&name).is_some() {
                    out.push(name);
                    i += n;
                    continue 'words;
                }
            }
        }
        if i + 2 < words.len()
            && letters(words[i])
            && letters(words[i + 1])
            && version(words[i + 2])
        {
            let name = format!("{}-{}-{}", words[i], words[i + 1], words[i + 2]);
            if catalog.model_by_name(&name).is_some() {
                out.push(name);
                i += 3;
                continue;
            }
        }
        // `exaone 7.8b`: a name the reader knows no family word of, and a size with a
        // point, that spell one catalog name (und_ee: the size alone was fitted).
        if let Some(name) = name_and_size(catalog, &words[i..]) {
            out.push(name);
            i += 2;
            continue;
        }
        out.push(words[i].to_string());
        i += 1;
    }
    out.join(" ")
}

/// A word the family reader lacks and a size with a decimal point after it (`exaone 7.8b`),
/// joined where the two are exactly a model's name.
fn name_and_size(catalog: &Catalog, words: &[&str]) -> Option<String> {
    let [w, size, ..] = words else { return None };
    let decimal_size = size.contains('.') && super::family_after::size_at(size) == Some(size.len());
    (letters(w) && decimal_size && super::family_after::family_at(w).is_none())
        .then(|| format!("{w}-{size}"))
        .filter(|name| catalog.model_by_name(name).is_some())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_spelled_in_words_is_joined() {
        let c = Catalog::embedded().unwrap();
        assert_eq!(
            joined(&c, "run mistral small 3.2 at 4bit"),
            "run mistral-small-3.2 at 4bit"
        );
        // Words that spell no model stay apart.
        assert_eq!(joined(&c, "rent cheap gpu 4090"), "rent cheap gpu 4090");
        assert_eq!(joined(&c, "mistral"), "mistral");
        assert_eq!(joined(&c, "mistral small 24b"), "mistral small 24b");
        // Four and five words, a distill said without its family.
        assert_eq!(
            joined(&c, "r1 distill llama 70b int4 on 2x a6000"),
            // The run joined with the format its name states (`-int4`, read by
            // `vram::name_format` since mem_dp): the model and its quantization both kept.
            "r1-distill-llama-70b-int4 on 2x a6000"
        );
        assert_eq!(
            joined(&c, "deepseek r1 distill qwen 32b 4090"),
            "deepseek-r1-distill-qwen-32b 4090"
        );
        // A hyphenated prefix with the rest of the name spaced.
        assert_eq!(
            joined(&c, "deepseek-r1-distill qwen 14b on a 4080"),
            "deepseek-r1-distill-qwen-14b on a 4080"
        );
        assert_eq!(
            joined(&c, "deepseek-r1-distill llama 8b 3080"),
            "deepseek-r1-distill-llama-8b 3080"
        );
        assert_eq!(joined(&c, "qwen2.5-7b int4 4090"), "qwen2.5-7b-int4 4090");
        assert_eq!(joined(&c, "跑 exaone 7.8b 吗"), "跑 exaone-7.8b 吗");
        // A card and an org path are never swallowed into a name.
        assert_eq!(
            joined(&c, "can a h100 sxm run qwen/qwen2.5-7b-instruct"),
            "can a h100 sxm run qwen/qwen2.5-7b-instruct"
        );
    }
}
