//! Typed forms written plainly before anything reads them: the letter O
//! typed for a zero in a card's name (`a1OO`, `4o90`: only where the catalog then knows the
//! card), Cantonese `日` as a day after a number (`兩日`, `90 日`), `N and half hour`,
//! `10^6` and `1e-4` written out, a currency code said before its number (`USD 2`), `yuan`
//! after a number as CNY, and Cantonese `同`/`定` between two names (`4090 同 3090`,
//! `runpod 定 lambda`) as `和`/`还是`.

use crate::catalog::Catalog;

/// The text with its typed forms written plainly.
pub(super) fn plain(catalog: &Catalog, norm: &str) -> String {
    let s = family_typos(catalog, &zero_letters(catalog, norm));
    let s = day_after_number(&s);
    let s = half_hour(&s);
    let s = powers(&s);
    let s = code_first(&told_to(&s));
    filters_typed(&between_names(&s))
}

/// `/offers`' own filters typed in a question (`vram>=40`, `cards>=4`, `显存>=48`): written as the
/// words a floor is said in (`vram at least 40gb`, `at least 4 gpus`), which the memory and
/// card floors read; the bare number of `vram>=` is GB.
fn filters_typed(s: &str) -> String {
    const MEMORY: &[&str] = &["vram", "显存", "memory", "mem"];
    // The longer name first: `num_gpus>=8` is no `gpus>=8` inside another word.
    const CARDS: &[&str] = &["num_gpus", "cards", "gpus", "卡数"];
    let mut out = s.to_string();
    for (names, memory) in [(MEMORY, true), (CARDS, false)] {
        for name in names {
            for op in [">=", "≥", "=>"] {
                let key = format!("{name}{op}");
                while let Some(at) = out.find(&key) {
                    let rest = out[at + key.len()..].trim_start();
                    let digits: String = rest
                        .chars()
                        .take_while(|c| c.is_ascii_digit() || *c == '.')
                        .collect();
                    if digits.is_empty() {
                        break;
                    }
                    let after = rest[digits.len()..].to_string();
                    let unit = ["gib", "gb", "g"]
                        .iter()
                        .find(|u| after.starts_with(**u))
                        .map_or(0, |u| u.len());
                    let said = if memory {
                        format!(" vram at least {digits}gb ")
                    } else {
                        format!(" at least {digits} gpus ")
                    };
                    let end = after[unit..].to_string();
                    out = format!("{}{said}{end}", &out[..at]);
                }
            }
        }
    }
    out
}

/// `a1oo`, `4o90`, `h1oo`: an `o` beside a digit in a word the catalog knows as a card once
/// each such `o` is a zero (and not before).
fn zero_letters(catalog: &Catalog, s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for word in words(s) {
        let plain = match word {
            Word::Ascii(w) if w.contains('o') && w.bytes().any(|b| b.is_ascii_digit()) => {
                let mut b = w.as_bytes().to_vec();
                // Every `o` next to a digit (or to an `o` that became one) is a zero.
                for _ in 0..b.len() {
                    for i in 0..b.len() {
                        let beside = |j: Option<usize>| {
                            j.and_then(|j| b.get(j)).is_some_and(u8::is_ascii_digit)
                        };
                        if b[i] == b'o' && (beside(i.checked_sub(1)) || beside(Some(i + 1))) {
                            b[i] = b'0';
                        }
                    }
                }
                let z = String::from_utf8(b).unwrap_or_else(|_| w.to_string());
                let known = |x: &str| catalog.find_gpu(x).is_some_and(|g| names(g, x));
                if z != w && known(&z) && catalog.find_gpu(w).is_none() {
                    z
                } else {
                    w.to_string()
                }
            }
            Word::Ascii(w) | Word::Other(w) => w.to_string(),
        };
        out.push_str(&plain);
    }
    out
}

/// Words a family's misspelling would take that are names of their own.
/// `small` is Mistral Small's word (two slips from SmolLM), `internal` an ordinary one (one from
/// InternVL).
const NOT_TYPOS: &[&str] = &[
    "llava", "gamma", "lambda", "mamba", "qwq", "small", "internal",
];

/// Whether `w` and the word after it are a catalog model's own name with a space for its dash
/// (`ministral 8b`, the alias of `ministral-8b`): an exact name, never a family misspelt.
fn names_with_next(catalog: &Catalog, w: &str, next: Option<&Word<'_>>) -> bool {
    let Some(Word::Ascii(n)) = next else {
        return false;
    };
    catalog.model_by_name(&format!("{w}-{n}")).is_some()
}

