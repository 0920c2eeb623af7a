//! Spoken forms written plainly before a question is read: a month said any way (`包个月`,
//! `一整个月`) as the monthly plan, `spot` as a place (`cheapest spot to grab a 3090`), a
//! card said as spoken digits (`四零九零`, `forty ninety`: only digits that form a card the
//! catalog knows), a size in Chinese numerals (`七B`), a model's nickname (`羊驼3` → llama 3,
//! `深度求索` → deepseek, `ds` beside a version or a size), a day's tokens in 亿 (`一个亿token`
//! → 100 million), `接口` as the API beside its price, and a bare `us`/`eu` beside a card as
//! the region.

use crate::catalog::Catalog;

/// Words said for another: a month said any way as the text's own monthly plan (`包1个月`
/// reads always on).
const SAID: &[(&str, &str)] = &[
    ("包一整个月", "包1个月"),
    ("包整个月", "包1个月"),
    ("一整个月", "包1个月"),
    ("1整个月", "包1个月"),
    ("整整1个月", "包1个月"),
    ("包个月", "包1个月"),
    ("包一整月", "包1个月"),
    ("一整月", "包1个月"),
    ("整个月", "包1个月"),
    ("for the entire month", "for 1 month"),
    ("for an entire month", "for 1 month"),
    ("for the full month", "for 1 month"),
    ("one whole month", "1 month"),
    ("one full month", "1 month"),
    ("one entire month", "1 month"),
    // `上半年` (this year's first half), which the spoken-form pass wrote as six months.
    ("上6个月", "上半年"),
];
/// A model's nickname and its family's name; `ds` only beside a version or a size.
const NICKNAMES: &[(&str, &str)] = &[
    ("羊驼", " llama "),
    ("羊駝", " llama "),
    ("深度求索", " deepseek "),
];
/// Words after `spot` that make it spot capacity, not a place.
const SPOT_KIND: &[&str] = &[
    "spot instance",
    "spot price",
    "spot pricing",
    "spot market",
    "spot rate",
    "spot gpu",
    "spot vs",
    "spot or",
    "spot only",
    "spot capacity",
    "preemptible",
    "interruptible",
];

/// The normalized text with its spoken forms written plainly.
pub(super) fn plain(catalog: &Catalog, norm: &str) -> String {
    let mut s = norm.to_string();
    for (w, to) in SAID.iter().chain(NICKNAMES) {
        if s.contains(w) {
            s = s.replace(w, to);
        }
    }
    let s = spot_as_place(&s);
    let s = ds_beside_version(&s);
    let s = spoken_digits(catalog, &s);
    let s = english_card(catalog, &s);
    let s = version_in_numerals(catalog, &s);
    let s = size_in_numerals(&s);
    let s = yi_tokens(&s);
    let s = api_said(&s);
    region_beside_card(catalog, &s)
}

/// `best spot to rent`, `cheapest spot for an a6000`: a place. Spot capacity
/// (`spot instance`, `spot price`) is left as said.
fn spot_as_place(s: &str) -> String {
    if !s.contains("spot") || SPOT_KIND.iter().any(|w| s.contains(w)) {
        return s.to_string();
    }
    // `spot for` is a place only after a word that picks a place (`best spot for`); `any spot
    // for h100` may be spot capacity.
    let mut out = s
        .replace("spot to ", "place to ")
        .replace("spot where ", "place where ");
    for w in [
        "best", "good", "cheapest", "cheap", "right", "a", "the", "great",
    ] {
        out = out.replace(&format!("{w} spot for "), &format!("{w} place for "));
    }
    out
}

/// `ds r1`, `ds v3`, `ds-70b`: deepseek beside a version or a size; `ds` alone is left.
fn ds_beside_version(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(at) = rest.find("ds") {
        let before_ok = rest[..at]
            .chars()
            .next_back()
            .is_none_or(|c| !c.is_ascii_alphanumeric());
        let after = &rest[at + 2..];
        let next = after.trim_start_matches([' ', '-']);
        let mut nc = next.chars();
        let versioned = match (nc.next(), nc.next()) {
            (Some('r' | 'v'), Some(d)) => d.is_ascii_digit(),
            (Some(d), _) => d.is_ascii_digit() && size_follows(next),
            _ => false,
        };
        out.push_str(&rest[..at]);
        if before_ok && versioned {
            out.push_str("deepseek");
        } else {
            out.push_str("ds");
        }
        rest = after;
    }
    out.push_str(rest);
    out
}

