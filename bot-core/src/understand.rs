//! Plain questions into commands: `4090能跑qwen2.5-32b吗` → `/fit qwen2.5-32b 4090`,
//! `autodl 4090 跑40分钟多少钱` → `/cost autodl 4090 40m`, `cheapest A100?` → `/compare a100 1h`.
//!
//! Deterministic and offline: entities are found with the catalog's names and the lexicon
//! (cards, models with Chinese family names and sizes, platforms, quantizations, tasks,
//! durations, card counts, contexts), then an intent is chosen by rules over cue words in
//! Chinese, English or both. The result is the command line the user could have typed, so the
//! answer can start with "I read this as: …" and the command's own answer follows. When two
//! readings are possible the caller asks back; nothing is guessed.

use crate::billing::PriceUnit;
use crate::catalog::Catalog;
use crate::lexicon;

/// How a question was read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reading {
    /// One command line, e.g. `/fit qwen2.5-32b int4 4090`.
    Command(String),
    /// Two or more plausible command lines: ask the user which.
    Ask(Vec<String>),
    /// Nothing the bot can act on.
    Unknown,
}

/// Full-width to half-width, ideographic space to space, lower case, and Chinese numerals
/// before a counter or unit (`两张` → `2张`, `一个月` → `1个月`, `三个小时` → `3个小时`).
pub fn normalize(text: &str) -> String {
    let half: String = text
        .chars()
        .map(|c| match c {
            '\u{3000}' | '，' | '。' | '、' | '；' | '：' => ' ',
            '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
            _ => c,
        })
        .collect::<String>()
        .to_lowercase()
        .replace("一个半小时", "90分钟")
        .replace("半个小时", "30分钟")
        .replace("半小时", "30分钟");
    chinese_numerals(&half)
}

fn digit(c: char) -> Option<u32> {
    Some(match c {
        '零' => 0,
        '一' => 1,
        '二' | '两' => 2,
        '三' => 3,
        '四' => 4,
        '五' => 5,
        '六' => 6,
        '七' => 7,
        '八' => 8,
        '九' => 9,
        _ => return None,
    })
}

/// `三` → 3, `十二` → 12, `二十` → 20, `半` is left alone. Only numerals followed by a counter or
/// a time unit are rewritten, so `一直在线` stays as it is.
fn chinese_numerals(s: &str) -> String {
    const FOLLOWERS: &[&str] = &[
        "张", "块", "卡", "个", "小时", "分钟", "天", "周", "月", "星期", "台",
    ];
    let chars: Vec<char> = s.chars().collect();
    let mut out = String::with_capacity(s.len());
    let mut i = 0;
    while i < chars.len() {
        let start = i;
        let mut j = i;
        while j < chars.len() && (digit(chars[j]).is_some() || chars[j] == '十') {
            j += 1;
        }
        let numeral = &chars[i..j];
        let value = match numeral.iter().position(|c| *c == '十') {
            _ if numeral.is_empty() => None,
            // 十 = 10, 十二 = 12, 二十 = 20, 二十三 = 23.
            Some(k) if k <= 1 && numeral.len() - k <= 2 => {
                let tens = if k == 0 {
                    1
                } else {
                    digit(numeral[0]).unwrap_or(1)
                };
                let units = numeral.get(k + 1).and_then(|c| digit(*c)).unwrap_or(0);
                Some(tens * 10 + units)
            }
            Some(_) => None,
            None => numeral
                .iter()
                .try_fold(0u32, |v, c| digit(*c).map(|d| v * 10 + d)),
        };
        if let Some(v) = value {
            let rest: String = chars[j..].iter().collect();
            if FOLLOWERS.iter().any(|f| rest.starts_with(f)) {
                // `a100一小时` → `a100 1小时`, not `a1001小时`.
                if out.ends_with(|c: char| c.is_ascii_alphanumeric()) {
                    out.push(' ');
                }
                out.push_str(&v.to_string());
                i = j;
                continue;
            }
        }
        out.push(chars[start]);
        i = start + 1;
    }
    out
}

fn is_cjk(c: char) -> bool {
    matches!(c as u32, 0x4E00..=0x9FFF | 0x3400..=0x4DBF)
}

