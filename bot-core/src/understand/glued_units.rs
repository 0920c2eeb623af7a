//! Words glued or spelt so the reader missed them, written plainly before it reads: minutes
//! glued after hours (`1h20min` was 1 h), a thousands comma in a price (`$1,200` was no
//! price), `块` counting cards before a card's name (`两块 a6000` was ¥2 and one card), a
//! method with two letters swapped inside Chinese (`能不能lroa一下`), `avail`, a run that
//! `took … and cost $X` (a paid amount), and a day's hours said around the card (`每天用3090
//! 大概5小时`).

use crate::catalog::Catalog;

/// `norm` with each of those written as the reader reads it.
pub(super) fn plain(catalog: &Catalog, norm: &str) -> String {
    let s = glued_minutes(norm);
    let s = thousands(&s);
    let s = cards_counted(catalog, &s);
    let s = crate::lexicon::method_typos(&s);
    let s = words(&s);
    let s = sequence_in_k(&s);
    let s = pinyin(&s);
    let s = api_amount_first(&s);
    day_before_card(catalog, &s)
}

/// The words of a price question typed in pinyin, whole words only, phrases first; the hours
/// are glued to their number (`3 ge xiaoshi` → `3个小时`).
const PINYIN: &[(&str, &str)] = &[
    (" ge xiaoshi ", "个小时 "),
    (" xiaoshi ", "小时 "),
    (" duoshao qian ", " 多少钱 "),
    (" duoshaoqian ", " 多少钱 "),
    (" na jia ", " 哪家 "),
    (" najia ", " 哪家 "),
    (" pianyi ", " 便宜 "),
    (" zu ", " 租 "),
    (" neng pao ", " 能跑 "),
    (" xianka ", " 显卡 "),
    (" xiancun ", " 显存 "),
    // A card's stock or price history in pinyin (`4090 you huo ma`, `h200 jiage zoushi`).
    (" lishi jiage ", " 历史价格 "),
    (" jiage lishi ", " 历史价格 "),
    (" jiage zoushi ", " 价格走势 "),
    (" you huo ", " 有货 "),
    (" youhuo ", " 有货 "),
    (" mei huo ", " 没货 "),
    (" jiage ", " 价格 "),
    (" zoushi ", " 走势 "),
    (" lishi ", " 历史 "),
    (" zai na ", " 在哪 "),
    (" nali ", " 哪里 "),
    (" tixing wo ", " 提醒我 "),
    (" tongzhi wo ", " 通知我 "),
    (" gui bu gui ", " 贵不贵 "),
];

fn pinyin(s: &str) -> String {
    let mut out = format!(" {s} ");
    let said = out.clone();
    for (py, zh) in PINYIN {
        // Twice, so a word between two matches (` zu 3 ge xiaoshi zu `) is found again.
        out = out.replace(py, zh).replace(py, zh);
    }
    // `ma` asks only in a sentence already typed in pinyin (`you huo ma`), never alone.
    if out != said {
        out = out.replace(" ma ", " 吗 ");
    }
    out.trim().to_string()
}

/// `序列长度4096` → `序列长度 4k`: a sequence length in thousands of tokens, so its number is
/// never taken for a misspelt card (`4096` for `4090`).
fn sequence_in_k(s: &str) -> String {
    let Some(at) = ["序列长度", "序列长"]
        .iter()
        .find_map(|w| s.find(w).map(|a| a + w.len()))
    else {
        return s.to_string();
    };
    let rest = s[at..].trim_start_matches([' ', '=', ':', '是', '为']);
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    match rest[..digits].parse::<u32>() {
        Ok(n) if n >= 1024 && n % 1024 == 0 && !rest[digits..].starts_with(['k', 'K']) => {
            let start = s.len() - rest.len();
            format!("{} {}k{}", &s[..start], n / 1024, &rest[digits..])
        }
        _ => s.to_string(),
    }
}

