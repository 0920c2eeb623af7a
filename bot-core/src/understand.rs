//! Plain questions into commands: `4090能跑qwen2.5-32b吗` → `/fit qwen2.5-32b 4090`,
//! `autodl 4090 跑40分钟多少钱` → `/cost autodl 4090 40m`, `cheapest A100?` → `/compare a100 1h`.
//!
//! Deterministic and offline: entities are found with the catalog's names and the lexicon
//! (cards, models with Chinese family names and sizes, platforms, quantizations, tasks,
//! durations, card counts, contexts), then an intent is chosen by rules over cue words in
//! Chinese, English or both. The result is the command line the user could have typed, so the
//! answer can start with "I read this as: …" and the command's own answer follows. When two
//! readings are possible the caller asks back; nothing is guessed.

use crate::catalog::Catalog;
use crate::command;
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
        .to_lowercase();
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
}

/// Durations written with a unit: `40分钟`, `3个小时`, `40 min`, `2h`, `1个月`.
/// Words already read as a card or a model (`4090d`, `7b`) are not durations.
fn find_duration(tokens: &[String], taken: &[usize]) -> Option<String> {
    for (i, t) in tokens.iter().enumerate() {
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
                "min" | "mins" | "minutes" | "h" | "hr" | "hrs" | "hours" | "hour" | "days" | "day"
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
fn family_model(catalog: &Catalog, tokens: &[String], i: usize) -> Option<(String, usize)> {
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
    let versions: Vec<String> = if version.is_empty() && *family == "qwen" {
        vec!["2.5".into(), "3".into()]
    } else {
        vec![version]
    };
    for v in versions {
        for cand in [
            format!("{family}{v}-{size}"),
            format!("{family}-{v}-{size}"),
            format!("{family}{v}{size}"),
        ] {
            if let Some(m) = catalog.find_model(&cand) {
                return Some((m.id.clone(), used));
            }
        }
    }
    None
}

fn entities(catalog: &Catalog, toks: &[String]) -> Entities {
    let mut e = Entities::default();
    let mut taken: Vec<usize> = Vec::new();
    let mut i = 0;
    while i < toks.len() {
        let t = &toks[i];
        // Cards: `2x4090`, `4090x2`, and 2-3 word names first (`h100 sxm`, `a100 80g`).
        let mut matched = false;
        for n in (1..=3).rev() {
            if i + n > toks.len() {
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
                && let Some(g) = catalog.find_gpu(&name)
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
        if let Some(m) = catalog.find_model(t) {
            e.models.push(m.id.clone());
            taken.push(i);
            i += 1;
            continue;
        }
        if let Some((id, used)) = family_model(catalog, toks, i) {
            e.models.push(id);
            taken.extend(i..i + used);
            i += used;
            continue;
        }
        if let Some(p) = catalog.find_platform(t) {
            e.platforms.push(p.id.clone());
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
        match t.as_str() {
            "qlora" => e.task = Some("qlora"),
            "lora" => e.task = e.task.or(Some("lora")),
            "finetune" | "fine-tune" | "sft" => e.task = e.task.or(Some("lora")),
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
    e
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
    let norm = normalize(text);
    let toks = tokens(&norm);
    let e = entities(catalog, &toks);
    let padded = format!("{norm} ");
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
        let line = match e.platforms.first() {
            Some(p) => format!("/stock {} {p}", g.0),
            None => format!("/stock {}", g.0),
        };
        return Reading::Command(line);
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

fn cards_opt(cards: u32) -> String {
    if cards > 1 {
        format!(" cards={cards}")
    } else {
        String::new()
    }
}

/// Whether a command line names a command the bot has (a reading must never invent one).
pub fn is_known_command(line: &str) -> bool {
    matches!(command::parse(line, None), Ok(Some(_)))
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
    fn words_and_cjk_runs_split() {
        assert_eq!(
            tokens("4090能跑qwen2.5-32b吗"),
            ["4090", "能跑", "qwen2.5-32b", "吗"]
        );
    }
}
