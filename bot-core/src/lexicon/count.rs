//! Counts as people type them: token volumes (`20m`, `1.5k`, `2万`), context windows (`32k`),
//! card counts (`2x`, `×2`, `2张`, `2 cards`), model sizes (`13b`, `1.5B`).
//!
//! One meaning for each suffix, per kind of count (see the table in [`super`]).

use crate::catalog::{self, NameSize};
use crate::vram::FitError;

/// Splits `20m` into (`20`, 1e6) by its suffix, with `table` giving each suffix's multiplier.
fn with_suffix<'a>(t: &'a str, table: &[(&str, f64)]) -> (&'a str, f64) {
    for (suffix, mult) in table {
        if let Some(n) = t.strip_suffix(suffix) {
            return (n, *mult);
        }
    }
    (t, 1.0)
}

/// Decimal multipliers for volumes of tokens (APIs price per 1,000,000 tokens).
const VOLUME: &[(&str, f64)] = &[
    ("k", 1e3),
    ("m", 1e6),
    ("b", 1e9),
    ("千", 1e3),
    ("万", 1e4),
    ("亿", 1e8),
];

/// Binary `k`/`m` for context windows: a model's "32K context" is 32,768 tokens in its config
/// (`max_position_embeddings`), so `ctx=32k` reads the way model cards mean it. `万` stays 10⁴.
const WINDOW: &[(&str, f64)] = &[("k", 1024.0), ("m", 1024.0 * 1024.0), ("万", 1e4)];

/// A volume of tokens: `20m` = 20,000,000, `1.5b`, `500k`, `3000万`, `20m/day`, `2,000,000`.
/// `None` for anything that is not a whole, positive count (`0.6` tokens is a typo, most
/// likely a price in the wrong place).
pub fn token_count(s: &str) -> Option<f64> {
    let t = super::money::ungrouped(&s.trim().to_lowercase().replace('_', ""))?;
    let t = t.trim_end_matches("tokens").trim_end_matches("tok");
    // A day glued after the count (`5000万每天`, `20m/day`): the table's words of "each day"
    // said without a space (`每日`, `天天` had been left on the number), and `/d`.
    let t = super::rate_words(super::Period::Day)
        .filter(|w| !w.contains(' '))
        .chain(["/d"])
        .fold(t, |t, w| t.strip_suffix(w).unwrap_or(t));
    let (num, mult) = with_suffix(t, VOLUME);
    let v: f64 = num.trim().parse().ok()?;
    let n = v * mult;
    (n.is_finite() && n >= 1.0 && n.fract() == 0.0).then_some(n)
}

/// Words after a count that make it a data set's size (`100k samples`, `20k条样本`, `50k rows`),
/// never a context window: a fit read at a window nobody asked for is a wrong verdict.
pub const DATA_SET_WORDS: &[&str] = &[
    "sample",
    "example",
    "row",
    "record",
    "item",
    "pair",
    "conversation",
    "dialog",
    "document",
    "doc",
    "instruction",
    "entries",
    "entry",
    "line",
    "image",
    "pic",
    "条",
    "个样本",
    "样本",
    "组",
    "张图",
    "篇",
    "份",
];

/// Whether the word after a count names a data set's items ([`DATA_SET_WORDS`]).
pub fn data_set_word(next: &str) -> bool {
    let n = next.to_lowercase();
    DATA_SET_WORDS.iter().any(|w| n.starts_with(w))
}

/// A context window in tokens: `32k` = 32,768, `128k`, `1m` = 1,048,576, `3.2万` = 32,000,
/// `8192`, `ctx=4k`. Zero is read (the caller decides whether it is allowed).
pub fn context_tokens(s: &str) -> Option<u64> {
    let t = s.trim().to_lowercase().replace(' ', "");
    let t = super::money::ungrouped(t.strip_prefix("ctx=").unwrap_or(&t))?;
    let t = t.as_str();
    let (num, mult) = with_suffix(t, WINDOW);
    let x: f64 = num.parse().ok()?;
    (x.is_finite() && (0.0..1e12).contains(&x)).then(|| (x * mult).round() as u64)
}

