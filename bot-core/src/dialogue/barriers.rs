//! The barriers step: asking what the user needs from a platform (web terminal, no real-name
//! check, payment method); the answers live in [`super::state::Needs`].

use super::state::{Met, PickState};
use crate::reply::{Msg, Reply};

pub fn ask_barriers(s: &PickState, header: Msg, currency: &str) -> Reply {
    let n = &s.needs;
    let on = |b: bool| if b { "on" } else { "off" };
    let pay = |k: &str| on(n.payments.iter().any(|p| p == k));
    let mut r = Reply::text(header).with(Msg::new("pick-ask-barriers"));
    if let Some(b) = n.budget {
        r.push(
            Msg::new("pick-budget-set").arg("budget", crate::billing::format_money(b, currency)),
        );
    }
    r.with_choice(
        "b:web",
        Msg::new("pick-need-web").arg("state", on(n.web_terminal)),
    )
    .with_choice(
        "b:img",
        Msg::new("pick-need-img").arg("state", on(n.images)),
    )
    .with_choice(
        "b:nrn",
        Msg::new("pick-need-nrn").arg("state", on(n.no_real_name)),
    )
    .with_choice(
        "b:alipay",
        Msg::new("pick-need-pay")
            .arg("method", "alipay")
            .arg("state", pay("alipay")),
    )
    .with_choice(
        "b:wechat",
        Msg::new("pick-need-pay")
            .arg("method", "wechat")
            .arg("state", pay("wechat")),
    )
    .with_choice(
        "b:card",
        Msg::new("pick-need-pay")
            .arg("method", "card")
            .arg("state", pay("card")),
    )
    .with_choice(
        "b:crypto",
        Msg::new("pick-need-pay")
            .arg("method", "crypto")
            .arg("state", pay("crypto")),
    )
    .with_choice("b:done", Msg::new("pick-barriers-done"))
}

pub(super) fn met_text(check: &[(&'static str, Met)], zh: bool) -> String {
    if check.is_empty() {
        return "-".into();
    }
    check
        .iter()
        .map(|(k, m)| {
            // The short codes read as words in Chinese answers (see `pick-result-legend`).
            let k = match (zh, *k) {
                (true, "web") => "终端",
                (true, "img") => "镜像",
                (true, "nrn") => "免实名",
                (true, "pay") => "支付",
                (_, k) => k,
            };
            format!(
                "{k}{}",
                match m {
                    Met::Yes => "✓",
                    Met::No => "✗",
                    Met::Unknown => "?",
                }
            )
        })
        .collect::<Vec<_>>()
        .join(" ")
}