/// Splits into ASCII words and CJK runs: `4090能跑qwen2.5-32b吗` → `4090`, `能跑`,
/// `qwen2.5-32b`, `吗`.
fn tokens(s: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut cur_cjk = false;
    for c in s.chars() {
        let word = c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_' | '/' | '¥' | '$');
        let cjk = is_cjk(c);
        if !(word || cjk) {
            if !cur.is_empty() {
                out.push(std::mem::take(&mut cur));
            }
            continue;
        }
        if !cur.is_empty() && cjk != cur_cjk {
            out.push(std::mem::take(&mut cur));
        }
        cur_cjk = cjk;
        cur.push(c);
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

/// What the question names.
#[derive(Debug, Default)]
struct Entities {
    gpus: Vec<(String, u32)>,
    models: Vec<String>,
    platforms: Vec<String>,
    quant: Option<String>,
    task: Option<&'static str>,
    duration: Option<String>,
    context: Option<String>,
    /// A token volume (`2000万token`, `20m tokens`), written as `/tco` reads it.
    volume: Option<String>,
    /// Every catalog model a family and size could mean (`qwen 32b`: Qwen2.5 and Qwen3).
    model_options: Vec<String>,
    /// Two parts of the question contradict each other (`deepseek r1 32b` when no 32B R1
    /// exists): nothing is guessed.
    conflict: bool,
    /// Words that named nothing, for "did you mean".
    unused: Vec<usize>,
}

/// A price written with its currency or its unit: `¥2.5/小时`, `$0.0007 per second`, `2.5刀`,
/// `0.3/mtok`. Found on the normalized text, then cut out of it so its number is not read as
/// anything else.
#[derive(Debug, Clone, PartialEq)]
struct Price {
    amount: rust_decimal::Decimal,
    currency: Option<String>,
    per: Option<PriceUnit>,
}

/// Currency words after a number, longest first where one begins another.
const CURRENCY_WORDS: &[&str] = &[
    "美元",
    "美金",
    "刀",
    "dollars",
    "dollar",
    "bucks",
    "usd",
    "人民币",
    "块钱",
    "块",
    "元",
    "cny",
    "rmb",
    "yuan",
    "eur",
    "欧元",
];
/// Unit words after `/`, `per`, `每` or a currency, longest first where one begins another.
const UNIT_WORDS: &[(&str, &str)] = &[
    ("个小时", "hour"),
    ("小时", "hour"),
    ("hours", "hour"),
    ("hour", "hour"),
    ("hrs", "hour"),
    ("hr", "hour"),
    ("h", "hour"),
    ("分钟", "minute"),
    ("minutes", "minute"),
    ("minute", "minute"),
    ("mins", "minute"),
    ("min", "minute"),
    ("秒", "second"),
    ("seconds", "second"),
    ("second", "second"),
    ("sec", "second"),
    ("s", "second"),
    ("天", "day"),
    ("days", "day"),
    ("day", "day"),
    ("个月", "month"),
    ("月", "month"),
    ("months", "month"),
    ("month", "month"),
    ("mo", "month"),
    ("周", "week"),
    ("week", "week"),
    ("百万token", "mtok"),
    ("mtok", "mtok"),
    ("1m tokens", "mtok"),
    ("million tokens", "mtok"),
];

fn unit_at(s: &str) -> Option<(&'static str, usize)> {
    UNIT_WORDS.iter().find_map(|(w, key)| {
        let rest = s.strip_prefix(w)?;
        // An English unit must end its word (`h`, not the start of `hello`).
        let ends = !w.is_ascii()
            || rest
                .chars()
                .next()
                .is_none_or(|c| !c.is_ascii_alphanumeric());
        ends.then_some((*key, w.len()))
    })
}

/// The first price in `norm` and its byte span.
fn find_price(norm: &str) -> Option<(Price, std::ops::Range<usize>)> {
    let b = norm.as_bytes();
    for (start, c) in norm.char_indices() {
        let sym = match c {
            '$' => Some("USD"),
            '¥' | '￥' => Some("CNY"),
            _ => None,
        };
        let prev = norm[..start].chars().next_back();
        if sym.is_none()
            && !(c.is_ascii_digit()
                && prev
                    .is_none_or(|p| !(p.is_ascii_alphanumeric() || matches!(p, '.' | '-' | '_'))))
        {
            continue;
        }
        let mut i = start + c.len_utf8() * usize::from(sym.is_some());
        let num_start = i;
        while i < b.len() && (b[i].is_ascii_digit() || b[i] == b'.') {
            i += 1;
        }
        if i == num_start {
            continue;
        }
        let number = &norm[num_start..i];
        let skip_space = |mut k: usize| {
            while k < b.len() && b[k] == b' ' {
                k += 1;
            }
            k
        };
        let mut currency = sym.map(str::to_string);
        let mut k = skip_space(i);
        if currency.is_none()
            && let Some(w) = CURRENCY_WORDS.iter().find(|w| norm[k..].starts_with(**w))
        {
            currency = lexicon::parse_currency(w).ok();
            k += w.len();
        }
        let mut end = if currency.is_some() { k } else { i };
        let mut per = None;
        let after = skip_space(k);
        let mut marked = false;
        let mut u = after;
        for mark in ["/", "per ", "per", "每", "an ", "a "] {
            if norm[after..].starts_with(mark) {
                u = skip_space(after + mark.len());
                marked = true;
                break;
            }
        }
        // `2.5刀1小时` (一小时 normalized): the one after a currency is the unit's count.
        if !marked && currency.is_some() && norm[u..].starts_with('1') {
            u += 1;
        }
        if (marked || currency.is_some())
            && let Some((key, len)) = unit_at(&norm[u..])
        {
            per = PriceUnit::parse(key);
            end = u + len;
        }
        // `每秒0.0007美元`: the unit may come first.
        if per.is_none() {
            let before = norm[..start].trim_end();
            per = UNIT_WORDS.iter().find_map(|(w, key)| {
                let b = before.strip_suffix(w)?.trim_end();
                (b.ends_with('每') || b.ends_with("per")).then(|| PriceUnit::parse(key))?
            });
        }
        // `2块3090` is two cards, not two yuan: an amount without a unit ends its word.
        if per.is_none()
            && norm[end..]
                .chars()
                .next()
                .is_some_and(|c| c.is_ascii_alphanumeric())
        {
            continue;
        }
        // A price has a currency or an explicit `/unit`; `40分钟` and `4090` are not prices.
        if currency.is_none() && !(marked && per.is_some() && norm[after..].starts_with('/')) {
            continue;
        }
        let Ok(amount) = lexicon::parse_amount("price", number) else {
            continue;
        };
        return Some((
            Price {
                amount,
                currency,
                per,
            },
            start..end,
        ));
    }
    None
}

/// `2000万token`, `20m tokens`, `1亿 tokens`, `5万tok`: a volume of tokens, as `20m`.
fn find_volume(tokens: &[String]) -> Option<String> {
    for (i, t) in tokens.iter().enumerate() {
        if !t.chars().next().is_some_and(|c| c.is_ascii_digit()) {
            continue;
        }
        let (mut text, mut next) = (t.clone(), i + 1);
        if let Some(n) = tokens.get(next)
            && let Some(suffix) = ["万", "亿", "千"].iter().find(|s| n.starts_with(**s))
        {
            text.push_str(suffix);
            next += 1;
            if n.chars().count() > 1 {
                // `万token` is not split; the run itself may end in a token word.
                continue;
            }
        }
        if let Some(n) = tokens.get(next)
            && let Some(suffix) = [("million", "m"), ("billion", "b"), ("thousand", "k")]
                .iter()
                .find_map(|(w, s)| (n == w).then_some(*s))
        {
            text.push_str(suffix);
            next += 1;
        }
        if !tokens.get(next).is_some_and(|n| n.starts_with("tok")) {
            continue;
        }
        let n = lexicon::token_count(&text)?;
        let out = if n >= 1e6 && (n / 1e6).fract() == 0.0 {
            format!("{}m", n / 1e6)
        } else if n >= 1e3 && (n / 1e3).fract() == 0.0 {
            format!("{}k", n / 1e3)
        } else {
            format!("{n}")
        };
        return Some(out);
    }
    None
}

/// Durations written with a unit: `40分钟`, `3个小时`, `40 min`, `2h`, `1个月`.
/// Words already read as a card or a model (`4090d`, `7b`) are not durations.
fn find_duration(tokens: &[String], taken: &[usize]) -> Option<String> {
    for (i, t) in tokens.iter().enumerate() {
        // `for a day`, `an hour`, `one month`: one of the unit.
        if matches!(t.as_str(), "a" | "an" | "one")
            && let Some(next) = tokens.get(i + 1)
            && let Some(span) = match next.as_str() {
                "hour" => Some("1h"),
                "day" => Some("1d"),
                "week" => Some("1w"),
                "month" => Some("1mo"),
                _ => None,
            }
            && let Ok(secs) = lexicon::duration(span)
        {
            return Some(crate::billing::format_span(secs));
        }
        let has_digit = t.chars().next().is_some_and(|c| c.is_ascii_digit());
        if !has_digit || taken.contains(&i) {
            continue;
        }
        // `40` + `分钟…`: the CJK run after a number starts with its unit.
        if let Some(next) = tokens.get(i + 1) {
            for unit in ["个小时", "小时", "分钟", "个月", "天", "周", "星期", "秒"] {
                if next.starts_with(unit) {
                    let text = format!("{t}{unit}");
                    if let Ok(secs) = lexicon::duration(&text) {
                        return Some(crate::billing::format_span(secs));
                    }
                }
            }
            if matches!(
                next.as_str(),
                "min"
                    | "mins"
                    | "minutes"
                    | "h"
                    | "hr"
                    | "hrs"
                    | "hours"
                    | "hour"
                    | "days"
                    | "day"
                    | "weeks"
                    | "week"
                    | "months"
                    | "month"
            ) && let Ok(secs) = lexicon::duration(&format!("{t}{next}"))
            {
                return Some(crate::billing::format_span(secs));
            }
        }
        // `40m`, `2h`, `1h30m`, `3d` as one word (not `7b`, `4090`, `32k`).
        let last = t.chars().last().unwrap_or(' ');
        if matches!(last, 'm' | 'h' | 'd' | 's')
            && !t.ends_with("gb")
            && let Ok(secs) = lexicon::duration(t)
            && secs >= rust_decimal::Decimal::from(60)
        {
            return Some(crate::billing::format_span(secs));
        }
    }
    None
}

const FAMILIES: &[(&str, &str)] = &[
    ("通义千问", "qwen"),
    ("千问", "qwen"),
    ("qwen", "qwen"),
    ("llama", "llama"),
    ("deepseek", "deepseek"),
    ("glm", "glm"),
    ("智谱", "glm"),
    ("mistral", "mistral"),
    ("gemma", "gemma"),
    ("phi", "phi"),
    ("yi", "yi"),
];

/// A model written as family + version + size: `qwen 7b`, `千问2.5 7B`, `qwen2.5 32b`.
fn family_model(catalog: &Catalog, tokens: &[String], i: usize) -> Option<(Vec<String>, usize)> {
    let t = &tokens[i];
    // `qwen2.5-7b` starts with its family; a Chinese run ends with it (`能跑千问` + `2.5 7b`).
    let (alias, family) = FAMILIES
        .iter()
        .find(|(a, _)| t.starts_with(a) || (a.chars().any(is_cjk) && t.ends_with(a)))?;
    let mut version = t
        .strip_prefix(alias)
        .map(|v| v.trim_matches(|c| c == '-' || c == '_').to_string())
        .unwrap_or_default();
    let mut size = String::new();
    let mut used = 1;
    // The size may be glued on (`qwen2.5-7b`) or follow as its own word (`7b`).
    if let Some((v, s)) = version.rsplit_once('-')
        && s.ends_with('b')
    {
        size = s.to_string();
        version = v.to_string();
    }
    for next in tokens.iter().skip(i + 1).take(2) {
        if size.is_empty() && next.ends_with('b') && lexicon::params_b(next).is_some() {
            size = next.clone();
            used += 1;
        } else if version.is_empty()
            && next.chars().all(|c| c.is_ascii_digit() || c == '.')
            && !next.is_empty()
        {
            version = next.clone();
            used += 1;
        }
    }
    if size.is_empty() {
        return None;
    }
    // No version written: every version of that size is a candidate (asked back when
    // several exist).
    let versions: Vec<String> = match (version.is_empty(), *family) {
        (true, "qwen") => vec!["2.5".into(), "3".into()],
        (true, "llama") => vec!["3.3".into(), "3.1".into(), "3".into(), "2".into()],
        _ => vec![version],
    };
    let mut found: Vec<String> = Vec::new();
    for v in versions {
        for cand in [
            format!("{family}{v}-{size}"),
            format!("{family}-{v}-{size}"),
            format!("{family}{v}{size}"),
        ] {
            if let Some(m) = catalog.find_model(&cand) {
                if !found.contains(&m.id) {
                    found.push(m.id.clone());
                }
                break;
            }
        }
    }
    (!found.is_empty()).then_some((found, used))
}

/// A card by name, forgiving what people add: a plural (`3090s`), `40g` for `40gb`.
fn find_gpu<'c>(catalog: &'c Catalog, name: &str) -> Option<&'c crate::catalog::Gpu> {
    catalog
        .find_gpu(name)
        .or_else(|| {
            name.strip_suffix('s')
                .filter(|n| n.ends_with(|c: char| c.is_ascii_digit()))
                .and_then(|n| catalog.find_gpu(n))
        })
        .or_else(|| {
            name.strip_suffix('g')
                .filter(|n| n.ends_with(|c: char| c.is_ascii_digit()))
                .and_then(|n| catalog.find_gpu(&format!("{n}gb")))
        })
}