/// Words that name a context window beside its count (`8k context`, `上下文 32k`, `4096 tokens`).
pub const WINDOW_WORDS: &[&str] = &[
    "token",
    "上下文",
    "context",
    "ctx",
    "序列",
    "window",
    "窗口",
];

/// Thousands said in words written as a window's `k` (`2 thousand tokens`, `ctx about 4
/// thousand`, `2 k`, `2千`: `2k`), the way the lexicon writes a window, once English number
/// words (`two thousand`) and Chinese numerals (`两千`) are in digits. With `anywhere` (an
/// answer to the context step) every such count; otherwise only beside a window word within
/// three words, so `5 thousand tokens a day` stays a volume only where no window is named
/// nearer than its tokens, and money (`2 thousand rmb`, read first as `2000 rmb`) never one.
pub fn thousands_as_k(s: &str, anywhere: bool) -> String {
    let words: Vec<&str> = s.split(' ').collect();
    let window = |w: &str| {
        WINDOW_WORDS
            .iter()
            .any(|n| w.starts_with(n) || w.ends_with(n))
    };
    let mut out: Vec<String> = Vec::with_capacity(words.len());
    let mut k = 0;
    while k < words.len() {
        let w = words[k];
        let digits = !w.is_empty() && w.bytes().all(|b| b.is_ascii_digit());
        let unit = words.get(k + 1).copied();
        let near = || {
            let lo = k.saturating_sub(3);
            words[lo..k].iter().any(|w| window(w))
                || words[k + 2..(k + 4).min(words.len())]
                    .iter()
                    .take_while(|w| !matches!(**w, "a" | "per" | "each" | "every"))
                    .any(|w| window(w))
        };
        if digits && matches!(unit, Some("thousand" | "k")) && (anywhere || near()) {
            out.push(format!("{w}k"));
            k += 2;
            continue;
        }
        out.push(w.to_string());
        k += 1;
    }
    let out = out.join(" ");
    if anywhere {
        out.replace('千', "k")
    } else {
        out
    }
}

/// Words that want a count of the card already named (`autodl的4090，要八张`): before `N张`
/// said alone, the count is the card's, as `N张卡` is (corpus87).
pub const COUNT_WANTED: &[&str] = &["要", "需要", "来", "整", "租"];

/// Whether `word` is a card's name said in the plural (`a100s`, `4090s`, `h100s`): a count
/// said after it pointing back (`a100s on lambda, 8 of them`) counts those cards.
pub fn card_plural(word: &str) -> bool {
    let Some(stem) = word.strip_suffix('s') else {
        return false;
    };
    stem.ends_with(|c: char| c.is_ascii_digit())
        && stem.chars().all(|c| c.is_ascii_alphanumeric())
        && stem.len() >= 3
}

/// A card count written alone: `2`, `x2`, `×2`, `2x`, `2cards`, `2gpus`, `2张`, `2卡`.
pub fn card_count(word: &str) -> Option<u32> {
    let l = word.to_lowercase();
    let t = l
        .trim_start_matches('x')
        .trim_start_matches('×')
        .trim_end_matches("cards")
        .trim_end_matches("gpus")
        .trim_end_matches('x')
        .trim_end_matches('×')
        .trim_end_matches("张")
        .trim_end_matches("卡");
    t.parse().ok()
}

/// Measure words for cards said after a count (`2 张`, `2块`, `2台`, `2个卡`, `2 cards`, `2 gpus`,
/// `2 x`, `2×`): the number before one counts cards. After a family word (`qwen 2 张 4090`) it is
/// the count, never the family's generation (Qwen2, Llama 2, Gemma 2).
pub const CARD_MEASURES: &[&str] = &[
    "张", "块", "台", "个卡", "卡", "片", "cards", "card", "gpus", "gpu", "x", "×",
];

