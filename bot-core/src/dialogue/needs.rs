//! The barriers step: what the user needs from a platform (web terminal, no real-name check,
//! payment method) and how each platform meets it.

use super::state::PickState;
use crate::catalog::{Platform, RealName};
use crate::fact::Fact;
use crate::reply::{Msg, Reply};
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

/// What the user needs from a platform before price matters.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Needs {
    pub web_terminal: bool,
    pub images: bool,
    pub no_real_name: bool,
    /// Payment methods the user can use (any one is enough); empty = any.
    pub payments: Vec<String>,
    /// Budget for the job, in the user's currency.
    pub budget: Option<Decimal>,
}

/// Whether a platform meets one need.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Met {
    Yes,
    No,
    Unknown,
}

pub(super) const PAYMENTS: &[(&str, &[&str])] = &[
    ("alipay", &["alipay", "支付宝"]),
    ("wechat", &["wechat", "微信", "wechat pay", "微信支付"]),
    ("card", &["card", "credit card", "visa", "信用卡", "银行卡"]),
    ("crypto", &["crypto", "usdt", "加密货币", "虚拟币"]),
];

impl Needs {
    /// Toggles a need from a choice id or typed word; false when the word means nothing here.
    pub fn apply(&mut self, value: &str) -> bool {
        let v = value.trim().to_lowercase();
        for prefix in ["budget", "预算", "max"] {
            if let Some(rest) = v.strip_prefix(prefix) {
                let amount = rest.trim().trim_start_matches(['=', ':', '：']).trim();
                let amount = amount
                    .trim_start_matches(['¥', '$', '￥'])
                    .trim_end_matches(['元', '块']);
                return match amount.parse::<Decimal>() {
                    Ok(b) if b > Decimal::ZERO && b < Decimal::from(10_000_000) => {
                        self.budget = Some(b);
                        true
                    }
                    _ => false,
                };
            }
        }
        match v.as_str() {
            "web" | "web terminal" | "网页终端" | "网页" => {
                self.web_terminal = !self.web_terminal
            }
            "img" | "images" | "image" | "镜像" | "现成镜像" => self.images = !self.images,
            "nrn" | "no real-name" | "no real name" | "免实名" | "不实名" => {
                self.no_real_name = !self.no_real_name
            }
            _ => {
                let Some((key, _)) = PAYMENTS
                    .iter()
                    .find(|(k, words)| *k == v || words.contains(&v.as_str()))
                else {
                    return false;
                };
                if let Some(i) = self.payments.iter().position(|p| p == key) {
                    self.payments.remove(i);
                } else {
                    self.payments.push(key.to_string());
                }
            }
        }
        true
    }

    /// Each need the user set, with whether `p` meets it.
    pub fn check(&self, p: &Platform) -> Vec<(&'static str, Met)> {
        let b = &p.barriers;
        let fact = |f: &Fact<bool>| match f {
            Fact::Known(true) => Met::Yes,
            Fact::Known(false) => Met::No,
            Fact::Unknown => Met::Unknown,
        };
        let mut out = Vec::new();
        if self.web_terminal {
            // Jupyter's terminal also counts as a browser terminal.
            let m = match (fact(&b.web_terminal), fact(&b.jupyter)) {
                (Met::Yes, _) | (_, Met::Yes) => Met::Yes,
                (Met::No, Met::No) => Met::No,
                _ => Met::Unknown,
            };
            out.push(("web", m));
        }
        if self.images {
            out.push(("img", fact(&b.prebuilt_images)));
        }
        if self.no_real_name {
            out.push((
                "nrn",
                match b.real_name_verification {
                    Fact::Known(RealName::NotRequired) => Met::Yes,
                    Fact::Known(RealName::Required) => Met::No,
                    Fact::Unknown => Met::Unknown,
                },
            ));
        }
        if !self.payments.is_empty() {
            out.push((
                "pay",
                if b.payment_methods.is_empty() {
                    Met::Unknown
                } else if self.payments.iter().any(|p| b.payment_methods.contains(p)) {
                    Met::Yes
                } else {
                    Met::No
                },
            ));
        }
        out
    }
}

pub fn ask_barriers(s: &PickState, header: Msg) -> Reply {
    let n = &s.needs;
    let on = |b: bool| if b { "on" } else { "off" };
    let pay = |k: &str| on(n.payments.iter().any(|p| p == k));
    let mut r = Reply::text(header).with(Msg::new("pick-ask-barriers"));
    if let Some(b) = n.budget {
        r.push(Msg::new("pick-budget-set").arg("budget", b.normalize().to_string()));
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

pub(super) fn met_text(check: &[(&'static str, Met)]) -> String {
    if check.is_empty() {
        return "-".into();
    }
    check
        .iter()
        .map(|(k, m)| {
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