fn entities(catalog: &Catalog, toks: &[String]) -> Entities {
    let mut e = Entities::default();
    let mut taken: Vec<usize> = Vec::new();
    let mut i = 0;
    while i < toks.len() {
        let t = &toks[i];
        // Cards: `2x4090`, `4090x2`, and 2-3 word names first (`h100 sxm`, `a100 80g`).
        let mut matched = false;
        // Card and model names are ASCII: a Chinese run is never looked up as one, which
        // keeps a question to a few lookups per word.
        let ascii = t.is_ascii();
        for n in (1..=3).rev() {
            if !ascii || i + n > toks.len() || !toks[i..i + n].iter().all(|w| w.is_ascii()) {
                continue;
            }
            let phrase = toks[i..i + n].join(" ");
            // A count glued to one word (`2x4090`); a phrase is a name alone, so a number
            // after a card (`4090 2小时`) is never read as its count.
            let (name, count) = if n == 1 {
                lexicon::cards_and_name(&phrase)
            } else {
                (phrase.clone(), 1)
            };
            if name.len() >= 2
                && let Some(g) = find_gpu(catalog, &name)
            {
                // A card count written before: `2张4090`, `两张 4090`, `2 x 4090`.
                let mut cards = count;
                if cards == 1 && i >= 1 {
                    let prev = &toks[i - 1];
                    if ["张", "块", "卡", "x", "×"]
                        .iter()
                        .any(|c| prev == c || prev.ends_with(c))
                        && let Some(n) = i
                            .checked_sub(2)
                            .and_then(|k| toks.get(k))
                            .and_then(|p| lexicon::card_count(p))
                    {
                        cards = n;
                    } else if let Some(n) = match prev.as_str() {
                        "two" | "dual" => Some(2),
                        "three" => Some(3),
                        "four" | "quad" => Some(4),
                        "eight" => Some(8),
                        _ => None,
                    } {
                        cards = n;
                    } else if let Some(n) = lexicon::card_count(prev).filter(|n| *n <= 16) {
                        if prev.chars().any(|c| !c.is_ascii_digit()) {
                            cards = n;
                        }
                    }
                }
                if !e.gpus.iter().any(|(id, _)| *id == g.id) {
                    e.gpus.push((g.id.clone(), cards));
                }
                taken.extend(i..i + n);
                i += n;
                matched = true;
                break;
            }
        }
        if matched {
            continue;
        }
        if let Some(mut m) = catalog.find_model(t).filter(|_| ascii) {
            // `deepseek r1 32b`: a size after the name that the model does not have names a
            // sibling (the 32B distill), or contradicts the name.
            let mut used = 1;
            if let Some(size) = toks.get(i + 1)
                && let Some(Ok(b)) = lexicon::params_b(size)
                && (b - m.params_b).abs() > 0.2 * m.params_b
            {
                let sibling = [
                    format!("{}-{size}", m.id),
                    format!("{}-distill-qwen-{size}", m.id),
                    format!("{}-distill-llama-{size}", m.id),
                ]
                .iter()
                .find_map(|c| catalog.find_model(c));
                match sibling {
                    Some(s) => {
                        m = s;
                        used = 2;
                    }
                    None => e.conflict = true,
                }
            }
            e.models.push(m.id.clone());
            // `qwen2.5-32b-awq`: the quantization written into the name.
            if e.quant.is_none() {
                e.quant = t
                    .split('-')
                    .skip(1)
                    .find_map(|p| p.parse::<crate::vram::Quant>().ok())
                    .map(|q| q.key().to_string());
            }
            taken.extend(i..i + used);
            i += used;
            continue;
        }
        if let Some((ids, used)) = family_model(catalog, toks, i) {
            e.models.push(ids[0].clone());
            if ids.len() > 1 {
                e.model_options = ids;
            }
            taken.extend(i..i + used);
            i += used;
            continue;
        }
        if let Some(p) = catalog.find_platform(t) {
            e.platforms.push(p.id.clone());
            taken.push(i);
            i += 1;
            continue;
        }
        // `autodl4090`: a platform and a card written without a space.
        if let Some(at) = t
            .char_indices()
            .find(|(k, c)| *k > 0 && c.is_ascii_digit())
            .map(|(k, _)| k)
            && let Some(p) = catalog.find_platform(&t[..at])
            && let Some(g) = find_gpu(catalog, &t[at..])
        {
            e.platforms.push(p.id.clone());
            e.gpus.push((g.id.clone(), 1));
            taken.push(i);
            i += 1;
            continue;
        }
        if is_cjk(t.chars().next().unwrap_or(' ')) {
            for p in &catalog.platforms {
                let zh = p.aliases.iter().filter(|a| a.chars().any(is_cjk));
                if zh.into_iter().any(|a| t.contains(a.as_str())) && !e.platforms.contains(&p.id) {
                    e.platforms.push(p.id.clone());
                }
            }
            if t.contains("全参") || t.contains("全量") {
                e.task = Some("full");
            } else if t.contains("微调") || t.contains("训练") {
                e.task = e.task.or(Some("lora"));
            }
        }
        if t == "full"
            && toks
                .get(i + 1)
                .is_some_and(|n| n.starts_with("fine") || n.starts_with("param") || n == "ft")
        {
            e.task = Some("full");
        }
        match t.as_str() {
            "qlora" => e.task = Some("qlora"),
            "lora" => e.task = e.task.or(Some("lora")),
            "finetune" | "fine-tune" | "sft" | "full-finetune" | "full-fine-tune" => {
                e.task = e.task.or(Some(if t.starts_with("full") {
                    "full"
                } else {
                    "lora"
                }))
            }
            _ => {}
        }
        if e.quant.is_none()
            && t != "full"
            && let Ok(q) = t.parse::<crate::vram::Quant>()
        {
            e.quant = Some(q.key().to_string());
        }
        if e.context.is_none()
            && (t.ends_with('k') || t.ends_with('万'))
            && t.chars().next().is_some_and(|c| c.is_ascii_digit())
            && let Some(n) = lexicon::context_tokens(t)
            && n >= 1024
        {
            e.context = Some(t.clone());
        }
        i += 1;
    }
    e.duration = find_duration(toks, &taken);
    e.unused = (0..toks.len()).filter(|k| !taken.contains(k)).collect();
    e.volume = find_volume(toks);
    e
}