/// The length of the card measure word at the start of `s` ([`CARD_MEASURES`]), spaces before
/// it included. A Latin one ends at a word's end, save `x` glued to a card (`2x4090`); `块` is
/// money too (`2块钱`), so it counts cards only with a card's name after it.
pub fn card_measure_len(s: &str) -> Option<usize> {
    let t = s.trim_start();
    let lead = s.len() - t.len();
    let m = CARD_MEASURES.iter().find(|m| {
        let Some(rest) = t.get(m.len()..).filter(|_| t.starts_with(**m)) else {
            return false;
        };
        let next = rest.trim_start().chars().next();
        match **m {
            "块" => next.is_some_and(|c| c.is_ascii_alphanumeric()),
            "x" | "×" => {
                rest.starts_with(' ') || rest.starts_with(|c: char| c.is_ascii_alphanumeric())
            }
            w if w.is_ascii() => !rest.starts_with(|c: char| c.is_ascii_alphanumeric()),
            _ => true,
        }
    })?;
    Some(lead + m.len())
}

/// Nouns for one machine of several cards (`8x h100 node`, `2x a6000 boxes`, `8卡的机器`):
/// a count said beside one is the machine's card count.
pub const MACHINE_NOUNS: &[&str] = &[
    "boxes",
    "box",
    "machines",
    "machine",
    "nodes",
    "node",
    "servers",
    "server",
    "rigs",
    "rig",
    "机器",
    "整机",
    "服务器",
    "节点",
];

/// Whether a word is a machine's noun ([`MACHINE_NOUNS`]); a Chinese run holding one counts.
pub fn is_machine_noun(word: &str) -> bool {
    let w = word.trim_matches(|c: char| c.is_ascii_punctuation());
    MACHINE_NOUNS
        .iter()
        .any(|n| if n.is_ascii() { w == *n } else { w.contains(n) })
}

/// Whether a padded lower-case text says a machine's noun ([`MACHINE_NOUNS`]): an English noun
/// as a word of its own (`boxes?` is one, `boxer` none), a Chinese one anywhere.
pub fn machine_said(padded: &str) -> bool {
    MACHINE_NOUNS.iter().any(|n| {
        if !n.is_ascii() {
            return padded.contains(n);
        }
        padded.match_indices(n).any(|(at, _)| {
            !padded[..at].ends_with(|c: char| c.is_ascii_alphanumeric())
                && !padded[at + n.len()..].starts_with(|c: char| c.is_ascii_alphanumeric())
        })
    })
}

/// A card's memory written as one word: `16gb`, `16g`, `16gib`, `24GB` (whole GB, 1 to 4096),
/// the size a card is sold with, which the catalog reads as GiB of memory chips.
pub fn card_memory_gb(word: &str) -> Option<u32> {
    let l = word.to_lowercase();
    let n = l
        .strip_suffix("gib")
        .or_else(|| l.strip_suffix("gb"))
        .or_else(|| l.strip_suffix('g'))?;
    if n.is_empty() || !n.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    n.parse::<u32>().ok().filter(|v| (1..=4096).contains(v))
}

