//! A model's size said in words beside its parameters (`a 13 billion parameter model`, `an 8
//! billion param model`, `7B参数的模型`, `13b 参数量`): the bare size `/fit 13b` takes. Left as
//! said, `billion` stood apart from its number and `参数` asked for a card's specs.

use crate::catalog::Catalog;

/// `13`, `1.5`: a number as written.
fn number(w: &str) -> bool {
    !w.is_empty()
        && w.bytes().all(|b| b.is_ascii_digit() || b == b'.')
        && w.bytes().next().is_some_and(|b| b.is_ascii_digit())
}

/// `13b`, `1.5b`: a size in billions.
fn size(w: &str) -> bool {
    w.strip_suffix('b').is_some_and(number)
}

/// The text with each size said beside its parameters written as the size alone.
pub(super) fn plain(_: &Catalog, text: &str) -> String {
    zh_params(&en_params(text))
}

/// `13 billion parameter(s)`, `13b params`: `13b`.
fn en_params(text: &str) -> String {
    if !text.contains("param") {
        return text.to_string();
    }
    let words: Vec<&str> = text.split(' ').collect();
    let param = |k: usize| words.get(k).is_some_and(|w| w.starts_with("param"));
    let mut out: Vec<String> = Vec::with_capacity(words.len());
    let mut k = 0;
    while k < words.len() {
        let w = words[k];
        if number(w) && words.get(k + 1) == Some(&"billion") && param(k + 2) {
            out.push(format!("{w}b"));
            k += 3;
        } else if size(w) && param(k + 1) {
            out.push(w.to_string());
            k += 2;
        } else {
            out.push(w.to_string());
            k += 1;
        }
    }
    out.join(" ")
}

/// `7b参数`, `13b 参数量`: the size, its `参数` taken out (no card's specs asked).
fn zh_params(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find("参数") {
        let before = &rest[..at];
        let last = before.trim_end().rsplit(' ').next().unwrap_or("");
        // The size's own letters only (`模型7b参数` too): what ends the text before 参数.
        let tail: String = last
            .chars()
            .rev()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '.')
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .collect();
        let mut skip = "参数".len();
        let yi = yi_size(before.trim_end());
        if size(&tail) || yi.is_some() {
            if rest[at + skip..].starts_with('量') {
                skip += '量'.len_utf8();
            }
            match yi {
                Some((kept, b)) => {
                    out.push_str(kept);
                    out.push_str(&b);
                }
                None => out.push_str(before.trim_end()),
            }
            out.push(' ');
        } else {
            out.push_str(&rest[..at + skip]);
        }
        rest = &rest[at + skip..];
    }
    out.push_str(rest);
    out
}

/// `…70亿` (7 billion, 亿 is 10^8) at the end of `before`: the text before the number and the
/// size in billions (`7b`).
fn yi_size(before: &str) -> Option<(&str, String)> {
    let digits = before.strip_suffix('亿')?.trim_end();
    let start = digits
        .char_indices()
        .rev()
        .take_while(|(_, c)| c.is_ascii_digit() || *c == '.')
        .last()
        .map(|(i, _)| i)?;
    let n: f64 = digits[start..].parse().ok()?;
    let b = n / 10.0;
    (n > 0.0).then(|| (&digits[..start], format!("{b}b")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_beside_their_parameters() {
        assert_eq!(en_params("a 13 billion parameter model"), "a 13b model");
        assert_eq!(en_params("an 8b params model"), "an 8b model");
        assert_eq!(en_params("1.5 billion parameters on a t4"), "1.5b on a t4");
        assert_eq!(zh_params("7b参数的模型"), "7b 的模型");
        assert_eq!(zh_params("13b 参数量 lora"), "13b  lora");
        // 亿 is 10^8: 70亿 is 7 billion, 15亿 1.5.
        assert_eq!(zh_params("70亿参数的模型"), "7b 的模型");
        assert_eq!(zh_params("跑 70 亿参数"), "跑 7b ");
        assert_eq!(zh_params("一个15亿参数量的"), "一个1.5b 的");
        // A card's specs keep their word.
        assert_eq!(zh_params("l20 参数"), "l20 参数");
        assert_eq!(
            en_params("what are the parameters of the l40s"),
            "what are the parameters of the l40s"
        );
    }
}