/// Whether `s` starts with a size (`70b`, `7b`).
fn size_follows(s: &str) -> bool {
    let digits = s.len() - s.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    digits > 0 && s[digits..].starts_with('b')
}

/// The digit a spoken Chinese digit stands for (the one numeral reader's, and `洞` as zero
/// is read out over a line, in a card's number only).
pub(super) fn zh_digit(c: char) -> Option<char> {
    let d = if c == '洞' {
        0
    } else {
        super::numerals::digit(c)?
    };
    char::from_digit(d, 10)
}

/// `四零九零`, `三零九零`, `a幺零零`: four spoken digits (or three after a letter) that form a
/// card the catalog knows, as those digits; any other run is left as said.
fn spoken_digits(catalog: &Catalog, s: &str) -> String {
    let chars: Vec<char> = s.chars().collect();
    let mut out = String::with_capacity(s.len());
    let mut i = 0;
    while i < chars.len() {
        let run = chars[i..]
            .iter()
            .take_while(|c| zh_digit(**c).is_some())
            .count();
        // The letters before three digits (`a幺零零`): at most two, looked at only then.
        let lead = match run {
            3 => chars[..i]
                .iter()
                .rev()
                .take(3)
                .take_while(|c| c.is_ascii_alphabetic())
                .count()
                .min(2),
            _ => 0,
        };
        let card = (run == 4 || (run == 3 && lead > 0)) && {
            let digits: String = chars[i..i + run]
                .iter()
                .filter_map(|c| zh_digit(*c))
                .collect();
            let name: String = chars[i - lead..i].iter().collect::<String>() + &digits;
            catalog.find_gpu(&name).is_some()
        };
        if card {
            out.extend(chars[i..i + run].iter().filter_map(|c| zh_digit(*c)));
            i += run;
        } else if run > 0 {
            out.extend(&chars[i..i + run]);
            i += run;
        } else {
            out.push(chars[i]);
            i += 1;
        }
    }
    out
}

/// `forty ninety`, `thirty eighty`: a card's number said as two English numbers, when it is a
/// card the catalog knows.
fn english_card(catalog: &Catalog, s: &str) -> String {
    const TENS: &[(&str, &str)] = &[
        ("twenty", "20"),
        ("thirty", "30"),
        ("forty", "40"),
        ("fourty", "40"),
        ("fifty", "50"),
        ("sixty", "60"),
        ("seventy", "70"),
        ("eighty", "80"),
        ("ninety", "90"),
    ];
    let words: Vec<&str> = s.split(' ').collect();
    let mut out: Vec<String> = Vec::with_capacity(words.len());
    let mut i = 0;
    while i < words.len() {
        let tens = |w: &str| TENS.iter().find(|(t, _)| *t == w).map(|(_, d)| *d);
        if let (Some(a), Some(b)) = (tens(words[i]), words.get(i + 1).and_then(|w| tens(w))) {
            let n = card_number(a, b);
            // `forty ninety minutes` counts something else.
            let unit = words.get(i + 2).is_some_and(|w| {
                [
                    "minute", "hour", "day", "dollar", "buck", "cent", "second", "gb", "gig",
                ]
                .iter()
                .any(|u| w.starts_with(u))
            });
            if !unit && catalog.find_gpu(&n).is_some() {
                out.push(n);
                i += 2;
                continue;
            }
        }
        out.push(words[i].to_string());
        i += 1;
    }
    out.join(" ")
}

/// `forty` + `ninety` → `4090`.
fn card_number(a: &str, b: &str) -> String {
    format!("{}0{}0", &a[..1], &b[..1])
}

/// The value of a Chinese numeral of one or two places (`七`, `十四`, `七十`), if it is one
/// (read by the one numeral reader).
pub(super) fn zh_small(s: &str) -> Option<u32> {
    let cs: Vec<char> = s.chars().collect();
    let places = cs.len() == 1 || (cs.len() <= 3 && cs.contains(&'十'));
    if !places || cs.iter().any(|c| matches!(c, '百' | '千' | '万' | '亿')) {
        return None;
    }
    super::numerals::value_of(&cs).and_then(|v| u32::try_from(v).ok())
}

/// Counters after a numeral that make it a count, not a version (`llama三个版本`).
const COUNTERS: &str = "个张台块卡天月年周小次";