/// `1h20min`, `2h30mins`, `1hr45minutes` → `1h20m`: one walk.
fn glued_minutes(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = String::with_capacity(s.len());
    let mut i = 0;
    while i < s.len() {
        let rest = &s[i..];
        let hour = ["hrs", "hr", "h"]
            .iter()
            .find(|h| rest.starts_with(*h) && i > 0 && b[i - 1].is_ascii_digit());
        if let Some(h) = hour {
            let after = &rest[h.len()..];
            let digits = after.bytes().take_while(u8::is_ascii_digit).count();
            let tail = &after[digits..];
            let unit = ["minutes", "minute", "mins", "min"]
                .iter()
                .find(|u| tail.starts_with(*u))
                .filter(|u| {
                    !tail[u.len()..]
                        .bytes()
                        .next()
                        .is_some_and(|c| c.is_ascii_alphanumeric())
                });
            if (1..=2).contains(&digits)
                && let Some(u) = unit
            {
                out.push('h');
                out.push_str(&after[..digits]);
                out.push('m');
                i += h.len() + digits + u.len();
                continue;
            }
        }
        let c = rest.chars().next().unwrap_or(' ');
        out.push(c);
        i += c.len_utf8();
    }
    out
}

/// `1,200` → `1200`: a comma before exactly three digits groups thousands.
fn thousands(s: &str) -> String {
    let c: Vec<char> = s.chars().collect();
    let digit = |i: usize| c.get(i).is_some_and(char::is_ascii_digit);
    c.iter()
        .enumerate()
        .filter(|&(i, &ch)| {
            !(ch == ',' && i > 0 && digit(i - 1) && (1..=3).all(|k| digit(i + k)) && !digit(i + 4))
        })
        .map(|(_, ch)| *ch)
        .collect()
}

/// `api百万2块`, `api 一百万token 3元`: beside an API, yuan said right after a million tokens
/// are its price, written amount first (`2块一百万`), the order the reader takes as per million.
fn api_amount_first(s: &str) -> String {
    if !s.contains("api") {
        return s.to_string();
    }
    for m in ["一百万", "1百万", "百万", "100万"] {
        let Some(at) = s.find(m) else { continue };
        // `每百万token 1块钱`: the unit said first with 每 is the price finder's own order.
        if s[..at].trim_end().ends_with('每') {
            continue;
        }
        let rest = s[at + m.len()..]
            .trim_start_matches("tokens")
            .trim_start_matches("token")
            .trim_start_matches([' ', '要', '是']);
        let n = rest
            .find(|c: char| !(c.is_ascii_digit() || c == '.'))
            .unwrap_or(rest.len());
        let Some(y) = ["块钱", "块", "元"]
            .iter()
            .find(|y| rest[n..].starts_with(**y))
        else {
            continue;
        };
        if n == 0 {
            continue;
        }
        let end = s.len() - rest.len() + n + y.len();
        return format!("{} {}{y}一百万 {}", &s[..at], &rest[..n], &s[end..]);
    }
    s.to_string()
}

/// The word of ASCII letters, digits and `-`/`.` that starts `s` (after spaces).
fn next_word(s: &str) -> &str {
    let s = s.trim_start_matches(' ');
    let end = s
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '-' || c == '.'))
        .unwrap_or(s.len());
    &s[..end]
}

/// `2块 a6000`, `用3块l40s`: `块` counts the cards named right after it (`2张`); before money
/// words (`2块钱`, `2块 一小时`) it stays yuan.
fn cards_counted(catalog: &Catalog, s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(at) = rest.find('块') {
        let (before, after) = (&rest[..at], &rest[at + '块'.len_utf8()..]);
        out.push_str(before);
        let counted = before.ends_with(|c: char| c.is_ascii_digit()) && {
            let w = next_word(after);
            // `2块 rtx 4090`: a name of two words.
            let rest = after.trim_start_matches(' ')[w.len()..].to_string();
            let two = format!("{w} {}", next_word(&rest));
            !w.is_empty() && (catalog.find_gpu(w).is_some() || catalog.find_gpu(&two).is_some())
        };
        out.push(if counted { '张' } else { '块' });
        rest = after;
    }
    out.push_str(rest);
    out
}

