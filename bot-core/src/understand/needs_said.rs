//! Every need a sentence says (`国内哪些平台支持按秒计费`: in China and per second), read once
//! for the readers that list, guide or answer by them: a payment method not wanted is the
//! methods besides it, a region refused is the other region.

use super::question::Question;
use super::words::NOT_NEEDED_WORDS;
use crate::lexicon::{NEED_PHRASES, Need};

/// Every need a sentence says (`国内哪些平台支持按秒计费`: in China and per second), each
/// once, in the order said; a phrase inside a longer one already read (`实名` in `不用实名`)
/// adds nothing.
pub(super) fn needs_said(text: &str) -> Vec<Need> {
    let mut found: Vec<(usize, Need)> = Vec::new();
    let mut covered: Vec<std::ops::Range<usize>> = Vec::new();
    // NEED_PHRASES lists the longer phrase first where one contains another.
    for (w, b) in NEED_PHRASES {
        let Some(at) = text.find(w) else { continue };
        let span = at..at + w.len();
        if covered
            .iter()
            .any(|c| c.start <= span.start && span.end <= c.end)
        {
            continue;
        }
        covered.push(span.clone());
        // `没有国内手机号`: no fact of the catalog checks a phone; no filter (und_eg).
        if crate::lexicon::phone_phrase(w) {
            continue;
        }
        // A payment method not wanted (`没有信用卡`, `without a credit card`): the platforms
        // that take another one.
        let before = unbound(&text[..at]);
        // `我在国内`, `I'm in China`: where the person is, never a filter (`home_ranked` orders
        // the list by it).
        if matches!(b, Need::Region(_)) && crate::lexicon::said_as_home(&text[..at]) {
            continue;
        }
        let need = match b {
            // A negation a few words back (`without need of a credit card`) is the method's too.
            // Or one after it (`credit card is not needed`, `信用卡不用的平台`).
            Need::Pay(m)
                if NOT_NEEDED_WORDS.iter().any(|w| before.ends_with(w))
                    || crate::lexicon::barrier_negated(before)
                    || crate::lexicon::need_negated_after(text, span.end) =>
            {
                Need::Without(m)
            }
            // A region said not wanted (`but not in china`, `不要国内的`): the other one, never
            // the platforms the user ruled out.
            Need::Region(r) if crate::lexicon::region_refused(&text[..at]) => {
                Need::Region(if *r == "cn" { "global" } else { "cn" })
            }
            b => *b,
        };
        if !found.iter().any(|(_, n)| *n == need) {
            found.push((at, need));
        }
    }
    // `providers that accept a card`: the card as a way to pay, in a verb's words.
    if let Some(at) = crate::lexicon::card_payment_at(text)
        && !found
            .iter()
            .any(|(_, n)| matches!(n, Need::Pay("card") | Need::Without("card")))
    {
        found.push((at, Need::Pay("card")));
    }
    // `国内哪些平台停机后不计费`: what a stopped machine keeps costing, asked.
    if let Some(at) = crate::lexicon::stopped_billing_asked(text) {
        found.push((at, Need::StoppedFree));
    }
    found.sort_by_key(|(at, _)| *at);
    // A method held beside one the person lacks (`只有支付宝，没有信用卡`), or a lack said first as
    // the reason for the method (`不用绑卡能用微信付`), is the filter alone. A requirement the
    // platform is to waive said after the method held (`能用支付宝 不用绑卡`, `paypal, no need to
    // link a card`) is a second barrier: a platform can take Alipay and still ask for a card
    // bound to the account.
    let held = found
        .iter()
        .find(|(_, n)| matches!(n, Need::Pay(_)))
        .map(|(at, _)| *at);
    found
        .into_iter()
        .filter(|(at, n)| {
            let added = held.is_some_and(|h| h < *at) && waived(text, *at);
            !(held.is_some() && matches!(n, Need::Without(_)) && !added)
        })
        .map(|(_, n)| n)
        .collect()
}

