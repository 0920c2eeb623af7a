//! How easily a card is rented, asked with a where-word (`哪个平台比较好租 4090`, `哪家好租到A100`,
//! `哪里容易租到 3090`, `where is it easy to get an H100`, `which platform makes it easiest to
//! rent`), asks where it is to be had: the availability, as `哪里能租到` / `where can i get` do.
//! The grade of ease is written as the can-word of the where-and-rent cue before any cue is read.
//! A when-word asks the time instead (`什么时候好租`, `哪天较好租`, `when is it easiest to rent`:
//! the trend); a price word with no ease (`哪个平台租4090便宜`) is the ranking and is no ease.

/// Where-words and which-provider words (never a when-word: `哪天`, `什么时候`).
const WHERE_ZH: &[&str] = &[
    "哪个平台",
    "哪些平台",
    "哪家平台",
    "哪个云",
    "哪个网站",
    "哪个服务商",
    "哪家",
    "哪里",
    "哪儿",
    "在哪",
    "去哪",
];
/// How many characters may stand between the where-word and the grade (`哪家的 4090d 好租`).
const REACH: usize = 12;
/// Grades before the ease word (`比较好租`, `最容易租到`).
const GRADES: &[&str] = &["比较", "较", "最", "更", "挺", "很", "相对"];
/// Ease words, said right before the verb to rent.
const EASE_ZH: &[&str] = &["容易", "方便", "好", "快"];
/// What may follow the verb (`租到`, `租得到`) and a grade after it (`好租一点`), taken with it.
const AFTER_RENT: &[&str] = &["得到", "到"];
const AFTER_GRADE: &[&str] = &["一点", "一些", "些", "点"];
/// Marks a where-word's reach never crosses.
const STOPS: &[char] = &['，', ',', '。', '？', '?', '！', '!', '；', ';'];

/// English where-words, and the ease phrase after them.
const WHERE_EN: &[&str] = &[
    "where's",
    "where",
    "which platform",
    "which provider",
    "which cloud",
    "which site",
    "what platform",
];
const EASE_LEAD_EN: &[&str] = &[
    "is it ",
    "it's ",
    "it is ",
    "makes it ",
    "would it be ",
    "is ",
];
const EASE_EN: &[&str] = &["easiest", "easier", "easy", "simplest", "simple"];
const VERBS_EN: &[&str] = &["get", "rent", "find", "grab"];

/// The text with a grade of ease after a where-word written as the can-word of renting.
pub fn ease_as_can(text: &str) -> String {
    ease_en(&ease_zh(text))
}

fn ease_zh(text: &str) -> String {
    let mut out = text.to_string();
    let mut from = 0;
    while let Some((at, w)) = WHERE_ZH
        .iter()
        .filter_map(|w| out[from..].find(w).map(|k| (from + k, *w)))
        .min()
    {
        let start = at + w.len();
        from = start;
        let gap_end = out[start..]
            .char_indices()
            .take(REACH + 1)
            .take_while(|(_, c)| !STOPS.contains(c))
            .map(|(i, c)| start + i + c.len_utf8())
            .last()
            .unwrap_or(start);
        let Some((g, end)) = out[start..gap_end]
            .char_indices()
            .find_map(|(i, _)| ease_at(&out[start + i..]).map(|len| (start + i, start + i + len)))
        else {
            continue;
        };
        // A can-word already said before the grade (`在哪能比较快租到`) is not said twice.
        let can = if out[..g].ends_with('能') || out[..g].ends_with("可以") {
            "租到"
        } else {
            "能租到"
        };
        out.replace_range(g..end, can);
        from = g + can.len();
    }
    out
}

/// The length of a grade of ease and the verb to rent at the start of `s` (`比较好租`, `容易租到`,
/// `好租一点`).
fn ease_at(s: &str) -> Option<usize> {
    let mut k = GRADES
        .iter()
        .find(|g| s.starts_with(**g))
        .map_or(0, |g| g.len());
    k += EASE_ZH.iter().find(|e| s[k..].starts_with(**e))?.len();
    k += "租".len() * usize::from(s[k..].starts_with('租'));
    if !s[..k].ends_with('租') {
        return None;
    }
    for tail in [AFTER_RENT, AFTER_GRADE] {
        k += tail
            .iter()
            .find(|t| s[k..].starts_with(**t))
            .map_or(0, |t| t.len());
    }
    Some(k)
}

/// `where is it easy to rent` → `where can i rent`; `which platform makes it easiest to get` →
/// `where can i get`.
fn ease_en(text: &str) -> String {
    let mut out = text.to_string();
    for w in WHERE_EN {
        let mut from = 0;
        while let Some(at) = out[from..].find(w).map(|k| from + k) {
            from = at + w.len();
            let word_start = !out[..at].ends_with(|c: char| c.is_ascii_alphanumeric());
            let rest = out[from..].trim_start();
            let mut k = out.len() - rest.len();
            k += EASE_LEAD_EN
                .iter()
                .find(|l| out[k..].starts_with(**l))
                .map_or(0, |l| l.len());
            let Some(e) = EASE_EN.iter().find(|e| out[k..].starts_with(**e)) else {
                continue;
            };
            k += e.len();
            if !word_start || !out[k..].starts_with(" to ") {
                continue;
            }
            k += " to ".len();
            let Some(v) = VERBS_EN.iter().find(|v| {
                out[k..].starts_with(**v)
                    && !out[k + v.len()..].starts_with(|c: char| c.is_ascii_alphanumeric())
            }) else {
                continue;
            };
            let said = format!("where can i {v}");
            out.replace_range(at..k + v.len(), &said);
            from = at + said.len();
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::ease_as_can as can;

    #[test]
    fn ease_after_a_where_word_is_the_can_word() {
        assert_eq!(can("哪个平台比较好租 4090"), "哪个平台能租到 4090");
        assert_eq!(can("哪家好租到a100"), "哪家能租到a100");
        assert_eq!(can("哪个平台 h20 比较容易租到"), "哪个平台 h20 能租到");
        assert_eq!(can("哪家的 4090d 好租一点"), "哪家的 4090d 能租到");
        assert_eq!(can("5090 哪儿比较好租到"), "5090 哪儿能租到");
        assert_eq!(can("在哪能比较快租到 4090"), "在哪能租到 4090");
        assert_eq!(
            can("where is it easy to get an h100"),
            "where can i get an h100"
        );
        assert_eq!(
            can("which platform makes it easiest to rent a 5090"),
            "where can i rent a 5090"
        );
        // A when-word, a price with no ease, or a reach past a comma: as said.
        for t in [
            "h20 一般什么时候好租",
            "哪天较好租",
            "什么时候比较容易租到",
            "哪个平台租4090便宜",
            "哪家便宜，4090好租吗",
            "when is it easiest to rent an h100",
            "where is the easy button",
        ] {
            assert_eq!(can(t), t);
        }
    }
}
