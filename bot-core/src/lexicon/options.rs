//! The one argument grammar every command shares: words, and `key=value` options (`boot=3m`,
//! `ctx=32k`, `price=¥2`; also `key:value`, and full-width `＝`/`：`). What each key means is
//! the command's business; how an option is written is decided here once.

/// `key=value` (or `key:value` with an alphabetic key) → (lower-case key, value); `None` for a
/// plain word (a `¥2/h` price or a `qwen2.5:7b` tag is a word, not an option).
pub fn option(token: &str) -> Option<(String, String)> {
    let tok = token.replace('＝', "=").replace('：', ":");
    let (k, v) = tok.split_once('=').or_else(|| {
        tok.split_once(':')
            .filter(|(k, _)| k.chars().all(|c| c.is_alphabetic() || c == '_'))
    })?;
    (!k.is_empty()).then(|| (k.to_lowercase(), v.to_string()))
}

/// English words people put between a typed command's parts (`/fit qwen3-8b lora on h100`,
/// `… with a 4090`, `… in bf16`): they join, they name nothing, so a command reading words
/// one by one passes over them instead of answering "I don't know a GPU called \"on\"".
pub fn connective(word: &str) -> bool {
    const CONNECTIVES: &[&str] = &["on", "with", "in", "using", "at", "a", "an", "the"];
    CONNECTIVES.iter().any(|c| word.eq_ignore_ascii_case(c))
}

/// A count of pixels as people write an image processor's `max_pixels`: a number
/// (`1048576`), a product of factors as Qwen's README writes them (`1024*1024`,
/// `1280*28*28`, `1024x1024`, `1024×1024`), or `NM` / `Nmp` megapixels (`1m`, `1.5mp`: 10^6).
/// `None` for anything else, zero, or more than 2^32 pixels.
pub fn pixels(v: &str) -> Option<u64> {
    let v = v.trim().to_lowercase();
    let mega = v.strip_suffix("mp").or_else(|| v.strip_suffix('m'));
    let n = match mega {
        Some(m) => {
            let f: f64 = m.parse().ok()?;
            (f.is_finite() && f > 0.0).then(|| (f * 1e6).round() as u64)?
        }
        None => v
            .split(['*', 'x', '×'])
            .map(|f| f.trim().parse::<u64>().ok())
            .try_fold(1u64, |acc, f| acc.checked_mul(f?))?,
    };
    (1..=1u64 << 32).contains(&n).then_some(n)
}

/// Splits an argument line into its words and its options, each in the order typed.
pub fn split_options(args: &str) -> (Vec<String>, Vec<(String, String)>) {
    let mut words = Vec::new();
    let mut opts = Vec::new();
    for tok in args.split_whitespace() {
        match option(tok) {
            Some(kv) => opts.push(kv),
            None => words.push(tok.replace('＝', "=").replace('：', ":")),
        }
    }
    (words, opts)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_are_written_one_way_for_every_command() {
        assert_eq!(option("boot=3m"), Some(("boot".into(), "3m".into())));
        assert_eq!(option("CTX＝32k"), Some(("ctx".into(), "32k".into())));
        assert_eq!(option("启动：3分钟"), Some(("启动".into(), "3分钟".into())));
        assert_eq!(option("¥2/h"), None);
        assert_eq!(option("qwen2.5:7b"), None);
        assert_eq!(option("=3"), None);
        let (words, opts) = split_options("runpod 4090 3h boot=3m pull:2m");
        assert_eq!(words, ["runpod", "4090", "3h"]);
        assert_eq!(opts.len(), 2);
    }
}