/// `lamma 3.1`, `qwne2.5`, `mistrl 7b`: a word of letters one slip from a model family's name
/// (two for a word of five letters or more that starts with the same one), said before a
/// version or a size, is that family; a word the catalog knows is left alone.
fn family_typos(catalog: &Catalog, s: &str) -> String {
    let mut families: Vec<&str> = catalog
        .models
        .iter()
        .map(|m| m.family.as_str())
        // The letters before a version (`qwen` of `qwen2.5`, `deepseek` of `deepseek-v3`), never
        // a first word before another word (`seed` of `seed-oss`: `need 2 a100` is no slip of
        // Seed-OSS; `command` of `command-r`: `company (5 devs)` is no slip of Command-R).
        .filter_map(|f| {
            let head = f
                .split(|c: char| !c.is_ascii_alphabetic())
                .next()
                .unwrap_or(f);
            let rest = f[head.len()..].strip_prefix('-').unwrap_or("");
            let letters = rest.bytes().take_while(u8::is_ascii_alphabetic).count();
            let version = rest.as_bytes().get(letters).is_some_and(u8::is_ascii_digit);
            let word_follows = letters > 0 && !version;
            (!word_follows).then_some(head)
        })
        .filter(|f| f.len() >= 4)
        .collect();
    families.sort_unstable();
    families.dedup();
    let parts = words(s);
    let mut out = String::with_capacity(s.len());
    for (k, word) in parts.iter().enumerate() {
        let w = match word {
            Word::Ascii(w) | Word::Other(w) => *w,
        };
        let letters = w.trim_end_matches(|c: char| c.is_ascii_digit());
        let versioned = letters.len() < w.len()
            || parts.get(k + 2).is_some_and(|n| match n {
                Word::Ascii(n) => n.starts_with(|c: char| c.is_ascii_digit()),
                Word::Other(_) => false,
            });
        let fixed = matches!(word, Word::Ascii(_))
            .then_some(letters)
            .filter(|l| l.len() >= 4 && l.bytes().all(|b| b.is_ascii_lowercase()))
            .filter(|l| versioned && !NOT_TYPOS.contains(l) && !families.contains(l))
            // `deepseekv4`, `kimik2`: the family glued to a version that starts with a letter.
            .filter(|l| !families.contains(&&l[..l.len() - 1]))
            .filter(|l| catalog.find_model(l).is_none() && catalog.find_platform(l).is_none())
            .filter(|_| !names_with_next(catalog, w, parts.get(k + 2)))
            .and_then(|l| {
                // The nearest family, when one is nearer than every other.
                let near: Vec<(usize, &&str)> = (families.iter())
                    .map(|f| (slips(l, f), f))
                    .filter(|(d, f)| *d <= allowed(l, f))
                    .collect();
                let best = near.iter().map(|(d, _)| *d).min()?;
                match near
                    .iter()
                    .filter(|(d, _)| *d == best)
                    .collect::<Vec<_>>()
                    .as_slice()
                {
                    [(_, one)] => Some(format!("{one}{}", &w[l.len()..])),
                    _ => None,
                }
            });
        out.push_str(fixed.as_deref().unwrap_or(w));
    }
    out
}

/// How many slips `word` may hold from `family`: one, or two in a word of five letters or more
/// that starts as the family does.
fn allowed(word: &str, family: &str) -> usize {
    if word.len() >= 5 && word.as_bytes()[0] == family.as_bytes()[0] {
        2
    } else {
        1
    }
}

/// The edits from `a` to `b`: letters added, dropped, changed or two swapped side by side
/// (the lexicon's one distance, `lexicon::slips_apart`, with no limit).
fn slips(a: &str, b: &str) -> usize {
    crate::lexicon::slips_apart(a.as_bytes(), b.as_bytes(), usize::MAX).unwrap_or(usize::MAX)
}

/// Whether `word` is one of the card's own names (its id's model part, its name, an alias),
/// not a near miss the forgiving look-up takes.
fn names(g: &crate::catalog::Gpu, word: &str) -> bool {
    g.id.split('-').any(|p| p == word)
        || g.aliases.iter().any(|a| a.eq_ignore_ascii_case(word))
        || g.name.to_lowercase().split(' ').any(|p| p == word)
}

