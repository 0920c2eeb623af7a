//! The platform a user rents on now, or leaves, when the message asks about another place
//! (`现在在恒源云租3090…换哪家能省点`, `moving off colab: what does a 4090 cost on vast`, `现在用
//! 腾讯云hai 想换到 autodl`, `看到 vast 上 4090 $0.31/hr，autodl 同款多少`): taken out of the
//! text with the price paid or seen there, so the reading is about the other place (a ranking
//! when none is named), never a bill on the platform left.

use crate::catalog::Catalog;

/// Words right before the platform rented on now, left or seen.
const LEFT_BEFORE: &[&str] = &[
    "现在在",
    "现在用",
    "目前在",
    "目前用",
    "我们在用",
    "在用",
    "我在",
    "以前用",
    "之前用",
    "以前一直用",
    "之前一直用",
    "从",
    "原来用",
    "现在付",
    "看到",
    "moving off ",
    "moving from ",
    "switching from ",
    "migrating from ",
    "coming from ",
    "leaving ",
    "currently on ",
    "currently using ",
    "we're on ",
    "we are on ",
    "i'm on ",
    "i am on ",
];
/// Words that ask about another place than the one rented on.
const ELSEWHERE: &[&str] = &[
    "别家",
    "别的",
    "其他",
    "换",
    "对比",
    "省",
    "同款",
    "一样的卡",
    "同样的",
    "other",
    "elsewhere",
    "anywhere",
    "cheaper",
    "instead",
    "switch",
    " to ",
    // A region asked is another place (`以前用 colab，想换到国内平台`, `a china platform`).
    "国内",
    "海外",
    "国外",
    "china",
    "chinese",
    "overseas",
];
/// What may follow the platform's name and goes with it (`vast 上`, `featurize 的`).
const AFTER: &[&str] = &["上", "的", " pro", ":", "，", ","];

/// `text` without the platform left (and the price paid or seen there), when the message
/// asks about another place.
pub(super) fn plain(catalog: &Catalog, text: &str) -> String {
    let Some((at, w)) = LEFT_BEFORE
        .iter()
        .filter_map(|w| text.find(w).map(|i| (i, *w)))
        .min()
    else {
        return text.to_string();
    };
    let mut start = at + w.len();
    start += text[start..].len() - text[start..].trim_start().len();
    let Some(len) = platform_at(catalog, &text[start..]) else {
        return text.to_string();
    };
    let mut end = start + len;
    for a in AFTER {
        if let Some(rest) = text[end..].trim_start().strip_prefix(a) {
            end = text.len() - rest.len();
        }
    }
    let after = &text[end..];
    let another = after
        .split(|c: char| !c.is_alphanumeric() && c != '-')
        .any(|word| !word.is_empty() && catalog.find_platform(word).is_some());
    let asked = without_conversion(after);
    if !another && !ELSEWHERE.iter().any(|e| asked.contains(e)) {
        return text.to_string();
    }
    // The price paid or seen on the platform left, in its own clause (which ends at the
    // price: the normalized text has no commas left to end it).
    let clause = after
        .find(['，', ',', '。', '?', '？'])
        .unwrap_or(after.len());
    let price = super::price::find_price(after).filter(|(_, span)| span.start < clause);
    let (mut here, later) = match &price {
        Some((_, span)) => {
            let mut here = after[..span.end].to_string();
            here.replace_range(span.clone(), " ");
            (here, &after[span.end..])
        }
        None => (after[..clause].to_string(), &after[clause..]),
    };
    // The card rented there (`用 3090 每小时1.3，…别家能租到4090吗`), when another is asked.
    let card = |w: &&str| !w.is_empty() && catalog.find_gpu(w).is_some();
    let words = |t: &str| -> Vec<String> {
        t.split(|c: char| !c.is_ascii_alphanumeric() && c != '-')
            .map(str::to_string)
            .collect()
    };
    let another_card = words(later).iter().any(|w| card(&w.as_str()));
    if another_card && let Some(w) = words(&here).into_iter().find(|w| card(&w.as_str())) {
        here = here.replacen(&w, " ", 1);
    }
    format!("{} {}{}", &text[..at], here, later)
}

/// `after` without a conversion's verb before a currency (`换成人民币`, `换算成美元`): the price seen
/// asked in another currency, never another place (`换` alone asks one).
fn without_conversion(after: &str) -> String {
    const INTO: &[&str] = &["换算成", "换算", "换成", "转成", "折合"];
    let mut out = after.to_string();
    for verb in INTO {
        while let Some(at) = out.find(verb) {
            let rest = out[at + verb.len()..].trim_start();
            let currency = crate::lexicon::CURRENCIES
                .iter()
                .any(|c| !c.word.is_ascii() && rest.starts_with(c.word))
                || rest.starts_with(|c: char| c.is_ascii_alphabetic())
                    && crate::lexicon::CURRENCIES.iter().any(|c| {
                        rest.strip_prefix(c.word)
                            .is_some_and(|r| !r.starts_with(|c: char| c.is_ascii_alphanumeric()))
                    });
            if !currency {
                break;
            }
            out.replace_range(at..at + verb.len(), " ");
        }
    }
    out
}

/// The length of the platform name the text starts with (up to two words, or eight Chinese
/// characters), if any.
pub(super) fn platform_at(catalog: &Catalog, t: &str) -> Option<usize> {
    let mut ends: Vec<usize> = t
        .char_indices()
        .map(|(i, c)| i + c.len_utf8())
        .take(16)
        .filter(|e| {
            let next = t[*e..].chars().next();
            let last = t[..*e].chars().next_back();
            !(last.is_some_and(|c| c.is_ascii_alphanumeric())
                && next.is_some_and(|c| c.is_ascii_alphanumeric() || c == '-'))
        })
        .filter(|e| t[..*e].split_whitespace().count() <= 2)
        .collect();
    ends.sort_unstable_by(|a, b| b.cmp(a));
    ends.into_iter()
        .find(|e| catalog.find_platform(t[..*e].trim_end()).is_some())
}

#[cfg(test)]
mod tests {
    use super::plain;
    use crate::catalog::Catalog;

    #[test]
    fn the_platform_left_and_what_was_rented_there_are_taken_out() {
        let c = Catalog::embedded().unwrap();
        let t =
            crate::understand::normalize("我在vast用3090 每小时0.3刀，同样的钱别家能租到4090吗");
        let p = plain(&c, &t);
        assert!(
            !p.contains("vast") && !p.contains("3090") && p.contains("4090"),
            "{p}"
        );
        // A price seen there asked in another currency: no other place asked, kept.
        let t = crate::understand::normalize("我在runpod上看到$0.69/hr，换成人民币每月多少");
        assert_eq!(plain(&c, &t), t);
        let t = crate::understand::normalize("moving off runpod: what does an a100 cost on lambda");
        let p = plain(&c, &t);
        assert!(!p.contains("runpod") && p.contains("lambda"), "{p}");
        // Nothing asked elsewhere: kept.
        let t = crate::understand::normalize("我在autodl租了4090 跑了3小时");
        assert_eq!(plain(&c, &t), t);
    }
}