/// `llama三 8b`, `llama三点一 70b`, `千问二点五 7b`, `gemma三`: a version in Chinese numerals
/// right after a family the catalog knows (a model id starts with it) or a Chinese brand name,
/// in digits (`llama3 8b`); the numerals are read as the rest of the reader reads them.
fn version_in_numerals(catalog: &Catalog, s: &str) -> String {
    let chars: Vec<char> = s.chars().collect();
    let mut out = String::with_capacity(s.len());
    let mut i = 0;
    while i < chars.len() {
        let digit = |c: char| super::numerals::digit(c).filter(|_| c != '两');
        let mut j = i;
        while j < chars.len() && digit(chars[j]).is_some() && j - i < 2 {
            j += 1;
        }
        // A point and its digit (`二点五`).
        let point = j > i
            && chars.get(j) == Some(&'点')
            && chars.get(j + 1).is_some_and(|c| digit(*c).is_some());
        let end = if point { j + 2 } else { j };
        let counted = chars.get(end).is_some_and(|c| COUNTERS.contains(*c));
        if j == i || counted || !after_family(catalog, &out) {
            out.push(chars[i]);
            i += 1;
            continue;
        }
        for &c in &chars[i..end] {
            match digit(c) {
                Some(d) => out.push(char::from_digit(d, 10).unwrap_or('0')),
                None => out.push('.'),
            }
        }
        if chars.get(end).is_some_and(char::is_ascii_alphanumeric) {
            out.push(' ');
        }
        i = end;
    }
    out
}

/// Whether `before` ends with a family's name: a run of letters a catalog model's id starts
/// with (`llama`, `qwen`, `gemma`), or a Chinese brand name (`千问`).
fn after_family(catalog: &Catalog, before: &str) -> bool {
    if crate::catalog::BRAND_WORDS
        .iter()
        .any(|(zh, _)| before.ends_with(zh))
    {
        return true;
    }
    let letters: String = before
        .chars()
        .rev()
        .take_while(char::is_ascii_lowercase)
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect();
    letters.len() >= 2 && catalog.models.iter().any(|m| m.id.starts_with(&letters))
}

/// Words a size is said with, beside the lexicon's job verbs (`lexicon::job_verb_said`: `跑`,
/// `训`, `部署`, `run`; this list had kept `跑`, `部署`, `训练`, `run` of its own, so `想训个七b`
/// had no size): what the size needs or runs on (`二b` alone is slang, no size); a count of
/// cards asked (`七十二B要几张H一百`) is the fit's own question.
const SIZE_CONTEXT: &[&str] = &[
    "够",
    "显存",
    "模型",
    "推理",
    "微调",
    "卡",
    "fit",
    "gpu",
    "model",
    "几张",
    "几块",
    "多少张",
    "how many",
];

/// `七b`, `十四b`, `七十b`: a size in Chinese numerals, in digits (`7b`), beside a job's words.
fn size_in_numerals(s: &str) -> String {
    if !crate::lexicon::job_verb_said(s) && !SIZE_CONTEXT.iter().any(|w| s.contains(w)) {
        return s.to_string();
    }
    let chars: Vec<char> = s.chars().collect();
    let mut out = String::with_capacity(s.len());
    let mut i = 0;
    while i < chars.len() {
        let run = chars[i..]
            .iter()
            .take_while(|c| zh_digit(**c).is_some() || **c == '十')
            .count();
        // `b站` (bilibili) is no size.
        let size = run > 0
            && chars.get(i + run) == Some(&'b')
            && chars.get(i + run + 1) != Some(&'站')
            && !chars
                .get(i + run + 1)
                .is_some_and(|c| c.is_ascii_alphanumeric());
        let value = size
            .then(|| zh_small(&chars[i..i + run].iter().collect::<String>()))
            .flatten();
        match value {
            Some(v) => {
                out.push_str(&v.to_string());
                i += run;
            }
            None if run > 0 => {
                out.extend(&chars[i..i + run]);
                i += run;
            }
            None => {
                out.push(chars[i]);
                i += 1;
            }
        }
    }
    out
}

