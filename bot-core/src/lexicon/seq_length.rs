//! A sequence length said in words before its number (`长度4096`, `max length 2048`,
//! `seq len 8k`, `cutoff_len 4096`, `max_len=40960`): the job's context, never a card. Keys
//! are matched with `_` and `-` read as spaces, so a flag spelling and its spoken form are one
//! word; a number with a unit of time or money after it (`长度 300秒`) is no length.
//! A bare number in a token count's form (a multiple of 512 from 1024: `4096`, `3072`) is never
//! a misspelt card: card model numbers are decimal (`4090`, `3070`), and none is such a
//! multiple.

/// Words before a sequence length, longest first so `max seq length` is not read as `seq length`
/// of a shorter key at a later place.
const LENGTH_WORDS: &[&str] = &[
    "model max length",
    "max sequence length",
    "max seq length",
    "max seq len",
    "sequence length",
    "sequence len",
    "context length",
    "max length",
    "max len",
    "seq length",
    "seq len",
    "cutoff len",
    "seqlen",
    "上下文长度",
    "最大序列长度",
    "序列长度",
    "最大长度",
    "训练长度",
    "截断长度",
    "序列长",
    "长度",
];

/// Units after a number that make it something else than tokens.
const NOT_TOKENS_AFTER: &[char] = &[
    '秒', '分', '小', '天', '时', '块', '元', '张', '卡', '个', '台', '帧', '$', '¥',
];

/// `text` with `_` and `-` as spaces, lowercased: the form keys are matched in.
fn spaced(text: &str) -> String {
    text.to_lowercase().replace(['_', '-'], " ")
}

/// The number of tokens said right after a length word: `长度4096`, `max length 2048`,
/// `seq len 16k` (k = 1024), `cutoff_len: 4096`. Within 256 tokens and 1M; `None` when no length
/// word is followed by a number of tokens.
pub fn length_said(text: &str) -> Option<u32> {
    let s = spaced(text);
    LENGTH_WORDS.iter().find_map(|w| {
        s.match_indices(w)
            .filter(|(at, _)| word_starts(&s, *at))
            .find_map(|(at, _)| tokens_at(&s[at + w.len()..]))
    })
}

/// Whether a key found at `at` starts a word (`max len`, not `somax len`).
fn word_starts(s: &str, at: usize) -> bool {
    !s[..at].ends_with(|c: char| c.is_ascii_alphanumeric())
}

/// The token count at the head of `rest`, after `=`, `:`, `of`, `是`/`为`.
fn tokens_at(rest: &str) -> Option<u32> {
    let rest = rest.trim_start_matches([' ', '=', ':', '：', '是', '为', '设']);
    let rest = rest.strip_prefix("of ").unwrap_or(rest).trim_start();
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    let n: u32 = digits.parse().ok()?;
    let after = &rest[digits.len()..];
    let (n, after) = match after.strip_prefix('k') {
        Some(a) => (n.checked_mul(1024)?, a),
        None => (n, after),
    };
    let next = after.chars().next();
    let unit = next
        .is_some_and(|c| c.is_ascii_alphanumeric() || c == '.' || NOT_TOKENS_AFTER.contains(&c));
    let tokens_word = after.starts_with("token") || after.starts_with("tok");
    ((!unit || tokens_word) && (256..=1_048_576).contains(&n)).then_some(n)
}

/// Whether a bare number is written as a token count (`4096`, `2048`, `3072`, `8192`): a
/// multiple of 512 from 1024, never a card's model number misspelt.
pub fn token_count_form(t: &str) -> bool {
    t.bytes().all(|b| b.is_ascii_digit())
        && t.parse::<u32>().is_ok_and(|n| n >= 1024 && n % 512 == 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lengths_said_in_words() {
        for (t, n) in [
            ("显存24g lora 长度4096 会oom吗", Some(4096)),
            ("4090d lora qwen3 8b max length 2048", Some(2048)),
            ("max_len=40960 qwen3 4b", Some(40960)),
            ("cutoff_len: 4096", Some(4096)),
            ("seq len 16k on a100", Some(16384)),
            ("max length of 1024 tokens", Some(1024)),
            ("视频长度 300秒", None),
            ("max len 2h", None),
            ("长度 12", None),
            ("somax len 4096", None),
        ] {
            assert_eq!(length_said(t), n, "{t}");
        }
        assert!(token_count_form("4096"));
        assert!(token_count_form("3072"));
        assert!(!token_count_form("4090"));
        assert!(!token_count_form("4009"));
        assert!(!token_count_form("512"));
    }
}