/// A count written before a card (`8x h100`, `8× h100`, `2x4090`): taken out of the words and
/// returned, so `/compare 8x h100 1h` prices eight cards and `/tco … 2x a100 …` serves on two,
/// instead of looking for a GPU called "8x". The caller lets a `cards=` written as well win.
pub fn take_card_prefix(words: &mut Vec<String>) -> Option<u32> {
    let count = |w: &str| {
        let l = w.to_lowercase();
        let digits = l.trim_end_matches(['x', '×']);
        (digits.len() < l.len() && !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()))
            .then(|| digits.parse::<u32>().ok())
            .flatten()
            .filter(|n| *n >= 1)
    };
    let times = |w: &str| w == "x" || w == "X" || w == "×";
    let digits = |w: &str| !w.is_empty() && w.bytes().all(|b| b.is_ascii_digit());
    // `h100 x 8`, `h100 × 8`: the sign and the count written apart, after the name.
    if let Some(i) =
        (1..words.len().saturating_sub(1)).find(|&i| times(&words[i]) && digits(&words[i + 1]))
        && let Ok(n @ 1..) = words[i + 1].parse::<u32>()
    {
        words.drain(i..i + 2);
        return Some(n);
    }
    // `8 x h100`: the count and the sign apart, before the name.
    if let Some(i) =
        (0..words.len().saturating_sub(2)).find(|&i| digits(&words[i]) && times(&words[i + 1]))
        && let Ok(n @ 1..) = words[i].parse::<u32>()
    {
        words.drain(i..i + 2);
        return Some(n);
    }
    // `h100 x8`, `h100 ×8`: the count glued to its sign, after the name.
    if let Some(i) = (1..words.len()).find(|&i| {
        let l = words[i].to_lowercase();
        l.strip_prefix('x')
            .or_else(|| l.strip_prefix('×'))
            .is_some_and(digits)
    }) {
        let n = words[i]
            .trim_start_matches(['x', 'X', '×'])
            .parse::<u32>()
            .ok()
            .filter(|n| *n >= 1);
        if n.is_some() {
            words.remove(i);
            return n;
        }
    }
    // `8x` `h100`: the count alone, with a name after it.
    if let Some(i) = (0..words.len().saturating_sub(1)).find(|&i| count(&words[i]).is_some()) {
        let n = count(&words[i]);
        words.remove(i);
        return n;
    }
    // `2x4090`, `8×h100`: glued to the name.
    for w in words.iter_mut() {
        let l = w.to_lowercase();
        let digits: String = l.chars().take_while(char::is_ascii_digit).collect();
        if let Some(rest) = l[digits.len()..]
            .strip_prefix('x')
            .or_else(|| l[digits.len()..].strip_prefix('×'))
            && !digits.is_empty()
            && rest
                .chars()
                .next()
                .is_some_and(|c| c.is_ascii_alphanumeric())
            && let Ok(n @ 1..) = digits.parse::<u32>()
        {
            *w = rest.to_string();
            return Some(n);
        }
    }
    None
}

/// A card with its count: `2x 4090`, `2 x a100`, `2*4090`, `2x4090`, `4090 x2`, `4090 2` →
/// (`4090`, 2); a name alone is one card.
pub fn cards_and_name(t: &str) -> (String, u32) {
    let l = t.trim().to_lowercase();
    for sep in ["x ", "× ", "*"] {
        if let Some((n, rest)) = l.split_once(sep)
            && let Ok(n) = n.trim().parse()
        {
            return (rest.trim().to_string(), n);
        }
    }
    // `4090x2`: a name, then its count.
    if let Some((name, n)) = l.rsplit_once('x')
        && !name.is_empty()
        && !name.ends_with(char::is_whitespace)
        && !n.is_empty()
        && n.bytes().all(|b| b.is_ascii_digit())
        && name.bytes().any(|b| b.is_ascii_digit())
        && let Ok(n) = n.parse::<u32>()
        // `rtx4090` is a name: a count is small.
        && n <= 64
    {
        return (name.to_string(), n);
    }
    // `2x4090`; not `4090 x2`, whose count comes after the name.
    if let Some((n, rest)) = l.split_once('x')
        && !n.ends_with(char::is_whitespace)
        && let Ok(n) = n.parse()
        && !rest.is_empty()
    {
        return (rest.trim().to_string(), n);
    }
    if let Some((name, n)) = l.rsplit_once(|c: char| c.is_whitespace() || c == '×')
        && let Ok(n) = n.trim_start_matches('x').parse()
    {
        return (
            name.trim().trim_end_matches(['x', '×']).trim().to_string(),
            n,
        );
    }
    (l, 1)
}