/// What one sentence says, for the /pick dialogue's typed answers and its step-1 sentence.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct Facts {
    /// Catalog model id.
    pub model: Option<String>,
    /// A training method written out (`lora`, `qlora`, `full`).
    pub training: Option<&'static str>,
    /// A quantization key (`int4`, `awq`).
    pub quant: Option<String>,
    /// How long one run takes, in seconds.
    pub seconds: Option<rust_decimal::Decimal>,
    /// Said to run every day (`每天`, `daily`, `a day`).
    pub daily: bool,
    /// The first card named, with its count (`2张4090`).
    pub gpu: Option<(String, u32)>,
}

/// Reads the entities of one sentence (no intent): the same reading plain questions get.
pub fn facts(catalog: &Catalog, text: &str) -> Facts {
    let norm = normalize(text);
    let toks = tokens(&norm);
    let e = entities(catalog, &toks);
    let explicit = toks.iter().any(|t| {
        matches!(t.as_str(), "lora" | "qlora" | "full") || t.contains("全参") || t.contains("全量")
    });
    Facts {
        model: e.models.first().cloned(),
        training: e.task.filter(|_| explicit),
        quant: e.quant.clone(),
        seconds: e
            .duration
            .as_deref()
            .and_then(|d| lexicon::duration(d).ok()),
        // `2 hours a day` is daily; `for a day` is one run of a day.
        daily: has(
            &format!("{norm} "),
            &[
                "每天",
                "每日",
                "daily",
                "per day",
                "every day",
                "a day",
                "/天",
            ],
        ) && !has(&norm, &["for a day", "for one day"]),
        gpu: e.gpus.first().cloned(),
    }
}