/// `1个亿token`, `2亿 tokens`: a count of 亿 before tokens as hundreds of millions
/// (`100百万token`, the form the volume reader takes).
fn yi_tokens(s: &str) -> String {
    let Some(at) = s.find('亿') else {
        return s.to_string();
    };
    let after = s[at + '亿'.len_utf8()..].trim_start();
    if !after.starts_with("token") {
        return s.to_string();
    }
    let before = s[..at].strip_suffix('个').unwrap_or(&s[..at]);
    let digits = before.len()
        - before
            .trim_end_matches(|c: char| c.is_ascii_digit() || c == '.')
            .len();
    let Some(n) = before[before.len() - digits..]
        .parse::<f64>()
        .ok()
        .filter(|n| *n > 0.0 && digits > 0)
    else {
        return s.to_string();
    };
    let millions = n * 100.0;
    format!(
        "{}{}百万{}",
        &before[..before.len() - digits],
        millions,
        &s[at + '亿'.len_utf8()..]
    )
}

/// `接口2块钱1百万`: the API (`接口`) beside its price, as `api`.
fn api_said(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(at) = rest.find("接口") {
        let after = &rest[at + "接口".len()..];
        let priced = after
            .trim_start_matches(['价', '格', '是', ' ', '要', '收'])
            .starts_with(|c: char| c.is_ascii_digit() || c == '$' || c == '¥');
        out.push_str(&rest[..at]);
        out.push_str(if priced { "api " } else { "接口" });
        rest = after;
    }
    out.push_str(rest);
    out
}

/// `us 4090`, `h100 eu`: a bare `us`/`eu` right beside a card is the region said in full
/// (`in the us`), which [`super::offers_said`] reads; `help us find` is no region.
fn region_beside_card(catalog: &Catalog, s: &str) -> String {
    let words: Vec<&str> = s.split(' ').collect();
    let card = |w: Option<&&str>| w.is_some_and(|w| !w.is_empty() && catalog.find_gpu(w).is_some());
    let out: Vec<String> = words
        .iter()
        .enumerate()
        .map(|(i, w)| {
            // `us` before a card only as the first word (`show us 4090 prices` is a pronoun).
            let region = match *w {
                "eu" => card(words.get(i + 1)) || (i > 0 && card(words.get(i - 1))),
                "us" | "usa" => (i == 0 && card(words.get(1))) || (i > 0 && card(words.get(i - 1))),
                _ => false,
            };
            match (region, *w) {
                (true, "eu") => "in the eu".to_string(),
                (true, _) => "in the us".to_string(),
                _ => w.to_string(),
            }
        })
        .collect();
    out.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_written_plainly() {
        let c = Catalog::embedded().unwrap();
        assert_eq!(plain(&c, "四零九零跑7b"), "4090跑7b");
        assert_eq!(plain(&c, "五五五五 是什么"), "五五五五 是什么");
        assert_eq!(plain(&c, "forty ninety vs fifty ninety"), "4090 vs 5090");
        assert_eq!(plain(&c, "forty ninety minutes"), "forty ninety minutes");
        assert_eq!(plain(&c, "三零九零能跑十四b吗"), "3090能跑14b吗");
        assert_eq!(plain(&c, "ds v3 要几张h200"), "deepseek v3 要几张h200");
        assert_eq!(plain(&c, "ds 是什么"), "ds 是什么");
        assert_eq!(plain(&c, "1天2个亿token"), "1天200百万token");
        assert_eq!(plain(&c, "投资1个亿"), "投资1个亿");
        assert_eq!(plain(&c, "接口2块钱1百万"), "api 2块钱1百万");
        assert_eq!(
            plain(&c, "us 4090 availability"),
            "in the us 4090 availability"
        );
        assert_eq!(plain(&c, "help us find a 4090"), "help us find a 4090");
        assert_eq!(plain(&c, "show us 4090 prices"), "show us 4090 prices");
        assert_eq!(plain(&c, "4090 us cheapest"), "4090 in the us cheapest");
        assert_eq!(plain(&c, "你是不是二b"), "你是不是二b");
        assert_eq!(plain(&c, "best spot to rent"), "best place to rent");
        assert_eq!(plain(&c, "spot price for 3h"), "spot price for 3h");
        assert_eq!(plain(&c, "llama三8b 4090"), "llama3 8b 4090");
        assert_eq!(plain(&c, "千问二点五 7b 3060"), "千问2.5 7b 3060");
        assert_eq!(plain(&c, "llama三点一 70b"), "llama3.1 70b");
        assert_eq!(plain(&c, "llama三个版本"), "llama三个版本");
        assert_eq!(plain(&c, "a100三张"), "a100三张");
    }
}