/// Whole words said short or around a fact: `avail` is available; `took 5h and cost $6.45`
/// says what a run cost (`cost me`).
fn words(s: &str) -> String {
    let padded = format!(" {s} ");
    let mut out = padded
        .replace(" avail ", " available ")
        .replace(" avail?", " available?");
    if [" took ", " ran ", " ran for "]
        .iter()
        .any(|w| out.contains(w))
    {
        out = out.replace(" and cost ", " and it cost me ");
    }
    out.trim().to_string()
}

/// `每天用3090大概5小时`: the card said between the day and its hours moves before the day,
/// so the hours are read as each day's.
fn day_before_card(catalog: &Catalog, s: &str) -> String {
    for day in ["每天用", "每天跑", "一天用", "1天用", "每天租"] {
        let Some(at) = s.find(day) else { continue };
        let after = &s[at + day.len()..];
        let w = next_word(after);
        if w.is_empty() || catalog.find_gpu(w).is_none() {
            continue;
        }
        let rest = after.trim_start_matches(' ');
        let rest = &rest[w.len()..];
        // Only when hours follow: `每天用4090跑qwen` says a volume's day, left as said.
        if !["小时", "hour", "个钟"].iter().any(|h| rest.contains(h)) {
            continue;
        }
        return format!("{} {w} {day}{rest}", &s[..at]);
    }
    s.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn glued_words_written_plainly() {
        assert_eq!(glued_minutes("跑 1h20min 多少钱"), "跑 1h20m 多少钱");
        assert_eq!(glued_minutes("3hr5mins"), "3h5m");
        assert_eq!(glued_minutes("1h20minutes"), "1h20m");
        assert_eq!(glued_minutes("h100 20min"), "h100 20min");
        assert_eq!(thousands("$1,200 a month"), "$1200 a month");
        assert_eq!(thousands("2,5刀"), "2,5刀");
        assert_eq!(
            crate::lexicon::method_typos("能不能lroa一下"),
            "能不能lora一下"
        );
        assert_eq!(words("h200 avail?"), "h200 available?");
        assert_eq!(words("availability"), "availability");
        assert_eq!(
            sequence_in_k("序列长度4096 3090够吗"),
            "序列长度 4k 3090够吗"
        );
        assert_eq!(sequence_in_k("序列长度2000"), "序列长度2000");
        assert_eq!(api_amount_first("api百万2块 每天"), "api 2块一百万  每天");
        assert_eq!(
            api_amount_first("每天一百万token 3块"),
            "每天一百万token 3块"
        );
        assert_eq!(
            pinyin("4090 zu 3 ge xiaoshi na jia pianyi"),
            "4090 租 3个小时 哪家 便宜"
        );
        assert_eq!(pinyin("zulu pianyin"), "zulu pianyin");
        assert_eq!(pinyin("4090 you huo ma"), "4090 有货 吗");
        assert_eq!(pinyin("is it ma card"), "is it ma card");
    }

    #[test]
    fn kuai_counts_cards_only_before_a_card() {
        let c = Catalog::embedded().unwrap();
        assert_eq!(
            cards_counted(&c, "用2块 a6000 行不行"),
            "用2张 a6000 行不行"
        );
        assert_eq!(cards_counted(&c, "2块钱一小时"), "2块钱一小时");
        assert_eq!(cards_counted(&c, "2块 rtx 4090"), "2张 rtx 4090");
        assert_eq!(cards_counted(&c, "4090 2块 一小时"), "4090 2块 一小时");
        assert_eq!(
            day_before_card(&c, "我每天用3090大概5小时"),
            "我 3090 每天用大概5小时"
        );
    }
}