fn has(text: &str, words: &[&str]) -> bool {
    words.iter().any(|w| text.contains(w))
}

const FIT_WORDS: &[&str] = &[
    "能跑",
    "跑得动",
    "跑得了",
    "跑不跑",
    "能不能跑",
    "放得下",
    "装得下",
    "够不够",
    "够用",
    "显存够",
    "能部署",
    "能训",
    "能微调",
    "fit",
    "can i run",
    "can it run",
    "enough",
    "run ",
    "跑",
];
const COST_WORDS: &[&str] = &[
    "多少钱",
    "how much",
    "cost",
    "花多少",
    "要多少",
    "费用",
    "价格多少",
    "收费",
];
const CHEAP_WORDS: &[&str] = &[
    "最便宜",
    "cheapest",
    "哪家便宜",
    "哪里便宜",
    "compare",
    "对比",
    "比较",
    "便宜",
    "cheaper",
    "cheepest",
    "cheapst",
    "chepest",
    "cheapest",
    "best price",
    "lowest price",
];
const STOCK_WORDS: &[&str] = &[
    "有货",
    "库存",
    "in stock",
    "available",
    "availability",
    "哪家有",
    "哪里有",
    "有没有货",
    "缺货",
    "sold out",
    "in stok",
    "stcok",
    "avaliable",
    "availble",
    "有活",
];
/// Price history and "when is it in stock" (the rhythm): `/trend`. Checked before the stock
/// words, which "什么时候有货" also contains.
const TREND_WORDS: &[&str] = &[
    "走势",
    "历史价格",
    "价格历史",
    "价格变化",
    "什么时候有货",
    "几点有货",
    "price trend",
    "price history",
    "price over time",
    "usually in stock",
    "when is it in stock",
];
const SPECS_WORDS: &[&str] = &[
    "显存多大",
    "显存多少",
    "参数",
    "规格",
    "带宽",
    "specs",
    "spec",
    "how much vram",
    "vram",
    "tflops",
    "算力",
];
const PICK_WORDS: &[&str] = &[
    "推荐",
    "帮我选",
    "选卡",
    "选什么卡",
    "which gpu should",
    "recommend",
    "what gpu should",
    "help me choose",
    "help me pick",
];
const HELP_WORDS: &[&str] = &["help", "帮助", "怎么用", "能做什么", "what can you do"];

