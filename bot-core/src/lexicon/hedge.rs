//! Hedge words between a noun and its number (`并发大概8个`, `concurrency around 12`, `预算差不多
//! 50`, `大约3个小时`, `budget about $30`): they say how sure the number is, never what it
//! counts, so every fact reader reads the sentence with them dropped and the noun keeps its
//! number. The words are [`super::APPROXIMATELY`], one table for every reader, dropped once in
//! the text every question reader reads (`understand::normalize`) and in each `/pick` message.

use super::APPROXIMATELY;

/// Words that hold a hedge's letters and are no hedge (`合约3个月` is a contract of three
/// months, `预约2小时` a booking of two hours): the hedge is kept inside them.
const HOLDS_HEDGE: &[&str] = &[
    "预约", "合约", "签约", "节约", "契约", "违约", "续约", "解约", "租约", "履约", "特约", "相约",
    "邀约", "制约", "公约", "条约", "约束", "约定",
];

/// Chinese numerals a number may start with.
const NUMERALS: &str = "零一二两三四五六七八九十百千几半";

/// Whether `s` starts with a number (digits, a currency mark and digits, a Chinese numeral).
fn number_starts(s: &str) -> bool {
    let s = s.trim_start_matches(['$', '¥', '￥']);
    s.starts_with(|c: char| c.is_ascii_digit() || NUMERALS.contains(c))
}

/// `text` with each hedge word that stands right before a number dropped (`并发大概8个` →
/// `并发8个`, `around $30` → `$30`). Kept where it means something else: `~` between two numbers
/// is a range (`2~3小时`), `what about 4090` asks about a card, and a Latin hedge inside a word
/// is no hedge.
pub fn hedges_dropped(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    'scan: while !rest.is_empty() {
        for h in APPROXIMATELY {
            let Some(after) = strip_prefix_ci(rest, h) else {
                continue;
            };
            let before = out.trim_end();
            let latin = h.is_ascii() && h.chars().all(|c| c.is_ascii_alphabetic());
            let word_start = !latin
                || !before.ends_with(|c: char| c.is_ascii_alphanumeric())
                || out.ends_with(' ');
            let word_end = !latin || !after.starts_with(|c: char| c.is_ascii_alphanumeric());
            let range = *h == "~" && before.ends_with(|c: char| c.is_ascii_digit());
            let asked = ["what", "how"]
                .iter()
                .any(|w| before.to_lowercase().ends_with(w));
            let held = HOLDS_HEDGE.iter().any(|w| {
                w.ends_with(h) && out.ends_with(&w[..w.len() - h.len()])
                    || w.starts_with(h) && rest.starts_with(w)
            });
            if word_start
                && word_end
                && !range
                && !asked
                && !held
                && number_starts(after.trim_start())
            {
                // A space kept where the hedge stood between two Latin words.
                if out.ends_with(|c: char| c.is_ascii_alphanumeric()) {
                    out.push(' ');
                }
                rest = after.trim_start();
                continue 'scan;
            }
        }
        let c = rest.chars().next().unwrap_or(' ');
        out.push(c);
        rest = &rest[c.len_utf8()..];
    }
    out
}

/// Words that open an answer the person is not sure of (`maybe 7b`, `应该是qlora`, `I guess
/// 8b`), beside [`APPROXIMATELY`] and the guess cues (`super::GUESS_CUES`' `i think`, `我觉得`):
/// how sure the answer is, never what it is.
const ANSWER_HEDGES: &[&str] = &[
    "maybe",
    "probably",
    "perhaps",
    "prob",
    "i guess",
    "i think",
    "i suppose",
    "i'd say",
    "guess",
    "应该是",
    "应该用",
    "应该",
    "可能是",
    "可能",
    "也许是",
    "也许",
    "估计是",
    "估计",
    "我觉得",
    "我猜",
    "感觉",
    "大概是",
    "大概",
    "差不多",
];

/// Particles and marks after a hedged answer (`吧？`, `?`, `呗`): no question about it.
const HEDGE_TAIL: &str = "吧呗啊呢嘛?？~… .。!！";

