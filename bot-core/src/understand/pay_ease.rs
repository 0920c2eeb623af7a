//! Which platform is easiest to pay, asked (`哪家付款最方便`, `easiest to pay from china`,
//! `which provider is simplest to pay with alipay`): the platform list, which names each one's
//! payment methods, filtered by the needs the sentence says (`支付宝`, `国内`, `免实名`). No
//! method is guessed from where the user is: `from china` says where they pay from, not which
//! platforms sell in China, so it filters nothing.

use super::Reading;
use super::needs_said::needs_said;
use super::question::{Question, one};
use super::request as make;

/// Paying, said.
const PAY: &[&str] = &[
    "付款", "付钱", "支付", "充值", "交钱", "pay ", "paying", "payment",
];
/// Ease asked.
const EASE: &[&str] = &[
    "方便",
    "容易",
    "简单",
    "省事",
    "easiest",
    "easy",
    "simplest",
    "convenient",
    "hassle",
];
/// Where the user pays from: no need of a platform.
const FROM: &[&str] = &["from china", "from mainland", "在国内付", "从国内付"];

/// Payment ease asked with no card, model or platform named: `/platforms` with the needs said.
pub(super) fn pay_ease(q: &Question) -> Option<Reading> {
    let asked = q.has(PAY) && q.has(EASE);
    if !asked || !q.e.gpus.is_empty() || !q.e.platforms.is_empty() || !q.nothing_to_size() {
        return None;
    }
    let mut text = q.padded.to_string();
    for f in FROM {
        text = text.replace(f, " ");
    }
    one(make::platforms(needs_said(&text)))
}