/// Reads one plain question.
pub fn read(catalog: &Catalog, text: &str) -> Reading {
    read_normalized(catalog, normalize(text), true)
}

fn read_normalized(catalog: &Catalog, original: String, fix_typos: bool) -> Reading {
    let mut norm = original.clone();
    let price = find_price(&norm).map(|(p, span)| {
        norm.replace_range(span, " ");
        p
    });
    let toks = tokens(&norm);
    let e = entities(catalog, &toks);
    // A misspelt name (`autdl`, `4009`) is never dropped silently: the readings with the
    // catalog's candidates are asked back.
    if fix_typos && let Some(r) = typo_reading(catalog, &original, &toks, &e) {
        return r;
    }
    if e.conflict {
        return Reading::Unknown;
    }
    let padded = format!("{norm} ");
    if let Some(r) = tco_reading(&padded, &e, price.as_ref()) {
        return r;
    }
    // `¥2.5/小时跑40分钟多少钱`: a job at the user's own price (a card named with it changes
    // nothing; a platform named means its list price, read below).
    if let Some(p) = &price
        && let Some(PriceUnit::Time(_)) = p.per
        && let Some(d) = &e.duration
        && e.platforms.is_empty()
        && e.models.is_empty()
        && has(&padded, RUN_WORDS)
    {
        let unit = p.per.map_or("hour", |u| u.key());
        return Reading::Command(format!("/cost {}/{unit} {d}", money_word(p)));
    }
    if let Some(p) = &price
        && e.gpus.is_empty()
        && e.models.is_empty()
        && e.platforms.is_empty()
    {
        return convert_reading(&padded, p);
    }
    let gpu_arg = |(id, cards): &(String, u32)| {
        if *cards > 1 {
            format!("{cards}x{id}")
        } else {
            id.clone()
        }
    };
    if has(&padded, PICK_WORDS) && e.models.is_empty() && e.gpus.is_empty() {
        return Reading::Command("/pick".into());
    }
    if has(&padded, HELP_WORDS) && e.models.is_empty() && e.gpus.is_empty() {
        return Reading::Command("/help".into());
    }
    if has(&padded, TREND_WORDS)
        && e.models.is_empty()
        && let Some(g) = e.gpus.first()
    {
        return Reading::Command(format!("/trend {}", g.0));
    }
    if has(&padded, STOCK_WORDS)
        && let Some(g) = e.gpus.first()
    {
        let mut line = match e.platforms.first() {
            Some(p) => format!("/stock {} {p}", g.0),
            None => format!("/stock {}", g.0),
        };
        // `under $2/hr`: the highest hourly price per card.
        if let Some(p) = price
            .as_ref()
            .filter(|p| p.per.is_none_or(|u| u.key() == "hour"))
        {
            line.push_str(&format!(" {}/hour", money_word(p)));
        }
        return Reading::Command(line);
    }
    // "how much vram does an l40s have": a specs question, though it says "how much".
    if has(&padded, SPECS_WORDS)
        && e.models.is_empty()
        && e.platforms.is_empty()
        && e.duration.is_none()
        && let [g] = e.gpus.as_slice()
    {
        return Reading::Command(format!("/gpu {}", g.0));
    }
    // "4090d和4090有啥区别，算力多少": the specs of each, asked back.
    if has(&padded, SPECS_WORDS) && e.models.is_empty() && e.gpus.len() > 1 {
        return Reading::Ask(e.gpus.iter().map(|g| format!("/gpu {}", g.0)).collect());
    }
    let duration = e.duration.clone().unwrap_or_else(|| "1h".into());
    if has(&padded, COST_WORDS) || (e.duration.is_some() && !e.platforms.is_empty()) {
        match (e.platforms.as_slice(), e.gpus.as_slice()) {
            ([p], [g]) => {
                return Reading::Command(format!("/cost {p} {} {duration}{}", g.0, cards_opt(g.1)));
            }
            ([], [g]) if e.models.is_empty() => {
                return Reading::Command(format!("/compare {} {duration}{}", g.0, cards_opt(g.1)));
            }
            (ps, [g]) if ps.len() > 1 => {
                return Reading::Ask(
                    ps.iter()
                        .map(|p| format!("/cost {p} {} {duration}", g.0))
                        .collect(),
                );
            }
            _ => {}
        }
    }
    if has(&padded, CHEAP_WORDS)
        && e.models.is_empty()
        && let [g] = e.gpus.as_slice()
    {
        return Reading::Command(format!("/compare {} {duration}{}", g.0, cards_opt(g.1)));
    }
    if let Some(model) = e.models.first() {
        let mut line = format!("/fit {model}");
        if let Some(q) = &e.quant {
            line.push(' ');
            line.push_str(q);
        }
        if let Some(t) = e.task {
            line.push(' ');
            line.push_str(t);
        }
        if let Some(c) = &e.context {
            line.push_str(&format!(" ctx={c}"));
        }
        if e.model_options.len() > 1 && e.models.len() == 1 {
            // `qwen 32b`: Qwen2.5-32B or Qwen3-32B; ask, do not pick one.
            let rest = line
                .strip_prefix(&format!("/fit {model}"))
                .unwrap_or_default();
            let gpu = match e.gpus.as_slice() {
                [g] => format!(" {}", gpu_arg(g)),
                _ => String::new(),
            };
            return Reading::Ask(
                e.model_options
                    .iter()
                    .map(|m| format!("/fit {m}{rest}{gpu}"))
                    .collect(),
            );
        }
        return match e.gpus.as_slice() {
            [] => Reading::Command(line),
            [g] => Reading::Command(format!("{line} {}", gpu_arg(g))),
            gs => Reading::Ask(
                gs.iter()
                    .map(|g| format!("{line} {}", gpu_arg(g)))
                    .collect(),
            ),
        };
    }
    if has(&padded, FIT_WORDS) && !e.gpus.is_empty() {
        // "Can a 4090 run it?" without a model: nothing to size.
        return Reading::Unknown;
    }
    // A card alone, or a card asked about its specs even where a platform is named
    // ("autodl 上的 4090 显存多大"): its specs and list prices.
    if let [g] = e.gpus.as_slice()
        && (e.platforms.is_empty() || has(&padded, SPECS_WORDS))
    {
        return Reading::Command(format!("/gpu {}", g.0));
    }
    if let [p] = e.platforms.as_slice() {
        return match e.gpus.as_slice() {
            [g] => Reading::Command(format!("/cost {p} {} {duration}", g.0)),
            _ => Reading::Command(format!("/platform {p}")),
        };
    }
    Reading::Unknown
}