/// A step's answer said with a hedge (`I guess maybe 8b?`, `应该是qlora吧`, `大概7b吧?`): the
/// answer without its hedge words and its closing `吧？`, or `None` when the message holds no
/// hedge or nothing is left. The caller takes it as the answer only where the step can use it,
/// so a real question (`maybe 8b is too big?`) is still no answer.
pub fn answer_hedged(text: &str) -> Option<String> {
    let mut rest = text.trim().to_string();
    let mut hedged = false;
    loop {
        let trimmed = rest.trim_start_matches(|c: char| c.is_whitespace() || ",，".contains(c));
        let Some(h) = ANSWER_HEDGES
            .iter()
            .filter(|h| strip_prefix_ci(trimmed, h).is_some())
            .max_by_key(|h| h.len())
        else {
            break;
        };
        let after = &trimmed[h.len()..];
        // A Latin hedge is a whole word (`maybe`, never `maybelline`).
        if h.is_ascii() && after.starts_with(|c: char| c.is_ascii_alphanumeric()) {
            break;
        }
        rest = after.to_string();
        hedged = true;
    }
    let before_tail = rest.trim().len();
    let answer = rest
        .trim()
        .trim_end_matches(|c: char| HEDGE_TAIL.contains(c))
        .trim();
    // A closing `吧`/`?` alone hedges too (`7b吧?`), but only after a hedge word or with `吧`.
    let tail = &rest.trim()[answer.len()..before_tail];
    if tail.contains(['吧', '呗']) {
        hedged = true;
    }
    (hedged && !answer.is_empty()).then(|| answer.to_string())
}

/// `s` past `prefix`, any case.
fn strip_prefix_ci<'a>(s: &'a str, prefix: &str) -> Option<&'a str> {
    let head = s.get(..prefix.len())?;
    head.eq_ignore_ascii_case(prefix)
        .then(|| &s[prefix.len()..])
}

#[cfg(test)]
mod tests {
    use super::hedges_dropped as d;

    #[test]
    fn a_hedge_before_a_number_is_dropped() {
        assert_eq!(d("并发大概8个"), "并发8个");
        assert_eq!(d("预算差不多50"), "预算50");
        assert_eq!(d("大约3个小时"), "3个小时");
        assert_eq!(d("concurrency around 12"), "concurrency 12");
        assert_eq!(d("budget about $30"), "budget $30");
        assert_eq!(d("for about 5 hours"), "for 5 hours");
        assert_eq!(d("预算大概两百"), "预算两百");
    }

    #[test]
    fn a_hedge_that_means_more_is_kept() {
        assert_eq!(d("2~3小时"), "2~3小时");
        assert_eq!(d("what about 4090"), "what about 4090");
        assert_eq!(d("大概多少钱"), "大概多少钱");
        assert_eq!(d("talk about it"), "talk about it");
        assert_eq!(d("roundabout 3"), "roundabout 3");
        assert_eq!(d("合约3个月"), "合约3个月");
        assert_eq!(d("预约2小时"), "预约2小时");
        assert_eq!(d("约定3点"), "约定3点");
    }
}

#[cfg(test)]
mod answer_tests {
    use super::answer_hedged;

    #[test]
    fn a_hedged_answer_is_the_answer() {
        let got = |t: &str| answer_hedged(t);
        assert_eq!(got("I guess maybe 8b?").as_deref(), Some("8b"));
        assert_eq!(got("应该是qlora吧").as_deref(), Some("qlora"));
        assert_eq!(got("大概7b吧?").as_deref(), Some("7b"));
        assert_eq!(got("probably qwen2.5 14b?").as_deref(), Some("qwen2.5 14b"));
        assert_eq!(got("7b吧").as_deref(), Some("7b"));
        // No hedge, or nothing left: no hedged answer.
        assert_eq!(got("8b"), None);
        assert_eq!(got("8b?"), None);
        assert_eq!(got("maybe?"), None);
        assert_eq!(got("maybelline"), None);
    }
}
