//! A pass sold by the period said with no amount after it (`3090周卡多少钱`, `h100 日卡`): the
//! period held, as `包周` or `包月` say (`1周`, `1个月 包月`), so its price is asked for that
//! length, never the default hour. With an amount after it (`周卡300块`, `月卡要2000`) it stays
//! the pass, a price per period (`period_first`); the words between are the lexicon's. Which words are passes is the lexicon's
//! (`lexicon::PASS_PERIODS`).

/// The text with each pass word not followed by an amount read as the period held.
pub(super) fn held(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < text.len() {
        let rest = &text[i..];
        if let Some((word, period, after)) = crate::lexicon::pass_period(rest)
            && !amount_follows(after)
        {
            out.push_str(span(period));
            i += word.len();
            continue;
        }
        let c = rest.chars().next().unwrap_or(' ');
        out.push(c);
        i += c.len_utf8();
    }
    out
}

/// The span a period held is (`month` and `year` as the monthly plan, as `包月`/`包年` are).
fn span(period: &str) -> &'static str {
    match period {
        "day" => " 1天 ",
        "week" => " 1周 ",
        "month" => " 1个月 包月 ",
        _ => " 12个月 包月 ",
    }
}

/// Whether an amount follows, past spaces and the words between a period and its amount.
fn amount_follows(after: &str) -> bool {
    let mut t = after.trim_start();
    while let Some(w) = crate::lexicon::PERIOD_AMOUNT_BETWEEN
        .iter()
        .find(|w| t.starts_with(**w))
    {
        t = t[w.len()..].trim_start();
    }
    t.starts_with(|c: char| c.is_ascii_digit() || matches!(c, '¥' | '$' | '￥'))
}

#[cfg(test)]
mod tests {
    use super::held;

    #[test]
    fn a_pass_with_no_amount_is_the_period_held() {
        assert_eq!(held("3090周卡多少钱"), "3090 1周 多少钱");
        assert_eq!(held("h100 日卡"), "h100  1天 ");
        // With an amount it is the pass's price per period.
        assert_eq!(held("周卡300块"), "周卡300块");
        assert_eq!(held("月卡要 2000"), "月卡要 2000");
    }
}