/// Words that make a duration the length of a job (`跑40分钟`), not a unit to convert to.
const RUN_WORDS: &[&str] = &["跑", "用", "租", "run ", "running", "for ", "job", "train"];

const TCO_WORDS: &[&str] = &[
    // A word of its own (`stcok` is not a TCO question).
    " tco ",
    "自建",
    "自己部署",
    "自己搭",
    "自己租卡",
    "租卡还是",
    "还是调api",
    "还是用api",
    "还是api",
    "调api",
    "api划算",
    "api便宜",
    "回本",
    "rent vs api",
    "vs api",
    "vs the api",
    "or api",
    "or an api",
    "or the api",
    "or use an api",
    "or use the api",
    "than an api",
    "than the api",
    "than api",
    "break-even",
    "break even",
    "breakeven",
    "self-host",
    "selfhost",
    "self host",
];

/// Rent vs an API: needs a model, a card and a daily volume of tokens; the quantization is
/// bf16 unless named (the same default /fit uses), an API price per 1M tokens when given.
fn tco_reading(padded: &str, e: &Entities, price: Option<&Price>) -> Option<Reading> {
    if !has(&format!(" {padded}"), TCO_WORDS) {
        return None;
    }
    let (Some(model), [g], Some(volume)) = (e.models.first(), e.gpus.as_slice(), &e.volume) else {
        // A rent-vs-API question without the three facts it needs: say what can be asked.
        return Some(Reading::Unknown);
    };
    let quant = e.quant.as_deref().unwrap_or("bf16");
    let gpu = if g.1 > 1 {
        format!("{}x{}", g.1, g.0)
    } else {
        g.0.clone()
    };
    let mut line = format!("/tco {model} {quant} {gpu} {volume}");
    if let Some(p) = price.filter(|p| p.per.is_none() || p.per == Some(PriceUnit::MillionTokens)) {
        line.push(' ');
        line.push_str(&money_word(p));
    }
    Some(Reading::Command(line))
}

/// `0.3usd`, `2cny`: an amount as the commands read it.
fn money_word(p: &Price) -> String {
    let amount = p.amount.normalize();
    match &p.currency {
        Some(c) => format!("{amount}{}", c.to_lowercase()),
        None => amount.to_string(),
    }
}

/// A price and what to turn it into: another unit, another currency, or both; an hourly
/// figure when nothing else is asked.
fn convert_reading(padded: &str, p: &Price) -> Reading {
    let Some(from) = p.per else {
        // `2.5刀` alone: an amount without a unit is not a rate to convert.
        return Reading::Unknown;
    };
    let mut target_unit = None;
    let mut target_cur = None;
    let rest = padded;
    for (i, _) in rest.char_indices() {
        let prev = rest[..i].chars().next_back();
        // `1个月` is a unit after its count; `hello` does not hold an `h`.
        let at_word = prev.is_none_or(|c| !c.is_ascii_alphabetic());
        // `s`/`h` alone are too short to be a target in running text.
        if target_unit.is_none()
            && at_word
            && let Some((key, len)) = unit_at(&rest[i..])
            && len > 1
            && key != "mtok"
            && PriceUnit::parse(key) != Some(from)
        {
            target_unit = Some(key);
        }
        if target_cur.is_none()
            && at_word
            && let Some(w) = CURRENCY_WORDS.iter().find(|w| rest[i..].starts_with(**w))
            && let Ok(c) = lexicon::parse_currency(w)
            && Some(&c) != p.currency.as_ref()
        {
            target_cur = Some(c);
        }
    }
    let from_key = from.key();
    let to_unit = target_unit.unwrap_or("hour");
    if to_unit == from_key && target_cur.is_none() {
        // Already per hour and nothing else asked: nothing to convert.
        return Reading::Unknown;
    }
    let mut line = format!("/convert {}/{from_key} to {to_unit}", money_word(p));
    if let Some(c) = target_cur {
        line.push(' ');
        line.push_str(&c.to_lowercase());
    }
    Reading::Command(line)
}

/// Words of five letters or more that are English, not a misspelt platform (`model` is not
/// `modal`).
const NOT_NAMES: &[&str] = &[
    "model",
    "models",
    "cheapest",
    "price",
    "prices",
    "about",
    "which",
    "where",
    "there",
    "their",
    "hello",
    "thanks",
    "please",
    "right",
    "specs",
    "stock",
    "hours",
    "minutes",
    "month",
    "months",
    "token",
    "tokens",
    "train",
    "serve",
    "quant",
    "cards",
    "would",
    "could",
    "should",
    "enough",
    "anywhere",
    "available",
    "today",
    "running",
    "under",
    "cheap",
    "cheaper",
    "compare",
    "memory",
    "context",
    "week",
    "weeks",
    "daily",
    "always",
    "price",
    "what's",
    "pricing",
];

