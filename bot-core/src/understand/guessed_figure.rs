//! A figure the user guesses and asks to confirm (helper und_ee, issue 26: `12h 大概 30 刀左右吧,
//! right?`, `一小时大概 2 块对吧？有没有更便宜的`, `$2 an hour, right?`): the question is asked
//! without the guess (corpus104's written rule), so the guessed amount is no price, cap or
//! length of the line. Read as one, it had billed 12 h 30 min and capped a stock search at the
//! guess: wrong figures. Only a sum of money right before a confirmation tag is taken out; a
//! hedge alone (`预算500吧`) is the user's figure and stays.

/// Tags that ask whether what was just said is right.
const CONFIRM: &[&str] = &[
    "对吧",
    "是吧",
    "没错吧",
    "对不对",
    "是不是",
    "对嘛",
    "is that right",
    "is it right",
    "right",
    "correct",
    "yeah",
];

/// Words between the sum and its tag (`左右吧`, `or so`, `,`).
const BETWEEN: &[&str] = &[
    " ",
    ",",
    "，",
    "吧",
    "左右",
    "上下",
    "差不多",
    "around",
    "or so",
    "ish",
    "?",
    "？",
];

/// A sum's period after its unit (`2块一小时`, `$2 an hour`).
const PER: &[&str] = &[
    "/hr",
    "/h",
    "/小时",
    "/时",
    "每小时",
    "1小时",
    "一小时",
    "per hour",
    "an hour",
    "a hour",
    "/hour",
    "hourly",
];

/// Money units after a number.
const MONEY: &[&str] = &[
    "刀",
    "块钱",
    "块",
    "元",
    "美元",
    "美金",
    "人民币",
    "dollars",
    "dollar",
    "bucks",
    "usd",
    "rmb",
    "cny",
    "yuan",
];

/// `norm` with each guessed sum and its tag taken out.
pub(super) fn plain(norm: &str) -> String {
    let mut s = norm.to_string();
    for _ in 0..2 {
        match once(&s) {
            Some(next) => s = next,
            None => break,
        }
    }
    s
}

fn once(s: &str) -> Option<String> {
    CONFIRM.iter().find_map(|tag| {
        s.match_indices(tag).find_map(|(at, _)| {
            let end = at + tag.len();
            let latin = tag.is_ascii();
            // A Latin tag is a whole word, never `right now`/`right away`.
            if latin
                && (s[..at].ends_with(|c: char| c.is_ascii_alphanumeric())
                    || s[end..].starts_with(|c: char| c.is_ascii_alphanumeric())
                    || ["now", "away", "here", "there", "after"]
                        .iter()
                        .any(|w| s[end..].trim_start().starts_with(w)))
            {
                return None;
            }
            let start = sum_before(&s[..at])?;
            Some(format!("{} {}", s[..start].trim_end(), &s[end..]))
        })
    })
}

/// Where the sum of money right before `head`'s end starts, past the words between.
fn sum_before(head: &str) -> Option<usize> {
    let mut h = head;
    while let Some(w) = BETWEEN.iter().find(|w| h.ends_with(**w)) {
        h = &h[..h.len() - w.len()];
    }
    if let Some(p) = PER.iter().find(|p| h.ends_with(**p)) {
        h = h[..h.len() - p.len()].trim_end();
    }
    let unit = MONEY.iter().find(|u| h.ends_with(**u));
    if let Some(u) = unit {
        h = h[..h.len() - u.len()].trim_end();
    }
    let digits = h.len()
        - h.trim_end_matches(|c: char| c.is_ascii_digit() || c == '.')
            .len();
    if digits == 0 {
        return None;
    }
    let start = h.len() - digits;
    let sign = h[..start].ends_with(['$', '¥', '￥']);
    // A number glued to a word (`h100`, `4090`'s card) is no sum.
    let glued = h[..start].ends_with(|c: char| c.is_ascii_alphanumeric());
    ((unit.is_some() || sign) && !glued).then(|| start - usize::from(sign))
}

#[cfg(test)]
mod tests {
    use super::plain;

    #[test]
    fn a_guessed_sum_is_taken_out() {
        for (typed, read) in [
            (
                "lambda 的 h100 跑 12h 30 刀左右吧  right ",
                "lambda 的 h100 跑 12h  ",
            ),
            (
                "4090 1小时2块对吧 有没有更便宜的",
                "4090 1小时  有没有更便宜的",
            ),
            (
                "runpod a100 $2 an hour, right? for 5 hours",
                "runpod a100 ? for 5 hours",
            ),
        ] {
            assert_eq!(plain(typed), read, "{typed}");
        }
        // A hedge alone, a card, `right now`: nothing taken.
        for typed in [
            "预算500吧 租哪家",
            "h100 right now",
            "4090对吧",
            "alright 30 bucks",
        ] {
            assert_eq!(plain(typed), typed, "{typed}");
        }
    }
}