/// Whether the lack of a way to pay read at byte `at` is a requirement waived (`不用绑卡`, `无需
/// 信用卡`, `no need for a card`), not a lack of the person's (`没有信用卡`, `don't have a card`).
fn waived(text: &str, at: usize) -> bool {
    const WAIVED: &[&str] = &[
        "不用",
        "无需",
        "免",
        "不需要",
        "不需",
        "不必",
        "no need",
        "not need",
        "not required",
    ];
    let before = unbound(&text[..at]);
    let phrase = &text[at..];
    WAIVED
        .iter()
        .any(|w| before.ends_with(w) || phrase.starts_with(w))
}

/// The words before a payment method without a verb of binding it (`不用绑信用卡`, `no need to
/// link a credit card`): the negation before the verb is the method's.
fn unbound(before: &str) -> &str {
    const BIND: &[&str] = &[
        "绑定", "绑", "link a", "link", "add a", "bind a", "bind", " to",
    ];
    // `don't need a credit card`, `no need for any card`: an article between the negation and
    // the method is the method's.
    const ARTICLES: &[&str] = &[" a", " an", " any", " one"];
    let mut b = before.trim_end();
    while let Some(w) = BIND.iter().chain(ARTICLES).find(|w| b.ends_with(*w)) {
        b = b[..b.len() - w.len()].trim_end();
    }
    b
}

/// The platforms that list `gpu` and are known to meet every need the question says (in the
/// catalog's order); empty when it says none, or when only one meets them: a filter (`国内`,
/// `overseas`, `支持支付宝`) written as one platform reads as a bill for a platform the user
/// never named (`/compare rtx-4090d autodl`), so the caller keeps the need itself, which
/// `/compare` filters by and says.
pub(super) fn meeting_needs(q: &Question, gpu: &str) -> Vec<String> {
    let needs: Vec<Need> = needs_said(q.padded);
    if needs.is_empty() {
        return Vec::new();
    }
    let meeting: Vec<String> = q
        .catalog
        .platforms
        .iter()
        .filter(|p| p.prices_for(gpu).next().is_some())
        .filter(|p| needs.iter().all(|n| n.met_by(p) == Some(true)))
        .map(|p| p.id.clone())
        .collect();
    if meeting.len() == 1 {
        return Vec::new();
    }
    meeting
}

#[cfg(test)]
mod negation_tests {
    use super::needs_said;
    use crate::lexicon::Need;

    /// Each way to pay, refused by each negation form (Chinese with and without a verb of
    /// binding, Traditional, English), is the methods besides it, never the method wanted.
    #[test]
    fn every_payment_refused_by_every_negation_form() {
        let methods = [
            ("alipay", "支付宝", "alipay"),
            ("wechat", "微信", "wechat"),
            ("card", "信用卡", "credit card"),
            ("paypal", "paypal", "paypal"),
            ("crypto", "加密货币", "crypto"),
            ("unionpay", "银联", "unionpay"),
        ];
        let zh = [
            "不用{}的平台",
            "不用绑{}的平台",
            "不需要绑定{}的平台",
            "无需{}的平台",
            "免绑{}的平台",
            "没有{}能用的平台",
            "不要{}的平台",
            "有沒有不用綁{}的平台",
            "不需要綁定{}的平台",
        ];
        let en = [
            "platforms without {}",
            "platforms with no need for {}",
            "platforms where i don't need {}",
            "a cloud that doesn't require {}",
            "clouds that don't need a {}",
        ];
        for (m, zh_word, en_word) in methods {
            for form in zh {
                let t = crate::understand::text::normalize(&form.replace("{}", zh_word));
                assert_eq!(needs_said(&t), vec![Need::Without(m)], "{t}");
            }
            for form in en {
                let t = crate::understand::text::normalize(&form.replace("{}", en_word));
                assert_eq!(needs_said(&t), vec![Need::Without(m)], "{t}");
            }
        }
    }

    /// The real-name check refused in each form is the need of none.
    #[test]
    fn a_real_name_check_refused_in_every_form() {
        for t in [
            "不用实名的平台",
            "不需要做實名認證的平台",
            "无需实名",
            "免实名",
            "哪些平台不用上传身份证",
            "platforms without kyc",
            "no need for real name verification",
            "providers that don't require kyc",
            "a cloud that doesn't require id verification",
        ] {
            let t = crate::understand::text::normalize(t);
            assert_eq!(needs_said(&t), vec![Need::NoRealName], "{t}");
        }
    }
}