/// The first word that names nothing but is shaped like a card (`4009`, `a10o`), a model
/// (`qwne2.5-7b`) or a platform (`autdl`), read again with each of the catalog's candidates;
/// the readings that work are asked back.
fn typo_reading(
    catalog: &Catalog,
    original: &str,
    toks: &[String],
    e: &Entities,
) -> Option<Reading> {
    use crate::catalog::EntryKind;
    for &k in &e.unused {
        let t = toks[k].as_str();
        if !t.is_ascii() || t.len() < 3 || t.parse::<crate::vram::Quant>().is_ok() {
            continue;
        }
        // `2000万token`, `20 million tokens`: a volume, not a card number.
        if toks.get(k + 1).is_some_and(|n| {
            ["万", "亿", "千", "tok", "million", "billion", "thousand"]
                .iter()
                .any(|s| n.starts_with(s))
        }) {
            continue;
        }
        let has_digit = t.bytes().any(|b| b.is_ascii_digit());
        let starts_alpha = t.bytes().next().is_some_and(|b| b.is_ascii_alphabetic());
        let size_or_time = lexicon::params_b(t).is_some()
            || lexicon::card_count(t).is_some_and(|n| n <= 64)
            || (t.ends_with(['k', 'm', 'h', 's', 'd']) && !starts_alpha);
        let nf = if has_digit && !size_or_time && (t.contains('-') || t.contains('.')) {
            if starts_alpha {
                catalog.model(t).err()
            } else {
                None
            }
        } else if has_digit && !size_or_time && (starts_alpha || t.len() == 4) {
            catalog.gpu(t).err()
        } else if !has_digit
            && (5..=12).contains(&t.len())
            && t.bytes().all(|b| b.is_ascii_lowercase() || b == b'.')
            && !NOT_NAMES.contains(&t)
        {
            catalog.platform(t).err().map(|mut nf| {
                nf.suggestions
                    .retain(|s| s.to_lowercase().starts_with(&t[..1]));
                nf
            })
        } else {
            None
        };
        let Some(nf) = nf else { continue };
        let mut lines: Vec<String> = Vec::new();
        for name in nf.suggestions.iter().take(3) {
            let id = match nf.kind {
                EntryKind::Gpu => catalog.find_gpu(name).map(|g| g.id.clone()),
                EntryKind::Platform => catalog.find_platform(name).map(|p| p.id.clone()),
                EntryKind::Model => catalog.find_model(name).map(|m| m.id.clone()),
            };
            let (Some(id), Some(at)) = (id, original.find(t)) else {
                continue;
            };
            let fixed = format!("{}{id}{}", &original[..at], &original[at + t.len()..]);
            if let Reading::Command(l) = read_normalized(catalog, fixed, false)
                && !lines.contains(&l)
            {
                lines.push(l);
            }
        }
        if !lines.is_empty() {
            return Some(Reading::Ask(lines));
        }
    }
    None
}

fn cards_opt(cards: u32) -> String {
    if cards > 1 {
        format!(" cards={cards}")
    } else {
        String::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalizing_full_width_and_chinese_numbers() {
        assert_eq!(normalize("ＲＴＸ４０９０？"), "rtx4090?");
        assert_eq!(normalize("两张4090"), "2张4090");
        assert_eq!(normalize("跑三个小时"), "跑3个小时");
        assert_eq!(normalize("一个月"), "1个月");
        assert_eq!(normalize("一直在线"), "一直在线");
        assert_eq!(normalize("十二张"), "12张");
    }

    #[test]
    fn prices_are_found_with_their_currency_and_unit() {
        let p = |t: &str| find_price(&normalize(t)).map(|(p, _)| p);
        let hour = PriceUnit::parse("hour");
        assert_eq!(p("¥2.5/小时合多少美元").unwrap().per, hour);
        assert_eq!(p("¥2.5/小时").unwrap().currency.as_deref(), Some("CNY"));
        let s = p("$0.0007 per second").unwrap();
        assert_eq!(
            (s.currency.as_deref(), s.per),
            (Some("USD"), PriceUnit::parse("second"))
        );
        assert_eq!(p("2.5刀").unwrap().currency.as_deref(), Some("USD"));
        assert_eq!(p("2.5刀一小时").unwrap().per, hour);
        assert_eq!(p("每秒0.0007美元").unwrap().per, PriceUnit::parse("second"));
        // Not prices: cards, durations, counts.
        assert_eq!(p("两块3090跑qwen2.5-32b"), None);
        assert_eq!(p("4090跑40分钟"), None);
        assert_eq!(p("4090每小时多少钱"), None);
    }

    #[test]
    fn token_volumes_in_both_languages() {
        let v = |t: &str| find_volume(&tokens(&normalize(t)));
        assert_eq!(v("每天2000万token").as_deref(), Some("20m"));
        assert_eq!(v("1亿 tokens").as_deref(), Some("100m"));
        assert_eq!(v("20m tokens a day").as_deref(), Some("20m"));
        assert_eq!(v("100 million tokens per day").as_deref(), Some("100m"));
        assert_eq!(v("4090 20m"), None);
    }

    #[test]
    fn words_and_cjk_runs_split() {
        assert_eq!(
            tokens("4090能跑qwen2.5-32b吗"),
            ["4090", "能跑", "qwen2.5-32b", "吗"]
        );
    }
}