enum Word<'a> {
    Ascii(&'a str),
    Other(&'a str),
}

/// The text cut into ASCII letter-and-digit words and what lies between them.
fn words(s: &str) -> Vec<Word<'_>> {
    let mut out = Vec::new();
    let mut start = 0;
    let mut ascii = None;
    for (i, c) in s.char_indices() {
        let a = c.is_ascii_alphanumeric();
        if ascii != Some(a) {
            if i > start {
                let w = &s[start..i];
                out.push(if ascii == Some(true) {
                    Word::Ascii(w)
                } else {
                    Word::Other(w)
                });
            }
            start = i;
            ascii = Some(a);
        }
    }
    if start < s.len() {
        let w = &s[start..];
        out.push(if ascii == Some(true) {
            Word::Ascii(w)
        } else {
            Word::Other(w)
        });
    }
    out
}

/// Cantonese `日` for a day after a number (`2日`, `两日`, `90 日`), not a date (`5月1日`),
/// nor `一日八个钟` (a day's hours, read as `daily`), nor yen (`5000日元`, `日币`), written `天`.
fn day_after_number(s: &str) -> String {
    let chars: Vec<char> = s.chars().collect();
    let numeral = |c: char| c.is_ascii_digit() || "一二两三四五六七八九十百".contains(c);
    let mut out = String::with_capacity(s.len());
    for (i, &c) in chars.iter().enumerate() {
        if c == '日' {
            let mut j = i;
            while j > 0 && chars[j - 1] == ' ' {
                j -= 1;
            }
            let mut n = j;
            while n > 0 && numeral(chars[n - 1]) {
                n -= 1;
            }
            let counted = n < j;
            let date = n > 0 && chars[n - 1] == '月';
            let hours_after = chars.get(i + 1).is_some_and(|&d| numeral(d));
            // `5000日元`, `日币`: yen, an amount.
            let money = chars.get(i + 1).is_some_and(|&d| matches!(d, '元' | '币'));
            // `4090 日常`, `3090 日用 8小时`, `日租`, `日志`: `日` starting a word of its own, the
            // number before it a card's (it had been 4090 days and the card dropped).
            let word = chars
                .get(i + 1)
                .is_some_and(|&d| "常均用租费付本志期语文报记".contains(d));
            let one = j - n == 1 && matches!(chars[n], '一' | '1');
            let day = counted && !date && !money && !word;
            if day && !(one && hours_after) {
                // A Chinese numeral (`两日`) written in digits, as the counter pass writes `两天`.
                let run: Vec<char> = chars[n..j].to_vec();
                if !run[0].is_ascii_digit()
                    && let Some(v) = super::spoken_zh::numeral_value(&run)
                {
                    let keep = out.chars().count() - (i - n);
                    out = out.chars().take(keep).collect();
                    out.push_str(&v.to_string());
                }
                out.push('天');
                continue;
            }
        }
        out.push(c);
    }
    out
}

/// `2 and half hour`, `2 and a half hour`: the spoken-form pass wrote the half as `30
/// minutes`, leaving `2 and 30 minutes`; a bare number before it is the hours.
fn half_hour(s: &str) -> String {
    let squeezed = s
        .split(' ')
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join(" ");
    let Some(at) = squeezed.find(" and 30 minutes") else {
        return s.to_string();
    };
    let head = &squeezed[..at];
    let digits = head.len() - head.trim_end_matches(|c: char| c.is_ascii_digit()).len();
    let glued =
        head[..head.len() - digits].ends_with(|c: char| c.is_ascii_alphanumeric() || c == '.');
    if digits == 0 || glued {
        return s.to_string();
    }
    format!(
        "{head} hours 30 minutes{}",
        &squeezed[at + " and 30 minutes".len()..]
    )
}

