//! A recommendation someone else made (`朋友推荐了autodl，靠谱吗`, `知乎上有人推荐恒源云`, `a friend
//! recommended lambda, is it any good?`, `saw someone on reddit recommend jarvislabs`): a story
//! about a platform, not a recommendation asked. The word is read as "mentioned", so the
//! question put to the platform (靠谱吗, any good) is what is asked; a recommendation asked of
//! anyone (`有人推荐一下平台吗`, `can anyone recommend…`) keeps its word.

/// Who else may have recommended something.
const REPORTERS_ZH: &[&str] = &[
    "朋友",
    "同事",
    "同学",
    "师兄",
    "师姐",
    "师弟",
    "师妹",
    "有人",
    "别人",
    "群里",
    "群友",
    "up主",
    "博主",
    "老师",
    "导师",
    "老板",
    "大佬",
    "网友",
    "知乎",
    "小红书",
    "b站",
];
const REPORTERS_EN: &[&str] = &[
    "friend",
    "coworker",
    "co-worker",
    "colleague",
    "teammate",
    "classmate",
    "someone",
    "somebody",
    "people",
    "youtuber",
    "reddit",
    "twitter",
    "blog",
    "boss",
    "professor",
    "advisor",
    "a guy",
];
/// After `推荐`: a recommendation asked for (`推荐一下`, `推荐个`, `推荐吗`), not one reported.
const ASKED_AFTER: &[&str] = &[
    "一下", "下", "个", "一个", "几", "些", "点", "吗", "哪", "什么", "啥", "一些",
];
/// Before a reporter: the recommendation is asked of someone (`有没有人推荐过`, `谁推荐`).
const ASKED_BEFORE: &[&str] = &[
    "有没有",
    "谁",
    "求",
    "帮我",
    "给我",
    "帮忙",
    "anyone",
    "can ",
    "could ",
    "would ",
];
/// How many characters before the recommendation a reporter still tells it.
const REACH: usize = 40;

/// `text` (normalized, lower case) with each recommendation someone else made read as a
/// mention: `推荐` as `说起`, `recommended` as `mentioned`.
pub fn reported_recommendations(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    let mut done = 0;
    while let Some(k) = ["推荐", "recommend"]
        .iter()
        .filter_map(|w| rest.find(w).map(|k| (k, *w)))
        .min()
    {
        let (at, word) = k;
        let abs = done + at;
        let before: String = {
            let b: Vec<char> = text[..abs].chars().collect();
            b[b.len().saturating_sub(REACH)..].iter().collect()
        };
        let after = &text[abs + word.len()..];
        let by_other = if word == "推荐" {
            let told = after.starts_with('了') || after.starts_with('过');
            let reporter = REPORTERS_ZH.iter().any(|r| before.contains(r));
            // `推荐1个` (the numeral already in digits) is asked, as `推荐一个`.
            let asked = ASKED_AFTER.iter().any(|w| after.starts_with(w))
                || after.starts_with(|c: char| c.is_ascii_digit());
            (told || reporter && !asked) && !ASKED_BEFORE.iter().any(|w| before.contains(w))
        } else {
            let past = ["ed", "s ", "ing"].iter().any(|t| after.starts_with(t));
            let seen = ["saw ", "seen ", "heard "]
                .iter()
                .any(|w| before.contains(w));
            let reporter = REPORTERS_EN.iter().any(|r| before.contains(r));
            let passive = ["was ", "got ", "been "]
                .iter()
                .any(|w| before.ends_with(w));
            (((past || seen) && reporter) || (passive && after.starts_with("ed")))
                && !ASKED_BEFORE.iter().any(|w| before.contains(w))
        };
        out.push_str(&rest[..at]);
        if by_other && word == "推荐" {
            out.push_str("说起");
            rest = &rest[at + word.len()..];
        } else if by_other {
            // The word's ending (`ed`, `s`, `ing`) goes with it.
            let tail = after
                .find(|c: char| !c.is_ascii_alphabetic())
                .unwrap_or(after.len());
            out.push_str("mentioned");
            rest = &rest[at + word.len() + tail..];
        } else {
            out.push_str(word);
            rest = &rest[at + word.len()..];
        }
        done = text.len() - rest.len();
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_recommendation_told_is_a_mention_one_asked_is_kept() {
        let r = reported_recommendations;
        assert_eq!(r("朋友推荐了autodl 靠谱吗"), "朋友说起了autodl 靠谱吗");
        assert_eq!(r("知乎上有人推荐恒源云"), "知乎上有人说起恒源云");
        assert_eq!(
            r("a friend recommended lambda, is it any good"),
            "a friend mentioned lambda, is it any good"
        );
        assert_eq!(
            r("saw someone on reddit recommend jarvislabs"),
            "saw someone on reddit mentioned jarvislabs"
        );
        for asked in [
            "有人推荐一下平台吗",
            "有没有人推荐过好用的平台",
            "推荐个平台",
            "can anyone recommend a platform",
            "what gpu is recommended for a lora",
            "my friend asked me to recommend a gpu",
            "朋友说新手就用矩池云 帮我推荐1个平台吧",
            "朋友让我推荐1个平台",
        ] {
            assert_eq!(r(asked), asked);
        }
    }
}
