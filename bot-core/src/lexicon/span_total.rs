//! A total said over a span of days (`周末两天一共跑个十小时`, `这周三天总共15个小时`, `两天加起来
//! 8小时`, `10 hours in total over the weekend`): the hours are the whole job's, so the span is
//! no length of its own (issue 26 §4, helper und_du). A total over a span beats a reading per
//! day or a length of whole days; the span's words are taken out and the total read as said.

/// Words that make the hours a total.
const TOTAL_WORDS: &[&str] = &[
    "一共",
    "总共",
    "加起来",
    "总计",
    "合计",
    "in total",
    "total",
    "altogether",
    "combined",
];
/// Words of hours: the total must be hours for the span to go.
const HOUR_WORDS: &[&str] = &["小时", "钟头", "个钟", "hour", "hrs", "hr"];
/// The words that open a Chinese span, before a count of days or alone (`周末`).
const ZH_SPAN_LEADS: &[&str] = &["周末", "这周", "本周", "下周", "这个周末", "这两天"];
/// English spans of days (`over the weekend`, `across two days`).
const EN_SPAN_LEADS: &[&str] = &["over the weekend", "across the weekend", "over", "across"];

/// `text` without the span of days a total of hours is said over, or `None` when the text
/// says no total of hours over a span (each day's hours stay each day's: `每天一共3小时`).
pub fn total_span_dropped(text: &str) -> Option<String> {
    let low = text.to_lowercase();
    if !TOTAL_WORDS.iter().any(|w| low.contains(w)) || !HOUR_WORDS.iter().any(|w| low.contains(w)) {
        return None;
    }
    // A day of a rate (`每天`, `a day`, `per day`) keeps the hours a day's.
    if low.contains("每天") || low.contains("a day") || low.contains("per day") {
        return None;
    }
    zh_span(&low).or_else(|| en_span(&low))
}

/// `周末两天`, `这周三天`, `两天`: a lead, a count of days, or both, taken out.
fn zh_span(low: &str) -> Option<String> {
    let chars: Vec<char> = low.chars().collect();
    let s: String = chars.iter().collect();
    let lead = ZH_SPAN_LEADS
        .iter()
        .find_map(|l| s.find(l).map(|at| (at, l.len())));
    // A count of days: a numeral or digits right before `天` (`两天`, `3天`), not `每天`.
    let days = s.match_indices('天').find_map(|(at, _)| {
        let head = &s[..at];
        let num: String = head
            .chars()
            .rev()
            .take_while(|c| c.is_ascii_digit() || "一二两三四五六七八九十几".contains(*c))
            .collect();
        (!num.is_empty()).then(|| (at - num.len(), at + '天'.len_utf8()))
    });
    let (start, end) = match (lead, days) {
        (Some((l, n)), Some((d, e))) if l + n == d => (l, e),
        (Some((l, n)), _) => (l, l + n),
        (None, Some((d, e))) => (d, e),
        (None, None) => return None,
    };
    Some(format!("{}{}", &s[..start], &s[end..]))
}

/// `over the weekend`, `across two days`, `over 3 days`: taken out.
fn en_span(low: &str) -> Option<String> {
    for lead in EN_SPAN_LEADS {
        let Some(at) = low.find(&format!(" {lead} ")) else {
            continue;
        };
        let after = &low[at + lead.len() + 2..];
        if lead.contains("weekend") {
            return Some(format!("{}{}", &low[..at], &low[at + lead.len() + 1..]));
        }
        let words: Vec<&str> = after.split_whitespace().take(3).collect();
        let n = match words.as_slice() {
            ["the", "weekend", ..] => 2,
            [_, d, ..] if d.trim_end_matches([',', '.']).starts_with("day") => 2,
            _ => continue,
        };
        let taken: usize = words[..n].iter().map(|w| w.len() + 1).sum();
        let end = (at + lead.len() + 2 + taken).min(low.len());
        return Some(format!("{} {}", &low[..at], low[end..].trim_start()));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::total_span_dropped as dropped;

    #[test]
    fn a_total_over_a_span_loses_the_span() {
        assert_eq!(
            dropped("周末两天一共跑个十小时左右").as_deref(),
            Some("一共跑个十小时左右")
        );
        assert_eq!(
            dropped("这周三天总共跑15个小时").as_deref(),
            Some("总共跑15个小时")
        );
        assert_eq!(
            dropped("两天加起来大概跑8小时").as_deref(),
            Some("加起来大概跑8小时")
        );
        assert_eq!(
            dropped("12 hours total across two days").as_deref(),
            Some("12 hours total ")
        );
        // Hours a day stay a day's; no total, no change.
        assert_eq!(dropped("每天一共3小时，跑两天"), None);
        assert_eq!(dropped("跑两天两夜"), None);
        assert_eq!(dropped("一共两天"), None);
    }
}