/// `10^6` → `1000000`, `1e-4` → `0.0001`: a power of ten written out.
fn powers(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(at) = rest.find(['^', 'e']) {
        let (head, tail) = rest.split_at(at);
        let mantissa_len = head.len()
            - head
                .trim_end_matches(|c: char| c.is_ascii_digit() || c == '.')
                .len();
        let mantissa = &head[head.len() - mantissa_len..];
        let glued = head[..head.len() - mantissa_len].ends_with(|c: char| c.is_ascii_alphabetic());
        let op = &tail[..1];
        let exp_text = &tail[1..];
        let neg = exp_text.starts_with('-');
        let digits = exp_text[usize::from(neg)..]
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(exp_text.len() - usize::from(neg));
        let exp: Option<u32> = exp_text[usize::from(neg)..usize::from(neg) + digits]
            .parse()
            .ok();
        let value = match (op, mantissa, exp) {
            ("^", "10", Some(e)) if !neg && e <= 12 => Some(format!("{}", 10u64.pow(e))),
            ("e", m, Some(e)) if neg && !m.is_empty() && !glued && e <= 9 => {
                m.parse::<rust_decimal::Decimal>().ok().map(|m| {
                    (m / rust_decimal::Decimal::from(10u64.pow(e)))
                        .normalize()
                        .to_string()
                })
            }
            _ => None,
        };
        let after = &exp_text[usize::from(neg) + digits..];
        match value {
            Some(v) if digits > 0 && !after.starts_with(|c: char| c.is_ascii_alphanumeric()) => {
                out.push_str(&head[..head.len() - mantissa_len]);
                out.push_str(&v);
                rest = after;
            }
            _ => {
                out.push_str(head);
                out.push_str(op);
                rest = &tail[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// `老板叫我部署 …`, `叫我喺公司部署`: `叫我` with a job after it is someone telling the asker
/// to do it (`让我`), no alert; `有货叫我`, `叫我一声` stay the alert's words.
fn told_to(s: &str) -> String {
    const ALERT_TAIL: &[&str] = &[
        "一声", "一下", "下", "哦", "啊", "呀", "吧", "喔", "啦", "哈", "嘛", "呗", "呢", "谢",
        "!", "?", "thx", "thanks", "pls", "please", "ok",
    ];
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(at) = rest.find("叫我") {
        let after = rest[at + "叫我".len()..].trim_start_matches(' ');
        let job = after.starts_with(|c: char| !c.is_ascii_punctuation() && !c.is_whitespace())
            && !ALERT_TAIL.iter().any(|t| after.starts_with(t))
            && !after.starts_with(['，', '。', ',', '.']);
        out.push_str(&rest[..at]);
        out.push_str(if job { "让我" } else { "叫我" });
        rest = &rest[at + "叫我".len()..];
    }
    out.push_str(rest);
    out
}

/// `usd 2` → `2 usd`, `yuan` after a number → `cny`: a currency said before its number, or by
/// its name, as the price reader reads it.
fn code_first(s: &str) -> String {
    // Split on single spaces and joined back the same: a sentence mark is two spaces, which
    // the two-asks reader looks for.
    let mut toks: Vec<Option<String>> = s.split(' ').map(|t| Some(t.to_string())).collect();
    let word = |t: &Option<String>| t.clone().unwrap_or_default();
    for i in 1..toks.len() {
        let before = word(&toks[i - 1]);
        if word(&toks[i]) == "yuan" && before.ends_with(|c: char| c.is_ascii_digit() || c == 'k') {
            toks[i] = Some("cny".into());
        }
    }
    // `美元0.5每小时`, `人民币3块`: a currency's name glued before its number (it was the
    // currency to convert to, the amount left in the chat's).
    for i in 0..toks.len() {
        let after_number = i > 0 && word(&toks[i - 1]).ends_with(|c: char| c.is_ascii_digit());
        if let Some(t) = toks[i].as_mut() {
            *t = name_glued_first(t, after_number);
        }
    }
    for i in 0..toks.len().saturating_sub(1) {
        let (t, n) = (word(&toks[i]), word(&toks[i + 1]));
        let code = ["usd", "cny", "rmb", "美元", "美金", "人民币"].contains(&t.as_str());
        let number = n.starts_with(|c: char| c.is_ascii_digit());
        let before_number = i > 0 && word(&toks[i - 1]).ends_with(|c: char| c.is_ascii_digit());
        if code && number && !before_number {
            // The code goes right after the number's digits (`2，` keeps its mark after).
            let end = n
                .find(|c: char| !(c.is_ascii_digit() || c == '.' || c == ','))
                .unwrap_or(n.len());
            toks[i + 1] = Some(format!("{} {t}{}", &n[..end], &n[end..]));
            toks[i] = None;
        }
    }
    toks.into_iter().flatten().collect::<Vec<_>>().join(" ")
}

/// `美元0.5每小时` → `0.5美元每小时`, `usd0.5/h` → `0.5usd/h`: a currency name right before a
/// price's number in one word goes after the number's digits.
fn name_glued_first(w: &str, after_number: bool) -> String {
    for name in ["美元", "美金", "人民币", "usd", "rmb", "cny"] {
        // A code in letters starts its word (`usd0.5/h`, `rmb2/小时`), never inside a name.
        let ascii = name.is_ascii();
        if let Some(at) = w.find(name).filter(|at| !ascii || *at == 0) {
            // `2美元1小时`, `300 人民币1个月`: the name ends the amount before it.
            let before = &w[..at];
            if before.ends_with(|c: char| c.is_ascii_digit() || c == '.')
                || (before.is_empty() && after_number)
            {
                continue;
            }
            let rest = &w[at + name.len()..];
            let end = rest
                .find(|c: char| !(c.is_ascii_digit() || c == '.'))
                .unwrap_or(rest.len());
            // What follows the number makes it a price (`每小时`, `/h`, `一小时`, `块`), never
            // a length's count (`合人民币1小时多少` asks the currency to convert to).
            let priced = ["每", "/", "1小时", "一", "per"]
                .iter()
                .chain(crate::lexicon::MONEY_WORDS.iter())
                .any(|p| rest[end..].trim_start().starts_with(p));
            if end > 0 && rest.starts_with(|c: char| c.is_ascii_digit()) && priced {
                // `人民币3块`: the amount's own word says the currency already.
                let worded = crate::lexicon::MONEY_WORDS
                    .iter()
                    .any(|m| rest[end..].starts_with(m));
                let name = if worded { "" } else { name };
                return format!("{}{}{name}{}", &w[..at], &rest[..end], &rest[end..]);
            }
        }
    }
    w.to_string()
}

/// Cantonese `同` (and) and `定` (or) between two names written in letters or digits
/// (`4090 同 3090`, `runpod 定 lambda`): `和`, `还是`.
fn between_names(s: &str) -> String {
    let chars: Vec<char> = s.chars().collect();
    let mut out = String::with_capacity(s.len());
    for (i, &c) in chars.iter().enumerate() {
        if c == '同' || c == '定' {
            let prev = chars[..i].iter().rev().find(|c| **c != ' ');
            let next = chars[i + 1..].iter().find(|c| **c != ' ');
            let name = |c: Option<&char>| c.is_some_and(|c| c.is_ascii_alphanumeric());
            if name(prev) && name(next) {
                out.push_str(if c == '同' { "和" } else { "还是" });
                continue;
            }
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offer_filters_typed_are_written_as_floors() {
        assert_eq!(
            filters_typed("找个 vram>=40 的卡"),
            "找个  vram at least 40gb  的卡"
        );
        assert_eq!(filters_typed("显存>=48g"), " vram at least 48gb ");
        assert_eq!(filters_typed("num_gpus>=8 h100"), " at least 8 gpus  h100");
        assert_eq!(filters_typed("cards>= 4"), " at least 4 gpus ");
        // No number after it: as typed.
        assert_eq!(filters_typed("vram>=?"), "vram>=?");
    }

    #[test]
    fn typed_forms_are_written_plainly() {
        let catalog = Catalog::embedded().unwrap();
        let p = |s: &str| plain(&catalog, s);
        assert_eq!(p("a1oo 可以吗"), "a100 可以吗");
        assert_eq!(p("4o90 跑70b"), "4090 跑70b");
        assert_eq!(p("gpt-4o 4090"), "gpt-4o 4090");
        assert_eq!(p("h100 跑2日"), "h100 跑2天");
        assert_eq!(p("过去 90 日"), "过去 90 天");
        assert_eq!(p("跑两日"), "跑2天");
        assert_eq!(
            p("4090 2 and  30 minutes  price"),
            "4090 2 hours 30 minutes price"
        );
        assert_eq!(
            p("4090 2 hours and 30 minutes"),
            "4090 2 hours and 30 minutes"
        );
        assert_eq!(p("5月1日 开始"), "5月1日 开始");
        assert_eq!(p("一日八个钟"), "一日八个钟");
        assert_eq!(p("10^6 tokens"), "1000000 tokens");
        assert_eq!(p("1e-4 usd"), "0.0001 usd");
        assert_eq!(p("usd 2 per hour"), "2 usd per hour");
        assert_eq!(p("1.2k yuan per month"), "1.2k cny per month");
        assert_eq!(p("a  also  b"), "a  also  b");
        assert_eq!(p("4090 同 3090"), "4090 和 3090");
        assert_eq!(p("runpod 定 lambda"), "runpod 还是 lambda");
        assert_eq!(p("同事用 4090"), "同事用 4090");
        assert_eq!(p("lamma 3.1 70b"), "llama 3.1 70b");
        assert_eq!(p("老板叫我部署"), "老板让我部署");
        assert_eq!(p("有货叫我"), "有货叫我");
        assert_eq!(p("有货叫我一声"), "有货叫我一声");
        assert_eq!(p("h100 有货叫我 谢谢"), "h100 有货叫我 谢谢");
        assert_eq!(p("qwne2.5 7b"), "qwen2.5 7b");
        assert_eq!(p("llava 1.5 7b"), "llava 1.5 7b");
        assert_eq!(p("lambda 4090"), "lambda 4090");
        assert_eq!(p("mixtral 8x7b"), "mixtral 8x7b");
    }
}