/// A model size in billions of parameters: `13b`, `1.5B`, `70 b`, or a raw MoE size
/// `671b-a37b` (total, then active; its total is returned here). `Some(Err)` for a size out of
/// range (0.01 to 10,000), `None` when the word is not a size at all.
pub fn params_b(word: &str) -> Option<Result<f64, FitError>> {
    model_size(word).map(|r| r.map(|s| s.total_b))
}

/// A size the user typed instead of a model name: total parameters and, for a raw MoE size
/// (`671b-a37b`, `30B-A3B`, `235b a22b`), the active ones.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ModelSize {
    pub total_b: f64,
    /// Active parameters per token, when the size says (`-aNNb`); `None` = a bare size.
    pub active_b: Option<f64>,
}

fn in_range(v: f64) -> Result<f64, FitError> {
    if v.is_finite() && (0.01..=10_000.0).contains(&v) {
        Ok(v)
    } else {
        Err(FitError::BadSize(v))
    }
}

/// `13b` or `671b-a37b` (also `671b_a37b`, `671ba37b`, `671b a37b`). `Some(Err)` for a size out
/// of range or active parameters above the total; `None` when the word is not a size.
pub fn model_size(word: &str) -> Option<Result<ModelSize, FitError>> {
    catalog::size_word(word).map(|s| checked(word, s))
}

/// A size read from a word, judged: in range, active at most total.
pub(super) fn checked(word: &str, s: NameSize) -> Result<ModelSize, FitError> {
    let total_b = in_range(s.total_b)?;
    let active_b = s.active_b.map(in_range).transpose()?;
    if active_b.is_some_and(|a| a > total_b) {
        return Err(FitError::BadValue(format!("{word}: active > total")));
    }
    Ok(ModelSize { total_b, active_b })
}

/// The multipliers written after a count in Chinese (`2000万`, `1亿`), longest first: one
/// table for every reader of token counts and volumes.
pub const CJK_MULTIPLIERS: &[(&str, f64)] = &[
    ("千万", 1e7),
    ("百万", 1e6),
    ("亿", 1e8),
    ("万", 1e4),
    ("千", 1e3),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_count_written_apart_from_its_sign_is_taken_out() {
        let take = |line: &str| {
            let mut w: Vec<String> = line.split_whitespace().map(String::from).collect();
            let n = take_card_prefix(&mut w);
            (n, w.join(" "))
        };
        assert_eq!(take("vast h100 x 8 1h"), (Some(8), "vast h100 1h".into()));
        assert_eq!(take("h100 × 4 2h"), (Some(4), "h100 2h".into()));
        assert_eq!(take("8 x h100 1h"), (Some(8), "h100 1h".into()));
        assert_eq!(take("h100 x8 1h"), (Some(8), "h100 1h".into()));
        assert_eq!(take("8x h100 1h"), (Some(8), "h100 1h".into()));
        // A card whose name ends in x, or no count: nothing taken.
        assert_eq!(take("mi300x 1h"), (None, "mi300x 1h".into()));
        assert_eq!(take("7900 xtx 1h"), (None, "7900 xtx 1h".into()));
    }

    #[test]
    fn a_comma_groups_thousands_only_before_three_digits() {
        assert_eq!(token_count("2,000,000"), Some(2e6));
        assert_eq!(token_count("2,000,000tokens"), Some(2e6));
        assert_eq!(context_tokens("32,768"), Some(32_768));
        assert_eq!(context_tokens("ctx=32,768"), Some(32_768));
        // `2,5m` is 2.5m in a decimal-comma locale or a slip; never 25m.
        assert_eq!(token_count("2,5m"), None);
        assert_eq!(context_tokens("3,2k"), None);
    }

    #[test]
    fn volumes_are_decimal_and_windows_are_binary() {
        assert_eq!(token_count("20m"), Some(20e6));
        assert_eq!(token_count("1.5k"), Some(1500.0));
        assert_eq!(token_count("1.5B"), Some(1.5e9));
        assert_eq!(token_count("3000万"), Some(3e7));
        assert_eq!(token_count("2万"), Some(2e4));
        assert_eq!(token_count("lots"), None);
        assert_eq!(token_count("-5m"), None);
        assert_eq!(token_count("0.6"), None);
        assert_eq!(token_count("1.5"), None);
        assert_eq!(context_tokens("32k"), Some(32_768));
        assert_eq!(context_tokens("ctx=4k"), Some(4096));
        assert_eq!(context_tokens("1m"), Some(1_048_576));
        assert_eq!(context_tokens("3.2万"), Some(32_000));
        assert_eq!(context_tokens("8192"), Some(8192));
        assert_eq!(context_tokens("big"), None);
    }

    #[test]
    fn cards_in_the_ways_people_write_them() {
        for w in ["2", "x2", "×2", "2x", "2cards", "2gpus", "2张", "2卡"] {
            assert_eq!(card_count(w), Some(2), "{w}");
        }
        assert_eq!(card_count("4090d"), None);
        for t in [
            "2x 4090", "2 x 4090", "2*4090", "2x4090", "4090 x2", "4090 2",
        ] {
            assert_eq!(cards_and_name(t), ("4090".to_string(), 2), "{t}");
        }
        assert_eq!(cards_and_name("H100 SXM"), ("h100 sxm".to_string(), 1));
    }

    #[test]
    fn sizes_in_billions() {
        assert_eq!(params_b("13b").map(Result::ok), Some(Some(13.0)));
        assert_eq!(params_b("1.5B").map(Result::ok), Some(Some(1.5)));
        assert!(matches!(params_b("99999b"), Some(Err(_))));
        assert!(params_b("qwen").is_none());
    }

    #[test]
    fn raw_moe_sizes_give_total_and_active() {
        let moe = |t: f64, a: f64| {
            Some(Ok(ModelSize {
                total_b: t,
                active_b: Some(a),
            }))
        };
        for w in [
            "671b-a37b",
            "671B-A37B",
            "671b_a37b",
            "671ba37b",
            "671b a37b",
        ] {
            assert_eq!(model_size(w), moe(671.0, 37.0), "{w}");
        }
        assert_eq!(model_size("30b-a3b"), moe(30.0, 3.0));
        assert_eq!(model_size("1.5b-a0.5b"), moe(1.5, 0.5));
        assert_eq!(params_b("671b-a37b").map(Result::ok), Some(Some(671.0)));
        assert_eq!(
            model_size("70b"),
            Some(Ok(ModelSize {
                total_b: 70.0,
                active_b: None
            }))
        );
        assert!(matches!(model_size("37b-a671b"), Some(Err(_))));
        assert!(matches!(model_size("671b-a0b"), Some(Err(_))));
        assert!(matches!(model_size("99999b-a1b"), Some(Err(_))));
        for w in ["qwen3-30b-a3b", "671b-abc", "b-a3b", "a37b", "llama"] {
            assert!(model_size(w).is_none(), "{w}");
        }
    }

    #[test]
    fn thousands_in_words_beside_a_window_are_its_k() {
        use super::thousands_as_k as k;
        assert_eq!(k("around 2 thousand tokens", false), "around 2k tokens");
        assert_eq!(
            k("ctx about 4 thousand how much", false),
            "ctx about 4k how much"
        );
        assert_eq!(k("8 thousand context", false), "8k context");
        assert_eq!(k("context 2 k", false), "context 2k");
        // No window word near: left to the other readers (hours, money, volumes).
        assert_eq!(k("3 thousand hours", false), "3 thousand hours");
        assert_eq!(k("2 thousand", false), "2 thousand");
        // An answer to the context step: every count of thousands, Chinese too.
        assert_eq!(k("2 thousand", true), "2k");
        assert_eq!(k("大概2千个token", true), "大概2k个token");
    }
}
